// Stop and pivot prediction against the reference tables (unreal-cmc.md sections 6-8) and the closed forms
// against each other.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "error_of.hpp"
#include "kinema/analysis/stop.hpp"

namespace kinema::analysis {
namespace {

using movement::UnrealSettings;

struct Case {
    const char* name;
    UnrealSettings settings;
    double v0;
    double epic, continuous, fps240, fps144, fps60, fps30, fps20;
};

UnrealSettings factor_one() {
    UnrealSettings s;
    s.braking_friction_factor = 1.0;
    return s;
}
UnrealSettings lyra() {
    // Lyra overrides with bUseSeparateBrakingFriction assumed on (unreal-cmc.md section 1 and 8).
    UnrealSettings s;
    s.max_acceleration = 2400.0;
    s.braking_friction_factor = 1.0;
    s.braking_friction = 6.0;
    s.use_separate_braking_friction = true;
    s.braking_deceleration_walking = 1400.0;
    return s;
}
UnrealSettings friction_only() {
    UnrealSettings s;
    s.braking_deceleration_walking = 0.0;
    return s;
}
UnrealSettings deceleration_only() {
    UnrealSettings s;
    s.braking_friction_factor = 0.0;
    return s;
}

// unreal-cmc.md section 8, two decimals.
const Case kCases[] = {
    {"defaults", UnrealSettings{}, 600, 15.45, 23.59, 21.56, 20.22, 15.62, 11.53, 6.70},
    {"factor 1", factor_one(), 600, 26.29, 36.37, 34.50, 33.28, 29.08, 24.57, 19.32},
    {"lyra", lyra(), 500, 28.41, 38.80, 37.24, 36.20, 32.76, 28.99, 24.46},
    {"friction only", friction_only(), 600, 18.75, 37.50, 35.00, 33.33, 27.50, 23.27, 16.87},
    {"deceleration only", deceleration_only(), 600, 87.89, 87.89, 86.63, 85.80, 82.96, 78.08, 73.20},
};

TEST(StopPrediction, ReferenceTable) {
    for (const Case& c : kCases) {
        SCOPED_TRACE(c.name);
        const Braking b = unreal_braking(c.settings);
        EXPECT_NEAR(epic_stop_distance(b.friction, b.deceleration, c.v0), c.epic, 0.005);
        EXPECT_NEAR(length(epic_stop_location({0, c.v0}, c.settings)), c.epic, 0.005);
        EXPECT_NEAR(unreal_stop_continuous(c.settings, c.v0).distance, c.continuous, 0.005);
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 240).distance, c.fps240, 0.005);
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 144).distance, c.fps144, 0.005);
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 60).distance, c.fps60, 0.005);
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 30).distance, c.fps30, 0.005);
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 20).distance, c.fps20, 0.005);
        // A 15 fps frame is two 1/30 ticks braked like a 30 fps frame, 10 fps like 20 fps (section 4).
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 15).distance, c.fps30, 0.005);
        EXPECT_NEAR(unreal_stop(c.settings, c.v0, 1.0 / 10).distance, c.fps20, 0.005);
    }
}

// Continuous defaults (section 7.1): d = 600/16 - 128/16 ln(1 + 16*600/2048) = 23.5938337, t = ln(5.6875)/16.
TEST(StopPrediction, ContinuousDefaults) {
    const StopPrediction p = continuous_stop(16, 2048, 600);
    EXPECT_TRUE(p.stops);
    EXPECT_NEAR(p.distance, 23.5938337, 1e-7);
    EXPECT_NEAR(p.time, 0.1086419, 1e-7);
    EXPECT_NEAR(p.distance, 600.0 / 16 - 2048.0 / 256 * std::log(1 + 16.0 * 600 / 2048), 1e-12);
    // The 10 cm/s snap shortens it by about 0.02 cm: (590)/16 - 8 ln(11648/2208).
    const StopPrediction snapped = continuous_stop(16, 2048, 600, 10);
    EXPECT_NEAR(snapped.distance, 590.0 / 16 - 8.0 * std::log(11648.0 / 2208.0), 1e-12);
    EXPECT_NEAR(p.distance - snapped.distance, 0.02, 0.005);
}

TEST(StopPrediction, ContinuousLimits) {
    const double inf = std::numeric_limits<double>::infinity();
    // beta -> 0: v0^2 / (2 a_B) = 87.890625, t = v0 / a_B; the series keeps tiny beta on that limit.
    EXPECT_DOUBLE_EQ(continuous_stop(0, 2048, 600).distance, 87.890625);
    EXPECT_DOUBLE_EQ(continuous_stop(0, 2048, 600).time, 600.0 / 2048);
    // d = v0^2/(2a) - beta v0^3/(3 a^2) + O(beta^2): for beta = 1e-6 the correction is 1.72e-5 cm.
    const double tiny = continuous_stop(1e-6, 2048, 600).distance;
    EXPECT_NEAR(tiny, 87.890625 - 1e-6 * 600.0 * 600 * 600 / (3 * 2048.0 * 2048), 1e-10);
    // The float32 data points of section 7.1 (true values 87.87 / 87.89) come out right in double.
    EXPECT_NEAR(continuous_stop(1e-3, 2048, 600).distance, 87.87, 0.005);
    EXPECT_NEAR(continuous_stop(1e-4, 2048, 600).distance, 87.89, 0.005);
    // a_B = 0: d -> v0 / beta, never reaches zero; with a snap vs, t = ln(v0/vs)/beta.
    const StopPrediction decay = continuous_stop(16, 0, 600);
    EXPECT_FALSE(decay.stops);
    EXPECT_DOUBLE_EQ(decay.distance, 37.5);
    EXPECT_EQ(decay.time, inf);
    const StopPrediction decay_snap = continuous_stop(16, 0, 600, 10);
    EXPECT_TRUE(decay_snap.stops);
    EXPECT_NEAR(decay_snap.time, std::log(60.0) / 16, 1e-15);
    EXPECT_NEAR(decay_snap.distance, 590.0 / 16, 1e-12);
    // beta = a_B = 0: never stops -- reported as such, not as 0.
    const StopPrediction never = continuous_stop(0, 0, 600);
    EXPECT_FALSE(never.stops);
    EXPECT_EQ(never.distance, inf);
    // Epic's formula returns 0 there (section 6.1) and half the truth for a_B = 0.
    EXPECT_EQ(epic_stop_distance(0, 0, 600), 0.0);
    EXPECT_DOUBLE_EQ(epic_stop_distance(16, 0, 600), 37.5 / 2);
}

// Seed 004 discrete model, section 7.2: closed form against direct iteration of v_n = v_{n-1} - (a_B + beta
// v_{n-1}) dt, x_n = x_{n-1} + v_n dt, with the snap.
TEST(StopPrediction, DiscreteClosedFormMatchesIteration) {
    for (double beta : {0.0, 0.5, 8.0, 16.0, 45.0}) {
        for (double a : {0.0, 300.0, 2048.0}) {
            for (double fps : {20.0, 33.0, 60.0, 240.0, 1000.0}) {
                if (beta == 0.0 && a == 0.0) {
                    continue;
                }
                const double dt = 1.0 / fps;
                const double vs = a > 0 ? 10.0 : 0.01;
                double v = 600.0, x = 0.0;
                int n = 0;
                while (true) {
                    ++n;
                    v = v - (a + beta * v) * dt;
                    if (v <= vs) {
                        break;
                    }
                    x += v * dt;
                }
                const StopPrediction p = discrete_stop(beta, a, 600.0, dt, vs);
                EXPECT_EQ(p.frames, n) << beta << " " << a << " " << fps;
                EXPECT_NEAR(p.distance, x, 1e-9 * x) << beta << " " << a << " " << fps;
            }
        }
    }
    // a_B = 0 at 60 fps: v0/beta - v0 dt = 27.50 (section 7.2).
    EXPECT_NEAR(discrete_stop(16, 0, 600, 1.0 / 60, 0.01).distance, 27.50, 0.005);
    // beta dt >= 1: the first update flips the sign; stops in place.
    EXPECT_EQ(discrete_stop(80, 2048, 600, 1.0 / 60, 10).distance, 0.0);
    EXPECT_EQ(discrete_stop(80, 2048, 600, 1.0 / 60, 10).frames, 1);
    // dt -> 0 converges to the continuous limit 23.594 (section 7.2: 23.106 at dt = 1e-3, 23.589 at 1e-5;
    // those values are without the snap).
    EXPECT_NEAR(discrete_stop(16, 2048, 600, 1e-3, 0.0).distance, 23.106, 0.0005);
    EXPECT_NEAR(discrete_stop(16, 2048, 600, 1e-5, 0.0).distance, 23.589, 0.0005);
}

// Issue 40: a subnormal friction made c = a_B / beta infinite and the distance NaN, and a tiny one lost the
// distance to cancellation (beta = 1e-12: c ~ 2e15). Each is now the stepped answer.
TEST(StopPrediction, DiscreteStopWithATinyFrictionIsTheSteppedAnswer) {
    for (const double beta : {4.9406564584124654e-324, 1e-300, 1e-12, 1e-6}) {
        for (const double fps : {20.0, 60.0, 1000.0}) {
            const double dt = 1.0 / fps;
            double v = 600.0, x = 0.0;
            std::int64_t n = 0;
            while (true) {
                ++n;
                v = v - (2048.0 + beta * v) * dt;
                if (v <= 10.0) {
                    break;
                }
                x += v * dt;
            }
            const StopPrediction p = discrete_stop(beta, 2048.0, 600.0, dt, 10.0);
            EXPECT_TRUE(p.stops) << beta << " " << fps;
            EXPECT_EQ(p.frames, n) << beta << " " << fps;
            EXPECT_NEAR(p.distance, x, 1e-12 * x) << beta << " " << fps;
            EXPECT_EQ(p.time, static_cast<double>(n) * dt) << beta << " " << fps;
        }
    }
}

// A friction or deceleration so small that the stop takes more frames than an int64 counts reports the
// bound, with finite numbers (no NaN; the time is inf as for every run that is not known to stop).
TEST(StopPrediction, DiscreteStopBeyondItsFrameBoundReportsTheBound) {
    constexpr double tiny = 4.9406564584124654e-324;
    for (const auto& [beta, a] : {std::pair{tiny, 0.0}, std::pair{0.0, tiny}, std::pair{tiny, tiny}}) {
        const StopPrediction p = discrete_stop(beta, a, 600.0, 1.0 / 60, 0.01);
        EXPECT_TRUE(p.at_limit) << beta << " " << a;
        EXPECT_FALSE(p.stops);
        EXPECT_EQ(p.frames, discrete_stop_max_frames);
        // 2^62 frames at 600 cm/s, less what the friction or deceleration took off (nothing at this size).
        EXPECT_DOUBLE_EQ(p.distance, 600.0 / 60 * static_cast<double>(discrete_stop_max_frames));
    }
    for (const double beta : {0.0, tiny, 1e-300, 1e-12, 1.0, 59.0, 60.0, 1e6}) {
        for (const double a : {0.0, tiny, 1e-300, 1e-12, 1.0, 2048.0, 1e8}) {
            for (const double snap : {0.0, 0.01, 10.0}) {
                if (beta == 0.0 && a == 0.0) {
                    continue;
                }
                const StopPrediction p = discrete_stop(beta, a, 600.0, 1.0 / 60, snap);
                EXPECT_FALSE(std::isnan(p.distance) || std::isnan(p.time)) << beta << " " << a << " " << snap;
                EXPECT_TRUE(!p.stops || (std::isfinite(p.distance) && std::isfinite(p.time) && p.frames >= 1))
                    << beta << " " << a << " " << snap;
            }
        }
    }
}

// With one tick per frame and one braking sub-step per tick (frame time <= 1/33 s) the CMC schedule is the
// seed's discrete model with the CMC snap.
TEST(StopPrediction, ScheduleEqualsDiscreteModelForShortFrames) {
    for (const Case& c : kCases) {
        const Braking b = unreal_braking(c.settings);
        for (double fps : {34.0, 60.0, 90.0, 144.0, 240.0, 500.0, 1000.0}) {
            const StopPrediction exact = unreal_stop(c.settings, c.v0, 1.0 / fps);
            // The CMC also stops on a nearly zero move, |v| / fps <= 1e-4 cm, which beats the 0.01 cm/s snap
            // above 100 fps when a_B = 0.
            const double snap = std::max(unreal_snap_speed(b.deceleration), 1e-4 * fps);
            const StopPrediction seed = discrete_stop(b.friction, b.deceleration, c.v0, 1.0 / fps, snap);
            EXPECT_NEAR(exact.distance, seed.distance, 1e-9 * seed.distance) << c.name << " " << fps;
            EXPECT_EQ(exact.frames, seed.frames) << c.name << " " << fps;
        }
    }
}

TEST(StopPrediction, FramesAndTime) {
    // Defaults at 60 fps: 6 frames, 0.10 s (section 8): ln(138/728)/ln(1 - 16/60) = 5.36 -> N = 6.
    const StopPrediction p = unreal_stop(UnrealSettings{}, 600, 1.0 / 60);
    EXPECT_EQ(p.frames, 6);
    EXPECT_NEAR(p.time, 0.1, 1e-15);
    // Stopping from at most the snap speed: the first tick zeroes it.
    const StopPrediction slow = unreal_stop(UnrealSettings{}, 9.0, 1.0 / 60);
    EXPECT_EQ(slow.frames, 1);
    EXPECT_EQ(slow.distance, 0.0);
    const StopPrediction rest = unreal_stop(UnrealSettings{}, 0.0, 1.0 / 60);
    EXPECT_TRUE(rest.stops);
    EXPECT_EQ(rest.frames, 0);
}

// beta h >= 1 for the actual braking sub-step: the reversal check stops the character in place (section 7.2).
// Thresholds: beta >= 60 at 30 and 60 fps (sub-step 1/60), beta >= 40 at 20 and 40 fps.
TEST(StopPrediction, ReversalThresholds) {
    // a_B = 0 isolates the friction threshold (with a_B > 0 the deceleration reverses even earlier).
    auto with_beta = [](double beta) {
        UnrealSettings s;
        s.ground_friction = beta / 2.0;
        s.braking_deceleration_walking = 0.0;
        return s;
    };
    for (double fps : {30.0, 60.0}) {
        EXPECT_EQ(unreal_stop(with_beta(60), 600, 1.0 / fps).distance, 0.0) << fps;
    }
    // Just below: q = 1/60 per 1/60 s sub-step. 60 fps: speeds 10, 1/6, then 1/360 <= 0.01 snaps.
    // 30 fps (two sub-steps per tick): 600/3600 = 1/6 in the first tick, then 1/21600 snaps.
    EXPECT_NEAR(unreal_stop(with_beta(59), 600, 1.0 / 60).distance, (10.0 + 1.0 / 6) / 60, 1e-14);
    EXPECT_NEAR(unreal_stop(with_beta(59), 600, 1.0 / 30).distance, (1.0 / 6) / 30, 1e-14);
    for (double fps : {20.0, 40.0}) {
        EXPECT_EQ(unreal_stop(with_beta(40), 600, 1.0 / fps).distance, 0.0) << fps;
        EXPECT_GT(unreal_stop(with_beta(39), 600, 1.0 / fps).distance, 0.0) << fps;
    }
    // beta = 80 at 30 fps: the CMC does not move, Epic predicts 600^2 / (2 (80 * 600 + 2048)) = 3.6 cm.
    EXPECT_EQ(unreal_stop(with_beta(80), 600, 1.0 / 30).distance, 0.0);
    EXPECT_NEAR(epic_stop_distance(80, 2048, 600), 3.6, 0.005);
}

TEST(StopPrediction, NeverStopsWithoutBraking) {
    UnrealSettings s;
    s.braking_friction_factor = 0.0;
    s.braking_deceleration_walking = 0.0;
    const StopPrediction p = unreal_stop(s, 600, 1.0 / 60);
    EXPECT_FALSE(p.stops);
    EXPECT_EQ(p.distance, std::numeric_limits<double>::infinity());
    EXPECT_EQ(epic_stop_distance(0, 0, 600), 0.0);
}

// Epic's pivot: exactly opposing vectors give s^2 / (2 (A + 2 F s)) = 15.45 cm for the defaults; the exact
// pivot with the turning rule gives 20.2 / 15.6 / 8.1 cm at 144 / 60 / 30 fps (section 6.2).
TEST(PivotPrediction, ReferenceTable) {
    const Vec2 pivot = epic_pivot_location({-2048, 0}, {600, 0}, 8.0);
    EXPECT_NEAR(pivot.x, 360000.0 / (2 * (2048 + 2 * 8 * 600.0)), 1e-12);
    EXPECT_NEAR(pivot.x, 15.45, 0.005);
    EXPECT_DOUBLE_EQ(pivot.y, 0.0);
    EXPECT_EQ(epic_pivot_location({2048, 0}, {600, 0}, 8.0), Vec2{});
    EXPECT_EQ(epic_pivot_location({0, 0}, {600, 0}, 8.0), Vec2{});
    const UnrealSettings s;
    EXPECT_NEAR(unreal_pivot(s, 600, 1.0 / 144).distance, 20.2, 0.05);
    EXPECT_NEAR(unreal_pivot(s, 600, 1.0 / 60).distance, 15.6, 0.05);
    // 30 fps by hand: q = 1 - 16/30, c = 128: v1 = 728 q - 128 = 211.73, v2 = 728 q^2 - 128 = 30.54, v3 < 0.
    const double q = 1.0 - 16.0 / 30;
    EXPECT_NEAR(unreal_pivot(s, 600, 1.0 / 30).distance, (728 * q - 128 + 728 * q * q - 128) / 30, 1e-12);
    EXPECT_EQ(unreal_pivot(s, 600, 1.0 / 30).frames, 3);
    // h F >= 1/2: the first tick flips the velocity; the pivot is where the character stands. (F = 10 at
    // 20 fps: one 0.05 s tick, 1 - 2 min(0.5, 1) = 0.)
    UnrealSettings grippy;
    grippy.ground_friction = 10.0;
    EXPECT_EQ(unreal_pivot(grippy, 600, 1.0 / 20).distance, 0.0);
    EXPECT_EQ(unreal_pivot(grippy, 600, 1.0 / 20).frames, 1);
    EXPECT_THROW((void)unreal_pivot(s, 700, 1.0 / 60), SettingsError);
}

// The per-frame form (the pursuit's navigator) gives the checked form's prediction bit for bit and still
// rejects a bad velocity or frame time; only the settings' check is left to its caller.
TEST(StopPrediction, UncheckedSettingsEqualsChecked) {
    UnrealSettings slippery;
    slippery.ground_friction = 0.5;
    slippery.braking_deceleration_walking = 300.0;
    for (const UnrealSettings& settings : {UnrealSettings{}, slippery}) {
        for (const Vec2 v : {Vec2{600.0, 0.0}, Vec2{300.0, -400.0}, Vec2{-1.5, 2.0}, Vec2{0.0, 0.0}}) {
            for (const double dt : {1.0 / 60.0, 1.0 / 15.0, 0.1}) {
                const StopPrediction checked = unreal_stop(settings, v, dt);
                const StopPrediction unchecked = unreal_stop_unchecked_settings(settings, v, dt);
                EXPECT_EQ(checked.stops, unchecked.stops);
                EXPECT_EQ(checked.distance, unchecked.distance);
                EXPECT_EQ(checked.time, unchecked.time);
                EXPECT_EQ(checked.frames, unchecked.frames);
            }
        }
    }
    EXPECT_GT(unreal_stop(slippery, Vec2{600.0, 0.0}, 1.0 / 60.0).distance,
              unreal_stop(UnrealSettings{}, Vec2{600.0, 0.0}, 1.0 / 60.0).distance);
    EXPECT_THROW((void)unreal_stop_unchecked_settings(UnrealSettings{}, Vec2{std::nan(""), 0.0}, 1.0 / 60),
                 SettingsError);
    EXPECT_THROW((void)unreal_stop_unchecked_settings(UnrealSettings{}, Vec2{600.0, 0.0}, 0.0),
                 SettingsError);
}

// Issue 40: a braking friction of 1e-323 1/s with no deceleration stopped farther than a double holds (the
// continuous limit v0 / beta and Epic's estimate were infinite) and after more frames than counted. The
// Unreal predictors refuse a braking whose two terms are both below stop_min_braking but not both 0, naming
// the field; with either term at the minimum every answer is finite.
TEST(StopPrediction, UnrealStopRefusesABrakingTooWeakToStopWithinADouble) {
    const std::string rule =
        "the braking friction (1/s) or the braking deceleration (cm/s^2) must be at least 1e-12 for a stop "
        "prediction, or both 0 (weaker braking stops farther than a number holds)";
    UnrealSettings tiny_friction;
    tiny_friction.ground_friction = 4.9406564584124654e-324;
    tiny_friction.braking_deceleration_walking = 0.0;
    const std::string friction_error =
        "invalid UnrealSettings: ground_friction makes the braking friction (ground_friction x "
        "braking_friction_factor) 1e-323 1/s, with a braking deceleration of 0: " +
        rule;
    EXPECT_EQ(test::error_of([&] { (void)unreal_stop(tiny_friction, 600.0, 1.0 / 60); }), friction_error);
    EXPECT_EQ(test::error_of([&] { (void)unreal_stop_continuous(tiny_friction, 600.0); }), friction_error);
    const double trace[] = {1.0 / 60};
    EXPECT_EQ(test::error_of([&] { (void)unreal_stop_trace(tiny_friction, 600.0, trace); }), friction_error);
    UnrealSettings tiny_factor = tiny_friction;
    tiny_factor.ground_friction = 8.0;
    tiny_factor.braking_friction_factor = 1e-20;
    EXPECT_NE(test::error_of([&] {
                  (void)unreal_stop(tiny_factor, 600.0, 1.0 / 60);
              }).find("braking_friction_factor makes the braking friction"),
              std::string::npos);
    UnrealSettings tiny_deceleration;
    tiny_deceleration.ground_friction = 0.0;
    tiny_deceleration.braking_deceleration_walking = 1e-300;
    EXPECT_EQ(
        test::error_of([&] { (void)unreal_stop(tiny_deceleration, 600.0, 1.0 / 60); }),
        "invalid UnrealSettings: braking_deceleration_walking is 1e-300 with no braking friction: " + rule);
    // A tiny friction beside a real deceleration (and the reverse) computes: the stronger term stops it.
    UnrealSettings beside = tiny_friction;
    beside.braking_deceleration_walking = 2048.0;
    EXPECT_TRUE(unreal_stop(beside, 600.0, 1.0 / 60).stops);

    UnrealSettings least;
    least.ground_friction = stop_min_braking / least.braking_friction_factor;
    least.braking_deceleration_walking = 0.0;
    for (const double dt : {1e-6, 1.0 / 60, 10.0}) {
        const StopPrediction p = unreal_stop(least, stop_max_speed, dt);
        EXPECT_TRUE(std::isfinite(p.distance)) << dt;
        EXPECT_TRUE(p.stops ? std::isfinite(p.time) : p.at_limit) << dt;
    }
    const StopPrediction limit = unreal_stop_continuous(least, stop_max_speed);
    EXPECT_FALSE(limit.stops);  // no snap in continuous time: it tends to v0 / beta
    EXPECT_DOUBLE_EQ(limit.distance, stop_max_speed / stop_min_braking);
    least.ground_friction = 0.0;
    least.braking_deceleration_walking = stop_min_braking;
    const StopPrediction slowest = unreal_stop_continuous(least, stop_max_speed);
    EXPECT_TRUE(slowest.stops);
    EXPECT_DOUBLE_EQ(slowest.time, stop_max_speed / stop_min_braking);
    EXPECT_TRUE(std::isfinite(slowest.distance));
}

TEST(StopPrediction, RejectsBadInput) {
    EXPECT_THROW((void)unreal_stop(UnrealSettings{}, -1, 1.0 / 60), SettingsError);
    EXPECT_THROW((void)unreal_stop(UnrealSettings{}, 600, 0.0), SettingsError);
    EXPECT_THROW((void)continuous_stop(-1, 2048, 600), SettingsError);
    EXPECT_THROW((void)discrete_stop(16, 2048, 600, std::nan(""), 10), SettingsError);
}

}  // namespace
}  // namespace kinema::analysis
