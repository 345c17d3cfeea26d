#include "kinema/chase/dead_reckoning.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace kinema::chase {

GridTraversal traverse_grid(const GridSpace& grid, Vec2 p, Tile tile, Vec2 d, double distance) {
    GridTraversal r;
    const double s = grid.cell_size();

    // Exact grid traversal (Amanatides & Woo) in tile units: t is the distance travelled along the segment,
    // in tile units; t_max_* is where the segment crosses the next column / row boundary.
    const Vec2 u = p / s;
    const double t_end = distance / s;
    const int step_x = d.x > 0.0 ? 1 : (d.x < 0.0 ? -1 : 0);
    const int step_y = d.y > 0.0 ? 1 : (d.y < 0.0 ? -1 : 0);
    const double inf = std::numeric_limits<double>::infinity();
    const double t_delta_x = step_x != 0 ? 1.0 / std::abs(d.x) : inf;
    const double t_delta_y = step_y != 0 ? 1.0 / std::abs(d.y) : inf;
    double t_max_x = step_x > 0 ? (tile.col + 1 - u.x) / d.x : step_x < 0 ? (tile.col - u.x) / d.x : inf;
    double t_max_y = step_y > 0 ? (tile.row + 1 - u.y) / d.y : step_y < 0 ? (tile.row - u.y) / d.y : inf;
    while (true) {
        const double t = std::min(t_max_x, t_max_y);
        if (t >= t_end) {
            // The segment ends inside the current tile (a tile only touched at the end point is not entered).
            r.end_point = p + d * distance;
            break;
        }
        Tile next = tile;
        bool open = true;
        if (t_max_x == t_max_y) {
            // Exactly through a corner: like a diagonal step of the 8-connected grid, both orthogonal tiles
            // must be open (no corner cutting).
            next = {tile.col + step_x, tile.row + step_y};
            open = grid.passable(next.col, next.row) && grid.passable(tile.col + step_x, tile.row) &&
                   grid.passable(tile.col, tile.row + step_y);
        } else if (t_max_x < t_max_y) {
            next.col += step_x;
            open = grid.passable(next.col, next.row);
        } else {
            next.row += step_y;
            open = grid.passable(next.col, next.row);
        }
        if (!open) {
            r.blocked = true;
            r.end_point = p + d * (t * s);
            break;
        }
        if (next.col != tile.col) {
            t_max_x += t_delta_x;
        }
        if (next.row != tile.row) {
            t_max_y += t_delta_y;
        }
        tile = next;
    }
    r.tile = tile;
    return r;
}

DeadReckoningResult dead_reckoning(const GridSpace& grid, Vec2 start, Vec2 direction, double distance) {
    if (!is_finite(start) || !is_finite(direction) || !std::isfinite(distance)) {
        throw std::invalid_argument("dead reckoning: start, direction and distance must be finite");
    }
    if (distance < 0.0) {
        throw std::invalid_argument("dead reckoning: distance must be >= 0");
    }
    DeadReckoningResult r;
    const SeedLocation located = grid.locate(start);
    r.start_snapped = located.snapped;
    // A start inside a cell lies in that cell's tile: the tile comes from the point, without tile_of's
    // search over the grid's words (the level audit runs this for every seed and sight line).
    const Tile start_tile = located.snapped ? grid.tile_of(located.cell) : grid.tile_containing(start);
    const Vec2 p = located.snapped ? grid.tile_centre(start_tile) : start;
    r.cell = located.cell;
    r.position = grid.tile_centre(start_tile);
    r.end_point = p;
    const double len = length(direction);
    if (len == 0.0 || distance == 0.0) {
        return r;
    }
    const GridTraversal walk = traverse_grid(grid, p, start_tile, direction / len, distance);
    r.blocked = walk.blocked;
    r.end_point = walk.end_point;
    const Tile tile = walk.tile;
    r.cell = grid.cell_at(tile);
    r.position = grid.tile_centre(tile);
    return r;
}

}  // namespace kinema::chase
