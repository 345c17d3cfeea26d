// The exact stop and pivot predictions against stepping the movement model (movement::step and its
// CalcVelocity) at every frame rate from 5 to 1000 fps, with random settings and speeds.
#include <algorithm>
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "kinema/analysis/stop.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::analysis {
namespace {

using movement::UnrealSettings;

struct Stepped {
    double distance = 0.0;
    std::int64_t frames = 0;
};

// movement::step with zero input until the velocity is exactly zero.
Stepped step_to_stop(const UnrealSettings& s, Vec2 velocity, double dt) {
    movement::PlanarState state{{0.0, 0.0}, velocity};
    const Vec2 dir = velocity / length(velocity);
    Stepped out;
    while (state.velocity != Vec2{}) {
        state = movement::step(s, state, {0.0, 0.0}, dt);
        ++out.frames;
    }
    out.distance = dot(state.position, dir);
    return out;
}

void expect_agrees(const UnrealSettings& s, Vec2 velocity, double fps) {
    const Stepped stepped = step_to_stop(s, velocity, 1.0 / fps);
    const StopPrediction predicted = unreal_stop(s, velocity, 1.0 / fps);
    ASSERT_TRUE(predicted.stops);
    EXPECT_NEAR(predicted.distance, stepped.distance, 1e-9 * std::max(1.0, stepped.distance))
        << "fps " << fps << " beta " << unreal_braking(s).friction << " a_B "
        << s.braking_deceleration_walking << " v " << length(velocity);
    EXPECT_EQ(predicted.frames, stepped.frames) << "fps " << fps;
    EXPECT_DOUBLE_EQ(predicted.time, static_cast<double>(stepped.frames) / fps);
}

TEST(StopAgainstStepping, EveryFrameRateRandomSettings) {
    std::mt19937_64 rng(20260521);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int fps = 5; fps <= 1000; ++fps) {
        for (int variant = 0; variant < 5; ++variant) {
            UnrealSettings s;
            s.ground_friction = 20.0 * unit(rng);
            s.braking_friction_factor = 4.0 * unit(rng);
            s.braking_deceleration_walking = 4000.0 * unit(rng);
            s.use_separate_braking_friction = unit(rng) < 0.25;
            s.braking_friction = 12.0 * unit(rng);
            s.braking_sub_step_time = 1.0 / 80.0 + unit(rng) / 15.0;
            const double speed = 1.0 + 2000.0 * unit(rng);
            const double angle = 6.283185307179586 * unit(rng);
            switch (variant) {
                case 1:  // a_B = 0: only friction, the 0.01 cm/s snap or the nearly-zero move stops it
                    s.braking_deceleration_walking = 0.0;
                    s.use_separate_braking_friction = false;
                    s.ground_friction = 1.0 + 10.0 * unit(rng);
                    s.braking_friction_factor = 0.5 + unit(rng);
                    break;
                case 2:  // beta = 0: constant deceleration, no sub-steps
                    s.braking_friction_factor = 0.0;
                    s.braking_deceleration_walking = 500.0 + 3000.0 * unit(rng);
                    break;
                case 3: {  // beta h >= 1 for the first braking sub-step: stops in place by the reversal check
                    s.use_separate_braking_friction = false;
                    s.braking_friction_factor = 1.0;
                    s.ground_friction = 1.0;
                    const double tick = movement::unreal_tick_schedule(s, 1.0 / fps).ticks[0];
                    const double h = movement::unreal_braking_sub_step(s, tick);
                    s.ground_friction = (1.0 + unit(rng)) / h;
                    break;
                }
                default:
                    break;
            }
            expect_agrees(s, Vec2{std::cos(angle), std::sin(angle)} * speed, fps);
        }
    }
}

// Engine defaults from 600 cm/s along +x at every frame rate.
TEST(StopAgainstStepping, DefaultsEveryFrameRate) {
    for (int fps = 5; fps <= 1000; ++fps) {
        expect_agrees(UnrealSettings{}, {600.0, 0.0}, fps);
    }
}

// The exact pivot against the movement model's CalcVelocity tick by tick with the input reversed: the pivot
// point is the farthest forward position.
TEST(PivotAgainstStepping, EveryFrameRate) {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int fps = 5; fps <= 1000; fps += 1) {
        UnrealSettings s;
        if (fps % 2 == 1) {
            s.ground_friction = 0.5 + 15.0 * unit(rng);
            s.max_acceleration = 200.0 + 4000.0 * unit(rng);
        }
        const double v0 = s.max_walk_speed * unit(rng);
        const movement::UnrealTickSchedule schedule = movement::unreal_tick_schedule(s, 1.0 / fps);
        Vec2 v{v0, 0.0};
        double x = 0.0;
        std::int64_t frames = 0;
        bool turned = v0 <= 0.0;
        while (!turned) {
            ++frames;
            for (const double tick : schedule.view()) {
                v = movement::unreal_calc_velocity(s, v, {-1.0, 0.0}, tick);
                if (v.x <= 0.0 || std::abs(v.x * tick) <= movement::unreal_kinda_small_number) {
                    turned = true;
                    break;
                }
                x += v.x * tick;
            }
        }
        const StopPrediction p = unreal_pivot(s, v0, 1.0 / fps);
        EXPECT_NEAR(p.distance, x, 1e-9 * std::max(1.0, x)) << fps;
        EXPECT_EQ(p.frames, frames) << fps;
    }
}

}  // namespace
}  // namespace kinema::analysis
