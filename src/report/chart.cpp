#include "kinema/report/chart.hpp"

#include <cmath>

#include <fmt/format.h>

#include "kinema/report/sweep.hpp"

namespace kinema::report {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A panel of a metric's stepped value over its continuous limit.
Chart::Panel ratio_panel(std::string_view title) {
    return {std::string(title) + " / continuous limit", "ratio to the dt -> 0 limit", {}, 1.0, "continuous"};
}

// A limit of 0 or an infinite one gives no ratio.
bool usable_limit(double limit) {
    return std::isfinite(limit) && limit != 0.0;
}

}  // namespace

Chart sweep_chart(std::span<const analysis::SweepResult> results,
                  std::span<const SweepMetric* const> metrics) {
    Chart chart{"Frame-rate dependence (kinema sweep)", "frames per second", {}};
    for (const SweepMetric* m : metrics) {
        Chart::Panel panel = ratio_panel(m->title);
        for (const analysis::SweepResult& r : results) {
            const double limit = r.continuous.*(m->field);
            Chart::Curve curve{std::string(r.model) + (usable_limit(limit) ? "" : " (no limit)"), {}, {}};
            for (const analysis::SweepRow& row : r.rows) {
                curve.x.push_back(row.fps);
                curve.y.push_back(usable_limit(limit) ? row.*(m->field) / limit : kNaN);
            }
            panel.curves.push_back(std::move(curve));
        }
        chart.panels.push_back(std::move(panel));
    }
    return chart;
}

Chart morrowind_sweep_chart(const analysis::MorrowindRateSweep& sweep,
                            std::span<const FlightMetric* const> metrics) {
    Chart chart{
        "Physics-rate dependence of a Morrowind jump (kinema sweep)", "physics steps per second (Hz)", {}};
    for (const FlightMetric* m : metrics) {
        Chart::Panel panel = ratio_panel(m->title);
        const double limit = sweep.continuous.*(m->field);
        Chart::Curve curve{usable_limit(limit) ? "morrowind" : "morrowind (no limit)", {}, {}};
        for (const analysis::MorrowindRateRow& row : sweep.rows) {
            curve.x.push_back(row.physics_rate);
            curve.y.push_back(usable_limit(limit) ? row.flight.*(m->field) / limit : kNaN);
        }
        panel.curves.push_back(std::move(curve));
        chart.panels.push_back(std::move(panel));
    }
    return chart;
}

Chart replay_chart(const analysis::ReplayResult& r, std::string_view log) {
    Chart::Curve position{"|kinema - engine|", {}, {}};
    Chart::Curve velocity{"|kinema - engine|", {}, {}};
    for (const analysis::ReplayFrame& f : r.frames) {
        position.x.push_back(f.time);
        position.y.push_back(f.position_error);
        velocity.x.push_back(f.time);
        velocity.y.push_back(f.velocity_error);
    }
    const std::string unit(r.length_unit);
    Chart chart{fmt::format("kinema replay: {} against {}", r.model, log), "time (s)", {}};
    chart.panels.push_back({"Position difference", unit, {std::move(position)}, r.tolerance, "tolerance"});
    chart.panels.push_back(
        {"Velocity difference", unit + "/s", {std::move(velocity)}, r.tolerance, "tolerance"});
    return chart;
}

}  // namespace kinema::report
