// Values at the edges (docs/errors.md, "Limits"): a replay whose model diverges never matches, frame times
// above the step limit are refused with FILE:LINE in engine logs and traces, a trace of ten million 1e-6 s
// frames has a mean of 1e-6 s, the turn solver refuses a NaN angle and an endless frame, and the Morrowind
// physics-rate sweep refuses more work than a second's worth before stepping.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "error_of.hpp"
#include "kinema/analysis/morrowind_sweep.hpp"
#include "kinema/analysis/replay.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/core/csv.hpp"
#include "kinema/movement/crosscode.hpp"

namespace kinema::analysis {
namespace {

using kinema::test::error_of;

TEST(ReplayNonFinite, ADivergedModelNeverMatches) {
    // CrossCode at its largest friction and 60 Hz: 12 f dt = 2e4, so the coasting velocity grows 2e4-fold a
    // frame until it overflows. NaN compared with any tolerance is false, which used to read as "within".
    // (This used a start velocity of 1e308, which the log now refuses: see below.)
    std::string text = "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,5,5\n";
    for (int i = 0; i < 100; ++i) {
        text += "0.016,0,0,0,0,0,0\n";
    }
    const EngineLog log = parse_engine_log(text, "v.csv");
    movement::CrossCodeSettings crosscode;
    crosscode.friction = 1e5;
    ReplaySettings loose;
    loose.tolerance = std::numeric_limits<double>::max();
    const ReplayResult r = replay(crosscode, log, loose);
    EXPECT_FALSE(r.matches());
    EXPECT_FALSE(is_finite(r.frames.back().velocity));
    EXPECT_EQ(r.frames.back().velocity_error, std::numeric_limits<double>::infinity());
    EXPECT_EQ(r.max_velocity_error, std::numeric_limits<double>::infinity());
}

TEST(ReplayNonFinite, AStartFasterThanEverySpeedIsRefusedByItsLine) {
    // 1e308 u/s is finite, but its length is not: the models clamp or overflow it (issue 40).
    EXPECT_EQ(
        error_of([] {
            (void)parse_engine_log("dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,1e308,1e308\n0.016,0,0,5,5,5,5\n",
                                   "v.csv");
        }),
        "v.csv:2: the start velocity's length must be at most 1000000 (the fastest start a model takes), "
        "got 1.4142135623730951e+308");
}

TEST(ReplayNonFinite, HugeButFiniteDifferencesAreInfinitelyFar) {
    // |(1e308, 1e308) - (-1e308, -1e308)| overflows to inf: beyond any tolerance, and reported as such.
    const EngineLog log = parse_engine_log(
        "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n0.016,0,0,-1.5e308,-1.5e308,0,0\n", "far.csv");
    ReplaySettings loose;
    loose.tolerance = std::numeric_limits<double>::max();
    const ReplayResult r = replay(movement::make_model("unreal"), log, loose);
    EXPECT_EQ(r.frames[1].position_error, std::numeric_limits<double>::infinity());
    EXPECT_FALSE(r.matches());
}

TEST(FrameTimeRange, EngineLogRowsAboveTenSecondsNameFileAndLine) {
    EXPECT_EQ(error_of([] {
                  (void)parse_engine_log("dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n1e308,0,0,0,0,0,0\n",
                                         "long.csv");
              }),
              "long.csv:3: dt must be at most 10 s (the longest frame a step takes), got 1e+308");
    const EngineLog ok =
        parse_engine_log("dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n10,0,0,0,0,0,0\n", "ten.csv");
    EXPECT_EQ(ok.frames[1].dt, 10.0);
}

TEST(TraceMean, TenMillionMicrosecondFramesAverageOneMicrosecond) {
    const std::vector<double> trace(10'000'000, 1e-6);
    EXPECT_EQ(mean_frame_time(trace), 1e-6);
    // The comparison at the mean rate the CLI prints is then possible (it needs at least the engine's
    // 1e-6 s minimum tick).
    EXPECT_NO_THROW((void)unreal_stop(movement::UnrealSettings{}, 600.0, mean_frame_time(trace)));
    // Compensated: 1/3 of the frames 1/60 s, the rest 1/144 s.
    std::vector<double> mixed;
    for (int i = 0; i < 300'000; ++i) {
        mixed.push_back(i % 3 == 0 ? 1.0 / 60.0 : 1.0 / 144.0);
    }
    EXPECT_NEAR(mean_frame_time(mixed), (1.0 / 60.0 + 2.0 / 144.0) / 3.0, 1e-17);
}

TEST(TurnArguments, NaNAngleAndEndlessFramesAreRefusedNotUnreachable) {
    EXPECT_EQ(error_of([] { (void)solve_turn_by_angle(std::nan(""), 1.0 / 30.0); }),
              "invalid turn solver: angle must be a finite number, got nan");
    EXPECT_EQ(error_of([] { (void)solve_turn_by_angle(0.5, 1e308); }),
              "invalid turn solver: dt must be in (0, 10], got 1e+308");
    EXPECT_THROW((void)max_full_speed_turn(10.5), SettingsError);
    EXPECT_TRUE(solve_turn_by_angle(0.5, 10.0).reachable);  // the bound itself is a frame time
}

TEST(MorrowindSweepWork, IsBoundedBeforeAnyStep) {
    const movement::MorrowindModel model;
    movement::MorrowindLaunch launch;
    launch.velocity = {0.0, 0.0, movement::morrowind_max_take_off_speed};  // airborne for about 3189 s
    std::vector<double> rates;
    for (int rate = 1; rate <= 1000; ++rate) {
        rates.push_back(rate);
    }
    movement::MorrowindPhysicsSettings physics;
    physics.max_time = 3600.0;
    const double work = morrowind_sweep_work(model, launch, rates, physics);
    // sum(rates) = 500500 Hz; a frame and a step per physics step for 2 v / g s.
    const double airtime = 2.0 * launch.velocity.z / model.gravity();
    EXPECT_GT(work, 3.0 * 500500.0 * airtime);
    EXPECT_LT(work, 3.0 * 500500.0 * 3600.0 + 3.0 * 1000.0 * 3.0);
    try {
        (void)sweep_morrowind_physics_rate(model, movement::MorrowindActor{}, launch, rates, physics);
        FAIL();
    } catch (const SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 1u);
        EXPECT_EQ(e.errors()[0].field, "max_time");
    }
    // An ordinary jump at the same 1000 rates is well inside the budget, and the bound holds: the stepped
    // flights land within the time the bound allows.
    launch.velocity = {0.0, 0.0, 300.0};
    launch.drop = 500.0;
    const double small = morrowind_sweep_work(model, launch, rates, physics);
    EXPECT_LT(small, morrowind_sweep_max_work);
    const MorrowindRateSweep sweep =
        sweep_morrowind_physics_rate(model, movement::MorrowindActor{}, launch, rates, physics);
    double steps = 0.0;
    for (const MorrowindRateRow& row : sweep.rows) {
        EXPECT_TRUE(row.flight.lands) << row.physics_rate;
        steps += static_cast<double>(row.flight.steps + row.flight.frames);
    }
    EXPECT_LE(steps, small);
}

TEST(MorrowindSweepWork, BoundCoversEveryFrameRateAndDrop) {
    // The bound must never be below what a flight takes: compare it rate by rate with the steps counted.
    const movement::MorrowindModel model;
    for (const double vz : {0.0, 50.0, 400.0}) {
        for (const double drop : {-100.0, -1.0, 0.0, 30.0, 5000.0}) {
            for (const double frame_rate : {0.0, 0.5, 7.0, 60.0, 1000.0}) {
                for (const double rate : {1.0, 3.0, 60.0, 333.0}) {
                    movement::MorrowindLaunch launch;
                    launch.velocity = {10.0, 0.0, vz};
                    launch.drop = drop;
                    movement::MorrowindPhysicsSettings physics;
                    physics.frame_rate = frame_rate;
                    physics.physics_rate = rate;
                    physics.max_steps_per_frame = 2;
                    const double one[] = {rate};
                    const movement::MorrowindFlight f =
                        movement::simulate_flight(model, movement::MorrowindActor{}, launch, physics);
                    EXPECT_LE(static_cast<double>(f.steps + f.frames),
                              morrowind_sweep_work(model, launch, one, physics))
                        << vz << " " << drop << " " << frame_rate << " " << rate;
                }
            }
        }
    }
}

}  // namespace
}  // namespace kinema::analysis
