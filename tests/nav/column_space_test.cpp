// ColumnSpace built from hand-made spans: positions, the step rule (climb, clearance), 8 directions without
// corner cutting, stacked floors, locate().
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "kinema/nav/column_space.hpp"

namespace {

using kinema::Vec3;
using kinema::nav::CellCoord;
using kinema::nav::CellId;
using kinema::nav::ColumnGrid;
using kinema::nav::ColumnSpace;
using kinema::nav::Span;
using kinema::nav::StepRule;

ColumnGrid unit_grid(int width, int depth) {
    ColumnGrid grid;
    grid.origin = {10.0, -1.0, 20.0};
    grid.cell_size = 1.0;
    grid.cell_height = 0.25;
    grid.width = width;
    grid.depth = depth;
    return grid;
}

std::vector<CellCoord> neighbour_coords(const ColumnSpace& space, CellId cell) {
    std::vector<CellCoord> out;
    for (CellId n : space.neighbours(cell)) {
        out.push_back(space.coord(n));
    }
    return out;
}

CellId at(const ColumnSpace& space, int x, int y, int z) {
    const auto cell = space.find({x, y, z});
    EXPECT_TRUE(cell.has_value()) << x << "," << y << "," << z;
    return cell.value_or(0);
}

TEST(ColumnSpace, PositionsAreColumnCentresAtFloorHeight) {
    const ColumnSpace space = ColumnSpace::from_spans(unit_grid(3, 2), {{2, 1, 8, 20}}, StepRule{});
    ASSERT_EQ(space.size(), 1u);
    // origin + ((x + 0.5) * 1, y * 0.25, (z + 0.5) * 1) = (10 + 2.5, -1 + 2, 20 + 1.5).
    EXPECT_EQ(space.position(0), (Vec3{12.5, 1.0, 21.5}));
    EXPECT_EQ(space.planar_position(0).x, 12.5);
    EXPECT_EQ(space.planar_position(0).y, 21.5);
}

TEST(ColumnSpace, IdsFollowColumnsThenHeightWhateverTheInputOrder) {
    const ColumnSpace space = ColumnSpace::from_spans(
        unit_grid(2, 2), {{1, 1, 40, 10}, {0, 0, 0, 10}, {1, 1, 0, 30}, {1, 0, 3, 10}}, StepRule{});
    ASSERT_EQ(space.size(), 4u);
    EXPECT_EQ(space.coord(0), (CellCoord{0, 0, 0}));
    EXPECT_EQ(space.coord(1), (CellCoord{1, 3, 0}));
    EXPECT_EQ(space.coord(2), (CellCoord{1, 0, 1}));
    EXPECT_EQ(space.coord(3), (CellCoord{1, 40, 1}));
    EXPECT_EQ(space.column(1, 1).first, 2u);
    EXPECT_EQ(space.column(1, 1).count, 2u);
    EXPECT_EQ(space.column(0, 1).count, 0u);
    EXPECT_EQ(space.column(-1, 0).count, 0u);
    EXPECT_EQ(space.max_column_size(), 2u);
}

TEST(ColumnSpace, FlatFloorIsEightConnected) {
    std::vector<Span> spans;
    for (int z = 0; z < 3; ++z) {
        for (int x = 0; x < 3; ++x) {
            spans.push_back({x, z, 0, 20});
        }
    }
    const ColumnSpace space = ColumnSpace::from_spans(unit_grid(3, 3), spans, StepRule{});
    const CellId centre = at(space, 1, 0, 1);
    // Order: -x, +z, +x, -z, then (-x+z), (+x+z), (+x-z), (-x-z).
    const std::vector<CellCoord> expected = {{0, 0, 1}, {1, 0, 2}, {2, 0, 1}, {1, 0, 0},
                                             {0, 0, 2}, {2, 0, 2}, {2, 0, 0}, {0, 0, 0}};
    EXPECT_EQ(neighbour_coords(space, centre), expected);
    EXPECT_EQ(space.neighbours(at(space, 0, 0, 0)).size(), 3u);
    EXPECT_EQ(space.neighbours(at(space, 1, 0, 0)).size(), 5u);
    // 4 corners * 3 + 4 edges * 5 + 1 centre * 8 = 40 directed links.
    EXPECT_EQ(space.link_count(), 40u);
}

TEST(ColumnSpace, DiagonalsNeverCutCorners) {
    // An L of three columns: (0,0), (1,0), (0,1). The diagonal (1,0)-(0,1) would pass the missing (1,1).
    const ColumnSpace l_shape =
        ColumnSpace::from_spans(unit_grid(2, 2), {{0, 0, 0, 20}, {1, 0, 0, 20}, {0, 1, 0, 20}}, StepRule{});
    EXPECT_EQ(l_shape.neighbours(at(l_shape, 1, 0, 0)).size(), 1u);
    EXPECT_EQ(l_shape.neighbours(at(l_shape, 0, 0, 1)).size(), 1u);
    // (1,1) present but its floor 5 cell heights up, beyond max_climb 4: still no diagonal through it.
    const ColumnSpace step = ColumnSpace::from_spans(
        unit_grid(2, 2), {{0, 0, 0, 20}, {1, 0, 0, 20}, {0, 1, 0, 20}, {1, 1, 5, 20}}, StepRule{10, 4});
    EXPECT_EQ(step.neighbours(at(step, 1, 0, 0)).size(), 1u);
    // At 4 cell heights up (1,1) is reachable from (1,0) and (0,1), and the diagonal (0,0)-(1,1) appears too.
    const ColumnSpace ok = ColumnSpace::from_spans(
        unit_grid(2, 2), {{0, 0, 0, 20}, {1, 0, 0, 20}, {0, 1, 0, 20}, {1, 1, 4, 20}}, StepRule{10, 4});
    EXPECT_EQ(ok.neighbours(at(ok, 1, 0, 0)).size(), 3u);
    EXPECT_EQ(ok.neighbours(at(ok, 0, 0, 0)).size(), 3u);
}

TEST(ColumnSpace, ClimbAndClearanceLimitSteps) {
    const StepRule rule{10, 4};
    // Floors 4 apart: linked both ways; 5 apart: not.
    const ColumnSpace climb =
        ColumnSpace::from_spans(unit_grid(3, 1), {{0, 0, 0, 30}, {1, 0, 4, 30}, {2, 0, 9, 30}}, rule);
    EXPECT_EQ(climb.neighbours(0).size(), 1u);
    EXPECT_EQ(climb.neighbours(1).size(), 1u);
    EXPECT_EQ(climb.neighbours(2).size(), 0u);
    // Open space over the two floors overlaps by min(0+30, 2+clearance) - max(0, 2): 10 with clearance 10
    // (linked), 9 with clearance 9 (not).
    const ColumnSpace low = ColumnSpace::from_spans(unit_grid(3, 1), {{0, 0, 0, 30}, {1, 0, 2, 10}}, rule);
    EXPECT_EQ(low.neighbours(0).size(), 1u);
    const ColumnSpace lower = ColumnSpace::from_spans(unit_grid(3, 1), {{0, 0, 0, 30}, {1, 0, 2, 9}}, rule);
    EXPECT_EQ(lower.neighbours(0).size(), 0u);
}

TEST(ColumnSpace, StackedFloorsLinkOnlyWithinTheirOwnLevel) {
    // Two columns, each with a floor at 0 (ceiling at 16) and one at 20: a corridor under a bridge.
    const ColumnSpace space = ColumnSpace::from_spans(
        unit_grid(2, 1), {{0, 0, 0, 16}, {0, 0, 20, 50}, {1, 0, 0, 16}, {1, 0, 20, 50}}, StepRule{10, 4});
    EXPECT_EQ(neighbour_coords(space, at(space, 0, 0, 0)), (std::vector<CellCoord>{{1, 0, 0}}));
    EXPECT_EQ(neighbour_coords(space, at(space, 0, 20, 0)), (std::vector<CellCoord>{{1, 20, 0}}));
    EXPECT_EQ(neighbour_coords(space, at(space, 1, 20, 0)), (std::vector<CellCoord>{{0, 20, 0}}));
}

TEST(ColumnSpace, LocateFindsTheFloorUnderAPointOrTheNearestCell) {
    // Column (0,0): floors at y = -1 + 0*0.25 = -1 (ceiling 16 -> 3) and -1 + 20*0.25 = 4. Climb 4 -> 1 unit.
    const ColumnSpace space = ColumnSpace::from_spans(
        unit_grid(3, 1), {{0, 0, 0, 16}, {0, 0, 20, 50}, {2, 0, 0, 16}}, StepRule{10, 4});
    const CellId lower = at(space, 0, 0, 0);
    const CellId upper = at(space, 0, 20, 0);
    EXPECT_EQ(space.cell_containing({10.5, -1.0, 20.5}), lower);
    EXPECT_EQ(space.cell_containing({10.5, 2.9, 20.5}), lower);  // under the ceiling at 3
    EXPECT_EQ(space.cell_containing({10.5, 3.5, 20.5}), upper);  // within the climb below the upper floor
    EXPECT_EQ(space.cell_containing({10.5, 4.0, 20.5}), upper);
    EXPECT_EQ(space.cell_containing({10.5, -1.5, 20.5}),
              lower);  // half a unit under the floor: within the climb
    EXPECT_EQ(space.cell_containing({10.5, -2.1, 20.5}), std::nullopt);
    EXPECT_EQ(space.cell_containing({11.5, -1.0, 20.5}), std::nullopt);  // empty column
    // Nearest centre. (11.5, -1, 20.5) is 1 from both (10.5,-1,20.5) and (12.5,-1,20.5); the tie goes to the
    // lower id.
    EXPECT_EQ(space.nearest_cell({11.5, -1.0, 20.5}, 1.0), lower);
    EXPECT_EQ(space.nearest_cell({11.5, -1.0, 20.5}, 0.99), std::nullopt);
    EXPECT_EQ(space.nearest_cell({11.9, -1.0, 20.5}, 1.0), at(space, 2, 0, 0));
    EXPECT_EQ(space.nearest_cell({10.5, 3.0, 14.5}, 10.0),
              upper);  // outside the grid, nearest is the top floor
    // locate() combines them and says whether it had to snap.
    EXPECT_EQ(space.locate({10.5, 4.0, 20.5}, 1.0).cell, upper);
    EXPECT_FALSE(space.locate({10.5, 4.0, 20.5}, 1.0).snapped);
    EXPECT_EQ(space.locate({11.9, -1.0, 20.5}, 1.0).cell, at(space, 2, 0, 0));
    EXPECT_TRUE(space.locate({11.9, -1.0, 20.5}, 1.0).snapped);
    // Far away, and not finite.
    EXPECT_EQ(space.locate({1000.0, 0.0, 0.0}, 50.0).cell, kinema::chase::no_cell);
    EXPECT_EQ(space.locate({std::nan(""), 0.0, 0.0}, 50.0).cell, kinema::chase::no_cell);
}

TEST(ColumnSpace, RejectsBadSpans) {
    EXPECT_THROW(ColumnSpace::from_spans(unit_grid(2, 2), {{2, 0, 0, 10}}, StepRule{}),
                 std::invalid_argument);
    EXPECT_THROW(ColumnSpace::from_spans(unit_grid(2, 2), {{0, 0, -1, 10}}, StepRule{}),
                 std::invalid_argument);
    EXPECT_THROW(ColumnSpace::from_spans(unit_grid(2, 2), {{0, 0, 3, 10}, {0, 0, 3, 12}}, StepRule{}),
                 std::invalid_argument);
    EXPECT_THROW(ColumnSpace::from_spans(unit_grid(2, 2), {}, StepRule{0, 4}), std::invalid_argument);
    ColumnGrid bad = unit_grid(2, 2);
    bad.cell_size = 0.0;
    EXPECT_THROW(ColumnSpace::from_spans(bad, {}, StepRule{}), std::invalid_argument);
    bad = unit_grid(40000, 2);
    EXPECT_THROW(ColumnSpace::from_spans(bad, {}, StepRule{}), std::invalid_argument);
    EXPECT_TRUE(ColumnSpace::from_spans(unit_grid(2, 2), {}, StepRule{}).empty());
}

}  // namespace
