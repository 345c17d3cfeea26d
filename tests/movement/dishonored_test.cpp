// Dishonored (the DhTas notes, Algorithm 1): hand-derived frames, the 8 FPS property, time to MaxSpeed
// (reference dishonored-crosscode-and-tas.md section 2).
#include "kinema/movement/dishonored.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

namespace {

using kinema::Vec2;
using kinema::movement::DishonoredSettings;
using kinema::movement::PlanarState;

TEST(DishonoredFriction, EightFpsRedirectsAllSpeed) {
    // dt = 1/8, f = 8: dt*f = 1 exactly, so line 6 is v - (v - |v| d) = |v| d.
    const Vec2 v{300.0, 0.0};
    const Vec2 d{0.0, 1.0};
    const Vec2 after = kinema::movement::dishonored_friction(v, d, 8.0, 1.0 / 8.0);
    EXPECT_EQ(after, (Vec2{0.0, 300.0}));
    // Any velocity and direction: the result is |v| d up to rounding.
    const Vec2 w{-123.25, 371.5};
    const Vec2 e{0.6, -0.8};
    const Vec2 turned = kinema::movement::dishonored_friction(w, e, 8.0, 0.125);
    EXPECT_DOUBLE_EQ(turned.x, length(w) * e.x);
    EXPECT_DOUBLE_EQ(turned.y, length(w) * e.y);
}

TEST(DishonoredFriction, NotAtOtherRates) {
    // dt = 1/10: v - 0.8 (v - |v| d) = 0.2 v + 0.8 |v| d = (60, 240) for v = (300, 0), d = (0, 1).
    const Vec2 after = kinema::movement::dishonored_friction({300.0, 0.0}, {0.0, 1.0}, 8.0, 0.1);
    EXPECT_NEAR(after.x, 60.0, 1e-12);
    EXPECT_NEAR(after.y, 240.0, 1e-12);
    // dt = 1/4: factor 2 overshoots: v - 2 (v - |v| d) = (-300, 600) (no min(dt f, 1) clamp in the seed).
    const Vec2 over = kinema::movement::dishonored_friction({300.0, 0.0}, {0.0, 1.0}, 8.0, 0.25);
    EXPECT_EQ(over, (Vec2{-300.0, 600.0}));
}

TEST(DishonoredStep, EightFpsTurnKeepsSpeedAndAddsAcceleration) {
    // Walk at full speed (400, 0), input (0, 1), dt = 1/8: friction redirects to (0, 400), + dt a = (0, 250)
    // -> 650 clamped to 400; p += (0, 400)/8 = (0, 50).
    const PlanarState after =
        kinema::movement::step(DishonoredSettings{}, {{0.0, 0.0}, {400.0, 0.0}}, {0.0, 1.0}, 0.125);
    EXPECT_EQ(after.velocity, (Vec2{0.0, 400.0}));
    EXPECT_EQ(after.position, (Vec2{0.0, 50.0}));
}

TEST(DishonoredStep, HandDerivedFramesAt60Fps) {
    const DishonoredSettings walk;
    const double dt = 1.0 / 60.0;
    // From rest, input (1, 0): friction of 0 is 0; v = 2000/60 = 33.3333; p = 33.3333/60 = 0.555556.
    PlanarState s = kinema::movement::step(walk, {}, {1.0, 0.0}, dt);
    EXPECT_NEAR(s.velocity.x, 2000.0 / 60.0, 1e-12);
    EXPECT_NEAR(s.position.x, 2000.0 / 3600.0, 1e-12);
    // Frame 2: v parallel to d, so v - |v| d = 0 and friction vanishes; v = 66.6667, p = 0.555556 + 1.111111.
    s = kinema::movement::step(walk, s, {1.0, 0.0}, dt);
    EXPECT_NEAR(s.velocity.x, 4000.0 / 60.0, 1e-12);
    EXPECT_NEAR(s.position.x, 6000.0 / 3600.0, 1e-12);
    // A turn at full speed: v = (400, 0), d = (0, 1): v - (8/60)(400, -400) = (346.6667, 53.3333);
    // + (0, 33.3333) = (346.6667, 86.6667); |v| = 357.34 < 400, no clamp; p = v/60.
    const PlanarState t = kinema::movement::step(walk, {{0.0, 0.0}, {400.0, 0.0}}, {0.0, 1.0}, dt);
    EXPECT_NEAR(t.velocity.x, 400.0 - 400.0 * 8.0 / 60.0, 1e-12);
    EXPECT_NEAR(t.velocity.y, 400.0 * 8.0 / 60.0 + 2000.0 / 60.0, 1e-12);
    EXPECT_NEAR(t.position.x, t.velocity.x / 60.0, 1e-12);
    EXPECT_NEAR(t.position.y, t.velocity.y / 60.0, 1e-12);
}

TEST(DishonoredStep, NoInputIsPlainFriction) {
    // d = 0: v -= dt f v. At 30 fps from (400, 0): 400 (1 - 8/30) = 293.3333; p = 293.3333/30.
    const PlanarState s =
        kinema::movement::step(DishonoredSettings{}, {{0.0, 0.0}, {400.0, 0.0}}, {}, 1.0 / 30.0);
    EXPECT_NEAR(s.velocity.x, 400.0 * (1.0 - 8.0 / 30.0), 1e-12);
    EXPECT_NEAR(s.position.x, s.velocity.x / 30.0, 1e-12);
    EXPECT_EQ(s.velocity.y, 0.0);
}

TEST(DishonoredStep, AnalogInputScalesAcceleration) {
    // Input (0.5, 0): a = 1000, so from rest v = 1000/60. Input (3, 4) is clamped to (0.6, 0.8): a = (1200,
    // 1600).
    const PlanarState half = kinema::movement::step(DishonoredSettings{}, {}, {0.5, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(half.velocity.x, 1000.0 / 60.0, 1e-12);
    const PlanarState big = kinema::movement::step(DishonoredSettings{}, {}, {3.0, 4.0}, 0.1);
    EXPECT_NEAR(big.velocity.x, 120.0, 1e-12);
    EXPECT_NEAR(big.velocity.y, 160.0, 1e-12);
    // MaxAccel = 2000 s caps |a| for s < 1: s = 0.5 -> |a| = 1000, MaxSpeed 200.
    DishonoredSettings slow;
    slow.speed_scale = 0.5;
    const PlanarState capped = kinema::movement::step(slow, {}, {1.0, 0.0}, 0.1);
    EXPECT_NEAR(capped.velocity.x, 100.0, 1e-12);
}

int frames_to_max_speed(const DishonoredSettings& settings, double dt) {
    PlanarState s;
    for (int frame = 1; frame < 100000; ++frame) {
        s = kinema::movement::step(settings, s, {1.0, 0.0}, dt);
        if (std::abs(s.velocity.x - settings.max_speed()) <= 1e-9 * settings.max_speed()) {
            return frame;
        }
    }
    return -1;
}

TEST(DishonoredStep, StraightStartReachesMaxSpeedInCeilFrames) {
    // Reference section 2: friction vanishes along d, so speed rises by 2000 dt per frame and MaxSpeed is
    // reached after ceil(400 s / (2000 dt)) frames. 8 FPS walk: ceil(1.6) = 2 frames (0.25 s); 60 FPS walk:
    // 12 (0.20 s); agility (s = 1.95): ceil(3.12) = 4 frames at 8 FPS (0.50 s), ceil(23.4) = 24 at 60 FPS
    // (0.40 s).
    DishonoredSettings walk;
    DishonoredSettings agility;
    agility.speed_scale = kinema::movement::dishonored_agility_scale;
    EXPECT_EQ(frames_to_max_speed(walk, 1.0 / 8.0), 2);
    EXPECT_EQ(frames_to_max_speed(walk, 1.0 / 60.0), 12);
    EXPECT_EQ(frames_to_max_speed(agility, 1.0 / 8.0), 4);
    EXPECT_EQ(frames_to_max_speed(agility, 1.0 / 60.0), 24);
    DishonoredSettings sprint;
    sprint.speed_scale = kinema::movement::dishonored_sprint_scale;
    // Sprint at 30 FPS: 600 / (2000/30) = 9 frames.
    EXPECT_EQ(frames_to_max_speed(sprint, 1.0 / 30.0), 9);
}

TEST(DishonoredSettingsValidation, NamesEveryBadField) {
    DishonoredSettings bad;
    bad.speed_scale = 0.0;
    bad.friction = -2.0;
    const auto errors = bad.validate();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].field, "speed_scale");
    EXPECT_EQ(errors[1].field, "friction");
    EXPECT_THROW((void)kinema::movement::step(bad, {}, {}, 0.1), kinema::SettingsError);
    EXPECT_THROW((void)kinema::movement::step(DishonoredSettings{}, {}, {}, std::nan("")),
                 kinema::SettingsError);
}

}  // namespace
