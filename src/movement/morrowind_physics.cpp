#include "kinema/movement/morrowind_physics.hpp"

#include "kinema/core/format.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace kinema::movement {

namespace {

using P = MorrowindPhysicsSettings;
constexpr std::array kPhysicsFields{
    field<P, &P::physics_rate>("physics_rate", "Hz", closed_range(1.0, 10000.0),
                               "fixed physics steps per second (OpenMW: 60; OPENMW_PHYSICS_FPS)"),
    field<P, &P::frame_rate>("frame_rate", "Hz", closed_range(0.0, 10000.0),
                             "rendered frames per second, 0 or >= 0.1; 0: one physics step per frame"),
    field<P, &P::max_steps_per_frame>("max_steps_per_frame", "count", closed_range(1.0, 1000.0),
                                      "whole physics steps per rendered frame before the rest is one step"),
    field<P, &P::max_time>("max_time", "s", interval(0.0, false, 3600.0, true),
                           "flight time after which the simulation gives up"),
};
constexpr SettingsDescription kPhysicsDescription{"MorrowindPhysicsSettings", kPhysicsFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<MorrowindPhysicsSettings>) noexcept {
    return kPhysicsDescription;
}

FieldErrors MorrowindPhysicsSettings::validate() const {
    FieldErrors errors = validate_settings(*this);
    // A frame rate in (0, 0.1) Hz is a typo, not a frame; 0 means "one physics step per frame".
    if (frame_rate > 0.0 && frame_rate < 0.1) {
        errors.push_back({"frame_rate", "must be 0 or in [0.1, 10000], got " + format_number(frame_rate)});
    }
    return errors;
}

FieldErrors MorrowindLaunch::validate() const {
    FieldErrors errors;
    require_finite(errors, "velocity.x", velocity.x);
    require_finite(errors, "velocity.y", velocity.y);
    require_finite(errors, "velocity.z", velocity.z);
    require_finite(errors, "air_input.x", air_input.x);
    require_finite(errors, "air_input.y", air_input.y);
    require_at_least(errors, "air_control", air_control, 0.0);
    // Within the world coordinates' 1e9 u: a drop of 1e308 gave an infinite continuous airtime (issue 40).
    require_in_range(errors, "drop", drop, -morrowind_max_fall_height, morrowind_max_fall_height);
    return errors;
}

namespace {

void check(const MorrowindModel& model, const MorrowindActor& actor, const MorrowindLaunch& launch) {
    // fall() validates the actor; do it up front so that a bad actor fails before any stepping.
    (void)model.fall(actor, 0.0);
    throw_if_invalid("MorrowindLaunch", launch.validate());
}

Vec2 horizontal_velocity(const MorrowindLaunch& launch) {
    // Seed 003 "Midair": total velocity = kinematic velocity + ground movement velocity x jumpMoveTerm.
    return Vec2{launch.velocity.x, launch.velocity.y} + launch.air_input * launch.air_control;
}

}  // namespace

MorrowindLaunch morrowind_launch(const MorrowindModel& model, const MorrowindActor& actor,
                                 const MorrowindStance& stance, Vec2 direction, double drop,
                                 bool keep_input) {
    const MorrowindJump jump = model.jump(actor, stance, direction);
    MorrowindLaunch out;
    out.velocity = jump.velocity;
    out.air_control = model.air_control(actor.acrobatics);
    out.drop = drop;
    const double len = length(direction);
    if (keep_input && len > 0.0) {
        const MorrowindAnimation anim = model.animation(actor, model.speed(actor, stance));
        out.air_input = direction / len * anim.real_speed;
    }
    return out;
}

MorrowindFlight simulate_flight(const MorrowindModel& model, const MorrowindActor& actor,
                                const MorrowindLaunch& launch, const MorrowindPhysicsSettings& physics) {
    throw_if_invalid("MorrowindPhysicsSettings", physics.validate());
    check(model, actor, launch);
    const double g = model.gravity();
    const double h = 1.0 / physics.physics_rate;
    const double frame_time = physics.frame_rate > 0.0 ? 1.0 / physics.frame_rate : h;
    const double ground = -launch.drop;
    const Vec2 vh = horizontal_velocity(launch);

    MorrowindFlight out;
    double z = 0.0;
    double vz = launch.velocity.z;
    double time = 0.0;
    double accumulator = 0.0;
    // One physics step of `dt`; true when it lands.
    const auto step = [&](double dt) {
        ++out.steps;
        time += dt;
        const double previous = z;
        // Position with the step's starting velocity, then gravity (reference 2.4; simulate_jump does the
        // same, reproducing the note's 1/60 s apex column).
        z += vz * dt;
        vz -= g * dt;
        out.apex_height = std::max(out.apex_height, z);
        if (z <= ground && z < previous) {
            // The movement solver stops the vertical move at the ground; the horizontal move is kept.
            out.lands = true;
            out.landing_speed = -(vz + g * dt);
            return true;
        }
        return false;
    };
    bool landed = false;
    while (!landed && time < physics.max_time) {
        // The ground above the apex can never be reached once the actor falls below it.
        if (vz <= 0.0 && z < ground) {
            break;
        }
        ++out.frames;
        accumulator += frame_time;
        // floor(accumulator / h) with a relative tolerance, so that 1/60 + 1/60 + 1/60 counts as 3 steps of
        // 1/60 rather than 2 and a sliver.
        auto whole = static_cast<long long>(std::floor(accumulator / h * (1.0 + 1e-12)));
        if (whole > physics.max_steps_per_frame) {
            for (int i = 0; i < physics.max_steps_per_frame && !landed; ++i) {
                landed = step(h);
            }
            const double rest = accumulator - physics.max_steps_per_frame * h;
            if (!landed && rest > 0.0) {
                landed = step(rest);
            }
            accumulator = 0.0;
        } else {
            for (long long i = 0; i < whole && !landed; ++i) {
                landed = step(h);
            }
            accumulator = std::max(0.0, accumulator - static_cast<double>(whole) * h);
        }
    }
    if (!out.lands) {
        return out;
    }
    out.airtime = time;
    out.distance = length(vh) * time;
    out.fall_height = out.apex_height + launch.drop;
    out.fall = model.fall(actor, std::max(0.0, out.fall_height));
    return out;
}

MorrowindFlight continuous_flight(const MorrowindModel& model, const MorrowindActor& actor,
                                  const MorrowindLaunch& launch) {
    check(model, actor, launch);
    const double g = model.gravity();
    const double vz = launch.velocity.z;
    MorrowindFlight out;
    out.apex_height = vz > 0.0 ? vz * vz / (2.0 * g) : 0.0;
    // z(t) = -drop: g t^2 / 2 - vz t - drop = 0, later root t = (vz + sqrt(vz^2 + 2 g drop)) / g; the ground
    // must lie below the apex (and, above take-off, be reached on the way down).
    const double disc = vz * vz + 2.0 * g * launch.drop;
    if (disc < 0.0 || (launch.drop < 0.0 && vz <= 0.0)) {
        return out;
    }
    const double t = (vz + std::sqrt(disc)) / g;
    if (!(t > 0.0)) {
        return out;
    }
    out.lands = true;
    out.airtime = t;
    out.distance = length(horizontal_velocity(launch)) * t;
    out.fall_height = out.apex_height + launch.drop;
    out.landing_speed = g * t - vz;
    out.fall = model.fall(actor, std::max(0.0, out.fall_height));
    return out;
}

}  // namespace kinema::movement
