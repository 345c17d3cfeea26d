// The memory of one pursuit on a large open grid: it counts every global operator new, so it
// has a binary of its own.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "allocation_counter.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "pursuer_replay.hpp"
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

levels::GridLevel open_map(int side) {
    std::string text =
        "type octile\nheight " + std::to_string(side) + "\nwidth " + std::to_string(side) + "\nmap\n";
    for (int row = 0; row < side; ++row) {
        text += std::string(static_cast<std::size_t>(side), '.') + "\n";
    }
    return levels::parse_moving_ai_map(text, "open.map");
}

// The player outruns the NPC's view on an open 256 x 256 map; the NPC chases the flood's destination, then
// searches until --max-time. What the pursuit allocates per cell: the planar positions (16 bytes) and padded
// neighbour lists (32) of the grid's cells, the search's neighbour counts (1: 1/count from a table of the
// same doubles, at most 8 neighbours on a grid; an 8-byte inverse before) and buckets (4 + 4), the planner's
// costs, heuristics and parents (20, of which only the cells a plan reaches are ever written), the log of
// cleared cells (16, reserved), the result's occupancy (8) and the flood's heat (4), and the seeds' and
// frames' small change: 119 bytes measured (126 with the 8-byte inverse). Before, the grid's world positions
// and CSR lists (60 bytes a cell) were built too, and the search's three occupancy arrays (24) and the
// planner's marks (4) came from operator new: 200 bytes a cell (214 measured; a 4096 x 4096 map: 2.7 GB
// resident for a 10 s pursuit).
TEST(PursuitMemory, ALargeOpenGridCostsOnlyWhatTheSearchAndPathsUse) {
    const test::PursuitLevel lv(open_map(256));
    PursuitScenario s;
    s.route = {{100.5, 100.5}, {250.5, 100.5}};
    s.npc = {95.5, 100.5};
    PursuitConfig config;
    config.settings.player_speed = 20.0;
    config.settings.view_range = 10.0;
    config.settings.max_time = 10.0;
    const long long before = test::allocated_bytes();
    const PursuitResult r = run_pursuit(lv.space, s, config);
    const long long bytes = test::allocated_bytes() - before;
    ASSERT_FALSE(r.occupancy.empty());  // it searched
    const auto cells = static_cast<long long>(lv.grid.cells().size());
    EXPECT_LE(bytes, 121 * cells) << bytes / cells << " bytes a cell";
}

// A runtime pursuer allocates nothing per update once warmed up: ticked through a whole recorded pursuit
// (engage, chase, search; stimuli) once, reset, then ticked through it again, for every strategy and with the
// flood time-sliced. The first pass grows the floods, the search's arrays and the event buffer.
TEST(PursuerMemory, NoAllocationPerUpdateAfterWarmUp) {
    const test::PursuitLevel lv("corner");
    ChasePursuitSpace space(lv.space);
    PursuitScenario sc = test::corner_scenario();
    sc.stimuli = {{3.0, {17.5, 20.5}}, {4.0, {17.5, 21.5}}};
    int searched = 0;
    for (const int slice : {0, 3}) {
        for (const Strategy s : all_strategies) {
            SCOPED_TRACE(std::string(to_string(s)) + " slice " + std::to_string(slice));
            PursuitConfig config = test::corner_config(s);
            config.settings.search_time = 10.0;
            const PursuitResult run = run_pursuit(lv.space, sc, config);
            PursuerSettings settings = pursuer_settings(config.settings);
            settings.flood_steps_per_tick = slice;
            Pursuer pursuer(space, settings, config.flood);
            test::PursuerReplay out;
            test::replay(pursuer, space.frame(), sc, config.settings, run, out);
            const long before = test::allocation_count();
            test::replay(pursuer, space.frame(), sc, config.settings, run, out);
            EXPECT_EQ(test::allocation_count() - before, 0) << run.frames.size() << " updates";
            EXPECT_EQ(out.states.size(), run.frames.size());
            searched += std::count(out.states.begin(), out.states.end(), NpcState::search) > 0 ? 1 : 0;
        }
    }
    EXPECT_GE(searched, 6);  // the search ran in most of the ten replays
}

}  // namespace
}  // namespace kinema::pursuit
