// The Dishonored 2 chase flood (seed 002 section 3; exact semantics in chase-flood-spec.md): seed heat at the
// player's last known cell and a barrier behind them, let a heat wave spread and cool for a bounded number of
// steps, and send the NPC to the heated cell nearest the warm cells' temperature-weighted centroid.
//
// Cost: a step touches only the current heat and barrier frontiers, so a flood costs O(touched cells x
// degree), bounded by about M_S * M_H heated cells plus the barrier, never by the map size. Cooling is lazy:
// a cell remembers the step it was heated at and its value is max(0, H - (step - heated_step)); the warm
// cells are exactly those heated at one of the last H steps (heated_cells() is in heating order, so they are
// a suffix).
//
// On a grid's space (CellSpace::grid(), made by GridSpace) the flood can run word-parallel instead (issue 10,
// "Speed of the flood"): every touched cell lies within Chebyshev distance R = M_S + 1 of the seed, so a run
// works in a window of 19 x 19 blocks of 8 x 8 tiles around it, one 64-bit word per block, aligned with the
// grid's own block copy of the floor (GridCells::blocks; the blocks within the run's reach are copied into
// the window at seeding). A step moves each frontier block's word one tile in each direction with shifts
// (carries go to the neighbour blocks, only when the frontier has cells on that edge), masks by the floor (a
// diagonal move needs both orthogonal tiles open: a south-east target is move_s(E) with E already
// floor-tested whose west tile is floor too), drops the touched cells, gathers a step's new cells per block
// (one entry per block and step), marks them and counts them by popcount; an overflow step takes its marks
// back, so the map stays as it was. On a uniform grid the barrier's half-plane test depends only on the
// neighbour offset, so the set of directions that spread it is fixed per run (a template instance per set).
// The run keeps only bit blocks per step; heated_cells(), barrier_cells() and value() are rebuilt from them
// on demand (within a step in ascending id order). The centroid is summed in integers from popcounts of the
// warm steps' entries when the result is asked for. The fast path needs M_S <= 62, a power-of-two cell size
// (then centre differences, the half-plane test and the centroid's sums are exact, so every result is
// bit-identical to the generic flood's) and sums below 2^53; otherwise a grid's space runs the generic flood
// on its lazily built arrays. Its scratch is fixed whatever the map size: about 0.73 MB with the default M_H
// (docs/chase.md, "Cost and memory").
//
// Every grid takes it where it fits (GridPath::automatic, the default, as `always`): on every shared map it
// takes fewer instructions per touched cell than the generic flood over neighbour lists (callgrind,
// 2026-11-23: 36-45 against 108-113 on the Dragon Age and city maps, 81-92 against 142-150 on the mazes;
// docs/chase.md, "Performance"). On huge maps it is also what keeps set-up cheap: it never builds the
// per-cell arrays (a 4096 x 4096 map: about 40 MB instead of 2.1 GB).
//
// Memory: a Flood keeps scratch arrays per cell of the space it last ran on (8 bytes per cell: a mark and the
// barrier list; the heated list is bounded by the settings on grids, about 1 + M_S * M_H entries) and reuses
// them for every later run on a space of the same size: after the first start() no run allocates
// (tests/chase/alloc_test.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "kinema/chase/cell_space.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {

/// Which cells may be the destination. The chapter says "if that point is located outside the warm cells, we
/// pick the nearest one"; the spec (chase-flood-spec.md "Result") takes every heated cell, cooled ones
/// included, so the cooled middle of a symmetric junction still counts.
enum class DestinationRule {
    nearest_heated,  ///< spec default: heated cells with value >= 0
    nearest_warm,    ///< option: only warm cells (value > 0), a literal reading of the chapter
};

struct FloodSettings;
/// The registry of FloodSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<FloodSettings>) noexcept;

/// The chapter's tweakable constants (seed 002 Table 1), plus the restart cap of section 5.
struct FloodSettings {
    int hot = 20;         ///< H, the hot value a newly heated cell gets; [1, 1000000]
    int max_heated = 25;  ///< M_H, more newly heated cells than this in one step stops the flood; [1, inf)
    int max_steps = 40;   ///< M_S, propagation steps at most (Dishonored 2 difficulty 3); [0, 1000000]
    /// Re-seeds accepted per chase by Flood::restart (seed 002 section 5); -1 = no cap; [-1, inf).
    int max_restarts = -1;
    DestinationRule destination = DestinationRule::nearest_heated;  ///< spec default

    /// Named fields: hot, max_heated, max_steps, max_restarts, destination.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }

    /// The chapter's difficulty presets: level 1, 2, 3 -> M_S = 20, 30, 40 with H = 20, M_H = 25.
    /// Throws SettingsError for another level.
    static FloodSettings difficulty(int level);
};

/// When a flood takes the word-parallel grid path (Flood::set_grid_path). `automatic` (the default) is the
/// same as `always` since the grid path became the cheaper one on every shared map; it is kept so that a
/// later size- or shape-dependent choice does not change callers.
enum class GridPath { automatic, always, never };

enum class StopReason {
    exhausted,        ///< no untouched cell next to the heat frontier
    too_many_heated,  ///< a step would have heated more than M_H cells; that step was discarded
    max_steps,        ///< M_S steps ran
};
/// "exhausted", "too_many_heated", "max_steps" (the JSON spelling).
std::string_view to_string(StopReason reason);

/// What a cell looks like in the flood.
enum class CellState : std::uint8_t { untouched, heated, barrier };

/// Value of a barrier cell (the chapter's -1) and of an untouched cell, as returned by Flood::value().
inline constexpr int barrier_value = -1;
inline constexpr int untouched_value = -2;

struct FloodResult {
    CellId seed_cell = no_cell;
    /// The seed point was outside every cell and moved to the nearest cell centre.
    bool seed_snapped = false;
    int steps = 0;          ///< propagation steps that happened (a discarded overflow step is not counted)
    bool finished = false;  ///< false for a result taken in the middle of a time-sliced or paced run
    StopReason stop_reason = StopReason::exhausted;  ///< meaningful only when finished
    Vec3 centroid;                      ///< world units; temperature-weighted mean of the warm cells' centres
    CellId destination_cell = no_cell;  ///< heated cell (value >= 0) nearest the centroid; ties to lowest id
    Vec3 destination;                   ///< world centre of destination_cell
    std::size_t heated_cells = 0;       ///< cells ever heated (value >= 0), seed included
    std::size_t warm_cells = 0;         ///< heated cells with value > 0
    std::size_t barrier_cells = 0;      ///< cells made barrier (value -1)
};

namespace detail {
/// One 8 x 8 tile block of a frontier on the grid fast path (flood.cpp): bit r * 8 + c is tile (c, r) of
/// window block `block`.
struct BlockBits {
    std::uint64_t bits = 0;
    std::uint32_t block = 0;
};
/// Whether the generic flood may take its AVX2 neighbour rows (flood.cpp) on padded stride-8 spaces when the
/// CPU has AVX2 (default true); returns the previous setting. Both paths give identical results: for tests
/// that check one against the other. Process-wide.
bool allow_vector_rows(bool allow);
}  // namespace detail

/// A reusable flood. Bind it to a space with start(); the space must outlive the run (the flood keeps a
/// pointer).
///
/// Time slicing (spec "Beyond"): start(), then advance(K) once per frame until it returns true; result()
/// after the last call equals run() exactly (same operations in the same order). Re-seeding: restart() on a
/// stimulus. Paced propagation: advance_until(seconds, run_speed).
class Flood {
  public:
    /// Throws SettingsError for invalid settings.
    explicit Flood(FloodSettings settings = {});

    /// Replaces the settings; takes effect at the next start(). Throws SettingsError.
    void set_settings(const FloodSettings& settings);
    const FloodSettings& settings() const { return settings_; }

    /// Step A (seeding) of a new chase from `seed` running in `direction` (planar, see CellSpace::planar;
    /// need not be unit; zero = no barrier). Resets the restart count. Throws std::invalid_argument for a
    /// seed cell outside the space or a non-finite direction.
    void start(const CellSpace& space, SeedLocation seed, Vec2 direction);
    void start(const CellSpace& space, CellId seed, Vec2 direction) {
        start(space, SeedLocation{seed, false}, direction);
    }

    /// Re-seeds the running or finished flood on the same space (seed 002 section 5: "reset and re-run the
    /// algorithm when a stimulus of high enough priority is received"). Returns false and changes nothing
    /// when settings().max_restarts restarts were already accepted since start(). Throws like start(), and
    /// std::logic_error when start() was never called.
    bool restart(SeedLocation seed, Vec2 direction);
    int restarts() const { return restarts_; }

    /// Runs at most max_steps propagation steps (max_steps >= 0). Returns finished().
    bool advance(int max_steps);
    /// As advance(int), calling on_step(*this) after every propagation step that happened (for animations).
    template <class OnStep>
    bool advance(int max_steps, OnStep&& on_step) {
        for (int i = 0; i < max_steps && !finished_; ++i) {
            if (step()) {
                on_step(static_cast<const Flood&>(*this));
            }
        }
        return finished_;
    }
    /// Runs to the end and returns the result.
    FloodResult run();
    template <class OnStep>
    FloodResult run(OnStep&& on_step) {
        while (!advance(1, on_step)) {
        }
        return result();
    }

    /// Paced propagation (seed 002 section 6, spec "Beyond"): runs every step k not yet run with
    /// k * cell_size / run_speed <= seconds (seconds since start() or the last restart()). run_speed in world
    /// units per second, (0, inf); throws SettingsError otherwise. Returns finished().
    bool advance_until(double seconds, double run_speed);
    template <class OnStep>
    bool advance_until(double seconds, double run_speed, OnStep&& on_step) {
        check_run_speed(run_speed);
        while (!finished_ && step_due(seconds, run_speed)) {
            if (step()) {
                on_step(static_cast<const Flood&>(*this));
            }
        }
        return finished_;
    }

    /// When start() takes the grid fast path on a grid's space (see the top of this file): `automatic`
    /// (default) and `always` whenever it can, `never` keeps the
    /// generic flood on the space's arrays (built on first use), so that heated_cells() and barrier_cells()
    /// keep the generic discovery order within a step. Every other result is the same on either path. Takes
    /// effect at the next start().
    void set_grid_path(GridPath when) { grid_path_ = when; }
    /// Whether the current run takes the grid fast path.
    bool on_grid_path() const { return grid_mode_; }

    bool started() const { return space_ != nullptr; }
    bool finished() const { return finished_; }
    int steps() const { return step_; }

    /// The result for the current state: after the last step, the final result; in the middle of a run, the
    /// destination so far. O(heated cells). Throws std::logic_error before start().
    FloodResult result() const;

    /// Per-cell values for drawing and tests: untouched_value, barrier_value, or the heat 0..H. c must be a
    /// cell of the space the flood last started on (untouched_value for every cell before start()).
    int value(CellId c) const;
    CellState state(CellId c) const;
    /// Every heated cell, in heating order (seed first, then step by step; within a step in ascending id
    /// when the flood ran on a grid's fast path, see above).
    /// On the grid fast path the lists are written on the first call after a step (the run itself keeps only
    /// bit blocks), so a Flood must not be read from two threads at once.
    std::span<const CellId> heated_cells() const {
        if (grid_mode_ && !grid_lists_ready_) {
            grid_write_lists();
        }
        return {heated_.data(), heated_count_};
    }
    /// Every barrier cell, in the order it became barrier (within a step in ascending id on a grid's fast
    /// path).
    std::span<const CellId> barrier_cells() const {
        if (grid_mode_ && !grid_lists_ready_) {
            grid_write_lists();
        }
        return {barrier_.data(), barrier_count_};
    }
    const CellSpace* space() const { return space_; }

  private:
    void seed(SeedLocation seed, Vec2 direction);
    // One propagation step (spec step B). Returns true when the step happened (false: the flood stopped
    // without changing the map).
    bool step();
    template <class Neighbours>
    bool step_with(const Neighbours& neighbours);
    bool step_due(double seconds, double run_speed) const;
    static void check_run_speed(double run_speed);
    void next_generation();
    // The grid fast path (flood.cpp, "Grid fast path").
    bool grid_path_fits(const CellSpace& space) const;
    void allocate_grid_scratch(std::size_t cells);
    void stop_if_no_steps();
    void grid_seed(Vec2 direction);
    void grid_copy_floor(int bx0, int by0);
    int grid_steps(int max_steps);  // runs up to max_steps steps; returns the steps that happened
    FloodResult grid_result(FloodResult r) const;
    std::size_t grid_barrier_count() const;
    void grid_destination(FloodResult& r, int first_warm_step) const;
    int grid_heated_step(CellId c) const;  // -1 untouched, -2 barrier, else the step it was heated at
    void grid_write_lists() const;
    std::size_t grid_write_step(const detail::BlockBits* begin, const detail::BlockBits* end, CellId* out,
                                std::size_t n) const;

    FloodSettings settings_;
    FloodSettings run_settings_;  // settings of the current run (set_settings() applies at the next start)
    const CellSpace* space_ = nullptr;

    // mark_[c] >= base_ means touched in this run; mark_[c] - base_ is the step the cell was heated at
    // (0..M_S), or M_S + 1 for barrier. Bumping base_ forgets a whole run without clearing the array.
    std::vector<std::uint32_t> mark_;
    std::uint32_t base_ = 1;
    std::uint32_t generation_end_ = 1;  // one past the highest code of the current run
    std::uint32_t barrier_code_ = 0;

    // Generic path: capacity heated_capacity() in flood.cpp, heated_count_ used. Grid path: written on demand
    // by grid_write_lists() (hence mutable) with barrier_count_; heated_count_ kept by the run.
    mutable std::vector<CellId> heated_;
    std::size_t heated_count_ = 0;
    std::vector<std::size_t> step_begin_;    // index in heated_ of the first cell heated at step j (M_S + 2)
    mutable std::vector<CellId> barrier_;    // capacity N
    mutable std::size_t barrier_count_ = 0;  // grid path: counted by grid_write_lists()
    std::size_t barrier_frontier_begin_ = 0;

    // Grid fast path state (flood.cpp, "Grid fast path"): the window is kGridBlocks x kGridBlocks blocks of
    // 8 x 8 tiles aligned with the grid's blocks (GridCells::blocks, whose floor it copies at seeding);
    // window tile (x, y) is grid tile (grid_col0_ + x, grid_row0_ + y), block (x / 8, y / 8) has index (y /
    // 8) * 32 + x / 8.
    using BlockBits = detail::BlockBits;
    static constexpr int kGridBlocks = 19;
    bool grid_mode_ = false;
    GridPath grid_path_ = GridPath::automatic;
    int grid_row0_ = 0;
    int grid_col0_ = 0;
    unsigned barrier_dirs_ = 0;  // bit d (flood.cpp Dir) set when direction d spreads the barrier
    // Four planes of kGridBlocks * 32 words (flood.cpp, BlockWindow): touched (heated or barrier), heated, a
    // spread's new cells (zero between spreads), and the window's floor (copied at seeding).
    std::vector<std::uint64_t> grid_planes_;
    std::size_t grid_used_heat_ = 0;     // heat_blocks_ / barrier_bits_ entries whose bits the window holds
    std::size_t grid_used_barrier_ = 0;  // (cleared at the next seeding)
    std::array<int, 4> grid_copied_{0, -1, 0, -1};  // window blocks whose floor the run copied: x, y ranges
    // Every step's newly heated / barrier cells as entries (bits, block), step by step (seed first; the
    // barrier's seeding is step 0); a block may have several entries in one step (disjoint bits).
    std::vector<BlockBits> heat_blocks_;
    std::vector<BlockBits> barrier_bits_;
    std::vector<std::uint32_t> heat_begin_;     // index in heat_blocks_ of step j's first block (M_S + 2)
    std::vector<std::uint32_t> barrier_begin_;  // likewise in barrier_bits_
    std::vector<std::uint32_t> step_cells_;     // cells heated at step j
    mutable std::vector<std::uint32_t> sort_scratch_;  // grid_write_lists(): one step's tiles
    mutable bool grid_lists_ready_ = false;

    SeedLocation seed_;
    Vec2 direction_;
    int step_ = 0;
    bool finished_ = false;
    StopReason stop_reason_ = StopReason::exhausted;
    int restarts_ = 0;
};

/// One-shot convenience: a fresh Flood, start(), run(). Allocates; use a Flood object in per-frame code.
FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings = {});

}  // namespace kinema::chase
