#include "kinema/movement/dishonored.hpp"

#include <array>

#include "planar_math.hpp"

namespace kinema::movement {

namespace {

using S = DishonoredSettings;
// Finite bounds, so that every value computes finite frames (issue 40): speed_scale up to 2500 keeps MaxSpeed
// = 400 s within 1e6 u/s, the bound of every speed (a start velocity, stop --speed), and from 1e-6 keeps the
// turn rate a / (400 s) of the turn solver finite (4.9e-324 printed an infinite continuous limit); friction
// up to 1e6 1/s as Unreal's frictions: the explicit friction v -= dt f v overshoots past dt f = 2, which at
// the shortest frame any command steps (1 us) is f = 2e6, and 1e308 made dt f infinite and the frames NaN.
constexpr std::array kFields{
    field<S, &S::speed_scale>(
        "speed_scale", "1", closed_range(1e-6, 2500.0),
        "s in the DhTas notes: MaxSpeed = 400 s, MaxAccel = 2000 s (walk 1, sprint 1.5, agility "
        "1.95)"),
    field<S, &S::friction>("friction", "1/s", closed_range(0.0, 1e6),
                           "f in the DhTas notes: v -= dt f (v - |v| d) each frame"),
};
constexpr SettingsDescription kDescription{"DishonoredSettings", kFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<DishonoredSettings>) noexcept {
    return kDescription;
}

Vec2 dishonored_friction(Vec2 velocity, Vec2 direction, double friction, double dt) {
    // The DhTas notes line 6, with the same grouping: v -= (dt*f) * (v - |v|*d).
    return velocity - (dt * friction) * (velocity - detail::norm(velocity) * direction);
}

PlanarState step_unchecked(const DishonoredSettings& settings, const PlanarState& state, Vec2 input,
                           double dt) noexcept {
    const Vec2 wish = detail::clamp_input(input);
    Vec2 accel = dishonored_input_acceleration * wish;
    // The DhTas notes assumes a != 0. Without input there is no direction: d = 0 turns line 6 into plain
    // friction v -= dt*f*v, so a character with no input slows down exponentially (docs/movement.md).
    const double accel_length = detail::norm(accel);
    const Vec2 direction = accel_length > 0.0 ? accel / accel_length : Vec2{};
    const double max_accel = settings.max_acceleration();
    if (accel_length > max_accel) {
        accel = max_accel * direction;  // line 5
    }
    Vec2 velocity = dishonored_friction(state.velocity, direction, settings.friction, dt);  // line 6
    velocity += dt * accel;                                                                 // line 7
    const double speed = detail::norm(velocity);
    const double max_speed = settings.max_speed();
    if (speed > max_speed) {
        velocity = max_speed * (velocity / speed);  // line 9
    }
    return {state.position + dt * velocity, velocity};  // line 10: moves with the new velocity
}

PlanarState step(const DishonoredSettings& settings, const PlanarState& state, Vec2 input, double dt) {
    throw_if_invalid("DishonoredSettings", settings.validate());
    check_step_arguments(dt, input);
    return step_unchecked(settings, state, input, dt);
}

}  // namespace kinema::movement
