// Unreal Engine's Character Movement Component, walking on flat ground (PhysWalking -> CalcVelocity ->
// ApplyVelocityBraking), reproduced tick for tick. Source: seed 004 and ../shared/reference/unreal-cmc.md
// sections 1-4. Units are Unreal's: cm, cm/s, cm/s^2, seconds.
#pragma once

#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/state.hpp"

namespace kinema::movement {

/// UCharacterMovementComponent walking properties, with the UE 5.8 engine defaults (unreal-cmc.md section 1).
struct UnrealSettings {
    double ground_friction = 8.0;                  ///< 1/s, [0, inf). Turning friction; braking friction too
                                                   ///< unless use_separate_braking_friction.
    double max_walk_speed = 600.0;                 ///< cm/s, [0, inf).
    double max_acceleration = 2048.0;              ///< cm/s^2, [0, inf).
    double braking_deceleration_walking = 2048.0;  ///< cm/s^2, [0, inf). Constant deceleration without input.
    double braking_friction_factor = 2.0;          ///< dimensionless, [0, inf). Multiplies the braking friction.
    double braking_friction = 0.0;                 ///< 1/s, [0, inf). Used only with use_separate_braking_friction.
    bool use_separate_braking_friction = false;    ///< Brake with braking_friction instead of ground_friction.
    double braking_sub_step_time = 1.0 / 33.0;     ///< s, (0, inf); clamped to [1/75, 1/20] before use.
    double max_simulation_time_step = 0.05;        ///< s, (0, inf). Longest PhysWalking tick.
    int max_simulation_iterations = 8;             ///< ticks per frame, [1, 25].
    double min_analog_walk_speed = 0.0;            ///< cm/s, [0, inf).

    /// Every bad field, by its documented name; empty when the settings are usable.
    [[nodiscard]] FieldErrors validate() const;
};

}  // namespace kinema::movement
