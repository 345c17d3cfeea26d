// The movement settings' registries (kinema/core/settings_registry.hpp): every field's documented default is
// the struct's, its range is what validate() checks, setting it by name changes exactly that member, errors
// name the field; AnyModel dispatches to the held model's registry.
#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/morrowind_physics.hpp"
#include "registry_checks.hpp"

namespace {

using namespace kinema::movement;
using kinema::get_field;
using kinema::list_fields;
using kinema::NamedField;
using kinema::set_field;
using kinema::settings_description;

template <class S>
void check_every_field_round_trips() {
    const S defaults{};
    const auto fields = list_fields(settings_description<S>());
    for (const NamedField& field : fields) {
        SCOPED_TRACE(field.name);
        // A new value of the right type reads back, and no other field changes.
        const double value = field.field->type == kinema::FieldType::boolean
                                 ? 1.0 - field.field->default_value
                                 : field.field->default_value + 2.0;
        if (field.field->type == kinema::FieldType::choice) {
            continue;
        }
        S changed = defaults;
        set_field(changed, field.name, value);
        EXPECT_EQ(get_field(changed, field.name), value);
        for (const NamedField& other : fields) {
            if (other.name != field.name) {
                EXPECT_EQ(get_field(changed, other.name), other.field->default_value) << other.name;
            }
        }
    }
}

TEST(MovementSettings, EveryRegisteredFieldMatchesTheStructAndValidate) {
    kinema::test::check_registry<DishonoredSettings>(2);
    kinema::test::check_registry<CrossCodeSettings>(5);
    kinema::test::check_registry<UnrealSettings>(11);
    kinema::test::check_registry<MorrowindGmsts>(30);
    kinema::test::check_registry<MorrowindSettings>(30 + 12);
    kinema::test::check_registry<MorrowindActor>(11);
    kinema::test::check_registry<MorrowindPhysicsSettings>(4);
    // A member added to a struct must be registered too.
    EXPECT_EQ(sizeof(DishonoredSettings), 2 * sizeof(double));
    EXPECT_EQ(sizeof(MorrowindGmsts), 30 * sizeof(double));
}

TEST(MovementSettings, EveryFieldRoundTrips) {
    check_every_field_round_trips<DishonoredSettings>();
    check_every_field_round_trips<CrossCodeSettings>();
    check_every_field_round_trips<UnrealSettings>();
    check_every_field_round_trips<MorrowindSettings>();
}

TEST(MovementSettings, TablesFollowTheStructs) {
    const auto unreal = list_fields(settings_description<UnrealSettings>());
    EXPECT_EQ(unreal[9].name, "max_simulation_iterations");
    EXPECT_EQ(unreal[9].field->type, kinema::FieldType::integer);
    EXPECT_EQ(unreal[0].field->default_value, 8.0);
    EXPECT_EQ(unreal[7].field->default_value, 1.0 / 33.0);
    EXPECT_EQ(kinema::range_text(*unreal[9].field), "[1, 25]");
    const auto morrowind = list_fields(settings_description<MorrowindSettings>());
    EXPECT_EQ(morrowind[0].name, "gmsts.fMinWalkSpeed");
    EXPECT_EQ(morrowind[30].name, "animation.walk");
    EXPECT_EQ(kinema::find_field(settings_description<MorrowindSettings>(), "rules.gravity")->type,
              kinema::FieldType::choice);
}

TEST(MovementSettings, UnknownNameListsTheValidOnes) {
    UnrealSettings settings;
    try {
        set_field(settings, "friction", 1.0);
        FAIL() << "expected SettingsError";
    } catch (const kinema::SettingsError& e) {
        EXPECT_STREQ(
            e.what(),
            "invalid UnrealSettings: friction is not a field; valid fields: ground_friction, "
            "max_walk_speed, max_acceleration, braking_deceleration_walking, braking_friction_factor, "
            "braking_friction, use_separate_braking_friction, braking_sub_step_time, "
            "max_simulation_time_step, max_simulation_iterations, min_analog_walk_speed");
        ASSERT_EQ(e.errors().size(), 1u);
        EXPECT_EQ(e.errors()[0].field, "friction");
    }
    EXPECT_THROW((void)get_field(DishonoredSettings{}, "max_vel"), kinema::SettingsError);
}

TEST(MovementSettings, IntegersAndBooleansRejectOtherNumbers) {
    UnrealSettings settings;
    try {
        set_field(settings, "max_simulation_iterations", 1.5);
        FAIL() << "expected SettingsError";
    } catch (const kinema::SettingsError& e) {
        EXPECT_STREQ(e.what(),
                     "invalid UnrealSettings: max_simulation_iterations must be a whole number, got 1.5");
    }
    EXPECT_THROW(set_field(settings, "max_simulation_iterations", 1e300), kinema::SettingsError);
    EXPECT_THROW(set_field(settings, "use_separate_braking_friction", 2.0), kinema::SettingsError);
    EXPECT_THROW(set_field(settings, "use_separate_braking_friction", 0.5), kinema::SettingsError);
    set_field(settings, "max_simulation_iterations", 3.0);
    EXPECT_EQ(settings.max_simulation_iterations, 3);
    set_field(settings, "use_separate_braking_friction", 1.0);
    EXPECT_TRUE(settings.use_separate_braking_friction);
    CrossCodeSettings cc;
    set_field(cc, "grounded", 0.0);
    EXPECT_FALSE(cc.grounded);
}

TEST(AnyModelHandle, MakeModelByName) {
    EXPECT_EQ(model_name(make_model("dishonored")), "dishonored");
    EXPECT_EQ(model_name(make_model("crosscode")), "crosscode");
    EXPECT_EQ(model_name(make_model("unreal")), "unreal");
    EXPECT_TRUE(std::holds_alternative<UnrealSettings>(make_model("unreal")));
    try {
        (void)make_model("quake");
        FAIL() << "expected std::invalid_argument";
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "unknown model 'quake'; valid models: dishonored, crosscode, unreal");
    }
}

TEST(AnyModelHandle, SettingsPointerIsTheHeldSettings) {
    AnyModel model = make_model("crosscode");
    EXPECT_EQ(settings_pointer(model), &std::get<CrossCodeSettings>(model));
    const AnyModel& held = model;
    EXPECT_EQ(settings_pointer(held), &std::get<CrossCodeSettings>(model));
    kinema::set_field_text(kinema::movement::settings_description(model), settings_pointer(model), "max_vel",
                           "250");
    EXPECT_EQ(std::get<CrossCodeSettings>(model).max_vel, 250.0);
}

TEST(AnyModelHandle, ModelsSettingsHelpListsEveryModelsFields) {
    const std::string help = models_settings_help();
    EXPECT_EQ(help.rfind("  dishonored (u):\n    ", 0), 0u);
    const std::size_t crosscode = help.find("\n  crosscode (px):\n    ");
    const std::size_t unreal = help.find("\n  unreal (cm):\n    ");
    ASSERT_NE(crosscode, std::string::npos);
    ASSERT_NE(unreal, std::string::npos);
    EXPECT_LT(crosscode, unreal);
    EXPECT_EQ(help.substr(unreal + 1),
              "  unreal (cm):\n" + kinema::settings_help(settings_description<UnrealSettings>(), "    "));
    EXPECT_EQ(help.back(), '\n');
}

TEST(AnyModelHandle, StepAndFieldsDispatchToTheHeldModel) {
    AnyModel model = make_model("unreal");
    kinema::movement::set_field(model, "ground_friction", 4.0);
    EXPECT_EQ(std::get<UnrealSettings>(model).ground_friction, 4.0);
    EXPECT_EQ(get_field(model, "ground_friction"), 4.0);
    EXPECT_EQ(list_fields(settings_description(model)).size(), 11u);
    set_field_text(model, "use_separate_braking_friction", "true");
    EXPECT_TRUE(std::get<UnrealSettings>(model).use_separate_braking_friction);
    EXPECT_EQ(settings_json(make_model("dishonored")), "{\"speed_scale\": 1, \"friction\": 8}");
    const PlanarState start{{1.0, 2.0}, {100.0, -50.0}};
    const PlanarState direct = step(std::get<UnrealSettings>(model), start, {0.3, 0.4}, 1.0 / 30.0);
    const PlanarState via = step(model, start, {0.3, 0.4}, 1.0 / 30.0);
    EXPECT_EQ(direct.position, via.position);
    EXPECT_EQ(direct.velocity, via.velocity);
    AnyModel dh = make_model("dishonored");
    const PlanarState d1 = step(dh, start, {0.0, 1.0}, 0.125);
    const PlanarState d2 = step(DishonoredSettings{}, start, {0.0, 1.0}, 0.125);
    EXPECT_EQ(d1.velocity, d2.velocity);
    set_field(dh, "friction", -1.0);
    EXPECT_THROW(throw_if_invalid(dh), kinema::SettingsError);
    EXPECT_THROW((void)step(dh, start, {}, 0.1), kinema::SettingsError);
    EXPECT_EQ(validate(dh).size(), 1u);
    EXPECT_EQ(length_unit(make_model("unreal")), "cm");
    EXPECT_EQ(model_names[1], "crosscode");
    EXPECT_EQ(model_info(make_model("crosscode")).length_unit, "px");
}

}  // namespace
