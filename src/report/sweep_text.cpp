// `kinema sweep`'s Morrowind jump sweep composed from the library, and the sweeps' human tables.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "kinema/report/sweep.hpp"
#include "kinema/report/text.hpp"

namespace kinema::report {
namespace {

// A metric's value; NaN is the library's "none" (no known limit, no turn keeping full speed), infinity
// "unbounded" (a stop that never ends: the explicit friction diverges at that rate, or the stop passes
// sweep_max_stop_seconds), as the CSV spells them; no table prints inf.
std::string value_text(double v) {
    return std::isnan(v) ? "none" : (std::isinf(v) ? "unbounded" : number_text(v));
}

// "L" in a metric's unit stands for the model's length unit.
std::string unit_for(const SweepMetric& m, std::string_view length_unit) {
    std::string u = m.unit;
    if (!u.empty() && u[0] == 'L') {
        u = std::string(length_unit) + u.substr(1);
    }
    return u;
}

void append_model_table(std::string& out, const analysis::SweepResult& r,
                        std::span<const SweepMetric* const> metrics, double rest_speed) {
    out += fmt::format("{} ({}; stop distance to rest at {} {}/s for stepping models)\n", r.model,
                       r.length_unit, number_text(rest_speed), r.length_unit);
    out += fmt::format("{:>8}", "fps");
    for (const SweepMetric* m : metrics) {
        out += fmt::format(" {:>22}", fmt::format("{} {}", m->name, unit_for(*m, r.length_unit)));
    }
    out += "\n";
    auto line = [&](const analysis::SweepRow& row, const std::string& label) {
        out += fmt::format("{:>8}", label);
        for (const SweepMetric* m : metrics) {
            const double v = row.*(m->field);
            out += std::isfinite(v) ? fmt::format(" {:>22.4f}", v) : fmt::format(" {:>22}", value_text(v));
        }
        out += "\n";
    };
    for (const analysis::SweepRow& row : r.rows) {
        line(row, number_text(row.fps));
    }
    line(r.continuous, "limit");
}

template <class M, std::size_t N>
std::vector<const M*> metrics_named(std::span<const std::string> names, const M (&table)[N]) {
    std::vector<const M*> metrics;
    for (const std::string& name : names) {
        const auto it =
            std::find_if(std::begin(table), std::end(table), [&](const M& m) { return name == m.name; });
        if (it == std::end(table)) {
            std::string valid;
            for (const M& m : table) {
                valid.append(valid.empty() ? "" : ", ").append(m.name);
            }
            throw UnknownMetric(name, valid);
        }
        metrics.push_back(&*it);
    }
    if (metrics.empty()) {
        for (const M& m : table) {
            metrics.push_back(&m);
        }
    }
    return metrics;
}

}  // namespace

UnknownMetric::UnknownMetric(std::string name_, std::string valid_)
    : std::invalid_argument("unknown metric '" + name_ + "'"),
      name(std::move(name_)),
      valid(std::move(valid_)) {}

std::vector<const SweepMetric*> sweep_metrics_named(std::span<const std::string> names) {
    return metrics_named(names, sweep_metrics);
}

std::vector<const FlightMetric*> flight_metrics_named(std::span<const std::string> names) {
    return metrics_named(names, flight_metrics);
}

MorrowindJumpSweep sweep_morrowind_jump(const movement::MorrowindModel& model,
                                        const movement::MorrowindActor& actor,
                                        const movement::MorrowindStance& stance, Vec2 direction, double drop,
                                        std::span<const double> rates,
                                        const movement::MorrowindPhysicsSettings& physics) {
    MorrowindJumpSweep out;
    out.setup = {model.gravity(), movement::morrowind_launch(model, actor, stance, direction, drop), physics};
    out.sweep = analysis::sweep_morrowind_physics_rate(model, actor, out.setup.launch, rates, physics);
    return out;
}

std::string sweep_text(std::span<const analysis::SweepResult> results,
                       std::span<const SweepMetric* const> metrics, double rest_speed) {
    std::string out;
    for (const analysis::SweepResult& r : results) {
        append_model_table(out, r, metrics, rest_speed);
    }
    return out;
}

std::string morrowind_sweep_title(const MorrowindSweepSetup& setup, std::string_view actor) {
    const movement::MorrowindLaunch& launch = setup.launch;
    const movement::MorrowindPhysicsSettings& physics = setup.physics;
    return fmt::format(
        "morrowind jump vs physics rate ({}; take-off {}, {}, {} u/s, air input {}, {} u/s x {}, drop {} u, "
        "{})",
        actor, number_text(launch.velocity.x), number_text(launch.velocity.y), number_text(launch.velocity.z),
        number_text(launch.air_input.x), number_text(launch.air_input.y), number_text(launch.air_control),
        number_text(launch.drop),
        physics.frame_rate > 0.0 ? fmt::format("rendered at {} Hz, at most {} steps a frame",
                                               number_text(physics.frame_rate), physics.max_steps_per_frame)
                                 : std::string("one physics step per frame"));
}

std::string morrowind_sweep_text(const MorrowindSweepSetup& setup, const analysis::MorrowindRateSweep& sweep,
                                 std::span<const FlightMetric* const> metrics, std::string_view actor) {
    std::string out = morrowind_sweep_title(setup, actor) + "\n";
    out += fmt::format("{:>8}", "Hz");
    for (const FlightMetric* m : metrics) {
        out += fmt::format(" {:>16}", fmt::format("{} {}", m->name, m->unit));
    }
    out += fmt::format(" {:>8} {:>6}\n", "steps", "lands");
    auto line = [&](const movement::MorrowindFlight& f, const std::string& label, const std::string& steps) {
        out += fmt::format("{:>8}", label);
        for (const FlightMetric* m : metrics) {
            out += fmt::format(" {:>16.4f}", f.*(m->field));
        }
        out += fmt::format(" {:>8} {:>6}\n", steps, f.lands ? "yes" : "no");
    };
    for (const analysis::MorrowindRateRow& row : sweep.rows) {
        line(row.flight, number_text(row.physics_rate), std::to_string(row.flight.steps));
    }
    line(sweep.continuous, "limit", "-");
    return out;
}

}  // namespace kinema::report
