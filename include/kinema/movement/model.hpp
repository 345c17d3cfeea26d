// A model-generic handle over the three step models, for code that takes the model as data (the CLI, the
// driver, frame-rate sweeps): AnyModel holds one model's settings and step() dispatches on it.
#pragma once

#include <array>
#include <span>
#include <string_view>
#include <variant>

#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/fields.hpp"
#include "kinema/movement/state.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::movement {

/// One model's settings; the alternative selects the model.
using AnyModel = std::variant<DishonoredSettings, CrossCodeSettings, UnrealSettings>;

/// The model names, in AnyModel's alternative order: "dishonored", "crosscode", "unreal".
inline constexpr std::array<std::string_view, 3> model_names{"dishonored", "crosscode", "unreal"};

/// The named model with default settings. Throws std::invalid_argument listing the valid names otherwise.
[[nodiscard]] AnyModel make_model(std::string_view name);
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

/// The held settings' field table (setting_fields<Settings>()).
[[nodiscard]] std::span<const SettingField> setting_fields(const AnyModel& model) noexcept;
/// set_field() on the held settings; same errors.
void set_field(AnyModel& model, std::string_view name, double value);
/// get_field() on the held settings; same errors.
[[nodiscard]] double get_field(const AnyModel& model, std::string_view name);

}  // namespace kinema::movement
