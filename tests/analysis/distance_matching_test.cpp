// Distance curves, time lookup, advancing by distance and play rates (unreal-cmc.md section 9), and the
// end-to-end stop: exact CMC prediction driving a stop animation's time frame by frame.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/analysis/distance_matching.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/movement/unreal.hpp"

namespace kinema::analysis {
namespace {

// A stop clip sampled at 120 Hz: x = v0 t - a t^2 / 2 until t_stop = v0 / a, then still for `hold` seconds.
std::vector<RootSample> stop_clip(double v0, double a, double hold) {
    const double t_stop = v0 / a;
    std::vector<RootSample> root;
    const int n = static_cast<int>(std::lround((t_stop + hold) * 120.0));
    for (int k = 0; k <= n; ++k) {
        const double t = k / 120.0;
        const double tc = std::min(t, t_stop);
        root.push_back({t, {v0 * tc - 0.5 * a * tc * tc, 0.0, 0.0}});
    }
    return root;
}

std::vector<RootSample> constant_clip(double speed, double length) {
    std::vector<RootSample> root;
    for (int k = 0; k <= static_cast<int>(std::lround(length * 120.0)); ++k) {
        root.push_back({k / 120.0, {speed * k / 120.0, 0.0, 0.0}});
    }
    return root;
}

// v0 = 300, a = 1000: stops at 0.3 s after 45 cm. Keys every 1/30 s: -(45 - x(t)) up to the stop, 0 after.
TEST(DistanceCurve, BakesAStopClip) {
    const DistanceCurve c = bake_distance_curve(stop_clip(300, 1000, 0.5));
    ASSERT_EQ(c.times.size(), 25u);  // 0 .. 0.8 s at 30 Hz
    for (std::size_t k = 0; k < c.times.size(); ++k) {
        const double t = std::min(c.times[k], 0.3);
        EXPECT_NEAR(c.distances[k], -(45.0 - (300 * t - 500 * t * t)), 1e-9) << k;
    }
    // The first still 1/120 s step ends at 0.3 + 1/120 s; the root has not moved since 0.3 s.
    EXPECT_NEAR(c.marker_time, 0.3 + 1.0 / 120, 1e-12);
    EXPECT_TRUE(c.validate().empty());
    // Zero remaining distance selects the first zero key: the moment the root stops.
    EXPECT_NEAR(time_for_remaining_distance(c, 0.0).time, 0.3, 1e-12);
}

// The engine's threshold quirk: a clip speeding up from 40 cm/s (x = 40 t + 20 t^2): its first 1/120 s step
// gives |dp|^2 / dt = (1/3)^2 * 120 = 13.3 < 5^2, so it qualifies and, being the slowest, is the marker; a
// true 5 cm/s speed test rejects every step and the marker stays at 0 (every value >= 0).
TEST(DistanceCurve, ThresholdQuirk) {
    std::vector<RootSample> root;
    for (int k = 0; k <= 120; ++k) {
        const double t = k / 120.0;
        root.push_back({t, {40 * t + 20 * t * t, 0.0, 0.0}});
    }
    EXPECT_NEAR(bake_distance_curve(root).marker_time, 1.0 / 120, 1e-12);
    BakeSettings honest;
    honest.epic_threshold_quirk = false;
    const DistanceCurve c = bake_distance_curve(root, honest);
    EXPECT_EQ(c.marker_time, 0.0);
    EXPECT_EQ(c.distances.front(), 0.0);
    EXPECT_NEAR(c.distances.back(), 60.0, 1e-12);
    BakeSettings at_end;
    at_end.stop_at_end = true;
    const DistanceCurve e = bake_distance_curve(root, at_end);
    EXPECT_EQ(e.marker_time, 1.0);
    EXPECT_NEAR(e.distances.front(), -60.0, 1e-12);
    EXPECT_EQ(e.distances.back(), 0.0);
}

// Issue 40: stop_speed_threshold's range ends at 1e6 cm/s (was [0, inf)). At that end every step qualifies
// and the slowest still wins: the stop clip's marker is the first still step, as with the default 5 cm/s.
TEST(DistanceCurve, TheHighestThresholdStillPicksTheSlowestStep) {
    BakeSettings highest;
    highest.stop_speed_threshold = 1e6;
    ASSERT_TRUE(highest.validate().empty());
    highest.stop_speed_threshold = std::nextafter(1e6, 2e6);
    EXPECT_FALSE(highest.validate().empty());
    highest.stop_speed_threshold = 1e6;
    for (const bool quirk : {true, false}) {
        highest.epic_threshold_quirk = quirk;
        const DistanceCurve c = bake_distance_curve(stop_clip(300, 1000, 0.5), highest);
        EXPECT_NEAR(c.marker_time, 0.3 + 1.0 / 120, 1e-12) << quirk;
        EXPECT_NEAR(c.distances.front(), -45.0, 1e-9) << quirk;
    }
}

TEST(DistanceCurve, TimeForDistanceInterpolatesAndFlagsExtrapolation) {
    DistanceCurve c;
    c.times = {0.0, 0.1, 0.2, 0.3, 0.4};
    c.distances = {-30.0, -10.0, 0.0, 0.0, 5.0};
    // Between -30 and -10: -20 is half way -> 0.05 s.
    EXPECT_NEAR(time_for_distance(c, -20.0).time, 0.05, 1e-15);
    EXPECT_FALSE(time_for_distance(c, -20.0).extrapolated);
    EXPECT_NEAR(time_for_remaining_distance(c, 5.0).time, 0.15, 1e-15);
    EXPECT_DOUBLE_EQ(time_for_distance(c, 0.0).time, 0.2);  // first of the equal keys
    EXPECT_NEAR(time_for_distance(c, 2.5).time, 0.35, 1e-15);
    // Beyond the ends: the end segments extended, flagged.
    const CurveTime before = time_for_distance(c, -40.0);
    EXPECT_TRUE(before.extrapolated);
    EXPECT_NEAR(before.time, -0.05, 1e-15);
    const CurveTime after = time_for_distance(c, 10.0);
    EXPECT_TRUE(after.extrapolated);
    EXPECT_NEAR(after.time, 0.5, 1e-15);
    EXPECT_NEAR(distance_at(c, 0.05), -20.0, 1e-12);
    DistanceCurve broken = c;
    broken.distances[1] = -40.0;
    EXPECT_THROW((void)time_for_distance(broken, 0.0), SettingsError);
}

// A 300 cm/s clip marked at its end: advancing by 300 dt is rate 1; by 600 dt asks rate 2, clamped to 1.25
// unless the clamp is disabled with {0, 0}.
TEST(DistanceMatching, AdvanceByDistanceAndPlayRates) {
    BakeSettings at_end;
    at_end.stop_at_end = true;
    const auto root = constant_clip(300, 1.0);
    const DistanceCurve c = bake_distance_curve(root, at_end);
    const double dt = 1.0 / 60;
    const Advance one = advance_by_distance(c, 0.2, 300 * dt, dt);
    EXPECT_NEAR(one.play_rate, 1.0, 1e-12);
    EXPECT_NEAR(one.time, 0.2 + dt, 1e-12);
    EXPECT_FALSE(one.rate_clamped);
    const Advance fast = advance_by_distance(c, 0.2, 600 * dt, dt);
    EXPECT_DOUBLE_EQ(fast.play_rate, 1.25);
    EXPECT_TRUE(fast.rate_clamped);
    EXPECT_NEAR(fast.time, 0.2 + 1.25 * dt, 1e-12);
    const Advance free = advance_by_distance(c, 0.2, 600 * dt, dt, {0.0, 0.0});
    EXPECT_NEAR(free.play_rate, 2.0, 1e-12);
    EXPECT_EQ(advance_by_distance(c, 0.2, 0.0, dt).time, 0.2);  // standing still: no-op
    EXPECT_EQ(advance_by_distance(c, 0.2, 5.0, 0.0).play_rate, 0.0);
    const Advance end = advance_by_distance(c, 0.99, 100.0, dt, {0.0, 0.0});
    EXPECT_TRUE(end.reached_end);
    EXPECT_DOUBLE_EQ(end.time, 1.0);
    EXPECT_NEAR(play_rate_to_match_speed(root, 330), 1.1, 1e-12);
    EXPECT_DOUBLE_EQ(play_rate_to_match_speed(root, 600), 1.25);
    EXPECT_NEAR(play_rate_to_match_speed(root, 600, {0, 0}), 2.0, 1e-12);
    EXPECT_THROW((void)play_rate_to_match_speed(constant_clip(0, 1.0), 100), SettingsError);
}

// End to end: a CMC character at 600 cm/s releases its input at 60 fps. Each frame the exact
// prediction of the remaining stop distance picks the stop animation's time. The times never go back and
// reach the marker (the first zero key) on exactly the frame the character stops moving; remaining +
// travelled is the first prediction throughout. (The CMC zeroes the speed at the start of the snapping frame,
// which therefore does not move: the character stands at its final position one frame before its velocity
// reads zero, and the animation arrives there with it.)
TEST(DistanceMatching, EndToEndStopWithTheUnrealModel) {
    const movement::UnrealSettings s;
    // A stop clip that covers more than the 15.6 cm this stop takes: 600 cm/s braking at 6000 cm/s^2 -> 30
    // cm.
    const DistanceCurve clip = bake_distance_curve(stop_clip(600, 6000, 0.4));
    const double stop_time = 0.1;  // 600 / 6000
    for (double fps : {30.0, 60.0, 144.0}) {
        const double dt = 1.0 / fps;
        movement::PlanarState state{{0, 0}, {600, 0}};
        const double total = unreal_stop(s, state.velocity, dt).distance;
        const std::int64_t frames = unreal_stop(s, state.velocity, dt).frames;
        double previous = -1.0;
        std::int64_t frame = 0;
        while (true) {
            const double remaining = unreal_stop(s, state.velocity, dt).distance;
            EXPECT_NEAR(remaining + state.position.x, total, 1e-9 * total) << fps << " frame " << frame;
            const CurveTime t = time_for_remaining_distance(clip, remaining);
            EXPECT_FALSE(t.extrapolated);
            EXPECT_GE(t.time, previous) << fps << " frame " << frame;
            previous = t.time;
            const movement::PlanarState next = movement::step(s, state, {0, 0}, dt);
            if (next.position == state.position) {
                // Stopped moving: from here on the pose is the stop marker's.
                EXPECT_NEAR(t.time, stop_time, 1e-12) << fps;
                EXPECT_EQ(remaining, 0.0);
                EXPECT_EQ(frame, frames - 1) << fps;
                break;
            }
            EXPECT_LT(t.time, stop_time - 1e-9) << fps << " frame " << frame;
            state = next;
            ++frame;
        }
        EXPECT_GE(frame, 2) << fps;
    }
}

}  // namespace
}  // namespace kinema::analysis
