// ASCII levels as editors save them (issue 40): rows of different lengths (trailing spaces trimmed) are
// padded with walls, a tab is refused naming its column, and the "name:" header is kept as the level's title.
#include <gtest/gtest.h>

#include <string>

#include "error_of.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::levels {
namespace {

using test::error_of;

TEST(AsciiRows, ShortRowsArePaddedWithWalls) {
    // Before: "l.txt:2: row has 4 characters, the first map row has 6".
    const GridLevel level = parse_ascii_level("######\n#>..\n#...##\n####\n", "l.txt");
    EXPECT_EQ(level.width, 6);
    EXPECT_EQ(level.height, 4);
    EXPECT_TRUE(level.is_passable(3, 1));
    EXPECT_FALSE(level.is_passable(4, 1));  // padded
    EXPECT_FALSE(level.is_passable(5, 1));
    EXPECT_TRUE(level.is_passable(3, 2));
    EXPECT_FALSE(level.is_passable(4, 3));
    EXPECT_EQ(level.passable_count(), 6u);
    ASSERT_TRUE(level.seed.has_value());
    EXPECT_EQ(level.seed->position, (Vec2{1.5, 1.5}));
}

TEST(AsciiRows, TheLongestRowMayComeLater) {
    // Trailing spaces trimmed from the first row, as an editor does; the CRLF row is not longer for its '\r'.
    const GridLevel level = parse_ascii_level("  #\r\n#.#.#\r\n", "l.txt");
    EXPECT_EQ(level.width, 5);
    EXPECT_EQ(level.passable_count(), 2u);
    EXPECT_EQ(error_of([] { (void)parse_ascii_level("..\n" + std::string(4097, '.') + "\n", "l.txt"); }),
              "l.txt:2: map too large: row longer than 4096 characters");
}

TEST(AsciiRows, ATabIsRefusedNamingItsColumn) {
    // Before: "unknown character byte 0x09 in column 3 (known: ...)", which did not say why.
    EXPECT_EQ(
        error_of([] { (void)parse_ascii_level("#####\n#.\t.#\n", "l.txt"); }),
        "l.txt:2: a tab in column 3: tabs are not map characters (use ' ' for outside the level, '#' for "
        "a wall)");
}

TEST(AsciiRows, TheNameHeaderIsTheTitle) {
    EXPECT_EQ(parse_ascii_level("name: The Old Warehouse\n#.#\n", "w.txt").title, "The Old Warehouse");
    EXPECT_EQ(parse_ascii_level("#.#\n", "w.txt").title, "");
    EXPECT_EQ(parse_ascii_level("#.#\n", "w.txt").name, "w.txt");
}

}  // namespace
}  // namespace kinema::levels
