// The cell space the chase flood runs on (seed 002 section 3: "a position, a list of neighboring cells"; spec
// chase-flood-spec.md "Inputs"). Every space -- 2D grid, sparse 3D span grid, navmesh graph -- is turned into
// this one compact representation: dense cell ids 0..N-1, a world position per cell, a planar (horizontal)
// position per cell for the barrier's half-plane test, and neighbour lists stored CSR-style (one offsets
// array, one flat array of neighbour ids). The flood only ever sees a CellSpace, so it cannot know which
// space it runs on, and its inner loop is two array reads per neighbour.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "kinema/core/vec.hpp"

namespace kinema::chase {

using CellId = std::uint32_t;
/// "No cell" (e.g. a tile that is a wall).
inline constexpr CellId no_cell = 0xFFFFFFFFu;

/// Which two world axes span the horizontal plane. The barrier's half-plane test (seed 002 section 3, step
/// A.2) is done in this plane: grids use xy (z = 0); Y-up spaces such as Recast/OBJ meshes use xz.
enum class PlanarAxes { xy, xz };

/// A cell chosen for a world point, and whether the point had to be moved to get it (spec "Inputs": a point
/// outside every cell goes to the nearest cell centre).
struct SeedLocation {
    CellId cell = no_cell;
    bool snapped = false;  ///< true when the point was not inside any cell (wall, outside) and was snapped
};

/// An immutable cell graph. Cheap to read from many floods at once; copyable.
class CellSpace {
  public:
    CellSpace() = default;

    /// Builds a space from per-cell world positions and per-cell neighbour lists (a "plain graph space").
    /// Neighbour relations need not be symmetric; a neighbour may not be the cell itself.
    /// Throws std::invalid_argument on a neighbour id >= positions.size(), a self-neighbour, a non-finite
    /// position, more than 2^32-2 cells or edges, or cell_size not finite and > 0.
    static CellSpace from_adjacency(std::vector<Vec3> positions,
                                    const std::vector<std::vector<CellId>>& neighbours,
                                    PlanarAxes axes = PlanarAxes::xy, double cell_size = 1.0);

    /// Builds a space from CSR arrays: the neighbours of cell c are neighbour_ids[offsets[c] ..
    /// offsets[c+1]). offsets has positions.size() + 1 entries, starts at 0, never decreases, ends at
    /// neighbour_ids.size(). Same checks as from_adjacency.
    static CellSpace from_csr(std::vector<Vec3> positions, std::vector<std::uint32_t> offsets,
                              std::vector<CellId> neighbour_ids, PlanarAxes axes = PlanarAxes::xy,
                              double cell_size = 1.0);

    std::size_t size() const { return positions_.size(); }
    bool empty() const { return positions_.empty(); }

    /// World position of a cell's centre (world units).
    Vec3 position(CellId c) const { return positions_[c]; }
    /// The cell centre projected on the horizontal plane (see PlanarAxes).
    Vec2 planar_position(CellId c) const { return planar_[c]; }
    /// Projects a world vector on the horizontal plane: (x, y) for xy, (x, z) for xz.
    Vec2 planar(Vec3 v) const { return axes_ == PlanarAxes::xy ? Vec2{v.x, v.y} : Vec2{v.x, v.z}; }
    std::span<const CellId> neighbours(CellId c) const {
        return {neighbour_ids_.data() + offsets_[c], neighbour_ids_.data() + offsets_[c + 1]};
    }
    PlanarAxes axes() const { return axes_; }
    /// Typical distance between neighbouring cell centres (world units, > 0). Paced propagation uses it: step
    /// k happens once k * cell_size / run_speed seconds have passed (spec "Beyond the single-shot run").
    double cell_size() const { return cell_size_; }
    std::size_t edge_count() const { return neighbour_ids_.size(); }

    // Raw arrays, for hot loops and for other parts that want to copy the graph.
    std::span<const Vec3> positions() const { return positions_; }
    std::span<const Vec2> planar_positions() const { return planar_; }
    std::span<const std::uint32_t> offsets() const { return offsets_; }
    std::span<const CellId> neighbour_ids() const { return neighbour_ids_; }

    /// When every cell has at most 8 neighbours, a copy of the neighbour lists padded to a fixed stride (4 or
    /// 8) with the id size() as filler; padded_stride() is 0 otherwise. The flood uses it so that its inner
    /// loops have a fixed trip count (no mispredicted loop exits on cells with fewer neighbours, e.g. along
    /// walls).
    std::uint32_t padded_stride() const { return padded_stride_; }
    std::span<const CellId> padded_neighbour_ids() const { return padded_ids_; }

  private:
    std::vector<Vec3> positions_;
    std::vector<Vec2> planar_;
    std::vector<std::uint32_t> offsets_ = {0};
    std::vector<CellId> neighbour_ids_;
    std::vector<CellId> padded_ids_;
    std::uint32_t padded_stride_ = 0;
    PlanarAxes axes_ = PlanarAxes::xy;
    double cell_size_ = 1.0;
};

/// The cell whose centre is nearest to p (Euclidean, world units; ties go to the lowest id), reported as
/// snapped unless p is exactly that centre. O(N): a fallback for spaces without a faster point lookup (grids
/// have GridSpace::locate). Returns {no_cell, true} for an empty space.
SeedLocation nearest_cell(const CellSpace& space, Vec3 p);

}  // namespace kinema::chase
