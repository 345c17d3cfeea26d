// `kinema replay` end to end: kinema's own log matches (exit 0), an altered frame is reported at that frame
// (exit 1), malformed logs and bad arguments exit 2 with one line naming the file and line or the flag.
#include <string>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

#include "kinema/analysis/replay.hpp"

namespace {

using kinema::test::CliRun;
using kinema::test::run_kinema;
using kinema::test::scratch_path;

const std::string kExample = std::string(KINEMA_DATA_DIR) + "/replay/example.csv";

TEST(CliReplay, TheExampleLogMatchesItsModel) {
    const CliRun r = run_kinema("replay --model unreal '" + kExample + "' --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json.at("matches"), true);
    EXPECT_EQ(json.at("max_position_error").get<double>(), 0.0);
    EXPECT_EQ(json.at("first_differing_frame"), nullptr);
    // The per-frame rows are the library's replay of the same file.
    const auto log = kinema::analysis::read_engine_log(kExample);
    const auto frames = json.at("frames");
    ASSERT_EQ(frames.size(), log.frames.size());
    EXPECT_EQ(json.at("frames_compared").get<std::size_t>(), log.frames.size() - 1);
    for (std::size_t i = 0; i < frames.size(); ++i) {
        EXPECT_EQ(frames[i].at("line").get<int>(), log.frames[i].line);
        EXPECT_EQ(frames[i].at("position")[0].get<double>(), log.frames[i].position.x);
        EXPECT_EQ(frames[i].at("engine_velocity")[1].get<double>(), log.frames[i].velocity.y);
    }
    // The table says so too.
    const CliRun table = run_kinema("replay --model unreal '" + kExample + "'");
    EXPECT_EQ(table.exit_code, 0);
    EXPECT_NE(table.out.find("matches: every frame within the tolerance 1e-06"), std::string::npos);
}

TEST(CliReplay, AnotherModelDiffersAndExitsOne) {
    const CliRun r = run_kinema("replay --model dishonored '" + kExample + "'");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("DIFFERS: frame 1 (line 7)"), std::string::npos) << r.out;
    // --set changes the model: a different max acceleration makes the CMC differ from frame 1 as well.
    const CliRun set =
        run_kinema("replay --model unreal '" + kExample + "' --set max_acceleration=1000 --json");
    EXPECT_EQ(set.exit_code, 1);
    EXPECT_EQ(nlohmann::json::parse(set.out).at("first_differing_frame").get<int>(), 1);
}

TEST(CliReplay, AlteredFrameIsFoundAndToleranceApplies) {
    const auto path = scratch_path("altered.csv");
    kinema::test::write_file(path,
                             "dt,input_x,input_y,x,y,vx,vy\n"
                             "0,0,0,0,0,0,0\n"
                             "0.1,0,0,0,0,0,0\n"
                             "0.1,0,0,0.001,0,0,0\n"
                             "0.1,0,0,0,0,0,0\n");
    const CliRun r = run_kinema("replay --model unreal '" + path.string() + "' --json");
    EXPECT_EQ(r.exit_code, 1);
    const auto json = nlohmann::json::parse(r.out);
    EXPECT_EQ(json.at("first_differing_frame").get<int>(), 2);
    EXPECT_EQ(json.at("max_position_error").get<double>(), 0.001);
    EXPECT_EQ(json.at("max_position_frame").get<int>(), 2);
    EXPECT_EQ(run_kinema("replay --model unreal '" + path.string() + "' --tolerance 0.002").exit_code, 0);
}

TEST(CliReplay, BadInputExitsTwoWithOneLine) {
    const auto path = scratch_path("bad.csv");
    kinema::test::write_file(path, "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n-0.1,0,0,0,0,0,0\n");
    kinema::test::expect_one_line_error(run_kinema("replay --model unreal '" + path.string() + "'"),
                                        path.string() + ":3: dt must be > 0 s in frame rows");
    kinema::test::write_file(path, "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n0.1,0,0,nan,0,0,0\n");
    kinema::test::expect_one_line_error(run_kinema("replay --model unreal '" + path.string() + "'"),
                                        path.string() + ":3: column x: 'nan' is not a finite number");
    kinema::test::write_file(path, "dt,x,y\n0,0,0\n");
    kinema::test::expect_one_line_error(run_kinema("replay --model unreal '" + path.string() + "'"),
                                        path.string() + ":1: missing column(s) input_x, input_y, vx, vy");
    kinema::test::write_file(path, "");
    kinema::test::expect_one_line_error(run_kinema("replay --model unreal '" + path.string() + "'"),
                                        path.string() + ":1: empty file");
    kinema::test::expect_one_line_error(run_kinema("replay --model unreal '" + kExample + "' --tolerance x"),
                                        "--tolerance");
    kinema::test::expect_one_line_error(run_kinema("replay --model nope '" + kExample + "'"), "--model");
    kinema::test::expect_one_line_error(
        run_kinema("replay --model unreal '" + kExample + "' --set ground_friction=-1"), "--set");
    const CliRun missing = run_kinema("replay --model unreal");
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.out, "");
}

#if KINEMA_HAVE_RENDER
TEST(CliReplay, ChartOfTheDifferences) {
    const auto png = scratch_path("replay.png");
    const auto svg = scratch_path("replay.svg");
    const CliRun r = run_kinema("replay --model unreal '" + kExample + "' --png '" + png.string() +
                                "' --svg '" + svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string png_bytes = kinema::test::read_file(png);
    ASSERT_GT(png_bytes.size(), 8u);
    EXPECT_EQ(png_bytes.substr(1, 3), "PNG");
    EXPECT_NE(kinema::test::read_file(svg).find("<svg"), std::string::npos);
}
#endif

// A diverged model state (NaN) is never within the tolerance: DIFFERS, exit 1, "matches": false. CrossCode
// at its largest friction and 60 Hz grows 2e4-fold a frame (12 f dt = 2e4) until it overflows.
TEST(CliReplay, NonFiniteStateDiffers) {
    const auto path = scratch_path("diverged.csv");
    std::string log = "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,5,5\n";
    for (int i = 0; i < 100; ++i) {
        log += "0.016,0,0,0,0,0,0\n";
    }
    kinema::test::write_file(path, log);
    const std::string replay = "replay --model crosscode --set friction=1e5 '" + path.string() + "'";
    const CliRun r = run_kinema(replay);
    EXPECT_EQ(r.exit_code, 1) << r.out;
    EXPECT_NE(r.out.find("DIFFERS: frame 1 (line 3)"), std::string::npos) << r.out;
    const CliRun json = run_kinema(replay + " --json --tolerance 1e300");
    EXPECT_EQ(json.exit_code, 1);
    const auto doc = nlohmann::json::parse(json.out);
    EXPECT_EQ(doc.at("matches"), false);
    EXPECT_GT(doc.at("first_differing_frame").get<int>(), 1);
}

// A start velocity of (1e308, 1e308) is finite, its length not: the log is refused by its line (issue 40).
TEST(CliReplay, AStartFasterThanEverySpeedIsRefused) {
    const auto path = scratch_path("fast.csv");
    kinema::test::write_file(path,
                             "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,1e308,1e308\n0.016,0,0,5,5,5,5\n");
    kinema::test::expect_one_line_error(
        run_kinema("replay --model dishonored '" + path.string() + "'"),
        path.string() +
            ":2: the start velocity's length must be at most 1000000 (the fastest start a model takes)");
}

// Frame times above 10 s name FILE:LINE, as in --input-file and traces.
TEST(CliReplay, FrameTimesAboveTenSecondsNameTheLine) {
    const auto path = scratch_path("long.csv");
    kinema::test::write_file(path, "dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n1e308,0,0,0,0,0,0\n");
    kinema::test::expect_one_line_error(
        run_kinema("replay --model unreal '" + path.string() + "'"),
        path.string() + ":3: dt must be at most 10 s (the longest frame a step takes), got 1e+308");
}

}  // namespace
