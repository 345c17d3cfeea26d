// The build half of a level, as Recast is to Detour: a triangle mesh voxelised and made a Detour navmesh
// (navmesh_build.cpp, on recast_build.hpp's steps). Level::build (level.cpp) calls it, then samples the chase
// cells; the runtime queries (path_finder.cpp) only read what it built. Private to kinema_nav.
#pragma once

#include "kinema/core/vec.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/settings.hpp"
#include "level_navmesh.hpp"

namespace kinema::nav::detail {

/// A built navmesh and the mesh's bounds (world units, in double).
struct BuiltNavmesh {
    NavmeshPtr mesh;
    Vec3 bounds_min;
    Vec3 bounds_max;
};

/// The navmesh of `mesh`: one tile when settings.tile_size is 0, else tiles of tile_size voxels built on
/// settings.threads workers of parallel_for (the host's settings.tasks when it has one), the same navmesh
/// for any count. Fills stats's triangle, tile, polygon, grid and byte counts. Throws levels::LevelError for
/// a mesh that cannot become a navmesh (settings are validated by the caller).
BuiltNavmesh build_navmesh(const levels::TriangleMesh& mesh, const NavSettings& settings, LevelStats& stats);

}  // namespace kinema::nav::detail
