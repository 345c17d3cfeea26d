// The flood's generic engine: the flood over any cell space's neighbour lists (CSR, or padded to a stride of
// 4 or 8 with fixed trip counts; on stride 8 the heat takes AVX2 rows when the CPU has them,
// flood_vector_rows.hpp). Private to the chase part; Flood (kinema/chase/flood.hpp) runs it.
//
// Cooling is lazy: a cell remembers the step it was heated at and its value is max(0, H - (step - heated
// step)); the warm cells are exactly those heated at one of the last H steps, a suffix of the heating-order
// list.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "flood_engine.hpp"

namespace kinema::chase::detail {

class GenericFlood {
  public:
    // The scratch for a run on `space`: per cell on the first run on a space of this size, then reused.
    void prepare(const CellSpace& space, const FloodSettings& settings);
    // Spec step A: heats the seed cell and seeds the barrier (direction as Flood::start).
    void seed(CellId seed, Vec2 direction);
    // Runs up to max_steps steps from `progress` (spec step B) and updates it.
    void steps(FloodProgress& progress, int max_steps);
    // The counts, centroid and destination after `step` steps (Flood::result).
    void fill_result(FloodResult& r, int step) const;
    // The step cell c was heated at, or untouched_step / barrier_step. Inline: the audit and the pictures ask
    // it for every cell after every chase (a call here cost the audit 8 % more instructions). This and the
    // three below take the run's step as GridFlood's do (one interface for Flood); the generic flood's marks
    // need no step.
    int heated_step(CellId c, int /*step*/) const {
        const std::uint32_t m = mark_[c];
        if (m < base_) {
            return untouched_step;
        }
        return m == barrier_code_ ? barrier_step : static_cast<int>(m - base_);
    }
    CellState state(CellId c, int /*step*/) const {
        const std::uint32_t m = mark_[c];
        return m < base_ ? CellState::untouched : m == barrier_code_ ? CellState::barrier : CellState::heated;
    }
    std::span<const CellId> heated_cells(int /*step*/) const { return {heated_.data(), heated_count_}; }
    std::span<const CellId> barrier_cells(int /*step*/) const { return {barrier_.data(), barrier_count_}; }

  private:
    void next_generation();
    template <class Neighbours>
    void steps_with(const Neighbours& neighbours, FloodProgress& progress, int max_steps);
    template <class Neighbours>
    void step_with(const Neighbours& neighbours, FloodProgress& progress);
    CellId destination_by_tile(Vec3 centroid, int first_candidate_step) const;
    template <class Position>
    void fill_result_with(const Position& position, FloodResult& r, int step, const Vec2* nearest_rows) const;

    const CellSpace* space_ = nullptr;
    FloodSettings settings_;
    Vec2 direction_;

    // mark_[c] >= base_ means touched in this run; mark_[c] - base_ is the step the cell was heated at
    // (0..M_S), or M_S + 1 for barrier. Bumping base_ forgets a whole run without clearing the array.
    std::vector<std::uint32_t> mark_;
    std::uint32_t base_ = 1;
    std::uint32_t generation_end_ = 1;  // one past the highest code of the current run
    std::uint32_t barrier_code_ = 0;

    std::vector<CellId> heated_;  // capacity heated_capacity() in flood_generic.cpp, heated_count_ used
    std::size_t heated_count_ = 0;
    std::vector<std::size_t> step_begin_;  // index in heated_ of the first cell heated at step j (M_S + 2)
    std::vector<CellId> barrier_;          // capacity N
    std::size_t barrier_count_ = 0;
    std::size_t barrier_frontier_begin_ = 0;
};

}  // namespace kinema::chase::detail
