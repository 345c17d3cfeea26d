// Morrowind flights stepped at OpenMW's physics rate: against MorrowindModel::simulate_jump, hand-stepped
// frames of the catch-up rule, the note's test vectors (reference morrowind.md 5.2, 5.3) and the continuous
// limit as the rate grows.
#include "kinema/movement/morrowind_physics.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "kinema/analysis/morrowind_sweep.hpp"

namespace kinema::movement {
namespace {

MorrowindActor actor_with_acrobatics(double acrobatics) {
    MorrowindActor actor;
    actor.acrobatics = acrobatics;
    return actor;
}

MorrowindSettings openmw_settings() {
    MorrowindSettings settings;
    settings.rules = MorrowindRules::openmw();
    return settings;
}

MorrowindStance standing() {
    MorrowindStance stance;
    stance.input = {0.0, 0.0};
    return stance;
}

MorrowindLaunch vertical(double vz, double drop = 0.0) {
    MorrowindLaunch launch;
    launch.velocity = Vec3{0.0, 0.0, vz};
    launch.drop = drop;
    return launch;
}

TEST(MorrowindPhysics, FixedStepsEqualSimulateJump) {
    for (const double rate : {5.0, 30.0, 60.0, 144.0}) {
        MorrowindSettings settings;
        settings.physics_step = 1.0 / rate;
        const MorrowindModel model(settings);
        MorrowindPhysicsSettings physics;
        physics.physics_rate = rate;
        for (const double v : {50.0, 289.04, 741.2}) {
            const MorrowindJumpArc arc = model.simulate_jump(v);
            const MorrowindFlight flight = simulate_flight(model, {}, vertical(v), physics);
            ASSERT_TRUE(flight.lands);
            EXPECT_EQ(flight.steps, arc.steps) << rate << " " << v;
            EXPECT_EQ(flight.frames, arc.steps);
            EXPECT_EQ(flight.apex_height, arc.apex_height);
            EXPECT_NEAR(flight.airtime, arc.airtime, 1e-12);
            // Discrete closed form: z_n = v n h - g h^2 n (n - 1) / 2 is first <= 0 at n = ceil(2 v / (g h))
            // + 1 (the landing step), unless 2 v / (g h) is whole.
            const double h = 1.0 / rate;
            const double n = std::ceil(2.0 * v / (model.gravity() * h)) + 1.0;
            EXPECT_EQ(static_cast<double>(flight.steps), n);
        }
    }
}

TEST(MorrowindPhysics, NoteTestVectorsAtSixtyHertz) {
    // Reference 5.2, OpenMW gravity: Acrobatics 0 takes off at 289.04 u/s; apex 66.6 continuous, 69.0 at 1/60
    // s, airtime about 0.95 s. Acrobatics 100: 741.20 u/s, apex 438.0 / 444.2, airtime 2.38 s.
    const MorrowindModel model(openmw_settings());
    const struct {
        double acrobatics, v, apex_continuous, apex_stepped, airtime;
    } rows[] = {{0.0, 289.04, 66.6, 69.0, 0.95}, {100.0, 741.20, 438.0, 444.2, 2.38}};
    for (const auto& row : rows) {
        const MorrowindActor actor = actor_with_acrobatics(row.acrobatics);
        const MorrowindLaunch launch = morrowind_launch(model, actor, standing(), {}, 0.0);
        EXPECT_NEAR(launch.velocity.z, row.v, 0.005);
        const MorrowindFlight stepped = simulate_flight(model, actor, launch);
        const MorrowindFlight limit = continuous_flight(model, actor, launch);
        EXPECT_NEAR(limit.apex_height, row.apex_continuous, 0.05);
        EXPECT_NEAR(stepped.apex_height, row.apex_stepped, 0.05);
        EXPECT_NEAR(stepped.airtime, row.airtime, 0.02);
        EXPECT_NEAR(limit.airtime, 2.0 * row.v / 627.1216, 1e-4);
        EXPECT_EQ(stepped.distance, 0.0);
    }
}

TEST(MorrowindPhysics, SlowFramesCatchUpWithOneLongStep) {
    // Wiki gravity 627.2, 300 u/s straight up, physics 60 Hz, rendered at 2 Hz. Frame 1 (0.5 s): 10 steps of
    // 1/60 s (z = 300 x 10/60 - 627.2 x 45/3600 = 42.16, v = 300 - 627.2/6), then the remaining 1/3 s as one
    // step: z = 42.16 + (300 - 627.2/6)/3 = 107.3156 (the apex; fixed 1/60 s steps give 74.27). Frame 2 ends
    // at z = 57.83 falling at 327.2 u/s; frame 3 lands in its 10 whole steps.
    const MorrowindModel model;
    MorrowindPhysicsSettings physics;
    physics.frame_rate = 2.0;
    const MorrowindFlight flight = simulate_flight(model, {}, vertical(300.0), physics);
    ASSERT_TRUE(flight.lands);
    EXPECT_NEAR(flight.apex_height, 42.16 + (300.0 - 627.2 / 6.0) / 3.0, 1e-9);
    EXPECT_EQ(flight.frames, 3);
    EXPECT_EQ(flight.steps, 11 + 11 + 10);
    EXPECT_NEAR(flight.airtime, 1.0 + 10.0 / 60.0, 1e-12);
    EXPECT_NEAR(simulate_flight(model, {}, vertical(300.0), {}).apex_height, 74.265777777777, 1e-9);
    // Below the cap the accumulator carries the remainder: 45 Hz rendering, 60 Hz physics takes 1 or 2 steps
    // per frame, the same steps as pure 60 Hz, so the same arc.
    physics.frame_rate = 45.0;
    const MorrowindFlight carried = simulate_flight(model, {}, vertical(300.0), physics);
    const MorrowindFlight fixed = simulate_flight(model, {}, vertical(300.0), {});
    EXPECT_EQ(carried.steps, fixed.steps);
    EXPECT_NEAR(carried.apex_height, fixed.apex_height, 1e-9);
    EXPECT_LT(carried.frames, fixed.frames);
}

TEST(MorrowindPhysics, FallDamageOnLanding) {
    // Reference 5.3 (full fatigue, OpenMW rules): 1000 u at Acrobatics 30 loses 25.37 health without a
    // knockdown; 500 u at Acrobatics 0 loses 6.02 and knocks down. A walk off a ledge (no take-off speed)
    // falls exactly `drop`.
    const MorrowindModel model(openmw_settings());
    const MorrowindFlight a = simulate_flight(model, actor_with_acrobatics(30.0), vertical(0.0, 1000.0));
    ASSERT_TRUE(a.lands);
    EXPECT_EQ(a.fall_height, 1000.0);
    EXPECT_NEAR(a.fall.health_loss, 25.37, 0.005);
    EXPECT_FALSE(a.fall.knockdown);
    const MorrowindFlight b = simulate_flight(model, actor_with_acrobatics(0.0), vertical(0.0, 500.0));
    EXPECT_NEAR(b.fall.health_loss, 6.02, 0.005);
    EXPECT_TRUE(b.fall.knockdown);
    // Continuous: t = sqrt(2 drop / g), landing speed g t.
    const MorrowindFlight c = continuous_flight(model, actor_with_acrobatics(30.0), vertical(0.0, 1000.0));
    EXPECT_NEAR(c.airtime, std::sqrt(2000.0 / 627.1216), 1e-12);
    EXPECT_NEAR(c.landing_speed, std::sqrt(2000.0 * 627.1216), 1e-9);
    EXPECT_EQ(c.fall_height, 1000.0);
    // A jump onto a ledge above the apex never lands; onto a lower one it lands on the way down.
    EXPECT_FALSE(simulate_flight(model, {}, vertical(300.0, -100.0)).lands);
    EXPECT_FALSE(continuous_flight(model, {}, vertical(300.0, -100.0)).lands);
    const MorrowindFlight ledge = continuous_flight(model, {}, vertical(300.0, -50.0));
    ASSERT_TRUE(ledge.lands);
    EXPECT_NEAR(ledge.fall_height, 300.0 * 300.0 / (2.0 * 627.1216) - 50.0, 1e-9);
}

TEST(MorrowindPhysics, RunningJumpWithMidairControl) {
    // Speed 50, Athletics 30, Acrobatics 30, running along +y: take-off 0.707 x 299.04 per component
    // (211.42), air input 307.5 u/s (run speed, under the animation cap) x air control 0.5 + 0.5 x 0.3 =
    // 0.65.
    const MorrowindModel model(openmw_settings());
    const MorrowindActor actor;
    MorrowindStance stance;
    stance.run = true;
    const MorrowindLaunch launch = morrowind_launch(model, actor, stance, {0.0, 1.0}, 0.0);
    EXPECT_NEAR(launch.velocity.y, 211.42, 0.005);
    EXPECT_NEAR(launch.velocity.z, 211.42, 0.005);
    EXPECT_NEAR(launch.air_input.y, 307.5, 1e-12);
    EXPECT_NEAR(launch.air_control, 0.65, 1e-15);
    const MorrowindFlight limit = continuous_flight(model, actor, launch);
    const double t = 2.0 * launch.velocity.z / 627.1216;
    EXPECT_NEAR(limit.airtime, t, 1e-12);
    EXPECT_NEAR(limit.distance, (launch.velocity.y + 0.65 * 307.5) * t, 1e-9);
    const MorrowindFlight stepped = simulate_flight(model, actor, launch);
    EXPECT_NEAR(stepped.distance, (launch.velocity.y + 0.65 * 307.5) * stepped.airtime, 1e-9);
}

TEST(MorrowindPhysics, ConvergesToTheClosedFormsAsTheRateGrows) {
    // The continuous flight equals the model's closed-form jump (apex v^2 / 2g, airtime 2 v / g); the stepped
    // apex overshoots by at most v h (one step's rise) and the airtime by at most 2 steps, so both errors
    // shrink like 1/rate.
    const MorrowindModel model;
    const MorrowindActor actor = actor_with_acrobatics(50.0);
    const MorrowindJump jump = model.jump(actor, standing(), {});
    const MorrowindLaunch launch = vertical(jump.take_off_speed);
    const MorrowindFlight limit = continuous_flight(model, actor, launch);
    EXPECT_NEAR(limit.apex_height, jump.apex_height, 1e-9);
    EXPECT_NEAR(limit.airtime, jump.airtime, 1e-12);
    double previous_error = 1e9;
    for (const double rate : {5.0, 20.0, 60.0, 240.0, 1000.0, 10000.0}) {
        MorrowindPhysicsSettings physics;
        physics.physics_rate = rate;
        const MorrowindFlight f = simulate_flight(model, actor, launch, physics);
        const double h = 1.0 / rate;
        const double error = f.apex_height - limit.apex_height;
        EXPECT_GE(error, -1e-9) << rate;
        EXPECT_LE(error, jump.take_off_speed * h) << rate;
        EXPECT_LE(std::abs(f.airtime - limit.airtime), 2.0 * h) << rate;
        EXPECT_LT(std::abs(error), previous_error);
        previous_error = std::abs(error);
    }
    EXPECT_LT(previous_error, 0.02);
}

TEST(MorrowindPhysics, SweepSeriesAndValidation) {
    const MorrowindModel model;
    const MorrowindLaunch launch = vertical(300.0);
    const auto rates = analysis::morrowind_default_rates();
    EXPECT_EQ(rates.front(), 5.0);
    EXPECT_EQ(rates.back(), 240.0);
    const analysis::MorrowindRateSweep sweep =
        analysis::sweep_morrowind_physics_rate(model, {}, launch, rates);
    ASSERT_EQ(sweep.rows.size(), rates.size());
    for (std::size_t i = 0; i < rates.size(); ++i) {
        MorrowindPhysicsSettings physics;
        physics.physics_rate = rates[i];
        EXPECT_EQ(sweep.rows[i].flight.apex_height, simulate_flight(model, {}, launch, physics).apex_height);
    }
    EXPECT_NEAR(sweep.continuous.apex_height, 300.0 * 300.0 / (2.0 * 627.2), 1e-9);
    MorrowindPhysicsSettings bad;
    bad.physics_rate = 0.0;
    bad.max_steps_per_frame = 0;
    try {
        (void)simulate_flight(model, {}, launch, bad);
        FAIL();
    } catch (const SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 2u);
        EXPECT_EQ(e.errors()[0].field, "physics_rate");
        EXPECT_EQ(e.errors()[1].field, "max_steps_per_frame");
    }
    MorrowindLaunch nan_launch = launch;
    nan_launch.drop = std::nan("");
    EXPECT_THROW((void)simulate_flight(model, {}, nan_launch), SettingsError);
}

}  // namespace
}  // namespace kinema::movement
