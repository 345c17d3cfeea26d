// Settings for building a level's cell space and navmesh with Recast/Detour. Defaults are RecastDemo's
// (influence-maps-and-levels.md section 5.2, step 1); world units are the mesh's own (the Recast demo meshes
// use metres), y is up.
#pragma once

#include "kinema/core/parallel_for.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::nav {

/// Every voxel and cell size (NavSettings's cell_size, cell_height, chase_cell_size; NavCellSettings's),
/// world units, in [nav_min_voxel, nav_max_voxel]: RecastDemo's sliders run 0.1..1 m, and these ends leave
/// room for meshes in millimetres or kilometres while keeping every count Recast derives from them (world
/// sizes / voxel, at most 1e7 / 1e-3 = 1e10 before its own limits) and every float it stores finite (issue
/// 40).
inline constexpr double nav_min_voxel = 1e-3;
inline constexpr double nav_max_voxel = 1e3;
/// The agent's sizes are at most 250 voxels (Recast keeps them in 8 bits), so at most 250 x nav_max_voxel
/// world units whatever the voxel sizes; validate() also checks them against the voxel sizes given.
inline constexpr double nav_max_agent_size = 250.0 * nav_max_voxel;
/// Lengths and errors that have no limit of their own in Recast (edge length and error, detail sampling, the
/// snap box): at most this many world units or voxels, past which a larger value changes nothing (the
/// navmesh's coordinates stay within 1e7) and edge_max_length / cell_size still fits Recast's int.
inline constexpr double nav_max_length = 1e6;

struct NavSettings {
    // The agent.
    double agent_height = 2.0;  ///< world units, (0.002, 250000]; over 2, at most 250 cell heights
    double agent_radius = 0.6;  ///< world units, [0, 250000]; at most 250 cell sizes (chase cells too)
    double agent_max_climb =
        0.9;  ///< highest step the agent walks up, world units, [0, 250000]; below 251 cell heights
    double agent_max_slope = 45.0;  ///< steepest walkable triangle, degrees, [0, 90)

    // Voxels of the navmesh build.
    double cell_size = 0.3;    ///< navmesh voxel width on x and z, world units, [0.001, 1000]
    double cell_height = 0.2;  ///< voxel height on y (navmesh and chase cells), world units, [0.001, 1000]

    /// Width on x and z of the chase flood's cells (one column of NavCells), world units, [0.001, 1000].
    /// 0.75 is the Godot port's choice (influence-maps-and-levels.md section 2.1): with the chapter's M_H =
    /// 25, M_H only means something relative to cell size, and 0.3 m cells trip it in any room. Equal to
    /// cell_size, the flood uses the navmesh's own voxels.
    double chase_cell_size = 0.75;
    /// At most this many chase columns over the navmesh's bounds (NavCellSettings::max_columns), [1, 2^28]:
    /// a guard against a navmesh (or a small crafted navmesh file) spanning kilometres.
    double max_chase_columns = 64.0 * 1024.0 * 1024.0;
    /// At most this many navmesh voxels covered by triangles (their plan area / cell_size^2), and at most 8
    /// times this many heightfield columns held at once (one tile's grid, or `threads` tiles of (tile_size +
    /// 2 border)^2), [1, 2^28]; checked before Recast starts. Time and memory grow with both (docs/nav.md
    /// "Size limits of a build": 2^22 voxels, a 614 m square floor at 0.3 m in 256-voxel tiles, take 2.3 s of
    /// CPU and 240 MB); a level over it is a levels::LevelError naming the settings that change it.
    double max_voxels = 4.0 * 1024.0 * 1024.0;

    /// Navmesh tile width and depth in voxels (cell_size each), 0 or an integer in [16, 4096]. 0 builds one
    /// tile (Detour's "solo" mesh, as RecastDemo's Sample_SoloMesh); a tile size builds a tiled navmesh (as
    /// Sample_TileMesh, whose slider runs 16..1024), which large levels need: a solo tile holds at most 65535
    /// vertices and 32000 voxels per side. 256 voxels (76.8 m at 0.3 m) suits a 500 m level.
    double tile_size = 0.0;
    /// Threads that build tiles, an integer in [1, 64]. The navmesh is the same for any count (tiles are
    /// independent and join the navmesh in a fixed order).
    double threads = 1.0;

    // Navmesh polygons (RecastDemo defaults).
    double region_min_size =
        8.0;  ///< smallest isolated region kept, cells per side (area = size^2), [0, 1000]
    double region_merge_size = 20.0;  ///< regions smaller than size^2 cells merge, cells per side, [0, 1000]
    double edge_max_length = 12.0;    ///< longest polygon border edge, world units, [0, 1e6]; 0 = no limit
    double edge_max_error = 1.3;      ///< contour simplification error, cell sizes, [0, 1e6]
    double verts_per_poly = 6.0;      ///< integer, [3, 6] (Detour's DT_VERTS_PER_POLYGON is 6)
    double detail_sample_distance = 6.0;   ///< detail mesh sampling, cell sizes, [0, 1e6]; below 0.9 off
    double detail_sample_max_error = 1.0;  ///< detail mesh height error, cell heights, [0, 1e6]

    /// Half extents of the box in which a point is snapped to the navmesh (x, y, z), world units, each (0,
    /// 1e6]. RecastDemo picks with (2, 4, 2).
    Vec3 snap_extents{2.0, 4.0, 2.0};

    /// The host's task system the tile build runs its `threads` workers on (kinema/core/parallel_for.hpp);
    /// null (the default) = kinema's own threads. Not a setting: outside the registry, so no file, JSON,
    /// digest or flag holds it, and the navmesh is the same whichever runs the tiles; a game hands it in
    /// through the C ABI (kinema_nav_settings).
    TaskSystem tasks{};

    FieldErrors validate() const;
};

/// The registry of NavSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<NavSettings>) noexcept;

}  // namespace kinema::nav
