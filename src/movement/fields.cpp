#include "kinema/movement/fields.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>
#include <variant>

#include "kinema/core/validation.hpp"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::movement {
namespace {

// One table row: the public documentation plus the member it reads and writes.
template <class S>
struct Row {
    std::string_view name;
    std::string_view unit;
    std::string_view range;
    std::string_view doc;
    std::variant<double S::*, int S::*, bool S::*> member;
};

template <class S, std::size_t N>
constexpr std::array<SettingField, N> describe(const std::array<Row<S>, N>& rows) {
    std::array<SettingField, N> out{};
    const S defaults{};
    for (std::size_t i = 0; i < N; ++i) {
        const Row<S>& row = rows[i];
        SettingField& field = out[i];
        field.name = row.name;
        field.unit = row.unit;
        field.range = row.range;
        field.doc = row.doc;
        if (const auto* real = std::get_if<double S::*>(&row.member)) {
            field.type = FieldType::real;
            field.default_value = defaults.*(*real);
        } else if (const auto* integer = std::get_if<int S::*>(&row.member)) {
            field.type = FieldType::integer;
            field.default_value = defaults.*(*integer);
        } else {
            field.type = FieldType::boolean;
            field.default_value = defaults.*std::get<bool S::*>(row.member) ? 1.0 : 0.0;
        }
    }
    return out;
}

// The tables repeat the headers' trailing comments; tests/movement/fields_test.cpp checks that every member
// is listed and that the ranges agree with validate().
constexpr std::array<Row<DishonoredSettings>, 2> dishonored_rows{{
    {"speed_scale", "1", "(0, inf)",
     "s in seed 000: MaxSpeed = 400 s, MaxAccel = 2000 s (walk 1, sprint 1.5, agility 1.95)",
     &DishonoredSettings::speed_scale},
    {"friction", "1/s", "[0, inf)", "f in seed 000: v -= dt f (v - |v| d) each frame",
     &DishonoredSettings::friction},
}};

constexpr std::array<Row<CrossCodeSettings>, 5> crosscode_rows{{
    {"max_vel", "px/s", "[0, inf)", "top speed reachable by acceleration (maxVel)",
     &CrossCodeSettings::max_vel},
    {"accel_speed", "1", "[0, inf)", "acceleration multiplier (accelSpeed)", &CrossCodeSettings::accel_speed},
    {"friction", "1", "[0, inf)", "ground friction; also scales the acceleration",
     &CrossCodeSettings::friction},
    {"air_friction", "1", "[0, inf)", "friction used when not grounded", &CrossCodeSettings::air_friction},
    {"grounded", "bool", "0 or 1", "1: on the ground (friction), 0: above it (air_friction)",
     &CrossCodeSettings::grounded},
}};

constexpr std::array<Row<UnrealSettings>, 11> unreal_rows{{
    {"ground_friction", "1/s", "[0, inf)",
     "turning friction; braking friction unless use_separate_braking_friction",
     &UnrealSettings::ground_friction},
    {"max_walk_speed", "cm/s", "[0, inf)", "MaxWalkSpeed", &UnrealSettings::max_walk_speed},
    {"max_acceleration", "cm/s^2", "[0, inf)", "MaxAcceleration (full input)",
     &UnrealSettings::max_acceleration},
    {"braking_deceleration_walking", "cm/s^2", "[0, inf)", "constant deceleration without input",
     &UnrealSettings::braking_deceleration_walking},
    {"braking_friction_factor", "1", "[0, inf)", "multiplies the braking friction",
     &UnrealSettings::braking_friction_factor},
    {"braking_friction", "1/s", "[0, inf)", "braking friction when use_separate_braking_friction",
     &UnrealSettings::braking_friction},
    {"use_separate_braking_friction", "bool", "0 or 1",
     "brake with braking_friction instead of ground_friction",
     &UnrealSettings::use_separate_braking_friction},
    {"braking_sub_step_time", "s", "(0, inf)", "braking sub-step, clamped to [1/75, 1/20] when used",
     &UnrealSettings::braking_sub_step_time},
    {"max_simulation_time_step", "s", "(0, inf)", "longest PhysWalking tick",
     &UnrealSettings::max_simulation_time_step},
    {"max_simulation_iterations", "count", "[1, 25]", "ticks per frame at most; the last takes the rest",
     &UnrealSettings::max_simulation_iterations},
    {"min_analog_walk_speed", "cm/s", "[0, inf)", "lowest max speed for a small analog input",
     &UnrealSettings::min_analog_walk_speed},
}};

constexpr auto dishonored_fields = describe(dishonored_rows);
constexpr auto crosscode_fields = describe(crosscode_rows);
constexpr auto unreal_fields = describe(unreal_rows);

std::string format_value(double value) {
    // Shortest text that reads back to the same double, e.g. "1.5".
    std::array<char, 64> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return {buffer.data(), result.ptr};
}

template <class S, std::size_t N>
[[noreturn]] void unknown(std::string_view settings_name, const std::array<Row<S>, N>& rows,
                          std::string_view name) {
    std::string valid;
    for (const Row<S>& row : rows) {
        valid += valid.empty() ? "" : ", ";
        valid += row.name;
    }
    throw SettingsError(settings_name, {{std::string(name), "is not a field; valid fields: " + valid}});
}

template <class S, std::size_t N>
const Row<S>& find(std::string_view settings_name, const std::array<Row<S>, N>& rows, std::string_view name) {
    for (const Row<S>& row : rows) {
        if (row.name == name) {
            return row;
        }
    }
    unknown(settings_name, rows, name);
}

template <class S, std::size_t N>
void set(std::string_view settings_name, const std::array<Row<S>, N>& rows, S& settings,
         std::string_view name, double value) {
    const Row<S>& row = find(settings_name, rows, name);
    const auto fail = [&](std::string message) {
        throw SettingsError(settings_name, {{std::string(name), std::move(message)}});
    };
    if (const auto* real = std::get_if<double S::*>(&row.member)) {
        settings.*(*real) = value;
    } else if (const auto* integer = std::get_if<int S::*>(&row.member)) {
        if (!std::isfinite(value) || value != std::trunc(value) ||
            value < static_cast<double>(std::numeric_limits<int>::min()) ||
            value > static_cast<double>(std::numeric_limits<int>::max())) {
            fail("must be a whole number, got " + format_value(value));
        }
        settings.*(*integer) = static_cast<int>(value);
    } else {
        if (value != 0.0 && value != 1.0) {
            fail("must be 0 or 1, got " + format_value(value));
        }
        settings.*std::get<bool S::*>(row.member) = value == 1.0;
    }
}

template <class S, std::size_t N>
double get(std::string_view settings_name, const std::array<Row<S>, N>& rows, const S& settings,
           std::string_view name) {
    const Row<S>& row = find(settings_name, rows, name);
    if (const auto* real = std::get_if<double S::*>(&row.member)) {
        return settings.*(*real);
    }
    if (const auto* integer = std::get_if<int S::*>(&row.member)) {
        return settings.*(*integer);
    }
    return settings.*std::get<bool S::*>(row.member) ? 1.0 : 0.0;
}

}  // namespace

template <>
std::span<const SettingField> setting_fields<DishonoredSettings>() noexcept {
    return dishonored_fields;
}
template <>
std::span<const SettingField> setting_fields<CrossCodeSettings>() noexcept {
    return crosscode_fields;
}
template <>
std::span<const SettingField> setting_fields<UnrealSettings>() noexcept {
    return unreal_fields;
}

void set_field(DishonoredSettings& settings, std::string_view name, double value) {
    set("DishonoredSettings", dishonored_rows, settings, name, value);
}
void set_field(CrossCodeSettings& settings, std::string_view name, double value) {
    set("CrossCodeSettings", crosscode_rows, settings, name, value);
}
void set_field(UnrealSettings& settings, std::string_view name, double value) {
    set("UnrealSettings", unreal_rows, settings, name, value);
}

double get_field(const DishonoredSettings& settings, std::string_view name) {
    return get("DishonoredSettings", dishonored_rows, settings, name);
}
double get_field(const CrossCodeSettings& settings, std::string_view name) {
    return get("CrossCodeSettings", crosscode_rows, settings, name);
}
double get_field(const UnrealSettings& settings, std::string_view name) {
    return get("UnrealSettings", unreal_rows, settings, name);
}

}  // namespace kinema::movement
