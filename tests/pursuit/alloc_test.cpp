// The memory of one pursuit on a large open grid: it counts every global operator new, so it
// has a binary of its own.
#include <gtest/gtest.h>

#include <string>

#include "allocation_counter.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/pursuit/pursuit.hpp"
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
// searches until --max-time. What the pursuit allocates per cell: the planar positions (16 bytes) and
// padded neighbour lists (32) of the grid's cells, the search's inverse degrees (8) and buckets (4 + 4),
// the planner's costs, heuristics and parents (20, of which only the cells a plan reaches are ever
// written), the log of cleared cells (16, reserved), the result's occupancy (8) and the flood's heat (4),
// and the seeds' and frames' small change: 126 bytes measured. Before, the grid's world positions and CSR
// lists (60 bytes a cell) were built too, and the search's three occupancy arrays (24) and the planner's
// marks (4) came from operator new: 200 bytes a cell (214 measured; a 4096 x 4096 map: 2.7 GB resident for a
// 10 s pursuit).
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
    EXPECT_LE(bytes, 140 * cells) << bytes / cells << " bytes a cell";
}

// The search's neighbour counts are one byte a cell on a grid (at most 8 neighbours: 1/count from a table of
// the same doubles), not an 8-byte inverse: the same pursuit allocates 7 bytes a cell less than the 126
// measured above.
TEST(PursuitMemory, TheSearchKeepsOneByteOfDegreeACell) {
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
    ASSERT_FALSE(r.occupancy.empty());
    const auto cells = static_cast<long long>(lv.grid.cells().size());
    EXPECT_LE(bytes, 121 * cells) << bytes / cells << " bytes a cell";
}

}  // namespace
}  // namespace kinema::pursuit
