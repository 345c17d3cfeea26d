// A report's chart (kinema/report/chart.hpp: the curves an analysis result composes) drawn as a line chart
// (kinema/render/chart.hpp). The report part does not link render, whose cairo is optional, so the drawing of
// its charts lives here; a face only chooses the files.
#pragma once

#include <string>
#include <vector>

#include "kinema/render/chart.hpp"

namespace kinema::report {
struct Chart;
}  // namespace kinema::report

namespace kinema::render {

/// The chart's panels and layout: each report panel and curve as a ChartPanel and ChartSeries, the chart's
/// title and x label as the settings (default sizes).
struct ReportChart {
    std::vector<ChartPanel> panels;
    ChartSettings settings;
};
[[nodiscard]] ReportChart report_chart(const report::Chart& chart);

/// The report's chart as PNG bytes / as an SVG document: chart_png and chart_svg of report_chart(chart).
[[nodiscard]] std::string chart_png(const report::Chart& chart);
[[nodiscard]] std::string chart_svg(const report::Chart& chart);

}  // namespace kinema::render
