// Detour's tile data (dtCreateNavMeshData) from caller polygons, as Recast's rcPolyMesh would give them:
// vertex indices, one neighbour per edge (the polygon across it, or a border), areas and flags. Debian's
// Detour 1.5.1: 32-bit polygon references.
#include "polygon_navmesh.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <recastnavigation/DetourNavMeshBuilder.h>

#include "kinema/core/format.hpp"
#include "kinema/levels/level_error.hpp"
#include "navmesh_file.hpp"

namespace kinema::nav::detail {
namespace {

// rcPolyMesh's conventions (Recast.h): 0xffff ends a polygon's vertex list and, with bit 0x8000 and direction
// 0xf, marks a border edge; any other neighbour is a polygon index, so an index must keep 0x8000 clear.
constexpr unsigned short kNone = 0xffff;
constexpr std::size_t kMaxPolygons = 0x7fff;
// dtCreateNavMeshData refuses vertCount >= 0xffff.
constexpr std::size_t kMaxVertices = 0xfffe;
// Recast's RC_WALKABLE_AREA, the area a built navmesh's polygons get; every area costs 1 in Detour's filter.
constexpr unsigned char kWalkableArea = 63;

[[noreturn]] void refuse(std::size_t polygon, const std::string& why) {
    throw levels::LevelError("level: polygon " + std::to_string(polygon) + " " + why);
}

/// Plan view (x, z) of a vertex, as Detour's 2D tests see it.
struct Plan {
    double x;
    double z;
};

double cross(Plan o, Plan a, Plan b) {
    return (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x);
}

/// The polygons' vertices, each point once (equal coordinates are one vertex, so that polygons sharing an
/// edge through copies of its ends are still neighbours), in order of first use.
struct Welded {
    std::vector<Vec3> points;
    std::vector<std::uint32_t> corners;  // PolygonMesh::corners as indices into points
};

Welded weld(const levels::PolygonMesh& mesh) {
    Welded out;
    std::map<std::array<double, 3>, std::uint32_t> seen;
    std::vector<std::uint32_t> id(mesh.vertices.size(), std::numeric_limits<std::uint32_t>::max());
    out.corners.reserve(mesh.corners.size());
    for (const std::uint32_t v : mesh.corners) {
        if (id[v] == std::numeric_limits<std::uint32_t>::max()) {
            const Vec3 p = mesh.vertices[v];
            const auto [at, added] =
                seen.emplace(std::array{p.x, p.y, p.z}, static_cast<std::uint32_t>(out.points.size()));
            if (added) {
                out.points.push_back(p);
            }
            id[v] = at->second;
        }
        out.corners.push_back(id[v]);
    }
    return out;
}

/// Checks polygon p (its welded corners) and returns its corners in the winding of Recast's polygons, whose
/// shoelace sum over (x, z) is negative (measured on every polygon Recast builds for our levels): Detour's
/// portals (left and right ends of an edge) and its raycast's entering and leaving edges assume it.
std::vector<std::uint32_t> checked_polygon(std::size_t p, std::span<const std::uint32_t> welded,
                                           std::span<const std::uint32_t> given, const Welded& w) {
    const std::size_t n = welded.size();
    if (n > DT_VERTS_PER_POLYGON) {
        refuse(p, "has " + std::to_string(n) + " corners, more than Detour's " +
                      std::to_string(DT_VERTS_PER_POLYGON) + " (DT_VERTS_PER_POLYGON): split it");
    }
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            if (welded[i] == welded[j]) {
                refuse(p, "has one point twice (vertices " + std::to_string(given[i]) + " and " +
                              std::to_string(given[j]) + ")");
            }
        }
    }
    const auto plan = [&](std::size_t k) {
        const Vec3 v = w.points[welded[k % n]];
        return Plan{v.x, v.z};
    };
    double area2 = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        // One corner straight above another: an edge of no length in plan, which Detour's 2D tests skip.
        if (plan(k).x == plan(k + 1).x && plan(k).z == plan(k + 1).z) {
            refuse(p, "has corners " + std::to_string(k) + " and " + std::to_string((k + 1) % n) +
                          " at one point in plan view (vertices " + std::to_string(given[k]) + " and " +
                          std::to_string(given[(k + 1) % n]) + ")");
        }
        area2 += plan(k).x * plan(k + 1).z - plan(k + 1).x * plan(k).z;
    }
    if (area2 == 0.0 || !std::isfinite(area2)) {
        refuse(p, "has no area in plan view (x and z; y is up)");
    }
    const double sign = area2 > 0.0 ? 1.0 : -1.0;
    double turning = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
        const Plan a = plan(k + n - 1);
        const Plan b = plan(k);
        const Plan c = plan(k + 1);
        const double turn = cross(a, b, c) * sign;
        const double scale = std::hypot(b.x - a.x, b.z - a.z) * std::hypot(c.x - b.x, c.z - b.z);
        // Straight corners (a vertex on an edge, as tile borders leave them) are allowed; a reflex one is
        // not.
        if (turn < -1e-9 * scale) {
            refuse(p, "is not convex in plan view (x and z): it turns back at corner " + std::to_string(k) +
                          " (vertex " + std::to_string(given[k]) + ")");
        }
        turning += std::atan2(turn, (b.x - a.x) * (c.x - b.x) + (b.z - a.z) * (c.z - b.z));
    }
    // All corners turning one way but winding round twice or more: a star, not a convex polygon.
    if (turning > 2.0 * std::numbers::pi + 1e-6) {
        refuse(p, "is not convex in plan view (x and z): its edges cross");
    }
    std::vector<std::uint32_t> corners(welded.begin(), welded.end());
    if (sign > 0.0) {
        std::reverse(corners.begin(), corners.end());
    }
    return corners;
}

/// rcPolyMesh's polygon array: per polygon DT_VERTS_PER_POLYGON vertex slots, then as many neighbour slots
/// (edge k runs from corner k to corner k + 1).
std::vector<unsigned short> polygon_table(const levels::PolygonMesh& mesh, const Welded& w) {
    constexpr std::size_t nvp = DT_VERTS_PER_POLYGON;
    const std::size_t count = mesh.polygon_count();
    std::vector<unsigned short> table(count * nvp * 2, kNone);
    struct Side {
        std::size_t polygon;
        std::size_t edge;
        bool ascending;  // the edge runs from the lower point id to the higher one
    };
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<Side>> edges;
    for (std::size_t p = 0; p < count; ++p) {
        const std::size_t begin = mesh.starts[p];
        const std::size_t n = mesh.starts[p + 1] - begin;
        const std::vector<std::uint32_t> corners = checked_polygon(
            p, std::span(w.corners).subspan(begin, n), std::span(mesh.corners).subspan(begin, n), w);
        for (std::size_t k = 0; k < n; ++k) {
            table[p * nvp * 2 + k] = static_cast<unsigned short>(corners[k]);
            const std::uint32_t a = corners[k];
            const std::uint32_t b = corners[(k + 1) % n];
            edges[{std::min(a, b), std::max(a, b)}].push_back({p, k, a < b});
        }
    }
    for (const auto& [ends, sides] : edges) {
        if (sides.size() > 2) {
            throw levels::LevelError("level: polygons " + std::to_string(sides[0].polygon) + ", " +
                                     std::to_string(sides[1].polygon) + " and " +
                                     std::to_string(sides[2].polygon) +
                                     " share one edge: an edge borders at most two polygons");
        }
        // Polygons of one winding run a shared edge in opposite directions, one on each side; the same
        // direction puts both on one side (a polygon given twice, or overlapping ones), where Detour's
        // raycast, which walks polygon to polygon with no bound on its steps, could cross between them for
        // ever.
        if (sides.size() == 2 && sides[0].ascending == sides[1].ascending) {
            throw levels::LevelError("level: polygons " + std::to_string(sides[0].polygon) + " and " +
                                     std::to_string(sides[1].polygon) +
                                     " overlap: both lie on the same side of the edge they share");
        }
        if (sides.size() == 2) {
            table[sides[0].polygon * nvp * 2 + nvp + sides[0].edge] =
                static_cast<unsigned short>(sides[1].polygon);
            table[sides[1].polygon * nvp * 2 + nvp + sides[1].edge] =
                static_cast<unsigned short>(sides[0].polygon);
        }
    }
    return table;
}

// As a navmesh file (navmesh_file.hpp) and a mesh level's build (level.cpp): coordinates within 1e7.
constexpr double kMaxCoordinate = max_navmesh_coordinate;

/// The polygons' largest extent on one axis, after checking that the coordinates are within kMaxCoordinate
/// and that the 16-bit steps of the extent are normal floats.
double check_extent(const float bmin[3], const float bmax[3]) {
    double reach = 0.0;
    double extent = 0.0;
    for (int a = 0; a < 3; ++a) {
        reach =
            std::max({reach, std::abs(static_cast<double>(bmin[a])), std::abs(static_cast<double>(bmax[a]))});
        extent = std::max(extent, static_cast<double>(bmax[a]) - static_cast<double>(bmin[a]));
    }
    if (!(reach <= kMaxCoordinate)) {
        throw levels::LevelError(
            "level: the polygons reach " + format_number(reach) +
            " world units from the origin, more than the 1e7 of a navmesh file: move the "
            "level nearer the origin");
    }
    if (!(extent / 65000.0 >= static_cast<double>(std::numeric_limits<float>::min()) * 1e6)) {
        throw levels::LevelError("level: the polygons span only " + format_number(extent) +
                                 " world units: too small a level");
    }
    return extent;
}

struct FreeNavmesh {
    void operator()(dtNavMesh* mesh) const { dtFreeNavMesh(mesh); }
};

}  // namespace

dtNavMesh* polygon_navmesh(const levels::PolygonMesh& polygons, const NavSettings& settings) {
    const std::size_t count = polygons.polygon_count();
    if (count == 0 || count > kMaxPolygons) {
        throw levels::LevelError("level: " + std::to_string(count) +
                                 " polygons: one Detour tile holds 1 to " + std::to_string(kMaxPolygons));
    }
    const Welded w = weld(polygons);
    if (w.points.size() > kMaxVertices) {
        throw levels::LevelError("level: the polygons use " + std::to_string(w.points.size()) +
                                 " distinct points, more than the " + std::to_string(kMaxVertices) +
                                 " of one Detour tile");
    }
    std::vector<unsigned short> table = polygon_table(polygons, w);

    float bmin[3] = {std::numeric_limits<float>::max(), std::numeric_limits<float>::max(),
                     std::numeric_limits<float>::max()};
    float bmax[3] = {std::numeric_limits<float>::lowest(), std::numeric_limits<float>::lowest(),
                     std::numeric_limits<float>::lowest()};
    std::vector<float> exact;
    exact.reserve(w.points.size() * 3);
    for (const Vec3& p : w.points) {
        const float f[3] = {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
        for (int a = 0; a < 3; ++a) {
            bmin[a] = std::min(bmin[a], f[a]);
            bmax[a] = std::max(bmax[a], f[a]);
        }
        exact.insert(exact.end(), f, f + 3);
    }
    // Detour stores a tile's vertices as 16-bit steps from bmin (and its bounding-volume tree keeps them so);
    // one step for all three axes keeps the tree's boxes in step with the vertices. The vertices themselves
    // are written back exactly below, so the steps only bound the tree's boxes (a box may miss by half a
    // step, less than a query's own rounding of a step).
    const double step = check_extent(bmin, bmax) / 65000.0;
    std::vector<unsigned short> quantized(exact.size());
    for (std::size_t i = 0; i < exact.size(); ++i) {
        const double q =
            std::round((static_cast<double>(exact[i]) - static_cast<double>(bmin[i % 3])) / step);
        quantized[i] = static_cast<unsigned short>(std::clamp(q, 0.0, 65535.0));
    }
    const std::vector<unsigned short> flags(count, 1);  // Detour's default filter passes flag bit 1
    const std::vector<unsigned char> areas(count, kWalkableArea);

    dtNavMeshCreateParams params{};
    params.verts = quantized.data();
    params.vertCount = static_cast<int>(w.points.size());
    params.polys = table.data();
    params.polyAreas = areas.data();
    params.polyFlags = flags.data();
    params.polyCount = static_cast<int>(count);
    params.nvp = DT_VERTS_PER_POLYGON;
    params.walkableHeight = static_cast<float>(settings.agent_height);
    params.walkableRadius = static_cast<float>(settings.agent_radius);
    params.walkableClimb = static_cast<float>(settings.agent_max_climb);
    std::copy(bmin, bmin + 3, params.bmin);
    std::copy(bmax, bmax + 3, params.bmax);
    params.cs = static_cast<float>(step);
    params.ch = static_cast<float>(step);
    params.buildBvTree = true;
    unsigned char* data = nullptr;
    int size = 0;
    if (!dtCreateNavMeshData(&params, &data, &size)) {
        throw levels::LevelError("level: Detour could not create the navmesh tile of the polygons");
    }
    std::unique_ptr<dtNavMesh, FreeNavmesh> mesh(dtAllocNavMesh());
    if (!mesh) {
        dtFree(data);
        throw std::bad_alloc();
    }
    if (dtStatusFailed(mesh->init(data, size, DT_TILE_FREE_DATA))) {
        dtFree(data);
        throw levels::LevelError("level: Detour could not initialise the navmesh of the polygons");
    }
    // The tile's vertices as given, not as 16-bit steps: the mesh owns the tile's data, which it keeps
    // writable (only the tile pointer is const).
    const dtMeshTile* tile = std::as_const(*mesh).getTile(0);
    std::copy(exact.begin(), exact.end(), tile->verts);
    return mesh.release();
}

}  // namespace kinema::nav::detail
