#include "kinema/chase/grid.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace kinema::chase {

namespace {

using G = GridSpaceSettings;
// cell_size >= 1e-6 (issue 40): a tile is found from a world position by dividing by the cell size, and world
// positions go up to chase_max_coordinate = 1e9; the quotient is an exact tile index only below 2^53, so the
// cell size must be at least 1e9 / 2^53 = 1.1e-7 (1e-6 rounds it up). 4.9e-324, inside the old (0, 1e6], made
// every position subnormal: the seed moved to another tile and the destination changed.
constexpr double kMinCellSize = 1e-6;
constexpr std::array<FieldChoice, 2> kConnectivity{{{"4", 4}, {"8", 8}}};
constexpr std::array kGridFields{
    field<G, &G::connectivity>("connectivity", "choice", {}, "neighbours per tile (8: no corner cutting)",
                               kConnectivity),
    field<G, &G::cell_size>("cell_size", "world", closed_range(kMinCellSize, 1e6), "world units per tile"),
};
constexpr SettingsDescription kGridDescription{"GridSpaceSettings", kGridFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<GridSpaceSettings>) noexcept {
    return kGridDescription;
}

GridSpace::GridSpace(const levels::GridLevel& level, GridSpaceSettings settings) : settings_(settings) {
    throw_if_invalid("grid space settings", settings_.validate());
    if (level.width <= 0 || level.height <= 0 ||
        level.passable.size() !=
            static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height)) {
        throw std::invalid_argument("grid space: level '" + level.name + "' has inconsistent dimensions");
    }
    width_ = level.width;
    height_ = level.height;
    grid_cells_ = std::make_shared<const GridCells>(level, settings_.connectivity, settings_.cell_size);
    if (grid_cells_->size() == 0) {
        throw std::invalid_argument("grid space: level '" + level.name + "' has no passable tile");
    }
    cells_ = CellSpace::from_grid(grid_cells_);
}

Tile GridSpace::tile_containing(Vec2 world) const {
    const double s = settings_.cell_size;
    // Clamp before converting so far-away points give an (outside) tile instead of undefined behaviour.
    const auto to_index = [](double v) {
        constexpr double limit = 1e9;
        const double f = std::floor(v);
        return static_cast<int>(f < -limit ? -limit : (f > limit ? limit : f));
    };
    return {to_index(world.x / s), to_index(world.y / s)};
}

Vec2 GridSpace::tile_centre(Tile t) const {
    const double s = settings_.cell_size;
    return {(t.col + 0.5) * s, (t.row + 0.5) * s};
}

SeedLocation GridSpace::locate(Vec2 world) const {
    if (!is_finite(world)) {
        throw std::invalid_argument("grid space: seed point is not finite");
    }
    const CellId inside = cell_at(tile_containing(world));
    if (inside != no_cell) {
        return {inside, false};
    }
    SeedLocation best{no_cell, true};
    double best_d2 = std::numeric_limits<double>::infinity();
    grid_cells_->for_each_cell([&](int col, int row, CellId c) {
        const double d2 = length_squared(tile_centre({col, row}) - world);
        // strict: ties keep the lower id; the first cell is taken even when d2 overflows to inf.
        if (best.cell == no_cell || d2 < best_d2) {
            best_d2 = d2;
            best.cell = c;
        }
    });
    return best;
}

}  // namespace kinema::chase
