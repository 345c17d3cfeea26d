// Reads and writes Recast demo tile-set files. Detour's addTile checks only a tile's magic and version and
// then trusts every count and index inside, so the reader checks them all against the data size first: a
// corrupt or crafted file is an error naming the file, never an out-of-bounds read.
#include "navmesh_file.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>

#include "kinema/nav/level.hpp"

namespace kinema::nav::detail {

namespace {

constexpr std::int32_t kSetMagic = 'M' << 24 | 'S' << 16 | 'E' << 8 | 'T';
constexpr std::int32_t kSetVersion = 1;
// Detour allocates one dtMeshTile per possible tile: keep a crafted maxTiles from asking for gigabytes.
constexpr int kMaxTiles = 1 << 16;

struct SetHeader {
    std::int32_t magic;
    std::int32_t version;
    std::int32_t tile_count;
    dtNavMeshParams params;
};
struct TileHeader {
    dtTileRef ref;
    std::int32_t size;
};

[[noreturn]] void bad(const std::string& name, const std::string& why) {
    throw levels::LevelError(name + ": not a valid navmesh file: " + why);
}

std::size_t align4(std::size_t n) {
    return (n + 3) & ~std::size_t{3};
}

// Coordinates beyond max_navmesh_coordinate (navmesh_file.hpp: why).
constexpr float kMaxCoordinate = static_cast<float>(max_navmesh_coordinate);
static_assert(double{kMaxCoordinate} == max_navmesh_coordinate, "the bound must be exact in float");

/// Finite and at most kMaxCoordinate in magnitude.
bool finite(const float* v, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
        if (!(std::abs(v[i]) <= kMaxCoordinate)) {
            return false;
        }
    }
    return true;
}

/// Detour's raycast (dtNavMeshQuery::raycast, 1.5.1) walks from polygon to polygon through the neighbour
/// across the edge where the ray leaves, with no bound on the steps (recastnavigation issue 436, bounded
/// upstream only in 2025): a polygon that is its own neighbour, or two polygons whose portals disagree, keep
/// it walking forever. So every internal portal must be a shared edge seen from both sides, as Recast writes
/// it (rcBuildPolyMesh's adjacency, copied by dtCreateNavMeshData): q's edge to p runs over the same two
/// vertices in the opposite order. Ground polygons must also be convex in plan (Detour's 2D segment tests
/// assume it), and a link across a tile border names one of the 8 sides.
void check_neighbours(const dtPoly* polys, const float* verts, int poly_count, int p, const std::string& tile,
                      const std::string& name) {
    const dtPoly& poly = polys[p];
    const std::string which = tile + "polygon " + std::to_string(p);
    for (int k = 0; k < poly.vertCount; ++k) {
        const unsigned nei = poly.neis[k];
        if (nei == 0) {
            continue;
        }
        if ((nei & DT_EXT_LINK) != 0) {
            if ((nei & ~unsigned{DT_EXT_LINK}) > 7U) {
                bad(name, which + " links across a tile border on no side");
            }
            continue;
        }
        const int q = static_cast<int>(nei) - 1;
        if (q == p) {
            bad(name, which + " is its own neighbour");
        }
        if (poly.getType() != DT_POLYTYPE_GROUND || q >= poly_count ||
            polys[q].getType() != DT_POLYTYPE_GROUND) {
            bad(name, which + " links to an off-mesh connection or from one");
        }
        const unsigned short a = poly.verts[k];
        const unsigned short b = poly.verts[(k + 1) % poly.vertCount];
        const dtPoly& other = polys[q];
        bool back = false;
        for (int j = 0; j < other.vertCount && !back; ++j) {
            back = other.neis[j] == static_cast<unsigned short>(p + 1) && other.verts[j] == b &&
                   other.verts[(j + 1) % other.vertCount] == a;
        }
        if (!back) {
            bad(name,
                which + " and its neighbour " + std::to_string(q) + " do not share that edge both ways");
        }
    }
    if (poly.getType() != DT_POLYTYPE_GROUND) {
        return;
    }
    // Convex in plan (x, z): no two turns of opposite sign beyond rounding, and some turn not straight.
    double most = 0.0;
    double least = 0.0;
    for (int k = 0; k < poly.vertCount; ++k) {
        const float* a = &verts[poly.verts[k] * 3];
        const float* b = &verts[poly.verts[(k + 1) % poly.vertCount] * 3];
        const float* c = &verts[poly.verts[(k + 2) % poly.vertCount] * 3];
        const double ux = double{b[0]} - double{a[0]};
        const double uz = double{b[2]} - double{a[2]};
        const double vx = double{c[0]} - double{b[0]};
        const double vz = double{c[2]} - double{b[2]};
        const double turn = ux * vz - uz * vx;
        const double scale = 1e-4 * std::hypot(ux, uz) * std::hypot(vx, vz);
        most = std::max(most, turn > scale ? turn : 0.0);
        least = std::min(least, turn < -scale ? turn : 0.0);
    }
    if ((most > 0.0 && least < 0.0) || (most == 0.0 && least == 0.0)) {
        bad(name, which + " is not convex, or has no area");
    }
}

/// Tiles side by side, every polygon inside its own tile's square of the grid, and every link across a tile
/// border lying on that border: otherwise polygons of different tiles overlap, Detour links them all the same
/// (connectExtLinks matches border edges by position only), and its unbounded raycast can step between them
/// for ever (a tiled floor with one vertex moved, found by the navmesh fuzzer). The margin is one voxel
/// (1 / bvQuantFactor; a one-tile navmesh's grid can reach half a voxel past the mesh's bounds), at most a
/// quarter of a tile.
void check_tile_geometry(const dtMeshHeader& h, const dtNavMeshParams& params, const dtPoly* polys,
                         const float* verts, const std::string& tile, const std::string& name) {
    if (h.layer != 0) {
        bad(name, tile + "a layer other than 0 (tile sets have one layer per tile)");
    }
    const double x0 = double{params.orig[0]} + h.x * double{params.tileWidth};
    const double z0 = double{params.orig[2]} + h.y * double{params.tileHeight};
    const double x1 = x0 + double{params.tileWidth};
    const double z1 = z0 + double{params.tileHeight};
    const double voxel = h.bvQuantFactor > 0.0F ? 1.0 / double{h.bvQuantFactor} : 0.0;
    const double margin = std::min({voxel, double{params.tileWidth} / 4.0, double{params.tileHeight} / 4.0}) +
                          1e-5 * std::max({1.0, std::abs(x0), std::abs(z0), std::abs(x1), std::abs(z1)});
    const auto inside = [&](double x, double z) {
        return x >= x0 - margin && x <= x1 + margin && z >= z0 - margin && z <= z1 + margin;
    };
    if (!inside(double{h.bmin[0]}, double{h.bmin[2]}) || !inside(double{h.bmax[0]}, double{h.bmax[2]})) {
        bad(name, tile + "its bounds lie outside its square of the tile grid");
    }
    for (int v = 0; v < h.vertCount; ++v) {
        if (!inside(double{verts[v * 3]}, double{verts[v * 3 + 2]})) {
            bad(name, tile + "vertex " + std::to_string(v) + " lies outside its square of the tile grid");
        }
    }
    for (int p = 0; p < h.polyCount; ++p) {
        const dtPoly& poly = polys[p];
        for (int k = 0; k < poly.vertCount; ++k) {
            if ((poly.neis[k] & DT_EXT_LINK) == 0) {
                continue;
            }
            const unsigned side = poly.neis[k] & 0xffU;
            const float* a = &verts[poly.verts[k] * 3];
            const float* b = &verts[poly.verts[(k + 1) % poly.vertCount] * 3];
            // Sides 0, 2, 4, 6: +x, +z, -x, -z (Detour's getNeighbourTilesAt; dtCreateNavMeshData makes no
            // diagonal portals).
            const int axis = side == 0U || side == 4U ? 0 : 2;
            const double line = side == 0U ? x1 : side == 2U ? z1 : side == 4U ? x0 : z0;
            if ((side & 1U) != 0U || std::abs(double{a[axis]} - line) > margin ||
                std::abs(double{b[axis]} - line) > margin) {
                bad(name,
                    tile + "polygon " + std::to_string(p) + " links across a tile border it does not lie on");
            }
        }
    }
}

}  // namespace

double unreadable_header_number(const dtMeshHeader& h) {
    const float header_floats[] = {h.walkableHeight, h.walkableRadius, h.walkableClimb, h.bmin[0],
                                   h.bmin[1],        h.bmin[2],        h.bmax[0],       h.bmax[1],
                                   h.bmax[2],        h.bvQuantFactor};
    if (finite(header_floats, std::size(header_floats))) {
        return 0.0;
    }
    double worst = 0.0;
    for (const float f : header_floats) {
        worst =
            std::isnan(f) ? std::numeric_limits<double>::infinity() : std::max(worst, std::abs(double{f}));
    }
    return worst;
}

namespace {

/// The tile's header, copied out of `data`: magic, version, counts and bounds checked.
dtMeshHeader read_tile_header(const unsigned char* data, std::size_t size, const dtNavMeshParams& params,
                              const std::string& tile, const std::string& name) {
    if (size < sizeof(dtMeshHeader)) {
        bad(name, tile + "data smaller than a tile header");
    }
    dtMeshHeader h;
    std::memcpy(&h, data, sizeof h);
    if (h.magic != DT_NAVMESH_MAGIC || h.version != DT_NAVMESH_VERSION) {
        bad(name, tile + "not Detour tile data of version " + std::to_string(DT_NAVMESH_VERSION));
    }
    const int counts[] = {h.polyCount,       h.vertCount,      h.maxLinkCount, h.detailMeshCount,
                          h.detailVertCount, h.detailTriCount, h.bvNodeCount,  h.offMeshConCount};
    for (const int c : counts) {
        if (c < 0 || c > (1 << 24)) {
            bad(name, tile + "a negative or huge count in the tile header");
        }
    }
    if (h.polyCount > params.maxPolys || h.vertCount > 0xffff) {
        bad(name, tile + "more polygons than the navmesh's maxPolys, or more than 65535 vertices");
    }
    if (unreadable_header_number(h) != 0.0) {
        bad(name, tile + "a non-finite or huge number in the tile header");
    }
    if (!(h.bmin[0] <= h.bmax[0] && h.bmin[1] <= h.bmax[1] && h.bmin[2] <= h.bmax[2])) {
        bad(name, tile + "its bounds are inside out");
    }
    return h;
}

std::size_t count(int c) {
    return static_cast<std::size_t>(c);
}

/// The parts of a tile's data where dtNavMesh::addTile reads them (DetourNavMesh.cpp), every part 4-byte
/// aligned, after checking that the header's counts fit in `size` bytes.
struct TileParts {
    const float* verts;
    const dtPoly* polys;
    const dtPolyDetail* dmeshes;
    const float* dverts;
    const unsigned char* dtris;
    const dtBVNode* nodes;
    const dtOffMeshConnection* cons;
};

TileParts tile_parts(const unsigned char* data, std::size_t size, const dtMeshHeader& h,
                     const std::string& tile, const std::string& name) {
    const std::size_t verts_at = align4(sizeof(dtMeshHeader));
    const std::size_t polys_at = verts_at + align4(sizeof(float) * 3 * count(h.vertCount));
    const std::size_t links_at = polys_at + align4(sizeof(dtPoly) * count(h.polyCount));
    const std::size_t dmesh_at = links_at + align4(sizeof(dtLink) * count(h.maxLinkCount));
    const std::size_t dverts_at = dmesh_at + align4(sizeof(dtPolyDetail) * count(h.detailMeshCount));
    const std::size_t dtris_at = dverts_at + align4(sizeof(float) * 3 * count(h.detailVertCount));
    const std::size_t bv_at = dtris_at + align4(4 * count(h.detailTriCount));
    const std::size_t off_at = bv_at + align4(sizeof(dtBVNode) * count(h.bvNodeCount));
    const std::size_t end = off_at + align4(sizeof(dtOffMeshConnection) * count(h.offMeshConCount));
    if (end > size) {
        bad(name, tile + "the counts in its header need " + std::to_string(end) + " bytes, the data has " +
                      std::to_string(size));
    }
    return {reinterpret_cast<const float*>(data + verts_at),
            reinterpret_cast<const dtPoly*>(data + polys_at),
            reinterpret_cast<const dtPolyDetail*>(data + dmesh_at),
            reinterpret_cast<const float*>(data + dverts_at),
            data + dtris_at,
            reinterpret_cast<const dtBVNode*>(data + bv_at),
            reinterpret_cast<const dtOffMeshConnection*>(data + off_at)};
}

/// Ground polygon p's detail mesh: inside the tile's detail arrays, with a boundary edge, and its triangles'
/// vertices inside the polygon's and the detail mesh's.
void check_detail_mesh(const dtMeshHeader& h, const TileParts& parts, int p, const std::string& tile,
                       const std::string& name) {
    if (p >= h.detailMeshCount) {
        bad(name, tile + "polygon " + std::to_string(p) + " has no detail mesh");
    }
    const dtPolyDetail& d = parts.dmeshes[p];
    // No detail triangle: Detour's closestPointOnDetailEdges then reads through null pointers.
    if (d.triCount == 0 || std::size_t{d.vertBase} + d.vertCount > count(h.detailVertCount) ||
        std::size_t{d.triBase} + d.triCount > count(h.detailTriCount)) {
        bad(name, tile + "polygon " + std::to_string(p) + "'s detail mesh lies past the end");
    }
    // Detour's getPolyHeight falls back to the nearest detail edge flagged as a polygon boundary, and
    // reads through null pointers when there is none: Recast flags them on every polygon.
    const unsigned char* dtris = parts.dtris;
    bool boundary = false;
    for (unsigned t = d.triBase; t < d.triBase + d.triCount; ++t) {
        for (int k = 0; k < 3; ++k) {
            boundary = boundary || ((dtris[t * 4 + 3] >> (k * 2)) & 3) == DT_DETAIL_EDGE_BOUNDARY;
        }
    }
    if (!boundary) {
        bad(name, tile + "polygon " + std::to_string(p) + "'s detail mesh has no boundary edge");
    }
    for (unsigned t = d.triBase; t < d.triBase + d.triCount; ++t) {
        for (int k = 0; k < 3; ++k) {
            if (dtris[t * 4 + k] >= parts.polys[p].vertCount + d.vertCount) {
                bad(name, tile + "a detail triangle refers to a vertex past the end");
            }
        }
    }
}

/// Polygon p's type, vertex count, vertex and neighbour indices, and (on the ground) its detail mesh.
void check_polygon(const dtMeshHeader& h, const TileParts& parts, int p, const std::string& tile,
                   const std::string& name) {
    const dtPoly& poly = parts.polys[p];
    const int type = poly.getType();
    const bool ground = type == DT_POLYTYPE_GROUND;
    if ((!ground && type != DT_POLYTYPE_OFFMESH_CONNECTION) || poly.vertCount > DT_VERTS_PER_POLYGON ||
        poly.vertCount < (ground ? 3 : 2) || (!ground && poly.vertCount != 2)) {
        bad(name, tile + "polygon " + std::to_string(p) + " has a bad type or vertex count");
    }
    for (int k = 0; k < poly.vertCount; ++k) {
        const unsigned nei = poly.neis[k];
        if (poly.verts[k] >= h.vertCount || ((nei & DT_EXT_LINK) == 0 && nei > unsigned(h.polyCount))) {
            bad(name,
                tile + "polygon " + std::to_string(p) + " refers to a vertex or neighbour past the end");
        }
    }
    if (ground) {
        check_detail_mesh(h, parts, p, tile, name);
    }
}

/// Bounding-volume nodes and off-mesh connections refer to polygons and nodes that exist.
void check_nodes_and_connections(const dtMeshHeader& h, const TileParts& parts, const std::string& tile,
                                 const std::string& name) {
    for (int i = 0; i < h.bvNodeCount; ++i) {
        if (parts.nodes[i].i >= h.polyCount || parts.nodes[i].i < -h.bvNodeCount) {
            bad(name, tile + "a bounding-volume node refers to a polygon or node past the end");
        }
    }
    for (int i = 0; i < h.offMeshConCount; ++i) {
        const dtOffMeshConnection& con = parts.cons[i];
        if (con.poly >= h.polyCount || parts.polys[con.poly].getType() != DT_POLYTYPE_OFFMESH_CONNECTION ||
            !finite(con.pos, 6) || !std::isfinite(con.rad)) {
            bad(name, tile + "off-mesh connection " + std::to_string(i) + " is broken");
        }
    }
}

/// The checks Detour leaves to its caller, on a copy of the tile data aligned for Detour's casts.
void check_tile(const unsigned char* data, std::size_t size, const dtNavMeshParams& params, int index,
                const std::string& name) {
    const std::string tile = "tile " + std::to_string(index) + ": ";
    const dtMeshHeader h = read_tile_header(data, size, params, tile, name);
    const TileParts parts = tile_parts(data, size, h, tile, name);
    if (!finite(parts.verts, 3 * count(h.vertCount)) || !finite(parts.dverts, 3 * count(h.detailVertCount))) {
        bad(name, tile + "a non-finite or huge vertex");
    }
    for (int p = 0; p < h.polyCount; ++p) {
        check_polygon(h, parts, p, tile, name);
    }
    // Links once every polygon's type, vertex count and indices are known good (a neighbour comes later).
    for (int p = 0; p < h.polyCount; ++p) {
        check_neighbours(parts.polys, parts.verts, h.polyCount, p, tile, name);
    }
    check_tile_geometry(h, params, parts.polys, parts.verts, tile, name);
    check_nodes_and_connections(h, parts, tile, name);
}

struct FreeMesh {
    void operator()(dtNavMesh* m) const { dtFreeNavMesh(m); }
};

// The links Detour made when it added the tiles (internal ones from the neighbour lists, across tile borders
// from the border edges' geometry, off-mesh ones from the connections): every link must name a polygon of a
// tile that exists and one of its own polygon's edges, and every list must end. Its queries trust them:
// findPath reached a polygon past a tile's last one through a link the fuzzer made (its vertex count read as
// 0, an integer division by zero in dtNavMeshQuery::getPortalPoints).
// A link leaves through one of its polygon's edges, except a ground polygon's link onto an off-mesh
// connection, which Detour marks with edge 0xff (baseOffMeshLinks, connectExtOffMeshLinks).
bool follows_an_edge(const dtPoly& from, const dtLink& link, const dtPoly& to) {
    return link.edge < from.vertCount ||
           (link.edge == 0xff && to.getType() == DT_POLYTYPE_OFFMESH_CONNECTION);
}

void check_links(const dtNavMesh& mesh, const std::string& name) {
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        if (tile == nullptr || tile->header == nullptr) {
            continue;
        }
        const auto link_count = static_cast<unsigned int>(tile->header->maxLinkCount);
        for (int p = 0; p < tile->header->polyCount; ++p) {
            const dtPoly& poly = tile->polys[p];
            unsigned int seen = 0;
            for (unsigned int l = poly.firstLink; l != DT_NULL_LINK; l = tile->links[l].next) {
                const dtMeshTile* to_tile = nullptr;
                const dtPoly* to_poly = nullptr;
                if (l >= link_count || ++seen > link_count ||
                    dtStatusFailed(mesh.getTileAndPolyByRef(tile->links[l].ref, &to_tile, &to_poly)) ||
                    to_poly->vertCount < 2 || !follows_an_edge(poly, tile->links[l], *to_poly)) {
                    bad(name, "tile " + std::to_string(i) + ": polygon " + std::to_string(p) +
                                  " gets a link Detour cannot follow (to a missing polygon or edge)");
                }
            }
        }
    }
}

}  // namespace

std::string encode_navmesh(const dtNavMesh& mesh) {
    SetHeader header{kSetMagic, kSetVersion, 0, *mesh.getParams()};
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        header.tile_count += tile != nullptr && tile->header != nullptr && tile->dataSize > 0 ? 1 : 0;
    }
    std::string out(reinterpret_cast<const char*>(&header), sizeof header);
    for (int i = 0; i < mesh.getMaxTiles(); ++i) {
        const dtMeshTile* tile = mesh.getTile(i);
        if (tile == nullptr || tile->header == nullptr || tile->dataSize <= 0) {
            continue;
        }
        const TileHeader th{mesh.getTileRef(tile), tile->dataSize};
        out.append(reinterpret_cast<const char*>(&th), sizeof th);
        out.append(reinterpret_cast<const char*>(tile->data), static_cast<std::size_t>(tile->dataSize));
    }
    return out;
}

dtNavMesh* decode_navmesh(std::string_view bytes, const std::string& name) {
    if (bytes.size() < sizeof(SetHeader)) {
        bad(name, "shorter than the " + std::to_string(sizeof(SetHeader)) + "-byte header");
    }
    SetHeader header;
    std::memcpy(&header, bytes.data(), sizeof header);
    if (header.magic != kSetMagic || header.version != kSetVersion) {
        bad(name, "no 'MSET' version 1 header");
    }
    const dtNavMeshParams& p = header.params;
    if (!finite(p.orig, 3) || !std::isfinite(p.tileWidth) || !std::isfinite(p.tileHeight) ||
        !(p.tileWidth > 0) || !(p.tileHeight > 0) || p.maxTiles < 1 || p.maxTiles > kMaxTiles ||
        p.maxPolys < 1 || header.tile_count < 0 || header.tile_count > p.maxTiles) {
        bad(name, "bad navmesh parameters (tile size, maxTiles in [1, 65536], maxPolys >= 1, tile count)");
    }
    std::unique_ptr<dtNavMesh, FreeMesh> mesh(dtAllocNavMesh());
    if (!mesh) {
        throw std::bad_alloc();
    }
    if (dtStatusFailed(mesh->init(&p))) {
        bad(name, "Detour rejects its parameters (maxTiles x maxPolys needs more than 22 bits)");
    }
    std::size_t at = sizeof header;
    for (int t = 0; t < header.tile_count; ++t) {
        TileHeader th;
        if (bytes.size() - at < sizeof th) {
            bad(name, "truncated at tile " + std::to_string(t));
        }
        std::memcpy(&th, bytes.data() + at, sizeof th);
        at += sizeof th;
        if (th.ref == 0 || th.size <= 0) {
            bad(name, "tile " + std::to_string(t) + " has no reference or no data");
        }
        if (bytes.size() - at < static_cast<std::size_t>(th.size)) {
            bad(name, "truncated in tile " + std::to_string(t));
        }
        auto* data = static_cast<unsigned char*>(dtAlloc(static_cast<std::size_t>(th.size), DT_ALLOC_PERM));
        if (data == nullptr) {
            throw std::bad_alloc();
        }
        std::memcpy(data, bytes.data() + at, static_cast<std::size_t>(th.size));
        at += static_cast<std::size_t>(th.size);
        try {
            check_tile(data, static_cast<std::size_t>(th.size), p, t, name);
        } catch (...) {
            dtFree(data);
            throw;
        }
        if (dtStatusFailed(mesh->addTile(data, th.size, DT_TILE_FREE_DATA, th.ref, nullptr))) {
            dtFree(data);
            bad(name,
                "Detour could not add tile " + std::to_string(t) + " (a duplicate position or reference)");
        }
    }
    if (at != bytes.size()) {
        bad(name, std::to_string(bytes.size() - at) + " bytes after the last tile");
    }
    check_links(*mesh, name);
    return mesh.release();
}

}  // namespace kinema::nav::detail
