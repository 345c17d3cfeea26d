// NavSettings's registry: documented defaults are the struct's, ranges are what validate() checks; Recast's
// voxel limits stay cross-field checks.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "kinema/nav/nav_cells.hpp"
#include "kinema/nav/settings.hpp"
#include "nav_settings_fit.hpp"
#include "registry_checks.hpp"

namespace {

using kinema::nav::NavSettings;

TEST(NavSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    // 21 fields since max_voxels (the build-size estimate).
    kinema::test::check_registry<NavSettings>(21, kinema::test::fit_nav_sizes_to<NavSettings>);
}

TEST(NavCellSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<kinema::nav::NavCellSettings>(3);
}

// Issue 40: the agent's sizes, the voxel sizes, the edge, detail and snap lengths were registered as (0, inf)
// or [0, inf) (help, JSON, Python showed that) while validate() refused the extremes by their voxel counts
// alone, and edge_max_length / cell_size overflowed Recast's int. Every range is finite now, and a huge value
// is refused with it.
template <class S>
void expect_finite_ranges() {
    for (const kinema::NamedField& f : kinema::list_fields(kinema::settings_description<S>())) {
        EXPECT_TRUE(std::isfinite(f.field->range.min) && std::isfinite(f.field->range.max))
            << f.name << " " << kinema::range_text(*f.field);
    }
}

TEST(NavSettings, EveryRangeIsFinite) {
    expect_finite_ranges<NavSettings>();
    expect_finite_ranges<kinema::nav::NavCellSettings>();
}

TEST(NavSettings, AHugeSizeIsRefusedWithItsRange) {
    const auto only_error = [](const std::string& name) {
        NavSettings s;
        kinema::set_field(s, name, 1e308);
        const kinema::FieldErrors errors = s.validate();
        EXPECT_EQ(errors.size(), 1u) << name;
        return errors.empty() ? std::string() : errors[0].field + " " + errors[0].message;
    };
    EXPECT_EQ(only_error("agent_radius"), "agent_radius must be in [0, 250000], got 1e+308");
    EXPECT_EQ(only_error("agent_height"), "agent_height must be in (0.002, 250000], got 1e+308");
    EXPECT_EQ(only_error("agent_max_climb"), "agent_max_climb must be in [0, 250000], got 1e+308");
    EXPECT_EQ(only_error("cell_size"), "cell_size must be in [0.001, 1000], got 1e+308");
    EXPECT_EQ(only_error("edge_max_length"), "edge_max_length must be in [0, 1000000], got 1e+308");
    EXPECT_EQ(only_error("snap_extents.y"), "snap_extents.y must be in (0, 1000000], got 1e+308");
}

TEST(NavSettings, TheVoxelLimitsGiveTheirRangeAtTheVoxelSizes) {
    NavSettings s;
    s.agent_radius = 200.0;  // inside [0, 250000], more than 250 cells of 0.3
    ASSERT_EQ(s.validate().size(), 1u);
    EXPECT_EQ(
        s.validate()[0].message,
        "must be in [0, 75]: at most 250 cells of 0.3 (the smaller of cell_size and chase_cell_size), got "
        "200");
    s = NavSettings{};
    s.agent_height = 0.3;
    ASSERT_EQ(s.validate().size(), 1u);
    EXPECT_EQ(s.validate()[0].message, "must be in (0.4, 50]: 3 to 250 cell heights of 0.2, got 0.3");
    s = NavSettings{};
    s.agent_max_climb = 60.0;
    ASSERT_EQ(s.validate().size(), 1u);
    EXPECT_EQ(s.validate()[0].message, "must be in [0, 50.2): below 251 cell heights of 0.2, got 60");
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
