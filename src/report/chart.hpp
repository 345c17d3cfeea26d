// A result's chart as data -- panels of curves over a shared x axis -- for a face that draws it.
// kinema::render draws it (render::chart_png/chart_svg of a report::Chart, kinema/render/report_chart.hpp);
// this part does not link that library, whose cairo is optional, so the composition of the curves lives here
// and the drawing there.
#pragma once

#include <limits>
#include <span>
#include <string>
#include <vector>

#include "kinema/analysis/morrowind_sweep.hpp"
#include "kinema/analysis/replay.hpp"
#include "kinema/analysis/sweep.hpp"

namespace kinema::report {

struct SweepMetric;
struct FlightMetric;

struct Chart {
    struct Curve {
        std::string label;
        std::vector<double> x;
        std::vector<double> y;  ///< NaN: no point
    };
    struct Panel {
        std::string title;
        std::string y_label;
        std::vector<Curve> curves;
        double reference_y = std::numeric_limits<double>::quiet_NaN();  ///< a dashed line (NaN: none)
        std::string reference_label;
    };
    std::string title;
    std::string x_label;
    std::vector<Panel> panels;
};

/// `kinema sweep`: one panel per metric, each model's stepped value over its continuous limit against the
/// frame rate (no points, and "(no limit)" in the label, where the limit is 0 or not finite).
[[nodiscard]] Chart sweep_chart(std::span<const analysis::SweepResult> results,
                                std::span<const SweepMetric* const> metrics);
/// `kinema sweep --model morrowind`: the same against the physics rate.
[[nodiscard]] Chart morrowind_sweep_chart(const analysis::MorrowindRateSweep& sweep,
                                          std::span<const FlightMetric* const> metrics);
/// `kinema replay`: the position and velocity differences over time, the tolerance as the reference line.
[[nodiscard]] Chart replay_chart(const analysis::ReplayResult& result, std::string_view log);

}  // namespace kinema::report
