// The stop reports: every field read back equals the struct's number (or the difference the report
// documents).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "kinema/analysis/stop.hpp"
#include "kinema/movement/unreal.hpp"
#include "kinema/report/stop.hpp"

namespace kinema::report {
namespace {

UnrealStopBasics basics_at(double v0, const movement::UnrealSettings& s) {
    UnrealStopBasics b;
    b.speed = v0;
    b.braking = analysis::unreal_braking(s);
    b.epic_distance = analysis::epic_stop_distance(b.braking.friction, b.braking.deceleration, v0);
    b.continuous = analysis::unreal_stop_continuous(s, v0);
    return b;
}

TEST(StopReport, OneFrameRateHoldsThePredictionsNumbers) {
    const movement::UnrealSettings s;
    const UnrealStopBasics b = basics_at(600.0, s);
    const StopRow row{60.0, analysis::unreal_stop(s, 600.0, 1.0 / 60.0)};
    const auto j = nlohmann::json::parse(unreal_stop_json(b, row));
    EXPECT_EQ(j["model"], "unreal");
    EXPECT_EQ(j["speed"].get<double>(), 600.0);
    EXPECT_EQ(j["braking_friction"].get<double>(), b.braking.friction);
    EXPECT_EQ(j["braking_deceleration"].get<double>(), b.braking.deceleration);
    EXPECT_EQ(j["fps"].get<double>(), 60.0);
    EXPECT_EQ(j["stops"].get<bool>(), row.prediction.stops);
    EXPECT_EQ(j["distance"].get<double>(), row.prediction.distance);
    EXPECT_EQ(j["time"].get<double>(), row.prediction.time);
    EXPECT_EQ(j["frames"].get<std::int64_t>(), row.prediction.frames);
    EXPECT_GT(row.prediction.frames, 0);
    EXPECT_EQ(j["epic_distance"].get<double>(), b.epic_distance);
    EXPECT_EQ(j["epic_error"].get<double>(), b.epic_distance - row.prediction.distance);
    EXPECT_EQ(j["continuous_distance"].get<double>(), b.continuous.distance);
}

TEST(StopReport, TableHasOneRowPerFrameRateAndContinuousHasNoFrames) {
    const movement::UnrealSettings s;
    const UnrealStopBasics b = basics_at(600.0, s);
    std::vector<StopRow> rows;
    for (const double fps : {30.0, 60.0, 144.0}) {
        rows.push_back({fps, analysis::unreal_stop(s, 600.0, 1.0 / fps)});
    }
    const auto table = nlohmann::json::parse(unreal_stop_table_json(b, rows));
    ASSERT_EQ(table["rows"].size(), 3u);
    EXPECT_EQ(table["rows"][2]["fps"].get<double>(), 144.0);
    EXPECT_EQ(table["rows"][2]["frames"].get<std::int64_t>(), rows[2].prediction.frames);
    EXPECT_EQ(table["rows"][1]["continuous_error"].get<double>(),
              b.continuous.distance - rows[1].prediction.distance);
    EXPECT_EQ(table["continuous"]["distance"].get<double>(), b.continuous.distance);
    const auto cont = nlohmann::json::parse(unreal_stop_continuous_json(b));
    EXPECT_EQ(cont["continuous"].get<bool>(), true);
    EXPECT_FALSE(cont.contains("frames"));
    EXPECT_EQ(cont["epic_error"].get<double>(), b.epic_distance - b.continuous.distance);
}

TEST(StopReport, SteppedStopIsInlineForOneRateAndAListForATable) {
    SteppedStop stop{"dishonored", "m", 5.0, 0.01, {{60.0, {true, 1.25, 0.5, 30}}}, false};
    const auto one = nlohmann::json::parse(stepped_stop_json(stop));
    EXPECT_EQ(one["length_unit"], "m");
    EXPECT_EQ(one["distance"].get<double>(), 1.25);
    EXPECT_EQ(one["frames"].get<int>(), 30);
    EXPECT_FALSE(one.contains("rows"));
    stop.table = true;
    stop.rows.push_back({30.0, {false, 2.0, 1.0, 15}});
    const auto table = nlohmann::json::parse(stepped_stop_json(stop));
    ASSERT_EQ(table["rows"].size(), 2u);
    EXPECT_EQ(table["rows"][1]["stops"].get<bool>(), false);
}

// The query answers each question of `kinema stop` with its own report.
TEST(StopReport, UnrealQueryAnswersTheQuestionAsked) {
    const movement::UnrealSettings s;
    const UnrealStopBasics b = basics_at(600.0, s);
    UnrealStopQuery query;
    query.fps = 60.0;
    const auto one = nlohmann::json::parse(unreal_stop_report(s, 600.0, query, true));
    EXPECT_EQ(one["fps"].get<double>(), 60.0);
    EXPECT_EQ(one["distance"].get<double>(), analysis::unreal_stop(s, 600.0, 1.0 / 60.0).distance);
    EXPECT_EQ(one["continuous_distance"].get<double>(), b.continuous.distance);
    EXPECT_EQ(unreal_stop_report(s, 600.0, query, false),
              unreal_stop_text(b, {60.0, analysis::unreal_stop(s, 600.0, 1.0 / 60.0)}));
    query.table = {30.0, 144.0};
    const auto table = nlohmann::json::parse(unreal_stop_report(s, 600.0, query, true));
    ASSERT_EQ(table["rows"].size(), 2u);
    EXPECT_EQ(table["rows"][1]["fps"].get<double>(), 144.0);
    EXPECT_EQ(table["rows"][1]["frames"].get<std::int64_t>(),
              analysis::unreal_stop(s, 600.0, 1.0 / 144.0).frames);
    query.table.clear();
    query.fps = 0.0;
    const auto cont = nlohmann::json::parse(unreal_stop_report(s, 600.0, query, true));
    EXPECT_EQ(cont["continuous"].get<bool>(), true);
    EXPECT_EQ(cont["distance"].get<double>(), b.continuous.distance);
    query.pivot = true;
    query.fps = 60.0;
    EXPECT_EQ(unreal_stop_report(s, 600.0, query, true),
              unreal_pivot_json(unreal_pivot_stop(s, 600.0, 60.0)));
    query.trace = "trace.csv";
    query.frame_times = {1.0 / 60.0, 1.0 / 30.0};
    const auto trace = nlohmann::json::parse(unreal_stop_report(s, 600.0, query, true));
    EXPECT_EQ(trace.dump(),
              nlohmann::json::parse(
                  unreal_stop_trace_json(b, unreal_trace_stop(s, 600.0, "trace.csv", query.frame_times)))
                  .dump());
}

}  // namespace
}  // namespace kinema::report
