// The stop answers' human text, against numbers worked out by hand from docs/analysis.md's closed forms:
// Epic's v^2 / (2 (beta v + a_B)) = 600^2 / (2 (16 * 600 + 2048)) = 15.453297 cm, and the continuous a_B (x -
// log1p x) / beta^2 with x = beta v0 / a_B = 4.6875: 23.593834 cm, t = log1p(x) / beta = 0.108642 s; the
// exact 60 fps stop (6 frames, 15.623476 cm) is unreal-cmc.md section 8's.
#include <gtest/gtest.h>

#include <vector>

#include "kinema/movement/unreal.hpp"
#include "kinema/report/stop.hpp"

namespace kinema::report {
namespace {

const movement::UnrealSettings kDefaults;

TEST(StopText, OneFrameRateShowsExactEpicAndContinuous) {
    const UnrealStopBasics b = unreal_stop_basics(kDefaults, 600.0);
    const StopRow row = unreal_stop_rows(kDefaults, 600.0, std::vector<double>{60.0}).at(0);
    EXPECT_EQ(unreal_stop_text(b, row),
              "Unreal CMC stop from 600 cm/s (beta = 16 1/s, a_B = 2048 cm/s^2) at 60 fps\n"
              "  exact: 15.623476 cm, 6 frames (0.100000 s)\n"
              "  Epic's estimate: 15.453297 cm (error -0.170180 cm)\n"
              "  continuous limit: 23.593834 cm\n");
}

TEST(StopText, NoBrakingNeverStops) {
    movement::UnrealSettings s;
    s.braking_friction_factor = 0.0;
    s.braking_deceleration_walking = 0.0;
    const StopRow row = unreal_stop_rows(s, 600.0, std::vector<double>{60.0}).at(0);
    EXPECT_EQ(unreal_stop_text(unreal_stop_basics(s, 600.0), row),
              "Unreal CMC stop from 600 cm/s (beta = 0 1/s, a_B = 0 cm/s^2) at 60 fps\n"
              "  never stops: no braking friction and no braking deceleration\n");
}

TEST(StopText, TableRowHoldsTheErrorsAndTheirShares) {
    const UnrealStopBasics b = unreal_stop_basics(kDefaults, 600.0);
    // Epic - exact = 15.453297 - 15.623476 = -0.1702 (-1.1 %); continuous - exact = +7.9704 (+51.0 %).
    EXPECT_EQ(unreal_stop_table_text(b, unreal_stop_rows(kDefaults, 600.0, std::vector<double>{60.0})),
              "Unreal CMC stop from 600 cm/s (beta = 16 1/s, a_B = 2048 cm/s^2)\n"
              "Epic's PredictGroundMovementStopLocation: 15.4533 cm; continuous limit: 23.5938 cm\n"
              "    fps    exact cm  frames    time s    Epic err   Epic %   cont. err  cont. %\n"
              "     60     15.6235       6    0.1000     -0.1702     -1.1     +7.9704    +51.0\n");
}

TEST(StopText, ContinuousShowsTheOdeStop) {
    EXPECT_EQ(unreal_stop_continuous_text(unreal_stop_basics(kDefaults, 600.0)),
              "Unreal CMC stop from 600 cm/s (beta = 16 1/s, a_B = 2048 cm/s^2), continuous time (dv/dt = "
              "-(a_B + beta v))\n"
              "  distance 23.593834 cm, time 0.108642 s\n"
              "  Epic's estimate 15.453297 cm (error -8.140537 cm)\n");
}

TEST(StopText, ShortTraceRepeatsItsLastFrameTime) {
    // Three frames of 1/60 s: the stop takes 6, so the last frame time repeats, and the mean rate is 60 fps
    // itself (error 0).
    const std::vector<double> trace(3, 1.0 / 60.0);
    const TraceStop t = unreal_trace_stop(kDefaults, 600.0, "t.csv", trace);
    EXPECT_EQ(
        unreal_stop_trace_text(unreal_stop_basics(kDefaults, 600.0), t),
        "Unreal CMC stop from 600 cm/s (beta = 16 1/s, a_B = 2048 cm/s^2) over the frame times of t.csv "
        "(3 rows)\n"
        "  exact over the trace: 15.623476 cm, 6 frames, 0.100000 s (the last frame time repeated after "
        "the trace)\n"
        "  constant mean rate (0.016667 s, 60.00 fps): 15.623476 cm, 6 frames (error +0.000000 cm)\n"
        "  continuous limit: 23.593834 cm\n");
}

TEST(StopText, PivotShowsEpicsError) {
    PivotStop p;
    p.speed = 300.0;
    p.fps = 60.0;
    p.pivot.stops = true;
    p.pivot.distance = 5.5;
    p.pivot.frames = 4;
    p.epic_distance = 6.25;
    p.max_acceleration = 2048.0;
    p.ground_friction = 8.0;
    EXPECT_EQ(unreal_pivot_text(p),
              "Unreal CMC pivot from 300 cm/s at 60 fps (input reversed, A = 2048 cm/s^2, F = 8 1/s)\n"
              "  exact: turns round after 5.500000 cm, velocity points back in frame 4\n"
              "  Epic's PredictGroundMovementPivotLocation: 6.250000 cm (error +0.750000 cm)\n");
}

TEST(StopText, SteppedModelsRowsAndTheRowThatNeverStops) {
    SteppedStop stop{"crosscode", "px", 300.0, 0.01, {}, true};
    stop.rows.push_back({12.0, {true, 0.0, 1.0 / 12.0, 1, false}});
    analysis::StopPrediction never;
    never.stops = false;
    never.frames = 1000000;
    stop.rows.push_back({30.0, never});
    EXPECT_EQ(stepped_stop_text(stop),
              "crosscode stop from 300 px/s by stepping with zero input (rest at <= 0.01 px/s)\n"
              "    fps      dist px    frames     time s\n"
              "     12       0.0000         1     0.0833\n"
              "     30      no stop   1000000          -\n");
}

}  // namespace
}  // namespace kinema::report

namespace kinema::report {
namespace {

TEST(StopText, SteppingRestsWhereTheSweepDoes) {
    EXPECT_EQ(stepped_stop_defaults().rest_speed, analysis::SweepSettings{}.rest_speed);
    EXPECT_EQ(stepped_stop_defaults().max_frames, analysis::GenericStopSettings{}.max_frames);
}

}  // namespace
}  // namespace kinema::report
