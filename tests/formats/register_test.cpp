#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "kinema/formats/designer_formats.hpp"
#include "kinema/levels/level_formats.hpp"

namespace {

// Every face calls register_designer_formats() at start, some from several threads (Python's import, the C
// ABI's first load): the second call must neither throw nor add a format twice.
TEST(DesignerFormats, RegisteringAgainFromAnyThreadChangesNothing) {
    kinema::formats::register_designer_formats();
    const std::size_t count = kinema::levels::level_formats().size();
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i) {
        threads.emplace_back([] { kinema::formats::register_designer_formats(); });
    }
    for (std::thread& t : threads) {
        t.join();
    }
    EXPECT_EQ(kinema::levels::level_formats().size(), count);
}

// --level and --walls (levels::LevelReadOptions) are read by the formats that use them and refused by the
// others, whatever face they come from (levels::unread_option_message).
TEST(DesignerFormats, EachFormatSaysWhichOptionsItReads) {
    using kinema::levels::level_format;
    kinema::formats::register_designer_formats();
    EXPECT_TRUE(level_format("w.ldtk").reads_level_option);
    EXPECT_TRUE(level_format("w.ldtk").reads_walls_option);
    for (const char* walls_only : {"m.tmx", "m.tmj", "m.json", "mask.png", "mask.BMP"}) {
        EXPECT_FALSE(level_format(walls_only).reads_level_option) << walls_only;
        EXPECT_TRUE(level_format(walls_only).reads_walls_option) << walls_only;
    }
    EXPECT_EQ(
        kinema::levels::unread_option_message("m.tmx", {"Level_2", ""}, "--level", "--walls"),
        "--level: has no effect on m.tmx: the Tiled map (XML) format holds one level (--level is read for "
        ".ldtk)");
    EXPECT_EQ(
        kinema::levels::unread_option_message("corner.txt", {"", "lava"}, "--level", "--walls"),
        "--walls: has no effect on corner.txt: the kinema ASCII level format marks its own walls (--walls "
        "is read for .tmx, .tmj, .json, .ldtk, .png, .bmp)");
    EXPECT_EQ(kinema::levels::unread_option_message("w.ldtk", {"Level_2", "lava"}, "--level", "--walls"), "");
}

}  // namespace
