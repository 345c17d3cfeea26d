// The Dishonored 2 chase flood (Couvidou's chase chapter in Game AI Pro, Couvidou's Dishonored 2 chase
// chapter section 3; exact semantics in chase-flood-spec.md): seed heat at the player's last known cell and a
// barrier behind them, let a heat wave spread and cool for a bounded number of steps, and send the NPC to the
// heated cell nearest the warm cells' temperature-weighted centroid. Settings and results:
// kinema/chase/flood_settings.hpp.
//
// A step touches only the current heat and barrier frontiers, so a flood costs O(touched cells x degree),
// never the map size. One Flood runs one of two private engines (src/chase/): the generic flood over any
// space's neighbour lists (with AVX2 neighbour rows on padded stride-8 spaces when the CPU has them), and on
// a grid's space (CellSpace::grid()) a word-parallel flood over 8 x 8 tile blocks, bit-identical in every
// result. How they work, what they cost and the measurements: docs/chase.md ("Cost and memory",
// "Performance").
//
// Memory: a Flood keeps scratch arrays sized for the space it last ran on and reuses them for every later run
// on a space of the same size: after the first start() no run allocates (tests/chase/alloc_test.cpp).
#pragma once

#include <memory>
#include <span>
#include <variant>

#include "kinema/chase/cell_space.hpp"
#include "kinema/chase/flood_settings.hpp"

namespace kinema::chase {

/// When a flood takes the word-parallel grid path (Flood::set_grid_path). `automatic` (the default) is the
/// same as `always` since the grid path became the cheaper one on every shared map; it is kept so that a
/// later size- or shape-dependent choice does not change callers.
enum class GridPath { automatic, always, never };

namespace detail {
class FloodEngines;  // src/chase/flood.cpp: the engines, src/chase/flood_generic.hpp and flood_grid.hpp
/// Which engine a run takes, chosen once by Flood::start(): a tag per engine (the engines themselves stay in
/// FloodEngines, so that a Flood keeps both engines' scratch and a copy needs no rebinding).
struct GenericEngine {};
struct GridEngine {};
using FloodEngine = std::variant<GenericEngine, GridEngine>;
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
    /// A copy carries the run on (same space, same state and engine scratch); a moved-from Flood reads as
    /// never started.
    Flood(const Flood& other);
    Flood& operator=(const Flood& other);
    Flood(Flood&& other) noexcept;
    Flood& operator=(Flood&& other) noexcept;
    ~Flood();

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

    /// Re-seeds the running or finished flood on the same space (Couvidou's Dishonored 2 chase chapter
    /// section 5: "reset and re-run the algorithm when a stimulus of high enough priority is received").
    /// Returns false and changes nothing when settings().max_restarts restarts were already accepted since
    /// start(). Throws like start(), and std::logic_error when start() was never called.
    bool restart(SeedLocation seed, Vec2 direction);
    int restarts() const { return run_.restarts; }

    /// Runs at most max_steps propagation steps (max_steps >= 0). Returns finished().
    bool advance(int max_steps);
    /// As advance(int), calling on_step(*this) after every propagation step that happened (for animations).
    template <class OnStep>
    bool advance(int max_steps, OnStep&& on_step) {
        for (int i = 0; i < max_steps && !run_.finished; ++i) {
            if (step()) {
                on_step(static_cast<const Flood&>(*this));
            }
        }
        return run_.finished;
    }
    /// Runs to the end and returns the result.
    FloodResult run();
    template <class OnStep>
    FloodResult run(OnStep&& on_step) {
        while (!advance(1, on_step)) {
        }
        return result();
    }

    /// Paced propagation (Couvidou's Dishonored 2 chase chapter section 6, spec "Beyond"): runs every step k
    /// not yet run with k * cell_size / run_speed <= seconds (seconds since start() or the last restart()).
    /// run_speed in world units per second, (0, inf); throws SettingsError otherwise. Returns finished().
    bool advance_until(double seconds, double run_speed);
    template <class OnStep>
    bool advance_until(double seconds, double run_speed, OnStep&& on_step) {
        check_run_speed(run_speed);
        while (!run_.finished && step_due(seconds, run_speed)) {
            if (step()) {
                on_step(static_cast<const Flood&>(*this));
            }
        }
        return run_.finished;
    }

    /// When start() takes the grid fast path on a grid's space (docs/chase.md, "Grids"): `automatic`
    /// (default) and `always` whenever it can, `never` keeps the
    /// generic flood on the space's arrays (built on first use), so that heated_cells() and barrier_cells()
    /// keep the generic discovery order within a step. Every other result is the same on either path. Takes
    /// effect at the next start().
    void set_grid_path(GridPath when) { grid_path_ = when; }
    /// Whether the current run takes the grid fast path.
    bool on_grid_path() const { return std::holds_alternative<detail::GridEngine>(run_.engine); }

    bool started() const { return run_.space != nullptr; }
    bool finished() const { return run_.finished; }
    int steps() const { return run_.step; }

    /// The result for the current state: after the last step, the final result; in the middle of a run, the
    /// destination so far. O(heated cells). Throws std::logic_error before start().
    FloodResult result() const;

    /// Per-cell values for drawing and tests: untouched_value, barrier_value, or the heat 0..H. c must be a
    /// cell of the space the flood last started on (untouched_value for every cell before start()).
    int value(CellId c) const;
    CellState state(CellId c) const;
    /// Every heated cell, in heating order (seed first, then step by step; within a step in ascending id
    /// when the flood ran on a grid's fast path, see set_grid_path). Safe to call from several threads at
    /// once while nothing advances the flood (the grid path writes its lists on the first call after a step,
    /// under a lock: src/chase/flood_grid.hpp says why).
    std::span<const CellId> heated_cells() const;
    /// Every barrier cell, in the order it became barrier (within a step in ascending id on a grid's fast
    /// path). Thread safety as heated_cells().
    std::span<const CellId> barrier_cells() const;
    const CellSpace* space() const { return run_.space; }

  private:
    void seed(SeedLocation seed, Vec2 direction);
    // One propagation step (spec step B). Returns true when the step happened (false: the flood stopped
    // without changing the map).
    bool step();
    // Runs up to max_steps steps on the current engine; returns the steps that happened.
    int run_steps(int max_steps);
    bool step_due(double seconds, double run_speed) const;
    static void check_run_speed(double run_speed);

    // Calls call(engine) on the engine start() chose (src/chase/flood.cpp).
    template <class Call>
    decltype(auto) with_engine(Call&& call) const;

    /// One run's state, set by start(): plain values, copied and moved whole.
    struct Run {
        FloodSettings settings;  // settings of the run (set_settings() applies at the next start)
        const CellSpace* space = nullptr;
        detail::FloodEngine engine;  // which engine runs: the grid path or the generic flood
        SeedLocation seed;
        int step = 0;
        bool finished = false;
        StopReason stop_reason = StopReason::exhausted;
        int restarts = 0;
    };

    FloodSettings settings_;
    GridPath grid_path_ = GridPath::automatic;
    Run run_;
    // The engines' scratch (src/chase/flood.cpp, FloodEngines), allocated with the Flood and kept across
    // runs; a copy copies it, a move takes it.
    std::unique_ptr<detail::FloodEngines> engines_;
};

/// One-shot convenience: a fresh Flood, start(), run(). Allocates; use a Flood object in per-frame code.
FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings = {});

}  // namespace kinema::chase
