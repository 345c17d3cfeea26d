// The charts' data: a sweep's ratios to the continuous limit (none where there is no usable limit) and a
// replay's differences against its tolerance.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "kinema/report/chart.hpp"
#include "kinema/report/sweep.hpp"

namespace kinema::report {
namespace {

TEST(Chart, SweepPanelsHoldTheRatioToTheLimit) {
    analysis::SweepResult r{"unreal", "cm", {}, {}};
    analysis::SweepRow row;
    row.fps = 30.0;
    row.top_speed = 450.0;
    row.turn_rate = 100.0;
    r.rows.push_back(row);
    r.continuous.top_speed = 600.0;
    r.continuous.turn_rate = std::numeric_limits<double>::quiet_NaN();
    const SweepMetric* metrics[] = {&sweep_metrics[0], &sweep_metrics[3]};
    const Chart chart = sweep_chart({&r, 1}, metrics);
    ASSERT_EQ(chart.panels.size(), 2u);
    EXPECT_EQ(chart.panels[0].title, "Top speed / continuous limit");
    EXPECT_EQ(chart.panels[0].reference_y, 1.0);
    EXPECT_EQ(chart.panels[0].curves[0].label, "unreal");
    EXPECT_EQ(chart.panels[0].curves[0].x, std::vector<double>{30.0});
    EXPECT_EQ(chart.panels[0].curves[0].y, std::vector<double>{0.75});  // 450 / 600
    EXPECT_EQ(chart.panels[1].curves[0].label, "unreal (no limit)");
    EXPECT_TRUE(std::isnan(chart.panels[1].curves[0].y.at(0)));
}

TEST(Chart, ReplayPanelsAreTheDifferencesOverTime) {
    analysis::ReplayResult r;
    r.model = "crosscode";
    r.length_unit = "px";
    r.tolerance = 0.5;
    analysis::ReplayFrame f;
    f.time = 0.25;
    f.position_error = 2.0;
    f.velocity_error = 3.0;
    r.frames = {f};
    const Chart chart = replay_chart(r, "log.csv");
    EXPECT_EQ(chart.title, "kinema replay: crosscode against log.csv");
    ASSERT_EQ(chart.panels.size(), 2u);
    EXPECT_EQ(chart.panels[1].y_label, "px/s");
    EXPECT_EQ(chart.panels[1].reference_y, 0.5);
    EXPECT_EQ(chart.panels[0].curves[0].y, std::vector<double>{2.0});
    EXPECT_EQ(chart.panels[1].curves[0].y, std::vector<double>{3.0});
}

}  // namespace
}  // namespace kinema::report
