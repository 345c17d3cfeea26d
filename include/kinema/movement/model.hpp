// A model-generic handle over the three step models, for code that takes the model as data (the CLI, the
// driver, frame-rate sweeps): AnyModel holds one model's settings and step() dispatches on it. Each model is
// one row of `models` (name, length unit, settings registry); adding a model is one alternative of AnyModel,
// one row there and the settings' registry (describe_settings).
#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/state.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::movement {

/// One model's settings; the alternative selects the model.
using AnyModel = std::variant<DishonoredSettings, CrossCodeSettings, UnrealSettings>;

/// One row of the model table.
struct ModelInfo {
    std::string_view name;                              ///< "dishonored": what --model takes
    std::string_view length_unit;                       ///< the game's length unit; speeds are per second
    const SettingsDescription& (*settings)() noexcept;  ///< the settings struct's registry
    AnyModel (*make)();                                 ///< the model with default settings
};

namespace model_detail {
template <class S>
constexpr ModelInfo row(std::string_view name, std::string_view length_unit) {
    return {name, length_unit, &kinema::settings_description<S>, [] { return AnyModel{S{}}; }};
}
}  // namespace model_detail

/// Every model, in AnyModel's alternative order (model_detail::row's settings type must match; model.cpp
/// checks).
inline constexpr std::array models{
    model_detail::row<DishonoredSettings>("dishonored", "u"),  // Unreal Engine 3 units
    model_detail::row<CrossCodeSettings>("crosscode", "px"),   // pixels
    model_detail::row<UnrealSettings>("unreal", "cm"),
};
static_assert(models.size() == std::variant_size_v<AnyModel>, "one row of `models` per AnyModel alternative");

/// The model names, in AnyModel's alternative order: "dishonored", "crosscode", "unreal".
inline constexpr std::array<std::string_view, models.size()> model_names = [] {
    std::array<std::string_view, models.size()> names{};
    for (std::size_t i = 0; i < models.size(); ++i) {
        names[i] = models[i].name;
    }
    return names;
}();

/// The named model with default settings. Throws std::invalid_argument listing the valid names otherwise.
[[nodiscard]] AnyModel make_model(std::string_view name);
/// The held model's row of `models`.
[[nodiscard]] const ModelInfo& model_info(const AnyModel& model) noexcept;
/// "dishonored", "crosscode" or "unreal".
[[nodiscard]] std::string_view model_name(const AnyModel& model) noexcept;
/// The model's units of length, e.g. "u" (Dishonored), "px" (CrossCode), "cm" (Unreal); speeds are per
/// second.
[[nodiscard]] std::string_view length_unit(const AnyModel& model) noexcept;

/// The held settings' validate().
[[nodiscard]] FieldErrors validate(const AnyModel& model);
/// Throws SettingsError (named after the settings struct) when the held settings are invalid.
void throw_if_invalid(const AnyModel& model);

/// The held model's step(). Same checks and exceptions.
[[nodiscard]] PlanarState step(const AnyModel& model, const PlanarState& state, Vec2 input, double dt);
/// The held model's step_unchecked(); same preconditions.
[[nodiscard]] PlanarState step_unchecked(const AnyModel& model, const PlanarState& state, Vec2 input,
                                         double dt) noexcept;

/// Length unit/s: the fastest the model moves under its own input from rest (every step clamps to it):
/// Dishonored's MaxSpeed 400 speed_scale, CrossCode's max_vel, Unreal's max(max_walk_speed,
/// min_analog_walk_speed).
[[nodiscard]] double top_speed(const AnyModel& model) noexcept;
/// s: the longest frame at which the model's explicit friction does not make the velocity grow, so that a run
/// stays finite: Dishonored 2 / friction (v -= dt f v overshoots past -v beyond it), CrossCode 2 / (12 x the
/// active friction), inf for Unreal (the CMC clamps dt x friction to 1 and brakes in sub-steps) and for zero
/// friction. docs/movement.md documents the instability.
[[nodiscard]] double longest_stable_dt(const AnyModel& model) noexcept;

/// Every model's settable fields, for help pages: a line "  NAME (LENGTH_UNIT):" per model, then its fields
/// as settings_help gives them (name, unit, valid range, default, doc), indented by four spaces.
[[nodiscard]] std::string models_settings_help();

/// The held settings' registry.
[[nodiscard]] const SettingsDescription& settings_description(const AnyModel& model) noexcept;
/// The held settings, for the registry's type-erased functions (kinema::set_field_text and the rest, with
/// settings_description(model)).
[[nodiscard]] void* settings_pointer(AnyModel& model) noexcept;
[[nodiscard]] const void* settings_pointer(const AnyModel& model) noexcept;
/// kinema::set_field() on the held settings; same errors.
void set_field(AnyModel& model, std::string_view name, double value);
/// kinema::set_field_text() on the held settings; same errors.
void set_field_text(AnyModel& model, std::string_view name, std::string_view text);
/// kinema::get_field() on the held settings; same errors.
[[nodiscard]] double get_field(const AnyModel& model, std::string_view name);
/// kinema::settings_json() of the held settings.
[[nodiscard]] std::string settings_json(const AnyModel& model);

}  // namespace kinema::movement
