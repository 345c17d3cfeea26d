// kinema_nav_settings to and from nav::NavSettings, field by field: the C struct keeps the names and the
// order, but its counts are integers where NavSettings holds doubles (issue 42), and it carries the host's
// task system and internal_check. Only with kinema's navmesh part.
#pragma once

#include <stdexcept>

#include "guard.hpp"
#include "kinema/kinema.h"
#include "kinema/nav/settings.hpp"

namespace kinema::c_abi {

inline kinema_nav_settings nav_settings_to_c(const nav::NavSettings& s) {
    kinema_nav_settings out{};
    out.agent_height = s.agent_height;
    out.agent_radius = s.agent_radius;
    out.agent_max_climb = s.agent_max_climb;
    out.agent_max_slope = s.agent_max_slope;
    out.cell_size = s.cell_size;
    out.cell_height = s.cell_height;
    out.chase_cell_size = s.chase_cell_size;
    out.max_chase_columns = static_cast<int64_t>(s.max_chase_columns);
    out.max_voxels = static_cast<int64_t>(s.max_voxels);
    out.tile_size = static_cast<int>(s.tile_size);
    out.threads = static_cast<int>(s.threads);
    out.region_min_size = s.region_min_size;
    out.region_merge_size = s.region_merge_size;
    out.edge_max_length = s.edge_max_length;
    out.edge_max_error = s.edge_max_error;
    out.verts_per_poly = static_cast<int>(s.verts_per_poly);
    out.detail_sample_distance = s.detail_sample_distance;
    out.detail_sample_max_error = s.detail_sample_max_error;
    out.snap_extents = {s.snap_extents.x, s.snap_extents.y, s.snap_extents.z};
    out.internal_check = KINEMA_INTERNAL_CHECK;  // the task system stays null: kinema's own threads
    return out;
}

/// The C settings as NavSettings (the ranges are checked where they enter the library, naming the fields as
/// both structs name them); a struct not made by kinema_nav_settings_default(), or a task system with one of
/// its two functions, is refused.
inline nav::NavSettings nav_settings_from_c(const kinema_nav_settings& c) {
    require_made_by_default(c.internal_check, "kinema_nav_settings");
    if ((c.enqueue_task == nullptr) != (c.finish_task == nullptr)) {
        throw UnmadeSettingsError(
            "kinema_nav_settings: enqueue_task and finish_task must both be set (the host's task system) or "
            "both be NULL (kinema's own threads)");
    }
    nav::NavSettings s;
    s.agent_height = c.agent_height;
    s.agent_radius = c.agent_radius;
    s.agent_max_climb = c.agent_max_climb;
    s.agent_max_slope = c.agent_max_slope;
    s.cell_size = c.cell_size;
    s.cell_height = c.cell_height;
    s.chase_cell_size = c.chase_cell_size;
    s.max_chase_columns = static_cast<double>(c.max_chase_columns);
    s.max_voxels = static_cast<double>(c.max_voxels);
    s.tile_size = c.tile_size;
    s.threads = c.threads;
    s.region_min_size = c.region_min_size;
    s.region_merge_size = c.region_merge_size;
    s.edge_max_length = c.edge_max_length;
    s.edge_max_error = c.edge_max_error;
    s.verts_per_poly = c.verts_per_poly;
    s.detail_sample_distance = c.detail_sample_distance;
    s.detail_sample_max_error = c.detail_sample_max_error;
    s.snap_extents = {c.snap_extents.x, c.snap_extents.y, c.snap_extents.z};
    // kinema_task_fn is kinema::TaskFunction's C spelling: the host's functions are kinema's TaskSystem.
    s.tasks.enqueue_task = c.enqueue_task;
    s.tasks.finish_task = c.finish_task;
    s.tasks.host_context = c.task_context;
    return s;
}

}  // namespace kinema::c_abi
