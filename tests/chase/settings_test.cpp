// The chase settings' registries: documented defaults are the structs', ranges are what validate() checks.
#include <gtest/gtest.h>

#include "kinema/chase/chase_settings.hpp"
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

// A level audit's settings (chase::LevelAuditSettings): the flood's five fields and the audit's five, each by
// its bare name, validated flood first.
TEST(ChaseSettings, TheLevelAuditsSettingsAreTheFloodsAndTheAudits) {
    const auto fields = kinema::list_fields(kinema::settings_description<LevelAuditSettings>());
    ASSERT_EQ(fields.size(), 10u);
    EXPECT_EQ(fields[0].name, "hot");
    EXPECT_EQ(fields[5].name, "directions");
    EXPECT_EQ(fields[9].name, "exit_junction");
    LevelAuditSettings s;
    kinema::set_field_text(s, "directions", "12");
    kinema::set_field_text(s, "hot", "30");
    EXPECT_EQ(s.audit.directions, 12);
    EXPECT_EQ(s.flood.hot, 30);
    s.audit.directions = 0;
    s.flood.hot = 0;
    const kinema::FieldErrors errors = s.validate();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].field, "hot");
    EXPECT_EQ(errors[1].field, "directions");
}

}  // namespace
