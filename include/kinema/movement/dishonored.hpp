// Dishonored's per-frame ground movement (the DhTas notes, Algorithm 1; reference
// dishonored-crosscode-and-tas.md sections 1-2), reproduced line by line. Units are Unreal Engine 3's: u
// (unreal units), u/s, u/s^2, seconds.
#pragma once

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/state.hpp"

namespace kinema::movement {

/// Speed-scale presets from the DhTas notes (single source: DhTas, reference section 1).
inline constexpr double dishonored_walk_scale = 1.0;      ///< walking
inline constexpr double dishonored_sprint_scale = 1.5;    ///< sprinting
inline constexpr double dishonored_agility_scale = 1.95;  ///< sprinting with the Agility power

/// The seed's fixed numbers: MaxSpeed = 400 s, MaxAccel = 2000 s, input acceleration |a| = 2000 at full
/// input.
inline constexpr double dishonored_max_speed_per_scale = 400.0;   ///< u/s per unit of speed_scale
inline constexpr double dishonored_max_accel_per_scale = 2000.0;  ///< u/s^2 per unit of speed_scale
inline constexpr double dishonored_input_acceleration = 2000.0;   ///< u/s^2 at input length 1

struct DishonoredSettings;
/// The registry of DishonoredSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<DishonoredSettings>) noexcept;

/// Settings of one Dishonored movement state (walk, sprint, agility sprint).
struct DishonoredSettings {
    double speed_scale = dishonored_walk_scale;  ///< dimensionless, [1e-6, 2500]. s in the DhTas notes:
                                                 ///< MaxSpeed = 400 s, MaxAccel = 2000 s.
    double friction = 8.0;  ///< 1/s, [0, 1e6]. f in the DhTas notes. Not clamped: dt*f > 1
                            ///< overshoots and dt*f > 2 is unstable, as in the source.

    /// Every bad field, by its documented name; empty when the settings are usable.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
    /// MaxSpeed = 400 * speed_scale (u/s).
    [[nodiscard]] double max_speed() const { return dishonored_max_speed_per_scale * speed_scale; }
    /// MaxAccel = 2000 * speed_scale (u/s^2).
    [[nodiscard]] double max_acceleration() const { return dishonored_max_accel_per_scale * speed_scale; }
};

/// Line 6 of Algorithm 1 on its own: v - dt*f*(v - |v|*d), d the unit input direction (zero vector without
/// input, which leaves plain friction v - dt*f*v). At dt = 1/f (8 FPS for f = 8) this is |v|*d: all speed is
/// redirected along the input.
[[nodiscard]] Vec2 dishonored_friction(Vec2 velocity, Vec2 direction, double friction, double dt);

/// One frame: a = 2000 * input (input clamped to length 1), |a| clamped to MaxAccel, friction, v += dt*a, |v|
/// clamped to MaxSpeed, p += dt*v (the new velocity). Throws SettingsError for invalid settings, dt <= 0 or
/// non-finite, or non-finite input.
[[nodiscard]] PlanarState step(const DishonoredSettings& settings, const PlanarState& state, Vec2 input,
                               double dt);

/// step() without any checks, for hot loops that validated settings and arguments once.
/// Precondition: settings.validate() is empty, dt is finite and > 0, input is finite.
[[nodiscard]] PlanarState step_unchecked(const DishonoredSettings& settings, const PlanarState& state,
                                         Vec2 input, double dt) noexcept;

}  // namespace kinema::movement
