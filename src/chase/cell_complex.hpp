// Loops and rooms of a cell space read from its cell graph alone, for spaces without a grid (3D levels'
// column cells, plain graphs; docs/audit.md "Why: what the level shows"). The cells and their links, taken
// both ways, are a graph; every triangle and every chordless 4-cycle of it is filled in as open floor (a 2 x
// 2 block of cells linked 8 ways is a K4, its triangles; linked 4 ways, a chordless square). A loop is then a
// cycle that these small cycles do not fill: a hole of that 2-complex (its first homology over GF(2)), which
// needs no plan view, so floors above one another and off-mesh links are read as they are linked. Internal to
// the chase part; deterministic; standard library only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "kinema/chase/cell_space.hpp"

namespace kinema::chase {

/// The holes of the 2-complex of `order`'s cells (the links among them and their triangles and chordless
/// 4-cycles), the cells taken in that order: for each hole, the index in `order` of the cell at which it
/// closes, the last cell of the cycle round it to come (persistent homology of the filtration that adds
/// order[0], order[1], ... with their links and small cycles). With `order` breadth-first from a place, that
/// is where the two ways round the obstacle meet. Ascending; empty when the cells hold no loop.
std::vector<std::size_t> loop_closings(const CellSpace& cells, const std::vector<CellId>& order);

/// Per cell, 1 when it lies in open floor: in a K4 of the cell graph (four cells linked to one another) or
/// on a chordless 4-cycle that no fifth cell is linked to all of (a square of cells linked 4 ways, not the
/// diamond round a cell), the generic form of a grid's fully open 2 x 2 block of tiles; 0 for a narrow
/// passage (a door, a corridor one cell wide).
std::vector<char> open_floor_cells(const CellSpace& cells);

}  // namespace kinema::chase
