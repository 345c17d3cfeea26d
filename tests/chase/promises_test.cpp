// The behaviour Couvidou's Dishonored 2 chase chapter promises (chase-flood-spec.md, "Behaviour the chapter
// promises"), on our own levels in data/levels. Tile coordinates below are the ones drawn in those files.
#include <gtest/gtest.h>

#include "chase_levels.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"

namespace kinema::chase {
namespace {

using testing::marked_seed;
using testing::our_level;

struct MarkedRun {
    levels::GridLevel level;
    GridSpace grid;
    FloodResult result;
};

MarkedRun run_marked(const std::string& name, FloodSettings settings = {}) {
    levels::GridLevel level = our_level(name);
    GridSpace grid(level);
    const auto seed = marked_seed(level, grid);
    EXPECT_FALSE(seed.location.snapped);
    const FloodResult r = run_flood(grid.cells(), seed.location, seed.direction, settings);
    return {std::move(level), std::move(grid), r};
}

// Figure 5 left. Seed (16,8) running north up a 1-wide stem; junction (16,2); branches of 15 tiles each side.
// Step j heats (16, 8 - j) for j = 1..6 (the junction at j = 6), then (16 -+ (j - 6), 2) for j = 7..21; step
// 22 finds nothing: 21 steps. Warm = heated at j >= 2: the branches (values 6..20 per side, 390 in total),
// the junction (5) and the stem rows 3..6 (4, 3, 2, 1). Centroid y = (395 * 2.5 + 4 * 3.5 + 3 * 4.5 + 2 * 5.5
// + 6.5) / 405 = 2.549, x = 16.5 by symmetry: the nearest heated centre is the junction's (16.5, 2.5).
TEST(ChapterPromises, EqualTJunctionPutsDestinationAtTheJunction) {
    const MarkedRun run = run_marked("t_junction_equal");
    EXPECT_EQ(run.result.stop_reason, StopReason::exhausted);
    EXPECT_EQ(run.result.steps, 21);
    EXPECT_NEAR(run.result.centroid.x, 16.5, 1e-9);
    EXPECT_NEAR(run.result.centroid.y, (395 * 2.5 + 4 * 3.5 + 3 * 4.5 + 2 * 5.5 + 6.5) / 405.0, 1e-12);
    EXPECT_EQ(run.grid.tile_of(run.result.destination_cell), (Tile{16, 2}));
}

// Figure 5 right. West branch 3 tiles (dead end at column 13), east branch 25 tiles (to column 41). The east
// front reaches column 41 at step 6 + 25 = 31; step 32 is empty. Warm cells are heated at j >= 12: columns
// 22..41 with values 1..20 (the dead end, heated at steps 7..9, has cooled to 0): the centroid is at
// x = 21.5 + sum(i^2) / sum(i) = 21.5 + 2870 / 210 = 35.17, and the destination is column 35 of the east
// branch.
TEST(ChapterPromises, ShortDeadEndLosesToLongBranch) {
    const MarkedRun run = run_marked("t_junction_unequal");
    EXPECT_EQ(run.result.stop_reason, StopReason::exhausted);
    EXPECT_EQ(run.result.steps, 31);
    EXPECT_EQ(run.result.warm_cells, 20u);
    EXPECT_DOUBLE_EQ(run.result.centroid.x, 21.5 + 2870.0 / 210.0);
    EXPECT_DOUBLE_EQ(run.result.centroid.y, 2.5);
    EXPECT_EQ(run.grid.tile_of(run.result.destination_cell), (Tile{35, 2}));
}

// Figure 6 left: the heat enters the room at step 8 (column 11) and the front grows by about two cells a step
// on each side; it passes M_H = 25 long before M_S, close to the entrance.
TEST(ChapterPromises, WideRoomStopsEarlyNearTheEntrance) {
    const MarkedRun run = run_marked("corridor_into_room");
    EXPECT_EQ(run.result.stop_reason, StopReason::too_many_heated);
    EXPECT_LT(run.result.steps, 20);
    const Tile dest = run.grid.tile_of(run.result.destination_cell);
    // The room spans columns 11..38; the destination stays within a few tiles of the door (11, 12).
    EXPECT_GE(dest.col, 8);
    EXPECT_LE(dest.col, 16);
    EXPECT_GE(dest.row, 9);
    EXPECT_LE(dest.row, 15);
}

// Figure 6 right: in a corridor 3 wide every step heats 3 cells (the first also the two tiles beside the
// seed), so the flood runs to M_S. Step j heats column 2 + j; warm = steps 21..40 = columns 23..42 with
// values 1..20, centroid x = 22.5 + 2870 / 210 = 36.17, y = 2.5 (rows 1..3 equally weighted): destination
// (36, 2).
TEST(ChapterPromises, LongCorridorRunsToMaxSteps) {
    const MarkedRun run = run_marked("long_corridor");
    EXPECT_EQ(run.result.stop_reason, StopReason::max_steps);
    EXPECT_EQ(run.result.steps, 40);
    EXPECT_EQ(run.result.heated_cells, 1u + 2u + 3u * 40u);
    EXPECT_EQ(run.result.warm_cells, 60u);
    EXPECT_NEAR(run.result.centroid.x, 22.5 + 2870.0 / 210.0, 1e-12);
    EXPECT_NEAR(run.result.centroid.y, 2.5, 1e-12);
    EXPECT_EQ(run.grid.tile_of(run.result.destination_cell), (Tile{36, 2}));
    // The chapter's difficulty levels shorten the chase: level 1 (M_S = 20) stops at column 2 + 20 - 6 or so.
    const MarkedRun easy = run_marked("long_corridor", FloodSettings::difficulty(1));
    EXPECT_EQ(easy.result.steps, 20);
    EXPECT_LT(easy.grid.tile_of(easy.result.destination_cell).col, 36);
}

// Figure 4 / Figure 1: dead reckoning from (3.5, 2.5) east stops at the east wall (column 19), on tile (18,
// 2); the flood turns the corner and sends the NPC down the south corridor (rows 4..30).
TEST(ChapterPromises, CornerFloodFollowsCorridorWhereDeadReckoningStops) {
    const MarkedRun run = run_marked("corner");
    const Tile dest = run.grid.tile_of(run.result.destination_cell);
    EXPECT_GE(dest.row, 4);
    EXPECT_GE(dest.col, 16);
    const DeadReckoningResult dr =
        dead_reckoning(run.grid, run.level.seed->position, run.level.seed->direction,
                       default_dead_reckoning_distance(40, 1.0));
    EXPECT_TRUE(dr.blocked);
    EXPECT_EQ(run.grid.tile_of(dr.cell), (Tile{18, 2}));
    EXPECT_DOUBLE_EQ(dr.end_point.x, 19.0);
    EXPECT_GT(dest.row, 2 + 10);  // well past the corner, not at the wall
}

// The default level is the corner level.
TEST(ChapterPromises, DefaultLevelIsTheCorner) {
    const levels::GridLevel level = levels::default_level();
    EXPECT_EQ(level.name, "corner");
    ASSERT_TRUE(level.seed.has_value());
    EXPECT_EQ(level.seed->position, (Vec2{3.5, 2.5}));
}

// Figure 7: the side exit at column 6 (rows 1..4, and the room on row 1) lies behind the player running east
// from (8, 5); the barrier fills the corridor behind the player, so the exit is never heated. Without a
// direction (no barrier) the same flood explores it.
TEST(ChapterPromises, BarrierBlocksSideExitBehindThePlayer) {
    const levels::GridLevel level = our_level("side_exit_behind");
    const GridSpace grid(level);
    const auto seed = marked_seed(level, grid);
    Flood flood;
    flood.start(grid.cells(), seed.location, seed.direction);
    flood.run();
    for (int row = 1; row <= 4; ++row) {
        EXPECT_NE(flood.state(grid.cell_at(6, row)), CellState::heated) << "row " << row;
    }
    flood.start(grid.cells(), seed.location, Vec2{0.0, 0.0});
    flood.run();
    for (int row = 1; row <= 4; ++row) {
        EXPECT_EQ(flood.state(grid.cell_at(6, row)), CellState::heated) << "row " << row;
    }
}

// "In a corridor at most 3 cells wide, no cell behind the seed's barrier row is heated": every seed of the
// 3-wide corridor, running east or west, and the 3-wide south leg of the corner running south or north.
TEST(ChapterPromises, NoHeatBehindTheBarrierRowInNarrowCorridors) {
    const levels::GridLevel level = our_level("long_corridor");
    const GridSpace grid(level);
    Flood flood;
    for (CellId c = 0; c < grid.cells().size(); ++c) {
        const Tile seed = grid.tile_of(c);
        for (const double sx : {1.0, -1.0}) {
            flood.start(grid.cells(), c, Vec2{sx, 0.0});
            flood.run();
            for (const CellId h : flood.heated_cells()) {
                const Tile t = grid.tile_of(h);
                EXPECT_GE(sx * (t.col - seed.col), -1) << "seed " << seed.col << "," << seed.row;
            }
        }
    }
    const levels::GridLevel corner = our_level("corner");
    const GridSpace corner_grid(corner);
    for (int row = 6; row <= 28; ++row) {
        for (int col = 16; col <= 18; ++col) {
            for (const double sy : {1.0, -1.0}) {
                flood.start(corner_grid.cells(), corner_grid.cell_at(col, row), Vec2{0.0, sy});
                flood.run();
                for (const CellId h : flood.heated_cells()) {
                    EXPECT_GE(sy * (corner_grid.tile_of(h).row - row), -1) << col << "," << row;
                }
            }
        }
    }
}

}  // namespace
}  // namespace kinema::chase
