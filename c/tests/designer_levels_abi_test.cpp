// kinema_space_load reads designers' levels (issue 41): a Tiled map, an LDtk project (and a level of one
// holding several, through kinema_space_load_options), a collision image and a glTF scene of data/levels
// flood as their originals do, byte for byte in the chase JSON. A file not yet in data/ is skipped by name.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "flood_json.hpp"
#include "kinema/kinema.h"

namespace {

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels/";

// The chase JSON of the level file `name` (under data/levels), loaded with `level` and `walls`.
std::string chase_of(const std::string& name, kinema_vec3 from, kinema_vec3 dir, const char* level = nullptr,
                     const char* walls = nullptr) {
    kinema_space* space = nullptr;
    EXPECT_EQ(kinema_space_load_options((levels_dir + name).c_str(), level, walls, &space), KINEMA_OK)
        << name << ": " << kinema_last_error();
    const std::string json =
        space == nullptr ? std::string() : kinema::c_test::c_chase_json(space, from, dir, "LEVEL");
    kinema_space_destroy(space);
    return json;
}

bool present(const std::string& name) {
    return std::filesystem::exists(levels_dir + name);
}

TEST(CAbiDesignerLevels, EachGridFormatFloodsAsItsAsciiOriginal) {
    const kinema_vec3 from{3.5, 2.5, 0.0};
    const kinema_vec3 east{1.0, 0.0, 0.0};
    const std::string original = chase_of("corner.txt", from, east);
    ASSERT_NE(original.find("\"steps\":40"), std::string::npos) << original;
    int read = 0;
    for (const char* twin :
         {"tiled/corner.tmx", "tiled/corner.tmj", "ldtk/corner.ldtk", "images/corner.png"}) {
        if (!present(twin)) {
            std::printf("skipped: %s%s is not in data/ yet\n", levels_dir.c_str(), twin);
            continue;
        }
        EXPECT_EQ(chase_of(twin, from, east), original) << twin;
        ++read;
    }
    if (read == 0) {
        GTEST_SKIP() << "no designers' level in " << levels_dir;
    }
}

TEST(CAbiDesignerLevels, TheLevelOptionPicksAProjectsLevel) {
    if (!present("ldtk/all_levels.ldtk")) {
        GTEST_SKIP() << levels_dir << "ldtk/all_levels.ldtk is not in data/ yet";
    }
    const kinema_vec3 from{16.5, 8.5, 0.0};
    const kinema_vec3 north{0.0, -1.0, 0.0};
    EXPECT_EQ(chase_of("ldtk/all_levels.ldtk", from, north, "t_junction_equal"),
              chase_of("t_junction_equal.txt", from, north));
    EXPECT_EQ(chase_of("ldtk/all_levels.ldtk", from, north, "t_junction_unequal"),
              chase_of("t_junction_unequal.txt", from, north));
    kinema_space* space = nullptr;
    EXPECT_EQ(kinema_space_load_options((levels_dir + "ldtk/all_levels.ldtk").c_str(), "no_such_level",
                                        nullptr, &space),
              KINEMA_ERROR_INPUT);
    EXPECT_EQ(space, nullptr);
    EXPECT_NE(std::string(kinema_last_error()).find("no_such_level"), std::string::npos)
        << kinema_last_error();
}

#if KINEMA_TEST_HAVE_NAV
TEST(CAbiDesignerLevels, AGltfSceneFloodsAsTheObj) {
    if (!present("corner_ramp.gltf")) {
        GTEST_SKIP() << levels_dir << "corner_ramp.gltf is not in data/ yet";
    }
    kinema_space* probe = nullptr;
    if (kinema_space_load((levels_dir + "corner_ramp.gltf").c_str(), &probe) != KINEMA_OK) {
        const std::string error = kinema_last_error();
        ASSERT_NE(error.find("format not supported"), std::string::npos) << error;
        GTEST_SKIP() << "this kinema reads no glTF (built without Assimp): " << error;
    }
    kinema_space_destroy(probe);
    const kinema_vec3 from{1.0, 0.0, 2.0};
    const kinema_vec3 east{1.0, 0.0, 0.0};
    for (const char* twin : {"corner_ramp.gltf", "corner_ramp.glb"}) {
        if (present(twin)) {
            EXPECT_EQ(chase_of(twin, from, east), chase_of("corner_ramp.obj", from, east)) << twin;
        }
    }
    kinema_space* space = nullptr;
    EXPECT_EQ(
        kinema_space_load_options((levels_dir + "corner_ramp.gltf").c_str(), "Level_1", nullptr, &space),
        KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(std::string(kinema_last_error()).find("level: has no effect on"), std::string::npos);
}
#endif

}  // namespace
