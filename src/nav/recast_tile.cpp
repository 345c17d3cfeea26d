// Steps 2-12 of the Recast build on one tile (recast_build.hpp): a compact heightfield from the tile's
// triangles, then regions, contours, polygons, the detail mesh and the Detour tile data.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshBuilder.h>

#include "kinema/core/format.hpp"
#include "navmesh_file.hpp"
#include "recast_build.hpp"

namespace kinema::nav::detail {

namespace {

struct FreeHeightfield {
    void operator()(rcHeightfield* hf) const { rcFreeHeightField(hf); }
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

[[noreturn]] void fail(const Context& ctx, const std::string& step) {
    throw levels::LevelError("level: Recast/Detour failed to " + step +
                             (ctx.errors.empty() ? "" : ": " + ctx.errors));
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

std::size_t walkable_spans(const rcCompactHeightfield& chf) {
    return static_cast<std::size_t>(std::count_if(chf.areas, chf.areas + chf.spanCount,
                                                  [](unsigned char a) { return a != RC_NULL_AREA; }));
}

/// A tile whose header a navmesh file could not hold (navmesh_file.hpp, max_navmesh_coordinate) is
/// refused here, so that `navmesh build` never writes a file it cannot read back: the header's bounds are
/// the floors' plus the agent's height above the highest (a floor at y = 9999999 reaches 10000001).
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

}  // namespace

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

}  // namespace kinema::nav::detail
