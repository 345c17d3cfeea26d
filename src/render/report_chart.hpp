// A report's chart (kinema/report/chart.hpp: the curves an analysis result composes) drawn as a line chart
// (kinema/render/chart.hpp). The report part does not link render, whose cairo is optional, so the drawing of
// its charts lives here; a face only chooses the files. Inline, and internal: the render library itself does
// not link the report part (its package component stays without it), a face that links both includes this.
#pragma once

#include <string>
#include <vector>

#include "kinema/render/chart.hpp"
#include "kinema/report/chart.hpp"

namespace kinema::render {

/// The chart's panels and layout: each report panel and curve as a ChartPanel and ChartSeries, the chart's
/// title and x label as the settings (default sizes).
struct ReportChart {
    std::vector<ChartPanel> panels;
    ChartSettings settings;
};

[[nodiscard]] inline ReportChart report_chart(const report::Chart& chart) {
    ReportChart out{{}, {.title = chart.title, .x_label = chart.x_label}};
    for (const report::Chart::Panel& p : chart.panels) {
        ChartPanel& panel = out.panels.emplace_back();
        panel = {p.title, p.y_label, {}, p.reference_y, p.reference_label};
        for (const report::Chart::Curve& c : p.curves) {
            panel.series.push_back({c.label, c.x, c.y});
        }
    }
    return out;
}

/// The report's chart as PNG bytes / as an SVG document: chart_png and chart_svg of report_chart(chart).
[[nodiscard]] inline std::string chart_png(const report::Chart& chart) {
    const ReportChart drawn = report_chart(chart);
    return chart_png(drawn.panels, drawn.settings);
}
[[nodiscard]] inline std::string chart_svg(const report::Chart& chart) {
    const ReportChart drawn = report_chart(chart);
    return chart_svg(drawn.panels, drawn.settings);
}

}  // namespace kinema::render
