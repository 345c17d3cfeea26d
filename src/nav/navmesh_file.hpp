// The navmesh tile-set file that Recast's demo writes and reads (Sample_TileMesh "all_tiles_navmesh.bin";
// influence-maps-and-levels.md section 7): internal to kinema_nav, docs/nav.md "Navmesh files" documents it.
#pragma once

#include <string>
#include <string_view>

#include <recastnavigation/DetourNavMesh.h>

namespace kinema::nav::detail {

/// The largest coordinate (in magnitude, world units) a navmesh file may hold, and so every navmesh kinema
/// builds: beyond it Detour's squared distances overflow to infinity, and its nearest edge search
/// (closestPointOnDetailEdges) then reads through null pointers. The reader refuses a file beyond it; the
/// builders (recast_tile.cpp, polygon_navmesh.cpp) refuse a level whose tiles would reach beyond it, so that
/// every navmesh written can be read back.
inline constexpr double max_navmesh_coordinate = 1e7;

/// Where the numbers of a tile header (its bounds, agent sizes and quantisation factor) are not all finite
/// and within max_navmesh_coordinate: the largest magnitude found (infinity for NaN); 0 when readable.
double unreadable_header_number(const dtMeshHeader& header);

/// The file's bytes for every tile of `mesh`: header {'MSET', version 1, tile count, dtNavMeshParams}, then
/// per tile {dtTileRef, int32 data size, data}, native endianness.
std::string encode_navmesh(const dtNavMesh& mesh);

/// A navmesh from the file's bytes (owned by the caller: dtFreeNavMesh). Every size, count and index Detour
/// would trust is checked first; a bad file throws levels::LevelError "NAME: reason".
dtNavMesh* decode_navmesh(std::string_view bytes, const std::string& name);

}  // namespace kinema::nav::detail
