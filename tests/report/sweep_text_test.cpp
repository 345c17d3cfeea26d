// The sweep tables for hand-made results: the metric's unit with the model's length unit, numbers to four
// decimals, an infinite limit spelled "unbounded" and NaN (no known limit) "none".
#include <gtest/gtest.h>

#include <limits>

#include "kinema/report/sweep.hpp"

namespace kinema::report {
namespace {

TEST(SweepText, ModelTableSpellsInfiniteAndUnknownLimits) {
    analysis::SweepResult r{"unreal", "cm", {}, {}};
    analysis::SweepRow row;
    row.fps = 30.0;
    row.top_speed = 600.0;
    row.turn_rate = 587.5;
    r.rows.push_back(row);
    r.continuous.top_speed = std::numeric_limits<double>::infinity();
    r.continuous.turn_rate = std::numeric_limits<double>::quiet_NaN();
    const SweepMetric* metrics[] = {&sweep_metrics[0], &sweep_metrics[3]};  // top_speed, turn_rate
    EXPECT_EQ(sweep_text({&r, 1}, metrics, 0.01),
              "unreal (cm; stop distance to rest at 0.01 cm/s for stepping models)\n"
              "     fps         top_speed cm/s        turn_rate deg/s\n"
              "      30               600.0000               587.5000\n"
              "   limit              unbounded                   none\n");
}

TEST(SweepText, MorrowindTableNamesTheLaunchAndTheRenderedRate) {
    MorrowindSweepSetup setup;
    setup.launch.velocity = {0.0, 150.0, 200.0};
    setup.launch.air_input = {0.0, 100.0};
    setup.launch.air_control = 0.5;
    setup.launch.drop = 10.0;
    setup.physics.frame_rate = 30.0;
    setup.physics.max_steps_per_frame = 4;
    analysis::MorrowindRateSweep sweep;
    analysis::MorrowindRateRow row{60.0, {}};
    row.flight.lands = true;
    row.flight.steps = 45;
    row.flight.airtime = 0.75;
    sweep.rows.push_back(row);
    sweep.continuous.lands = true;
    sweep.continuous.airtime = 0.7421875;                  // 0.7422 at four decimals
    const FlightMetric* metrics[] = {&flight_metrics[1]};  // airtime
    EXPECT_EQ(
        morrowind_sweep_text(setup, sweep, metrics, "NPC"),
        "morrowind jump vs physics rate (NPC; take-off 0, 150, 200 u/s, air input 0, 100 u/s x 0.5, drop 10 "
        "u, rendered at 30 Hz, at most 4 steps a frame)\n"
        "      Hz        airtime s    steps  lands\n"
        "      60           0.7500       45    yes\n"
        "   limit           0.7422        -    yes\n");
    setup.physics.frame_rate = 0.0;
    EXPECT_TRUE(morrowind_sweep_title(setup, "NPC").ends_with("drop 10 u, one physics step per frame)"));
}

}  // namespace
}  // namespace kinema::report

namespace kinema::report {
namespace {

TEST(SweepMetrics, NamedInTheOrderGivenOrAllOfThem) {
    const std::vector<std::string> names = {"turn_rate", "top_speed"};
    const std::vector<const SweepMetric*> chosen = sweep_metrics_named(names);
    ASSERT_EQ(chosen.size(), 2u);
    EXPECT_EQ(chosen[0], &sweep_metrics[3]);
    EXPECT_EQ(chosen[1], &sweep_metrics[0]);
    EXPECT_EQ(flight_metrics_named({}).size(), 3u);
    try {
        (void)flight_metrics_named(names);
        FAIL() << "turn_rate is not a flight metric";
    } catch (const UnknownMetric& e) {
        EXPECT_EQ(e.name, "turn_rate");
        EXPECT_EQ(e.valid, "apex_height, airtime, distance");
    }
}

}  // namespace
}  // namespace kinema::report
