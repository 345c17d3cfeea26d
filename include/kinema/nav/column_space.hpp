// The sparse 3D cell space the chase flood runs on in 3D levels: columns keyed by (x, z) holding the walkable
// levels of that column, as Dishonored 2's Dynamic Space Manager (seed 002, section 3: "a collection of
// one-dimensional arrays mapped to world coordinates") and Recast's compact heightfield
// (influence-maps-and-levels.md section 6) store them.
//
// A cell is one walkable floor voxel: column (x, z) of a regular grid on the horizontal plane, floor height y
// in cell heights. Cells of one column are stacked floors (a bridge over a corridor, the storeys of a tower).
// Axes follow Recast: y is up, the horizontal plane is (x, z).
//
// Neighbours: 8 directions. An orthogonal step links two cells of adjacent columns when the agent can stand
// in both and step between them: the open space above both floors overlaps by at least the agent height and
// the floors differ by at most the climb (the test Recast's rcBuildCompactHeightfield uses, restated). A
// diagonal step needs both orthogonal two-step routes (x first and z first) to reach the same cell: no corner
// cutting, the rule chase-flood-spec.md fixes for grids, lifted to 3D. Unlike Recast, which keeps only the
// lowest matching span per direction, every matching span is a neighbour, so links are always symmetric.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "kinema/chase/cell_space.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::nav {

/// Dense cell id, 0 .. size()-1; ordered by column (z, then x) and bottom to top within a column. The same
/// ids as in cell_space().
using CellId = chase::CellId;

/// The horizontal grid of columns and the vertical voxel size.
struct ColumnGrid {
    Vec3 origin;               ///< world position of the grid's minimum corner (x, y, z), world units
    double cell_size = 0.3;    ///< column width on x and z, world units, (0, inf)
    double cell_height = 0.2;  ///< voxel height on y, world units, (0, inf)
    int width = 0;             ///< columns along x, [0, 32767]
    int depth = 0;             ///< columns along z, [0, 32767]
};

/// One walkable floor voxel, in voxel units (x, z columns; y and clearance in cell heights).
struct Span {
    int x = 0;          ///< column along x, [0, width)
    int z = 0;          ///< column along z, [0, depth)
    int y = 0;          ///< floor height above the grid origin, cell heights, [0, inf)
    int clearance = 0;  ///< open space above the floor, cell heights, [0, inf)
};

/// Which steps an agent can take between spans of adjacent columns, in voxel units.
struct StepRule {
    int min_clearance = 10;  ///< overlap of the open space above both floors, cell heights, [1, inf)
    int max_climb = 4;       ///< floor height difference, cell heights, [0, inf)
};

/// A cell's integer coordinates: column (x, z) and floor height y in cell heights.
struct CellCoord {
    int x = 0;
    int y = 0;
    int z = 0;
    friend constexpr bool operator==(CellCoord, CellCoord) = default;
};

class ColumnSpace {
  public:
    ColumnSpace() = default;

    /// Builds the space from walkable spans (any order) and the step rule. Throws std::invalid_argument for
    /// a bad grid, a span outside it, a negative height or two spans with the same (x, y, z).
    static ColumnSpace from_spans(const ColumnGrid& grid, std::vector<Span> spans, const StepRule& rule);

    std::size_t size() const noexcept { return coords_.size(); }
    bool empty() const noexcept { return coords_.empty(); }
    const ColumnGrid& grid() const noexcept { return grid_; }

    /// The cells as the chase flood sees them (kinema::chase::Flood runs on it directly): same ids,
    /// positions and neighbours, planar axes xz, cell_size() = the column width.
    const chase::CellSpace& cell_space() const noexcept { return graph_; }

    /// World position of the cell: the centre of its column, at its floor height.
    Vec3 position(CellId cell) const { return graph_.position(cell); }
    /// The horizontal (x, z) part of position(): the chase flood's half-plane tests use it.
    Vec2 planar_position(CellId cell) const { return graph_.planar_position(cell); }
    CellCoord coord(CellId cell) const { return coords_[cell]; }
    /// Open space above the cell's floor, cell heights.
    int clearance(CellId cell) const { return clearances_[cell]; }
    /// Neighbours in a fixed direction order: -x, +z, +x, -z, then the diagonals (-x+z), (+x+z), (+x-z),
    /// (-x-z).
    std::span<const CellId> neighbours(CellId cell) const { return graph_.neighbours(cell); }
    /// Directed links (each step counted from both ends).
    std::size_t link_count() const noexcept { return graph_.edge_count(); }

    /// The first cell of column (x, z) and how many floors it holds (ids first .. first+count-1, bottom to
    /// top). count is 0 for an empty column or one outside the grid.
    struct Column {
        CellId first = 0;
        std::uint32_t count = 0;
    };
    Column column(int x, int z) const;
    /// The most floors any column holds.
    std::uint32_t max_column_size() const noexcept { return max_column_size_; }
    /// The cell at exactly these coordinates, if any.
    std::optional<CellId> find(CellCoord coord) const;

    /// The cell an agent standing at p is on: in p's column, the highest floor at or below p.y + max_climb
    /// whose open space contains p (p.y < floor + clearance). nullopt when there is none or p is not finite.
    std::optional<CellId> cell_containing(Vec3 p) const;
    /// The cell whose position is nearest to p (Euclidean; ties to the lowest id) within max_distance world
    /// units, [0, inf). nullopt when there is none or p is not finite.
    std::optional<CellId> nearest_cell(Vec3 p, double max_distance) const;
    /// The chase flood's seed cell for p (chase-flood-spec.md "Inputs": the cell containing p, else the
    /// nearest cell centre): cell_containing(p), else nearest_cell(p, max_distance) reported as snapped, else
    /// {chase::no_cell, true}.
    chase::SeedLocation locate(Vec3 p, double max_distance) const;

  private:
    ColumnGrid grid_;
    std::vector<CellCoord> coords_;
    std::vector<int> clearances_;
    std::vector<std::uint32_t> column_starts_;  // width*depth+1 entries; column (x, z) at x + z*width
    chase::CellSpace graph_;
    std::uint32_t max_column_size_ = 0;
    int max_climb_ = 0;
};

}  // namespace kinema::nav
