// Settings by name: every field is listed with the default of the struct, setting it changes exactly that
// member, and errors name the field (and list the valid names for an unknown one).
#include "kinema/movement/fields.hpp"

#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "kinema/movement/model.hpp"

namespace {

using namespace kinema::movement;

template <class S>
void check_every_field_round_trips() {
    const S defaults{};
    for (const SettingField& field : setting_fields<S>()) {
        SCOPED_TRACE(std::string(field.name));
        EXPECT_EQ(get_field(defaults, field.name), field.default_value);
        EXPECT_FALSE(field.unit.empty());
        EXPECT_FALSE(field.range.empty());
        EXPECT_FALSE(field.doc.empty());
        // A new value of the right type reads back, and no other field changes.
        const double value =
            field.type == FieldType::boolean ? 1.0 - field.default_value : field.default_value + 2.0;
        S changed = defaults;
        set_field(changed, field.name, value);
        EXPECT_EQ(get_field(changed, field.name), value);
        for (const SettingField& other : setting_fields<S>()) {
            if (other.name != field.name) {
                EXPECT_EQ(get_field(changed, other.name), other.default_value) << other.name;
            }
        }
    }
}

TEST(SettingFields, EveryFieldRoundTrips) {
    check_every_field_round_trips<DishonoredSettings>();
    check_every_field_round_trips<CrossCodeSettings>();
    check_every_field_round_trips<UnrealSettings>();
}

TEST(SettingFields, TablesListEveryMember) {
    // Field counts follow the structs (a new member must be added to the table as well).
    EXPECT_EQ(setting_fields<DishonoredSettings>().size(), 2u);
    EXPECT_EQ(setting_fields<CrossCodeSettings>().size(), 5u);
    EXPECT_EQ(setting_fields<UnrealSettings>().size(), 11u);
    EXPECT_EQ(sizeof(DishonoredSettings), 2 * sizeof(double));
    EXPECT_EQ(setting_fields<UnrealSettings>()[9].name, "max_simulation_iterations");
    EXPECT_EQ(setting_fields<UnrealSettings>()[9].type, FieldType::integer);
    EXPECT_EQ(setting_fields<UnrealSettings>()[0].default_value, 8.0);
    EXPECT_EQ(setting_fields<UnrealSettings>()[7].default_value, 1.0 / 33.0);
}

TEST(SettingFields, RangesAgreeWithValidate) {
    // A value just outside each documented lower bound is rejected by validate(), naming that field.
    auto check = [](auto settings, std::string_view name, double bad) {
        set_field(settings, name, bad);
        const auto errors = settings.validate();
        ASSERT_EQ(errors.size(), 1u) << name;
        EXPECT_EQ(errors[0].field, name);
    };
    for (const SettingField& f : setting_fields<UnrealSettings>()) {
        if (f.type == FieldType::real) {
            check(UnrealSettings{}, f.name, f.range.front() == '(' ? 0.0 : -1.0);
        }
    }
    check(UnrealSettings{}, "max_simulation_iterations", 0.0);
    check(UnrealSettings{}, "max_simulation_iterations", 26.0);
    check(DishonoredSettings{}, "speed_scale", 0.0);
    check(DishonoredSettings{}, "friction", -1.0);
    for (const SettingField& f : setting_fields<CrossCodeSettings>()) {
        if (f.type == FieldType::real) {
            check(CrossCodeSettings{}, f.name, -1.0);
        }
    }
}

TEST(SettingFields, UnknownNameListsTheValidOnes) {
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

TEST(SettingFields, IntegersAndBooleansRejectOtherNumbers) {
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

TEST(AnyModelHandle, StepAndFieldsDispatchToTheHeldModel) {
    AnyModel model = make_model("unreal");
    set_field(model, "ground_friction", 4.0);
    EXPECT_EQ(std::get<UnrealSettings>(model).ground_friction, 4.0);
    EXPECT_EQ(get_field(model, "ground_friction"), 4.0);
    EXPECT_EQ(setting_fields(model).size(), 11u);
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
}

}  // namespace
