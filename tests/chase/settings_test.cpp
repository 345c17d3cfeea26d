// The chase settings' registries: documented defaults are the structs', ranges are what validate() checks.
#include <gtest/gtest.h>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "registry_checks.hpp"

namespace {

using namespace kinema::chase;

TEST(ChaseSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<FloodSettings>(5);
    kinema::test::check_registry<GridSpaceSettings>(2);
}

TEST(ChaseSettings, ChoicesByName) {
    FloodSettings f;
    kinema::set_field_text(f, "destination", "nearest_warm");
    EXPECT_EQ(f.destination, DestinationRule::nearest_warm);
    GridSpaceSettings g;
    kinema::set_field_text(g, "connectivity", "4");
    EXPECT_EQ(g.connectivity, Connectivity::four);
    EXPECT_EQ(kinema::settings_json(g), "{\"connectivity\": \"4\", \"cell_size\": 1}");
    g.cell_size = 2e6;
    ASSERT_EQ(g.validate().size(), 1u);
    EXPECT_EQ(g.validate()[0].message, "must be in [1e-06, 1000000], got 2000000");
}

}  // namespace
