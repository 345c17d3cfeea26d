// The flood's grid engine: the word-parallel flood on a grid's space (CellSpace::grid()), bit-identical in
// every result to the generic flood (flood_generic.hpp) but for the order of cells within a step in
// heated_cells() and barrier_cells() (ascending id here). How it works and what it costs: docs/chase.md
// ("Grids: a floor bitmap and a word-parallel flood"); its kernels: flood_grid_kernels.hpp.
//
// Every touched cell lies within Chebyshev distance R = M_S + 1 of the seed, so a run works in a window of
// 19 x 19 blocks of 8 x 8 tiles around it, one 64-bit word per block, aligned with the grid's own block
// copy of the floor (GridCells::blocks): window tile (x, y) is grid tile (col0_ + x, row0_ + y), block
// (x / 8, y / 8) has index (y / 8) * 32 + x / 8. The run keeps only bit blocks per step.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <mutex>
#include <span>
#include <vector>

#include "flood_engine.hpp"
#include "flood_grid_kernels.hpp"

namespace kinema::chase::detail {

// The heated cell nearest the centroid so far, by the generic flood's arithmetic (same centres, same
// operations); ties to the lowest id, which is row-major tile order.
struct NearestTile {
    Vec3 centroid;
    double s = 1.0;  // cell size
    double best = std::numeric_limits<double>::infinity();
    int col = 0;
    int row = 0;

    void consider(int c, int r);
};

class GridFlood {
  public:
    // Whether a run with these settings fits the grid path on this space: a grid's space, M_S <= 62, a
    // power-of-two cell size and the centroid's sums below 2^53.
    static bool fits(const CellSpace& space, const FloodSettings& settings);

    // The scratch for a run on `space` (grown, never shrunk; the only allocations of this engine).
    void prepare(const CellSpace& space, const FloodSettings& settings);
    // Spec step A: heats the seed cell and seeds the barrier (direction as Flood::start).
    void seed(CellId seed, Vec2 direction);
    // Runs up to max_steps steps from `progress` (spec step B) and updates it.
    void steps(FloodProgress& progress, int max_steps);
    // The counts, centroid and destination after `step` steps (Flood::result).
    void fill_result(FloodResult& r, int step) const;
    // The step cell c was heated at, or untouched_step / barrier_step.
    int heated_step(CellId c, int step) const;
    CellState state(CellId c, int step) const {
        const int j = heated_step(c, step);
        return j == untouched_step ? CellState::untouched
               : j == barrier_step ? CellState::barrier
                                   : CellState::heated;
    }
    std::span<const CellId> heated_cells(int step) const;
    std::span<const CellId> barrier_cells(int step) const;

  private:
    void copy_floor(int bx0, int by0);
    void clear_previous_run();
    unsigned barrier_directions(Vec2 direction) const;
    std::size_t barrier_count(int step) const;
    bool heated_bit(int x, int y) const;  // window tile (x, y) is heated
    bool destination_in_centroid_tile(FloodResult& r) const;
    bool nearest_in_rings(NearestTile& nearest) const;  // true when the rings decide
    void nearest_over_blocks(NearestTile& nearest, int first_step, int step) const;
    void set_destination(FloodResult& r, int col, int row) const;
    void write_lists(int step) const;
    std::size_t write_step(const BlockBits* begin, const BlockBits* end, CellId* out, std::size_t n) const;

    const CellSpace* space_ = nullptr;
    FloodSettings settings_;
    CellId seed_ = no_cell;
    int row0_ = 0;
    int col0_ = 0;
    const BitKernels* kernels_ = nullptr;  // bit_kernels(), asked at prepare()
    BarrierFn spread_barrier_ = nullptr;   // the barrier's spread for the run's directions
    // Four planes of grid_side * 32 words (flood_grid_kernels.hpp, BlockWindow): touched (heated or
    // barrier), heated, a spread's new cells (zero between spreads), and the window's floor (copied at
    // seeding).
    std::vector<std::uint64_t> planes_;
    std::size_t used_heat_ = 0;     // heat_blocks_ / barrier_bits_ entries whose bits the window holds
    std::size_t used_barrier_ = 0;  // (cleared at the next seeding)
    std::array<int, 4> copied_{0, -1, 0, -1};  // window blocks whose floor the run copied: x, y ranges
    // Every step's newly heated / barrier cells as entries (bits, block), step by step (seed first; the
    // barrier's seeding is step 0); a block may have several entries in one step (disjoint bits).
    std::vector<BlockBits> heat_blocks_;
    std::vector<BlockBits> barrier_bits_;
    std::vector<std::uint32_t> heat_begin_;     // index in heat_blocks_ of step j's first block (M_S + 2)
    std::vector<std::uint32_t> barrier_begin_;  // likewise in barrier_bits_
    std::vector<std::uint32_t> step_cells_;     // cells heated at step j
    std::size_t heated_count_ = 0;

    // heated_cells() and barrier_cells() as lists, written from the bit blocks on the first call after a
    // step. Why not when a run finishes: writing them sorts every step's tiles, and the chase query, the
    // audit and the pursuit read only the result, so every chase would pay for lists nobody reads; nor
    // plainly non-const: callers read them through const Flood& (step observers, the JSON writer). So they
    // stay lazy and the accessors genuinely const: a lock, taken only while the lists are stale (one acquire
    // load once written), keeps two threads reading one Flood apart. Only the run writes the rest, and no
    // thread reads while another advances the flood.
    struct Lists {
        std::vector<CellId> heated;
        std::vector<CellId> barrier;
        std::vector<std::uint32_t> sort_scratch;  // one step's tiles
        std::size_t barrier_count = 0;
        std::atomic<bool> ready{false};
        mutable std::mutex mutex;

        Lists() = default;
        Lists(const Lists& other);
        Lists& operator=(const Lists& other);
    };
    mutable Lists lists_;
};

}  // namespace kinema::chase::detail
