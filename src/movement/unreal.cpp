#include "kinema/movement/unreal.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "planar_math.hpp"

namespace kinema::movement {

namespace {

// UCharacterMovementComponent's property names in snake_case; units and ranges as unreal-cmc.md section 1.
using S = UnrealSettings;
constexpr std::array kFields{
    field<S, &S::ground_friction>("ground_friction", "1/s", closed_range(0.0, 1e6),
                                  "turning friction; braking friction unless use_separate_braking_friction"),
    field<S, &S::max_walk_speed>("max_walk_speed", "cm/s", closed_range(0.0, 1e6), "MaxWalkSpeed"),
    field<S, &S::max_acceleration>("max_acceleration", "cm/s^2", closed_range(0.0, 1e8),
                                   "MaxAcceleration (full input)"),
    field<S, &S::braking_deceleration_walking>("braking_deceleration_walking", "cm/s^2",
                                               closed_range(0.0, 1e8), "constant deceleration without input"),
    field<S, &S::braking_friction_factor>("braking_friction_factor", "1", closed_range(0.0, 1e3),
                                          "multiplies the braking friction"),
    field<S, &S::braking_friction>("braking_friction", "1/s", closed_range(0.0, 1e6),
                                   "braking friction when use_separate_braking_friction"),
    field<S, &S::use_separate_braking_friction>("use_separate_braking_friction", "bool", {},
                                                "brake with braking_friction instead of ground_friction"),
    field<S, &S::braking_sub_step_time>("braking_sub_step_time", "s", interval(0.0, false, 10.0, true),
                                        "braking sub-step, clamped to [1/75, 1/20] when used"),
    field<S, &S::max_simulation_time_step>("max_simulation_time_step", "s", interval(0.0, false, 10.0, true),
                                           "longest PhysWalking tick"),
    field<S, &S::max_simulation_iterations>("max_simulation_iterations", "count",
                                            closed_range(1.0, unreal_max_iterations_limit),
                                            "ticks per frame at most; the last takes the rest"),
    field<S, &S::min_analog_walk_speed>("min_analog_walk_speed", "cm/s", closed_range(0.0, 1e6),
                                        "lowest max speed for a small analog input"),
};
constexpr SettingsDescription kDescription{"UnrealSettings", kFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<UnrealSettings>) noexcept {
    return kDescription;
}

namespace {

// UMovementComponent::IsExceedingMaxSpeed: a 1 % tolerance on the squared speed absorbs rounding.
bool exceeds(Vec2 velocity, double max_speed) {
    const double max_clamped = std::max(0.0, max_speed);
    return length_squared(velocity) > max_clamped * max_clamped * unreal_over_max_tolerance;
}

// FVector::GetClampedToMaxSize: a cap below 1e-4 gives the zero vector.
Vec2 clamp_size(Vec2 v, double max_size) {
    if (max_size < unreal_kinda_small_number) {
        return {};
    }
    const double size_squared = length_squared(v);
    if (size_squared > max_size * max_size) {
        if (size_squared > std::numeric_limits<double>::max()) {
            return detail::scaled_to_size_without_overflow(v, max_size);
        }
        return v * (max_size * (1.0 / std::sqrt(size_squared)));
    }
    return v;
}

// FVector::GetSafeNormal: vectors with a squared size below 1e-8 (UE_SMALL_NUMBER) have no direction.
Vec2 safe_normal(Vec2 v) {
    const double size_squared = length_squared(v);
    if (size_squared == 1.0) {
        return v;
    }
    if (size_squared < 1e-8) {
        return {};
    }
    return v * (1.0 / std::sqrt(size_squared));
}

// The next PhysWalking tick (GetSimulationTimeStep; unreal-cmc.md section 2). `iteration` counts from 1 and
// is already incremented for the tick being computed, as in the engine.
double simulation_tick(const UnrealSettings& settings, double remaining, int iteration) {
    if (remaining > settings.max_simulation_time_step && iteration < settings.max_simulation_iterations) {
        remaining = std::min(settings.max_simulation_time_step, remaining * 0.5);
    }
    return std::max(unreal_min_tick_time, remaining);
}

}  // namespace

UnrealTickSchedule unreal_tick_schedule(const UnrealSettings& settings, double frame_dt) {
    throw_if_invalid("UnrealSettings", settings.validate());
    check_step_arguments(frame_dt, {});
    return unreal_tick_schedule_unchecked(settings, frame_dt);
}

UnrealTickSchedule unreal_tick_schedule_unchecked(const UnrealSettings& settings, double frame_dt) noexcept {
    UnrealTickSchedule schedule;
    double remaining = frame_dt;
    int iteration = 0;
    while (remaining >= unreal_min_tick_time && iteration < settings.max_simulation_iterations) {
        ++iteration;
        const double tick = simulation_tick(settings, remaining, iteration);
        remaining -= tick;
        schedule.ticks[schedule.count++] = tick;
    }
    return schedule;
}

double unreal_braking_sub_step_cap(const UnrealSettings& settings) noexcept {
    return std::clamp(settings.braking_sub_step_time, unreal_min_braking_sub_step,
                      unreal_max_braking_sub_step);
}

double unreal_braking_friction(const UnrealSettings& settings) noexcept {
    const double friction =
        settings.use_separate_braking_friction ? settings.braking_friction : settings.ground_friction;
    return std::max(0.0, friction * std::max(0.0, settings.braking_friction_factor));
}

double unreal_braking_sub_step(const UnrealSettings& settings, double remaining) noexcept {
    const double cap = unreal_braking_sub_step_cap(settings);
    // Zero friction leaves a constant deceleration, which one Euler step integrates exactly: no sub-steps.
    return (remaining > cap && unreal_braking_friction(settings) != 0.0) ? std::min(cap, remaining * 0.5)
                                                                         : remaining;
}

Vec2 unreal_apply_velocity_braking(const UnrealSettings& settings, Vec2 velocity, double tick,
                                   double friction, double braking_deceleration) noexcept {
    if (velocity == Vec2{} || tick < unreal_min_tick_time) {
        return velocity;
    }
    const double beta = std::max(0.0, friction * std::max(0.0, settings.braking_friction_factor));
    const double a_b = std::max(0.0, braking_deceleration);
    const bool zero_friction = beta == 0.0;
    const bool zero_braking = a_b == 0.0;
    if (zero_friction && zero_braking) {
        return velocity;
    }
    const Vec2 old_velocity = velocity;
    const double cap = unreal_braking_sub_step_cap(settings);
    // The constant deceleration keeps the starting direction for the whole tick (computed once).
    const Vec2 rev_accel = zero_braking ? Vec2{} : -a_b * safe_normal(velocity);
    double remaining = tick;
    while (remaining >= unreal_min_tick_time) {
        const double h = (remaining > cap && !zero_friction) ? std::min(cap, remaining * 0.5) : remaining;
        remaining -= h;
        velocity = velocity + (-beta * velocity + rev_accel) * h;
        // Braking never reverses the motion: a sub-step that would is cut to a full stop, at once.
        if (dot(velocity, old_velocity) <= 0.0) {
            return {};
        }
    }
    // Once per call (per tick), not per sub-step.
    const double size_squared = length_squared(velocity);
    if (size_squared <= unreal_kinda_small_number ||
        (!zero_braking && size_squared <= unreal_brake_to_stop_velocity * unreal_brake_to_stop_velocity)) {
        return {};
    }
    return velocity;
}

Vec2 unreal_calc_velocity(const UnrealSettings& settings, Vec2 velocity, Vec2 input, double tick) noexcept {
    if (tick < unreal_min_tick_time) {
        return velocity;
    }
    const double friction = std::max(0.0, settings.ground_friction);
    const double max_accel = settings.max_acceleration;
    // ScaleInputAcceleration and ComputeAnalogInputModifier (unreal-cmc.md section 3 step 5).
    const Vec2 acceleration = max_accel * clamp_size(input, 1.0);
    const double accel_size_squared = length_squared(acceleration);
    const double analog_modifier = (accel_size_squared > 0.0 && max_accel > 1e-8)
                                       ? std::clamp(std::sqrt(accel_size_squared) / max_accel, 0.0, 1.0)
                                       : 0.0;
    // No path following here, so RequestedSpeed is 0 and MaxSpeed becomes MaxInputSpeed.
    const double max_input_speed =
        std::max(settings.max_walk_speed * analog_modifier, settings.min_analog_walk_speed);
    const double max_speed = max_input_speed;

    const bool zero_acceleration = acceleration == Vec2{};
    const bool over_max = exceeds(velocity, max_speed);
    if (zero_acceleration || over_max) {
        const Vec2 old_velocity = velocity;
        const double braking_friction =
            settings.use_separate_braking_friction ? settings.braking_friction : friction;
        velocity = unreal_apply_velocity_braking(settings, velocity, tick, braking_friction,
                                                 settings.braking_deceleration_walking);
        // Braking may not take a character that is pushing forward below max speed if it started above it.
        if (over_max && length_squared(velocity) < max_speed * max_speed &&
            dot(acceleration, old_velocity) > 0.0) {
            velocity = safe_normal(old_velocity) * max_speed;
        }
    } else {
        // Friction turns the velocity toward the input direction (section 3 step 7); the min(.., 1) keeps it
        // from overshooting at long ticks.
        const Vec2 accel_dir = safe_normal(acceleration);
        const double speed = detail::norm(velocity);
        velocity = velocity - (velocity - accel_dir * speed) * std::min(tick * friction, 1.0);
    }

    if (!zero_acceleration) {
        const double new_max_input_speed =
            exceeds(velocity, max_input_speed) ? detail::norm(velocity) : max_input_speed;
        velocity += acceleration * tick;
        velocity = clamp_size(velocity, new_max_input_speed);
    }
    return velocity;
}

PlanarState step_unchecked(const UnrealSettings& settings, const PlanarState& state, Vec2 input,
                           double dt) noexcept {
    PlanarState next = state;
    if (dt < unreal_min_tick_time) {
        return next;  // PhysWalking returns at once for such a frame.
    }
    double remaining = dt;
    int iteration = 0;
    while (remaining >= unreal_min_tick_time && iteration < settings.max_simulation_iterations) {
        ++iteration;
        const double tick = simulation_tick(settings, remaining, iteration);
        remaining -= tick;
        next.velocity = unreal_calc_velocity(settings, next.velocity, input, tick);
        const Vec2 delta = next.velocity * tick;
        // FVector::IsNearlyZero(1e-4): the engine skips the move, then sets the velocity from the (zero)
        // actual displacement and stops iterating, because later ticks would be stuck as well.
        if (std::abs(delta.x) <= unreal_kinda_small_number &&
            std::abs(delta.y) <= unreal_kinda_small_number) {
            next.velocity = {};
            break;
        }
        next.position += delta;
    }
    return next;
}

PlanarState step(const UnrealSettings& settings, const PlanarState& state, Vec2 input, double dt) {
    throw_if_invalid("UnrealSettings", settings.validate());
    check_step_arguments(dt, input);
    return step_unchecked(settings, state, input, dt);
}

}  // namespace kinema::movement
