// The analysis settings' registries: documented defaults are the structs', ranges are what validate() checks.
// TurnSettings shares DishonoredSettings's descriptors instead of repeating them.
#include <gtest/gtest.h>

#include "kinema/analysis/distance_matching.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "registry_checks.hpp"

namespace {

using namespace kinema::analysis;

TEST(AnalysisSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<TurnSettings>(3);
    kinema::test::check_registry<GenericStopSettings>(2);
    kinema::test::check_registry<SweepSettings>(2);
    kinema::test::check_registry<BakeSettings>(5);
    kinema::test::check_registry<YawQuantization>(1);
}

TEST(AnalysisSettings, TurnSettingsAreDishonoredsPlusTheAcceleration) {
    const auto fields = kinema::list_fields(kinema::settings_description<TurnSettings>());
    ASSERT_EQ(fields.size(), 3u);
    // The same descriptors as DishonoredSettings's, not a copy.
    EXPECT_EQ(fields[0].field,
              kinema::find_field(kinema::settings_description<kinema::movement::DishonoredSettings>(),
                                 "speed_scale"));
    EXPECT_EQ(fields[2].name, "acceleration");
    TurnSettings t;
    kinema::set_field(t, "friction", 4.0);
    EXPECT_EQ(t.friction, 4.0);
    t.speed_scale = 0.0;
    ASSERT_EQ(t.validate().size(), 1u);
    EXPECT_EQ(t.validate()[0].field, "speed_scale");
    EXPECT_EQ(kinema::settings_json(TurnSettings{}),
              "{\"speed_scale\": 1, \"friction\": 8, \"acceleration\": 2000}");
}

}  // namespace
