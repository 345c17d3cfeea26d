// The chase flood's cells built from a Detour navmesh, as Dishonored 2 built them (Couvidou's Dishonored 2
// chase chapter section 3: "a sparse 3D matrix generated from the navmesh"), so that the flood and the NPC's
// navigation agree.
//
// Columns: a regular grid of cell_size on the horizontal plane (x, z), anchored at world multiples of
// cell_size. A cell is one (column, floor) where the navmesh surface crosses the column's centre line: every
// polygon that contains the centre in plan view gives a floor at its detail-mesh height
// (dtNavMeshQuery::getPolyHeight); floors of one column closer than the agent's climb are one cell, which
// keeps the lowest one's polygon. Axes follow Recast: y is up.
//
// Links, 8 directions: two cells of adjacent columns are linked when Detour's raycast from one to the other
// is not blocked and ends on a polygon whose height under the other cell is that cell's floor within the
// climb. Diagonals also need both orthogonal two-step routes (no corner cutting, the grid rule of
// chase-flood-spec.md). Off-mesh connections (jumps, drops, ladders) link the cells nearest their ends in
// their own direction.
//
// Passages narrower than a column (influence-maps-and-levels.md section 7, measured: centres alone split two
// rooms joined by an ordinary doorway at half of the grid offsets): every polygon that no centre reaches gets
// one extra cell at its centroid, and for every pair of polygons Detour links (including across tiles) whose
// cells are not yet connected, the nearest two of their cells are linked. Cells of one polygon are joined the
// same way. So two cells are connected exactly when Detour's polygon graph connects their polygons.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kinema/chase/cell_space.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

class dtNavMesh;
class dtQueryFilter;

namespace kinema::nav {

/// Dense cell id, 0 .. size()-1; ordered by column (z, then x) and bottom to top within a column. The same
/// ids as in cell_space().
using CellId = chase::CellId;

/// The horizontal grid of columns and the vertical unit of the cells' y.
struct ColumnGrid {
    Vec3 origin;               ///< world position of the grid's minimum corner (x, y, z), world units
    double cell_size = 0.3;    ///< column width on x and z, world units, (0, inf)
    double cell_height = 0.2;  ///< unit of y, world units, (0, inf)
    int width = 0;             ///< columns along x
    int depth = 0;             ///< columns along z
};

/// A cell's integer coordinates: column (x, z) and floor height y in cell heights.
struct CellCoord {
    int x = 0;
    int y = 0;
    int z = 0;
    friend constexpr bool operator==(CellCoord, CellCoord) = default;
};

struct NavCellSettings {
    /// Width of a cell (one column) on x and z, world units, [0.001, 1000] (nav_min_voxel, nav_max_voxel).
    /// 0.75: the Godot port's choice, see docs/nav.md "Why 0.75 m chase cells".
    double cell_size = 0.75;
    /// Unit of the cells' integer y coordinate (floor height), world units, [0.001, 1000]. Recast's default
    /// voxel height.
    double cell_height = 0.2;
    /// At most this many columns (width x depth of the grid over the navmesh bounds), [1, 2^28].
    double max_columns = 64.0 * 1024.0 * 1024.0;

    FieldErrors validate() const;
};

/// The registry of NavCellSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<NavCellSettings>) noexcept;

/// What the build found.
struct NavCellStats {
    std::size_t polygons = 0;       ///< ground polygons that pass the filter
    std::size_t centre_cells = 0;   ///< cells from column centres
    std::size_t extra_cells = 0;    ///< cells at the centroid of a polygon no centre reached
    std::size_t polygon_links = 0;  ///< links added between adjacent polygons' cells (counted once)
    std::size_t offmesh_links = 0;  ///< directed links from off-mesh connections
    std::size_t raycasts = 0;       ///< Detour raycasts made for links
};

class NavCells {
  public:
    NavCells() = default;

    /// Samples the navmesh (solo or tiled; never owned, only read during the call) for polygons that pass
    /// `filter`. The climb and agent height are the largest walkableClimb and walkableHeight of the tiles.
    /// Throws SettingsError for bad settings and std::invalid_argument for a navmesh without tiles or whose
    /// grid exceeds max_columns. Deterministic: the same navmesh gives the same cells.
    static NavCells build(const dtNavMesh& mesh, const dtQueryFilter& filter,
                          const NavCellSettings& settings);

    std::size_t size() const noexcept { return coords_.size(); }
    bool empty() const noexcept { return coords_.empty(); }
    /// Origin (x, z at a multiple of cell_size; y the navmesh's lowest point), sizes, columns.
    const ColumnGrid& grid() const noexcept { return grid_; }
    const NavCellStats& stats() const noexcept { return stats_; }
    double climb() const noexcept { return climb_; }

    /// The cells as the chase flood sees them: positions (the column centre at the floor, or a polygon's
    /// centroid for extra cells), neighbours -x, +z, +x, -z, (-x+z), (+x+z), (+x-z), (-x-z), then polygon and
    /// off-mesh links; planar axes xz; cell_size() = the column width.
    const chase::CellSpace& cell_space() const noexcept { return graph_; }
    Vec3 position(CellId cell) const { return graph_.position(cell); }
    /// Column x, floor height y = floor((h - origin.y) / cell_height), column z.
    CellCoord coord(CellId cell) const { return coords_[cell]; }
    /// The Detour polygon the cell lies on (a dtPolyRef).
    std::uint64_t polygon(CellId cell) const { return polygons_[cell]; }
    std::span<const CellId> neighbours(CellId cell) const { return graph_.neighbours(cell); }

    /// The first cell of a column and how many floors it holds.
    struct Column {
        CellId first = 0;
        std::uint32_t count = 0;
    };
    /// Ids first .. first+count-1 of column (x, z), bottom to top; count 0 outside the grid.
    Column column(int x, int z) const;
    std::uint32_t max_column_size() const noexcept { return max_column_size_; }

    /// In p's column, the highest floor at or below p.y + climb with p.y below floor + agent height.
    std::optional<CellId> cell_containing(Vec3 p) const;
    /// Nearest cell position to p (Euclidean; ties to the lowest id) within max_distance, [0, inf).
    std::optional<CellId> nearest_cell(Vec3 p, double max_distance) const;
    /// cell_containing, else nearest_cell reported as snapped, else {no_cell, true}.
    chase::SeedLocation locate(Vec3 p, double max_distance) const;

  private:
    ColumnGrid grid_;
    NavCellStats stats_;
    std::vector<CellCoord> coords_;
    std::vector<std::uint64_t> polygons_;
    std::vector<std::uint32_t> column_starts_;
    chase::CellSpace graph_;
    std::uint32_t max_column_size_ = 0;
    double climb_ = 0.0;
    double agent_height_ = 0.0;

    friend struct NavCellBuilder;
};

}  // namespace kinema::nav
