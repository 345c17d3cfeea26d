// kinema_space_load through the one registry of level formats (issue 40): an extension nothing reads is
// refused as such (it was read as an ASCII level), a level without an extension is read by its first line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "kinema/kinema.h"
#include "scratch.hpp"

namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

TEST(CAbiLevelFormats, AnUnknownExtensionIsRefusedAsSuch) {
    const fs::path png = kinema::test::scratch_path("corner.png");
    fs::copy_file(levels_dir + "/corner.txt", png, fs::copy_options::overwrite_existing);
    kinema_space* space = nullptr;
    EXPECT_EQ(kinema_space_load(png.c_str(), &space), KINEMA_ERROR_INPUT);
    EXPECT_EQ(space, nullptr);
    EXPECT_EQ(std::string(kinema_last_error()),
              png.string() +
                  ": format not supported: .png; kinema reads .map, .txt, .obj, .nav (a file without an "
                  "extension as .txt)");
    kinema_space_destroy(space);
    fs::remove(png);
}

TEST(CAbiLevelFormats, ALevelWithoutAnExtensionIsReadByItsFirstLine) {
    const fs::path bare = kinema::test::scratch_path("tiny");
    kinema::test::write_file(bare, "type octile\nheight 1\nwidth 3\nmap\n...\n");
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_load(bare.c_str(), &space), KINEMA_OK) << kinema_last_error();
    int64_t cells = 0;
    EXPECT_EQ(kinema_space_cell_count(space, &cells), KINEMA_OK);
    EXPECT_EQ(cells, 3);
    kinema_space_destroy(space);
    fs::remove(bare);
}

}  // namespace
