// A 2D grid level as a chase cell space (spec chase-flood-spec.md "Inputs", 2D grid): one cell per passable
// tile, cell centre ((col + 0.5) * s, (row + 0.5) * s, 0) for cell size s, ids in row-major order of the
// passable tiles, 8-connected without corner cutting (a diagonal step needs both orthogonal tiles passable,
// as in the Moving AI benchmarks) or 4-connected.
#pragma once

#include <memory>
#include <vector>

#include "kinema/chase/cell_space.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::chase {

struct GridSpaceSettings;
/// The registry of GridSpaceSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<GridSpaceSettings>) noexcept;

struct GridSpaceSettings {
    Connectivity connectivity = Connectivity::eight;  ///< spec default 8 (no corner cutting); 4 as an option
    double cell_size = 1.0;                           ///< world units per tile, [1e-6, 1e6]
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// Holds the grid's compact floor bitmap (GridCells) and its CellSpace (CellSpace::from_grid), whose
/// per-cell positions and neighbour lists are built only if a user asks for them: the flood, locate(),
/// cell_at() and tile_of() never do. Copies share the (immutable) grid.
class GridSpace {
  public:
    /// Builds the cell space of `level`. Throws SettingsError for invalid settings and std::invalid_argument
    /// for a level without passable tiles or with inconsistent dimensions.
    explicit GridSpace(const levels::GridLevel& level, GridSpaceSettings settings = {});

    const CellSpace& cells() const { return cells_; }
    const GridSpaceSettings& settings() const { return settings_; }
    int width() const { return width_; }
    int height() const { return height_; }
    double cell_size() const { return settings_.cell_size; }

    bool passable(int col, int row) const { return grid_cells_->floor(col, row); }
    /// The cell of a tile, or no_cell for a blocked tile or a tile outside the grid. O(1).
    CellId cell_at(int col, int row) const { return grid_cells_->cell_at(col, row); }
    CellId cell_at(Tile t) const { return cell_at(t.col, t.row); }
    /// The tile of a cell: a binary search over the grid's words (GridCells::tile_of).
    Tile tile_of(CellId c) const { return grid_cells_->tile_of(c); }
    /// The compact floor bitmap and rank index behind cells() (1.5 bits per tile).
    const GridCells& grid_cells() const { return *grid_cells_; }
    /// The tile containing a world point (floor(x / s), floor(y / s)); may be outside the grid.
    Tile tile_containing(Vec2 world) const;
    /// World centre of a tile: ((col + 0.5) * s, (row + 0.5) * s).
    Vec2 tile_centre(Tile t) const;

    /// The seed cell for a world point (spec "Inputs"): the cell containing p; for a point on a blocked tile
    /// or outside the grid, the cell whose centre is nearest (Euclidean; ties to the lowest id), with snapped
    /// = true. Throws std::invalid_argument for a non-finite point.
    SeedLocation locate(Vec2 world) const;

  private:
    GridSpaceSettings settings_;
    int width_ = 0;
    int height_ = 0;
    std::shared_ptr<const GridCells> grid_cells_;
    CellSpace cells_;  // CellSpace::from_grid: its per-cell arrays are built only when asked for
};

}  // namespace kinema::chase
