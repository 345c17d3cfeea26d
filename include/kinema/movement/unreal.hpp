// Unreal Engine's Character Movement Component, walking on flat ground (PhysWalking -> CalcVelocity ->
// ApplyVelocityBraking), reproduced tick for tick. Source: Muoio's distance matching notes and
// ../shared/reference/unreal-cmc.md sections 1-4. Units are Unreal's: cm, cm/s, cm/s^2, seconds.
#pragma once

#include <array>
#include <cstddef>
#include <span>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/state.hpp"

namespace kinema::movement {

struct UnrealSettings;
/// The registry of UnrealSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<UnrealSettings>) noexcept;

/// UCharacterMovementComponent walking properties, with the UE 5.8 engine defaults (unreal-cmc.md section 1).
/// Every range is finite (docs/errors.md, "Limits"): large enough for any game's tuning, small enough that
/// speeds, braking and the exact stop stay far from overflow.
struct UnrealSettings {
    double ground_friction = 8.0;                  ///< 1/s, [0, 1e6]. Turning friction; braking friction too
                                                   ///< unless use_separate_braking_friction.
    double max_walk_speed = 600.0;                 ///< cm/s, [0, 1e6].
    double max_acceleration = 2048.0;              ///< cm/s^2, [0, 1e8].
    double braking_deceleration_walking = 2048.0;  ///< cm/s^2, [0, 1e8]. Constant deceleration without input.
    double braking_friction_factor = 2.0;  ///< dimensionless, [0, 1e3]. Multiplies the braking friction.
    double braking_friction = 0.0;         ///< 1/s, [0, 1e6]. Used only with use_separate_braking_friction.
    bool use_separate_braking_friction = false;  ///< Brake with braking_friction instead of ground_friction.
    double braking_sub_step_time = 1.0 / 33.0;   ///< s, (0, 10]; clamped to [1/75, 1/20] before use.
    double max_simulation_time_step = 0.05;      ///< s, (0, 10]. Longest PhysWalking tick.
    int max_simulation_iterations = 8;           ///< ticks per frame, [1, 25].
    double min_analog_walk_speed = 0.0;          ///< cm/s, [0, 1e6].

    /// Every bad field, by its documented name; empty when the settings are usable.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// Engine constants (unreal-cmc.md section 1).
inline constexpr double unreal_min_tick_time = 1e-6;  ///< s. Shorter frames/ticks/sub-steps do nothing.
inline constexpr double unreal_brake_to_stop_velocity = 10.0;  ///< cm/s. Snap to 0 below this when a_B > 0.
inline constexpr double unreal_kinda_small_number = 1e-4;      ///< Snap when |V|^2 <= this; nearly-zero move
                                                               ///< tolerance per component (cm).
inline constexpr double unreal_over_max_tolerance = 1.01;      ///< Over max speed when |V|^2 > max^2 * 1.01.
inline constexpr double unreal_min_braking_sub_step =
    1.0 / 75.0;  ///< s, lower clamp of braking_sub_step_time.
inline constexpr double unreal_max_braking_sub_step =
    1.0 / 20.0;                                         ///< s, upper clamp of braking_sub_step_time.
inline constexpr int unreal_max_iterations_limit = 25;  ///< Upper bound of max_simulation_iterations.

/// The PhysWalking ticks one frame is split into (unreal-cmc.md section 2).
struct UnrealTickSchedule {
    std::array<double, unreal_max_iterations_limit> ticks{};  ///< s, the first `count` are used, in order.
    std::size_t count = 0;                                    ///< [0, max_simulation_iterations].

    [[nodiscard]] std::span<const double> view() const { return {ticks.data(), count}; }
};

/// Splits a frame of `frame_dt` seconds into PhysWalking ticks: while remaining >= 1e-6 s and iterations
/// remain, tick = min(max_simulation_time_step, remaining/2) if remaining > max_simulation_time_step and this
/// is not the last allowed iteration, else all the remaining time. A frame shorter than 1e-6 s has no tick.
/// Examples: 1/15 s -> 2 x 1/30 s; 0.1 s -> 2 x 0.05 s; 1/60 s -> 1 tick. Throws SettingsError for invalid
/// settings or frame_dt not finite and > 0.
[[nodiscard]] UnrealTickSchedule unreal_tick_schedule(const UnrealSettings& settings, double frame_dt);

/// unreal_tick_schedule() without any checks. Precondition: settings.validate() is empty, frame_dt finite and
/// > 0.
[[nodiscard]] UnrealTickSchedule unreal_tick_schedule_unchecked(const UnrealSettings& settings,
                                                                double frame_dt) noexcept;

/// The braking sub-step cap M = clamp(braking_sub_step_time, 1/75, 1/20) (s).
[[nodiscard]] double unreal_braking_sub_step_cap(const UnrealSettings& settings) noexcept;

/// The next braking sub-step inside ApplyVelocityBraking given the time left in the tick: min(M, remaining/2)
/// when remaining > M and the effective braking friction is not zero, else all of `remaining` (s).
[[nodiscard]] double unreal_braking_sub_step(const UnrealSettings& settings, double remaining) noexcept;

/// Effective braking friction beta = max(0, (braking_friction if use_separate_braking_friction else
/// ground_friction) * max(0, braking_friction_factor)) (1/s).
[[nodiscard]] double unreal_braking_friction(const UnrealSettings& settings) noexcept;

/// ApplyVelocityBraking(tick, friction, braking deceleration) on a horizontal velocity (unreal-cmc.md section
/// 4): explicit-Euler sub-steps of V += (-beta V - a_B V0/|V0|) h, zero on direction reversal, snap to zero
/// after the loop. `friction` is the un-multiplied braking friction (the factor is applied here, as the
/// engine does).
[[nodiscard]] Vec2 unreal_apply_velocity_braking(const UnrealSettings& settings, Vec2 velocity, double tick,
                                                 double friction, double braking_deceleration) noexcept;

/// CalcVelocity(tick, ground_friction, bFluid = false, braking_deceleration_walking) for player input `input`
/// (clamped to length 1; Acceleration = max_acceleration * input) (unreal-cmc.md section 3).
[[nodiscard]] Vec2 unreal_calc_velocity(const UnrealSettings& settings, Vec2 velocity, Vec2 input,
                                        double tick) noexcept;

/// One frame of PhysWalking on flat, unobstructed ground: for each tick of unreal_tick_schedule(),
/// CalcVelocity and then move by the new velocity times the tick. A nearly zero move (each component <= 1e-4
/// cm) does not move the character, sets the velocity to zero (velocity = actual displacement / tick) and
/// ends the frame, as the engine does. Throws SettingsError for invalid settings, dt <= 0 or non-finite, or
/// non-finite input.
[[nodiscard]] PlanarState step(const UnrealSettings& settings, const PlanarState& state, Vec2 input,
                               double dt);

/// step() without any checks. Precondition: settings.validate() is empty, dt finite and > 0, input finite.
[[nodiscard]] PlanarState step_unchecked(const UnrealSettings& settings, const PlanarState& state, Vec2 input,
                                         double dt) noexcept;

}  // namespace kinema::movement
