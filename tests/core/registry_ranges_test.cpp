// Issue 40, "Every range in the registry is one whose values compute finite, correct results": every field of
// every settings registry has finite ends, so help, the JSON of ranges and the Python description never show
// "inf". A new at_least() / greater_than() / any_value() range fails here. (NavSettings and NavCellSettings,
// built only with the nav part, are walked by tests/nav/settings_test.cpp.)
#include <cmath>
#include <string>
#include <type_traits>

#include <gtest/gtest.h>

#include "kinema/analysis/distance_matching.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/flood_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/morrowind_physics.hpp"
#include "kinema/movement/unreal.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace {

template <class S>
int count_infinite_ends() {
    const kinema::SettingsDescription& description = kinema::settings_description<S>();
    const auto fields = kinema::list_fields(description);
    EXPECT_FALSE(fields.empty()) << description.name;
    int infinite = 0;
    for (const kinema::NamedField& f : fields) {
        if (f.field->type == kinema::FieldType::choice) {
            continue;  // its values are its named choices, not a range
        }
        const bool finite = std::isfinite(f.field->range.min) && std::isfinite(f.field->range.max);
        EXPECT_TRUE(finite) << description.name << "." << f.name << " " << kinema::range_text(*f.field);
        EXPECT_EQ(kinema::range_text(*f.field).find("inf"), std::string::npos)
            << description.name << "." << f.name;
        infinite += finite ? 0 : 1;
    }
    return infinite;
}

template <class... S>
int count_all() {
    return (count_infinite_ends<S>() + ...);
}

TEST(SettingsRegistries, EveryRangeOfEveryRegistryIsFinite) {
    namespace a = kinema::analysis;
    namespace c = kinema::chase;
    namespace m = kinema::movement;
    namespace p = kinema::pursuit;
    EXPECT_EQ(
        (count_all<a::BakeSettings, a::GenericStopSettings, a::SweepSettings, a::TurnSettings,
                   a::YawQuantization, c::AuditSettings, c::FloodSettings, c::GridChaseSettings,
                   c::GridSpaceSettings, m::CrossCodeSettings, m::DishonoredSettings, m::MorrowindActor,
                   m::MorrowindGmsts, m::MorrowindSettings, m::MorrowindPhysicsSettings, m::UnrealSettings,
                   p::BatchSettings, p::PursuerSettings, p::PursuitConfig, p::PursuitSettings>()),
        0);
}

// The three fields that kept at_least(): M_H and the restart cap reach int's maximum (every use widens
// them), the stop marker threshold the 1e6 cm/s bound of UnrealSettings's speeds.
TEST(SettingsRegistries, TheLastOpenEndedFieldsKeepTheirTypesBounds) {
    const auto range_of = [](const kinema::SettingsDescription& d, const std::string& name) {
        for (const kinema::NamedField& f : kinema::list_fields(d)) {
            if (f.name == name) {
                return kinema::range_text(*f.field);
            }
        }
        return std::string("missing");
    };
    const auto& flood = kinema::settings_description<kinema::chase::FloodSettings>();
    EXPECT_EQ(range_of(flood, "max_heated"), "[1, 2147483647]");
    EXPECT_EQ(range_of(flood, "max_restarts"), "[-1, 2147483647]");
    EXPECT_EQ(
        range_of(kinema::settings_description<kinema::analysis::BakeSettings>(), "stop_speed_threshold"),
        "[0, 1000000]");
}

}  // namespace
