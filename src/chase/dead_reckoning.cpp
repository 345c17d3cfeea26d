#include "kinema/chase/dead_reckoning.hpp"

#include <cmath>
#include <stdexcept>

#include "kinema/chase/tile_walk.hpp"

namespace kinema::chase {

GridTraversal traverse_grid(const GridSpace& grid, Vec2 p, Tile tile, Vec2 d, double distance) {
    const double s = grid.cell_size();
    // The walk in tile units: t is the distance travelled along the segment, in tile units.
    const detail::TileWalkEnd end = detail::walk_tiles(
        p / s, tile, d, distance / s,
        [&](Tile from, detail::TileMove move) { return detail::move_open(grid, from, move); });
    GridTraversal r;
    r.tile = end.tile;
    r.blocked = end.blocked;
    r.end_point = end.blocked ? p + d * (end.t * s) : p + d * distance;
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
