// Unreal CMC walking: numbers from ../shared/reference/unreal-cmc.md (sections 0, 4, 7, 8) and hand
// derivations from the CalcVelocity / ApplyVelocityBraking rules of sections 3-4.
#include "kinema/movement/unreal.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace {

using kinema::Vec2;
using kinema::movement::PlanarState;
using kinema::movement::UnrealSettings;

// Steps the model with no input from v0 along +x until the velocity is zero; returns the distance travelled.
double stop_distance(const UnrealSettings& settings, double v0, double fps, int* frames_out = nullptr) {
    PlanarState state{{0.0, 0.0}, {v0, 0.0}};
    const double dt = 1.0 / fps;
    int frames = 0;
    while (state.velocity != Vec2{}) {
        state = kinema::movement::step(settings, state, {0.0, 0.0}, dt);
        ++frames;
        EXPECT_LT(frames, 100000) << "never stopped";
        if (frames >= 100000) {
            break;
        }
        EXPECT_EQ(state.position.y, 0.0);
    }
    if (frames_out != nullptr) {
        *frames_out = frames;
    }
    return state.position.x;
}

UnrealSettings with_braking(double beta, double a_b) {
    // beta = ground_friction * braking_friction_factor (factor 2 by default).
    UnrealSettings settings;
    settings.ground_friction = beta / 2.0;
    settings.braking_deceleration_walking = a_b;
    return settings;
}

// unreal-cmc.md section 7.3 with one PhysWalking tick per frame made of m equal braking sub-steps of length
// h: each tick maps v to (v + c) Q - c with Q = (1 - beta h)^m, c = a_B / beta, and moves by the new v times
// the tick. The stop tick N is the first with v_N <= v_s (10 cm/s with braking deceleration, else 0.01 =
// sqrt(1e-4)); it is zeroed and does not move, so d = tick * sum_{n=1}^{N-1} v_n = tick [(v0 + c) Q (1 -
// Q^(N-1)) / (1 - Q) - c (N-1)].
double closed_form_stop(double beta, double a_b, double v0, double tick, int sub_steps) {
    const double c = a_b / beta;
    const double h = tick / sub_steps;
    const double q = std::pow(1.0 - beta * h, sub_steps);
    const double v_s = a_b > 0.0 ? 10.0 : 0.01;
    const double n = std::ceil(std::log((v_s + c) / (v0 + c)) / std::log(q));
    return tick * ((v0 + c) * q * (1.0 - std::pow(q, n - 1.0)) / (1.0 - q) - c * (n - 1.0));
}

TEST(UnrealStop, DefaultsFrom600MatchTheReferenceTable) {
    // unreal-cmc.md section 0 item 1 / section 8 row "Defaults (16, 2048, 600)".
    const UnrealSettings defaults;
    EXPECT_NEAR(stop_distance(defaults, 600.0, 240.0), 21.56, 0.005);
    EXPECT_NEAR(stop_distance(defaults, 600.0, 144.0), 20.22, 0.005);
    EXPECT_NEAR(stop_distance(defaults, 600.0, 60.0), 15.62, 0.005);
    EXPECT_NEAR(stop_distance(defaults, 600.0, 30.0), 11.53, 0.005);
    EXPECT_NEAR(stop_distance(defaults, 600.0, 20.0), 6.70, 0.005);
}

TEST(UnrealStop, SixFramesAt60Fps) {
    // unreal-cmc.md section 8: "CMC at 60 fps 6 frames (0.10 s)".
    int frames = 0;
    stop_distance(UnrealSettings{}, 600.0, 60.0, &frames);
    EXPECT_EQ(frames, 6);
}

TEST(UnrealStop, FifteenFpsEqualsThirtyAndTenEqualsTwentyExactly) {
    // A 1/15 s frame is two 1/30 s ticks and a 0.1 s frame two 0.05 s ticks (section 4, "combined schedule"):
    // the same ticks in the same order, so the distances are bit-identical.
    const UnrealSettings defaults;
    EXPECT_EQ(stop_distance(defaults, 600.0, 15.0), stop_distance(defaults, 600.0, 30.0));
    EXPECT_EQ(stop_distance(defaults, 600.0, 10.0), stop_distance(defaults, 600.0, 20.0));
    EXPECT_NEAR(stop_distance(defaults, 600.0, 15.0), 11.53, 0.005);
    EXPECT_NEAR(stop_distance(defaults, 600.0, 10.0), 6.70, 0.005);
}

struct TableRow {
    const char* name;
    double beta;
    double a_b;
    double v0;
    double at_240, at_144, at_60, at_30, at_20;
};

TEST(UnrealStop, ReferenceTableForOtherParameterSets) {
    // unreal-cmc.md section 8 (CMC columns).
    const TableRow rows[] = {
        {"braking friction factor 1", 8.0, 2048.0, 600.0, 34.50, 33.28, 29.08, 24.57, 19.32},
        {"Lyra-like", 6.0, 1400.0, 500.0, 37.24, 36.20, 32.76, 28.99, 24.46},
        {"friction only", 16.0, 0.0, 600.0, 35.00, 33.33, 27.50, 23.27, 16.87},
        {"deceleration only", 0.0, 2048.0, 600.0, 86.63, 85.80, 82.96, 78.08, 73.20},
    };
    for (const TableRow& row : rows) {
        SCOPED_TRACE(row.name);
        const UnrealSettings settings = with_braking(row.beta, row.a_b);
        EXPECT_NEAR(stop_distance(settings, row.v0, 240.0), row.at_240, 0.005);
        EXPECT_NEAR(stop_distance(settings, row.v0, 144.0), row.at_144, 0.005);
        EXPECT_NEAR(stop_distance(settings, row.v0, 60.0), row.at_60, 0.005);
        EXPECT_NEAR(stop_distance(settings, row.v0, 30.0), row.at_30, 0.005);
        EXPECT_NEAR(stop_distance(settings, row.v0, 20.0), row.at_20, 0.005);
    }
}

TEST(UnrealStop, SeparateBrakingFrictionMatchesTheSameEffectiveFriction) {
    // Lyra's overrides (section 1): BrakingFriction 6, factor 1, deceleration 1400, with the separate flag:
    // beta = 6, the same row as above (37.24 cm at 240 fps from the assumed 500 cm/s).
    UnrealSettings lyra;
    lyra.ground_friction = 8.0;
    lyra.braking_friction = 6.0;
    lyra.braking_friction_factor = 1.0;
    lyra.use_separate_braking_friction = true;
    lyra.braking_deceleration_walking = 1400.0;
    EXPECT_DOUBLE_EQ(kinema::movement::unreal_braking_friction(lyra), 6.0);
    EXPECT_NEAR(stop_distance(lyra, 500.0, 240.0), 37.24, 0.005);
    EXPECT_NEAR(stop_distance(lyra, 500.0, 30.0), 28.99, 0.005);
}

TEST(UnrealStop, DiscreteClosedFormAgreesWithStepping) {
    // Section 7.2 (one sub-step per tick, fps >= 33) and 7.3 (two sub-steps per tick at 20 <= fps < 33).
    struct Case {
        double beta, a_b, v0;
    };
    const Case cases[] = {
        {16.0, 2048.0, 600.0}, {8.0, 2048.0, 600.0}, {6.0, 1400.0, 500.0}, {16.0, 0.0, 600.0}};
    const double rates[] = {240.0, 144.0, 100.0, 60.0, 40.0, 30.0, 25.0, 20.0};
    for (const Case& c : cases) {
        for (const double fps : rates) {
            SCOPED_TRACE(testing::Message() << "beta " << c.beta << " a_B " << c.a_b << " fps " << fps);
            if (c.a_b == 0.0 && fps > 100.0) {
                continue;  // below, the nearly-zero-move rule (1e-4 cm per tick) acts before the 0.01 cm/s
                           // snap
            }
            const int sub_steps = 1.0 / fps > 1.0 / 33.0 ? 2 : 1;
            const double stepped = stop_distance(with_braking(c.beta, c.a_b), c.v0, fps);
            EXPECT_NEAR(stepped, closed_form_stop(c.beta, c.a_b, c.v0, 1.0 / fps, sub_steps), 1e-9);
        }
    }
    // Section 7.2 special case a_B = 0: 27.50 cm at 60 fps (v0/beta - v0 dt = 37.5 - 10).
    EXPECT_NEAR(stop_distance(with_braking(16.0, 0.0), 600.0, 60.0), 27.50, 0.005);
}

TEST(UnrealStop, ZeroFrictionClosedForm) {
    // Section 7.2, beta = 0: v_n = v0 - n a_B dt, N = ceil((v0 - v_s)/(a_B dt)),
    // d = dt [(N-1) v0 - a_B dt (N-1) N / 2]. At 60 fps: a_B dt = 34.1333, N = ceil(590/34.1333) = 18,
    // d = (17*600 - 34.1333*153)/60 = (10200 - 5222.4)/60 = 82.96.
    const double dt = 1.0 / 60.0;
    const double a_dt = 2048.0 * dt;
    const double n = std::ceil((600.0 - 10.0) / a_dt);
    EXPECT_EQ(n, 18.0);
    const double expected = dt * ((n - 1.0) * 600.0 - a_dt * (n - 1.0) * n / 2.0);
    EXPECT_NEAR(expected, 82.96, 0.005);
    EXPECT_NEAR(stop_distance(with_braking(0.0, 2048.0), 600.0, 60.0), expected, 1e-9);
}

TEST(UnrealStop, ReversalInTheFirstSubStepStopsInPlace) {
    // Section 7.2: beta = 80 at 30 fps, sub-step 1/60: 600 + (-80*600 - 2048)/60 < 0 -> zero at once, 0 cm.
    EXPECT_EQ(stop_distance(with_braking(80.0, 2048.0), 600.0, 30.0), 0.0);
    // beta = 60 at 60 fps: q = 1 - 60/60 = 0 -> also stopped in place.
    EXPECT_EQ(stop_distance(with_braking(60.0, 2048.0), 600.0, 60.0), 0.0);
}

TEST(UnrealSchedule, TickSplittingExamples) {
    // Section 2: 1/15 s -> 2 x 1/30 s; 0.1 s -> 2 x 0.05 s; 1/60 s -> one tick.
    const UnrealSettings defaults;
    auto ticks = kinema::movement::unreal_tick_schedule(defaults, 1.0 / 15.0);
    ASSERT_EQ(ticks.count, 2u);
    EXPECT_EQ(ticks.ticks[0], 1.0 / 30.0);
    EXPECT_EQ(ticks.ticks[1], 1.0 / 30.0);
    ticks = kinema::movement::unreal_tick_schedule(defaults, 0.1);
    ASSERT_EQ(ticks.count, 2u);
    EXPECT_EQ(ticks.ticks[0], 0.05);
    EXPECT_EQ(ticks.ticks[1], 0.05);
    ticks = kinema::movement::unreal_tick_schedule(defaults, 1.0 / 60.0);
    ASSERT_EQ(ticks.count, 1u);
    EXPECT_EQ(ticks.ticks[0], 1.0 / 60.0);
    // 0.07 s: remaining > 0.05 -> min(0.05, 0.035) = 0.035, then the remaining 0.035.
    ticks = kinema::movement::unreal_tick_schedule(defaults, 0.07);
    ASSERT_EQ(ticks.count, 2u);
    EXPECT_DOUBLE_EQ(ticks.ticks[0], 0.035);
    EXPECT_DOUBLE_EQ(ticks.ticks[1], 0.035);
}

TEST(UnrealSchedule, UncheckedEqualsChecked) {
    UnrealSettings few;
    few.max_simulation_iterations = 2;
    for (const UnrealSettings& settings : {UnrealSettings{}, few}) {
        for (const double dt : {1.0 / 15.0, 0.1, 1.0 / 60.0, 0.07, 1.0, 5e-7}) {
            const auto checked = kinema::movement::unreal_tick_schedule(settings, dt);
            const auto unchecked = kinema::movement::unreal_tick_schedule_unchecked(settings, dt);
            ASSERT_EQ(checked.count, unchecked.count);
            for (std::size_t i = 0; i < checked.count; ++i) {
                EXPECT_EQ(checked.ticks[i], unchecked.ticks[i]);
            }
        }
    }
    // Two iterations: 1 s is 0.05 s and the remaining 0.95 s; shorter than 1e-6 s: no tick.
    EXPECT_EQ(kinema::movement::unreal_tick_schedule_unchecked(few, 1.0).count, 2u);
    EXPECT_DOUBLE_EQ(kinema::movement::unreal_tick_schedule_unchecked(few, 1.0).ticks[1], 0.95);
    EXPECT_EQ(kinema::movement::unreal_tick_schedule_unchecked(UnrealSettings{}, 5e-7).count, 0u);
}

TEST(UnrealSchedule, LastIterationTakesTheRest) {
    // 1 s frame, 8 iterations: seven ticks of 0.05 s (remaining/2 > 0.05 each time), the 8th takes 0.65 s.
    const auto ticks = kinema::movement::unreal_tick_schedule(UnrealSettings{}, 1.0);
    ASSERT_EQ(ticks.count, 8u);
    for (std::size_t i = 0; i < 7; ++i) {
        EXPECT_EQ(ticks.ticks[i], 0.05);
    }
    EXPECT_NEAR(ticks.ticks[7], 0.65, 1e-15);
    // One iteration allowed: the whole frame is one tick.
    UnrealSettings one;
    one.max_simulation_iterations = 1;
    const auto single = kinema::movement::unreal_tick_schedule(one, 0.3);
    ASSERT_EQ(single.count, 1u);
    EXPECT_EQ(single.ticks[0], 0.3);
    // Frames shorter than MIN_TICK_TIME (1e-6 s) have no tick at all and leave the state alone.
    EXPECT_EQ(kinema::movement::unreal_tick_schedule(UnrealSettings{}, 5e-7).count, 0u);
    const PlanarState start{{1.0, 2.0}, {300.0, 0.0}};
    const PlanarState after = kinema::movement::step(UnrealSettings{}, start, {1.0, 0.0}, 5e-7);
    EXPECT_EQ(after.position, start.position);
    EXPECT_EQ(after.velocity, start.velocity);
}

TEST(UnrealSchedule, BrakingSubStepExamples) {
    // Section 4 with the default cap 1/33 s: 1/60 tick -> one sub-step; 1/30 -> 2 x 1/60; 0.05 -> 2 x 0.025.
    const UnrealSettings defaults;
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step_cap(defaults), 1.0 / 33.0);
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step(defaults, 1.0 / 60.0), 1.0 / 60.0);
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step(defaults, 1.0 / 30.0), 1.0 / 60.0);
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step(defaults, 1.0 / 30.0 - 1.0 / 60.0), 1.0 / 60.0);
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step(defaults, 0.05), 0.025);
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step(defaults, 0.025), 0.025);
    // The cap is clamped to [1/75, 1/20].
    UnrealSettings tiny;
    tiny.braking_sub_step_time = 0.001;
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step_cap(tiny), 1.0 / 75.0);
    UnrealSettings huge;
    huge.braking_sub_step_time = 1.0;
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step_cap(huge), 1.0 / 20.0);
    // Zero effective friction is never sub-stepped (constant deceleration is exact in one step).
    UnrealSettings frictionless = with_braking(0.0, 2048.0);
    EXPECT_EQ(kinema::movement::unreal_braking_sub_step(frictionless, 0.05), 0.05);
}

TEST(UnrealBraking, OneSubStepByHand) {
    // 1/60 s tick, defaults: V = 600 + (-16*600 - 2048)/60 = 600 - 194.1333 = 405.8667 (one sub-step).
    const UnrealSettings defaults;
    const Vec2 v =
        kinema::movement::unreal_apply_velocity_braking(defaults, {600.0, 0.0}, 1.0 / 60.0, 8.0, 2048.0);
    EXPECT_NEAR(v.x, 600.0 - (16.0 * 600.0 + 2048.0) / 60.0, 1e-12);
    EXPECT_EQ(v.y, 0.0);
    // 1/30 s tick: two sub-steps of 1/60: 405.8667 -> 405.8667 - (16*405.8667 + 2048)/60 = 263.5022.
    const double first = 600.0 - (16.0 * 600.0 + 2048.0) / 60.0;
    const double second = first - (16.0 * first + 2048.0) / 60.0;
    const Vec2 w =
        kinema::movement::unreal_apply_velocity_braking(defaults, {600.0, 0.0}, 1.0 / 30.0, 8.0, 2048.0);
    EXPECT_NEAR(w.x, second, 1e-12);
    // Snap: 12 cm/s braked for 1/240 s ends at 12 - (192 + 2048)/240 = 2.667 <= 10 -> zero.
    EXPECT_EQ(
        kinema::movement::unreal_apply_velocity_braking(defaults, {12.0, 0.0}, 1.0 / 240.0, 8.0, 2048.0),
        Vec2{});
    // Without braking deceleration only |V|^2 <= 1e-4 snaps: 5 cm/s survives a tiny tick.
    const Vec2 slow =
        kinema::movement::unreal_apply_velocity_braking(defaults, {5.0, 0.0}, 1.0 / 240.0, 8.0, 0.0);
    EXPECT_NEAR(slow.x, 5.0 * (1.0 - 16.0 / 240.0), 1e-12);
}

TEST(UnrealCalcVelocity, TurningTowardTheInput) {
    // V = (600, 0), input (0, 1), tick 1/60, friction 8: V - (V - (0, 600)) * 8/60 = (520, 80); then
    // + (0, 2048/60) = (520, 114.1333); |V| = 532.4 < 600, no clamp.
    const Vec2 v =
        kinema::movement::unreal_calc_velocity(UnrealSettings{}, {600.0, 0.0}, {0.0, 1.0}, 1.0 / 60.0);
    EXPECT_NEAR(v.x, 520.0, 1e-12);
    EXPECT_NEAR(v.y, 80.0 + 2048.0 / 60.0, 1e-12);
    // A long tick clamps the turning factor at 1: tick 0.2 s (8 * 0.2 = 1.6 -> 1): V becomes (0, 600), then
    // + (0, 409.6) is clamped back to 600.
    const Vec2 w = kinema::movement::unreal_calc_velocity(UnrealSettings{}, {600.0, 0.0}, {0.0, 1.0}, 0.2);
    EXPECT_NEAR(w.x, 0.0, 1e-12);
    EXPECT_NEAR(w.y, 600.0, 1e-12);
}

TEST(UnrealCalcVelocity, OverMaxWhilePushingForwardStopsAtExactlyMaxSpeed) {
    // V = 610 > 600 (610^2 = 372100 > 600^2 * 1.01 = 363600): braking branch, 610 - (16*610 + 2048)/60 =
    // 413.2 < 600 while the input points along V -> exactly 600; the acceleration is then clamped back to
    // 600.
    const Vec2 v =
        kinema::movement::unreal_calc_velocity(UnrealSettings{}, {610.0, 0.0}, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_EQ(v.x, 600.0);
    EXPECT_EQ(v.y, 0.0);
    // V = 900: braked to 900 - (16*900 + 2048)/60 = 625.8667, still over max, so the acceleration cap is the
    // current speed: 625.8667 + 34.1333 is clamped back to 625.8667.
    const Vec2 w =
        kinema::movement::unreal_calc_velocity(UnrealSettings{}, {900.0, 0.0}, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(w.x, 900.0 - (16.0 * 900.0 + 2048.0) / 60.0, 1e-9);
    // Within the 1 % tolerance (603^2 = 363609 <= 600^2 * 1.01) there is no braking, and since 603 does not
    // count as exceeding, the acceleration cap is MaxInputSpeed: 603 + 34.1333 is clamped to 600.
    const Vec2 u =
        kinema::movement::unreal_calc_velocity(UnrealSettings{}, {603.0, 0.0}, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_EQ(u.x, 600.0);
    // Pushing backwards at 610: no max-speed floor, plain braking to 413.2 then + (-34.1333).
    const Vec2 b =
        kinema::movement::unreal_calc_velocity(UnrealSettings{}, {610.0, 0.0}, {-1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(b.x, 610.0 - (16.0 * 610.0 + 2048.0) / 60.0 - 2048.0 / 60.0, 1e-9);
}

TEST(UnrealCalcVelocity, AnalogInputScalesAccelerationAndMaxSpeed) {
    // Input (0.5, 0): Acceleration 1024, modifier 0.5, MaxInputSpeed 300. From rest: 1024/60 = 17.0667 cm/s.
    const Vec2 v = kinema::movement::unreal_calc_velocity(UnrealSettings{}, {}, {0.5, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(v.x, 1024.0 / 60.0, 1e-12);
    PlanarState state;
    for (int i = 0; i < 120; ++i) {
        state = kinema::movement::step(UnrealSettings{}, state, {0.5, 0.0}, 1.0 / 60.0);
    }
    EXPECT_NEAR(state.velocity.x, 300.0, 1e-9);
    // min_analog_walk_speed raises the cap for small inputs: max(600 * 0.1, 200) = 200.
    UnrealSettings floor;
    floor.min_analog_walk_speed = 200.0;
    state = {};
    for (int i = 0; i < 600; ++i) {
        state = kinema::movement::step(floor, state, {0.1, 0.0}, 1.0 / 60.0);
    }
    EXPECT_NEAR(state.velocity.x, 200.0, 1e-9);
    // Input longer than 1 is clamped to 1: the same as unit input.
    const Vec2 big = kinema::movement::unreal_calc_velocity(UnrealSettings{}, {}, {3.0, 4.0}, 1.0 / 60.0);
    const Vec2 unit = kinema::movement::unreal_calc_velocity(UnrealSettings{}, {}, {0.6, 0.8}, 1.0 / 60.0);
    EXPECT_NEAR(big.x, unit.x, 1e-12);
    EXPECT_NEAR(big.y, unit.y, 1e-12);
}

TEST(UnrealStep, StartFromRestIsSemiImplicit) {
    // Frame 1 at 60 fps: V = 2048/60 = 34.1333, moved with the new velocity: x = 34.1333/60 = 0.568889.
    // Frame 2: turning leaves V along +x; V = 68.2667, x = 0.568889 + 68.2667/60 = 1.706667.
    PlanarState state;
    state = kinema::movement::step(UnrealSettings{}, state, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(state.velocity.x, 2048.0 / 60.0, 1e-12);
    EXPECT_NEAR(state.position.x, 2048.0 / 3600.0, 1e-12);
    state = kinema::movement::step(UnrealSettings{}, state, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(state.velocity.x, 2.0 * 2048.0 / 60.0, 1e-12);
    EXPECT_NEAR(state.position.x, 3.0 * 2048.0 / 3600.0, 1e-12);
}

TEST(UnrealStep, FifteenFpsFrameIsTwoTicks) {
    // From rest with full input, a 1/15 s frame is two 1/30 s ticks: V = 2048/30 = 68.2667, x = 68.2667/30;
    // then V = 136.5333, x += 136.5333/30: x = 3 * 2048/900 = 6.826667. One 1/15 s tick (one iteration
    // allowed) would give x = 136.5333/15 = 9.102222.
    const PlanarState two = kinema::movement::step(UnrealSettings{}, {}, {1.0, 0.0}, 1.0 / 15.0);
    EXPECT_NEAR(two.velocity.x, 2.0 * 2048.0 / 30.0, 1e-12);
    EXPECT_NEAR(two.position.x, 3.0 * 2048.0 / 900.0, 1e-12);
    UnrealSettings single;
    single.max_simulation_iterations = 1;
    const PlanarState one = kinema::movement::step(single, {}, {1.0, 0.0}, 1.0 / 15.0);
    EXPECT_NEAR(one.velocity.x, 2048.0 / 15.0, 1e-12);
    EXPECT_NEAR(one.position.x, 2048.0 / 225.0, 1e-12);
}

TEST(UnrealStep, EasingTheStickBrakesDownToTheAnalogMaxSpeed) {
    // At 600 cm/s the input drops to 0.5 (MaxInputSpeed 300): over max, so braking runs with the input still
    // pushing forward: 600 -> 405.8667 (one 1/60 sub-step), then 405.8667 -> 263.5022 < 300 -> exactly 300.
    PlanarState s{{0.0, 0.0}, {600.0, 0.0}};
    s = kinema::movement::step(UnrealSettings{}, s, {0.5, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(s.velocity.x, 600.0 - (16.0 * 600.0 + 2048.0) / 60.0, 1e-12);
    s = kinema::movement::step(UnrealSettings{}, s, {0.5, 0.0}, 1.0 / 60.0);
    EXPECT_EQ(s.velocity.x, 300.0);
    s = kinema::movement::step(UnrealSettings{}, s, {0.5, 0.0}, 1.0 / 60.0);
    EXPECT_EQ(s.velocity.x, 300.0);
}

TEST(UnrealStep, NearlyZeroMoveZeroesTheVelocity) {
    // Input 1e-4 from rest: V = 0.2048 * 1/60 = 0.0034 cm/s, the move 5.7e-5 cm <= 1e-4: the engine does not
    // move and sets the velocity to the actual displacement / tick = 0.
    const PlanarState after = kinema::movement::step(UnrealSettings{}, {}, {1e-4, 0.0}, 1.0 / 60.0);
    EXPECT_EQ(after.position, Vec2{});
    EXPECT_EQ(after.velocity, Vec2{});
}

TEST(UnrealSettingsValidation, NamesEveryBadField) {
    UnrealSettings bad;
    bad.ground_friction = -1.0;
    bad.braking_sub_step_time = 0.0;
    bad.max_simulation_iterations = 26;
    bad.max_walk_speed = std::numeric_limits<double>::quiet_NaN();
    const auto errors = bad.validate();
    ASSERT_EQ(errors.size(), 4u);
    EXPECT_EQ(errors[0].field, "ground_friction");
    EXPECT_EQ(errors[1].field, "max_walk_speed");
    EXPECT_EQ(errors[2].field, "braking_sub_step_time");
    EXPECT_EQ(errors[3].field, "max_simulation_iterations");
    EXPECT_THROW((void)kinema::movement::step(bad, {}, {}, 1.0 / 60.0), kinema::SettingsError);
    EXPECT_TRUE(UnrealSettings{}.validate().empty());
}

TEST(UnrealStep, RejectsBadDtAndInput) {
    const UnrealSettings defaults;
    EXPECT_THROW((void)kinema::movement::step(defaults, {}, {}, 0.0), kinema::SettingsError);
    EXPECT_THROW((void)kinema::movement::step(defaults, {}, {}, -1.0), kinema::SettingsError);
    EXPECT_THROW((void)kinema::movement::step(defaults, {}, {}, std::numeric_limits<double>::infinity()),
                 kinema::SettingsError);
    EXPECT_THROW((void)kinema::movement::step(defaults, {}, {std::nan(""), 0.0}, 0.1), kinema::SettingsError);
    try {
        (void)kinema::movement::step(defaults, {}, {}, 0.0);
    } catch (const kinema::SettingsError& e) {
        EXPECT_STREQ(e.what(), "invalid step arguments: dt must be > 0, got 0");
    }
}

}  // namespace
