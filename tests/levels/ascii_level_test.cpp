// kinema's ASCII level format (docs/levels.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::levels {
namespace {

std::string error_of(std::string_view text) {
    try {
        parse_ascii_level(text, "l.txt");
    } catch (const LevelError& e) {
        return e.what();
    }
    return "no error";
}

TEST(AsciiLevel, ParsesMapHeaderAndMarker) {
    const GridLevel level = parse_ascii_level("; a comment\nname: demo\n\n####\n#.v#\n# .#\n####\n", "x");
    EXPECT_EQ(level.name, "demo");
    EXPECT_EQ(level.width, 4);
    EXPECT_EQ(level.height, 4);
    EXPECT_TRUE(level.is_passable(1, 1));
    EXPECT_TRUE(level.is_passable(2, 1));   // the marker is floor
    EXPECT_FALSE(level.is_passable(1, 2));  // ' ' is outside
    ASSERT_TRUE(level.seed.has_value());
    EXPECT_EQ(level.seed->position, (Vec2{2.5, 1.5}));
    EXPECT_EQ(level.seed->direction, (Vec2{0.0, 1.0}));  // 'v' = south = +y (rows grow downwards)
}

TEST(AsciiLevel, DirectionHeaderAndPMarker) {
    EXPECT_EQ(parse_ascii_level("direction: 1,-2\n..P\n").seed->direction, (Vec2{1.0, -2.0}));
    EXPECT_EQ(parse_ascii_level("P.\n").seed->direction, (Vec2{0.0, 0.0}));
    EXPECT_EQ(parse_ascii_level("<.\n").seed->direction, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(parse_ascii_level("^.\r\n..\r\n").seed->direction, (Vec2{0.0, -1.0}));
    EXPECT_FALSE(parse_ascii_level("..\n").seed.has_value());
    EXPECT_EQ(parse_ascii_level("..\n", "given").name, "given");
}

TEST(AsciiLevel, ErrorsNameFileAndLine) {
    EXPECT_EQ(error_of(""), "l.txt:1: empty map: no map rows");
    EXPECT_EQ(error_of("; only a comment\nname: x\n"), "l.txt:2: empty map: no map rows");
    EXPECT_EQ(error_of("colour: red\n..\n"), "l.txt:1: unknown header 'colour' (known: name, direction)");
    EXPECT_EQ(error_of("direction: 1\nP.\n"), "l.txt:1: direction must be 'DX,DY', got '1'");
    EXPECT_EQ(error_of("direction: 1,nan\nP.\n"), "l.txt:1: expected a finite number, got 'nan'");
    // Issue 24, L2: a direction outside the chase's range fails at its line, not later as the chase's --dir.
    EXPECT_EQ(error_of("direction: 1e10,0\nP.\n"),
              "l.txt:1: direction: every component must be in [-1e9, 1e9], got 10000000000");
    EXPECT_EQ(error_of("; c\ndirection: 0,-1e300\nP.\n"),
              "l.txt:2: direction: every component must be in [-1e9, 1e9], got -1e+300");
    EXPECT_EQ(parse_ascii_level("direction: -1e9,1e9\nP.\n").seed->direction, (Vec2{-1e9, 1e9}));
    EXPECT_EQ(error_of("direction: 1,0\n..\n"),
              "l.txt:1: 'direction:' given but the map has no player marker");
    EXPECT_EQ(error_of("..\n.x\n"),
              "l.txt:2: unknown character 'x' in column 2 (known: '#' '.' ' ' 'P' '>' '<' '^' 'v')");
    EXPECT_EQ(error_of(">.\n.<\n"), "l.txt:2: second player marker '<' (the first is on line 1)");
    EXPECT_EQ(error_of("##\n##\n"), "l.txt:1: the map has no passable tile");
    EXPECT_EQ(error_of("..\n\n..\n"), "l.txt:3: text after the end of the map (a blank line ends the map)");
    EXPECT_EQ(error_of(std::string(5000, '.') + "\n"),
              "l.txt:1: map too large: row longer than 4096 characters");
    std::string tall;
    for (int i = 0; i < 4100; ++i) {
        tall += ".\n";
    }
    EXPECT_EQ(error_of(tall), "l.txt:4097: map too large: more than 4096 rows");
}

TEST(AsciiLevel, LoadLevelPicksTheFormatByExtension) {
    const std::string level_dir = std::string(KINEMA_DATA_DIR) + "/levels";
    const GridLevel corner = load_level(level_dir + "/corner.txt");
    EXPECT_EQ(corner.name, "corner");
    try {
        load_level("/nonexistent/level.txt");
        FAIL();
    } catch (const LevelError& e) {
        EXPECT_EQ(e.line(), 0);
    }
}

// Every level we ship loads and has a marked seed on a floor tile.
TEST(AsciiLevel, OurLevelsLoad) {
    std::size_t count = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(KINEMA_DATA_DIR) + "/levels")) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        const GridLevel level = load_ascii_level(entry.path().string());
        ASSERT_TRUE(level.seed.has_value()) << entry.path();
        EXPECT_TRUE(level.is_passable(static_cast<int>(level.seed->position.x),
                                      static_cast<int>(level.seed->position.y)));
        ++count;
    }
    EXPECT_GE(count, 6u);
}

// The built-in default level is data/levels/corner.txt, byte for byte.
TEST(AsciiLevel, BuiltInDefaultMatchesTheFile) {
    std::ifstream in(std::string(KINEMA_DATA_DIR) + "/levels/corner.txt", std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(default_level_text(), text.str());
    EXPECT_EQ(default_level().width,
              load_ascii_level(std::string(KINEMA_DATA_DIR) + "/levels/corner.txt").width);
}

}  // namespace
}  // namespace kinema::levels
