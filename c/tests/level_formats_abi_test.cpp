// kinema_space_load through the one registry of level formats (issue 40): an extension nothing reads is
// refused as such (it was read as an ASCII level), a level without an extension is read by its first line.
// kinema_space_load_options (issue 41): the level and walls options, refused where the format ignores them.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "kinema/kinema.h"
#include "scratch.hpp"

namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

TEST(CAbiLevelFormats, AnUnknownExtensionIsRefusedAsSuch) {
    const fs::path xyz = kinema::test::scratch_path("corner.xyz");
    fs::copy_file(levels_dir + "/corner.txt", xyz, fs::copy_options::overwrite_existing);
    kinema_space* space = nullptr;
    EXPECT_EQ(kinema_space_load(xyz.c_str(), &space), KINEMA_ERROR_INPUT);
    EXPECT_EQ(space, nullptr);
    // The list goes on with the formats this build registers (designers' formats, Assimp's scenes).
    const std::string error = kinema_last_error();
    EXPECT_EQ(
        error.rfind(xyz.string() + ": format not supported: .xyz; kinema reads .map, .txt, .obj, .nav", 0),
        0u)
        << error;
    const std::string end = " (a file without an extension as .txt)";
    EXPECT_EQ(error.substr(error.size() - end.size()), end) << error;
    kinema_space_destroy(space);
    fs::remove(xyz);
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

int64_t cell_count(kinema_space* space) {
    int64_t cells = -1;
    EXPECT_EQ(kinema_space_cell_count(space, &cells), KINEMA_OK);
    return cells;
}

TEST(CAbiLevelFormats, LoadWithoutOptionsIsLoad) {
    const std::string corner = levels_dir + "/corner.txt";
    kinema_space* plain = nullptr;
    ASSERT_EQ(kinema_space_load(corner.c_str(), &plain), KINEMA_OK) << kinema_last_error();
    for (const char* none : {static_cast<const char*>(nullptr), ""}) {
        kinema_space* space = nullptr;
        ASSERT_EQ(kinema_space_load_options(corner.c_str(), none, none, &space), KINEMA_OK)
            << kinema_last_error();
        EXPECT_EQ(cell_count(space), cell_count(plain));
        kinema_space_destroy(space);
    }
    kinema_space_destroy(plain);
}

TEST(CAbiLevelFormats, AnOptionTheFormatIgnoresIsRefused) {
    const std::string corner = levels_dir + "/corner.txt";
    kinema_space* space = nullptr;
    EXPECT_EQ(kinema_space_load_options(corner.c_str(), "Level_1", nullptr, &space), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(space, nullptr);
    const std::string level_refusal = "kinema_space_load_options: level: has no effect on " + corner +
                                      ": the kinema ASCII level format holds one level (";
    EXPECT_EQ(std::string(kinema_last_error()).rfind(level_refusal, 0), 0u) << kinema_last_error();
    EXPECT_EQ(kinema_space_load_options(corner.c_str(), "", "lava", &space), KINEMA_ERROR_ARGUMENT);
    const std::string walls_refusal = "kinema_space_load_options: walls: has no effect on " + corner +
                                      ": the kinema ASCII level format marks its own walls (";
    EXPECT_EQ(std::string(kinema_last_error()).rfind(walls_refusal, 0), 0u) << kinema_last_error();
#if KINEMA_TEST_HAVE_NAV
    const std::string ramp = levels_dir + "/corner_ramp.obj";
    EXPECT_EQ(kinema_space_load_options(ramp.c_str(), nullptr, "walls", &space), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(std::string(kinema_last_error())
                  .rfind("kinema_space_load_options: walls: has no effect on " + ramp +
                             ": the OBJ triangle mesh format marks its own walls",
                         0),
              0u)
        << kinema_last_error();
#endif
    // The extension is checked before the options, as the loader would refuse it.
    EXPECT_EQ(kinema_space_load_options("shot.xyz", "Level_1", nullptr, &space), KINEMA_ERROR_INPUT);
    EXPECT_EQ(std::string(kinema_last_error()).rfind("shot.xyz: format not supported: .xyz; ", 0), 0u);
    EXPECT_EQ(kinema_space_load_options(nullptr, nullptr, nullptr, &space), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(std::string(kinema_last_error()), "kinema_space_load_options: path is NULL");
    EXPECT_EQ(space, nullptr);
}

}  // namespace
