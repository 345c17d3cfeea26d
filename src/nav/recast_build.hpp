// The Recast build's shared pieces (influence-maps-and-levels.md section 5.2, steps numbered as there),
// private to kinema_nav: the voxelised mesh, one tile's heightfield box, Recast's context and the two
// per-tile steps. The build is split as Recast splits it: recast_voxels.cpp (steps 1 and 4, and the size
// checks before Recast starts), recast_tile.cpp (steps 2-12 on one tile, into Detour tile data),
// navmesh_build.cpp (the solo and tiled navmeshes, step 13). Debian packages Recast 1.5.1+git20210215:
// dtPolyRef is 32-bit and DT_POLYREF64 must stay undefined.
#pragma once

#include <cmath>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <recastnavigation/DetourAlloc.h>
#include <recastnavigation/Recast.h>

#include "kinema/core/vec.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/settings.hpp"

namespace kinema::nav::detail {

struct FreeCompact {
    void operator()(rcCompactHeightfield* chf) const { rcFreeCompactHeightfield(chf); }
};
using CompactPtr = std::unique_ptr<rcCompactHeightfield, FreeCompact>;

/// Keeps Recast's error messages so that a failed step can say why.
class Context : public rcContext {
  public:
    Context() : rcContext(true) { enableTimer(false); }
    std::string errors;

  protected:
    void doLog(const rcLogCategory category, const char* msg, const int len) override {
        if (category == RC_LOG_ERROR && len > 0) {
            errors += (errors.empty() ? "" : "; ") + std::string(msg, static_cast<std::size_t>(len));
        }
    }
};

/// The mesh in Recast's arrays (single precision), its walkable flags and its bounds.
struct Voxelized {
    std::vector<float> verts;
    std::vector<int> tris;
    std::vector<unsigned char> areas;
    float bmin[3];
    float bmax[3];
    Vec3 extent;             // bmax - bmin in double
    double plan_area = 0.0;  // the triangles' area projected on (x, z), world units squared
    Vec3 lo;                 // the mesh's bounds in double
    Vec3 hi;
};

/// The agent's sizes in voxels.
struct AgentVoxels {
    int height;
    int climb;
    int radius;
};

inline AgentVoxels agent_voxels(const NavSettings& s, double cell_size) {
    // Rounding as RecastDemo: height and radius up (never smaller than the agent), climb down (never higher).
    return {static_cast<int>(std::ceil(s.agent_height / s.cell_height)),
            static_cast<int>(std::floor(s.agent_max_climb / s.cell_height)),
            static_cast<int>(std::ceil(s.agent_radius / cell_size))};
}

/// Steps 1 and 4: the mesh's vertices and triangles in Recast's arrays (every index checked, zero-area
/// triangles counted and left out) and the walkable triangles marked by slope; stats gets the triangle
/// counts.
Voxelized voxelize(const levels::TriangleMesh& mesh, const NavSettings& settings, LevelStats& stats);

/// Fails when the mesh is more than 8000 cell heights tall (Recast's 13-bit span heights).
void check_layers(const Voxelized& v, double cell_height);
/// Fails when the mesh reaches farther from the origin than Recast rasterises in single precision.
void check_precision(const Voxelized& v, double cell_size);
/// Fails before Recast starts when the build would rasterise more than max_voxels voxels, or hold more than
/// 8 x max_voxels heightfield columns at once (`held` names them).
void check_voxels(const Voxelized& v, const NavSettings& s, double held_columns, const std::string& held);

/// The heightfield one tile is rasterised into: `border` voxels on each side overlap the neighbours.
struct TileBox {
    int width = 0;
    int depth = 0;
    int border = 0;
    float bmin[3] = {0.0F, 0.0F, 0.0F};
    float bmax[3] = {0.0F, 0.0F, 0.0F};
};

struct FreeData {
    void operator()(unsigned char* data) const { dtFree(data); }
};

/// One Detour tile's data (empty when the tile has no polygon), and what its build found.
struct TileData {
    std::unique_ptr<unsigned char, FreeData> data;
    int size = 0;
    int polygons = 0;
    std::size_t walkable_spans = 0;
};

/// Steps 2-7: heightfield, rasterisation of `tris` (walkable flags `areas`), filters, compact heightfield,
/// erosion.
CompactPtr build_compact(Context& ctx, const Voxelized& v, const std::vector<int>& tris,
                         const std::vector<unsigned char>& areas, const TileBox& box, const NavSettings& s);

/// Steps 8-12 on one compact heightfield: regions (watershed), contours, polygons, detail mesh, then the
/// Detour tile (tx, ty) with every polygon's flags set.
TileData build_tile_data(Context& ctx, rcCompactHeightfield& chf, const NavSettings& s, int border, int tx,
                         int ty);

}  // namespace kinema::nav::detail
