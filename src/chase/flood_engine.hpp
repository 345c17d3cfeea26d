// What the flood's engines share with Flood (kinema/chase/flood.hpp): the progress of a run, and the codes of
// an untouched and a barrier cell in heated_step(). Private to the chase part.
#pragma once

#include "kinema/chase/cell_space.hpp"
#include "kinema/chase/flood_settings.hpp"

namespace kinema::chase::detail {

// Where a run stands: the steps that happened, and whether and why it stopped.
struct FloodProgress {
    int step = 0;
    bool finished = false;
    StopReason stop_reason = StopReason::exhausted;
};

// heated_step() of a cell never touched, and of a barrier cell (heated cells give their step, >= 0).
inline constexpr int untouched_step = -1;
inline constexpr int barrier_step = -2;

}  // namespace kinema::chase::detail
