#include "kinema/analysis/morrowind_sweep.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::analysis {

namespace {

// An upper bound on how long a stepped flight runs (s). Steps of at most `longest_step` s, each moving with
// its starting velocity, keep z(t) below the continuous arc with take-off v_z + g H / 2 (the steps add
// g sum(h^2) / 2 <= g H t / 2), so the ground is crossed by that arc's later root and the landing step ends
// within two steps and two frames of it; when the ground lies above the apex the flight gives up one frame
// after the apex.
double flight_time_bound(double vz, double g, double drop, double longest_step, double frame_time) {
    const double v = vz + g * longest_step / 2.0;
    const double disc = v * v + 2.0 * g * drop;
    const double crossing = disc >= 0.0 ? (v + std::sqrt(disc)) / g : std::max(vz, 0.0) / g;
    return std::max(crossing, 0.0) + 2.0 * longest_step + 2.0 * frame_time;
}

// Everything a sweep is refused for, before any stepping: its settings at every rate, the launch, and the
// work bound (docs/errors.md, "Limits").
void check_sweep(const movement::MorrowindModel& model, const movement::MorrowindLaunch& launch,
                 std::span<const double> rates, const movement::MorrowindPhysicsSettings& physics) {
    throw_if_invalid("MorrowindLaunch", launch.validate());
    for (const double rate : rates) {
        movement::MorrowindPhysicsSettings at = physics;
        at.physics_rate = rate;
        throw_if_invalid("MorrowindPhysicsSettings", at.validate());
    }
    const double work = morrowind_sweep_work(model, launch, rates, physics);
    if (work > morrowind_sweep_max_work) {
        throw_if_invalid(
            "Morrowind physics-rate sweep",
            {{"max_time", "flights of up to " + format_number(physics.max_time) + " s at " +
                              std::to_string(rates.size()) + " physics rates take up to " +
                              format_significant(work, 3) + " frames and steps, more than the " +
                              format_significant(morrowind_sweep_max_work, 3) +
                              " allowed: lower max_time, the physics rates, frame_rate, drop or the take-off "
                              "speed"}});
    }
}

}  // namespace

double morrowind_sweep_work(const movement::MorrowindModel& model, const movement::MorrowindLaunch& launch,
                            std::span<const double> rates,
                            const movement::MorrowindPhysicsSettings& physics) {
    double work = 0.0;
    for (const double rate : rates) {
        const double step = 1.0 / rate;
        const double frame_time = physics.frame_rate > 0.0 ? 1.0 / physics.frame_rate : step;
        // After max_steps_per_frame whole steps the rest of a frame is one step: at most a frame long.
        const double longest_step = std::max(step, frame_time);
        const double time = std::min(
            physics.max_time + frame_time,
            flight_time_bound(launch.velocity.z, model.gravity(), launch.drop, longest_step, frame_time));
        // One loop pass per rendered frame and one per physics step (at most one rest step per frame).
        const double frames = std::ceil(time / frame_time) + 1.0;
        work += frames + std::ceil(time * rate) + frames;
    }
    return work;
}

MorrowindRateSweep sweep_morrowind_physics_rate(const movement::MorrowindModel& model,
                                                const movement::MorrowindActor& actor,
                                                const movement::MorrowindLaunch& launch,
                                                std::span<const double> rates,
                                                const movement::MorrowindPhysicsSettings& physics) {
    check_sweep(model, launch, rates, physics);
    MorrowindRateSweep out;
    out.continuous = movement::continuous_flight(model, actor, launch);
    out.rows.reserve(rates.size());
    for (const double rate : rates) {
        movement::MorrowindPhysicsSettings at = physics;
        at.physics_rate = rate;
        out.rows.push_back({rate, movement::simulate_flight(model, actor, launch, at)});
    }
    return out;
}

std::span<const double> morrowind_default_rates() noexcept {
    static constexpr std::array<double, 21> kRates{5,  10, 15, 20,  24,  25,  30,  40,  48,  50, 60,
                                                   72, 75, 90, 100, 120, 144, 165, 180, 200, 240};
    return kRates;
}

}  // namespace kinema::analysis
