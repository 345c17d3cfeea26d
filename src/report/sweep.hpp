// The results of `kinema sweep` as JSON and CSV: the models' frame-rate sweeps (analysis::SweepResult) and a
// Morrowind jump's physics-rate sweep (analysis::MorrowindRateSweep), each with the metrics the user chose,
// in the order chosen.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/analysis/morrowind_sweep.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/morrowind_physics.hpp"

namespace kinema::report {

/// A metric of a model sweep: its name in JSON and CSV, a title for charts, a unit ("L" = the model's length
/// unit) and the row's field.
struct SweepMetric {
    const char* name;
    const char* title;
    const char* unit;
    double analysis::SweepRow::*field;
};

inline constexpr SweepMetric sweep_metrics[] = {
    {"top_speed", "Top speed", "L/s", &analysis::SweepRow::top_speed},
    {"time_to_90", "Time to 90% of top speed", "s", &analysis::SweepRow::time_to_90},
    {"stop_distance", "Stop distance from top speed", "L", &analysis::SweepRow::stop_distance},
    {"turn_rate", "Full-speed turn rate", "deg/s", &analysis::SweepRow::turn_rate},
};

/// A metric of a Morrowind jump's flight.
struct FlightMetric {
    const char* name;
    const char* title;
    const char* unit;
    double movement::MorrowindFlight::*field;
};

inline constexpr FlightMetric flight_metrics[] = {
    {"apex_height", "Apex height", "u", &movement::MorrowindFlight::apex_height},
    {"airtime", "Airtime", "s", &movement::MorrowindFlight::airtime},
    {"distance", "Horizontal distance", "u", &movement::MorrowindFlight::distance},
};

/// A metric name that is in neither table; `valid` lists the table's names ("a, b, c").
struct UnknownMetric : std::invalid_argument {
    UnknownMetric(std::string name_, std::string valid_);
    std::string name;
    std::string valid;
};
/// The metrics called `names`, in the order given (all of the table when `names` is empty); throws
/// UnknownMetric for the first name the table does not hold.
[[nodiscard]] std::vector<const SweepMetric*> sweep_metrics_named(std::span<const std::string> names);
[[nodiscard]] std::vector<const FlightMetric*> flight_metrics_named(std::span<const std::string> names);

/// `{"models": [...]}`: per model its unit, the rest speed, the continuous limit and one row per rate; NaN
/// (the library's "none") is null.
[[nodiscard]] std::string sweep_json(std::span<const analysis::SweepResult> results,
                                     std::span<const SweepMetric* const> metrics, double rest_speed);
/// `model,fps,METRICS...`, one row per rate and one `inf` row per model (its continuous limit); NaN is
/// "none".
[[nodiscard]] std::string sweep_csv(std::span<const analysis::SweepResult> results,
                                    std::span<const SweepMetric* const> metrics);

/// What a Morrowind physics-rate sweep ran: the launch and the physics settings.
struct MorrowindSweepSetup {
    double gravity = 0.0;  ///< u/s^2
    movement::MorrowindLaunch launch;
    movement::MorrowindPhysicsSettings physics;
};

[[nodiscard]] std::string morrowind_sweep_json(const MorrowindSweepSetup& setup,
                                               const analysis::MorrowindRateSweep& sweep,
                                               std::span<const FlightMetric* const> metrics);
/// `model,physics_rate,METRICS...,lands,steps`, the continuous limit last (rate `inf`, no steps).
[[nodiscard]] std::string morrowind_sweep_csv(const analysis::MorrowindRateSweep& sweep,
                                              std::span<const FlightMetric* const> metrics);

/// A Morrowind jump stepped at each physics rate: what ran and what came of it.
struct MorrowindJumpSweep {
    MorrowindSweepSetup setup;
    analysis::MorrowindRateSweep sweep;
};
/// The jump's launch (movement::morrowind_launch) swept over `rates`; throws the library's SettingsError
/// (take_off_speed, drop, max_time) for the caller to name.
[[nodiscard]] MorrowindJumpSweep sweep_morrowind_jump(const movement::MorrowindModel& model,
                                                      const movement::MorrowindActor& actor,
                                                      const movement::MorrowindStance& stance, Vec2 direction,
                                                      double drop, std::span<const double> rates,
                                                      const movement::MorrowindPhysicsSettings& physics);

// The human tables `kinema sweep` prints: numbers to 4 decimals, NaN (no limit) as "none".
/// Per model: a title naming its unit and rest speed, one row per frame rate and the "limit" row.
[[nodiscard]] std::string sweep_text(std::span<const analysis::SweepResult> results,
                                     std::span<const SweepMetric* const> metrics, double rest_speed);
/// "morrowind jump vs physics rate (ACTOR; take-off ..., drop ... u, rendered at ...)": `actor` is
/// describe_morrowind_actor's text.
[[nodiscard]] std::string morrowind_sweep_title(const MorrowindSweepSetup& setup, std::string_view actor);
/// The title, one row per physics rate (with its steps and whether it lands) and the "limit" row.
[[nodiscard]] std::string morrowind_sweep_text(const MorrowindSweepSetup& setup,
                                               const analysis::MorrowindRateSweep& sweep,
                                               std::span<const FlightMetric* const> metrics,
                                               std::string_view actor);

}  // namespace kinema::report
