// Where a search starts (src/pursuit/occupancy_map.hpp SearchSeed) and which start the intercept strategy
// picks (src/pursuit/strategy.hpp; docs/pursuit.md "Intercept"): values derived by hand from the chase
// chapter's flood on a one-tile corridor with a walled-off pocket, and the strategy row's choice on that
// corridor and on corridor_into_room.
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "pursuit/occupancy_map.hpp"  // private (src/)
#include "pursuit/strategy.hpp"       // private (src/)
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

using detail::OccupancyMap;
using detail::SearchSeed;
using Level = test::PursuitLevel;

// The corridor one tile wide (floor columns 1..30 of row 1, centres x = 1.5 .. 30.5) and a pocket of two
// tiles on row 3 that no neighbour list joins to it (row 2 is wall): 32 cells, the corridor's first.
constexpr const char* kCorridorAndPocket =
    "################################\n"
    "#..............................#\n"
    "################################\n"
    "#..#############################\n"
    "################################\n";

// The chapter's flood seeded at column 3 running east (H = 20) heats one cell a step to the corridor's end:
// column 30 - j holds 20 - j, warm (above 0) for j < 20, so the warm cells are columns 11..30 with
// heat 1..20, 210 in all (tests/pursuit/intercept_test.cpp derives the same values).
struct Seeded {
    Seeded() : lv(levels::parse_ascii_level(kCorridorAndPocket)) {
        flood.set_settings(PursuitConfig::default_flood());
        chase::ChaseQuery q;
        q.position = {3.5, 1.5, 0.0};
        q.direction = {1.0, 0.0, 0.0};
        (void)chase::run_chase(lv.space, flood, q);
    }
    // The map seeded with `from` (fallback: column 24's cell), normalised to sum 1, before any clearing.
    std::vector<double> seeded(const SearchSeed& from) {
        const chase::CellSpace& cells = lv.space.cells();
        map.prepare(cells, 12.0);
        map.seed(
            from, [&] { return cell(24); }, 0.0, 0.5, 1.0 / 9.0);
        std::vector<double> out;
        map.normalised(out);
        return out;
    }
    chase::CellId cell(int column) const { return lv.space.locate({column + 0.5, 1.5, 0.0}).cell; }
    chase::CellId pocket() const { return lv.space.locate({1.5, 3.5, 0.0}).cell; }
    Level lv;
    chase::Flood flood;
    OccupancyMap map;
};

TEST(SearchSeed, FloodHeatOnTheWarmCells) {
    Seeded s;
    ASSERT_EQ(s.lv.space.cells().size(), 32u);
    ASSERT_EQ(s.flood.value(s.cell(30)), 20);
    ASSERT_EQ(s.flood.value(s.cell(11)), 1);
    const std::vector<double> p = s.seeded({.heat = &s.flood});
    EXPECT_DOUBLE_EQ(p[s.cell(30)], 20.0 / 210.0);
    EXPECT_DOUBLE_EQ(p[s.cell(11)], 1.0 / 210.0);
    EXPECT_EQ(p[s.cell(5)], 0.0);
    EXPECT_EQ(p[s.pocket()], 0.0);
}

// Every cell the fallback cell reaches alike: the corridor's 30, never the pocket.
TEST(SearchSeed, EveryReachableCellAlike) {
    Seeded s;
    const std::vector<double> p = s.seeded({.reach = true});
    for (int column = 1; column <= 30; ++column) {
        EXPECT_DOUBLE_EQ(p[s.cell(column)], 1.0 / 30.0) << column;
    }
    EXPECT_EQ(p[s.pocket()], 0.0);
    EXPECT_EQ(p[s.pocket() + 1], 0.0);
}

// Plus 0.1 x heat: 30 + 0.1 x 210 = 51 in all; column 30 holds 1 + 2, column 11 holds 1.1, column 5 holds 1.
TEST(SearchSeed, ReachableCellsPlusTheHeat) {
    Seeded s;
    const std::vector<double> p = s.seeded({.heat = &s.flood, .reach = true, .heat_weight = 0.1});
    EXPECT_DOUBLE_EQ(p[s.cell(30)], 3.0 / 51.0);
    EXPECT_DOUBLE_EQ(p[s.cell(11)], 1.1 / 51.0);
    EXPECT_DOUBLE_EQ(p[s.cell(5)], 1.0 / 51.0);
    EXPECT_EQ(p[s.pocket()], 0.0);
}

// The intercept row: the destination and the search's start it picks from one loss of sight.
struct Picked {
    Vec3 destination;
    SearchSeed seed;
    chase::StopReason stop{};
};
Picked pick(detail::ChaseMemory& memory, const chase::ChaseSpace& chase_space, double straight_cells,
            Vec3 seen, Vec3 direction) {
    ChasePursuitSpace space(chase_space);
    PursuerSettings settings;
    settings.reasoning.strategy = Strategy::intercept;
    settings.intercept.intercept_straight_cells = straight_cells;
    const chase::FloodSettings flood = PursuitConfig::default_flood();
    memory.shot.set_settings(flood);
    memory.query.position = seen;
    memory.query.direction = direction;
    const detail::ChaseInputs in{space, settings, flood, space.frame(), seen, {seen.x, seen.y}};
    const detail::StrategyRow& row = detail::strategy_row(Strategy::intercept);
    std::optional<chase::ChaseResult> result;
    Picked p;
    p.destination = row.on_lost_sight(memory, in, result);
    p.seed = row.search_seed(memory);
    p.stop = result->flood.stop_reason;
    return p;
}

// The corridor: dead reckoning's line from column 3 to column 30 is 27 cells. At most 27 the NPC runs
// straight on, to (30.5, 1.5), and searches the reachable cells alone; above 27 it takes the flood's
// destination (24.5, 1.5: the heat's centroid is (10.5 x 210 + 2870) / 210 = 24.17) and, the flood having
// run out of corridor (exhausted), adds 0.1 x its heat.
TEST(SearchSeed, InterceptOnTheCorridor) {
    const Level lv(levels::parse_ascii_level(kCorridorAndPocket));
    detail::ChaseMemory memory;
    const Picked straight = pick(memory, lv.space, 27.0, {3.5, 1.5, 0.0}, {1.0, 0.0, 0.0});
    EXPECT_EQ(straight.destination, (Vec3{30.5, 1.5, 0.0}));
    EXPECT_TRUE(straight.seed.reach);
    EXPECT_EQ(straight.seed.heat, nullptr);
    const Picked flood = pick(memory, lv.space, 27.5, {3.5, 1.5, 0.0}, {1.0, 0.0, 0.0});
    EXPECT_EQ(flood.destination, (Vec3{24.5, 1.5, 0.0}));
    EXPECT_EQ(flood.stop, chase::StopReason::exhausted);
    EXPECT_TRUE(flood.seed.reach);
    EXPECT_EQ(flood.seed.heat, &memory.shot);
    EXPECT_EQ(flood.seed.heat_weight, 0.1);
}

// corridor_into_room (the chapter's Figure 6, left): seen at (8.5, 12.5) running east, dead reckoning's line
// crosses the room to its east wall, (38.5, 12.5): 30 cells. With 30 the NPC runs there; with 30.5 (or 0,
// never) it takes the flood's destination, and the flood, stopped as too_many_heated in the room's mouth,
// adds no heat to the search.
TEST(SearchSeed, InterceptIntoTheRoom) {
    const Level lv("corridor_into_room");
    detail::ChaseMemory memory;
    EXPECT_EQ(pick(memory, lv.space, 30.0, {8.5, 12.5, 0.0}, {1.0, 0.0, 0.0}).destination,
              (Vec3{38.5, 12.5, 0.0}));
    for (const double cells : {30.5, 0.0}) {
        const Picked p = pick(memory, lv.space, cells, {8.5, 12.5, 0.0}, {1.0, 0.0, 0.0});
        EXPECT_EQ(p.stop, chase::StopReason::too_many_heated);
        EXPECT_EQ(p.destination, memory.shot.result().destination);
        EXPECT_TRUE(p.seed.reach);
        EXPECT_EQ(p.seed.heat, nullptr);
    }
}

}  // namespace
}  // namespace kinema::pursuit
