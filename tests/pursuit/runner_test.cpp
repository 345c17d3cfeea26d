// The pursuit runner (kinema/pursuit/runner.hpp): stepped one step at a time it gives run_pursuit's result
// frame for frame; one runner reused across scenarios, strategies and constants gives what a fresh run gives
// (its parts keep only buffers); chase events keep the chase's typed result.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/runner.hpp"
#include "kinema/report/pursuit_json.hpp"
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

using Level = test::PursuitLevel;
using test::corner_config;
using test::corner_scenario;

// Two results are the same when every frame (with the exact model state), event, measure, the search's
// occupancy and the first chase's heat are equal.
void expect_same(const PursuitResult& a, const PursuitResult& b) {
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (std::size_t k = 0; k < a.frames.size(); ++k) {
        EXPECT_EQ(a.frames[k].t, b.frames[k].t) << k;
        EXPECT_EQ(a.frames[k].state, b.frames[k].state) << k;
        EXPECT_EQ(a.frames[k].model.position, b.frames[k].model.position) << k;
        EXPECT_EQ(a.frames[k].model.velocity, b.frames[k].model.velocity) << k;
        EXPECT_EQ(a.frames[k].npc_input, b.frames[k].npc_input) << k;
        EXPECT_EQ(a.frames[k].player, b.frames[k].player) << k;
    }
    ASSERT_EQ(a.events.size(), b.events.size());
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        EXPECT_EQ(a.events[i].kind, b.events[i].kind) << i;
        EXPECT_EQ(a.events[i].t, b.events[i].t) << i;
        EXPECT_EQ(a.events[i].position, b.events[i].position) << i;
        EXPECT_EQ(a.events[i].chase.has_value(), b.events[i].chase.has_value()) << i;
    }
    EXPECT_EQ(a.outcome, b.outcome);
    EXPECT_EQ(a.time_to_reacquire, b.time_to_reacquire);
    EXPECT_EQ(a.npc_distance, b.npc_distance);
    EXPECT_EQ(a.destination_changes, b.destination_changes);
    EXPECT_EQ(a.max_heading_rate, b.max_heading_rate);
    EXPECT_EQ(a.occupancy, b.occupancy);
    EXPECT_EQ(a.chase_heat, b.chase_heat);
}

TEST(PursuitRunner, SteppedGivesRunPursuitsResult) {
    const Level lv("corner");
    ChasePursuitSpace ps(lv.space);
    for (const Strategy s : all_strategies) {
        const PursuitConfig config = corner_config(s);
        const PursuitResult whole = run_pursuit(lv.space, corner_scenario(), config);
        PursuitRunner runner(ps, config);
        runner.start(corner_scenario());
        ASSERT_FALSE(runner.finished());
        ASSERT_EQ(runner.result().frames.size(), 1u);  // frame 0
        std::size_t steps = 0;
        bool more = true;
        while (more) {
            more = runner.step();
            ++steps;
            // Each step records exactly one frame.
            ASSERT_EQ(runner.result().frames.size(), steps + 1);
        }
        EXPECT_TRUE(runner.finished());
        EXPECT_FALSE(runner.step());  // an ended pursuit takes no more steps
        EXPECT_EQ(runner.result().frames.size(), whole.frames.size());
        expect_same(runner.result(), whole);
        EXPECT_EQ(report::pursuit_json(lv.space, corner_scenario(), config, runner.result()),
                  report::pursuit_json(lv.space, corner_scenario(), config, whole));
    }
}

// One runner, every strategy (dead reckoning and the last known position search), then the same runs again in
// reverse order with another view range and search time (the occupancy map's buckets are rebuilt for it):
// each equals a fresh run.
TEST(PursuitRunner, ReusedRunnerGivesFreshResults) {
    const Level corner("corner");
    ChasePursuitSpace corner_space(corner.space);
    PursuitRunner runner(corner_space, corner_config(Strategy::flood));
    std::vector<Strategy> order(std::begin(all_strategies), std::end(all_strategies));
    for (int pass = 0; pass < 2; ++pass) {
        for (const Strategy s : order) {
            PursuitConfig config = corner_config(s);
            config.settings.search_time = pass == 0 ? 5.0 : 30.0;
            config.settings.view_range = pass == 0 ? 10.0 : 8.0;
            runner.set_config(config);
            const PursuitResult& reused = runner.run(corner_scenario());
            expect_same(reused, run_pursuit(corner.space, corner_scenario(), config));
        }
        std::reverse(order.begin(), order.end());
    }
    // A moved-out result leaves the runner ready for the next run.
    const PursuitResult taken = runner.take_result();
    EXPECT_FALSE(taken.frames.empty());
    const PursuitConfig last = corner_config(order.back());
    runner.set_config(last);
    expect_same(runner.run(corner_scenario()), run_pursuit(corner.space, corner_scenario(), last));
}

// One runner driven by each step model in turn, at two frame rates and back: each run equals a fresh run (the
// navigator's remembered stop predictions belong to one model, frame time and scale).
TEST(PursuitRunner, ReusedRunnerAcrossModelsGivesFreshResults) {
    const Level corner("corner");
    ChasePursuitSpace corner_space(corner.space);
    PursuitRunner runner(corner_space, corner_config(Strategy::flood));
    for (const double hz : {60.0, 30.0}) {
        for (const std::string_view name : {"unreal", "dishonored", "crosscode", "unreal"}) {
            SCOPED_TRACE(std::string(name) + " at " + std::to_string(hz) + " Hz");
            PursuitConfig config = corner_config(Strategy::flood);
            config.model = movement::make_model(name);
            config.settings.hz = hz;
            runner.set_config(config);
            expect_same(runner.run(corner_scenario()), run_pursuit(corner.space, corner_scenario(), config));
        }
    }
}

TEST(PursuitRunner, BadConstantsAndScenariosThrow) {
    const Level lv("corner");
    ChasePursuitSpace ps(lv.space);
    PursuitConfig bad = corner_config(Strategy::flood);
    bad.settings.hz = 0.0;
    EXPECT_THROW(PursuitRunner(ps, bad), SettingsError);
    PursuitRunner runner(ps, corner_config(Strategy::flood));
    EXPECT_THROW(runner.set_config(bad), SettingsError);
    PursuitScenario outside = corner_scenario();
    outside.npc = {-5.0, 2.5};
    EXPECT_THROW(runner.start(outside), SettingsError);
}

// The chase event of a flood strategy keeps the chase's typed result: its query is the lost_sight event's
// position and direction, and its destination is the event's (the single-shot flood's).
TEST(PursuitRunner, ChaseEventsKeepTheTypedChaseResult) {
    const Level lv("corner");
    const PursuitResult r = run_pursuit(lv.space, corner_scenario(), corner_config(Strategy::flood));
    const PursuitEvent* lost = nullptr;
    const PursuitEvent* chased = nullptr;
    for (const PursuitEvent& e : r.events) {
        lost = lost == nullptr && e.kind == EventKind::lost_sight ? &e : lost;
        chased = chased == nullptr && e.kind == EventKind::chase ? &e : chased;
    }
    ASSERT_NE(lost, nullptr);
    ASSERT_NE(chased, nullptr);
    ASSERT_TRUE(chased->chase.has_value());
    const chase::ChaseResult& c = *chased->chase;
    EXPECT_EQ(c.position, (Vec3{12.5, 2.5, 0.0}));  // lost at (12.5, 2.5) running east (pursuit_test.cpp)
    EXPECT_EQ(c.direction, (Vec3{1.0, 0.0, 0.0}));
    EXPECT_EQ((Vec2{c.flood.destination.x, c.flood.destination.y}), chased->position);
    EXPECT_TRUE(c.flood.finished);
    EXPECT_GT(c.flood.steps, 0);
    EXPECT_FALSE(c.npc.has_value());
}

}  // namespace
}  // namespace kinema::pursuit
