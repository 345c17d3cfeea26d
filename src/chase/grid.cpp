#include "kinema/chase/grid.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace kinema::chase {

namespace {

using G = GridSpaceSettings;
constexpr std::array<FieldChoice, 2> kConnectivity{{{"4", 4}, {"8", 8}}};
constexpr std::array kGridFields{
    field<G, &G::connectivity>("connectivity", "choice", {}, "neighbours per tile (8: no corner cutting)",
                               kConnectivity),
    field<G, &G::cell_size>("cell_size", "world", interval(0.0, false, 1e6, true), "world units per tile"),
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
    tile_cells_.assign(level.passable.size(), no_cell);
    // Sized up front: growing these by doubling on a 4096 x 4096 level copied them and doubled the peak.
    std::size_t open_tiles = 0;
    for (int row = 0; row < height_; ++row) {
        for (int col = 0; col < width_; ++col) {
            open_tiles += level.is_passable(col, row) ? 1u : 0u;
        }
    }
    cell_tiles_.reserve(open_tiles);
    std::vector<Vec3> positions;
    positions.reserve(open_tiles);
    const double s = settings_.cell_size;
    for (int row = 0; row < height_; ++row) {
        for (int col = 0; col < width_; ++col) {
            if (level.is_passable(col, row)) {
                tile_cells_[static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
                            static_cast<std::size_t>(col)] = static_cast<CellId>(cell_tiles_.size());
                cell_tiles_.push_back({col, row});
                positions.push_back({(col + 0.5) * s, (row + 0.5) * s, 0.0});
            }
        }
    }
    if (cell_tiles_.empty()) {
        throw std::invalid_argument("grid space: level '" + level.name + "' has no passable tile");
    }

    // Neighbours in ascending id order (row-major), so the CSR order is the same for every run.
    const bool eight = settings_.connectivity == Connectivity::eight;
    std::vector<std::uint32_t> offsets;
    offsets.reserve(cell_tiles_.size() + 1);
    offsets.push_back(0);
    std::vector<CellId> ids;
    ids.reserve(cell_tiles_.size() * (eight ? 8 : 4));
    for (const Tile t : cell_tiles_) {
        for (int dr = -1; dr <= 1; ++dr) {
            for (int dc = -1; dc <= 1; ++dc) {
                if (dr == 0 && dc == 0) {
                    continue;
                }
                const bool diagonal = dr != 0 && dc != 0;
                if (diagonal && !eight) {
                    continue;
                }
                const CellId nb = cell_at(t.col + dc, t.row + dr);
                if (nb == no_cell) {
                    continue;
                }
                // No corner cutting (spec "Inputs"; Moving AI octile rule): both orthogonal tiles must be
                // open.
                if (diagonal && (!passable(t.col + dc, t.row) || !passable(t.col, t.row + dr))) {
                    continue;
                }
                ids.push_back(nb);
            }
        }
        offsets.push_back(static_cast<std::uint32_t>(ids.size()));
    }
    cells_ = CellSpace::from_csr(std::move(positions), std::move(offsets), std::move(ids), PlanarAxes::xy, s);
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
    for (std::size_t c = 0; c < cell_tiles_.size(); ++c) {
        const Vec2 centre = tile_centre(cell_tiles_[c]);
        const double d2 = length_squared(centre - world);
        // strict: ties keep the lower id; the first cell is taken even when d2 overflows to inf.
        if (best.cell == no_cell || d2 < best_d2) {
            best_d2 = d2;
            best.cell = static_cast<CellId>(c);
        }
    }
    return best;
}

}  // namespace kinema::chase
