// NavSettings's registry: documented defaults are the struct's, ranges are what validate() checks; Recast's
// voxel limits stay cross-field checks.
#include <gtest/gtest.h>

#include "kinema/nav/nav_cells.hpp"
#include "kinema/nav/settings.hpp"
#include "registry_checks.hpp"

namespace {

TEST(NavSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<kinema::nav::NavSettings>(21);  // max_voxels since the build-size estimate
}

TEST(NavCellSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<kinema::nav::NavCellSettings>(3);
}

TEST(NavSettings, VoxelLimitsAreCheckedWhenTheSizesAreValid) {
    kinema::nav::NavSettings s;
    s.agent_height = 0.3;  // 2 cell heights of 0.2
    ASSERT_EQ(s.validate().size(), 1u);
    EXPECT_EQ(s.validate()[0].field, "agent_height");
    s.region_min_size = -1.0;  // an unrelated bad field does not hide the voxel check
    EXPECT_EQ(s.validate().size(), 2u);
}

TEST(NavSettings, TileSizeIsZeroOrAnIntegerFrom16AndThreadsAnInteger) {
    kinema::nav::NavSettings s;
    for (const double ok : {0.0, 16.0, 256.0, 4096.0}) {
        s.tile_size = ok;
        EXPECT_TRUE(s.validate().empty()) << ok;
    }
    for (const double bad : {1.0, 15.0, 16.5, 4097.0, -16.0}) {
        s.tile_size = bad;
        ASSERT_EQ(s.validate().size(), 1u) << bad;
        EXPECT_EQ(s.validate()[0].field, "tile_size");
    }
    s.tile_size = 0.0;
    for (const double bad : {0.0, 1.5, 65.0}) {
        s.threads = bad;
        ASSERT_EQ(s.validate().size(), 1u) << bad;
        EXPECT_EQ(s.validate()[0].field, "threads");
    }
}

}  // namespace
