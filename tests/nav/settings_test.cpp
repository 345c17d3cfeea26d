// NavSettings's registry: documented defaults are the struct's, ranges are what validate() checks; Recast's
// voxel limits stay cross-field checks.
#include <gtest/gtest.h>

#include "kinema/nav/nav_cells.hpp"
#include "kinema/nav/settings.hpp"
#include "registry_checks.hpp"

namespace {

TEST(NavSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<kinema::nav::NavSettings>(18);
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

}  // namespace
