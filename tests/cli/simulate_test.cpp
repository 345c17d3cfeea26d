// `kinema simulate` end to end: JSON values equal the library's, errors exit 2 with one line naming the
// argument and print nothing on stdout.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

#include "kinema/movement/driver.hpp"

namespace {

namespace mv = kinema::movement;

using RunResult = kinema::test::CliRun;

RunResult run(const std::string& args) {
    return kinema::test::run_kinema(args);
}

void expect_usage_error(const std::string& args, const std::string& expected_message) {
    SCOPED_TRACE(args);
    const RunResult r = run("simulate " + args);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "kinema: error: " + expected_message + "\n");
}

TEST(CliSimulate, JsonMatchesTheLibrary) {
    const RunResult r =
        run("simulate --model unreal --dt 0.016666666666666666 --frames 40 --input '0:1,0;30:0,0' "
            "--set ground_friction=6 --set braking_friction_factor=1 --start-velocity 100,-50 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json.at("model"), "unreal");
    EXPECT_EQ(json.at("dt").get<double>(), 0.016666666666666666);
    const auto& frames = json.at("frames");
    ASSERT_EQ(frames.size(), 41u);

    mv::UnrealSettings settings;
    settings.ground_friction = 6.0;
    settings.braking_friction_factor = 1.0;
    const mv::InputChange schedule[] = {{0, {1.0, 0.0}}, {30, {0.0, 0.0}}};
    std::vector<mv::FrameRecord> expected;
    mv::simulate(settings, {{0.0, 0.0}, {100.0, -50.0}}, schedule, 0.016666666666666666, 40, expected);
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& f = frames[i];
        EXPECT_EQ(f.at("frame").get<std::size_t>(), i);
        // Doubles are printed shortest-round-trip, so they read back bit for bit.
        EXPECT_EQ(f.at("time").get<double>(), expected[i].time);
        EXPECT_EQ(f.at("position")[0].get<double>(), expected[i].position.x);
        EXPECT_EQ(f.at("position")[1].get<double>(), expected[i].position.y);
        EXPECT_EQ(f.at("velocity")[0].get<double>(), expected[i].velocity.x);
        EXPECT_EQ(f.at("velocity")[1].get<double>(), expected[i].velocity.y);
        EXPECT_EQ(f.at("speed").get<double>(), expected[i].speed);
    }
}

TEST(CliSimulate, DishonoredEightFpsTurnByHand) {
    // Full walk speed (400, 0), input (0, 1) at dt = 1/8: all speed redirected, v = (0, 400), p = (0, 50).
    const RunResult r =
        run("simulate --model dishonored --dt 0.125 --frames 1 --input 0:0,1 --start-velocity 400,0 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto frame = nlohmann::json::parse(r.out).at("frames").at(1);
    EXPECT_EQ(frame.at("velocity")[0].get<double>(), 0.0);
    EXPECT_EQ(frame.at("velocity")[1].get<double>(), 400.0);
    EXPECT_EQ(frame.at("position")[1].get<double>(), 50.0);
}

TEST(CliSimulate, CsvAndTableOutputs) {
    // CrossCode from rest at 20 FPS: +150 px/s per frame (300 * 10 / 20), positions 7.5 and 7.5 + 15.
    const RunResult csv = run("simulate --model crosscode --dt 0.05 --frames 2 --input 0:1,0 --csv");
    ASSERT_EQ(csv.exit_code, 0) << csv.err;
    EXPECT_EQ(csv.out,
              "frame,time,x,y,vx,vy,speed\n0,0,0,0,0,0,0\n1,0.05,7.5,0,150,0,150\n2,0.1,22.5,0,300,0,300\n");
    const RunResult table = run("simulate --model crosscode --dt 0.05 --frames 2 --input 0:1,0");
    ASSERT_EQ(table.exit_code, 0) << table.err;
    EXPECT_NE(table.out.find("model crosscode, dt 0.05 s, lengths in px, velocities in px/s"),
              std::string::npos);
    EXPECT_NE(table.out.find("22.500000"), std::string::npos);
}

TEST(CliSimulate, HelpListsFieldsWithUnitsAndDefaults) {
    const RunResult r = run("simulate --help");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("braking_deceleration_walking   cm/s^2  [0, 100000000] default 2048"),
              std::string::npos);
    EXPECT_NE(r.out.find("speed_scale"), std::string::npos);
    EXPECT_NE(r.out.find("air_friction"), std::string::npos);
}

TEST(CliSimulate, BadArgumentsExitTwoWithOneLine) {
    const std::string rest = "--frames 3 --input 0:1,0";
    expect_usage_error("--model quake --dt 0.1 " + rest,
                       "--model: unknown model 'quake'; valid models: dishonored, crosscode, unreal");
    expect_usage_error("--model unreal --dt 0 " + rest, "--dt: must be in (0, 10] seconds, got 0");
    expect_usage_error("--model unreal --dt -1 " + rest, "--dt: must be in (0, 10] seconds, got -1");
    expect_usage_error("--model unreal --dt nan " + rest, "--dt: must be a finite number, got 'nan'");
    expect_usage_error("--model unreal --dt 0.1 --frames 20000000 --input 0:1,0",
                       "--frames: expected a whole number in [0, 200000], got '20000000'");
    expect_usage_error("--model unreal --dt 0.1 --frames 1.5 --input 0:1,0",
                       "--frames: expected a whole number in [0, 200000], got '1.5'");
    expect_usage_error("--model unreal --dt 0.1 --frames 3 --input 1:1,0",
                       "--input: input schedule entry 1 '1:1,0': the first entry must be at frame 0");
    expect_usage_error(
        "--model unreal --dt 0.1 --frames 3 --input '0:1,0;5:0,0;5:1,0'",
        "--input: input schedule entry 3 '5:1,0': frame 5 follows frame 5; frames must be strictly "
        "increasing");
    expect_usage_error("--model unreal --dt 0.1 --frames 3 --input 0:3,4",
                       "--input: input schedule entry 1 '0:3,4': the input has length 5 > 1 (inputs are wish "
                       "directions, e.g. 0.7071,0.7071 for a full diagonal)");
    expect_usage_error("--model unreal --dt 0.1 --frames 3 --input 0:1",
                       "--input: input schedule entry 1 '0:1': expected FRAME:X,Y");
    expect_usage_error("--model unreal --dt 0.1 " + rest + " --set ground_friction=-1",
                       "--set ground_friction: must be in [0, 1000000], got -1");
    expect_usage_error("--model dishonored --dt 0.1 " + rest + " --set max_vel=3",
                       "--set max_vel: is not a field; valid fields: speed_scale, friction");
    expect_usage_error("--model unreal --dt 0.1 " + rest + " --set max_simulation_iterations=1.5",
                       "--set max_simulation_iterations: must be a whole number, got 1.5");
    expect_usage_error("--model unreal --dt 0.1 " + rest + " --set ground_friction=inf",
                       "--set ground_friction: must be a finite number, got inf");
    expect_usage_error("--model unreal --dt 0.1 " + rest + " --set ground_friction=fast",
                       "--set ground_friction: expected a number, got 'fast'");
    // Every bad field is named, each against the flag that set it.
    expect_usage_error(
        "--model unreal --dt 0.1 " + rest + " --set ground_friction=-1 --set max_walk_speed=-2",
        "--set ground_friction: must be in [0, 1000000], got -1; --set max_walk_speed: must be in [0, "
        "1000000], got -2");
    expect_usage_error("--model unreal --dt 0.1 " + rest + " --start-velocity 1,2,3",
                       "--start-velocity: expected X,Y, got '1,2,3'");
}

TEST(CliSimulate, DivergingModelIsRefusedBeforeAnyOutput) {
    // CrossCode coasting at dt = 1 s: the friction factor is 1 - 12 = -11 per tick, so |v| = 300 * 11^n,
    // past 1e6 from n = 4 on (300 * 11^3 = 399,300; 11^4: 4.4e6). It printed NaN frames from frame 146 on,
    // with a warning (issue 40: no output prints nan).
    const RunResult r =
        run("simulate --model crosscode --dt 1 --frames 300 --start-velocity 300,0 --input 0:0,0 --json");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "kinema: error: --dt: the crosscode model diverges at this frame time with these settings: its "
              "speed passes 1000000 from frame 4 on (frames longer than 0.1667 s make its explicit friction "
              "overshoot)\n");
    // The same frame time with the input along the velocity stays at max_vel: it runs.
    const RunResult along = run("simulate --model crosscode --dt 1 --frames 300 --input 0:1,0 --json");
    EXPECT_EQ(along.exit_code, 0) << along.err;
    EXPECT_EQ(nlohmann::json::parse(along.out).at("frames").back().at("speed").get<double>(), 300.0);
}

TEST(CliSimulate, MissingRequiredOptionExitsTwo) {
    const RunResult r = run("simulate --model unreal --frames 3 --input 0:1,0");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "kinema: error: --dt: required (or --dt-schedule, or --input-file)\n");
}

}  // namespace
