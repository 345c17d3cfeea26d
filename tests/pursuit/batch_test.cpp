// The strategy comparison: scenarios are valid and fit their description, results are identical for any
// thread count, and the summaries are what the runs say.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/report/batch_report.hpp"
#include "pursuit_levels.hpp"
#include "small_batch.hpp"

namespace kinema::pursuit {
namespace {

using test::small_batch;

using Level = test::PursuitLevel;

TEST(PursuitBatch, ScenariosFitTheirDescription) {
    const Level lv("corridor_into_room");
    const PursuitConfig config;
    for (int i = 0; i < 10; ++i) {
        const std::optional<PursuitScenario> s = batch_scenario(lv.space, config, small_batch(1), i);
        ASSERT_TRUE(s.has_value());
        EXPECT_TRUE(s->validate(lv.space).empty());
        double route = 0.0;
        for (std::size_t k = 1; k < s->route.size(); ++k) {
            route += length(s->route[k] - s->route[k - 1]);
        }
        // The cell path behind the route is at least min_route long; smoothing shortens it by less than
        // half a cell per turn, so the straight route is still well over half of it.
        EXPECT_GT(route, 5.0);
        // The NPC starts on a cell centre three path cells behind the player and sees them.
        EXPECT_LE(length(s->route.front() - s->npc), 3.0 * std::sqrt(2.0) + 1e-12);
        EXPECT_GE(length(s->route.front() - s->npc), 3.0 - 1e-12);
        // The same (seed, index) gives the same scenario.
        const std::optional<PursuitScenario> again = batch_scenario(lv.space, config, small_batch(1), i);
        EXPECT_EQ(again->route, s->route);
        EXPECT_EQ(again->npc, s->npc);
    }
}

TEST(PursuitBatch, IdenticalForAnyThreadCount) {
    const Level lv("corridor_into_room");
    PursuitConfig config;
    config.settings.max_time = 30.0;
    config.settings.search_time = 5.0;
    const BatchResult one = run_batch(lv.space, config, small_batch(1));
    const BatchResult three = run_batch(lv.space, config, small_batch(3));
    EXPECT_EQ(report::batch_json(one), report::batch_json(three));
    EXPECT_EQ(report::batch_csv(one), report::batch_csv(three));
    EXPECT_EQ(one.scenarios, 6);
    EXPECT_EQ(one.runs.size(), 6u * std::size(all_strategies));
    for (const StrategySummary& s : one.summaries) {
        EXPECT_NEAR(s.reacquired_chase + s.reacquired_search + s.gave_up + s.timeout, s.runs > 0 ? 1.0 : 0.0,
                    1e-12);
    }
    // The summary counts what the runs say.
    int flood_gave_up = 0;
    int flood_runs = 0;
    for (const BatchRun& r : one.runs) {
        if (r.strategy == Strategy::flood && r.outcome != Outcome::never_lost) {
            ++flood_runs;
            flood_gave_up += r.outcome == Outcome::gave_up;
        }
    }
    EXPECT_EQ(one.summaries[0].runs, flood_runs);
    if (flood_runs > 0) {
        EXPECT_EQ(one.summaries[0].gave_up, static_cast<double>(flood_gave_up) / flood_runs);
    }
}

// The runner on parallel_for: progress is told once per scenario, done counting 1..N of N (serialised), and
// each worker makes its space once, on the calling thread, at any thread count.
TEST(PursuitBatch, ProgressOncePerScenarioAndOneSpacePerWorker) {
    const Level lv("corridor_into_room");
    PursuitConfig config;
    config.settings.max_time = 30.0;
    config.settings.search_time = 5.0;
    for (const int threads : {1, 2, 3}) {
        std::vector<int> done;
        int total = 0;
        int spaces = 0;
        const auto make = [&] {
            ++spaces;
            return std::make_unique<ChasePursuitSpace>(lv.space);
        };
        const BatchResult r = run_batch(make, config, small_batch(threads), [&](int d, int n) {
            done.push_back(d);
            total = n;
        });
        EXPECT_EQ(spaces, threads);
        EXPECT_EQ(total, small_batch(threads).scenarios);
        ASSERT_EQ(done.size(), static_cast<std::size_t>(total));
        for (std::size_t i = 0; i < done.size(); ++i) {
            EXPECT_EQ(done[i], static_cast<int>(i) + 1);
        }
        EXPECT_EQ(r.scenarios, 6);
    }
}

// A grid space whose NPC planner fails: a worker's exception reaches run_batch's caller (not
// std::terminate), whichever thread ran into it.
class BrokenPlanner final : public PursuitSpace {
  public:
    explicit BrokenPlanner(const chase::ChaseSpace& space) : inner_(space) {}
    const chase::ChaseSpace& chase_space() const override { return inner_.chase_space(); }
    bool walkable(Vec3 p) override { return inner_.walkable(p); }
    Vec3 place(Vec3 p) override { return inner_.place(p); }
    bool clear_line(Vec3 a, Vec3 b) override { return inner_.clear_line(a, b); }
    double surface_height(Vec3 from, Vec2 to) override { return inner_.surface_height(from, to); }
    bool plan(Vec3, Vec3, std::vector<Vec3>&) override { throw std::runtime_error("planner broke"); }
    chase::CellId cell_of(Vec3 p) override { return inner_.cell_of(p); }

  private:
    ChasePursuitSpace inner_;
};

TEST(PursuitBatch, SpacesFromAFactory) {
    const Level lv("corridor_into_room");
    const PursuitConfig config = [] {
        PursuitConfig c;
        c.settings.max_time = 30.0;
        c.settings.search_time = 5.0;
        return c;
    }();
    // 2D spaces draw their scenarios on the cells' shortest path, as batch_scenario(ChaseSpace) does.
    ChasePursuitSpace wrapped(lv.space);
    for (int i = 0; i < 4; ++i) {
        const std::optional<PursuitScenario> a = batch_scenario(wrapped, config, small_batch(1), i);
        const std::optional<PursuitScenario> b = batch_scenario(lv.space, config, small_batch(1), i);
        ASSERT_TRUE(a && b);
        EXPECT_EQ(a->route, b->route);
        EXPECT_EQ(a->npc, b->npc);
    }
    for (const int threads : {1, 2}) {
        const auto broken = [&lv] { return std::make_unique<BrokenPlanner>(lv.space); };
        EXPECT_THROW((void)run_batch(broken, config, small_batch(threads)), std::runtime_error);
    }
    EXPECT_THROW((void)run_batch([] { return std::unique_ptr<PursuitSpace>(); }, config, small_batch(1)),
                 std::invalid_argument);
}

// A --min-route no grid route can reach is known before any scenario is drawn: a path of distinct cells, each
// step at most a diagonal, is at most (cells - 1) x sqrt(2) cell sizes long. Such a batch returns at once
// (no scenario is tried, so no progress is reported) with the result drawing them all gives: nothing fits.
TEST(PursuitBatch, AMinRouteNoRouteCanReachFailsBeforeAnyScenario) {
    const Level lv("corridor_into_room");
    const double longest =
        static_cast<double>(lv.space.cells().size() - 1) * std::sqrt(2.0) * lv.space.cells().cell_size();
    PursuitConfig config;
    config.settings.max_time = 30.0;
    int reported = 0;
    const auto count = [&](int, int) { ++reported; };
    BatchSettings beyond = small_batch(1);
    beyond.min_route = std::nextafter(longest, 2.0 * longest);
    const BatchResult fast = run_batch(lv.space, config, beyond, count);
    EXPECT_EQ(reported, 0);
    EXPECT_EQ(fast.scenarios, 0);
    EXPECT_TRUE(fast.runs.empty());
    // At the bound itself every scenario is still drawn (1000 paths each), and none fits either.
    BatchSettings at = small_batch(1);
    at.min_route = longest;
    const BatchResult drawn = run_batch(lv.space, config, at, count);
    EXPECT_EQ(reported, 6);
    EXPECT_EQ(drawn.scenarios, 0);
    EXPECT_EQ(report::batch_json(fast), report::batch_json(drawn));
}

// Issue 24, M9: a view range shorter than a cell cannot see the player on another tile (at least one cell
// size away): known before any scenario is drawn, as above. At one cell size the scenarios are drawn.
TEST(PursuitBatch, AViewRangeShorterThanACellFailsBeforeAnyScenario) {
    const Level lv("corridor_into_room");
    const double cell = lv.space.cells().cell_size();
    PursuitConfig config;
    config.settings.max_time = 5.0;
    config.settings.view_range = std::nextafter(cell, 0.0);
    int reported = 0;
    const auto count = [&](int, int) { ++reported; };
    BatchSettings settings = small_batch(1);
    settings.npc_behind = 1;
    settings.min_route = 0.0;
    const BatchResult fast = run_batch(lv.space, config, settings, count);
    EXPECT_EQ(reported, 0);
    EXPECT_EQ(fast.scenarios, 0);
    config.settings.view_range = cell;
    const BatchResult drawn = run_batch(lv.space, config, settings, count);
    EXPECT_EQ(reported, 6);
    EXPECT_GT(drawn.scenarios, 0);  // a neighbour one cell across is in sight
}

// Why a batch made no scenario (why_no_scenario): on a grid a view range shorter than a cell sees no other
// tile (as above); from one cell size on, the reason is min_route.
TEST(PursuitBatch, WhyNoScenarioNamesTheViewRangeOnlyBelowACell) {
    const Level lv("corridor_into_room");
    const double cell = lv.space.cells().cell_size();
    const SpaceFactory make_space = [&lv] { return std::make_unique<ChasePursuitSpace>(lv.space); };
    PursuitConfig config;
    config.settings.view_range = std::nextafter(cell, 0.0);
    EXPECT_EQ(why_no_scenario(make_space, config), NoScenario::view_range);
    config.settings.view_range = cell;
    EXPECT_EQ(why_no_scenario(make_space, config), NoScenario::min_route);
    config.settings.view_range = 1000.0;
    EXPECT_EQ(why_no_scenario(make_space, config), NoScenario::min_route);
}

// The flood settings each strategy reads (strategy_reads_flood_field, the strategy table's column): the flood
// strategies all of them, dead reckoning only max_steps (its distance), breadcrumbs and last-known none.
TEST(PursuitBatch, StrategiesReadTheFloodFieldsTheyUse) {
    for (const std::string_view field : {"hot", "max_heated", "max_steps"}) {
        EXPECT_TRUE(strategy_reads_flood_field(Strategy::flood, field)) << field;
        EXPECT_TRUE(strategy_reads_flood_field(Strategy::flood_paced, field)) << field;
        EXPECT_EQ(strategy_reads_flood_field(Strategy::dead_reckoning, field), field == "max_steps") << field;
        EXPECT_FALSE(strategy_reads_flood_field(Strategy::breadcrumbs, field)) << field;
        EXPECT_FALSE(strategy_reads_flood_field(Strategy::last_known, field)) << field;
    }
}

// Scenarios that do not fit leave no row: the runs are the fitting scenarios', in scenario order, strategies
// in all_strategies order, whatever the threads (the rows are moved to the front in place).
TEST(PursuitBatch, RunsOfTheScenariosThatFitInScenarioOrder) {
    const Level lv("corridor_into_room");
    PursuitConfig config;
    config.settings.max_time = 30.0;
    bool mixed = false;
    for (const double min_route : {34.0, 35.0, 36.0}) {
        BatchSettings settings = small_batch(3);
        settings.scenarios = 12;
        settings.min_route = min_route;
        std::vector<int> fitting;
        for (int i = 0; i < settings.scenarios; ++i) {
            if (batch_scenario(lv.space, config, settings, i)) {
                fitting.push_back(i);
            }
        }
        const BatchResult r = run_batch(lv.space, config, settings);
        ASSERT_EQ(r.scenarios, static_cast<int>(fitting.size()));
        ASSERT_EQ(r.runs.size(), fitting.size() * std::size(all_strategies));
        for (std::size_t k = 0; k < r.runs.size(); ++k) {
            EXPECT_EQ(r.runs[k].scenario, fitting[k / std::size(all_strategies)]);
            EXPECT_EQ(r.runs[k].strategy, all_strategies[k % std::size(all_strategies)]);
        }
        // A scenario left out before one that fits: that one's rows move forward.
        for (std::size_t k = 0; k < fitting.size(); ++k) {
            mixed = mixed || fitting[k] != static_cast<int>(k);
        }
    }
    EXPECT_TRUE(mixed) << "some --min-route above leaves out a scenario before one that fits";
}

}  // namespace
}  // namespace kinema::pursuit
