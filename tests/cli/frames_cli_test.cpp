// The real-frame-time flags end to end: simulate --dt-schedule / --input-file, stop --trace, turn
// --yaw-units / --dt-ticks and sweep --model morrowind print what the library computes when called directly
// (bit for bit: JSON numbers are shortest round-trip), the hand-derived numbers of the library tests, and bad
// input exits 2 with one line naming the flag or FILE:LINE and nothing on stdout.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

#include "kinema/analysis/morrowind_sweep.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/core/format.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/morrowind_physics.hpp"

namespace {

namespace mv = kinema::movement;
namespace an = kinema::analysis;
using kinema::test::CliRun;
using kinema::test::expect_one_line_error;
using kinema::test::run_kinema;
using kinema::test::scratch_path;

constexpr double kDeg = 180.0 / std::numbers::pi;

void expect_error(const std::string& args, const std::string& message) {
    SCOPED_TRACE(args);
    const CliRun r = run_kinema(args);
    expect_one_line_error(r, message);
    EXPECT_EQ(r.err, "kinema: error: " + message + "\n");
}

void expect_frames_equal(const nlohmann::json& frames, const std::vector<mv::FrameRecord>& expected) {
    ASSERT_EQ(frames.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(frames[i].at("frame").get<std::size_t>(), expected[i].frame);
        EXPECT_EQ(frames[i].at("time").get<double>(), expected[i].time);
        EXPECT_EQ(frames[i].at("position")[0].get<double>(), expected[i].position.x);
        EXPECT_EQ(frames[i].at("position")[1].get<double>(), expected[i].position.y);
        EXPECT_EQ(frames[i].at("velocity")[0].get<double>(), expected[i].velocity.x);
        EXPECT_EQ(frames[i].at("velocity")[1].get<double>(), expected[i].velocity.y);
    }
}

// ---- simulate
// ----------------------------------------------------------------------------------------------

TEST(CliFrames, DtScheduleMatchesTheLibrary) {
    const CliRun r = run_kinema(
        "simulate --model unreal --dt-schedule '0:1/60;30:0.004;45:2/5' --frames 50 --input '0:1,0;40:0,1' "
        "--start-velocity 100,-50 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const auto json = nlohmann::json::parse(r.out);
    const auto& schedule = json.at("dt_schedule");
    ASSERT_EQ(schedule.size(), 3u);
    EXPECT_EQ(schedule[1].at("frame").get<std::size_t>(), 30u);
    EXPECT_EQ(schedule[2].at("dt").get<double>(), 0.4);
    EXPECT_FALSE(json.contains("dt"));

    const mv::InputChange inputs[] = {{0, {1.0, 0.0}}, {40, {0.0, 1.0}}};
    const std::vector<mv::DtChange> dts = mv::parse_dt_schedule("0:1/60;30:0.004;45:2/5");
    std::vector<mv::FrameRecord> expected;
    mv::simulate(mv::UnrealSettings{}, {{0.0, 0.0}, {100.0, -50.0}}, inputs, dts, 50, expected);
    expect_frames_equal(json.at("frames"), expected);
    // Hand check of the schedule's times: 30 frames of 1/60 s, 15 of 0.004 s, 5 of 0.4 s.
    EXPECT_NEAR(json.at("frames")[50].at("time").get<double>(), 0.5 + 0.06 + 2.0, 1e-12);
}

TEST(CliFrames, OneEntryScheduleEqualsConstantDt) {
    const std::string rest = " --frames 20 --input '0:1,0;10:0,0' --csv";
    const CliRun a = run_kinema("simulate --model dishonored --dt-schedule 0:1/60" + rest);
    const CliRun b = run_kinema("simulate --model dishonored --dt 0.016666666666666666" + rest);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    // The table's header names the schedule.
    const CliRun table =
        run_kinema("simulate --model dishonored --dt-schedule '0:1/60' --frames 1 --input 0:1,0");
    EXPECT_EQ(table.out.rfind("model dishonored, dt schedule \"0:1/60\" (s), lengths in u", 0), 0u)
        << table.out;
}

TEST(CliFrames, InputFileMatchesSimulateFramesAcrossChunks) {
    // More rows than the CLI's chunk (4096 frames), with varying dts and inputs, columns in another order.
    std::string text = "# comment\nx,y,ignored,dt\n";
    std::vector<double> dts;
    std::vector<kinema::Vec2> inputs;
    for (int i = 0; i < 5000; ++i) {
        const double dt = (i % 7 == 0) ? 0.1 : (i % 3 == 0 ? 1.0 / 144.0 : 1.0 / 60.0);
        const kinema::Vec2 input{(i / 100) % 2 == 0 ? 1.0 : 0.0, (i / 250) % 2 == 0 ? 0.0 : 0.5};
        dts.push_back(dt);
        inputs.push_back(input);
        text += kinema::format_number(input.x) + "," + kinema::format_number(input.y) + ",7," +
                kinema::format_number(dt) + "\n";
    }
    const auto path = scratch_path("inputs.csv");
    kinema::test::write_file(path, text);
    const CliRun r = run_kinema("simulate --model crosscode --input-file '" + path.string() +
                                "' --start-velocity 30,0 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json.at("input_file").get<std::string>(), path.string());
    std::vector<mv::FrameRecord> expected;
    mv::simulate_frames(mv::CrossCodeSettings{}, {{0.0, 0.0}, {30.0, 0.0}}, inputs, dts, expected);
    expect_frames_equal(json.at("frames"), expected);
}

TEST(CliFrames, SimulateErrorsNameTheFlagOrFile) {
    const std::string sim = "simulate --model unreal --frames 3 --input 0:1,0 ";
    expect_error(sim + "--dt-schedule '0:1/60;30:x'",
                 "--dt-schedule: dt schedule entry 2 '30:x': DT 'x' is not a number or fraction (e.g. 0.016, "
                 "1/60)");
    expect_error(sim + "--dt-schedule '5:1/60'",
                 "--dt-schedule: dt schedule entry 1 '5:1/60': the first entry must be at frame 0");
    expect_error(sim + "--dt-schedule '0:nan'",
                 "--dt-schedule: dt schedule entry 1 '0:nan': DT 'nan' must be a finite time > 0 s");
    expect_error(sim + "--dt-schedule '0:-0.01'",
                 "--dt-schedule: dt schedule entry 1 '0:-0.01': DT '-0.01' must be a finite time > 0 s");
    expect_error(sim + "--dt 0.01 --dt-schedule 0:0.01",
                 "--dt-schedule: give either --dt or --dt-schedule, not both");
    expect_error(sim, "--dt: required (or --dt-schedule, or --input-file)");
    expect_error("simulate --model unreal --dt-schedule 0:0.01 --input 0:1,0",
                 "--frames: required (unless --input-file is given)");

    const auto missing = scratch_path("missing.csv");
    expect_error("simulate --model unreal --input-file '" + missing.string() + "'",
                 missing.string() + ":0: cannot open file: No such file or directory");
    const auto bad = scratch_path("bad.csv");
    kinema::test::write_file(bad, "dt,x,y\n0.1,1,0\n0.1,zz,0\n");
    expect_error("simulate --model unreal --input-file '" + bad.string() + "'",
                 bad.string() + ":3: column x: 'zz' is not a number");
    kinema::test::write_file(bad, "dt,x,y\n0.1,1,0\n-0.1,1,0\n");
    const CliRun negative = run_kinema("simulate --model unreal --input-file '" + bad.string() + "'");
    expect_one_line_error(negative, bad.string() + ":3: ");
    expect_error("simulate --model unreal --frames 3 --input-file '" + bad.string() + "'",
                 "--frames: not allowed with --input-file (the file gives every frame's dt and input)");
}

// One run steps at most max_simulation_frames frames, by --frames or by the rows of an input file (issue 14:
// the worst run finishes in well under a second).
TEST(CliFrames, SimulateFrameCapHoldsForFlagsAndFiles) {
    const std::size_t cap = mv::max_simulation_frames;
    const std::string sim = "simulate --model unreal --dt 0.1 --input 0:1,0 --csv --frames ";
    const CliRun at_cap = run_kinema(sim + std::to_string(cap));
    ASSERT_EQ(at_cap.exit_code, 0) << at_cap.err;
    EXPECT_EQ(std::count(at_cap.out.begin(), at_cap.out.end(), '\n'), static_cast<long>(cap) + 2);
    expect_error(sim + std::to_string(cap + 1), "--frames: expected a whole number in [0, " +
                                                    std::to_string(cap) + "], got '" +
                                                    std::to_string(cap + 1) + "'");

    std::string text = "dt,x,y\n";
    for (std::size_t i = 0; i <= cap; ++i) {
        text += "0.1,1,0\n";
    }
    const auto path = scratch_path("too_long.csv");
    kinema::test::write_file(path, text);
    // The header is line 1, so row cap + 1 is on line cap + 2.
    expect_error("simulate --model unreal --input-file '" + path.string() + "'",
                 path.string() + ":" + std::to_string(cap + 2) + ": too many rows (at most " +
                     std::to_string(cap) + ")");
}

// ---- stop --trace
// ------------------------------------------------------------------------------------------

TEST(CliFrames, StopTraceMatchesTheLibrary) {
    const auto path = scratch_path("trace.csv");
    kinema::test::write_file(path,
                             "frame,dt\n1,0.016666666666666666\n2,0.016666666666666666\n3,0.05\n"
                             "4,0.006944444444444444\n5,0.006944444444444444\n6,0.03333333333333333\n");
    const CliRun r = run_kinema("stop --model unreal --speed 600 --set ground_friction=6 --trace '" +
                                path.string() + "' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    mv::UnrealSettings s;
    s.ground_friction = 6.0;
    const std::vector<double> times = mv::read_frame_times(path.string());
    const an::StopPrediction exact = an::unreal_stop_trace(s, 600.0, times);
    const double mean = an::mean_frame_time(times);
    const an::StopPrediction at_mean = an::unreal_stop(s, 600.0, mean);
    EXPECT_EQ(json.at("trace_frames").get<std::size_t>(), 6u);
    EXPECT_EQ(json.at("distance").get<double>(), exact.distance);
    EXPECT_EQ(json.at("frames").get<std::int64_t>(), exact.frames);
    EXPECT_EQ(json.at("time").get<double>(), exact.time);
    EXPECT_EQ(json.at("mean_frame_time").get<double>(), mean);
    EXPECT_EQ(json.at("mean_rate").at("distance").get<double>(), at_mean.distance);
    EXPECT_EQ(json.at("mean_rate").at("frames").get<std::int64_t>(), at_mean.frames);
    EXPECT_EQ(json.at("mean_rate_error").get<double>(), at_mean.distance - exact.distance);

    // docs/analysis.md's example with the engine defaults: 11.803188 cm exact, 13.088714 cm at the mean rate.
    const CliRun table = run_kinema("stop --model unreal --speed 600 --trace '" + path.string() + "'");
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_NE(table.out.find("exact over the trace: 11.803188 cm, 4 frames, 0.090278 s\n"), std::string::npos)
        << table.out;
    EXPECT_NE(table.out.find("constant mean rate (0.021759 s, 45.96 fps): 13.088714 cm, 4 frames"),
              std::string::npos)
        << table.out;
}

TEST(CliFrames, ConstantTraceRepeatsItsLastFrameTime) {
    // One row of 1/60 s repeats: the 60 fps closed form, 15.623476 cm in 6 frames (unreal_stop's test).
    const auto path = scratch_path("t60.csv");
    kinema::test::write_file(path, "dt\n0.016666666666666666\n");
    const CliRun r = run_kinema("stop --speed 600 --trace '" + path.string() + "' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_NEAR(json.at("distance").get<double>(), 15.623476, 5e-7);
    EXPECT_EQ(json.at("frames").get<int>(), 6);
    EXPECT_EQ(json.at("repeats_last_frame_time"), true);
    EXPECT_EQ(json.at("distance").get<double>(), json.at("mean_rate").at("distance").get<double>());
}

TEST(CliFrames, StopTraceErrors) {
    const auto missing = scratch_path("missing.csv");
    expect_error("stop --speed 600 --trace '" + missing.string() + "'",
                 missing.string() + ":0: cannot open file: No such file or directory");
    const auto bad = scratch_path("bad.csv");
    kinema::test::write_file(bad, "dt\n0.01\nnan\n");
    const CliRun r = run_kinema("stop --speed 600 --trace '" + bad.string() + "'");
    expect_one_line_error(r, bad.string() + ":3: ");
    kinema::test::write_file(bad, "dt\n0.01\n");
    expect_error("stop --model dishonored --speed 600 --trace '" + bad.string() + "'",
                 "--trace: only the unreal model has an exact stop over a frame-time trace");
    kinema::test::write_file(bad, "dt\n0.01\n0.0000001\n");
    const CliRun tiny = run_kinema("stop --speed 600 --trace '" + bad.string() + "'");
    expect_one_line_error(tiny, "--trace: " + bad.string() + ": ");
}

// ---- turn --yaw-units
// --------------------------------------------------------------------------------------

TEST(CliFrames, QuantisedTurnRoundsAsDhTas) {
    // DhTas compute_turn(-8192, 1/2.5): 45 degree sprint turn at 2.5 fps (4,000,000 ticks of 100 ns).
    const CliRun r = run_kinema("turn --dt-ticks 4000000 --scale 1.5 --angle -45 --yaw-units 65536 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json.at("dt").get<double>(), 0.4);
    EXPECT_EQ(json.at("dt_ticks").get<int>(), 4000000);
    const auto& q = json.at("quantized");
    EXPECT_EQ(q.at("wanted_units").get<int>(), -8192);
    EXPECT_NEAR(q.at("exact_input_angle_deg").get<double>(), -24.930804, 5e-7);
    EXPECT_EQ(q.at("input_units").get<int>(), -4539);
    EXPECT_NEAR(q.at("taken_angle_deg").get<double>(), -45.004204, 5e-7);
    EXPECT_EQ(q.at("keeps_full_speed"), true);

    an::TurnSettings settings;
    settings.speed_scale = 1.5;
    const an::QuantizedTurn expected = an::solve_turn_quantized(-45.0 / kDeg, 0.4, settings);
    EXPECT_EQ(q.at("input_angle_deg").get<double>(), expected.input_angle * kDeg);
    EXPECT_EQ(q.at("angle_error_deg").get<double>(), expected.angle_error * kDeg);
    EXPECT_EQ(q.at("normalized_speed").get<double>(), expected.normalized_speed);
    EXPECT_EQ(q.at("speed").get<double>(), expected.speed);
}

TEST(CliFrames, BestWholeUnitTurn) {
    // Sprint at 60 fps: 1500 units (limit 8.2416 degrees), input 8985 units, m' = 1.0000245.
    const CliRun r = run_kinema("turn --fps 60 --scale 1.5 --max --yaw-units 65536 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto best = nlohmann::json::parse(r.out).at("best_full_speed_turn");
    EXPECT_EQ(best.at("wanted_units").get<int>(), 1500);
    EXPECT_EQ(best.at("input_units").get<int>(), 8985);
    EXPECT_NEAR(best.at("normalized_speed").get<double>(), 1.0000245, 5e-8);
    // Another count per turn, against the library.
    const CliRun coarse = run_kinema("turn --fps 30 --angle 10 --yaw-units 360 --json");
    ASSERT_EQ(coarse.exit_code, 0) << coarse.err;
    const auto json = nlohmann::json::parse(coarse.out);
    const an::QuantizedTurn q = an::solve_turn_quantized(10.0 / kDeg, 1.0 / 30.0, {}, {360});
    const an::QuantizedTurn b = an::best_full_speed_turn_units(1.0 / 30.0, {}, {360});
    EXPECT_EQ(json.at("quantized").at("input_units").get<std::int64_t>(), q.input_units);
    EXPECT_EQ(json.at("quantized").at("taken_angle_deg").get<double>(), q.taken_angle * kDeg);
    EXPECT_EQ(json.at("best_full_speed_turn").at("wanted_units").get<std::int64_t>(), b.wanted_units);
    // Without --yaw-units the output is the continuous solver's, as before.
    const CliRun plain = run_kinema("turn --dt-ticks 4000000 --scale 1.5 --angle -45 --json");
    EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("quantized"));
}

TEST(CliFrames, TurnErrors) {
    expect_error("turn --fps 60 --angle 5 --yaw-units 0", "--yaw-units: must be in [1, 4294967296], got 0");
    expect_error("turn --fps 60 --angle 5 --yaw-units 1.5", "--yaw-units: must be a whole number, got 1.5");
    expect_error("turn --dt-ticks -3 --angle 5",
                 "--dt-ticks: expected a whole number of 100 ns ticks in [1, 100000000000], got '-3'");
    expect_error("turn --fps 60 --angle 200 --yaw-units 65536",
                 "--angle: must be in [-180, 180] with --yaw-units, got 200");
}

// ---- sweep --model morrowind
// -------------------------------------------------------------------------------

TEST(CliFrames, MorrowindSweepMatchesTheLibrary) {
    const CliRun r = run_kinema(
        "sweep --model morrowind --rules openmw --speed 50 --athletics 30 --acrobatics 30 --run --direction "
        "0,1 "
        "--drop 40 --frame-rate 20 --fps 5,15,60,240 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto model = nlohmann::json::parse(r.out).at("models")[0];

    mv::MorrowindSettings settings;
    settings.rules = mv::MorrowindRules::openmw();
    const mv::MorrowindModel morrowind(settings);
    mv::MorrowindActor actor;
    actor.speed = 50;
    actor.athletics = 30;
    actor.acrobatics = 30;
    mv::MorrowindStance stance;
    stance.run = true;
    const mv::MorrowindLaunch launch = mv::morrowind_launch(morrowind, actor, stance, {0.0, 1.0}, 40.0);
    mv::MorrowindPhysicsSettings physics;
    physics.frame_rate = 20.0;
    const double rates[] = {5, 15, 60, 240};
    const an::MorrowindRateSweep sweep =
        an::sweep_morrowind_physics_rate(morrowind, actor, launch, rates, physics);

    EXPECT_EQ(model.at("launch").at("velocity")[2].get<double>(), launch.velocity.z);
    EXPECT_EQ(model.at("continuous").at("apex_height").get<double>(), sweep.continuous.apex_height);
    EXPECT_EQ(model.at("continuous").at("distance").get<double>(), sweep.continuous.distance);
    const auto& rows = model.at("rows");
    ASSERT_EQ(rows.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(rows[i].at("physics_rate").get<double>(), rates[i]);
        EXPECT_EQ(rows[i].at("apex_height").get<double>(), sweep.rows[i].flight.apex_height);
        EXPECT_EQ(rows[i].at("airtime").get<double>(), sweep.rows[i].flight.airtime);
        EXPECT_EQ(rows[i].at("distance").get<double>(), sweep.rows[i].flight.distance);
        EXPECT_EQ(rows[i].at("steps").get<long long>(), sweep.rows[i].flight.steps);
    }
}

TEST(CliFrames, MorrowindSweepTableMatchesTheDocs) {
    // docs/morrowind.md's running jump (OpenMW rules), default rates 5..240 Hz.
    const CliRun r = run_kinema(
        "sweep --model morrowind --rules openmw --speed 50 --athletics 30 --acrobatics 30 --run --direction "
        "0,1");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("\n      60          37.4155           0.7000         287.9077       42    yes\n"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("\n   limit          35.6383           0.6743         277.3211        -    yes\n"),
              std::string::npos)
        << r.out;
    // CSV: one row per default rate plus the limit.
    const CliRun csv = run_kinema("sweep --model morrowind --csv --metric apex_height");
    ASSERT_EQ(csv.exit_code, 0) << csv.err;
    EXPECT_EQ(csv.out.rfind("model,physics_rate,apex_height,lands,steps\nmorrowind,5,", 0), 0u) << csv.out;
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'),
              static_cast<long>(an::morrowind_default_rates().size()) + 2);
}

TEST(CliFrames, MorrowindSweepErrors) {
    expect_error("sweep --model unreal --gravity openmw", "--gravity: only with --model morrowind");
    expect_error("sweep --model morrowind --model unreal",
                 "--model: morrowind is swept against the physics rate; give it as the only --model");
    expect_error("sweep --model morrowind --fps 0.5",
                 "--fps: must be in [1, 1000] for --model morrowind, got 0.5");
    expect_error("sweep --model morrowind --max-steps-per-frame 0",
                 "--max-steps-per-frame: must be in [1, 1000], got 0");
    expect_error("sweep --model morrowind --metric top_speed",
                 "--metric: unknown metric 'top_speed' for --model morrowind; valid metrics: apex_height, "
                 "airtime, distance");
    expect_error("sweep --model morrowind --rest-speed 1", "--rest-speed: not used with --model morrowind");
}

#if KINEMA_HAVE_RENDER
TEST(CliFrames, MorrowindSweepChart) {
    const auto svg = scratch_path("mw.svg");
    const CliRun r = run_kinema("sweep --model morrowind --fps 10,60 --svg '" + svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string text = kinema::test::read_file(svg);
    EXPECT_EQ(text.rfind("<?xml", 0), 0u);
    EXPECT_NE(text.find("Apex height / continuous limit"), std::string::npos);
}
#endif

// Every frame time is in (0, 10] s, as --dt's: schedule entries by entry, file rows by FILE:LINE.
TEST(CliFrames, EveryFrameTimeHasTheDtRange) {
    const std::string sim = "simulate --model unreal --frames 2 --input 0:0,0 ";
    expect_error(sim + "--dt-schedule 0:1e308",
                 "--dt-schedule: dt schedule entry 1 '0:1e308': DT '1e308' must be at most 10 s (the longest "
                 "frame a step takes), got 1e+308");
    EXPECT_EQ(run_kinema(sim + "--dt-schedule 0:10").exit_code, 0);
    const auto inputs = scratch_path("long_inputs.csv");
    kinema::test::write_file(inputs, "dt,x,y\n0.5,0,0\n1e308,0,0\n");
    expect_error(
        "simulate --model unreal --input-file '" + inputs.string() + "'",
        inputs.string() + ":3: dt must be at most 10 s (the longest frame a step takes), got 1e+308");
    const auto trace = scratch_path("long_trace.csv");
    kinema::test::write_file(trace, "dt\n11\n");
    expect_error("stop --model unreal --speed 600 --trace '" + trace.string() + "'",
                 trace.string() + ":2: dt must be at most 10 s (the longest frame a step takes), got 11");
}

// The turn solver takes frames of at most 10 s, also in 100 ns ticks.
TEST(CliFrames, TurnTicksAboveTenSecondsNameTheFlag) {
    expect_error("turn --dt-ticks 100000001 --angle 5",
                 "--dt-ticks: at most 100000000 (10 s), got 100000001");
    EXPECT_EQ(run_kinema("turn --dt-ticks 100000000 --angle 5").exit_code, 0);
}

// The take-off bound of `morrowind jump` holds in the sweep too, and a sweep's work is bounded up front.
TEST(CliFrames, MorrowindSweepBounds) {
    // The largest Acrobatics (1e6; 1e12 is refused by its own range since issue 40).
    expect_error("sweep --model morrowind --acrobatics 1e6",
                 "--jump-magnitude/--acrobatics: must be in [0, 1000000], got 7499991.227160495");
    expect_error("morrowind jump --acrobatics 1e6",
                 "--jump-magnitude/--acrobatics: must be in [0, 1000000], got 7499991.227160495");
    expect_error("morrowind jump --acrobatics 1e12",
                 "--acrobatics: must be in [0, 1000000], got 1000000000000");
    // The longest drop, 1e9 u (1e12 is refused by its own range since issue 40).
    const CliRun r =
        run_kinema("sweep --model morrowind --fps-from 1 --fps-to 1000 --max-time 3600 --drop 1e9");
    expect_one_line_error(r, "--max-time: flights of up to 3600 s at 1000 physics rates take up to ");
    EXPECT_NE(r.err.find("more than the 5e+07 allowed"), std::string::npos) << r.err;
}

// CrossCode's continuous turn-rate limit has no closed form: "none" in the table and CSV, null in JSON.
TEST(CliFrames, SweepPrintsNoneWhereThereIsNoLimit) {
    const CliRun table = run_kinema("sweep --model crosscode --fps 60 --metric turn_rate");
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_EQ(table.out.find("nan"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("   limit                   none\n"), std::string::npos) << table.out;
    const CliRun csv = run_kinema("sweep --model crosscode --fps 60 --metric turn_rate --csv");
    EXPECT_NE(csv.out.find("crosscode,inf,none\n"), std::string::npos) << csv.out;
    const CliRun json = run_kinema("sweep --model crosscode --fps 60 --metric turn_rate --json");
    EXPECT_TRUE(nlohmann::json::parse(json.out).at("models")[0].at("continuous").at("turn_rate").is_null());
}

}  // namespace
