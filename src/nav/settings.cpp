#include "kinema/nav/settings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "kinema/core/format.hpp"

namespace kinema::nav {

namespace {

// RecastDemo's names in snake_case; units and ranges as settings.hpp documents them (rcConfig's limits).
// Every range is finite (issue 40): the one validate_settings() checks and help, JSON and Python show. The
// agent's sizes are also counted in voxels of the sizes given (validate() below); their ranges here are those
// counts at the largest voxels, so no value outside them is valid with any voxel sizes.
using N = NavSettings;
constexpr FieldRange kVoxel = closed_range(nav_min_voxel, nav_max_voxel);
constexpr FieldRange kLength = closed_range(0.0, nav_max_length);
constexpr std::array kNavFields{
    field<N, &N::agent_height>("agent_height", "world",
                               interval(2.0 * nav_min_voxel, false, nav_max_agent_size, true),
                               "agent height; 3 to 250 cell heights"),
    field<N, &N::agent_radius>("agent_radius", "world", closed_range(0.0, nav_max_agent_size),
                               "agent radius; at most 250 cell sizes"),
    field<N, &N::agent_max_climb>("agent_max_climb", "world", closed_range(0.0, nav_max_agent_size),
                                  "highest step walked up; below 251 cell heights"),
    field<N, &N::agent_max_slope>("agent_max_slope", "deg", interval(0.0, true, 90.0, false),
                                  "steepest walkable triangle"),
    field<N, &N::cell_size>("cell_size", "world", kVoxel, "navmesh voxel width on x and z"),
    field<N, &N::cell_height>("cell_height", "world", kVoxel, "voxel height on y"),
    field<N, &N::chase_cell_size>("chase_cell_size", "world", kVoxel,
                                  "width of the chase flood's cells (columns)"),
    field<N, &N::max_chase_columns>("max_chase_columns", "count", closed_range(1.0, 268435456.0),
                                    "most chase columns over the navmesh bounds"),
    field<N, &N::max_voxels>("max_voxels", "count", closed_range(1.0, 268435456.0),
                             "most navmesh voxels: covered by triangles, or in heightfields at once"),
    field<N, &N::tile_size>("tile_size", "voxels", closed_range(0.0, 4096.0),
                            "navmesh tile side in voxels; 0 one tile, else 16 to 4096"),
    field<N, &N::threads>("threads", "count", closed_range(1.0, 64.0), "threads building tiles (integer)"),
    field<N, &N::region_min_size>("region_min_size", "cells", closed_range(0.0, 1000.0),
                                  "smallest isolated region kept, cells per side"),
    field<N, &N::region_merge_size>("region_merge_size", "cells", closed_range(0.0, 1000.0),
                                    "regions smaller than size^2 cells merge"),
    field<N, &N::edge_max_length>("edge_max_length", "world", kLength, "longest polygon edge; 0 no limit"),
    field<N, &N::edge_max_error>("edge_max_error", "cells", kLength, "contour simplification error"),
    field<N, &N::verts_per_poly>("verts_per_poly", "count", closed_range(3.0, 6.0),
                                 "vertices per polygon (integer)"),
    field<N, &N::detail_sample_distance>("detail_sample_distance", "cells", kLength,
                                         "detail mesh sampling distance; below 0.9 none"),
    field<N, &N::detail_sample_max_error>("detail_sample_max_error", "cells", kLength,
                                          "detail mesh height error, cell heights"),
    field<N, &N::snap_extents, &Vec3::x>(
        "snap_extents.x", "world", interval(0.0, false, nav_max_length, true), "snap box half extent on x"),
    field<N, &N::snap_extents, &Vec3::y>(
        "snap_extents.y", "world", interval(0.0, false, nav_max_length, true), "snap box half extent on y"),
    field<N, &N::snap_extents, &Vec3::z>(
        "snap_extents.z", "world", interval(0.0, false, nav_max_length, true), "snap box half extent on z"),
};
constexpr SettingsDescription kNavDescription{"NavSettings", kNavFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<NavSettings>) noexcept {
    return kNavDescription;
}

FieldErrors NavSettings::validate() const {
    FieldErrors errors = validate_settings(*this);
    // Recast's voxel limits (below) are cross-field: they need the voxel sizes and the agent to be valid.
    constexpr std::array<std::string_view, 7> voxel_inputs{
        "cell_size",    "cell_height",     "chase_cell_size", "agent_height",
        "agent_radius", "agent_max_climb", "agent_max_slope"};
    const bool voxels_known = std::none_of(errors.begin(), errors.end(), [&](const FieldError& e) {
        return std::find(voxel_inputs.begin(), voxel_inputs.end(), e.field) != voxel_inputs.end();
    });
    if (voxels_known) {
        // Recast counts these in voxels (rcConfig limits: walkableHeight >= 3); the compact heightfield keeps
        // clearances and distances in 8 bits.
        // Each message gives the range at the voxel sizes given, as the registry's do.
        const auto cells = [](double count, double size) { return format_number(count * size); };
        const double height_vx = std::ceil(agent_height / cell_height);
        if (height_vx < 3.0 || height_vx > 250.0) {
            errors.push_back({"agent_height", "must be in (" + cells(2.0, cell_height) + ", " +
                                                  cells(250.0, cell_height) + "]: 3 to 250 cell heights of " +
                                                  format_number(cell_height) + ", got " +
                                                  format_number(agent_height)});
        }
        const double smaller_cell = std::min(cell_size, chase_cell_size);
        if (std::ceil(agent_radius / smaller_cell) > 250.0) {
            errors.push_back({"agent_radius", "must be in [0, " + cells(250.0, smaller_cell) +
                                                  "]: at most 250 cells of " + format_number(smaller_cell) +
                                                  " (the smaller of cell_size and chase_cell_size), got " +
                                                  format_number(agent_radius)});
        }
        if (std::floor(agent_max_climb / cell_height) > 250.0) {
            errors.push_back({"agent_max_climb", "must be in [0, " + cells(251.0, cell_height) +
                                                     "): below 251 cell heights of " +
                                                     format_number(cell_height) + ", got " +
                                                     format_number(agent_max_climb)});
        }
    }
    if (std::isfinite(verts_per_poly) && verts_per_poly != std::floor(verts_per_poly)) {
        errors.push_back({"verts_per_poly", "must be an integer"});
    }
    // Sample_TileMesh's smallest tile is 16 voxels; a tile narrower than its border (radius + 3 voxels) is
    // mostly overlap.
    if (std::isfinite(tile_size) &&
        (tile_size != std::floor(tile_size) || (tile_size > 0.0 && tile_size < 16.0))) {
        errors.push_back({"tile_size", "must be 0 (one tile) or an integer from 16 to 4096"});
    }
    if (std::isfinite(threads) && threads != std::floor(threads)) {
        errors.push_back({"threads", "must be an integer"});
    }
    return errors;
}

}  // namespace kinema::nav
