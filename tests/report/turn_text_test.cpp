// The turn answers' human text, against docs/analysis.md's closed forms worked by hand for walking
// Dishonored (f = 8/s, a = 5/s, MaxSpeed 400 u/s): at 15 fps k = dt f - 1 = -7/15 and r = dt (a + f) = 13/15,
// so cos(theta) = (r^2 - 1 - k^2) / (2k) = 1/2: the largest full-speed turn is 60 deg (900 deg/s, radius
// 400 / (900 pi / 180) = 25.46 u), and dt (a + 2f) = 1.4 >= 1 makes every turn reachable (180 deg). The
// continuous limit is (fV + A) sin(phi) / V with cos(phi) = 3200 / 5200: sqrt(105) rad/s = 587.1 deg/s.
#include <gtest/gtest.h>

#include <numbers>

#include "kinema/report/turn.hpp"

namespace kinema::report {
namespace {

constexpr double kRad = std::numbers::pi / 180.0;

TEST(TurnText, TableRowsAndTheContinuousLimit) {
    TurnTable table = dishonored_turn_table(analysis::TurnSettings{});
    table.presets.resize(1);  // walk
    table.fps = {8.0, 15.0};  // at 8 fps (dt = 1/f) every direction keeps full speed
    EXPECT_EQ(turn_table_text(table),
              "Largest full-speed turn (Dishonored, the DhTas notes): degrees per frame and per second\n"
              "   fps walk deg/f      deg/s\n"
              "     8     180.00     1440.0\n"
              "    15      60.00      900.0\n"
              " limit          -      587.1\n");
}

TEST(TurnText, MaxAtFifteenFps) {
    EXPECT_EQ(max_turn_text(max_turn(15.0, 1.0 / 15.0, analysis::TurnSettings{})),
              "Dishonored at 15 fps, speed scale 1 (MaxSpeed 400 u/s)\n"
              "  largest turn at full speed:  60.0000 deg/frame  900.00 deg/s  radius 25.46 u\n"
              "  largest reachable turn:      180.0000 deg/frame  2700.00 deg/s\n"
              "  continuous limit:                             587.11 deg/s\n");
}

TEST(TurnText, AngleGivesTheInputAndTheSpeedKept) {
    // docs/analysis.md's example: m' = sqrt(r^2 - k^2 sin^2 20) - k cos 20 = 1.0424770 at 30 fps.
    EXPECT_EQ(angle_turn_text(angle_turn(30.0, 1.0 / 30.0, analysis::TurnSettings{}, 20.0)),
              "Dishonored at 30 fps, speed scale 1: turn 20 deg from full speed\n"
              "  input direction  (0.568326095, 0.822803409)  = 55.366418 deg from the velocity\n"
              "  m' = 1.042477032  speed after the step 400.000000 u/s (full speed)\n");
}

TEST(TurnText, AngleBeyondReachNamesTheLargest) {
    AngleTurn turn{60.0, 1.0, 170.0, {}, 12.5};
    EXPECT_EQ(angle_turn_text(turn),
              "Dishonored at 60 fps, speed scale 1: a 170 deg turn is not reachable in one "
              "frame (largest 12.5000 deg)\n");
}

TEST(TurnText, QuantizedShowsTheWantedAndTheBestTurn) {
    // 360 units per turn: one unit is one degree.
    QuantizedTurnReport turn;
    turn.dt = 0.25;
    turn.ticks = 2500000;
    turn.speed_scale = 1.0;
    turn.yaw.units_per_turn = 360;
    turn.angle_deg = 20.0;
    analysis::QuantizedTurn q;
    q.wanted_units = 20;
    q.wanted_angle = 20.0 * kRad;
    q.reachable = true;
    q.exact_input_angle = 55.5 * kRad;
    q.input_units = 56;
    q.input_angle = 56.0 * kRad;
    q.taken_angle = 20.25 * kRad;
    q.angle_error = 0.25 * kRad;
    q.normalized_speed = 1.25;
    q.speed = 400.0;
    q.full_speed = true;
    turn.quantized = q;
    turn.full_speed_turn_deg = 30.0;
    turn.best.wanted_units = 180;
    turn.best.wanted_angle = 180.0 * kRad;
    EXPECT_EQ(
        quantized_turn_text(turn),
        "Dishonored at 4 fps (dt 0.25 s = 2500000 ticks of 100 ns), speed scale 1, 360 yaw units per turn\n"
        "  turn 20 deg from full speed, in whole units (rounded as DhTas rounds):\n"
        "    wanted turn      20 units = 20.000000 deg\n"
        "    input yaw sent   56 units = 56.000000 deg (solver: 55.500000 deg = 55.500 units)\n"
        "    direction taken  20.250000 deg (error +0.250000 deg)\n"
        "    m' = 1.250000000  speed after the step 400.000000 u/s (full speed)\n"
        "  best whole-unit full-speed turn (largest full-speed turn 30.000000 deg):\n"
        "    wanted 180 units = 180.000000 deg: not reachable in one frame\n");
}

}  // namespace
}  // namespace kinema::report
