#include "kinema/nav/settings.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace kinema::nav {

FieldErrors NavSettings::validate() const {
    FieldErrors errors;
    require_greater(errors, "cell_size", cell_size, 0.0);
    require_greater(errors, "cell_height", cell_height, 0.0);
    require_greater(errors, "chase_cell_size", chase_cell_size, 0.0);
    require_greater(errors, "agent_height", agent_height, 0.0);
    require_at_least(errors, "agent_radius", agent_radius, 0.0);
    require_at_least(errors, "agent_max_climb", agent_max_climb, 0.0);
    require_in_range(errors, "agent_max_slope", agent_max_slope, 0.0, 90.0);
    if (agent_max_slope == 90.0) {
        errors.push_back({"agent_max_slope", "must be < 90, got 90"});
    }
    const bool voxels_known = errors.empty();
    if (voxels_known) {
        // Recast counts these in voxels (rcConfig limits: walkableHeight >= 3); the compact heightfield keeps
        // clearances and distances in 8 bits.
        const double height_vx = std::ceil(agent_height / cell_height);
        if (height_vx < 3.0 || height_vx > 250.0) {
            errors.push_back({"agent_height", "must be between 3 and 250 cell heights (cell_height " +
                                                  std::to_string(cell_height) + ")"});
        }
        if (std::ceil(agent_radius / std::min(cell_size, chase_cell_size)) > 250.0) {
            errors.push_back({"agent_radius", "must be at most 250 cell sizes"});
        }
        if (std::floor(agent_max_climb / cell_height) > 250.0) {
            errors.push_back({"agent_max_climb", "must be at most 250 cell heights"});
        }
    }
    require_in_range(errors, "region_min_size", region_min_size, 0.0, 1000.0);
    require_in_range(errors, "region_merge_size", region_merge_size, 0.0, 1000.0);
    require_at_least(errors, "edge_max_length", edge_max_length, 0.0);
    require_at_least(errors, "edge_max_error", edge_max_error, 0.0);
    require_in_range(errors, "verts_per_poly", verts_per_poly, 3.0, 6.0);
    if (std::isfinite(verts_per_poly) && verts_per_poly != std::floor(verts_per_poly)) {
        errors.push_back({"verts_per_poly", "must be an integer"});
    }
    require_at_least(errors, "detail_sample_distance", detail_sample_distance, 0.0);
    require_at_least(errors, "detail_sample_max_error", detail_sample_max_error, 0.0);
    require_greater(errors, "snap_extents.x", snap_extents.x, 0.0);
    require_greater(errors, "snap_extents.y", snap_extents.y, 0.0);
    require_greater(errors, "snap_extents.z", snap_extents.z, 0.0);
    return errors;
}

}  // namespace kinema::nav
