// The navmesh of a triangle mesh (navmesh_build.hpp): the Recast build of recast_build.hpp as one tile
// (Detour's solo mesh, RecastDemo's Sample_SoloMesh) or tile by tile on parallel_for's workers
// (Sample_TileMesh), step 13 joining the tiles into one Detour navmesh.
#include "navmesh_build.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include <recastnavigation/DetourCommon.h>
#include <recastnavigation/DetourNavMesh.h>

#include "kinema/core/format.hpp"
#include "kinema/core/parallel_for.hpp"
#include "recast_build.hpp"

namespace kinema::nav::detail {

namespace {

// Largest voxel grids accepted for one tile: Detour stores polygon vertices as 16-bit voxel coordinates, and
// a heightfield costs 8 bytes per column.
constexpr double kMaxGridSide = 32000.0;
constexpr double kMaxGridColumns = 16.0 * 1024.0 * 1024.0;
// Debian's Detour has 32-bit polygon references: tile bits + polygon bits <= 22 (10 salt bits). As in
// RecastDemo's Sample_TileMesh, at most 2^14 tiles; the rest of the 22 bits number the polygons of a tile.
constexpr int kRefBits = 22;
constexpr int kMaxTileBits = 14;

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

std::string no_walkable_surface(const NavSettings& s) {
    return "level: no walkable surface left for an agent of height " + std::to_string(s.agent_height) +
           " and radius " + std::to_string(s.agent_radius);
}

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

/// What one worker reuses from tile to tile: Recast's context and the tile's triangles and their areas.
struct TileWorker {
    Context ctx;
    std::vector<int> tris;
    std::vector<unsigned char> areas;
};

/// Steps 2-12 on tile `i` of the grid, its triangles `bin`: the tile's Detour data, empty without triangles.
TileData build_tile(TileWorker& w, const Voxelized& v, const NavSettings& s, const TileGrid& g,
                    const std::vector<int>& bin, std::size_t i) {
    const int tx = static_cast<int>(i % static_cast<std::size_t>(g.columns));
    const int ty = static_cast<int>(i / static_cast<std::size_t>(g.columns));
    w.tris.clear();
    w.areas.clear();
    for (const int t : bin) {
        const auto at = static_cast<std::size_t>(t);
        w.tris.insert(w.tris.end(), v.tris.begin() + static_cast<std::ptrdiff_t>(at * 3),
                      v.tris.begin() + static_cast<std::ptrdiff_t>(at * 3 + 3));
        w.areas.push_back(v.areas[at]);
    }
    if (w.tris.empty()) {
        return {};
    }
    const TileBox box = g.box(v, s, tx, ty);
    CompactPtr chf = build_compact(w.ctx, v, w.tris, w.areas, box, s);
    return build_tile_data(w.ctx, *chf, s, box.border, tx, ty);
}

/// Builds every tile on `threads` workers (parallel_for, on the host's task system when settings.tasks has
/// one). Each tile depends only on the mesh and its own bounds and lands in its own slot, so the result is
/// the same for any worker count; errors are reported for the first failing tile in tile order.
std::vector<TileData> build_tiles(const Voxelized& v, const NavSettings& s, const TileGrid& g) {
    const std::vector<std::vector<int>> bins = bin_triangles(v, s, g);
    std::vector<TileData> tiles(bins.size());
    const int workers = static_cast<int>(s.threads);
    std::vector<TileWorker> scratch(static_cast<std::size_t>(workers));
    parallel_for(
        bins.size(), workers,
        [&](int worker, std::size_t i) {
            tiles[i] = build_tile(scratch[static_cast<std::size_t>(worker)], v, s, g, bins[i], i);
        },
        &s.tasks);
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

}  // namespace

BuiltNavmesh build_navmesh(const levels::TriangleMesh& mesh, const NavSettings& settings, LevelStats& stats) {
    stats.triangles = mesh.triangles.size();
    if (mesh.vertices.empty() || mesh.triangles.empty()) {
        throw levels::LevelError("level: the mesh is empty");
    }
    if (mesh.vertices.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 3) ||
        mesh.triangles.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 3)) {
        throw levels::LevelError("level: the mesh is too large for Recast");
    }
    const Voxelized v = voxelize(mesh, settings, stats);
    BuiltNavmesh built;
    built.bounds_min = v.lo;
    built.bounds_max = v.hi;
    built.mesh =
        settings.tile_size == 0.0 ? solo_navmesh(v, settings, stats) : tiled_navmesh(v, settings, stats);
    return built;
}

}  // namespace kinema::nav::detail
