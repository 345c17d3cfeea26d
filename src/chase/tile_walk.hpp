// The exact straight walk over grid tiles (Amanatides & Woo) behind dead reckoning (dead_reckoning.hpp), with
// the test of each move left to the caller: traverse_grid asks the grid, and ReckoningRuns asks nothing, to
// learn the moves a walk from a tile centre makes (reckoning_runs.hpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "kinema/chase/grid.hpp"

namespace kinema::chase::detail {

/// One move of a tile walk: to the next column, the next row, or exactly through their corner.
struct TileMove {
    int dx = 0;
    int dy = 0;
    bool corner = false;  ///< both changed at once: the two orthogonal tiles must be open too

    bool operator==(const TileMove&) const = default;
};

/// Where a tile walk stopped: its last tile, the distance t travelled (tile units) when a move was refused,
/// and whether one was.
struct TileWalkEnd {
    Tile tile{};
    double t = 0.0;
    bool blocked = false;
};

/// The walk in tile units from `u` (inside `tile`) along the unit direction `d` until t_end: each move is
/// made when `open(tile, move)` says so, else the walk stops there. A tile only touched at t_end is not
/// entered.
template <typename Open>
TileWalkEnd walk_tiles(Vec2 u, Tile tile, Vec2 d, double t_end, Open&& open) {
    const int step_x = d.x > 0.0 ? 1 : (d.x < 0.0 ? -1 : 0);
    const int step_y = d.y > 0.0 ? 1 : (d.y < 0.0 ? -1 : 0);
    const double inf = std::numeric_limits<double>::infinity();
    const double t_delta_x = step_x != 0 ? 1.0 / std::abs(d.x) : inf;
    const double t_delta_y = step_y != 0 ? 1.0 / std::abs(d.y) : inf;
    // Where the segment crosses the next column / row boundary.
    double t_max_x = step_x > 0 ? (tile.col + 1 - u.x) / d.x : step_x < 0 ? (tile.col - u.x) / d.x : inf;
    double t_max_y = step_y > 0 ? (tile.row + 1 - u.y) / d.y : step_y < 0 ? (tile.row - u.y) / d.y : inf;
    while (true) {
        const double t = std::min(t_max_x, t_max_y);
        if (t >= t_end) {
            return {tile, t_end, false};
        }
        TileMove move;
        if (t_max_x == t_max_y) {
            // Exactly through a corner: like a diagonal step of the 8-connected grid, both orthogonal tiles
            // must be open (no corner cutting).
            move = {step_x, step_y, true};
        } else if (t_max_x < t_max_y) {
            move = {step_x, 0, false};
        } else {
            move = {0, step_y, false};
        }
        if (!open(tile, move)) {
            return {tile, t, true};
        }
        if (move.dx != 0) {
            t_max_x += t_delta_x;
        }
        if (move.dy != 0) {
            t_max_y += t_delta_y;
        }
        tile = {tile.col + move.dx, tile.row + move.dy};
    }
}

/// Whether `move` from `tile` is open on `grid`: the tile it enters, and for a corner both orthogonal tiles.
inline bool move_open(const GridSpace& grid, Tile tile, TileMove move) {
    const Tile next{tile.col + move.dx, tile.row + move.dy};
    return grid.passable(next.col, next.row) &&
           (!move.corner ||
            (grid.passable(tile.col + move.dx, tile.row) && grid.passable(tile.col, tile.row + move.dy)));
}

}  // namespace kinema::chase::detail
