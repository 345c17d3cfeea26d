// CrossCode (Radical Fish's CrossCode physics post): hand-derived ticks and the coasting numbers of reference
// dishonored-crosscode-and-tas.md section 3.
#include "kinema/movement/crosscode.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace {

using kinema::Vec2;
using kinema::movement::CrossCodeSettings;
using kinema::movement::PlanarState;

TEST(CrossCodeStep, StartFromRestReachesMaxVelInOneTenthOfASecond) {
    // 60 FPS: accel = 300 * 10 * 1 * 1 / 60 = 50 per tick. Tick 1: v = 50, p = 50/60.
    // Tick 2: frictionVel = 50 * 12/60 = 10 along accelDir, trimmed away entirely (|v| <= 300, dot >= 0): v =
    // 100. Tick 6 (0.1 s): v = 300; later ticks: 350 is limited to max(300, 300) and the trimmed friction is
    // 0.
    const CrossCodeSettings defaults;
    PlanarState s = kinema::movement::step(defaults, {}, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(s.velocity.x, 50.0, 1e-12);
    EXPECT_NEAR(s.position.x, 50.0 / 60.0, 1e-12);
    s = kinema::movement::step(defaults, s, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(s.velocity.x, 100.0, 1e-12);
    EXPECT_NEAR(s.position.x, 150.0 / 60.0, 1e-12);
    for (int i = 3; i <= 6; ++i) {
        s = kinema::movement::step(defaults, s, {1.0, 0.0}, 1.0 / 60.0);
    }
    EXPECT_NEAR(s.velocity.x, 300.0, 1e-9);
    s = kinema::movement::step(defaults, s, {1.0, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(s.velocity.x, 300.0, 1e-9);
    EXPECT_EQ(s.velocity.y, 0.0);
}

TEST(CrossCodeStep, CoastingLosesTwelveDtPerTick) {
    // No input: speed x (1 - 12 dt) per tick. 0.25 s from 300 at 60 FPS: 300 * 0.8^15 = 10.5546
    // (reference: 10.6).
    PlanarState s{{0.0, 0.0}, {300.0, 0.0}};
    for (int i = 0; i < 15; ++i) {
        s = kinema::movement::step(CrossCodeSettings{}, s, {}, 1.0 / 60.0);
    }
    EXPECT_NEAR(s.velocity.x, 300.0 * std::pow(0.8, 15), 1e-9);
    EXPECT_NEAR(s.velocity.x, 10.6, 0.05);
    // 144 FPS, 36 ticks: 300 (1 - 12/144)^36 = 13.1 (reference).
    PlanarState t{{0.0, 0.0}, {300.0, 0.0}};
    for (int i = 0; i < 36; ++i) {
        t = kinema::movement::step(CrossCodeSettings{}, t, {}, 1.0 / 144.0);
    }
    EXPECT_NEAR(t.velocity.x, 13.1, 0.05);
    // 12 FPS: 1 - 12/12 = 0 -> stopped after one tick.
    const PlanarState u =
        kinema::movement::step(CrossCodeSettings{}, {{0.0, 0.0}, {300.0, 0.0}}, {}, 1.0 / 12.0);
    EXPECT_EQ(u.velocity.x, 0.0);
}

TEST(CrossCodeStep, TrimOnlyAlongAccelDir) {
    const double dt = 1.0 / 60.0;
    // v = (0, 100), accelDir (1, 0): accel (50, 0); frictionVel (0, 20), dot = 0 >= 0 so 0 is trimmed;
    // v = (50, 100), |v| = 111.8 <= max(100, 300); minus friction -> (50, 80).
    const PlanarState a =
        kinema::movement::step(CrossCodeSettings{}, {{0.0, 0.0}, {0.0, 100.0}}, {1.0, 0.0}, dt);
    EXPECT_NEAR(a.velocity.x, 50.0, 1e-12);
    EXPECT_NEAR(a.velocity.y, 80.0, 1e-12);
    // Moving against accelDir: v = (-100, 0): frictionVel (-20, 0), dot = -20 < 0, no trim;
    // v = (-50, 0) - (-20, 0) = (-30, 0).
    const PlanarState b =
        kinema::movement::step(CrossCodeSettings{}, {{0.0, 0.0}, {-100.0, 0.0}}, {1.0, 0.0}, dt);
    EXPECT_NEAR(b.velocity.x, -30.0, 1e-12);
    // Faster than max_vel: v = (400, 0): no trim; frictionVel 80; v = 450 limited to max(400, 300) = 400; 400
    // - 80.
    const PlanarState c =
        kinema::movement::step(CrossCodeSettings{}, {{0.0, 0.0}, {400.0, 0.0}}, {1.0, 0.0}, dt);
    EXPECT_NEAR(c.velocity.x, 320.0, 1e-12);
    EXPECT_NEAR(c.position.x, 320.0 / 60.0, 1e-12);
}

TEST(CrossCodeStep, AnalogInputIsUsedAsAccelDir) {
    // accelDir (0.5, 0) from v = (100, 0): accel = 25; frictionVel = 20, dot = 10, trim 0.5 * 10 = 5 -> 15;
    // v = 125 - 15 = 110 (the trim removes |accelDir|^2 = 1/4 of the friction along it).
    const PlanarState s =
        kinema::movement::step(CrossCodeSettings{}, {{0.0, 0.0}, {100.0, 0.0}}, {0.5, 0.0}, 1.0 / 60.0);
    EXPECT_NEAR(s.velocity.x, 110.0, 1e-12);
}

TEST(CrossCodeStep, AirFrictionWhenNotGrounded) {
    // grounded = 0: friction 0.2. Coasting: 300 (1 - 0.2 * 12 / 60) = 288. Accelerating from rest:
    // 300 * 10 * 0.2 / 60 = 10 per tick.
    CrossCodeSettings air;
    air.grounded = false;
    const PlanarState coast = kinema::movement::step(air, {{0.0, 0.0}, {300.0, 0.0}}, {}, 1.0 / 60.0);
    EXPECT_NEAR(coast.velocity.x, 288.0, 1e-12);
    const PlanarState start = kinema::movement::step(air, {}, {0.0, -1.0}, 1.0 / 60.0);
    EXPECT_NEAR(start.velocity.y, -10.0, 1e-12);
}

TEST(CrossCodeSettingsValidation, NamesEveryBadField) {
    CrossCodeSettings bad;
    bad.max_vel = -1.0;
    bad.air_friction = std::nan("");
    const auto errors = bad.validate();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].field, "max_vel");
    EXPECT_EQ(errors[1].field, "air_friction");
    EXPECT_THROW((void)kinema::movement::step(bad, {}, {}, 0.1), kinema::SettingsError);
}

}  // namespace
