// What the level itself shows around an audit place, so that a place's reason and the summary's advice name
// only causes the level has (docs/audit.md "Why: what the level shows"): a loop of cells around an obstacle,
// a corner that hides cells from a destination, a side way out. Each test reads the cell space (and, for
// loops and rooms on grids, the grid's tiles) only, never the finding's name: a reason that does not apply is
// not printed. Deterministic; standard library only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "kinema/chase/audit.hpp"

namespace kinema::chase {

/// Breadth-first distances (cell steps over the space's neighbours) from a set of cells, up to `radius`.
struct CellBall {
    std::vector<CellId> cells;         ///< every cell within the radius, in breadth-first order
    std::vector<std::uint32_t> steps;  ///< steps[i]: the distance of cells[i]
};
CellBall cell_ball(const CellSpace& cells, const std::vector<CellId>& sources, int radius);

/// On a grid's space: a floor cell of `ball` next to an obstacle that the ball's cells encircle (a hole of
/// the ball holding a wall tile: the cells run round it in a loop), the one farthest from the sources (the
/// lowest id on a tie), where the two ways round meet; no_cell when the ball holds no loop. A hole is found
/// as a group of tiles outside the ball, 8-connected (the dual of the flood's 8-connectivity without corner
/// cutting), that does not reach the ball's bounding box. Spaces without a grid (3D levels, graphs): a cycle
/// of the ball's cell graph that its triangles and chordless 4-cycles do not fill (cell_complex.hpp), the
/// cell where it closes as the ball grows from the sources, the farthest such (the lowest id on a tie).
CellId loop_cell(const CellSpace& cells, const CellBall& ball);

/// Whether loops can be told on this space: every space with a cell (grids by their tiles, others by their
/// cell graph).
bool loops_known(const CellSpace& cells);

/// Whether the level has any loop at all (the holes of every cell, as loop_cell tells them).
bool level_has_loop(const CellSpace& cells);

/// A cell within `radius` steps of `from` that is out of `from`'s line of sight (the space's straight-line
/// test, as short_of_a_corner's), the nearest (lowest id on a tie); no_cell when every cell there is seen.
CellId hidden_cell(const ChaseSpace& space, CellId from, int radius);

/// The ways out of a place: the groups of cells `radius` + 1 .. `radius` + `depth` steps from it (groups
/// connected within that shell) that reach `depth` cells deep. A corridor has two, a dead end one, an open
/// room one, a junction three or more. mouths: each way's nearest cell (the lowest id on a tie).
std::vector<CellId> ways_out(const CellSpace& cells, const std::vector<CellId>& place, int radius, int depth);

/// Per cell, its room: cells of a grid are split into rooms and narrow passages (a cell in no fully open
/// 2 x 2 block of tiles is narrow: doors, 1-wide corridors), each a connected group of cells of one kind.
/// Spaces without a grid: the same with open_floor_cells (cell_complex.hpp) for the open 2 x 2 block.
std::vector<std::uint32_t> cell_rooms(const CellSpace& cells);

/// The cell of `group` with the least sum of straight-line distances to the others (the medoid: always a
/// cell of the group, unlike the mean of their centres); the lowest id on a tie. Above 2048 cells the sum
/// runs over 2048 cells spread evenly through the group.
CellId medoid(const CellSpace& cells, const std::vector<CellId>& group);

}  // namespace kinema::chase
