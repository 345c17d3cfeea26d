// Dead reckoning from every tile centre of a grid along one direction at once (the level audit walks D
// directions from every cell: on an open 256 x 256 map that was a tenth of its work, 40 tiles a walk).
//
// Why a table is exact: dead_reckoning's walk (tile_walk.hpp) from the centre of tile (col, row) starts at
// u = (col + 0.5, row + 0.5) in tile units, so its first crossings are 0.5 / |d| whatever the tile (col + 1 -
// u and col - u are exact for any tile a grid holds), and every later decision adds the same steps to the
// same numbers: the walk makes the same moves from every centre. When those moves are one move repeated (an
// axis or an exact diagonal), the walk from a tile stops after min(n, run) moves, n the moves the distance
// allows and run the open moves in a row from that tile, and run(t) = open(t) ? 1 + run(t + move) : 0 for the
// whole grid in one sweep.
#pragma once

#include <cstdint>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/chase/tile_walk.hpp"

namespace kinema::chase {

class ReckoningRuns {
  public:
    /// The table for dead_reckoning(grid, centre, direction, distance) from every tile centre. Empty
    /// (usable() false) when the walk is not one move repeated, or longer than 65,535 moves.
    ReckoningRuns(const GridSpace& grid, Vec2 direction, double distance);

    bool usable() const { return usable_; }
    /// Whether dead reckoning from world point `p` in `tile` may be read here: p is that tile's centre to the
    /// last bit in tile units (as the walk divides it by the cell size).
    bool covers(Vec2 p, Tile tile) const;
    /// The tile where dead reckoning from `tile`'s centre stops (usable(), `tile` inside the grid).
    Tile end_tile(Tile tile) const {
        const int moves =
            runs_[static_cast<std::size_t>(tile.row) * width_ + static_cast<std::size_t>(tile.col)];
        return {tile.col + move_.dx * moves, tile.row + move_.dy * moves};
    }

  private:
    bool usable_ = false;
    double cell_size_ = 1.0;
    std::size_t width_ = 0;
    detail::TileMove move_;
    std::vector<std::uint16_t> runs_;  // per tile, row-major: the moves made from its centre
};

}  // namespace kinema::chase
