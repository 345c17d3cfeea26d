// `kinema turn`, `kinema stop` and `kinema sweep` end to end: JSON values equal the library's, errors exit 2
// with one line naming the argument and print nothing on stdout.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"

namespace kinema::analysis {
namespace {

using RunResult = kinema::test::CliRun;

RunResult run(const std::string& args) {
    return kinema::test::run_kinema(args);
}

nlohmann::json run_json(const std::string& args) {
    const RunResult r = run(args);
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return nlohmann::json::parse(r.out);
}

void expect_usage_error(const std::string& args, const std::string& message_start) {
    SCOPED_TRACE(args);
    kinema::test::expect_one_line_error(run(args), message_start);
}

constexpr double kDeg = 180.0 / std::numbers::pi;

TEST(CliTurn, MaxMatchesLibrary) {
    const nlohmann::json j = run_json("turn --fps 30 --scale 1.5 --max --json");
    TurnSettings s;
    s.speed_scale = 1.5;
    EXPECT_EQ(j["full_speed_turn_deg_per_frame"].get<double>(), max_full_speed_turn(1.0 / 30, s) * kDeg);
    EXPECT_EQ(j["reachable_turn_deg_per_frame"].get<double>(), max_reachable_turn(1.0 / 30, s) * kDeg);
    // Reference section 2: sprint 539 deg/s at 30 fps.
    EXPECT_NEAR(j["full_speed_turn_deg_per_second"].get<double>(), 539, 0.5);
}

TEST(CliTurn, AngleAndTable) {
    const nlohmann::json j = run_json("turn --fps 60 --angle 10 --json");
    const TurnSolution sol = solve_turn_by_angle(10.0 / kDeg, 1.0 / 60);
    EXPECT_TRUE(j["reachable"].get<bool>());
    EXPECT_EQ(j["input_direction"][0].get<double>(), sol.input_direction.x);
    EXPECT_EQ(j["input_direction"][1].get<double>(), sol.input_direction.y);
    EXPECT_EQ(j["speed"].get<double>(), 400.0);
    EXPECT_FALSE(run_json("turn --fps 60 --angle 40 --json")["reachable"].get<bool>());
    const nlohmann::json t = run_json("turn --table --json");
    ASSERT_EQ(t["rows"].size(), 9u);
    EXPECT_EQ(t["rows"][4]["fps"].get<double>(), 30.0);
    EXPECT_NEAR(t["rows"][4]["walk"]["deg_per_frame"].get<double>(), 23.0, 0.05);
    EXPECT_NEAR(t["continuous"]["agility"]["deg_per_second"].get<double>(), 395, 0.5);
    const RunResult text = run("turn --table");
    EXPECT_EQ(text.exit_code, 0);
    EXPECT_NE(text.out.find("   144"), std::string::npos);
}

TEST(CliStop, UnrealMatchesLibraryAndReference) {
    const nlohmann::json j = run_json("stop --model unreal --speed 600 --fps 60 --json");
    const StopPrediction p = unreal_stop(movement::UnrealSettings{}, 600.0, 1.0 / 60);
    EXPECT_EQ(j["distance"].get<double>(), p.distance);
    EXPECT_EQ(j["frames"].get<int>(), 6);
    EXPECT_NEAR(j["epic_distance"].get<double>(), 15.45, 0.005);
    EXPECT_NEAR(j["continuous_distance"].get<double>(), 23.59, 0.005);
    // Reference section 8, BrakingFrictionFactor 1 at 60 fps: 29.08 cm.
    EXPECT_NEAR(run_json("stop --speed 600 --fps 60 --set braking_friction_factor=1 --json")["distance"]
                    .get<double>(),
                29.08, 0.005);
    const nlohmann::json c = run_json("stop --speed 600 --continuous --json");
    EXPECT_NEAR(c["distance"].get<double>(), 23.5938337, 1e-7);
    const nlohmann::json never = run_json(
        "stop --speed 600 --continuous --set braking_friction_factor=0 --set braking_deceleration_walking=0 "
        "--json");
    EXPECT_FALSE(never["stops"].get<bool>());
    EXPECT_TRUE(never["distance"].is_null());
    const nlohmann::json t = run_json("stop --speed 600 --table --fps-list 20,60,240 --json");
    ASSERT_EQ(t["rows"].size(), 3u);
    EXPECT_NEAR(t["rows"][0]["distance"].get<double>(), 6.70, 0.005);
    EXPECT_NEAR(t["rows"][2]["distance"].get<double>(), 21.56, 0.005);
    EXPECT_NEAR(t["rows"][2]["epic_error"].get<double>(), 15.45 - 21.56, 0.01);
}

TEST(CliStop, Pivot) {
    const nlohmann::json j = run_json("stop --speed 600 --fps 30 --pivot --json");
    EXPECT_EQ(j["distance"].get<double>(),
              unreal_pivot(movement::UnrealSettings{}, 600.0, 1.0 / 30).distance);
    EXPECT_NEAR(j["distance"].get<double>(), 8.1, 0.05);  // unreal-cmc.md section 6.2
    EXPECT_NEAR(j["epic_distance"].get<double>(), 15.45, 0.005);
    expect_usage_error("stop --speed 700 --fps 30 --pivot",
                       "--speed: --pivot needs a speed <= max_walk_speed");
    expect_usage_error("stop --model dishonored --speed 300 --fps 30 --pivot", "--pivot:");
}

TEST(CliStop, OtherModelsStep) {
    const nlohmann::json j = run_json("stop --model dishonored --speed 400 --fps 8 --json");
    EXPECT_TRUE(j["stops"].get<bool>());
    EXPECT_EQ(j["frames"].get<int>(), 1);  // 8 fps: friction cancels the whole velocity in one frame
    const nlohmann::json c = run_json("stop --model crosscode --speed 300 --fps 60 --rest-speed 1 --json");
    const StopPrediction p =
        predict_stop_by_stepping(movement::CrossCodeSettings{}, {300.0, 0.0}, 1.0 / 60, {1'000'000, 1.0});
    EXPECT_EQ(c["distance"].get<double>(), p.distance);
    EXPECT_EQ(c["frames"].get<std::int64_t>(), p.frames);
}

TEST(CliSweep, CsvAndJsonMatchLibrary) {
    const RunResult r = run("sweep --model unreal --fps 20,60 --metric stop_distance --csv");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const movement::UnrealSettings s;
    std::istringstream lines(r.out);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "model,fps,stop_distance");
    const double expected[] = {unreal_stop(s, 600.0, 1.0 / 20).distance,
                               unreal_stop(s, 600.0, 1.0 / 60).distance,
                               unreal_stop_continuous(s, 600.0).distance};
    const char* fps[] = {"20", "60", "inf"};
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(std::getline(lines, line));
        const std::string prefix = std::string("unreal,") + fps[i] + ",";
        ASSERT_EQ(line.rfind(prefix, 0), 0u) << line;
        EXPECT_EQ(std::stod(line.substr(prefix.size())), expected[i]);
    }
    const nlohmann::json j = run_json("sweep --model dishonored --fps 30,60 --json");
    const SweepResult lib = sweep(movement::DishonoredSettings{}, std::vector<double>{30.0, 60.0});
    const nlohmann::json& m = j["models"][0];
    EXPECT_EQ(m["model"], "dishonored");
    ASSERT_EQ(m["rows"].size(), 2u);
    for (std::size_t i = 0; i < 2; ++i) {
        EXPECT_EQ(m["rows"][i]["top_speed"].get<double>(), lib.rows[i].top_speed);
        EXPECT_EQ(m["rows"][i]["time_to_90"].get<double>(), lib.rows[i].time_to_90);
        EXPECT_EQ(m["rows"][i]["stop_distance"].get<double>(), lib.rows[i].stop_distance);
        EXPECT_EQ(m["rows"][i]["turn_rate"].get<double>(), lib.rows[i].turn_rate);
    }
    EXPECT_EQ(m["continuous"]["turn_rate"].get<double>(), lib.continuous.turn_rate);
    // CrossCode has no continuous turn-rate limit: null, not a number.
    EXPECT_TRUE(run_json("sweep --model crosscode --fps 60 --json")["models"][0]["continuous"]["turn_rate"]
                    .is_null());
}

TEST(CliSweep, DrawsPngAndSvg) {
    const auto png = kinema::test::scratch_path("sweep.png");
    const auto svg = kinema::test::scratch_path("sweep.svg");
    std::filesystem::remove(png);
    std::filesystem::remove(svg);
    const RunResult r = run("sweep --fps-from 5 --fps-to 60 --fps-step 5 --png '" + png.string() +
                            "' --svg '" + svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string png_bytes = kinema::test::read_file(png);
    ASSERT_GT(png_bytes.size(), 8u);
    EXPECT_EQ(png_bytes.substr(1, 3), "PNG");
    EXPECT_NE(kinema::test::read_file(svg).find("<svg"), std::string::npos);
    // Deterministic: the same run draws the same bytes.
    ASSERT_EQ(run("sweep --fps-from 5 --fps-to 60 --fps-step 5 --png '" + png.string() + "'").exit_code, 0);
    EXPECT_EQ(kinema::test::read_file(png), png_bytes);
}

TEST(CliAnalysis, Errors) {
    expect_usage_error("turn --fps 0 --max", "--fps: must be in [0.1, 1000000], got 0");
    expect_usage_error("turn --fps abc --max", "--fps: expected a number, got 'abc'");
    expect_usage_error("turn --max", "--fps: required");
    expect_usage_error("turn --fps 30", "--angle or --max");
    // Settings errors name the flag the user typed, not the settings field (settings_options.hpp).
    expect_usage_error("turn --fps 30 --scale -1 --max", "--scale: must be in [1e-06, 2500], got -1");
    expect_usage_error("turn --fps 30 --friction -1 --max", "--friction: must be in [0, 1000000], got -1");
    expect_usage_error("turn --fps 30 --scale x --max", "--scale: expected a number, got 'x'");
    expect_usage_error("stop --model crosscode --speed 300 --fps 60 --rest-speed -1",
                       "--rest-speed: must be in [0, 1000000], got -1");
    expect_usage_error("stop --model crosscode --speed 300 --fps 60 --max-frames 0",
                       "--max-frames: must be in [1, 1000000], got 0");
    expect_usage_error("stop --model crosscode --speed 300 --fps 60 --max-frames 2.5",
                       "--max-frames: must be a whole number, got 2.5");
    expect_usage_error("sweep --model unreal --fps 30 --rest-speed nan",
                       "--rest-speed: must be a finite number");
    expect_usage_error("stop --speed 600", "--fps: required");
    expect_usage_error("stop --speed -5 --fps 60", "--speed: must be in [0, 1000000], got -5");
    expect_usage_error("stop --speed 600 --fps 60 --set bogus=1", "--set bogus: is not a field");
    expect_usage_error("stop --speed 600 --fps 60 --set ground_friction=-1",
                       "--set ground_friction: must be in [0, 1000000], got -1");
    expect_usage_error("stop --speed 600 --fps 60 --set ground_friction", "--set: expected name=value");
    expect_usage_error("stop --model nope --speed 600 --fps 60", "--model: unknown model 'nope'");
    expect_usage_error("stop --model dishonored --speed 400 --continuous", "--continuous:");
    expect_usage_error("stop --speed 600 --table --fps-list 30,x", "--fps-list: expected a number");
    expect_usage_error("sweep --metric speed", "--metric: unknown metric 'speed'");
    expect_usage_error("sweep --fps-from 60 --fps-to 30", "--fps-to: must be >= --fps-from");
    expect_usage_error("sweep --set ground_friction=1", "--set: needs exactly one --model");
    // CLI11's own parse errors, on one line like every other error (main.cpp).
    const RunResult both = run("sweep --fps 30 --csv --json");
    EXPECT_EQ(both.exit_code, 2);
    EXPECT_EQ(both.out, "");
    EXPECT_EQ(both.err.rfind("kinema: error: --csv excludes --json", 0), 0u) << both.err;
    // A file that cannot be written: an error, nothing on stdout, no partial file.
    const RunResult r = run("sweep --model unreal --fps 30 --png /nonexistent-dir/x.png");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    // The flag and the path, as for every picture (OutputFiles).
    EXPECT_EQ(r.err.rfind("kinema: error: --png: /nonexistent-dir/x.png", 0), 0u) << r.err;
}

}  // namespace
}  // namespace kinema::analysis
