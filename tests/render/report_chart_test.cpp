// A report's chart drawn by render (kinema/render/report_chart.hpp): every panel, curve, reference line and
// the figure's title and x label reach the line chart unchanged, and the files are the line chart's bytes.
#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "kinema/render/chart.hpp"
#include "kinema/render/report_chart.hpp"
#include "kinema/report/chart.hpp"

namespace kinema::render {
namespace {

report::Chart two_panels() {
    report::Chart chart;
    chart.title = "Frame-rate dependence";
    chart.x_label = "frames per second";
    report::Chart::Panel& a = chart.panels.emplace_back();
    a.title = "Stop distance";
    a.y_label = "ratio";
    a.reference_y = 1.0;
    a.reference_label = "continuous";
    a.curves.push_back({"unreal", {30, 60}, {0.5, std::nan("")}});
    a.curves.push_back({"dishonored", {30, 60}, {1.1, 1.05}});
    report::Chart::Panel& b = chart.panels.emplace_back();
    b.title = "Top speed";
    b.curves.push_back({"unreal", {30, 120}, {1.0, 0.75}});
    return chart;
}

TEST(ReportChart, KeepsEveryPanelCurveAndLabel) {
    const ReportChart drawn = report_chart(two_panels());
    EXPECT_EQ(drawn.settings.title, "Frame-rate dependence");
    EXPECT_EQ(drawn.settings.x_label, "frames per second");
    EXPECT_EQ(drawn.settings.panel_width, 560);  // the default layout
    EXPECT_EQ(drawn.settings.columns, 2);
    ASSERT_EQ(drawn.panels.size(), 2u);
    const ChartPanel& a = drawn.panels[0];
    EXPECT_EQ(a.title, "Stop distance");
    EXPECT_EQ(a.y_label, "ratio");
    EXPECT_EQ(a.reference_y, 1.0);
    EXPECT_EQ(a.reference_label, "continuous");
    ASSERT_EQ(a.series.size(), 2u);
    EXPECT_EQ(a.series[0].label, "unreal");
    EXPECT_EQ(a.series[0].x, (std::vector<double>{30, 60}));
    EXPECT_EQ(a.series[0].y[0], 0.5);
    EXPECT_TRUE(std::isnan(a.series[0].y[1]));
    EXPECT_EQ(a.series[1].label, "dishonored");
    EXPECT_EQ(a.series[1].y, (std::vector<double>{1.1, 1.05}));
    const ChartPanel& b = drawn.panels[1];
    EXPECT_EQ(b.title, "Top speed");
    EXPECT_TRUE(std::isnan(b.reference_y));  // none
    ASSERT_EQ(b.series.size(), 1u);
    EXPECT_EQ(b.series[0].y, (std::vector<double>{1.0, 0.75}));
}

TEST(ReportChart, FilesAreTheLineChartsBytes) {
    const ReportChart drawn = report_chart(two_panels());
    EXPECT_EQ(chart_svg(two_panels()), chart_svg(drawn.panels, drawn.settings));
    EXPECT_EQ(chart_png(two_panels()), chart_png(drawn.panels, drawn.settings));
    EXPECT_NE(chart_svg(two_panels()).find(">Frame-rate dependence</text>"), std::string::npos);
}

}  // namespace
}  // namespace kinema::render
