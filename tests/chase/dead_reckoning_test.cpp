// Dead reckoning (spec "Beyond"): line of sight along the direction, stopping before the first blocked tile.
#include <gtest/gtest.h>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::chase {
namespace {

GridSpace grid_of(const char* text, double cell_size = 1.0) {
    return GridSpace(levels::parse_ascii_level(text, "test"), {Connectivity::eight, cell_size});
}

TEST(DeadReckoning, StopsBeforeTheFirstWall) {
    // Floor columns 0..5 of row 1, wall at column 6.
    const GridSpace g = grid_of("########\n......##\n########\n");
    const DeadReckoningResult r = dead_reckoning(g, {0.5, 1.5}, {2.0, 0.0}, 100.0);
    EXPECT_TRUE(r.blocked);
    EXPECT_EQ(g.tile_of(r.cell), (Tile{5, 1}));
    EXPECT_EQ(r.position, (Vec2{5.5, 1.5}));
    EXPECT_EQ(r.end_point, (Vec2{6.0, 1.5}));  // where the segment meets the wall
}

TEST(DeadReckoning, EndsInsideWhenTheDistanceRunsOut) {
    const GridSpace g = grid_of("......\n");
    // From x = 0.5 for 2.25 units: end point x = 2.75, in tile 2.
    const DeadReckoningResult r = dead_reckoning(g, {0.5, 0.5}, {1.0, 0.0}, 2.25);
    EXPECT_FALSE(r.blocked);
    EXPECT_EQ(g.tile_of(r.cell), (Tile{2, 0}));
    EXPECT_DOUBLE_EQ(r.end_point.x, 2.75);
}

TEST(DeadReckoning, DiagonalThroughACutCornerIsBlocked) {
    // Going down-right from (0.5, 0.5) passes exactly through the corner (1, 1); tile (1,0) is a wall, so the
    // diagonal step is a cut corner and the segment stops in tile (0, 0).
    const GridSpace g = grid_of(".#.\n...\n...\n");
    const DeadReckoningResult r = dead_reckoning(g, {0.5, 0.5}, {1.0, 1.0}, 10.0);
    EXPECT_TRUE(r.blocked);
    EXPECT_EQ(g.tile_of(r.cell), (Tile{0, 0}));
    // Open corner: the segment runs to the far corner tile (2, 2) and leaves the grid there.
    const GridSpace open = grid_of("...\n...\n...\n");
    const DeadReckoningResult r2 = dead_reckoning(open, {0.5, 0.5}, {1.0, 1.0}, 10.0);
    EXPECT_TRUE(r2.blocked);
    EXPECT_EQ(open.tile_of(r2.cell), (Tile{2, 2}));
    EXPECT_DOUBLE_EQ(r2.end_point.x, 3.0);
}

TEST(DeadReckoning, CellSizeScalesWorldUnits) {
    const GridSpace g = grid_of("....#\n", 2.0);
    const DeadReckoningResult r = dead_reckoning(g, {1.0, 1.0}, {1.0, 0.0}, 100.0);
    EXPECT_EQ(g.tile_of(r.cell), (Tile{3, 0}));
    EXPECT_EQ(r.position, (Vec2{7.0, 1.0}));
    EXPECT_DOUBLE_EQ(r.end_point.x, 8.0);
}

TEST(DeadReckoning, StartOnAWallSnapsAndZeroDirectionStays) {
    const GridSpace g = grid_of("#...\n");
    const DeadReckoningResult r = dead_reckoning(g, {0.2, 0.5}, {0.0, 0.0}, 5.0);
    EXPECT_TRUE(r.start_snapped);
    EXPECT_EQ(g.tile_of(r.cell), (Tile{1, 0}));
    EXPECT_FALSE(r.blocked);
    EXPECT_THROW(dead_reckoning(g, {1.5, 0.5}, {1.0, 0.0}, -1.0), std::invalid_argument);
    EXPECT_THROW(dead_reckoning(g, {1.5, 0.5}, {std::nan(""), 0.0}, 1.0), std::invalid_argument);
}

}  // namespace
}  // namespace kinema::chase
