#include "kinema/movement/crosscode.hpp"

#include <algorithm>
#include <array>

#include "planar_math.hpp"

namespace kinema::movement {

namespace {

using S = CrossCodeSettings;
// Finite bounds, so that every value computes finite frames (issue 40; 1e308 made the acceleration infinite
// and the frames NaN): max_vel up to 1e6 px/s, the bound of every speed; the frictions up to 1e5: the
// explicit friction v -= 12 f dt v overshoots past 12 f dt = 2 (movement::longest_stable_dt), which at the
// shortest frame any command steps (1 us) is f = 1.67e5, so a larger friction diverges at every frame rate;
// accel_speed up to 1000, as Unreal's braking_friction_factor (the acceleration max_vel * 10 * f *
// accel_speed stays below 1e16 px/s^2).
constexpr std::array kFields{
    field<S, &S::max_vel>("max_vel", "px/s", closed_range(0.0, 1e6),
                          "top speed reachable by acceleration (maxVel)"),
    field<S, &S::accel_speed>("accel_speed", "1", closed_range(0.0, 1e3),
                              "acceleration multiplier (accelSpeed)"),
    field<S, &S::friction>("friction", "1", closed_range(0.0, 1e5),
                           "ground friction; also scales the acceleration"),
    field<S, &S::air_friction>("air_friction", "1", closed_range(0.0, 1e5),
                               "friction used when not grounded"),
    field<S, &S::grounded>("grounded", "bool", {}, "1: on the ground (friction), 0: above it (air_friction)"),
};
constexpr SettingsDescription kDescription{"CrossCodeSettings", kFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<CrossCodeSettings>) noexcept {
    return kDescription;
}

PlanarState step_unchecked(const CrossCodeSettings& settings, const PlanarState& state, Vec2 input,
                           double dt) noexcept {
    const double friction = settings.active_friction();
    const Vec2 accel_dir = detail::clamp_input(input);
    // The products are grouped left to right as the seed's JavaScript evaluates them, so that our doubles
    // match.
    const Vec2 accel =
        accel_dir * (settings.max_vel * crosscode_accel_factor * friction * settings.accel_speed * dt);
    Vec2 friction_vel = state.velocity * (friction * crosscode_friction_factor * dt);

    // Trim the friction along accelDir so that friction does not fight the acceleration, unless the entity is
    // over max_vel or moving against accelDir (then it should slow down). Seed 001.
    const double vel_length = detail::norm(state.velocity);
    if (vel_length <= settings.max_vel) {
        const double along = dot(accel_dir, friction_vel);
        if (along >= 0.0) {
            friction_vel -= accel_dir * along;
        }
    }

    Vec2 velocity = state.velocity + accel;
    // Vec2.limit(vel, 0, max(velLength, maxVel)): acceleration may not push past max_vel, but an entity
    // already faster (e.g. knocked back) keeps its speed until friction takes it.
    const double limit = std::max(vel_length, settings.max_vel);
    const double speed = detail::norm(velocity);
    if (speed > limit) {
        velocity = velocity * (limit / speed);
    }
    velocity -= friction_vel;
    return {state.position + velocity * dt, velocity};
}

PlanarState step(const CrossCodeSettings& settings, const PlanarState& state, Vec2 input, double dt) {
    throw_if_invalid("CrossCodeSettings", settings.validate());
    check_step_arguments(dt, input);
    return step_unchecked(settings, state, input, dt);
}

}  // namespace kinema::movement
