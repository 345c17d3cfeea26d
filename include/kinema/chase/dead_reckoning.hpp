// The dead-reckoning baseline Dishonored 2 used before the flood (Couvidou's Dishonored 2 chase chapter
// section 2: "a linear extrapolation using the last-known target position and direction, with a navmesh
// line-of-sight check"; spec "Beyond"): from p along dir for a distance D, stopping at the last cell before
// the first blocked one on the segment.
#pragma once

#include "kinema/chase/grid.hpp"

namespace kinema::chase {

struct DeadReckoningResult {
    CellId cell = no_cell;  ///< last passable cell reached along the segment
    Vec2 position;          ///< world centre of `cell` (where the NPC would be sent)
    Vec2 end_point;        ///< world point where the segment stops: at the first blocked tile, or p + D * dir
    bool blocked = false;  ///< true when a blocked tile (or a grid edge, or a cut corner) stopped the segment
    bool start_snapped =
        false;  ///< p was not in a passable tile; the segment started from the snapped cell centre
};

/// Where a straight walk over the grid tiles stopped (traverse_grid).
struct GridTraversal {
    Tile tile{};           ///< the last tile entered (the start's when nothing was)
    Vec2 end_point;        ///< world point where the segment stops
    bool blocked = false;  ///< a blocked tile, a grid edge or a cut corner stopped it
};

/// dead_reckoning's exact tile walk from `p` (world units), which lies in `tile`, along the unit direction
/// `d` for `distance` world units. For callers that know the start's tile (the pursuit's line-of-sight
/// tests): the same arithmetic, so the same result bit for bit. Preconditions: finite input, |d| = 1 (as
/// computed by dead_reckoning: direction / length), distance >= 0.
GridTraversal traverse_grid(const GridSpace& grid, Vec2 p, Tile tile, Vec2 d, double distance);

/// Line of sight on the grid from `start` along `direction` (world units; need not be unit length) for
/// `distance` world units, [0, inf). The segment walks the tiles it crosses (exact grid traversal); it stops
/// before the first blocked tile, and where it passes exactly through a tile corner it needs both orthogonal
/// tiles passable, like a diagonal step of the 8-connected grid. A zero direction or distance stays at the
/// start. Throws std::invalid_argument for non-finite input or a negative distance.
DeadReckoningResult dead_reckoning(const GridSpace& grid, Vec2 start, Vec2 direction, double distance);

/// The default reckoning distance used by the CLI: as far as the flood's heat front can travel straight
/// ahead, max_steps tiles: max_steps * cell_size (world units). The chapter gives no number.
inline double default_dead_reckoning_distance(int max_steps, double cell_size) {
    return static_cast<double>(max_steps) * cell_size;
}

}  // namespace kinema::chase
