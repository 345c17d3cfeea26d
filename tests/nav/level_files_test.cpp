// A 3D level from a file's content (nav::level_3d_from_content, what the browser's faces are handed) against
// the same file loaded by path (nav::load_level_3d, what `kinema chase --map` does): the same navmesh, and
// the same refusals naming the file.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "error_of.hpp"
#include "kinema/core/file.hpp"
#include "kinema/nav/level_files.hpp"

namespace kinema::nav {
namespace {

using kinema::test::error_of;

const std::string ramp = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";

TEST(LevelFromContent, AnObjMeshAndItsNavmeshAreTheLevelOfTheFile) {
    const Level from_file = load_level_3d(ramp, NavSettings{});
    const std::string text = read_file_capped(ramp, levels::default_max_obj_bytes);
    const Level from_text = level_3d_from_content(text, ramp, NavSettings{});
    EXPECT_EQ(from_text.save_navmesh(), from_file.save_navmesh());
    const Level from_navmesh = level_3d_from_content(from_file.save_navmesh(), "ramp.nav", NavSettings{});
    EXPECT_EQ(from_navmesh.save_navmesh(), from_file.save_navmesh());
}

TEST(LevelFromContent, RefusesWhatIsNoOpenableMeshNamingTheFile) {
    EXPECT_EQ(error_of([] { (void)level_3d_from_content("#.\n", "hall.txt", NavSettings{}); }),
              "hall.txt: a grid level (kinema ASCII level), not a 3D level");
    EXPECT_EQ(error_of([] { (void)level_3d_from_content("v 0 0 0\n", "big.obj", NavSettings{}, 4); }),
              "big.obj: more than 4 bytes, the largest OBJ level kinema reads");
    EXPECT_EQ(
        error_of([] { (void)level_3d_from_content("v 0 0 0\nf 1 x 3\n", "broken.obj", NavSettings{}); }),
        error_of([] { (void)levels::parse_obj("v 0 0 0\nf 1 x 3\n", "broken.obj"); }));
}

}  // namespace
}  // namespace kinema::nav
