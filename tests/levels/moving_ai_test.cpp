// Moving AI .map loader: the format of influence-maps-and-levels.md section 4.1 and
// shared/data/maps/SOURCES.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "kinema/levels/moving_ai.hpp"

namespace kinema::levels {
namespace {

std::string error_of(std::string_view text) {
    try {
        parse_moving_ai_map(text, "m.map");
    } catch (const LevelError& e) {
        return e.what();
    }
    return "no error";
}

TEST(MovingAiMap, ParsesTerrainAndCrlf) {
    const GridLevel level =
        parse_moving_ai_map("type octile\r\nheight 2\r\nwidth 4\r\nmap\r\n.GSW\r\n@OT.\r\n", "x");
    EXPECT_EQ(level.width, 4);
    EXPECT_EQ(level.height, 2);
    // '.', 'G', 'S' passable; 'W', '@', 'O', 'T' blocked.
    EXPECT_EQ(level.passable, (std::vector<std::uint8_t>{1, 1, 1, 0, 0, 0, 0, 1}));
    EXPECT_TRUE(level.is_passable(3, 1));
    EXPECT_FALSE(level.is_passable(4, 1));
    EXPECT_FALSE(level.seed.has_value());
    EXPECT_EQ(level.passable_count(), 4u);
}

TEST(MovingAiMap, ErrorsNameFileAndLine) {
    EXPECT_EQ(error_of(""), "m.map:1: empty map file");
    EXPECT_EQ(error_of("type tile\nheight 1\nwidth 1\nmap\n.\n"),
              "m.map:1: expected 'type octile', got 'type tile'");
    EXPECT_EQ(error_of("type octile\nwidth 1\nheight 1\nmap\n.\n"),
              "m.map:2: expected 'height <number>', got 'width 1'");
    EXPECT_EQ(error_of("type octile\nheight x\nwidth 1\nmap\n.\n"),
              "m.map:2: expected 'height <number>', got 'height x'");
    EXPECT_EQ(error_of("type octile\nheight 0\nwidth 1\nmap\n"), "m.map:2: empty map: height 0");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 5000\nmap\n"),
              "m.map:3: width 5000 too large (at most 4096)");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 99999999999999999999\nmap\n"),
              "m.map:3: width too large: '99999999999999999999'");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 2\nmaps\n..\n"), "m.map:4: expected 'map', got 'maps'");
    EXPECT_EQ(error_of("type octile\nheight 2\nwidth 2\nmap\n..\n...\n"),
              "m.map:6: row 1 has 3 characters, expected 2");
    EXPECT_EQ(error_of("type octile\nheight 2\nwidth 2\nmap\n..\n"), "m.map:6: expected 2 map rows, got 1");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 2\nmap\n.x\n"),
              "m.map:5: unknown terrain character 'x' in column 2");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 2\nmap\n.\x01\n"),
              "m.map:5: unknown terrain character byte 0x01 in column 2");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 2\nmap\n@T\n"), "m.map:4: the map has no passable tile");
    EXPECT_EQ(error_of("type octile\nheight 1\nwidth 2\nmap\n..\nhello\n"),
              "m.map:6: text after the last of the 1 map rows");
}

TEST(MovingAiMap, MissingFile) {
    try {
        load_moving_ai_map("/nonexistent/x.map");
        FAIL();
    } catch (const LevelError& e) {
        EXPECT_EQ(e.file(), "/nonexistent/x.map");
        EXPECT_EQ(e.line(), 0);
        EXPECT_EQ(std::string(e.what()).rfind("/nonexistent/x.map:0: cannot open file", 0), 0u) << e.what();
    }
}

// Every shared map loads with the dimensions its header states (influence-maps-and-levels.md section 4.2).
TEST(MovingAiMap, SharedMapsLoad) {
    const std::filesystem::path dir = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "maps";
    if (!std::filesystem::exists(dir / "arena.map")) {
        GTEST_SKIP() << "shared maps not found in " << dir << " (set KINEMA_SHARED_DATA_DIR)";
    }
    const struct {
        const char* name;
        int width, height;
    } expected[] = {{"arena", 49, 49},        {"den011d", 247, 167},        {"den520d", 256, 257},
                    {"ht_chantry", 162, 141}, {"lak202d", 159, 182},        {"ost003d", 194, 194},
                    {"AR0205SR", 212, 214},   {"swampofsorrows", 512, 512}, {"maze-128-128-2", 128, 128},
                    {"empty-32-32", 32, 32}};
    for (const auto& e : expected) {
        const GridLevel level = load_moving_ai_map((dir / (std::string(e.name) + ".map")).string());
        EXPECT_EQ(level.width, e.width) << e.name;
        EXPECT_EQ(level.height, e.height) << e.name;
        EXPECT_GT(level.passable_count(), 0u) << e.name;
    }
    // empty-32-32 is all floor.
    EXPECT_EQ(load_moving_ai_map((dir / "empty-32-32.map").string()).passable_count(), 1024u);
}

}  // namespace
}  // namespace kinema::levels
