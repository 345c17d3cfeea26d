// A straightforward chase flood, written from chase-flood-spec.md alone and kept simple on purpose (issue 10,
// "Speed of the flood"): the baseline kinema's flood is measured against. Dense per-cell arrays, an explicit
// cooling pass over every heated cell at every step, a neighbour loop with a branch per neighbour, CSR
// neighbour lists read through CellSpace::neighbours(). It is what a competent engineer writes first; it is
// not tuned and must not be (a faster baseline would hide the ratio). Only the resets are per touched cell,
// not per map cell, so that the baseline does not pay for the map size either.
//
// Results must equal kinema's Flood bit for bit (bench/chase/flood_compare.cpp checks every flood).
#pragma once

#include <cstdint>
#include <vector>

#include "kinema/chase/cell_space.hpp"
#include "kinema/chase/flood.hpp"

namespace kinema::chase::bench {

class BaselineFlood {
  public:
    explicit BaselineFlood(FloodSettings settings = {}) : settings_(settings) {}

    /// Runs one whole flood (spec steps A and B) and returns the result (spec "Result").
    FloodResult run(const CellSpace& space, CellId seed, Vec2 direction);

    /// Value of a cell after the last run: untouched_value, barrier_value or the heat 0..H.
    int value(CellId c) const { return value_[c]; }

  private:
    void reset(std::size_t cells);
    FloodResult result(const CellSpace& space, CellId seed, int steps, StopReason reason) const;

    FloodSettings settings_;
    std::vector<int> value_;      // per cell: untouched_value, barrier_value or heat
    std::vector<char> queued_;    // per cell: already in `next_` this step
    std::vector<CellId> heated_;  // every heated cell
    std::vector<CellId> frontier_;
    std::vector<CellId> next_;
    std::vector<CellId> barrier_;  // every barrier cell
    std::vector<CellId> barrier_frontier_;
    std::vector<CellId> barrier_next_;
};

}  // namespace kinema::chase::bench
