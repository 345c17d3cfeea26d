#include "kinema/render/report_chart.hpp"

#include "kinema/report/chart.hpp"

namespace kinema::render {

ReportChart report_chart(const report::Chart& chart) {
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

std::string chart_png(const report::Chart& chart) {
    const ReportChart drawn = report_chart(chart);
    return chart_png(drawn.panels, drawn.settings);
}

std::string chart_svg(const report::Chart& chart) {
    const ReportChart drawn = report_chart(chart);
    return chart_svg(drawn.panels, drawn.settings);
}

}  // namespace kinema::render
