// NavSettings's voxel sizes and the agent's sizes are checked against each other (the agent in voxels,
// settings.hpp): to ask whether a value on a bound of one field's range is kept, the others are first set
// to sizes that keep it valid. For the C++ struct and the C ABI's mirror (the same field names).
#pragma once

#include <string>

#include "kinema/nav/settings.hpp"

namespace kinema::test {

template <class Settings>
void fit_nav_sizes_to(Settings& s, const std::string& name, double value) {
    if (name == "agent_height" || name == "agent_radius" || name == "agent_max_climb") {
        const double voxel = value > 1.0 ? nav::nav_max_voxel : nav::nav_min_voxel;
        s.cell_size = s.chase_cell_size = s.cell_height = voxel;
        s.agent_height = 10.0 * voxel;
        s.agent_radius = s.agent_max_climb = voxel;
    } else if (name == "cell_height") {
        s.agent_height = 10.0 * value;
        s.agent_max_climb = 0.0;
    } else if (name == "cell_size" || name == "chase_cell_size") {
        s.agent_radius = 0.0;  // fits any cells, the other size's too
    }
}

}  // namespace kinema::test
