// The pursuit text on hand-built results: every line below is the result's numbers laid out by hand (times
// and positions to 3 decimals, shares in percent to 1 decimal).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kinema/report/pursuit_text.hpp"

namespace kinema::report {
namespace {

pursuit::PursuitEvent event(double t, pursuit::EventKind kind, Vec2 position, Vec2 direction = {}) {
    pursuit::PursuitEvent e;
    e.t = t;
    e.kind = kind;
    e.position = position;
    e.direction = direction;
    return e;
}

pursuit::PursuitResult grid_pursuit() {
    pursuit::PursuitResult r;
    r.events.push_back(
        event(1.23456, pursuit::EventKind::lost_sight, {2.0004, 3.5}, {0.70710678, -0.70710678}));
    r.events.push_back(event(2.5, pursuit::EventKind::stimulus, {1.0, 1.0}));
    r.events.back().accepted = false;
    r.events.push_back(event(4.0, pursuit::EventKind::reacquired, {5.0, 6.0}));
    r.outcome = pursuit::Outcome::reacquired;
    r.reacquired_in = pursuit::NpcState::chase;
    r.time_to_reacquire = 2.7654;
    r.npc_distance = 0.5;
    r.destination_changes = 2;
    r.max_heading_rate = 90.12345;
    r.frames.resize(2);
    r.frames.back().t = 4.0;
    return r;
}

TEST(PursuitText, SummaryListsEventsAndOutcome) {
    const pursuit::PursuitConfig config;  // flood, Unreal at 100 cm per unit, 60 Hz, view 20 units / 120 deg
    EXPECT_EQ(pursuit_summary("rooms.txt", config, grid_pursuit()),
              "kinema pursue: rooms.txt\n"
              "  strategy flood, NPC unreal (100 cm per level unit), 60 Hz, view 20 units / 120 deg\n"
              "\n"
              "      t (s)  event        where\n"
              "      1.235  lost_sight   (2, 3.5) running (0.707, -0.707)\n"
              "        2.5  stimulus     (1, 1) (ignored)\n"
              "          4  reacquired   (5, 6)\n"
              "\n"
              "  outcome              reacquired (during the chase)\n"
              "  time to re-acquire   2.765 s\n"
              "  NPC distance         0.5 level units (at the end)\n"
              "  destination changes  2\n"
              "  max heading rate     90.123 deg/s\n"
              "  simulated            4 s (2 frames)\n");
}

TEST(PursuitText, ThreeDimensionalPointsAreXHeightZ) {
    pursuit::PursuitResult r;
    r.dimensions = 3;
    r.events.push_back(event(0.5, pursuit::EventKind::lost_sight, {1.0, 2.0}, {0.0, -1.0}));
    r.events.back().height = 0.5;
    r.outcome = pursuit::Outcome::gave_up;  // no re-acquisition: no time line
    r.frames.resize(31);
    r.frames.back().t = 0.5;
    const std::string text = pursuit_summary("level.obj", pursuit::PursuitConfig{}, r);
    EXPECT_NE(text.find("\n        0.5  lost_sight   (1, 0.5, 2) running (0, 0, -1)\n"), std::string::npos);
    EXPECT_NE(text.find("\n  outcome              gave_up\n  NPC distance "), std::string::npos);
    EXPECT_NE(text.find("  simulated            0.5 s (31 frames)\n"), std::string::npos);
}

TEST(PursuitText, BatchTableHasOneRowPerStrategy) {
    pursuit::BatchResult r;
    r.scenarios = 10;
    pursuit::StrategySummary flood;
    flood.strategy = pursuit::Strategy::flood;
    flood.runs = 8;
    flood.reacquired_chase = 0.625;
    flood.reacquired_search = 0.125;
    flood.gave_up = 0.25;
    flood.median_time_to_reacquire = 3.456;
    flood.mean_npc_distance = 1.5;
    flood.destination_changes_per_chase = 1.0 / 3.0;
    flood.max_heading_rate = 179.6;
    pursuit::StrategySummary last_known;
    last_known.strategy = pursuit::Strategy::last_known;  // no runs: no median
    r.summaries = {flood, last_known};
    const pursuit::BatchSettings settings;  // seed 1, route >= 20, NPC 3 behind
    EXPECT_EQ(
        batch_summary("rooms.txt", pursuit::PursuitConfig{}, settings, r, "cells"),
        "kinema pursue --batch: rooms.txt\n"
        "  10 scenarios (seed 1, route >= 20 units, NPC 3 cells behind), NPC unreal, 60 Hz, view 20 units / "
        "120 deg, search 30 s\n"
        "\n"
        "  strategy         runs   chase  search  gave up  timeout  median s  NPC dist dest/chase  max "
        "deg/s\n"
        "  flood               8   62.5%   12.5%    25.0%     0.0%      3.46      1.50       0.33        "
        "180\n"
        "  last-known          0    0.0%    0.0%     0.0%     0.0%         -      0.00       0.00          "
        "0\n"
        "\n"
        "  chase / search: share of runs re-acquired during the chase / the search; runs that never lost\n"
        "  sight are left out. median s: time to re-acquire; NPC dist: NPC to player at the end.\n");
}

TEST(PursuitText, LevelLegendNamesTheLevel) {
    EXPECT_EQ(
        pursuit_level_legend("level.obj"),
        (std::vector<std::string>{"level.obj: top view (x right, z down), floors lighter when higher",
                                  "heat: the first chase's flood; its seed is where sight was first lost"}));
}

TEST(PursuitText, NoScenarioNamesTheSettingToChange) {
    pursuit::PursuitConfig config;
    config.settings.view_range = 0.25;
    pursuit::BatchSettings batch;
    batch.min_route = 1e4;
    const FieldError view = no_scenario_error(pursuit::NoScenario::view_range, "a.txt", config, batch);
    EXPECT_EQ(view.field, "view_range");
    EXPECT_EQ(
        view.message,
        "no scenario fits on a.txt (the NPC starts at least one cell behind the player, out of a view of "
        "0.25 level units)");
    const FieldError route = no_scenario_error(pursuit::NoScenario::min_route, "b.map", config, batch);
    EXPECT_EQ(route.field, "min_route");
    EXPECT_EQ(
        route.message,
        "no scenario fits on b.map (no path of 10000 level units with the NPC in sight behind the player)");
}

}  // namespace
}  // namespace kinema::report
