#include "kinema/chase/reckoning_runs.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kinema::chase {

namespace {

constexpr int most_moves = std::numeric_limits<std::uint16_t>::max();

// The moves of the walk from a tile centre along unit `d` for t_end tile units, on a grid open everywhere;
// whether they are one move repeated, and how many.
bool one_move_repeated(Vec2 d, double t_end, detail::TileMove& move, int& count) {
    count = 0;
    bool same = true;
    detail::walk_tiles({0.5, 0.5}, Tile{0, 0}, d, t_end, [&](Tile, detail::TileMove m) {
        if (count == 0) {
            move = m;
        }
        same = same && m == move;
        ++count;
        return same && count <= most_moves;  // stop at the first other move: the table cannot hold it
    });
    return same && count <= most_moves;
}

}  // namespace

ReckoningRuns::ReckoningRuns(const GridSpace& grid, Vec2 direction, double distance) {
    cell_size_ = grid.cell_size();
    const double len = length(direction);
    if (!is_finite(direction) || !std::isfinite(distance) || distance <= 0.0 || len == 0.0) {
        return;  // dead_reckoning stays at the start (or refuses): not worth a table
    }
    int count = 0;
    if (!one_move_repeated(direction / len, distance / cell_size_, move_, count) || count == 0) {
        return;
    }
    usable_ = true;
    const int width = grid.width();
    const int height = grid.height();
    width_ = static_cast<std::size_t>(width);
    runs_.assign(width_ * static_cast<std::size_t>(height), 0);
    // run(t + move) is made before run(t): rows and columns swept against the move.
    for (int i = 0; i < height; ++i) {
        const int row = move_.dy > 0 ? height - 1 - i : i;
        for (int j = 0; j < width; ++j) {
            const int col = move_.dx > 0 ? width - 1 - j : j;
            const Tile t{col, row};
            if (!grid.passable(col, row) || !detail::move_open(grid, t, move_)) {
                continue;
            }
            const std::size_t next =
                static_cast<std::size_t>(row + move_.dy) * width_ + static_cast<std::size_t>(col + move_.dx);
            runs_[static_cast<std::size_t>(row) * width_ + static_cast<std::size_t>(col)] =
                static_cast<std::uint16_t>(std::min(count, runs_[next] + 1));
        }
    }
}

bool ReckoningRuns::covers(Vec2 p, Tile tile) const {
    const Vec2 u = p / cell_size_;
    return usable_ && u.x == tile.col + 0.5 && u.y == tile.row + 0.5;
}

}  // namespace kinema::chase
