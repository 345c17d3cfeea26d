// The turn reports: fields read back equal the solver's numbers, in degrees.
#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "kinema/report/turn.hpp"

namespace kinema::report {
namespace {

TEST(TurnReport, MaxTurnPerSecondIsPerFrameTimesTheRate) {
    const analysis::TurnSettings s;
    const double dt = 1.0 / 60.0;
    const MaxTurn t{60.0,
                    s.speed_scale,
                    s.max_speed(),
                    analysis::max_full_speed_turn(dt, s) * degrees_per_radian,
                    12.5,
                    analysis::max_reachable_turn(dt, s) * degrees_per_radian,
                    analysis::continuous_full_speed_turn_rate(s) * degrees_per_radian};
    const auto j = nlohmann::json::parse(max_turn_json(t));
    EXPECT_EQ(j["full_speed_turn_deg_per_frame"].get<double>(), t.full_speed_turn_deg_per_frame);
    EXPECT_EQ(j["full_speed_turn_deg_per_second"].get<double>(), t.full_speed_turn_deg_per_frame * 60.0);
    EXPECT_EQ(j["reachable_turn_deg_per_second"].get<double>(), t.reachable_turn_deg_per_frame * 60.0);
    EXPECT_EQ(j["full_speed_turn_radius"].get<double>(), 12.5);
    EXPECT_GT(t.reachable_turn_deg_per_frame, t.full_speed_turn_deg_per_frame);
}

TEST(TurnReport, AnAngleTurnListsTheInputOnlyWhenReachable) {
    const analysis::TurnSettings s;
    const analysis::TurnSolution small = analysis::solve_turn_by_angle(0.01, 1.0 / 30.0, s);
    ASSERT_TRUE(small.reachable);
    const auto j = nlohmann::json::parse(angle_turn_json({30.0, 1.0, 0.01 * degrees_per_radian, small}));
    EXPECT_EQ(j["input_direction"][0].get<double>(), small.input_direction.x);
    EXPECT_EQ(j["input_direction"][1].get<double>(), small.input_direction.y);
    EXPECT_EQ(j["input_angle_deg"].get<double>(),
              std::atan2(small.input_direction.y, small.input_direction.x) * degrees_per_radian);
    EXPECT_EQ(j["speed"].get<double>(), small.speed);
    const analysis::TurnSolution far = analysis::solve_turn_by_angle(3.1, 1.0 / 30.0, s);
    ASSERT_FALSE(far.reachable);
    const auto k = nlohmann::json::parse(angle_turn_json({30.0, 1.0, 3.1 * degrees_per_radian, far}));
    EXPECT_FALSE(k.contains("input_direction"));
}

TEST(TurnReport, TableHasOneRowPerRateAndOneEntryPerPreset) {
    const TurnTable table{{}, {{"walk", 1.0}, {"sprint", 1.5}}, {30.0, 60.0, 144.0}};
    const auto j = nlohmann::json::parse(turn_table_json(table));
    ASSERT_EQ(j["rows"].size(), 3u);
    analysis::TurnSettings sprint;
    sprint.speed_scale = 1.5;
    const double per_frame = analysis::max_full_speed_turn(1.0 / 144.0, sprint) * degrees_per_radian;
    EXPECT_EQ(j["rows"][2]["sprint"]["deg_per_frame"].get<double>(), per_frame);
    EXPECT_EQ(j["continuous"].size(), 2u);
}

// The query answers each question of `kinema turn` with its own report.
TEST(TurnReport, QueryAnswersTheQuestionAsked) {
    const analysis::TurnSettings s;
    TurnQuery query;
    query.fps = 30.0;
    query.dt = 1.0 / 30.0;
    const auto max = nlohmann::json::parse(turn_report(query, s, true));
    EXPECT_EQ(max["full_speed_turn_deg_per_frame"].get<double>(),
              analysis::max_full_speed_turn(1.0 / 30.0, s) * degrees_per_radian);
    query.angle_deg = 0.01 * degrees_per_radian;
    const auto angle = nlohmann::json::parse(turn_report(query, s, true));
    const analysis::TurnSolution small = analysis::solve_turn_by_angle(0.01, 1.0 / 30.0, s);
    EXPECT_NEAR(angle["input_direction"][0].get<double>(), small.input_direction.x, 1e-12);
    EXPECT_NEAR(angle["speed"].get<double>(), small.speed, 1e-9);
    EXPECT_EQ(turn_report(query, s, false),
              angle_turn_text(angle_turn(30.0, 1.0 / 30.0, s, *query.angle_deg)));
    query.yaw = analysis::YawQuantization{};
    EXPECT_EQ(turn_report(query, s, true),
              quantized_turn_json(quantized_turn(1.0 / 30.0, std::nullopt, s, *query.yaw, query.angle_deg)));
    query.table = true;
    const auto table = nlohmann::json::parse(turn_report(query, s, true));
    EXPECT_EQ(table["continuous"].size(), 3u);  // walk, sprint, agility
}

}  // namespace
}  // namespace kinema::report
