// The settings registry on a small struct with every kind of field: a base class shared as a part, a real,
// an integer, a boolean, a choice and a nested member.
#include "kinema/core/settings_registry.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "registry_checks.hpp"

namespace toy {

using kinema::FieldChoice;
using kinema::SettingsDescription;

enum class Mode { slow, fast };

struct Inner {
    double x = 1.5;
};

struct Base {
    double speed = 2.0;
    [[nodiscard]] kinema::FieldErrors validate() const;
};

struct Toy : Base {
    double rate = 0.5;
    int count = 3;
    bool on = true;
    Mode mode = Mode::fast;
    Inner inner;
    [[nodiscard]] kinema::FieldErrors validate() const;
};

constexpr std::array kBaseFields{
    kinema::field<Base, &Base::speed>("speed", "m/s", kinema::at_least(0.0), "speed")};
constexpr SettingsDescription kBase{"Base", kBaseFields, {}};
const SettingsDescription& describe_settings(std::type_identity<Base>) noexcept {
    return kBase;
}

constexpr std::array<FieldChoice, 2> kModes{{{"slow", 0}, {"fast", 1}}};
constexpr std::array kToyParts{kinema::part<Toy, Base>("")};
constexpr std::array kToyFields{
    kinema::field<Toy, &Toy::rate>("rate", "1/s", kinema::greater_than(0.0), "rate"),
    kinema::field<Toy, &Toy::count>("count", "count", kinema::closed_range(1, 10), "count"),
    kinema::field<Toy, &Toy::on>("on", "bool", {}, "switch"),
    kinema::field<Toy, &Toy::mode>("mode", "choice", {}, "mode", kModes),
    kinema::field<Toy, &Toy::inner, &Inner::x>("inner.x", "m", kinema::interval(0.0, true, 2.0, false), "x"),
};
constexpr SettingsDescription kToy{"Toy", kToyFields, kToyParts};
const SettingsDescription& describe_settings(std::type_identity<Toy>) noexcept {
    return kToy;
}

// The same struct listed in an explicit order that interleaves the part's field with its own.
struct Ordered : Toy {};
constexpr std::array<std::string_view, 6> kOrder{"rate", "speed", "inner.x", "count", "on", "mode"};
constexpr SettingsDescription kOrdered{"Ordered", kToyFields, kToyParts, kOrder};
const SettingsDescription& describe_settings(std::type_identity<Ordered>) noexcept {
    return kOrdered;
}

kinema::FieldErrors Base::validate() const {
    return kinema::validate_settings(*this);
}
kinema::FieldErrors Toy::validate() const {
    return kinema::validate_settings(*this);
}

}  // namespace toy

namespace {

using namespace kinema;
using toy::Toy;

TEST(SettingsRegistry, ListsPartsFirstWithDefaultsFromTheStruct) {
    const auto fields = list_fields(settings_description<Toy>());
    ASSERT_EQ(fields.size(), 6u);
    EXPECT_EQ(fields[0].name, "speed");
    EXPECT_EQ(fields[5].name, "inner.x");
    EXPECT_EQ(fields[0].field->default_value, 2.0);
    EXPECT_EQ(fields[2].field->type, FieldType::integer);
    EXPECT_EQ(fields[3].field->type, FieldType::boolean);
    EXPECT_EQ(fields[4].field->type, FieldType::choice);
    EXPECT_EQ(fields[4].field->default_value, 1.0);
    EXPECT_EQ(fields[5].field->default_value, 1.5);
}

TEST(SettingsRegistry, ValidateNamesEveryBadFieldWithTheRange) {
    Toy t;
    t.speed = -1.0;
    t.rate = 0.0;
    t.count = 11;
    t.mode = static_cast<toy::Mode>(5);
    t.inner.x = 2.0;
    const FieldErrors errors = t.validate();
    ASSERT_EQ(errors.size(), 5u);
    EXPECT_EQ(errors[0].field, "speed");
    EXPECT_EQ(errors[0].message, "must be >= 0, got -1");
    EXPECT_EQ(errors[1].message, "must be > 0, got 0");
    EXPECT_EQ(errors[2].message, "must be in [1, 10], got 11");
    EXPECT_EQ(errors[3].message, "must be slow or fast, got 5");
    EXPECT_EQ(errors[4].field, "inner.x");
    EXPECT_EQ(errors[4].message, "must be in [0, 2), got 2");
    t = Toy{};
    t.rate = std::numeric_limits<double>::quiet_NaN();
    ASSERT_EQ(t.validate().size(), 1u);
    EXPECT_EQ(t.validate()[0].message, "must be a finite number, got nan");
}

TEST(SettingsRegistry, SetsAndReadsByNameFromNumbersAndText) {
    Toy t;
    set_field(t, "speed", 3.0);
    set_field(t, "inner.x", 0.25);
    set_field_text(t, "count", "7");
    set_field_text(t, "on", "false");
    set_field_text(t, "mode", "slow");
    EXPECT_EQ(t.speed, 3.0);
    EXPECT_EQ(t.inner.x, 0.25);
    EXPECT_EQ(t.count, 7);
    EXPECT_FALSE(t.on);
    EXPECT_EQ(t.mode, toy::Mode::slow);
    EXPECT_EQ(get_field(t, "mode"), 0.0);
    EXPECT_EQ(get_field(t, "speed"), 3.0);
    set_field_text(t, "on", "1");
    EXPECT_TRUE(t.on);
}

TEST(SettingsRegistry, TypeErrorsNameTheField) {
    Toy t;
    const auto message = [&](auto&& set) {
        try {
            set();
        } catch (const SettingsError& e) {
            EXPECT_EQ(e.errors().size(), 1u);
            return e.errors()[0].field + " " + e.errors()[0].message;
        }
        return std::string("no error");
    };
    EXPECT_EQ(message([&] { set_field(t, "count", 1.5); }), "count must be a whole number, got 1.5");
    // 1e300 is a whole number, just not one an int holds: the message gives the field's range.
    EXPECT_EQ(message([&] { set_field(t, "count", 1e300); }),
              "count must be a whole number in [1, 10], got 1e+300");
    EXPECT_EQ(message([&] { set_field(t, "count", -1e308); }),
              "count must be a whole number in [1, 10], got -1e+308");
    EXPECT_EQ(message([&] { set_field(t, "count", 1e308 * 10.0); }), "count must be a whole number, got inf");
    EXPECT_EQ(message([&] { set_field(t, "on", 2.0); }), "on must be 0 or 1, got 2");
    EXPECT_EQ(message([&] { set_field_text(t, "mode", "medium"); }),
              "mode must be slow or fast, got 'medium'");
    EXPECT_EQ(message([&] { set_field_text(t, "rate", "1.5x"); }), "rate expected a number, got '1.5x'");
    EXPECT_EQ(message([&] { set_field(t, "bogus", 1.0); }),
              "bogus is not a field; valid fields: speed, rate, count, on, mode, inner.x");
    EXPECT_EQ(t.count, 3);  // nothing was written
}

TEST(SettingsRegistry, HelpAndJsonComeFromTheRegistry) {
    const std::string help = settings_help(settings_description<Toy>(), "  ");
    EXPECT_NE(help.find("  rate                           1/s     (0, inf)  default 0.5  rate\n"),
              std::string::npos)
        << help;
    EXPECT_NE(help.find("count                          count   [1, 10]   default 3"), std::string::npos);
    EXPECT_NE(help.find("on                             bool    0 or 1    default true"), std::string::npos);
    EXPECT_NE(help.find("slow | fast default fast"), std::string::npos) << help;
    Toy t;
    t.rate = std::numeric_limits<double>::infinity();
    EXPECT_EQ(
        settings_json(t),
        "{\"speed\": 2, \"rate\": null, \"count\": 3, \"on\": true, \"mode\": \"fast\", \"inner.x\": 1.5}");
}

TEST(SettingsRegistry, FieldHelpPlaceholdersAndSuggestions) {
    const SettingsDescription& d = settings_description<Toy>();
    Toy defaults;
    defaults.rate = 0.25;
    EXPECT_EQ(field_help(d, "rate", &defaults), "rate; 1/s, (0, inf) (default 0.25)");
    EXPECT_EQ(field_help(d, "mode", &defaults), "mode; choice, slow | fast (default fast)");
    EXPECT_EQ(field_help(d, "nope", &defaults), "nope");
    EXPECT_EQ(field_placeholder(*find_field(d, "count")), "INT");
    EXPECT_EQ(field_placeholder(*find_field(d, "inner.x")), "NUMBER");
    EXPECT_EQ(field_placeholder(*find_field(d, "on")), "0|1");
    EXPECT_EQ(field_placeholder(*find_field(d, "mode")), "slow|fast");
    const FieldErrors unknown{{"rtae", "is not a field; valid fields: speed"}, {"other", "is not a field"}};
    const FieldErrors suggested = suggest_field(d, "rtae", unknown);
    EXPECT_EQ(suggested[0].message, "is not a field (did you mean rate?); valid fields: speed");
    EXPECT_EQ(suggested[1].message, "is not a field");                              // not the field being set
    EXPECT_EQ(suggest_field(d, "zzzzzz", unknown)[0].message, unknown[0].message);  // nothing near
    EXPECT_EQ(suggest_field(d, "rate", {{"rate", "is not a field"}})[0].message, "is not a field");
}

TEST(SettingsRegistry, AnExplicitOrderListsAndChecksInThatOrder) {
    const auto fields = list_fields(settings_description<toy::Ordered>());
    ASSERT_EQ(fields.size(), 6u);
    EXPECT_EQ(fields[0].name, "rate");
    EXPECT_EQ(fields[1].name, "speed");
    EXPECT_EQ(fields[1].field->default_value, 2.0);
    EXPECT_EQ(fields[2].name, "inner.x");
    EXPECT_EQ(fields[5].name, "mode");
    toy::Ordered t;
    t.speed = -1.0;
    t.rate = 0.0;
    t.inner.x = 2.0;
    EXPECT_EQ(settings_json(t),
              "{\"rate\": 0, \"speed\": -1, \"inner.x\": 2, \"count\": 3, \"on\": true, \"mode\": \"fast\"}");
    const FieldErrors errors = validate_settings(t);
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].field, "rate");
    EXPECT_EQ(errors[1].field, "speed");
    EXPECT_EQ(errors[2].field, "inner.x");
    set_field(t, "speed", 4.0);  // the part's field, found through the part as before
    EXPECT_EQ(t.speed, 4.0);
    EXPECT_NE(settings_help(settings_description<toy::Ordered>()).find("rate"), std::string::npos);
}

TEST(SettingsRegistry, AnOrderNamingNoFieldIsRefused) {
    constexpr std::array<std::string_view, 2> bad_order{"rate", "bogus"};
    const SettingsDescription bad{"Bad", toy::kToyFields, toy::kToyParts, bad_order};
    EXPECT_THROW((void)list_fields(bad), std::logic_error);
    const Toy t;
    EXPECT_THROW((void)validate_settings(bad, &t), std::logic_error);
}

TEST(SettingsRegistry, EveryFieldPassesTheRegistryChecks) {
    test::check_registry<toy::Ordered>(6);
    test::check_registry<Toy>(6);
    test::check_registry<toy::Base>(1);
}

}  // namespace
