// The exact stop over a recorded frame-time trace against stepping movement::step with the same frame times
// (the last one repeated until the character stands still).
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/analysis/stop.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::analysis {
namespace {

using movement::UnrealSettings;

struct Stepped {
    double distance = 0.0;
    double time = 0.0;
    std::int64_t frames = 0;
};

Stepped step_trace_to_stop(const UnrealSettings& s, Vec2 velocity, const std::vector<double>& dts) {
    movement::PlanarState state{{0.0, 0.0}, velocity};
    const Vec2 dir = velocity / length(velocity);
    Stepped out;
    while (state.velocity != Vec2{}) {
        const double dt = dts[std::min(static_cast<std::size_t>(out.frames), dts.size() - 1)];
        state = movement::step(s, state, {0.0, 0.0}, dt);
        out.time += dt;
        ++out.frames;
    }
    out.distance = dot(state.position, dir);
    return out;
}

TEST(StopTrace, RandomTracesAgreeWithStepping) {
    std::mt19937_64 rng(20261123);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int beyond_trace = 0;
    for (int run = 0; run < 400; ++run) {
        UnrealSettings s;
        if (run % 4 != 0) {  // every fourth run keeps the engine defaults
            s.ground_friction = 20.0 * unit(rng);
            s.braking_friction_factor = 4.0 * unit(rng);
            s.braking_deceleration_walking = run % 7 == 0 ? 0.0 : 4000.0 * unit(rng);
            s.use_separate_braking_friction = unit(rng) < 0.25;
            s.braking_friction = 12.0 * unit(rng);
            s.braking_sub_step_time = 1.0 / 80.0 + unit(rng) / 15.0;
            s.max_simulation_time_step = 0.01 + 0.1 * unit(rng);
            s.max_simulation_iterations = 1 + static_cast<int>(10.0 * unit(rng));
        }
        if (unreal_braking(s).friction == 0.0 && s.braking_deceleration_walking == 0.0) {
            s.braking_deceleration_walking = 100.0;
        }
        // Frame times from 1/1000 s to 1/5 s, log-uniform, with some very short and some repeated frames.
        // The last one (repeated) is at least 1e-3 s.
        const std::size_t n = 1 + static_cast<std::size_t>(30.0 * unit(rng));
        std::vector<double> dts;
        for (std::size_t i = 0; i < n; ++i) {
            const bool tiny = i + 1 < n && unit(rng) < 0.05;
            dts.push_back(tiny ? 5e-7 : std::exp(std::log(1e-3) + unit(rng) * std::log(200.0)));
        }
        const double speed = 1.0 + 2000.0 * unit(rng);
        const double angle = 6.283185307179586 * unit(rng);
        const Vec2 velocity{speed * std::cos(angle), speed * std::sin(angle)};
        const Stepped stepped = step_trace_to_stop(s, velocity, dts);
        const StopPrediction predicted = unreal_stop_trace(s, velocity, dts);
        ASSERT_TRUE(predicted.stops);
        EXPECT_NEAR(predicted.distance, stepped.distance, 1e-9 * std::max(1.0, stepped.distance)) << run;
        EXPECT_EQ(predicted.frames, stepped.frames) << run;
        EXPECT_NEAR(predicted.time, stepped.time, 1e-12 * std::max(1.0, stepped.time)) << run;
        beyond_trace += stepped.frames > static_cast<std::int64_t>(dts.size()) ? 1 : 0;
    }
    // Both ends are exercised: stops inside the trace and stops after the last dt repeated.
    EXPECT_GT(beyond_trace, 50);
    EXPECT_LT(beyond_trace, 350);
}

TEST(StopTrace, ConstantTraceEqualsConstantRate) {
    // Engine defaults from 600 cm/s at 60 fps: 15.623476 cm in 6 frames (README table); a one-frame trace
    // repeats its dt, a 3-frame trace switches to the repeat mid-stop.
    const UnrealSettings s;
    for (const std::size_t n : {1u, 3u, 10u}) {
        const std::vector<double> dts(n, 1.0 / 60.0);
        const StopPrediction p = unreal_stop_trace(s, 600.0, dts);
        EXPECT_NEAR(p.distance, 15.623476, 5e-7);
        EXPECT_EQ(p.frames, 6);
        EXPECT_NEAR(p.time, 0.1, 1e-15);
    }
}

TEST(StopTrace, MixedRatesByHand) {
    // Defaults (beta = 16, a_B = 2048, sub-step cap 1/33 s) from 600 cm/s. Frame 1 at 1/60 s is one tick of
    // one sub-step: v1 = 600 (1 - 16/60) - 2048/60 = 405.8666..., moving v1/60. Frame 2 at 0.1 s is two ticks
    // of 0.05 s, each two sub-steps of 0.025 s: v -> v (1 - 0.4) - 51.2 per sub-step.
    const UnrealSettings s;
    const double dts[] = {1.0 / 60.0, 0.1};
    double v = 600.0 * (1.0 - 16.0 / 60.0) - 2048.0 / 60.0;
    double distance = v / 60.0;
    for (int tick = 0; tick < 2 && v > 10.0; ++tick) {
        for (int sub = 0; sub < 2; ++sub) {
            v = 0.6 * v - 51.2;
        }
        if (v <= 10.0) {
            break;
        }
        distance += v * 0.05;
    }
    const StopPrediction p = unreal_stop_trace(s, 600.0, dts);
    // 405.87 -> 192.32 -> 64.19 (tick 1: moves 3.21 cm) -> -12.69: reversal in tick 2, stop in frame 2.
    EXPECT_EQ(p.frames, 2);
    EXPECT_NEAR(p.distance, distance, 1e-12);
    EXPECT_NEAR(p.distance, 405.86666666666667 / 60.0 + 64.192 * 0.05, 1e-9);
    EXPECT_NEAR(p.time, 1.0 / 60.0 + 0.1, 1e-15);
}

TEST(StopTrace, MeanFrameTimeAndErrors) {
    const double dts[] = {0.01, 0.02, 0.03};
    EXPECT_NEAR(mean_frame_time(dts), 0.02, 1e-17);
    const UnrealSettings s;
    EXPECT_THROW((void)unreal_stop_trace(s, 600.0, std::span<const double>{}), SettingsError);
    const double negative[] = {0.01, -0.01};
    EXPECT_THROW((void)unreal_stop_trace(s, 600.0, negative), SettingsError);
    const double tiny_last[] = {0.01, 1e-7};
    EXPECT_THROW((void)unreal_stop_trace(s, 600.0, tiny_last), SettingsError);
    EXPECT_THROW((void)unreal_stop_trace(s, -1.0, dts), SettingsError);
    EXPECT_EQ(unreal_stop_trace(s, 0.0, dts).distance, 0.0);
}

}  // namespace
}  // namespace kinema::analysis
