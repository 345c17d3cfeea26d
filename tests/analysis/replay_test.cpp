// Engine-log replay: a log kinema writes replays with zero difference, an altered frame is found at that
// frame, and malformed logs give errors naming the file and line.
#include "kinema/analysis/replay.hpp"

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/core/csv.hpp"

namespace kinema::analysis {
namespace {

// A run with changing frame times and inputs, written as a log.
std::string kinema_log(const movement::AnyModel& model, const movement::PlanarState& start) {
    std::vector<double> dts;
    std::vector<Vec2> inputs;
    for (int i = 0; i < 40; ++i) {
        dts.push_back(i % 3 == 0 ? 1.0 / 60.0 : (i % 3 == 1 ? 1.0 / 144.0 : 0.05));
        inputs.push_back(i < 25 ? Vec2{std::cos(0.1 * i), std::sin(0.1 * i)} : Vec2{});
    }
    std::vector<movement::FrameRecord> records;
    movement::simulate_frames(model, start, inputs, dts, records);
    return format_engine_log(records, inputs, dts);
}

TEST(Replay, KinemasOwnLogReplaysWithZeroDifference) {
    for (const std::string_view name : movement::model_names) {
        const movement::AnyModel model = movement::make_model(name);
        const movement::PlanarState start{{12.5, -3.0}, {100.0, 20.0}};
        const EngineLog log = parse_engine_log(kinema_log(model, start), "own.csv");
        ASSERT_EQ(log.frames.size(), 41u);
        EXPECT_EQ(log.frames[0].line, 2);
        EXPECT_EQ(log.frames[0].position, (Vec2{12.5, -3.0}));
        ReplaySettings exact;
        exact.tolerance = 0.0;
        const ReplayResult r = replay(model, log, exact);
        EXPECT_TRUE(r.matches()) << name;
        EXPECT_EQ(r.max_position_error, 0.0) << name;
        EXPECT_EQ(r.max_velocity_error, 0.0) << name;
        ASSERT_EQ(r.frames.size(), 41u);
        EXPECT_EQ(r.model, name);
        // The frames moved: the comparison is not trivially of zeros.
        EXPECT_GT(length(r.frames[40].position - r.frames[0].position), 10.0);
    }
}

TEST(Replay, AnAlteredFrameIsFoundAtThatFrame) {
    const movement::AnyModel model = movement::make_model("unreal");
    std::string text = kinema_log(model, {});
    // Line 2 is the start row, so frame 17 is line 19: add 0.5 cm to its x.
    std::size_t pos = 0;
    for (int line = 1; line < 19; ++line) {
        pos = text.find('\n', pos) + 1;
    }
    const std::size_t end = text.find('\n', pos);
    const std::string row = text.substr(pos, end - pos);
    std::vector<std::string> fields;
    for (std::size_t start = 0;;) {
        const std::size_t comma = row.find(',', start);
        fields.push_back(row.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) {
            break;
        }
        start = comma + 1;
    }
    ASSERT_EQ(fields.size(), 7u);
    const double x = std::stod(fields[3]);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", x + 0.5);
    fields[3] = buffer;
    std::string altered;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        altered += (i ? "," : "") + fields[i];
    }
    text.replace(pos, end - pos, altered);
    const EngineLog log = parse_engine_log(text, "altered.csv");
    const ReplayResult r = replay(model, log);
    ASSERT_FALSE(r.matches());
    EXPECT_EQ(*r.first_differing, 17u);
    EXPECT_EQ(r.frames[17].line, 19);
    EXPECT_NEAR(r.max_position_error, 0.5, 1e-9);
    EXPECT_EQ(r.max_position_frame, 17u);
    EXPECT_EQ(r.max_velocity_error, 0.0);  // only the recorded position was changed
    // A tolerance above the change lets it pass.
    ReplaySettings loose;
    loose.tolerance = 0.6;
    EXPECT_TRUE(replay(model, log, loose).matches());
}

TEST(Replay, DifferencesCarryForwardFromTheStartState) {
    // A log of the CMC replayed as Dishonored differs from frame 1 on.
    const std::string text = kinema_log(movement::make_model("unreal"), {});
    const ReplayResult r = replay(movement::make_model("dishonored"), parse_engine_log(text, "x.csv"));
    ASSERT_FALSE(r.matches());
    EXPECT_EQ(*r.first_differing, 1u);
}

std::string log_error(std::string_view text) {
    try {
        (void)parse_engine_log(text, "bad.csv");
    } catch (const CsvError& e) {
        return e.what();
    }
    return "";
}

TEST(Replay, MalformedLogsNameFileAndLine) {
    EXPECT_EQ(log_error(""), "bad.csv:1: empty file: expected a header row");
    EXPECT_EQ(log_error("dt,input_x,input_y,x,y,vx\n"), "bad.csv:1: missing column(s) vy in the header row");
    EXPECT_EQ(log_error("dt,input_x,input_y,x,y,vx,vy\n"),
              "bad.csv:1: empty log: expected a start row (dt 0) and at least one frame row");
    EXPECT_EQ(log_error("dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n"),
              "bad.csv:2: no frame rows after the start row");
    EXPECT_EQ(log_error("dt,input_x,input_y,x,y,vx,vy\n0.1,0,0,0,0,0,0\n0.1,0,0,0,0,0,0\n"),
              "bad.csv:2: the start row must have dt 0 (it holds the start state)");
    EXPECT_EQ(log_error("dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n-0.1,0,0,0,0,0,0\n"),
              "bad.csv:3: dt must be > 0 s in frame rows");
    EXPECT_EQ(log_error("dt,input_x,input_y,x,y,vx,vy\n0,0,0,0,0,0,0\n0.1,0,0,NaN,0,0,0\n"),
              "bad.csv:3: column x: 'NaN' is not a finite number");
    EXPECT_EQ(log_error("vy,vx,y,x,input_y,input_x,dt,note\n0,0,0,0,0,0,0,a\n0,0,0,one,0,0,0.1,b\n"),
              "bad.csv:3: column x: 'one' is not a number");
}

TEST(Replay, ColumnsInAnyOrderWithExtras) {
    const EngineLog log = parse_engine_log(
        "frame,vy,vx,y,x,input_y,input_x,dt\n0,0,0,0,0,0,0,0\n1,0,40,0,0.666,0,1,0.0166\n", "any.csv");
    ASSERT_EQ(log.frames.size(), 2u);
    EXPECT_EQ(log.frames[1].dt, 0.0166);
    EXPECT_EQ(log.frames[1].input, (Vec2{1.0, 0.0}));
    EXPECT_EQ(log.frames[1].position, (Vec2{0.666, 0.0}));
    EXPECT_EQ(log.frames[1].velocity, (Vec2{40.0, 0.0}));
    ReplaySettings bad;
    bad.tolerance = -1.0;
    EXPECT_THROW((void)replay(movement::make_model("unreal"), log, bad), SettingsError);
}

}  // namespace
}  // namespace kinema::analysis
