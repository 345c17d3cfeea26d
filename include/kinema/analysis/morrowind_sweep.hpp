// Frame-rate dependence of Morrowind jumps at OpenMW's physics rate: apex height, airtime and horizontal
// distance of one launch stepped at each physics rate, beside the continuous limit (the dependence OpenMW's
// users reported, reference morrowind.md section 2.4 and issue 4991). Units: u, s, Hz.
#pragma once

#include <span>
#include <vector>

#include "kinema/movement/morrowind_physics.hpp"

namespace kinema::analysis {

/// One physics rate of the sweep.
struct MorrowindRateRow {
    double physics_rate = 0.0;  ///< Hz
    movement::MorrowindFlight flight;
};

/// The series and its limit.
struct MorrowindRateSweep {
    std::vector<MorrowindRateRow> rows;    ///< one per requested rate, in order
    movement::MorrowindFlight continuous;  ///< movement::continuous_flight
};

/// The most loop passes (rendered frames plus physics steps, about 10-20 ns each) one sweep may take: a
/// second or less (docs/errors.md, "Limits").
inline constexpr double morrowind_sweep_max_work = 5e7;

/// An upper bound on the rendered frames plus physics steps the sweep of `launch` at `rates` takes: per rate,
/// the flight's length (at most max_time; else the time the arc, raised by half a step of gravity, needs to
/// reach the ground or, when the ground is above it, its apex) times the frame and physics rates.
[[nodiscard]] double morrowind_sweep_work(const movement::MorrowindModel& model,
                                          const movement::MorrowindLaunch& launch,
                                          std::span<const double> rates,
                                          const movement::MorrowindPhysicsSettings& physics);

/// Steps `launch` at each physics rate (Hz, each in [1, 10000]); `physics` supplies the rest (frame rate,
/// steps per frame, time limit) and its physics_rate is replaced by each rate. Throws SettingsError for bad
/// settings or launch, and, before any stepping, naming "max_time" when morrowind_sweep_work exceeds
/// morrowind_sweep_max_work.
[[nodiscard]] MorrowindRateSweep sweep_morrowind_physics_rate(
    const movement::MorrowindModel& model, const movement::MorrowindActor& actor,
    const movement::MorrowindLaunch& launch, std::span<const double> rates,
    const movement::MorrowindPhysicsSettings& physics = {});

/// The default rates: 5, 10, 15, 20, 24, 25, 30, 40, 48, 50, 60, 72, 75, 90, 100, 120, 144, 165, 180,
/// 200, 240 Hz.
[[nodiscard]] std::span<const double> morrowind_default_rates() noexcept;

}  // namespace kinema::analysis
