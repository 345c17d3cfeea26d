// The generic stop predictor and the frame-rate sweeps against the closed forms.
#include <cmath>
#include <numbers>

#include <gtest/gtest.h>

#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"

namespace kinema::analysis {
namespace {

TEST(GenericStop, MatchesExactUnrealPrediction) {
    const movement::AnyModel model = movement::UnrealSettings{};
    for (double fps : {5.0, 10.0, 24.0, 60.0, 144.0, 333.0, 1000.0}) {
        const StopPrediction exact = unreal_stop(movement::UnrealSettings{}, 600.0, 1.0 / fps);
        const StopPrediction stepped = predict_stop_by_stepping(model, {0.0, 600.0}, 1.0 / fps);
        ASSERT_TRUE(stepped.stops);
        EXPECT_NEAR(stepped.distance, exact.distance, 1e-9 * exact.distance) << fps;
        EXPECT_EQ(stepped.frames, exact.frames) << fps;
    }
}

// Dishonored without input: v_n = V (1 - f dt)^n. At 8 fps the first frame zeroes it (the DhTas notes' 8 FPS
// property); at 60 fps the distance to the rest speed is dt sum_{n=1}^{N} V q^n with q = 1 - 8/60.
TEST(GenericStop, DishonoredGeometricDecay) {
    const movement::AnyModel model = movement::DishonoredSettings{};
    const StopPrediction eight = predict_stop_by_stepping(model, {400.0, 0.0}, 1.0 / 8);
    EXPECT_TRUE(eight.stops);
    EXPECT_EQ(eight.frames, 1);
    EXPECT_EQ(eight.distance, 0.0);
    GenericStopSettings limits;
    limits.rest_speed = 0.01;
    const StopPrediction p = predict_stop_by_stepping(model, {400.0, 0.0}, 1.0 / 60, limits);
    const double q = 1.0 - 8.0 / 60;
    const auto n = static_cast<std::int64_t>(std::ceil(std::log(0.01 / 400.0) / std::log(q)));
    EXPECT_EQ(p.frames, n);
    EXPECT_NEAR(p.distance, 400.0 / 60 * q * (1 - std::pow(q, static_cast<double>(n))) / (1 - q), 1e-9);
    // Above 2/f (below 4 fps) the explicit friction is unstable: the cap reports "does not stop".
    GenericStopSettings capped;
    capped.max_frames = 1000;
    capped.rest_speed = 0.01;
    const StopPrediction unstable = predict_stop_by_stepping(model, {400.0, 0.0}, 1.0 / 3, capped);
    EXPECT_FALSE(unstable.stops);
    EXPECT_EQ(unstable.frames, 1000);
}

// CrossCode coasting: speed x (1 - 12 dt) per tick, so at 12 fps one tick stops it (reference section 3).
TEST(GenericStop, CrossCodeStopsInOneTickAt12Fps) {
    const StopPrediction p = predict_stop_by_stepping(movement::CrossCodeSettings{}, {300.0, 0.0}, 1.0 / 12);
    EXPECT_TRUE(p.stops);
    EXPECT_EQ(p.frames, 1);
}

// The stepping search for the largest full-speed turn agrees with the Dishonored closed form.
TEST(Sweep, TurnSearchMatchesDishonoredClosedForm) {
    for (double s : {1.0, 1.5}) {
        movement::DishonoredSettings d;
        d.speed_scale = s;
        TurnSettings t;
        t.speed_scale = s;
        for (double fps : {5.0, 12.0, 30.0, 60.0, 144.0, 240.0}) {
            const double closed = max_full_speed_turn(1.0 / fps, t) * 180.0 / std::numbers::pi;
            EXPECT_NEAR(max_full_speed_turn_by_stepping(d, 400.0 * s, 1.0 / fps), closed, 1e-6) << fps;
        }
    }
}

TEST(Sweep, DishonoredRows) {
    const std::vector<double> fps{8.0, 60.0, 240.0};
    const SweepResult r = sweep(movement::DishonoredSettings{}, fps);
    ASSERT_EQ(r.rows.size(), 3u);
    EXPECT_EQ(r.model, "dishonored");
    for (const SweepRow& row : r.rows) {
        EXPECT_DOUBLE_EQ(row.top_speed, 400.0);
        // Straight line from rest: +2000 dt per frame, 90 % after ceil(360 / (2000 dt)) frames.
        const double dt = 1.0 / row.fps;
        EXPECT_NEAR(row.time_to_90, std::ceil(360.0 / (2000.0 * dt) - 1e-9) * dt, 1e-12);
        EXPECT_NEAR(row.turn_rate, max_full_speed_turn(dt) * 180.0 / std::numbers::pi * row.fps, 1e-4);
    }
    EXPECT_EQ(r.rows[0].stop_distance, 0.0);  // 8 fps: the first frame zeroes the speed
    EXPECT_NEAR(r.continuous.turn_rate, 587.0, 0.5);
    EXPECT_NEAR(r.continuous.time_to_90, 0.18, 1e-12);
    EXPECT_NEAR(r.continuous.stop_distance, (400.0 - 0.01) / 8.0, 1e-12);
}

// Unreal: the sweep's stop distance is the exact prediction (reference section 8 row "Defaults"), and the
// turn rate approaches the continuous limit as the frame rate rises.
TEST(Sweep, UnrealRows) {
    const std::vector<double> fps{20.0, 60.0, 1000.0};
    const SweepResult r = sweep(movement::UnrealSettings{}, fps);
    EXPECT_DOUBLE_EQ(r.rows[1].top_speed, 600.0);
    EXPECT_NEAR(r.rows[0].stop_distance, 6.70, 0.005);
    EXPECT_NEAR(r.rows[1].stop_distance, 15.62, 0.005);
    EXPECT_NEAR(r.continuous.stop_distance, 23.59, 0.005);
    // 600 cm/s at 2048 cm/s^2: 540 / 2048 s in the limit; at 60 fps ceil(540 * 60 / 2048) = 16 frames.
    EXPECT_NEAR(r.continuous.time_to_90, 540.0 / 2048, 1e-12);
    EXPECT_NEAR(r.rows[1].time_to_90, 16.0 / 60, 1e-12);
    EXPECT_NEAR(r.rows[2].turn_rate, r.continuous.turn_rate, 0.01 * r.continuous.turn_rate);
    EXPECT_THROW((void)fps_range(10, 5), SettingsError);
    EXPECT_EQ(fps_range(5, 240).size(), 236u);
}

}  // namespace
}  // namespace kinema::analysis
