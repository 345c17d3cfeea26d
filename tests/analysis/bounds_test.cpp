// Issue 14 item 3: every iterative analysis has a bound it reports, and every input a finite range. The
// exact stop at the ends of its ranges against stepping the movement model; the settings that used to hang;
// the generic predictor's and the sweep's bounds.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/analysis/distance_matching.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::analysis {
namespace {

using movement::UnrealSettings;

// movement::step with zero input until the velocity is exactly zero.
StopPrediction step_to_stop(const UnrealSettings& s, double v0, double dt) {
    movement::PlanarState state{{0.0, 0.0}, {v0, 0.0}};
    StopPrediction out;
    while (state.velocity != Vec2{}) {
        state = movement::step(s, state, {0.0, 0.0}, dt);
        ++out.frames;
    }
    out.distance = state.position.x;
    return out;
}

TEST(StopBounds, TinyBrakingWithoutFrictionReturns) {
    // `--set braking_deceleration_walking=1e-12 --set braking_friction_factor=0` looped for ever: about
    // 3.5e16 frames, beyond 2^53, where `full - 1` is `full`. a_B dt per frame, from 600 down to the snap
    // (10).
    UnrealSettings s;
    s.braking_deceleration_walking = 1e-12;
    s.braking_friction_factor = 0.0;
    const StopPrediction p = unreal_stop(s, 600.0, 1.0 / 60.0);
    EXPECT_TRUE(p.stops);
    EXPECT_FALSE(p.at_limit);
    const double frames = (600.0 - 10.0) / (1e-12 / 60.0);
    EXPECT_NEAR(static_cast<double>(p.frames), frames, frames * 1e-9);
    // d = v0^2 - 10^2 over 2 a_B, nearly: the frames' sum of a falling speed.
    const double distance = (600.0 * 600.0 - 10.0 * 10.0) / (2.0 * 1e-12);
    EXPECT_NEAR(p.distance, distance, distance * 1e-6);
}

TEST(StopBounds, TheEndsOfTheRangesAgreeWithStepping) {
    const UnrealSettings s;
    // The largest speed at the longest frame and at 60 fps: a few frames, stepped by movement::step.
    for (const double dt : {stop_max_frame_time, 1.0 / 60.0}) {
        const StopPrediction p = unreal_stop(s, stop_max_speed, dt);
        const StopPrediction stepped = step_to_stop(s, stop_max_speed, dt);
        EXPECT_TRUE(p.stops);
        EXPECT_FALSE(p.at_limit);
        EXPECT_EQ(p.frames, stepped.frames) << dt;
        EXPECT_NEAR(p.distance, stepped.distance, 1e-9 * stepped.distance) << dt;
    }
    // The shortest frame: 1e-6 s, about 1e5 frames from 600 cm/s, checked against the continuous limit it
    // approaches as dt -> 0. At 1e-6 s the nearly-zero-move test (|v h| <= 1e-4 cm) ends the run at
    // 100 cm/s, above the snap: the continuous stop from 600 down to 100 cm/s.
    const StopPrediction fine = unreal_stop(s, 600.0, movement::unreal_min_tick_time);
    EXPECT_TRUE(fine.stops);
    EXPECT_FALSE(fine.at_limit);
    const Braking b = unreal_braking(s);
    const StopPrediction limit = continuous_stop(b.friction, b.deceleration, 600.0, 100.0);
    EXPECT_NEAR(fine.distance, limit.distance, 1e-3);
    EXPECT_NEAR(fine.time, limit.time, 1e-5);
}

TEST(StopBounds, OutsideTheRangesIsAnError) {
    const UnrealSettings s;
    EXPECT_THROW((void)unreal_stop(s, stop_max_speed * 1.000001, 1.0 / 60.0), SettingsError);
    EXPECT_THROW((void)unreal_stop(s, 5e307, 1.0 / 60.0), SettingsError);
    EXPECT_THROW((void)unreal_stop(s, 600.0, 1e10), SettingsError);
    EXPECT_THROW((void)unreal_stop(s, Vec2{stop_max_speed, stop_max_speed}, 1.0 / 60.0), SettingsError);
    EXPECT_THROW((void)unreal_pivot(s, 600.0, stop_max_frame_time * 1.000001), SettingsError);
    const std::vector<double> trace{1.0 / 60.0, 11.0};
    EXPECT_THROW((void)unreal_stop_trace(s, 600.0, trace), SettingsError);
    UnrealSettings huge;
    huge.braking_deceleration_walking = 1e300;
    EXPECT_FALSE(huge.validate().empty());
    huge = UnrealSettings{};
    huge.max_simulation_time_step = 10.000001;
    EXPECT_FALSE(huge.validate().empty());
    huge.max_simulation_time_step = 10.0;
    EXPECT_TRUE(huge.validate().empty());
}

TEST(StopBounds, AMovementStepTakesFramesUpToTenSeconds) {
    const movement::AnyModel model = UnrealSettings{};
    const movement::PlanarState start{{0.0, 0.0}, {600.0, 0.0}};
    EXPECT_NO_THROW((void)movement::step(model, start, {0.0, 0.0}, movement::max_step_dt));
    EXPECT_THROW((void)movement::step(model, start, {0.0, 0.0}, movement::max_step_dt * 1.000001),
                 SettingsError);
}

TEST(StopBounds, TheGenericPredictorReportsItsFrameCap) {
    // Dishonored's friction decays the speed exponentially: from 600 u/s with friction 8 /s at 60 fps the
    // speed is 600 (1 - 8/60)^n, above 1 u/s for n = 47 frames.
    GenericStopSettings limits;
    limits.rest_speed = 1.0;
    limits.max_frames = 10;
    const movement::AnyModel model = movement::DishonoredSettings{};
    const StopPrediction capped = predict_stop_by_stepping(model, {600.0, 0.0}, 1.0 / 60.0, limits);
    EXPECT_FALSE(capped.stops);
    EXPECT_TRUE(capped.at_limit);
    EXPECT_EQ(capped.frames, 10);
    EXPECT_TRUE(std::isinf(capped.time));
    limits.max_frames = 1'000'000;
    const StopPrediction full = predict_stop_by_stepping(model, {600.0, 0.0}, 1.0 / 60.0, limits);
    EXPECT_TRUE(full.stops);
    EXPECT_FALSE(full.at_limit);
    limits.max_frames = 10'000'001;
    EXPECT_FALSE(limits.validate().empty());
}

TEST(SweepBounds, TheEndsOfTheFrameRateRange) {
    const movement::AnyModel model = UnrealSettings{};
    const std::vector<double> ends{sweep_min_fps, sweep_max_fps};
    const SweepResult r = sweep(model, ends);
    ASSERT_EQ(r.rows.size(), 2u);
    for (const SweepRow& row : r.rows) {
        EXPECT_DOUBLE_EQ(row.top_speed, 600.0) << row.fps;
        EXPECT_TRUE(std::isfinite(row.stop_distance)) << row.fps;
        // The exact stop at the same frame rate.
        EXPECT_DOUBLE_EQ(row.stop_distance, unreal_stop(UnrealSettings{}, 600.0, 1.0 / row.fps).distance);
    }
    // Out of range, anywhere in the list: rejected before any work.
    EXPECT_THROW((void)sweep(model, std::vector<double>{60.0, 1e9}), SettingsError);
    EXPECT_THROW((void)sweep(model, std::vector<double>{1e-10}), SettingsError);
    EXPECT_THROW((void)sweep(model, std::vector<double>(sweep_max_rates + 1, 60.0)), SettingsError);
    EXPECT_EQ(fps_range(1.0, 1000.0, 1.0).size(), sweep_max_rates);
    EXPECT_THROW((void)fps_range(1.0, 1000.0, 0.999), SettingsError);
}

TEST(DistanceMatchingBounds, TheLongestClipAtTheHighestKeyRate) {
    // A 600 s clip moving at 100 cm/s along x, keyed at 1000 Hz: 600001 keys, the last the whole distance.
    const std::vector<RootSample> root{{0.0, {0.0, 0.0, 0.0}}, {max_clip_length, {60000.0, 0.0, 0.0}}};
    BakeSettings settings;
    settings.sample_rate = 1000.0;
    settings.stop_at_end = true;
    const DistanceCurve c = bake_distance_curve(root, settings);
    EXPECT_EQ(c.times.size(), 600001u);
    EXPECT_DOUBLE_EQ(c.distances.front(), -60000.0);
    EXPECT_DOUBLE_EQ(c.distances.back(), 0.0);
    settings.sample_rate = 1000.5;
    EXPECT_FALSE(settings.validate().empty());
    const std::vector<RootSample> longer{{0.0, {0.0, 0.0, 0.0}}, {max_clip_length + 1.0, {1.0, 0.0, 0.0}}};
    EXPECT_THROW((void)bake_distance_curve(longer), SettingsError);
}

}  // namespace
}  // namespace kinema::analysis
