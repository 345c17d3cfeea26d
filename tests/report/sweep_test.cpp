// The sweep reports: one CSV row per rate plus the continuous limit, JSON values equal to the rows' fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "kinema/report/sweep.hpp"

namespace kinema::report {
namespace {

analysis::SweepResult two_rates() {
    analysis::SweepResult r;
    r.model = "unreal";
    r.length_unit = "cm";
    r.rows.push_back({30.0, 600.0, 0.25, 120.5, 90.0});
    r.rows.push_back({60.0, 600.0, 0.2, 118.0, std::nan("")});
    r.continuous = {INFINITY, 600.0, 0.19, 117.0, 45.0};
    return r;
}

TEST(SweepReport, CsvHasOneRowPerRateAndTheLimit) {
    const analysis::SweepResult r = two_rates();
    const std::vector<const SweepMetric*> metrics{&sweep_metrics[0], &sweep_metrics[3]};
    const std::string csv = sweep_csv({&r, 1}, metrics);
    EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);
    EXPECT_EQ(csv,
              "model,fps,top_speed,turn_rate\nunreal,30,600,90\nunreal,60,600,none\nunreal,inf,600,45\n");
}

// Issue 40: no output prints a metric as inf; a stop that never ends is "unbounded", as in the tables.
TEST(SweepReport, CsvSpellsAnInfiniteMetricUnbounded) {
    analysis::SweepResult r = two_rates();
    r.rows[0].stop_distance = INFINITY;
    const std::vector<const SweepMetric*> metrics{&sweep_metrics[2]};
    EXPECT_EQ(sweep_csv({&r, 1}, metrics),
              "model,fps,stop_distance\nunreal,30,unbounded\nunreal,60,118\nunreal,inf,117\n");
}

TEST(SweepReport, JsonHoldsTheRowsFieldsAndNullForNone) {
    const analysis::SweepResult r = two_rates();
    const std::vector<const SweepMetric*> metrics{&sweep_metrics[2], &sweep_metrics[3], &sweep_metrics[2]};
    const auto j = nlohmann::json::parse(sweep_json({&r, 1}, metrics, 0.01));
    const auto& model = j["models"][0];
    EXPECT_EQ(model["rest_speed"].get<double>(), 0.01);
    EXPECT_FALSE(model["continuous"].contains("fps"));
    EXPECT_EQ(model["continuous"]["stop_distance"].get<double>(), 117.0);
    ASSERT_EQ(model["rows"].size(), 2u);
    EXPECT_EQ(model["rows"][0].size(), 3u);  // fps and the two distinct metrics
    EXPECT_EQ(model["rows"][0]["stop_distance"].get<double>(), 120.5);
    EXPECT_TRUE(model["rows"][1]["turn_rate"].is_null());
}

TEST(SweepReport, MorrowindSweepListsStepsAndTheLimitLast) {
    analysis::MorrowindRateSweep sweep;
    movement::MorrowindFlight flight;
    flight.lands = true;
    flight.steps = 42;
    flight.frames = 42;
    flight.apex_height = 80.5;
    sweep.rows.push_back({60.0, flight});
    sweep.continuous.lands = true;
    sweep.continuous.apex_height = 81.0;
    const std::vector<const FlightMetric*> metrics{&flight_metrics[0]};
    EXPECT_EQ(morrowind_sweep_csv(sweep, metrics),
              "model,physics_rate,apex_height,lands,steps\nmorrowind,60,80.5,1,42\nmorrowind,inf,81,1,\n");
    const auto j = nlohmann::json::parse(morrowind_sweep_json({627.2, {}, {}}, sweep, metrics));
    EXPECT_EQ(j["models"][0]["gravity"].get<double>(), 627.2);
    EXPECT_EQ(j["models"][0]["rows"][0]["steps"].get<int>(), 42);
    EXPECT_FALSE(j["models"][0]["continuous"].contains("steps"));
}

}  // namespace
}  // namespace kinema::report
