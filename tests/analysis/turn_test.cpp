// Turn solver against the DhTas notes' equation and the reference tables (dishonored-crosscode-and-tas.md
// section 2).
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "kinema/analysis/turn.hpp"
#include "kinema/movement/dishonored.hpp"

namespace kinema::analysis {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

TurnSettings scale(double s) {
    TurnSettings t;
    t.speed_scale = s;
    return t;
}

// The seed's normalised equation m' u = w - dt f (w - d) + a dt d with a = 2000 / (400 s) holds for the
// returned d and m', and d is a unit vector.
TEST(TurnSolver, SatisfiesSeedEquationGeneralForm) {
    for (double s : {1.0, 1.5, 1.95}) {
        for (double fps : {8.0, 10.0, 20.0, 30.0, 60.0, 144.0}) {
            const double dt = 1.0 / fps;
            const double a = 5.0 / s;
            for (double wa : {0.0, 1.0, -2.5}) {
                for (double turn_deg : {0.0, 3.0, 10.0, 20.0, -35.0, 90.0, 179.0}) {
                    const Vec2 w{std::cos(wa), std::sin(wa)};
                    const Vec2 u{std::cos(wa + turn_deg * kDeg), std::sin(wa + turn_deg * kDeg)};
                    const TurnSolution sol = solve_turn(w, u, dt, scale(s));
                    if (!sol.reachable) {
                        continue;
                    }
                    const Vec2 d = sol.input_direction;
                    EXPECT_NEAR(length(d), 1.0, 1e-12);
                    const Vec2 rhs = w - (w - d) * (dt * 8.0) + d * (a * dt);
                    EXPECT_NEAR(rhs.x, sol.normalized_speed * u.x, 1e-12);
                    EXPECT_NEAR(rhs.y, sol.normalized_speed * u.y, 1e-12);
                    EXPECT_NEAR(sol.speed, std::min(sol.normalized_speed, 1.0) * 400.0 * s, 1e-9);
                }
            }
        }
    }
}

// Every solution fed into the Dishonored step (movement::step, the DhTas notes Algorithm 1) from full speed
// along w: the new velocity points along u and has the predicted speed, to 1e-9.
TEST(TurnSolver, AgreesWithDishonoredStep) {
    for (double s : {1.0, 1.5, 1.95}) {
        movement::DishonoredSettings model;
        model.speed_scale = s;
        for (double fps : {4.5, 8.0, 9.0, 10.5, 15.0, 21.0, 30.0, 60.0, 144.0, 240.0, 1000.0}) {
            const double dt = 1.0 / fps;
            int checked = 0;
            for (double wa = -3.0; wa < 3.2; wa += 0.7) {
                for (double t = -1.0; t <= 1.0; t += 0.025) {
                    const double turn = t * max_reachable_turn(dt, scale(s));
                    const Vec2 w{std::cos(wa), std::sin(wa)};
                    const Vec2 u{std::cos(wa + turn), std::sin(wa + turn)};
                    const TurnSolution sol = solve_turn(w, u, dt, scale(s));
                    if (!sol.reachable) {
                        continue;
                    }
                    ++checked;
                    const movement::PlanarState next =
                        movement::step(model, {{0, 0}, w * (400.0 * s)}, sol.input_direction, dt);
                    // The whole new velocity agrees to 1e-9 of MaxSpeed; its direction to 1e-9 wherever the
                    // speed is not within rounding of zero (the circle grazing the origin at 21 fps for
                    // walking).
                    const double speed = length(next.velocity);
                    EXPECT_NEAR(speed, sol.speed, 1e-9 * 400.0 * s);
                    EXPECT_NEAR(next.velocity.x, sol.speed * u.x, 1e-9 * 400.0 * s);
                    EXPECT_NEAR(next.velocity.y, sol.speed * u.y, 1e-9 * 400.0 * s);
                    if (sol.speed > 1e-3 * 400.0 * s) {
                        EXPECT_NEAR(cross(next.velocity / speed, u), 0.0, 1e-9);
                        EXPECT_GT(dot(next.velocity, u), 0.0);
                    }
                }
            }
            EXPECT_GT(checked, 300) << fps;
        }
    }
}

// The largest full-speed turn really is the edge: just inside it the step keeps MaxSpeed, just outside it
// loses speed (walk, 30 and 60 fps).
TEST(TurnSolver, MaxFullSpeedTurnIsTheEdgeOfTheStep) {
    const movement::DishonoredSettings model;
    for (double fps : {30.0, 60.0, 144.0}) {
        const double dt = 1.0 / fps;
        const double edge = max_full_speed_turn(dt);
        for (double turn : {edge - 1e-6, edge + 1e-6}) {
            const TurnSolution sol = solve_turn_by_angle(turn, dt);
            ASSERT_TRUE(sol.reachable);
            const movement::PlanarState next =
                movement::step(model, {{0, 0}, {400, 0}}, sol.input_direction, dt);
            if (turn < edge) {
                EXPECT_NEAR(length(next.velocity), 400.0, 1e-9);
            } else {
                EXPECT_LT(length(next.velocity), 400.0 - 1e-7);
            }
        }
    }
}

TEST(TurnSolver, AngleFormMatchesGeneralFormWithXAxis) {
    for (double fps : {9.0, 30.0, 60.0}) {
        for (double deg : {5.0, 12.0, 30.0, 150.0}) {
            const TurnSolution a = solve_turn_by_angle(deg * kDeg, 1.0 / fps);
            const TurnSolution b =
                solve_turn({1, 0}, {std::cos(deg * kDeg), std::sin(deg * kDeg)}, 1.0 / fps);
            ASSERT_EQ(a.reachable, b.reachable);
            if (a.reachable) {
                EXPECT_NEAR(a.input_direction.x, b.input_direction.x, 1e-12);
                EXPECT_NEAR(a.input_direction.y, b.input_direction.y, 1e-12);
                EXPECT_NEAR(a.normalized_speed, b.normalized_speed, 1e-12);
            }
        }
    }
}

// At dt = 1/f = 1/8 friction cancels (the DhTas notes): d = u and m' = dt (a + f) = (5 + 8)/8 for walking, so
// every direction keeps full speed.
TEST(TurnSolver, EightFpsRedirectsEverything) {
    for (double deg = -180.0; deg <= 180.0; deg += 7.5) {
        const TurnSolution sol = solve_turn_by_angle(deg * kDeg, 1.0 / 8.0);
        ASSERT_TRUE(sol.reachable);
        EXPECT_NEAR(sol.input_direction.x, std::cos(deg * kDeg), 1e-12);
        EXPECT_NEAR(sol.input_direction.y, std::sin(deg * kDeg), 1e-12);
        EXPECT_NEAR(sol.normalized_speed, 13.0 / 8.0, 1e-12);
        EXPECT_DOUBLE_EQ(sol.speed, 400.0);
    }
    EXPECT_DOUBLE_EQ(max_full_speed_turn(1.0 / 8.0), std::numbers::pi);
}

// Walk at 30 fps: centre 1 - 8/30 = 0.7333, radius 13/30 = 0.4333 < 0.7333, so the reachable cone is
// sin(theta) = 0.4333 / 0.7333 -> 36.2 degrees (reference section 2); beyond it the radicand is negative.
TEST(TurnSolver, UnreachableBeyondTangent) {
    EXPECT_NEAR(max_reachable_turn(1.0 / 30.0) / kDeg, 36.2, 0.05);
    EXPECT_NEAR(max_reachable_turn(1.0 / 60.0) / kDeg, 14.5, 0.05);
    EXPECT_NEAR(max_reachable_turn(1.0 / 144.0) / kDeg, 5.5, 0.05);
    EXPECT_FALSE(solve_turn_by_angle(37.0 * kDeg, 1.0 / 30.0).reachable);
    EXPECT_TRUE(solve_turn_by_angle(36.0 * kDeg, 1.0 / 30.0).reachable);
    EXPECT_FALSE(solve_turn({0, 1}, {0, -1}, 1.0 / 60.0).reachable);
    // At and below 21 fps (walk) the circle contains the origin: everything is reachable.
    EXPECT_DOUBLE_EQ(max_reachable_turn(1.0 / 20.0), std::numbers::pi);
}

// Reference section 2 table: max full-speed turn per frame and per second.
TEST(TurnSolver, ReferenceTable) {
    struct Row {
        double fps, walk_deg_frame, walk_deg_s, sprint_deg_s, agility_deg_s;
    };
    for (const Row& r : {Row{15, 60.0, 900, 692, 590}, Row{30, 23.0, 690, 539, 463},
                         Row{60, 10.5, 632, 494, 425}, Row{144, 4.2, 604, 473, 407}}) {
        const double dt = 1.0 / r.fps;
        EXPECT_NEAR(max_full_speed_turn(dt) / kDeg, r.walk_deg_frame, 0.05) << r.fps;
        EXPECT_NEAR(max_full_speed_turn(dt) / kDeg * r.fps, r.walk_deg_s, 0.5) << r.fps;
        EXPECT_NEAR(max_full_speed_turn(dt, scale(1.5)) / kDeg * r.fps, r.sprint_deg_s, 0.5) << r.fps;
        EXPECT_NEAR(max_full_speed_turn(dt, scale(1.95)) / kDeg * r.fps, r.agility_deg_s, 0.5) << r.fps;
    }
    EXPECT_NEAR(continuous_full_speed_turn_rate() / kDeg, 587, 0.5);
    EXPECT_NEAR(continuous_full_speed_turn_rate(scale(1.5)) / kDeg, 460, 0.5);
    EXPECT_NEAR(continuous_full_speed_turn_rate(scale(1.95)) / kDeg, 395, 0.5);
    // Radius at walk 30 fps: 400 / (690 deg/s) = 33.2 u.
    EXPECT_NEAR(400.0 / (max_full_speed_turn(1.0 / 30.0) * 30.0), 33.2, 0.05);
}

TEST(TurnSolver, Thresholds) {
    EXPECT_NEAR(all_directions_reachable_fps(), 21.0, 1e-12);
    EXPECT_NEAR(all_directions_reachable_fps(scale(1.5)), 19.3, 0.05);
    EXPECT_NEAR(all_directions_reachable_fps(scale(1.95)), 18.6, 0.05);
    EXPECT_NEAR(all_directions_full_speed_fps(), 10.5, 1e-12);
    EXPECT_NEAR(all_directions_full_speed_fps(scale(1.5)), 9.67, 0.005);
    EXPECT_NEAR(all_directions_full_speed_fps(scale(1.95)), 9.28, 0.005);
    // Straight back (the worst case) keeps full speed exactly at the threshold: m' = dt (a + 2f) - 1 = 1.
    const TurnSolution back = solve_turn_by_angle(std::numbers::pi, 1.0 / 10.5);
    ASSERT_TRUE(back.reachable);
    EXPECT_NEAR(back.normalized_speed, 1.0, 1e-12);
    EXPECT_LT(solve_turn_by_angle(std::numbers::pi, 1.0 / 10.6).normalized_speed, 1.0);
    EXPECT_DOUBLE_EQ(max_full_speed_turn(1.0 / 10.5), std::numbers::pi);
}

TEST(TurnSolver, RejectsBadInput) {
    EXPECT_THROW((void)solve_turn_by_angle(0.1, 0.0), SettingsError);
    EXPECT_THROW((void)max_full_speed_turn(1.0 / 30.0, scale(0.0)), SettingsError);
    EXPECT_FALSE(solve_turn({0, 0}, {1, 0}, 1.0 / 30.0).reachable);
}

}  // namespace
}  // namespace kinema::analysis

namespace {

using namespace kinema::analysis;
using kinema::Vec2;

constexpr double kDeg = 3.14159265358979323846 / 180.0;

TEST(QuantizedTurn, RoundsHalvesToEvenLikePython) {
    EXPECT_EQ(round_half_even(0.5), 0.0);
    EXPECT_EQ(round_half_even(1.5), 2.0);
    EXPECT_EQ(round_half_even(2.5), 2.0);
    EXPECT_EQ(round_half_even(-2.5), -2.0);
    EXPECT_EQ(round_half_even(-3.5), -4.0);
    EXPECT_EQ(round_half_even(-4538.514331460288), -4539.0);
    EXPECT_EQ(round_half_even(2.4999999999999996), 2.0);
    EXPECT_EQ(dt_from_ticks(4'000'000), 0.4);
    EXPECT_EQ(dt_from_ticks(1'250'000), 0.125);
}

TEST(QuantizedTurn, DhTasSprintTurnAtTwoAndAHalfFps) {
    // DhTas any.py: compute_turn(-8192, 1/2.5) with a = 2000/600 (sprint). The continuous input yaw is
    // -24.930804 deg = -4538.514331 units; Python's round gives -4539. Sending -4539 units turns the velocity
    // by -45.004204 deg with m' = 2.702502 (values from an independent transcription of compute_turn).
    TurnSettings sprint;
    sprint.speed_scale = 1.5;
    const QuantizedTurn q = solve_turn_units(-8192, dt_from_ticks(4'000'000), sprint);
    ASSERT_TRUE(q.reachable);
    EXPECT_NEAR(q.wanted_angle / kDeg, -45.0, 1e-12);
    EXPECT_NEAR(q.exact_input_angle / kDeg, -24.930804, 5e-7);
    EXPECT_EQ(q.input_units, -4539);
    EXPECT_NEAR(q.input_angle / kDeg, -4539.0 * 360.0 / 65536.0, 1e-12);
    EXPECT_NEAR(q.taken_angle / kDeg, -45.00420351362958, 1e-9);
    EXPECT_NEAR(q.angle_error / kDeg, -0.00420351362958, 1e-9);
    EXPECT_NEAR(q.normalized_speed, 2.7025017634977386, 1e-12);
    EXPECT_TRUE(q.full_speed);
    EXPECT_EQ(q.speed, 600.0);
    // The same step through the movement model.
    kinema::movement::DishonoredSettings model;
    model.speed_scale = 1.5;
    const kinema::movement::PlanarState after = kinema::movement::step(
        model, {{0.0, 0.0}, {600.0, 0.0}}, {std::cos(q.input_angle), std::sin(q.input_angle)}, 0.4);
    EXPECT_NEAR(std::atan2(after.velocity.y, after.velocity.x), q.taken_angle, 1e-13);
    EXPECT_NEAR(length(after.velocity), q.speed, 1e-9);
    // By angle: -45 deg is exactly -8192 units.
    EXPECT_EQ(solve_turn_quantized(-45.0 * kDeg, 0.4, sprint).input_units, -4539);
}

TEST(QuantizedTurn, EightFpsSendsTheWantedUnitsExactly) {
    // dt = 1/f: k = 0, so d = u (the DhTas notes) and every whole-unit turn is exact, at m' = dt (a + f)
    // = 1.625 (walk).
    for (const std::int64_t units : {1, 100, 5000, -12345, 32768}) {
        const QuantizedTurn q = solve_turn_units(units, dt_from_ticks(1'250'000));
        ASSERT_TRUE(q.reachable) << units;
        EXPECT_EQ(q.input_units, units);
        EXPECT_NEAR(q.angle_error, 0.0, 1e-12);
        EXPECT_NEAR(q.normalized_speed, 1.625, 1e-12);
        EXPECT_EQ(q.speed, 400.0);
    }
}

TEST(QuantizedTurn, CoarseUnitsAndUnreachableTurns) {
    // 8 units per turn (45 deg each) at 8 fps: wanted 50 deg rounds to 1 unit = 45 deg, taken exactly.
    const YawQuantization coarse{8};
    const QuantizedTurn q = solve_turn_quantized(50.0 * kDeg, 0.125, {}, coarse);
    EXPECT_EQ(q.wanted_units, 1);
    EXPECT_EQ(q.input_units, 1);
    EXPECT_NEAR(q.taken_angle / kDeg, 45.0, 1e-12);
    // Walk at 60 fps reaches at most 14.5 deg (reference section 2): 90 deg is not reachable.
    const QuantizedTurn far = solve_turn_units(16384, 1.0 / 60.0);
    EXPECT_FALSE(far.reachable);
    EXPECT_EQ(far.speed, 0.0);
    EXPECT_THROW((void)solve_turn_units(40000, 0.1), kinema::SettingsError);
    EXPECT_THROW((void)solve_turn_units(1, 0.1, {}, YawQuantization{0}), kinema::SettingsError);
}

TEST(QuantizedTurn, BestWholeUnitFullSpeedTurn) {
    // Sprint at 60 fps: the largest full-speed turn is 8.2416 deg/frame (README), 1500.4 units.
    TurnSettings sprint;
    sprint.speed_scale = 1.5;
    const double limit = max_full_speed_turn(1.0 / 60.0, sprint);
    const QuantizedTurn best = best_full_speed_turn_units(1.0 / 60.0, sprint);
    const double unit = YawQuantization{}.radians_per_unit();
    EXPECT_EQ(best.wanted_units, static_cast<std::int64_t>(std::floor(limit / unit)));
    EXPECT_EQ(best.wanted_units, 1500);
    EXPECT_LE(static_cast<double>(best.wanted_units) * unit, limit);
    EXPECT_GT(static_cast<double>(best.wanted_units + 1) * unit, limit);
    ASSERT_TRUE(best.reachable);
    EXPECT_NEAR(best.speed, 600.0, 600.0 * 1e-4);  // within the rounding of the sent input
    // Below 9.67 fps every direction keeps full speed: the best turn is half a turn.
    EXPECT_EQ(best_full_speed_turn_units(0.125, sprint).wanted_units, 32768);
}

}  // namespace
