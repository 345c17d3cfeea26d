// Dead reckoning (spec "Beyond"): line of sight along the direction, stopping before the first blocked tile.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

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

// traverse_grid is dead_reckoning's walk alone: the first case above by hand, then both on many segments
// (the pursuit's lines of sight rely on the two agreeing bit for bit).
TEST(TraverseGrid, StopsBeforeTheFirstWall) {
    const GridSpace g = grid_of("########\n......##\n########\n");
    const GridTraversal r = traverse_grid(g, {0.5, 1.5}, {0, 1}, {1.0, 0.0}, 100.0);
    EXPECT_TRUE(r.blocked);
    EXPECT_EQ(r.tile, (Tile{5, 1}));
    EXPECT_EQ(r.end_point, (Vec2{6.0, 1.5}));
}

TEST(TraverseGrid, AgreesWithDeadReckoningBitForBit) {
    const GridSpace g = grid_of(
        "..........\n"
        "..##....#.\n"
        "..#.......\n"
        "......##..\n"
        ".#........\n"
        "....#...#.\n");
    // A fixed pseudo-random walk of segments (a linear congruential generator: the same cases every run).
    std::uint64_t state = 12345;
    const auto next = [&state] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) / 9007199254740992.0;  // [0, 1)
    };
    int compared = 0;
    for (int i = 0; i < 5000; ++i) {
        const Vec2 a{next() * 10.0, next() * 6.0};
        const Vec2 b{next() * 10.0, next() * 6.0};
        const Tile tile = g.tile_containing(a);
        const Vec2 d = b - a;
        const double len = length(d);
        if (!g.passable(tile.col, tile.row) || len == 0.0) {
            continue;
        }
        const DeadReckoningResult dr = dead_reckoning(g, a, d, len);
        const GridTraversal tr = traverse_grid(g, a, tile, d / len, len);
        ASSERT_EQ(tr.blocked, dr.blocked) << i;
        ASSERT_EQ(g.cell_at(tr.tile), dr.cell) << i;
        ASSERT_EQ(tr.end_point, dr.end_point) << i;
        ++compared;
    }
    EXPECT_GT(compared, 3000);
}

}  // namespace
}  // namespace kinema::chase
