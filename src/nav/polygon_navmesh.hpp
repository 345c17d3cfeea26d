// A Detour navmesh made directly from an engine's own convex polygons (Godot's NavigationMesh, Recast tiles
// read out of Unreal, Unity's triangulation): no voxels, the polygons as given. Internal to kinema_nav;
// docs/nav.md "Polygons from memory" documents what it accepts.
#pragma once

#include <recastnavigation/DetourNavMesh.h>

#include "kinema/levels/mesh_arrays.hpp"
#include "kinema/nav/settings.hpp"

namespace kinema::nav::detail {

/// One Detour tile of the polygons (owned by the caller: dtFreeNavMesh), neighbours from shared edges,
/// vertices exactly as given. Throws levels::LevelError "level: polygon P ..." for a polygon Detour cannot
/// take (more than 6 corners, a corner used twice, no area in plan view, not convex), an edge shared by more
/// than two polygons, or more polygons or vertices than one tile holds.
dtNavMesh* polygon_navmesh(const levels::PolygonMesh& polygons, const NavSettings& settings);

}  // namespace kinema::nav::detail
