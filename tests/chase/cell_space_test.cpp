// Cell spaces: the grid's cells, ids, centres and neighbours (spec "Inputs"), plain graph spaces, seed
// snapping.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::chase {
namespace {

std::vector<CellId> sorted(std::span<const CellId> s) {
    std::vector<CellId> v(s.begin(), s.end());
    std::sort(v.begin(), v.end());
    return v;
}

// ids (row-major over passable tiles):
//   . . #      0 1 -
//   . . .      2 3 4
//   # . .      - 5 6
TEST(GridSpaceTest, IdsCentresAndNoCornerCutting) {
    const levels::GridLevel level = levels::parse_ascii_level("..#\n...\n#..\n", "t");
    const GridSpace g(level, {Connectivity::eight, 2.0});
    ASSERT_EQ(g.cells().size(), 7u);
    EXPECT_EQ(g.tile_of(3), (Tile{1, 1}));
    EXPECT_EQ(g.cell_at(2, 0), no_cell);
    EXPECT_EQ(g.cell_at(-1, 0), no_cell);
    EXPECT_EQ(g.cells().position(4), (Vec3{5.0, 3.0, 0.0}));  // ((2 + 0.5) * 2, (1 + 0.5) * 2)
    EXPECT_EQ(sorted(g.cells().neighbours(3)), (std::vector<CellId>{0, 1, 2, 4, 5, 6}));
    // Cell 1 (1,0) to 4 (2,1): orthogonal (2,0) is a wall -> no diagonal.
    EXPECT_EQ(sorted(g.cells().neighbours(1)), (std::vector<CellId>{0, 2, 3}));
    // Cell 2 (0,1) to 5 (1,2): (0,2) is a wall -> no diagonal.
    EXPECT_EQ(sorted(g.cells().neighbours(2)), (std::vector<CellId>{0, 1, 3}));
    const GridSpace g4(level, {Connectivity::four, 1.0});
    EXPECT_EQ(sorted(g4.cells().neighbours(3)), (std::vector<CellId>{1, 2, 4, 5}));
    // Padded copies: stride 8 (8-connected) and 4 (4-connected), filler id = number of cells.
    ASSERT_EQ(g.cells().padded_stride(), 8u);
    const auto padded = g.cells().padded_neighbour_ids();
    EXPECT_EQ(std::vector<CellId>(padded.begin() + 8, padded.begin() + 16),
              (std::vector<CellId>{0, 2, 3, 7, 7, 7, 7, 7}));  // cell 1: neighbours 0, 2, 3, then filler 7
    EXPECT_EQ(g4.cells().padded_stride(), 4u);
}

// tile_of selects the k-th floor bit of a word (broadword, grid_cells.cpp): every tile of grids whose words
// hold 0 to 64 floor tiles (an eighth of the tiles floor up to all of them), against the row-major count.
TEST(GridSpaceTest, TileOfIsTheInverseOfCellAt) {
    std::uint64_t x = 0x9E3779B97F4A7C15ull;
    for (int density = 1; density <= 8; ++density) {
        levels::GridLevel level;
        level.width = 67;  // words straddle rows
        level.height = 23;
        level.passable.assign(static_cast<std::size_t>(level.width * level.height), 0);
        for (auto& p : level.passable) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            p = static_cast<std::uint8_t>(static_cast<int>(x % 8) < density);
        }
        const GridSpace g(level, {Connectivity::eight, 1.0});
        CellId next = 0;
        for (int row = 0; row < level.height; ++row) {
            for (int col = 0; col < level.width; ++col) {
                if (level.passable[static_cast<std::size_t>(row * level.width + col)] == 0) {
                    continue;
                }
                ASSERT_EQ(g.cell_at(col, row), next);
                ASSERT_EQ(g.tile_of(next), (Tile{col, row}));
                ++next;
            }
        }
        EXPECT_EQ(g.cells().size(), next);
    }
}

// tile_of starts from the word holding every 256th cell (grid_cells.cpp): grids of thousands of cells, with
// rows of walls thousands of tiles long between floor (anchors far apart) and dense rooms (anchors in
// neighbouring words), against the row-major count.
TEST(GridSpaceTest, TileOfAcrossManyAnchorsAndLongWalls) {
    levels::GridLevel level;
    level.width = 311;
    level.height = 97;
    level.passable.assign(static_cast<std::size_t>(level.width * level.height), 0);
    std::uint64_t x = 0x2545F4914F6CDD1Dull;
    for (int row = 0; row < level.height; ++row) {
        for (int col = 0; col < level.width; ++col) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            const bool room = row < 20 || (row >= 60 && col < 40);  // dense; rows 20-59 mostly wall
            const bool post = row >= 20 && row < 60 && x % 997 == 0;
            level.passable[static_cast<std::size_t>(row * level.width + col)] =
                (room && x % 5 != 0) || post ? 1 : 0;
        }
    }
    const GridSpace g(level);
    ASSERT_GT(g.cells().size(), 256u * 20);
    CellId next = 0;
    for (int row = 0; row < level.height; ++row) {
        for (int col = 0; col < level.width; ++col) {
            if (g.cell_at(col, row) != no_cell) {
                ASSERT_EQ(g.tile_of(next), (Tile{col, row})) << next;
                ++next;
            }
        }
    }
    EXPECT_EQ(g.cells().size(), next);
}

TEST(GridSpaceTest, LocateAndSnap) {
    const levels::GridLevel level = levels::parse_ascii_level("..#\n...\n#..\n", "t");
    const GridSpace g(level);
    EXPECT_EQ(g.locate({1.0, 1.0}).cell, 3u);  // a tile corner belongs to the tile to its lower right
    EXPECT_FALSE(g.locate({1.0, 1.0}).snapped);
    // The centre of the wall tile (2,0) is exactly 1 from cell 1 (1.5, 0.5) and cell 4 (2.5, 1.5), farther
    // from the rest: a tie, so the lower id wins.
    const SeedLocation tie = g.locate({2.5, 0.5});
    EXPECT_TRUE(tie.snapped);
    EXPECT_EQ(tie.cell, 1u);
    // Far outside: nearest is cell 6 at (2.5, 2.5).
    EXPECT_EQ(g.locate({100.0, 100.0}).cell, 6u);
    EXPECT_TRUE(g.locate({-1e300, 0.0}).snapped);
    // So far that every squared distance overflows to inf ("seed cell 4294967295"): still a cell.
    EXPECT_LT(g.locate({1e155, 0.0}).cell, g.cells().size());
    EXPECT_THROW(g.locate({std::nan(""), 0.0}), std::invalid_argument);
}

TEST(GridSpaceTest, RejectsBadSettings) {
    const levels::GridLevel level = levels::parse_ascii_level("..\n", "t");
    EXPECT_THROW(GridSpace(level, {Connectivity::eight, 0.0}), SettingsError);
    EXPECT_THROW(GridSpace(level, {static_cast<Connectivity>(6), 1.0}), SettingsError);
}

// A plain graph in Y-up coordinates (xz is the horizontal plane): a chain 0-1-2-3 along x with a height
// change.
TEST(CellSpaceTest, GraphSpaceRunsTheSameFlood) {
    const std::vector<Vec3> positions{{0, 0, 0}, {1, 5, 0}, {2, 0, 0}, {3, 0, 0}};
    const std::vector<std::vector<CellId>> adjacency{{1}, {0, 2}, {1, 3}, {2}};
    const CellSpace space = CellSpace::from_adjacency(positions, adjacency, PlanarFrame::xz, 1.0);
    EXPECT_EQ(space.planar_position(1), (Vec2{1.0, 0.0}));
    EXPECT_EQ(space.planar(Vec3{1, 2, 3}), (Vec2{1.0, 3.0}));
    // The space keeps the frame it was built with; a grid's space and a default graph are xy.
    EXPECT_EQ(space.frame(), PlanarFrame::xz);
    EXPECT_EQ(CellSpace::from_adjacency(positions, adjacency).frame(), PlanarFrame::xy);
    FloodSettings settings;
    settings.hot = 3;
    Flood flood(settings);
    flood.start(space, CellId{1}, Vec2{1.0, 0.0});  // running +x: cell 0 is barrier
    EXPECT_EQ(flood.value(0), barrier_value);
    const FloodResult r = flood.run();
    // Step 1 heats 2, step 2 heats 3, step 3 empty. Values: 1 -> 1, 2 -> 2, 3 -> 3. Centroid over world
    // positions: x = (1 + 4 + 9) / 6 = 7/3, y = 5 / 6: nearest centre is cell 2 (2, 0, 0).
    EXPECT_EQ(r.steps, 2);
    EXPECT_DOUBLE_EQ(r.centroid.x, 14.0 / 6.0);
    EXPECT_DOUBLE_EQ(r.centroid.y, 5.0 / 6.0);
    EXPECT_EQ(r.destination_cell, 2u);
    EXPECT_EQ(nearest_cell(space, {2.9, 0.0, 0.0}).cell, 3u);
    EXPECT_TRUE(nearest_cell(space, {2.9, 0.0, 0.0}).snapped);
    EXPECT_FALSE(nearest_cell(space, {3.0, 0.0, 0.0}).snapped);
}

TEST(CellSpaceTest, RejectsBadGraphs) {
    EXPECT_THROW(CellSpace::from_adjacency({{0, 0, 0}}, {{1}}), std::invalid_argument);  // id out of range
    EXPECT_THROW(CellSpace::from_adjacency({{0, 0, 0}}, {{0}}), std::invalid_argument);  // self neighbour
    EXPECT_THROW(CellSpace::from_adjacency({{0, 0, 0}}, {{}, {}}), std::invalid_argument);
    EXPECT_THROW(CellSpace::from_csr({{0, 0, 0}}, {0, 1}, {}), std::invalid_argument);
    EXPECT_THROW(CellSpace::from_adjacency({{std::nan(""), 0, 0}}, {{}}), std::invalid_argument);
    EXPECT_THROW(CellSpace::from_adjacency({{0, 0, 0}}, {{}}, PlanarFrame::xy, 0.0), std::invalid_argument);
}

}  // namespace
}  // namespace kinema::chase
