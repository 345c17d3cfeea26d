// `kinema pursue --batch` on 3D levels: the scenarios are drawn on Detour's straight path between
// two random cells (the NPC at its start, the player npc_behind cell sizes along it, seeing each other), the
// batch runs one NavPursuitSpace per thread and gives the same result for any thread count, and each of its
// rows is what a single pursuit of that scenario gives.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "kinema/levels/obj.hpp"
#include "kinema/nav/pursuit_space.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/report/batch_report.hpp"
#include "small_batch.hpp"

namespace kinema::nav {
namespace {

using pursuit::BatchSettings;
using pursuit::PursuitConfig;
using pursuit::PursuitScenario;
using test::small_batch;

Level ramp_level() {
    return Level::build(levels::load_obj(std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj"),
                        NavSettings{});
}

PursuitConfig short_config() {
    PursuitConfig c;
    c.settings.max_time = 30.0;
    c.settings.search_time = 5.0;
    return c;
}

Vec3 world(Vec2 p, double height) {
    return {p.x, height, p.y};
}

// The point `distance` along a polyline in (x, z), and the index of the first polyline point after it.
std::pair<Vec2, std::size_t> walk(const std::vector<Vec3>& line, double distance) {
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const Vec2 a{line[i].x, line[i].z};
        const Vec2 b{line[i + 1].x, line[i + 1].z};
        if (distance < length(b - a)) {
            return {a + normalized_or_zero(b - a) * distance, i + 1};
        }
        distance -= length(b - a);
    }
    return {{line.back().x, line.back().z}, line.size()};
}

TEST(NavBatch, ScenariosLieOnTheDetourPath) {
    const Level level = ramp_level();
    NavPursuitSpace space(level);
    NavPursuitSpace other(level);  // a second space (its own finder) draws the same scenarios
    const PursuitConfig config;
    const BatchSettings settings = small_batch(1);
    const double behind = settings.npc_behind * level.nav_cells().cell_space().cell_size();
    for (int i = 0; i < 10; ++i) {
        SCOPED_TRACE("scenario " + std::to_string(i));
        const std::optional<PursuitScenario> s = pursuit::batch_scenario(space, config, settings, i);
        ASSERT_TRUE(s.has_value());
        EXPECT_TRUE(s->validate(space).empty());
        ASSERT_EQ(s->route_heights.size(), s->route.size());
        const Vec3 npc = world(s->npc, s->npc_height);
        const Vec3 player = world(s->route.front(), s->route_heights.front());
        const Vec3 goal = world(s->route.back(), s->route_heights.back());
        // The NPC stands on the navmesh and sees the player within the view range.
        EXPECT_TRUE(space.walkable(npc));
        EXPECT_TRUE(space.clear_line(npc, player));
        EXPECT_LE(length(player - npc), config.settings.view_range);
        // Detour's path from the NPC to the goal, walked 3 cell sizes (2.25 m) in plan: the player's start;
        // the rest of the path is the route.
        std::vector<Vec3> line{npc};
        std::vector<Vec3> corners;
        ASSERT_TRUE(space.plan(npc, goal, corners));
        line.insert(line.end(), corners.begin(), corners.end());
        const auto [start, next] = walk(line, behind);
        EXPECT_NEAR(start.x, s->route.front().x, 1e-9);
        EXPECT_NEAR(start.y, s->route.front().y, 1e-9);
        ASSERT_EQ(s->route.size(), 1 + line.size() - next);
        double route = 0.0;
        for (std::size_t k = 1; k < s->route.size(); ++k) {
            EXPECT_EQ(s->route[k], (Vec2{line[next + k - 1].x, line[next + k - 1].z}));
            EXPECT_EQ(s->route_heights[k], line[next + k - 1].y);
            route += length(s->route[k] - s->route[k - 1]);
        }
        EXPECT_GE(route, settings.min_route);
        // The player's height is the navmesh's under its start (Recast's surface within 0.05).
        EXPECT_NEAR(space.place(player).y, player.y, 0.05);
        // The same (seed, index) gives the same scenario on another space.
        const std::optional<PursuitScenario> again = pursuit::batch_scenario(other, config, settings, i);
        ASSERT_TRUE(again.has_value());
        EXPECT_EQ(again->route, s->route);
        EXPECT_EQ(again->route_heights, s->route_heights);
        EXPECT_EQ(again->npc, s->npc);
    }
}

TEST(NavBatch, IdenticalForAnyThreadCountAndEqualToSinglePursuits) {
    const Level level = ramp_level();
    const PursuitConfig config = short_config();
    const pursuit::SpaceFactory make_space = [&level] { return std::make_unique<NavPursuitSpace>(level); };
    const pursuit::BatchResult one = pursuit::run_batch(make_space, config, small_batch(1));
    const pursuit::BatchResult two = pursuit::run_batch(make_space, config, small_batch(2));
    EXPECT_EQ(report::batch_json(one), report::batch_json(two));
    EXPECT_EQ(report::batch_csv(one), report::batch_csv(two));
    ASSERT_EQ(one.scenarios, 6);
    ASSERT_EQ(one.runs.size(), 6u * std::size(pursuit::all_strategies));
    // Each row is the single pursuit of its scenario and strategy.
    NavPursuitSpace space(level);
    for (const pursuit::BatchRun& run : one.runs) {
        const std::optional<PursuitScenario> s =
            pursuit::batch_scenario(space, config, small_batch(1), run.scenario);
        ASSERT_TRUE(s.has_value());
        PursuitConfig c = config;
        c.settings.strategy = run.strategy;
        const pursuit::PursuitResult r = pursuit::run_pursuit(space, *s, c);
        EXPECT_EQ(run.outcome, r.outcome);
        EXPECT_EQ(run.time_to_reacquire, r.time_to_reacquire);
        EXPECT_EQ(run.npc_distance, r.npc_distance);
        EXPECT_EQ(run.destination_changes, r.destination_changes);
        EXPECT_EQ(run.max_heading_rate, r.max_heading_rate);
    }
    // The NPC starts seeing the player, so every lost sight is a real chase: some runs lost sight.
    int lost = 0;
    for (const pursuit::StrategySummary& s : one.summaries) {
        lost += s.runs;
    }
    EXPECT_GT(lost, 0);
}

}  // namespace
}  // namespace kinema::nav
