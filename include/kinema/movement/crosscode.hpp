// CrossCode's ground-plane movement physics (Radical Fish's CrossCode physics post, Radical Fish Games
// devblog "Movement Physics of CrossCode"; reference dishonored-crosscode-and-tas.md section 3), in the
// seed's order. Units are CrossCode's pixels: px, px/s, seconds. The height axis is not modelled (the seed
// leaves it out too).
#pragma once

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/state.hpp"

namespace kinema::movement {

/// The magic numbers of Radical Fish's CrossCode physics post: acceleration =
/// accelDir*maxVel*10*friction*accelSpeed*tick, friction vector = vel*friction*12*tick.
inline constexpr double crosscode_accel_factor = 10.0;     ///< 1/s per unit of friction*accel_speed
inline constexpr double crosscode_friction_factor = 12.0;  ///< 1/s per unit of friction

struct CrossCodeSettings;
/// The registry of CrossCodeSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<CrossCodeSettings>) noexcept;

/// One CrossCode entity's movement values, with the seed's defaults.
struct CrossCodeSettings {
    double max_vel = 300.0;     ///< px/s, [0, 1e6]. Top speed reachable by acceleration (maxVel).
    double accel_speed = 1.0;   ///< dimensionless, [0, 1000]. Acceleration multiplier (accelSpeed).
    double friction = 1.0;      ///< dimensionless, [0, 1e5]. Ground friction; scales acceleration too.
    double air_friction = 0.2;  ///< dimensionless, [0, 1e5]. Used instead of friction when not grounded.
    bool grounded = true;  ///< On the ground (true) or above it (false); selects friction or air_friction.
                           ///< A setting, not state: the planar model never changes it.

    /// Every bad field, by its documented name; empty when the settings are usable.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
    /// friction or air_friction, by `grounded` (Radical Fish's CrossCode physics post's first line).
    [[nodiscard]] double active_friction() const { return grounded ? friction : air_friction; }
};

/// One tick: accelDir = input clamped to length 1 (an analog input is used as accelDir as is, so a
/// half-tilted stick accelerates half as hard and its friction trim removes the fraction |accelDir|^2 of the
/// friction along it; docs/movement.md). Then, in the seed's order: acceleration vector, friction vector,
/// trim of the friction along accelDir (only when |vel| <= max_vel and the dot product is >= 0), add
/// acceleration, limit |vel| to max(|vel| before, max_vel), subtract friction, move by the new velocity.
/// Throws SettingsError for invalid settings, dt <= 0 or non-finite, or non-finite input.
[[nodiscard]] PlanarState step(const CrossCodeSettings& settings, const PlanarState& state, Vec2 input,
                               double dt);

/// step() without any checks. Precondition: settings.validate() is empty, dt finite and > 0, input finite.
[[nodiscard]] PlanarState step_unchecked(const CrossCodeSettings& settings, const PlanarState& state,
                                         Vec2 input, double dt) noexcept;

}  // namespace kinema::movement
