// The cell space the chase flood runs on (Couvidou's Dishonored 2 chase chapter section 3: "a position, a
// list of neighboring cells"; spec chase-flood-spec.md "Inputs"). Every space -- 2D grid, sparse 3D span
// grid, navmesh graph -- is turned into this one compact representation: dense cell ids 0..N-1, a world
// position per cell, a planar (horizontal) position per cell for the barrier's half-plane test, and neighbour
// lists stored CSR-style (one offsets array, one flat array of neighbour ids). The flood only ever sees a
// CellSpace, so it cannot know which space it runs on, and its inner loop is two array reads per neighbour.
//
// A 2D grid's space is the exception: CellSpace::from_grid keeps only the grid's compact
// floor bitmap (GridCells, 1.5 bits per tile); the flood recognises it (grid()) and runs word-parallel on the
// floor rows, and the per-cell arrays (positions, neighbour lists) are built on first use, once, for the
// users that ask for them (graph algorithms, the audit). position(c) and planar_position(c) never build them.
// They are built in three groups, each when first asked for: the planar positions (16 bytes a cell), the
// padded neighbour lists (16 or 32 bytes a cell) and the rest (world positions, CSR lists: 60 bytes a cell),
// so that a user of the first two (the pursuit's search and paths) does not hold the third.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "kinema/chase/grid_cells.hpp"
#include "kinema/core/planar_frame.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::chase {

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
                                    PlanarFrame frame = PlanarFrame::xy, double cell_size = 1.0);

    /// Builds a space from CSR arrays: the neighbours of cell c are neighbour_ids[offsets[c] ..
    /// offsets[c+1]). offsets has positions.size() + 1 entries, starts at 0, never decreases, ends at
    /// neighbour_ids.size(). Same checks as from_adjacency.
    static CellSpace from_csr(std::vector<Vec3> positions, std::vector<std::uint32_t> offsets,
                              std::vector<CellId> neighbour_ids, PlanarFrame frame = PlanarFrame::xy,
                              double cell_size = 1.0);

    /// The space of a compact grid (what GridSpace builds): cell c is the grid's c-th floor tile in row-major
    /// order at ((col + 0.5) * s, (row + 0.5) * s, 0), planar frame xy, cell size s, neighbours 8-connected
    /// without corner cutting (or 4-connected) in ascending id order. Holds no per-cell array until one of
    /// the array accessors below (or neighbours()) is first called; then it builds them all, once, thread
    /// safe (copies share them). grid must not be null and must have a cell.
    static CellSpace from_grid(std::shared_ptr<const GridCells> grid);

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }

    /// World position of a cell's centre (world units). On a grid's space: a binary search, nothing built.
    Vec3 position(CellId c) const { return grid_ ? grid_->position(c) : positions_[c]; }
    /// The cell centre projected on the horizontal plane (see frame()).
    Vec2 planar_position(CellId c) const { return grid_ ? planar(grid_->position(c)) : planar_[c]; }
    /// Projects a world vector on the horizontal plane: (x, y) for xy, (x, z) for xz.
    Vec2 planar(Vec3 v) const { return frame_.flat(v); }
    std::span<const CellId> neighbours(CellId c) const {
        const CellSpace& a = arrays(Group::graph);
        return {a.neighbour_ids_.data() + a.offsets_[c], a.neighbour_ids_.data() + a.offsets_[c + 1]};
    }
    /// Which two world axes span the horizontal plane (kinema/core/planar_frame.hpp). The barrier's
    /// half-plane test (Couvidou's chase chapter, step A.2) is done in this plane: grids use xy (z = 0); Y-up
    /// spaces such as Recast/OBJ meshes use xz.
    PlanarFrame frame() const { return frame_; }
    /// Typical distance between neighbouring cell centres (world units, > 0). Paced propagation uses it: step
    /// k happens once k * cell_size / run_speed seconds have passed (spec "Beyond the single-shot run").
    double cell_size() const { return cell_size_; }
    std::size_t edge_count() const { return arrays(Group::graph).neighbour_ids_.size(); }
    /// The compact grid behind a space made by from_grid, else nullptr.
    const GridCells* grid() const { return grid_.get(); }

    // Raw arrays, for hot loops and for other parts that want to copy the graph (built on first use on a
    // grid's space).
    std::span<const Vec3> positions() const { return arrays(Group::graph).positions_; }
    std::span<const Vec2> planar_positions() const { return arrays(Group::planar).planar_; }
    std::span<const std::uint32_t> offsets() const { return arrays(Group::graph).offsets_; }
    std::span<const CellId> neighbour_ids() const { return arrays(Group::graph).neighbour_ids_; }

    /// When every cell has at most 8 neighbours, a copy of the neighbour lists padded to a fixed stride (4 or
    /// 8) with the id size() as filler; padded_stride() is 0 otherwise. The flood uses it so that its inner
    /// loops have a fixed trip count (no mispredicted loop exits on cells with fewer neighbours, e.g. along
    /// walls).
    std::uint32_t padded_stride() const { return arrays(Group::padded).padded_stride_; }
    std::span<const CellId> padded_neighbour_ids() const { return arrays(Group::padded).padded_ids_; }

  private:
    struct LazyArrays;
    // The groups of a grid's lazily built arrays: planar_; padded_ids_ and padded_stride_; the rest.
    enum class Group { planar, padded, graph };
    // This space, or for a grid's space the space holding group g's arrays, built from its grid on first
    // call. Inline, with the built arrays' address read first, because hot loops (the audit's searches)
    // call the accessors per cell.
    const CellSpace& arrays(Group g) const;
    const CellSpace& built_arrays(Group g) const;

    std::size_t size_ = 0;
    std::vector<Vec3> positions_;
    std::vector<Vec2> planar_;
    std::vector<std::uint32_t> offsets_ = {0};
    std::vector<CellId> neighbour_ids_;
    std::vector<CellId> padded_ids_;
    std::uint32_t padded_stride_ = 0;
    PlanarFrame frame_ = PlanarFrame::xy;
    double cell_size_ = 1.0;
    std::shared_ptr<const GridCells> grid_;
    std::shared_ptr<LazyArrays> lazy_;
};

// Shared by copies of a grid's space, so the arrays are built once whichever copy asks first.
struct CellSpace::LazyArrays {
    struct Slot {
        std::once_flag once;
        std::unique_ptr<CellSpace> cells;              // holds only its group's arrays
        std::atomic<const CellSpace*> built{nullptr};  // cells.get() once built (release after the build)
    };
    Slot slots[3];  // by Group
};

inline const CellSpace& CellSpace::arrays(Group g) const {
    if (!grid_) {
        return *this;
    }
    const CellSpace* built = lazy_->slots[static_cast<int>(g)].built.load(std::memory_order_acquire);
    return built != nullptr ? *built : built_arrays(g);
}

/// The cell whose centre is nearest to p (Euclidean, world units; ties go to the lowest id), reported as
/// snapped unless p is exactly that centre. O(N): a fallback for spaces without a faster point lookup (grids
/// have GridSpace::locate). Returns {no_cell, true} for an empty space.
SeedLocation nearest_cell(const CellSpace& space, Vec3 p);

}  // namespace kinema::chase
