// Recast/Detour build of a level, following the single-tile sequence of influence-maps-and-levels.md section
// 5.2 (steps numbered as there). Debian packages Recast 1.5.1+git20210215: dtPolyRef is 32-bit and
// DT_POLYREF64 must stay undefined.
#include "kinema/nav/level.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <system_error>
#include <thread>

#include <recastnavigation/DetourCommon.h>
#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshBuilder.h>
#include <recastnavigation/DetourNavMeshQuery.h>
#include <recastnavigation/Recast.h>

#include "kinema/core/format.hpp"
#include "navmesh_file.hpp"
#include "polygon_navmesh.hpp"

namespace kinema::nav {

struct Level::Navmesh {
    struct Free {
        void operator()(dtNavMesh* mesh) const { dtFreeNavMesh(mesh); }
    };
    std::unique_ptr<dtNavMesh, Free> mesh;
    Vec3 snap_extents;
};

namespace {

struct FreeHeightfield {
    void operator()(rcHeightfield* hf) const { rcFreeHeightField(hf); }
};
struct FreeCompact {
    void operator()(rcCompactHeightfield* chf) const { rcFreeCompactHeightfield(chf); }
};
struct FreeContours {
    void operator()(rcContourSet* cset) const { rcFreeContourSet(cset); }
};
struct FreePolyMesh {
    void operator()(rcPolyMesh* pmesh) const { rcFreePolyMesh(pmesh); }
};
struct FreeDetail {
    void operator()(rcPolyMeshDetail* dmesh) const { rcFreePolyMeshDetail(dmesh); }
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

[[noreturn]] void fail(const Context& ctx, const std::string& step) {
    throw levels::LevelError("level: Recast/Detour failed to " + step +
                             (ctx.errors.empty() ? "" : ": " + ctx.errors));
}

// Largest voxel grids accepted for one tile: Detour stores polygon vertices as 16-bit voxel coordinates, and
// a heightfield costs 8 bytes per column.
constexpr double kMaxGridSide = 32000.0;
constexpr double kMaxGridColumns = 16.0 * 1024.0 * 1024.0;
// Recast's solid spans have 13-bit heights (RC_SPAN_MAX_HEIGHT = 8191).
constexpr double kMaxGridLayers = 8000.0;
// Debian's Detour has 32-bit polygon references: tile bits + polygon bits <= 22 (10 salt bits). As in
// RecastDemo's Sample_TileMesh, at most 2^14 tiles; the rest of the 22 bits number the polygons of a tile.
constexpr int kRefBits = 22;
constexpr int kMaxTileBits = 14;

struct Voxelized {
    std::vector<float> verts;
    std::vector<int> tris;
    std::vector<unsigned char> areas;
    float bmin[3];
    float bmax[3];
    Vec3 extent;             // bmax - bmin in double
    double plan_area = 0.0;  // the triangles' area projected on (x, z), world units squared
};

struct AgentVoxels {
    int height;
    int climb;
    int radius;
};

AgentVoxels agent_voxels(const NavSettings& s, double cell_size) {
    // Rounding as RecastDemo: height and radius up (never smaller than the agent), climb down (never higher).
    return {static_cast<int>(std::ceil(s.agent_height / s.cell_height)),
            static_cast<int>(std::floor(s.agent_max_climb / s.cell_height)),
            static_cast<int>(std::ceil(s.agent_radius / cell_size))};
}

void check_layers(const Voxelized& v, double cell_height) {
    if (!(v.extent.y / cell_height <= kMaxGridLayers)) {
        throw levels::LevelError("level: the mesh is " + std::to_string(v.extent.y) +
                                 " world units tall: more than 8000 cell heights of " +
                                 std::to_string(cell_height));
    }
}

/// Recast rasterises in single precision: a row or column boundary is bmin + i * cell_size rounded to a
/// float, and a clipped polygon's new corners land on them. Where floats are more than a voxel apart (|x| >=
/// 2^23 cell sizes, e.g. beyond 8.4e6 for 0.3), consecutive boundaries round to the same float, and
/// rcRasterizeTriangles's dividePoly puts every corner lying on a boundary into both halves, once more per
/// coinciding boundary: the polygon outgrows its fixed 7-corner stack buffers (RecastRasterization.cpp,
/// buf[7 * 3 * 4] and d[12]) and the process aborts ("stack smashing detected"). 2^19 cell sizes keeps the
/// float spacing at most 1/16 of a voxel, so boundaries stay 15 float steps apart and an interpolated corner
/// (off by at most one step) never reaches the next one. 1e7 is the navmesh file's limit (navmesh_file.cpp):
/// a level built beyond it could not be read back.
constexpr double kMaxCoordinateInCells = 524288.0;  // 2^19
constexpr double kMaxCoordinate = detail::max_navmesh_coordinate;

void check_precision(const Voxelized& v, double cell_size) {
    const Vec3 lo{v.bmin[0], v.bmin[1], v.bmin[2]};
    const Vec3 hi{v.bmax[0], v.bmax[1], v.bmax[2]};
    const double plan = std::max({std::abs(lo.x), std::abs(hi.x), std::abs(lo.z), std::abs(hi.z)});
    const double limit = std::min(kMaxCoordinateInCells * cell_size, kMaxCoordinate);
    if (!(plan <= limit)) {
        throw levels::LevelError(
            "level: the mesh reaches " + format_number(plan) +
            " world units from the origin on x or z, more than the " + format_number(limit) +
            " that Recast rasterises in single precision (2^19 voxels of " + format_number(cell_size) +
            ", at most 1e7): move the level nearer the origin");
    }
    const double height = std::max(std::abs(lo.y), std::abs(hi.y));
    if (!(height <= kMaxCoordinate)) {
        throw levels::LevelError(
            "level: the mesh reaches " + format_number(height) +
            " world units from the origin on y, more than the 1e7 of a navmesh file: move the "
            "level nearer the origin");
    }
}

/// Fails before Recast starts when the build would rasterise more than max_voxels voxels, or hold more than
/// kHeldColumnsPerVoxel x max_voxels heightfield columns at once (`held`, "the one-tile heightfield" or "N
/// tiles building at once"): Recast's time and memory grow with both (docs/nav.md "Size limits of a build").
/// Measured on flat floors: a covered voxel costs about 57 bytes at the peak (navmesh and chase cells
/// included), an empty heightfield column about 12 (one 4096-voxel tile around a 10 m floor: 206 MB), so an
/// empty column counts as an eighth of a voxel, and one tile of the largest size always fits the default
/// budget.
constexpr double kHeldColumnsPerVoxel = 8.0;

void check_voxels(const Voxelized& v, const NavSettings& s, double held_columns, const std::string& held) {
    const double limit = std::floor(s.max_voxels);
    const double covered = std::ceil(v.plan_area / (s.cell_size * s.cell_size));
    if (!(covered <= limit)) {
        throw levels::LevelError("level: the triangles cover " + format_number(v.plan_area) +
                                 " square world units, about " + format_number(covered) + " voxels of " +
                                 format_number(s.cell_size) +
                                 ", more than max_voxels = " + format_number(limit) +
                                 ": raise cell_size or max_voxels, or build the level in parts");
    }
    if (!(held_columns <= kHeldColumnsPerVoxel * limit)) {
        throw levels::LevelError("level: " + held + " would hold " + format_number(held_columns) +
                                 " voxel columns at cell size " + format_number(s.cell_size) +
                                 ", more than " + format_number(kHeldColumnsPerVoxel) +
                                 " x max_voxels = " + format_number(kHeldColumnsPerVoxel * limit) +
                                 ": lower tile_size or threads, or raise max_voxels");
    }
}

/// The heightfield one tile is rasterised into: `border` voxels on each side overlap the neighbours.
struct TileBox {
    int width = 0;
    int depth = 0;
    int border = 0;
    float bmin[3] = {0.0F, 0.0F, 0.0F};
    float bmax[3] = {0.0F, 0.0F, 0.0F};
};

/// The whole level as one tile (no border).
TileBox solo_box(const Voxelized& v, const NavSettings& s) {
    const double w = std::ceil(v.extent.x / s.cell_size) + 1.0;
    const double d = std::ceil(v.extent.z / s.cell_size) + 1.0;
    if (!(w <= kMaxGridSide && d <= kMaxGridSide && w * d <= kMaxGridColumns)) {
        throw levels::LevelError(
            "level: the mesh spans " + std::to_string(v.extent.x) + " x " + std::to_string(v.extent.z) +
            " world units on x and z: too many columns for cell size " + std::to_string(s.cell_size) +
            " in one tile (set tile_size for a tiled navmesh)");
    }
    check_layers(v, s.cell_height);
    check_precision(v, s.cell_size);
    TileBox box;
    std::copy(v.bmin, v.bmin + 3, box.bmin);
    std::copy(v.bmax, v.bmax + 3, box.bmax);
    rcCalcGridSize(v.bmin, v.bmax, static_cast<float>(s.cell_size), &box.width, &box.depth);
    // rcCalcGridSize rounds extent / cell size to the nearest integer, so a mesh less than half a voxel
    // across gets a grid 0 columns wide, and rcRasterizeTriangles clamps row and column indices to
    // [0, size - 1] = [0, -1] and writes spans at index -1 (a crash, not an error).
    if (box.width < 1 || box.depth < 1) {
        throw levels::LevelError(
            "level: the mesh is " + format_number(v.extent.x) + " x " + format_number(v.extent.z) +
            " world units on x and z: less than half a voxel (" + format_number(s.cell_size) +
            ") across on " + (box.width < 1 ? "x" : "z") + ", too small for a one-tile navmesh");
    }
    return box;
}

/// Recast links a walkable span to its neighbours by its layer index within the neighbour's column, in 6 bits
/// with 63 (RC_NOT_CONNECTED) meaning "none" (rcBuildCompactHeightfield), and counts a column's spans in 8
/// bits: the 64th walkable span of a column and every one above it would be left unconnected (then dropped
/// as too small a region) without a word, and 256 wrap the count. So a column may hold at most 63 walkable
/// spans (floors one above another); more is refused, naming the column.
constexpr int kMaxFloorsPerColumn = RC_NOT_CONNECTED;

void check_floors_per_column(const rcHeightfield& hf) {
    for (int z = 0; z < hf.height; ++z) {
        for (int x = 0; x < hf.width; ++x) {
            int floors = 0;
            const rcSpan* top = nullptr;
            for (const rcSpan* span = hf.spans[x + z * hf.width]; span != nullptr; span = span->next) {
                if (span->area != RC_NULL_AREA) {
                    ++floors;
                    top = span;
                }
            }
            if (floors <= kMaxFloorsPerColumn) {
                continue;
            }
            const double cs = hf.cs;
            // To the millimetre: the heightfield's float origin would print as 0.45000001788139343.
            const auto mm = [](double v) { return std::round(v * 1000.0) / 1000.0; };
            const double x_mid = mm(double{hf.bmin[0]} + (x + 0.5) * cs);
            const double z_mid = mm(double{hf.bmin[2]} + (z + 0.5) * cs);
            const double highest = mm(double{hf.bmin[1]} + top->smax * double{hf.ch});
            throw levels::LevelError(
                "level: the voxel column at x = " + format_number(x_mid) + ", z = " + format_number(z_mid) +
                " holds " + std::to_string(floors) +
                " walkable floors one above another (the highest at y = " + format_number(highest) +
                "), more than the " + std::to_string(kMaxFloorsPerColumn) +
                " Recast connects in one column (those above would be lost): build the level in parts, " +
                "a range of heights each");
        }
    }
}

/// Steps 2-7: heightfield, rasterisation of `tris` (walkable flags `areas`), filters, compact heightfield,
/// erosion.
CompactPtr build_compact(Context& ctx, const Voxelized& v, const std::vector<int>& tris,
                         const std::vector<unsigned char>& areas, const TileBox& box, const NavSettings& s) {
    const AgentVoxels agent = agent_voxels(s, s.cell_size);
    std::unique_ptr<rcHeightfield, FreeHeightfield> hf(rcAllocHeightfield());
    if (!hf || !rcCreateHeightfield(&ctx, *hf, box.width, box.depth, box.bmin, box.bmax,
                                    static_cast<float>(s.cell_size), static_cast<float>(s.cell_height))) {
        fail(ctx, "allocate the heightfield");
    }
    if (!rcRasterizeTriangles(&ctx, v.verts.data(), static_cast<int>(v.verts.size() / 3), tris.data(),
                              areas.data(), static_cast<int>(areas.size()), *hf, agent.climb)) {
        fail(ctx, "rasterize the triangles");
    }
    rcFilterLowHangingWalkableObstacles(&ctx, agent.climb, *hf);
    rcFilterLedgeSpans(&ctx, agent.height, agent.climb, *hf);
    rcFilterWalkableLowHeightSpans(&ctx, agent.height, *hf);
    check_floors_per_column(*hf);
    CompactPtr chf(rcAllocCompactHeightfield());
    if (!chf || !rcBuildCompactHeightfield(&ctx, agent.height, agent.climb, *hf, *chf)) {
        fail(ctx, "build the compact heightfield");
    }
    if (!rcErodeWalkableArea(&ctx, agent.radius, *chf)) {
        fail(ctx, "erode the walkable area");
    }
    return chf;
}

std::size_t walkable_spans(const rcCompactHeightfield& chf) {
    return static_cast<std::size_t>(std::count_if(chf.areas, chf.areas + chf.spanCount,
                                                  [](unsigned char a) { return a != RC_NULL_AREA; }));
}

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

/// A tile whose header a navmesh file could not hold (navmesh_file.hpp, max_navmesh_coordinate) is refused
/// here, so that `navmesh build` never writes a file it cannot read back: the header's bounds are the floors'
/// plus the agent's height above the highest (a floor at y = 9999999 reaches 10000001).
void check_readable(const TileData& tile) {
    dtMeshHeader header;
    std::memcpy(&header, tile.data.get(), sizeof header);
    const double worst = detail::unreadable_header_number(header);
    if (worst != 0.0) {
        throw levels::LevelError("level: a navmesh tile reaches " + format_number(worst) +
                                 " world units from the origin (its bounds: the floors, and the agent's "
                                 "height above the highest), " +
                                 "more than the " + format_number(detail::max_navmesh_coordinate) +
                                 " of a navmesh file: move the level nearer the origin");
    }
}

/// Steps 8-12 on one compact heightfield: regions (watershed), contours, polygons, detail mesh, then the
/// Detour tile (tx, ty) with every polygon's flags set.
TileData build_tile_data(Context& ctx, rcCompactHeightfield& chf, const NavSettings& s, int border, int tx,
                         int ty) {
    TileData out;
    out.walkable_spans = walkable_spans(chf);
    if (out.walkable_spans == 0) {
        return out;
    }
    const double cs = s.cell_size;
    if (!rcBuildDistanceField(&ctx, chf)) {
        fail(ctx, "build the distance field");
    }
    const int min_area = static_cast<int>(s.region_min_size * s.region_min_size);
    const int merge_area = static_cast<int>(s.region_merge_size * s.region_merge_size);
    if (!rcBuildRegions(&ctx, chf, border, min_area, merge_area)) {
        fail(ctx, "build the regions");
    }
    std::unique_ptr<rcContourSet, FreeContours> cset(rcAllocContourSet());
    if (!cset || !rcBuildContours(&ctx, chf, static_cast<float>(s.edge_max_error),
                                  static_cast<int>(s.edge_max_length / cs), *cset)) {
        fail(ctx, "build the contours");
    }
    const int nvp = static_cast<int>(s.verts_per_poly);
    std::unique_ptr<rcPolyMesh, FreePolyMesh> pmesh(rcAllocPolyMesh());
    if (!pmesh || !rcBuildPolyMesh(&ctx, *cset, nvp, *pmesh)) {
        fail(ctx, "build the polygon mesh");
    }
    std::unique_ptr<rcPolyMeshDetail, FreeDetail> dmesh(rcAllocPolyMeshDetail());
    const double sample = s.detail_sample_distance < 0.9 ? 0.0 : cs * s.detail_sample_distance;
    if (!dmesh ||
        !rcBuildPolyMeshDetail(&ctx, *pmesh, chf, static_cast<float>(sample),
                               static_cast<float>(s.cell_height * s.detail_sample_max_error), *dmesh)) {
        fail(ctx, "build the detail mesh");
    }
    out.polygons = pmesh->npolys;
    if (pmesh->npolys == 0) {
        return out;
    }

    // Step 11, the trap: Detour's default query filter passes only polygons whose flags share a bit with its
    // include flags (0xffff), so all-zero flags make every query fail silently.
    for (int i = 0; i < pmesh->npolys; ++i) {
        pmesh->flags[i] = 1;
    }

    // Step 12: the Detour tile.
    dtNavMeshCreateParams params{};
    params.verts = pmesh->verts;
    params.vertCount = pmesh->nverts;
    params.polys = pmesh->polys;
    params.polyAreas = pmesh->areas;
    params.polyFlags = pmesh->flags;
    params.polyCount = pmesh->npolys;
    params.nvp = pmesh->nvp;
    params.detailMeshes = dmesh->meshes;
    params.detailVerts = dmesh->verts;
    params.detailVertsCount = dmesh->nverts;
    params.detailTris = dmesh->tris;
    params.detailTriCount = dmesh->ntris;
    params.walkableHeight = static_cast<float>(s.agent_height);
    params.walkableRadius = static_cast<float>(s.agent_radius);
    params.walkableClimb = static_cast<float>(s.agent_max_climb);
    params.tileX = tx;
    params.tileY = ty;
    std::copy(pmesh->bmin, pmesh->bmin + 3, params.bmin);
    std::copy(pmesh->bmax, pmesh->bmax + 3, params.bmax);
    params.cs = pmesh->cs;
    params.ch = pmesh->ch;
    params.buildBvTree = true;
    unsigned char* data = nullptr;
    if (!dtCreateNavMeshData(&params, &data, &out.size)) {
        throw levels::LevelError("level: Detour could not create the navmesh tile (" +
                                 std::to_string(pmesh->nverts) + " vertices, " +
                                 std::to_string(pmesh->npolys) + " polygons)");
    }
    out.data.reset(data);
    check_readable(out);
    return out;
}

std::string no_walkable_surface(const NavSettings& s) {
    return "level: no walkable surface left for an agent of height " + std::to_string(s.agent_height) +
           " and radius " + std::to_string(s.agent_radius);
}

using NavmeshPtr = std::unique_ptr<dtNavMesh, Level::Navmesh::Free>;

NavmeshPtr alloc_navmesh() {
    NavmeshPtr mesh(dtAllocNavMesh());
    if (!mesh) {
        throw std::bad_alloc();
    }
    return mesh;
}

/// Steps 2-13 on the whole level as one tile (Detour's solo mesh).
NavmeshPtr solo_navmesh(const Voxelized& v, const NavSettings& s, LevelStats& stats) {
    Context ctx;
    const TileBox box = solo_box(v, s);
    check_voxels(v, s, static_cast<double>(box.width) * static_cast<double>(box.depth),
                 "the one-tile heightfield");
    CompactPtr chf = build_compact(ctx, v, v.tris, v.areas, box, s);
    stats.nav_grid_width = chf->width;
    stats.nav_grid_depth = chf->height;
    TileData tile = build_tile_data(ctx, *chf, s, 0, 0, 0);
    if (tile.walkable_spans == 0) {
        throw levels::LevelError(no_walkable_surface(s));
    }
    if (tile.polygons == 0) {
        throw levels::LevelError(
            "level: the navmesh has no polygons (every walkable region is smaller than "
            "region_min_size^2 cells)");
    }
    NavmeshPtr mesh = alloc_navmesh();
    if (dtStatusFailed(mesh->init(tile.data.get(), tile.size, DT_TILE_FREE_DATA))) {
        throw levels::LevelError("level: Detour could not initialise the navmesh");
    }
    (void)tile.data.release();  // the navmesh owns it now
    stats.nav_tiles = 1;
    stats.nav_polygons = static_cast<std::size_t>(tile.polygons);
    stats.nav_data_bytes = static_cast<std::size_t>(tile.size);
    return mesh;
}

/// The tile grid of a tiled build (RecastDemo's Sample_TileMesh): tiles of `size` voxels from the mesh's
/// minimum corner, each rasterised with a border of radius + 3 voxels.
struct TileGrid {
    int size = 0;
    int border = 0;
    int columns = 0;  // tiles along x
    int rows = 0;     // tiles along z
    float tile_width = 0.0F;

    TileBox box(const Voxelized& v, const NavSettings& s, int tx, int ty) const {
        TileBox b;
        b.width = size + 2 * border;
        b.depth = size + 2 * border;
        b.border = border;
        const float pad = static_cast<float>(border) * static_cast<float>(s.cell_size);
        b.bmin[0] = v.bmin[0] + static_cast<float>(tx) * tile_width - pad;
        b.bmin[1] = v.bmin[1];
        b.bmin[2] = v.bmin[2] + static_cast<float>(ty) * tile_width - pad;
        b.bmax[0] = v.bmin[0] + static_cast<float>(tx + 1) * tile_width + pad;
        b.bmax[1] = v.bmax[1];
        b.bmax[2] = v.bmin[2] + static_cast<float>(ty + 1) * tile_width + pad;
        return b;
    }
};

TileGrid tile_grid(const Voxelized& v, const NavSettings& s) {
    check_layers(v, s.cell_height);
    TileGrid g;
    g.size = static_cast<int>(s.tile_size);
    g.border = agent_voxels(s, s.cell_size).radius + 3;
    g.tile_width = static_cast<float>(g.size) * static_cast<float>(s.cell_size);
    const double columns = std::ceil((std::ceil(v.extent.x / s.cell_size) + 1.0) / g.size);
    const double rows = std::ceil((std::ceil(v.extent.z / s.cell_size) + 1.0) / g.size);
    if (!(columns * rows <= double{1 << kMaxTileBits})) {
        throw levels::LevelError("level: the mesh spans " + std::to_string(v.extent.x) + " x " +
                                 std::to_string(v.extent.z) + " world units on x and z: more than " +
                                 std::to_string(1 << kMaxTileBits) + " tiles of " + std::to_string(g.size) +
                                 " voxels (raise tile_size)");
    }
    check_precision(v, s.cell_size);
    g.columns = static_cast<int>(columns);
    g.rows = static_cast<int>(rows);
    return g;
}

/// The triangles each tile's heightfield overlaps (as Recast's rasteriser tests them: inclusive bounds on x
/// and z), in mesh order: a tile rasterises only these.
std::vector<std::vector<int>> bin_triangles(const Voxelized& v, const NavSettings& s, const TileGrid& g) {
    std::vector<std::vector<int>> bins(static_cast<std::size_t>(g.columns) *
                                       static_cast<std::size_t>(g.rows));
    const float pad = static_cast<float>(g.border) * static_cast<float>(s.cell_size);
    for (std::size_t t = 0; t < v.tris.size() / 3; ++t) {
        float lo[2] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max()};
        float hi[2] = {std::numeric_limits<float>::lowest(), std::numeric_limits<float>::lowest()};
        for (int k = 0; k < 3; ++k) {
            const float* p =
                &v.verts[static_cast<std::size_t>(v.tris[t * 3 + static_cast<std::size_t>(k)]) * 3];
            lo[0] = std::min(lo[0], p[0]);
            lo[1] = std::min(lo[1], p[2]);
            hi[0] = std::max(hi[0], p[0]);
            hi[1] = std::max(hi[1], p[2]);
        }
        // A candidate range one tile wider than needed, then Recast's exact float test.
        const auto first = [&](float x, float origin) {
            return std::max(0, static_cast<int>(std::floor((x - origin - pad) / g.tile_width)) - 1);
        };
        const auto last = [&](float x, float origin, int count) {
            return std::min(count - 1, static_cast<int>(std::floor((x - origin + pad) / g.tile_width)) + 1);
        };
        for (int ty = first(lo[1], v.bmin[2]); ty <= last(hi[1], v.bmin[2], g.rows); ++ty) {
            for (int tx = first(lo[0], v.bmin[0]); tx <= last(hi[0], v.bmin[0], g.columns); ++tx) {
                const TileBox b = g.box(v, s, tx, ty);
                if (hi[0] >= b.bmin[0] && lo[0] <= b.bmax[0] && hi[1] >= b.bmin[2] && lo[1] <= b.bmax[2]) {
                    bins[static_cast<std::size_t>(ty * g.columns + tx)].push_back(static_cast<int>(t));
                }
            }
        }
    }
    return bins;
}

/// Builds every tile on `threads` threads. Each tile depends only on the mesh and its own bounds, so the
/// result is the same for any thread count; errors are reported for the first failing tile in tile order.
std::vector<TileData> build_tiles(const Voxelized& v, const NavSettings& s, const TileGrid& g) {
    const std::vector<std::vector<int>> bins = bin_triangles(v, s, g);
    std::vector<TileData> tiles(bins.size());
    std::vector<std::exception_ptr> errors(bins.size());
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
        Context ctx;
        std::vector<int> tris;
        std::vector<unsigned char> areas;
        for (std::size_t i = next++; i < bins.size(); i = next++) {
            try {
                const int tx = static_cast<int>(i % static_cast<std::size_t>(g.columns));
                const int ty = static_cast<int>(i / static_cast<std::size_t>(g.columns));
                tris.clear();
                areas.clear();
                for (const int t : bins[i]) {
                    const auto at = static_cast<std::size_t>(t);
                    tris.insert(tris.end(), v.tris.begin() + static_cast<std::ptrdiff_t>(at * 3),
                                v.tris.begin() + static_cast<std::ptrdiff_t>(at * 3 + 3));
                    areas.push_back(v.areas[at]);
                }
                if (tris.empty()) {
                    continue;
                }
                const TileBox box = g.box(v, s, tx, ty);
                CompactPtr chf = build_compact(ctx, v, tris, areas, box, s);
                tiles[i] = build_tile_data(ctx, *chf, s, box.border, tx, ty);
            } catch (...) {
                errors[i] = std::current_exception();
            }
        }
    };
    const std::size_t count = std::min(bins.size(), static_cast<std::size_t>(s.threads));
    std::vector<std::thread> workers;
    try {
        for (std::size_t k = 1; k < count; ++k) {
            workers.emplace_back(work);
        }
    } catch (const std::system_error&) {
        // No more threads to be had: the ones running and this one share the tiles all the same.
    }
    work();
    for (std::thread& w : workers) {
        w.join();
    }
    for (const std::exception_ptr& e : errors) {
        if (e) {
            std::rethrow_exception(e);
        }
    }
    return tiles;
}

/// Steps 2-13 tile by tile (RecastDemo's Sample_TileMesh), tiles added to the navmesh in row order.
NavmeshPtr tiled_navmesh(const Voxelized& v, const NavSettings& s, LevelStats& stats) {
    const TileGrid g = tile_grid(v, s);
    const double side = g.size + 2.0 * g.border;
    const double at_once = std::min(s.threads, static_cast<double>(g.columns) * static_cast<double>(g.rows));
    check_voxels(v, s, at_once * side * side, format_number(at_once) + " tiles building at once");
    std::vector<TileData> tiles = build_tiles(v, s, g);
    const int tile_bits = std::min(
        kMaxTileBits, static_cast<int>(dtIlog2(dtNextPow2(static_cast<unsigned>(g.columns * g.rows)))));
    const int max_polys = 1 << (kRefBits - tile_bits);
    std::size_t spans = 0;
    for (const TileData& t : tiles) {
        spans += t.walkable_spans;
        stats.nav_polygons += static_cast<std::size_t>(t.polygons);
        if (t.polygons > max_polys) {
            throw levels::LevelError("level: a navmesh tile has " + std::to_string(t.polygons) +
                                     " polygons, more than Detour's " + std::to_string(max_polys) + " with " +
                                     std::to_string(g.columns * g.rows) + " tiles (lower tile_size)");
        }
    }
    if (spans == 0) {
        throw levels::LevelError(no_walkable_surface(s));
    }
    if (stats.nav_polygons == 0) {
        throw levels::LevelError(
            "level: the navmesh has no polygons (every walkable region is smaller than "
            "region_min_size^2 cells)");
    }
    dtNavMeshParams params{};
    std::copy(v.bmin, v.bmin + 3, params.orig);
    params.tileWidth = g.tile_width;
    params.tileHeight = g.tile_width;
    params.maxTiles = 1 << tile_bits;
    params.maxPolys = max_polys;
    NavmeshPtr mesh = alloc_navmesh();
    if (dtStatusFailed(mesh->init(&params))) {
        throw levels::LevelError("level: Detour could not initialise the tiled navmesh");
    }
    for (TileData& t : tiles) {
        if (!t.data) {
            continue;
        }
        if (dtStatusFailed(mesh->addTile(t.data.get(), t.size, DT_TILE_FREE_DATA, 0, nullptr))) {
            throw levels::LevelError("level: Detour could not add a navmesh tile");
        }
        (void)t.data.release();  // the navmesh owns it now
        ++stats.nav_tiles;
        stats.nav_data_bytes += static_cast<std::size_t>(t.size);
    }
    rcCalcGridSize(v.bmin, v.bmax, static_cast<float>(s.cell_size), &stats.nav_grid_width,
                   &stats.nav_grid_depth);
    return mesh;
}

struct MeshBounds {
    Vec3 lo;
    Vec3 hi;
};

// Step 1 of a build: the mesh's vertices in float (Recast works in float), each finite; returns their bounds
// in double.
MeshBounds convert_vertices(const levels::TriangleMesh& mesh, Voxelized& v) {
    v.verts.reserve(mesh.vertices.size() * 3);
    Vec3 lo = mesh.vertices[0];
    Vec3 hi = mesh.vertices[0];
    for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const Vec3 p = mesh.vertices[i];
        const float f[3] = {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
        if (!std::isfinite(f[0]) || !std::isfinite(f[1]) || !std::isfinite(f[2])) {
            throw levels::LevelError("level: vertex " + std::to_string(i + 1) +
                                     " is not finite (in single precision)");
        }
        v.verts.insert(v.verts.end(), f, f + 3);
        lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    }
    v.bmin[0] = static_cast<float>(lo.x);
    v.bmin[1] = static_cast<float>(lo.y);
    v.bmin[2] = static_cast<float>(lo.z);
    v.bmax[0] = static_cast<float>(hi.x);
    v.bmax[1] = static_cast<float>(hi.y);
    v.bmax[2] = static_cast<float>(hi.z);
    v.extent = hi - lo;
    return {lo, hi};
}

// Step 1 continued: the mesh's triangles, every index checked, zero-area ones counted and left out.
void convert_triangles(const levels::TriangleMesh& mesh, Voxelized& v, LevelStats& stats) {
    v.tris.reserve(mesh.triangles.size() * 3);
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        const auto& tri = mesh.triangles[t];
        for (std::uint32_t index : tri) {
            if (index >= mesh.vertices.size()) {
                throw levels::LevelError("level: triangle " + std::to_string(t + 1) + " uses vertex index " +
                                         std::to_string(index) + ", but the mesh has " +
                                         std::to_string(mesh.vertices.size()) + " vertices");
            }
        }
        // A zero-area triangle has no normal (Recast would compute NaN); skip it rather than reject the
        // level, since exported meshes often hold a few.
        const Vec3 a = mesh.vertices[tri[0]];
        const Vec3 e1 = mesh.vertices[tri[1]] - a;
        const Vec3 e2 = mesh.vertices[tri[2]] - a;
        const Vec3 n{e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x};
        if (length_squared(n) == 0.0 || tri[0] == tri[1] || tri[1] == tri[2] || tri[0] == tri[2]) {
            ++stats.degenerate_triangles;
            continue;
        }
        v.tris.insert(v.tris.end(),
                      {static_cast<int>(tri[0]), static_cast<int>(tri[1]), static_cast<int>(tri[2])});
        v.plan_area += std::abs(n.y) / 2.0;
    }
    if (v.tris.empty()) {
        throw levels::LevelError("level: all " + std::to_string(mesh.triangles.size()) +
                                 " triangles are degenerate (zero area)");
    }
}

// Step 4: walkable triangles by slope.
void mark_walkable(Voxelized& v, const NavSettings& settings, LevelStats& stats) {
    Context ctx;
    const int triangle_count = static_cast<int>(v.tris.size() / 3);
    v.areas.assign(static_cast<std::size_t>(triangle_count), RC_NULL_AREA);
    const auto mark = [&] {
        rcMarkWalkableTriangles(&ctx, static_cast<float>(settings.agent_max_slope), v.verts.data(),
                                static_cast<int>(v.verts.size() / 3), v.tris.data(), triangle_count,
                                v.areas.data());
        return static_cast<std::size_t>(
            std::count(v.areas.begin(), v.areas.end(), static_cast<unsigned char>(RC_WALKABLE_AREA)));
    };
    stats.walkable_triangles = mark();
    if (stats.walkable_triangles == 0) {
        // Recast walks a triangle whose normal, by its winding (counter-clockwise seen from above), points
        // up. Nothing walkable as wound: a mesh wound the other way (clockwise, its floors facing down as
        // given) is read with every triangle's winding reversed, which is the same mesh wound Recast's way.
        // Per triangle it cannot be told: a downward-facing flat triangle of a counter-clockwise mesh is a
        // ceiling.
        for (std::size_t t = 0; t + 2 < v.tris.size(); t += 3) {
            std::swap(v.tris[t + 1], v.tris[t + 2]);
        }
        stats.walkable_triangles = mark();
    }
    if (stats.walkable_triangles == 0) {
        throw levels::LevelError(
            "level: no walkable surface: none of the " + std::to_string(triangle_count) +
            " triangles is flatter than agent_max_slope = " + std::to_string(settings.agent_max_slope) +
            " degrees, in either winding (y is up)");
    }
}

}  // namespace

const dtNavMesh& Level::detour_navmesh() const noexcept {
    return *navmesh_->mesh;
}

void Level::sample_cells(const std::string& name) {
    NavCellSettings cell_settings;
    cell_settings.cell_size = settings_.chase_cell_size;
    cell_settings.cell_height = settings_.cell_height;
    cell_settings.max_columns = std::floor(settings_.max_chase_columns);
    const dtQueryFilter filter;
    try {
        nav_cells_ = NavCells::build(*navmesh_->mesh, filter, cell_settings);
    } catch (const SettingsError&) {
        throw;
    } catch (const std::invalid_argument& e) {
        throw levels::LevelError(name + ": " + e.what());
    }
    if (nav_cells_.empty()) {
        throw levels::LevelError(name + ": the navmesh has no chase cells");
    }
}

void Level::adopt_navmesh(const std::string& name) {
    const dtNavMesh& mesh = *navmesh_->mesh;
    bool any = false;
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        if (tile == nullptr || tile->header == nullptr) {
            continue;
        }
        const dtMeshHeader& h = *tile->header;
        const Vec3 lo{h.bmin[0], h.bmin[1], h.bmin[2]};
        const Vec3 hi{h.bmax[0], h.bmax[1], h.bmax[2]};
        bounds_min_ = any ? Vec3{std::min(lo.x, bounds_min_.x), std::min(lo.y, bounds_min_.y),
                                 std::min(lo.z, bounds_min_.z)}
                          : lo;
        bounds_max_ = any ? Vec3{std::max(hi.x, bounds_max_.x), std::max(hi.y, bounds_max_.y),
                                 std::max(hi.z, bounds_max_.z)}
                          : hi;
        any = true;
        stats_.nav_polygons += static_cast<std::size_t>(h.polyCount);
        stats_.nav_data_bytes += static_cast<std::size_t>(tile->dataSize);
    }
    if (!any) {
        throw levels::LevelError(name + ": the navmesh has no tiles");
    }
    sample_cells(name);
}

Level Level::from_navmesh(std::string_view bytes, const std::string& name, const NavSettings& settings) {
    throw_if_invalid("nav settings", settings.validate());
    Level level;
    level.settings_ = settings;
    level.navmesh_ = std::make_unique<Navmesh>();
    level.navmesh_->mesh.reset(detail::decode_navmesh(bytes, name));
    level.navmesh_->snap_extents = settings.snap_extents;
    level.adopt_navmesh(name);
    return level;
}

Level Level::from_polygons(const levels::PolygonMesh& polygons, const NavSettings& settings) {
    throw_if_invalid("nav settings", settings.validate());
    Level level;
    level.settings_ = settings;
    level.navmesh_ = std::make_unique<Navmesh>();
    level.navmesh_->mesh.reset(detail::polygon_navmesh(polygons, settings));
    level.navmesh_->snap_extents = settings.snap_extents;
    level.stats_.nav_tiles = 1;
    level.adopt_navmesh("level");
    return level;
}

std::vector<std::vector<Vec3>> Level::navmesh_polygons() const {
    std::vector<std::vector<Vec3>> out;
    const dtNavMesh& mesh = *navmesh_->mesh;
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        if (tile == nullptr || tile->header == nullptr) {
            continue;
        }
        for (int p = 0; p < tile->header->polyCount; ++p) {
            const dtPoly& poly = tile->polys[p];
            if (poly.getType() != DT_POLYTYPE_GROUND) {
                continue;
            }
            std::vector<Vec3>& corners = out.emplace_back();
            for (int k = 0; k < poly.vertCount; ++k) {
                const float* v = &tile->verts[poly.verts[k] * 3];
                corners.push_back({v[0], v[1], v[2]});
            }
        }
    }
    return out;
}

std::string Level::save_navmesh() const {
    return detail::encode_navmesh(*navmesh_->mesh);
}

Level::Level(Level&&) noexcept = default;
Level& Level::operator=(Level&&) noexcept = default;
Level::~Level() = default;

Level Level::build(const levels::TriangleMesh& mesh, const NavSettings& settings) {
    throw_if_invalid("nav settings", settings.validate());
    Level level;
    level.settings_ = settings;
    LevelStats& stats = level.stats_;
    stats.triangles = mesh.triangles.size();

    if (mesh.vertices.empty() || mesh.triangles.empty()) {
        throw levels::LevelError("level: the mesh is empty");
    }
    if (mesh.vertices.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 3) ||
        mesh.triangles.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 3)) {
        throw levels::LevelError("level: the mesh is too large for Recast");
    }
    Voxelized v;
    const MeshBounds bounds = convert_vertices(mesh, v);
    level.bounds_min_ = bounds.lo;
    level.bounds_max_ = bounds.hi;
    convert_triangles(mesh, v, stats);
    mark_walkable(v, settings, stats);

    level.navmesh_ = std::make_unique<Navmesh>();
    level.navmesh_->mesh =
        settings.tile_size == 0.0 ? solo_navmesh(v, settings, stats) : tiled_navmesh(v, settings, stats);
    level.navmesh_->snap_extents = settings.snap_extents;
    level.sample_cells("level");
    return level;
}

struct PathFinder::Impl {
    struct Free {
        void operator()(dtNavMeshQuery* q) const { dtFreeNavMeshQuery(q); }
    };
    std::unique_ptr<dtNavMeshQuery, Free> query;
    dtQueryFilter filter;
    float extents[3];
    static constexpr int kMaxPolys = 512;
    dtPolyRef polys[kMaxPolys];
    float straight[kMaxPolys * 3];

    dtPolyRef nearest(Vec3 p, float out[3]) const {
        const float center[3] = {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
        dtPolyRef ref = 0;
        if (!is_finite(p) || dtStatusFailed(query->findNearestPoly(center, extents, &filter, &ref, out))) {
            return 0;
        }
        // Detour accepts any polygon whose bounding box meets the search box, so a long diagonal polygon can
        // give a nearest point far outside it (6 m away with a 2 m box on dungeon.obj). Keep the box's
        // promise.
        for (int i = 0; i < 3; ++i) {
            if (std::abs(out[i] - center[i]) > extents[i]) {
                return 0;
            }
        }
        return ref;
    }
};

PathFinder::PathFinder(const Level& level) : impl_(std::make_unique<Impl>()) {
    impl_->query.reset(dtAllocNavMeshQuery());
    if (!impl_->query) {
        throw std::bad_alloc();
    }
    constexpr int kMaxNodes = 2048;  // as in the reference build (section 5.2, step 14)
    if (dtStatusFailed(impl_->query->init(level.navmesh().mesh.get(), kMaxNodes))) {
        throw std::bad_alloc();
    }
    const Vec3 e = level.navmesh().snap_extents;
    impl_->extents[0] = static_cast<float>(e.x);
    impl_->extents[1] = static_cast<float>(e.y);
    impl_->extents[2] = static_cast<float>(e.z);
}

PathFinder::PathFinder(PathFinder&&) noexcept = default;
PathFinder& PathFinder::operator=(PathFinder&&) noexcept = default;
PathFinder::~PathFinder() = default;

std::optional<Vec3> PathFinder::snap(Vec3 p) {
    float out[3] = {0.0F, 0.0F, 0.0F};
    if (impl_->nearest(p, out) == 0) {
        return std::nullopt;
    }
    return Vec3{out[0], out[1], out[2]};
}

NavPath PathFinder::find_path(Vec3 from, Vec3 to) {
    NavPath path;
    float start[3] = {0.0F, 0.0F, 0.0F};
    float goal[3] = {0.0F, 0.0F, 0.0F};
    const dtPolyRef start_ref = impl_->nearest(from, start);
    if (start_ref == 0) {
        path.status = NavPath::Status::start_off_mesh;
        return path;
    }
    const dtPolyRef goal_ref = impl_->nearest(to, goal);
    if (goal_ref == 0) {
        path.status = NavPath::Status::goal_off_mesh;
        return path;
    }
    int poly_count = 0;
    const dtStatus found = impl_->query->findPath(start_ref, goal_ref, start, goal, &impl_->filter,
                                                  impl_->polys, &poly_count, Impl::kMaxPolys);
    if (dtStatusFailed(found) || poly_count == 0) {
        path.status = NavPath::Status::partial;
        path.points.push_back({start[0], start[1], start[2]});
        return path;
    }
    // findPath reports an unreachable goal as a partial result ending at the closest polygon.
    const bool complete =
        !dtStatusDetail(found, DT_PARTIAL_RESULT) && impl_->polys[poly_count - 1] == goal_ref;
    int point_count = 0;
    if (dtStatusFailed(impl_->query->findStraightPath(start, goal, impl_->polys, poly_count, impl_->straight,
                                                      nullptr, nullptr, &point_count, Impl::kMaxPolys))) {
        point_count = 0;
    }
    path.status = complete ? NavPath::Status::found : NavPath::Status::partial;
    path.points.reserve(static_cast<std::size_t>(point_count));
    for (int i = 0; i < point_count; ++i) {
        const float* p = impl_->straight + i * 3;
        path.points.push_back({p[0], p[1], p[2]});
        if (i > 0) {
            path.length += length(path.points[static_cast<std::size_t>(i)] -
                                  path.points[static_cast<std::size_t>(i - 1)]);
        }
    }
    return path;
}

NavRay PathFinder::raycast(Vec3 from, Vec3 direction, double distance) {
    if (!is_finite(from) || !is_finite(direction) || !std::isfinite(distance) || distance < 0.0) {
        throw std::invalid_argument("raycast: start, direction and distance must be finite, distance >= 0");
    }
    NavRay ray;
    float start[3] = {0.0F, 0.0F, 0.0F};
    const dtPolyRef start_ref = impl_->nearest(from, start);
    if (start_ref == 0) {
        return ray;
    }
    ray.on_mesh = true;
    ray.start = {start[0], start[1], start[2]};
    ray.end = ray.start;
    const double horizontal = std::hypot(direction.x, direction.z);
    if (horizontal == 0.0 || distance == 0.0) {
        return ray;
    }
    const Vec3 target = ray.start + Vec3{direction.x, 0.0, direction.z} * (distance / horizontal);
    const float end[3] = {static_cast<float>(target.x), start[1], static_cast<float>(target.z)};
    dtRaycastHit hit{};
    hit.path = impl_->polys;
    hit.maxPath = Impl::kMaxPolys;
    if (dtStatusFailed(impl_->query->raycast(start_ref, start, end, &impl_->filter, 0, &hit)) ||
        hit.pathCount == 0) {
        return ray;
    }
    // t is FLT_MAX when no border was hit, else the fraction of the segment walked.
    const bool hit_border = hit.t <= 1.0F;
    const double t = hit_border ? double{hit.t} : 1.0;
    const float stop[3] = {static_cast<float>(ray.start.x + (target.x - ray.start.x) * t), start[1],
                           static_cast<float>(ray.start.z + (target.z - ray.start.z) * t)};
    // The ray is 2D (x, z); its height comes from the last polygon it crossed (the stop point may lie on
    // that polygon's border, where getPolyHeight fails, so take the closest point on the polygon).
    float closest[3] = {stop[0], start[1], stop[2]};
    impl_->query->closestPointOnPoly(impl_->polys[hit.pathCount - 1], stop, closest, nullptr);
    ray.blocked = hit_border;
    ray.end = {closest[0], closest[1], closest[2]};
    return ray;
}

}  // namespace kinema::nav
