// Moving AI .map loader: the format of influence-maps-and-levels.md section 4.1 and
// shared/data/maps/SOURCES.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "kinema/levels/moving_ai.hpp"
#include "scratch.hpp"

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

// Issue 24, M9: a file longer than the reader's first chunk (64 KiB) is checked on its first lines before
// the rest is read. Whatever it holds, loading it fails exactly as parsing its whole text does.
TEST(MovingAiMap, FirstChunkCheckGivesTheWholeParsesAnswer) {
    const std::string rows = [] {
        std::string r;
        for (int i = 0; i < 300; ++i) {
            r += std::string(300, i == 7 ? '@' : '.') + "\n";
        }
        return r;
    }();
    const std::string good = "type octile\nheight 300\nwidth 300\nmap\n" + rows;  // 90 KB
    std::string bad_char = good;
    bad_char[good.find("map\n") + 4 + 301 * 5 + 17] = 'x';  // row 5, column 18
    std::string short_row = good;
    short_row.erase(good.find("map\n") + 4 + 301 * 9, 1);  // row 9: 299 characters
    const std::string cases[] = {
        good,
        "type octal\nheight 300\nwidth 300\nmap\n" + rows,
        "type octile\nheight x\nwidth 300\nmap\n" + rows,
        "type octile\nheight 300\nwidth 300\nmop\n" + rows,
        bad_char,
        short_row,
        good + "trailing\n",                          // past the first chunk: found when read whole
        std::string(100000, 'x'),                     // no line end in the first chunk
        "  type octile" + std::string(100000, ' '),   // could still be the header: read whole
        "type octile\r" + std::string(100000, '\n'),  // blank lines: height missing, found on line 2
    };
    for (std::size_t i = 0; i < std::size(cases); ++i) {
        const std::filesystem::path path = test::scratch_path("chunk_" + std::to_string(i) + ".map");
        test::write_file(path, cases[i]);
        std::string loaded;
        std::string parsed;
        try {
            loaded = std::to_string(load_moving_ai_map(path.string()).passable_count());
        } catch (const LevelError& e) {
            loaded = e.what();
        }
        try {
            parsed = std::to_string(parse_moving_ai_map(cases[i], path.string()).passable_count());
        } catch (const LevelError& e) {
            parsed = e.what();
        }
        EXPECT_EQ(loaded, parsed) << "case " << i;
    }
}

// A junk stream of a gigabyte fails on line 1 from its first chunk, not at the cap after reading it all
// (before: 1 GiB read, 2.1 GB of memory, then "larger than the limit" on line 0).
TEST(MovingAiMap, JunkFailsOnItsFirstLineBeforeTheRestIsRead) {
    for (const char* device : {"/dev/zero", "/dev/urandom"}) {
        const std::filesystem::path link = test::scratch_path(std::string("junk_") + (device + 5) + ".map");
        std::filesystem::remove(link);
        std::filesystem::create_symlink(device, link);
        try {
            (void)load_moving_ai_map(link.string(), std::uintmax_t{1} << 30);
            ADD_FAILURE() << device << " loaded";
        } catch (const LevelError& e) {
            EXPECT_EQ(e.line(), 1) << e.what();
            EXPECT_NE(std::string(e.what()).find(":1: expected 'type octile', got '"), std::string::npos)
                << e.what();
        }
    }
}

}  // namespace
}  // namespace kinema::levels
