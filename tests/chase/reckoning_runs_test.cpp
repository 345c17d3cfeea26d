// Dead reckoning from every tile centre at once (reckoning_runs.hpp) against dead_reckoning's own walk, tile
// by tile: our levels, random grids, the shared maps, the audit's directions, cell sizes and distances.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/reckoning_runs.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace kinema::chase {
namespace {

using testing::our_level;
using testing::random_level;

// For every cell and direction the table covers, the tile it gives is the walk's; returns how many it
// covered.
std::size_t expect_walks(const GridSpace& grid, int directions, double distance) {
    std::size_t covered = 0;
    for (int k = 0; k < directions; ++k) {
        const Vec2 d = audit_direction(k, directions);
        const ReckoningRuns runs(grid, d, distance);
        for (CellId c = 0; c < grid.cells().size(); ++c) {
            const Tile t = grid.tile_of(c);
            const Vec2 centre = grid.tile_centre(t);
            if (!runs.covers(centre, t)) {
                continue;
            }
            ++covered;
            const DeadReckoningResult walk = dead_reckoning(grid, centre, d, distance);
            if (grid.tile_centre(runs.end_tile(t)) != walk.position) {
                ADD_FAILURE() << "cell " << c << " at (" << t.col << ", " << t.row << "), direction " << k
                              << " of " << directions << ", distance " << distance;
                return covered;
            }
        }
    }
    return covered;
}

TEST(ReckoningRuns, EveryCellsWalkOnOurLevelsAndRandomGrids) {
    std::vector<levels::GridLevel> levels;
    for (const char* name : {"corner", "warehouse_loop", "corridor_into_room", "t_junction_equal"}) {
        levels.push_back(our_level(name));
    }
    std::mt19937 random(7);
    for (int i = 1; i <= 4; ++i) {
        levels.push_back(random_level(random, 37, 23, 0.1 * i));
    }
    for (const levels::GridLevel& level : levels) {
        for (const double size : {1.0, 0.5, 2.0}) {
            for (const Connectivity connectivity : {Connectivity::eight, Connectivity::four}) {
                const GridSpace grid(level, {connectivity, size});
                // The audit's distance (40 tiles), one that ends inside a tile, and a few tiles.
                for (const double tiles : {40.0, 7.3, 2.0}) {
                    // Eight directions: every cell is covered (the cell size is a power of two).
                    EXPECT_EQ(expect_walks(grid, 8, tiles * size), 8 * grid.cells().size());
                    // Sixteen: the eight between them are no single move and are walked.
                    EXPECT_EQ(expect_walks(grid, 16, tiles * size), 8 * grid.cells().size());
                }
            }
        }
    }
}

TEST(ReckoningRuns, OnlyDirectionsOfOneRepeatedMoveMakeATable) {
    const GridSpace grid(our_level("corner"));
    EXPECT_TRUE(ReckoningRuns(grid, {1.0, 0.0}, 40.0).usable());
    EXPECT_TRUE(ReckoningRuns(grid, audit_direction(1, 8), 40.0).usable());  // the exact diagonal
    EXPECT_FALSE(ReckoningRuns(grid, audit_direction(1, 16), 40.0).usable());
    EXPECT_FALSE(ReckoningRuns(grid, {1.0, 0.0}, 0.0).usable());  // no walk
    EXPECT_FALSE(ReckoningRuns(grid, {0.0, 0.0}, 40.0).usable());
    EXPECT_FALSE(ReckoningRuns(grid, {1.0, 0.0}, 1e9).usable());  // more moves than a table holds
}

TEST(ReckoningRuns, ACellSizeThatIsNoPowerOfTwoIsCoveredOnlyWhereTheCentreIsExact) {
    const GridSpace grid(our_level("warehouse_loop"), {Connectivity::eight, 0.1});
    // Some centres divide back to col + 0.5 exactly and some do not; the covered ones are the walk's.
    const std::size_t covered = expect_walks(grid, 8, 4.0);
    EXPECT_GT(covered, 0u);
    EXPECT_LT(covered, 8 * grid.cells().size());
}

std::string shared_map(const std::string& name) {
    return std::string(KINEMA_SHARED_DATA_DIR) + "/maps/" + name + ".map";
}

TEST(ReckoningRuns, EveryCellsWalkOnSharedMaps) {
    if (!std::filesystem::exists(shared_map("arena"))) {
        GTEST_SKIP() << "no shared maps in " << KINEMA_SHARED_DATA_DIR << " (set KINEMA_SHARED_DATA_DIR)";
    }
    for (const char* name : {"arena", "maze-32-32-2", "random-32-32-10", "room-64-64-8", "den520d"}) {
        SCOPED_TRACE(name);
        const GridSpace grid(levels::load_moving_ai_map(shared_map(name)));
        EXPECT_EQ(expect_walks(grid, 8, 40.0), 8 * grid.cells().size());
    }
}

}  // namespace
}  // namespace kinema::chase
