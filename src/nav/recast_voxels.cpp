// Steps 1 and 4 of the Recast build (recast_build.hpp), and the limits a mesh is checked against before
// Recast starts.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "kinema/core/format.hpp"
#include "navmesh_file.hpp"
#include "recast_build.hpp"

namespace kinema::nav::detail {

namespace {

// Recast's solid spans have 13-bit heights (RC_SPAN_MAX_HEIGHT = 8191).
constexpr double kMaxGridLayers = 8000.0;

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

/// check_voxels fails before Recast starts when the build would rasterise more than max_voxels voxels, or
/// hold more than kHeldColumnsPerVoxel x max_voxels heightfield columns at once (`held`, "the one-tile
/// heightfield" or "N tiles building at once"): Recast's time and memory grow with both (docs/nav.md "Size
/// limits of a build"). Measured on flat floors: a covered voxel costs about 57 bytes at the peak (navmesh
/// and chase cells included), an empty heightfield column about 12 (one 4096-voxel tile around a 10 m floor:
/// 206 MB), so an empty column counts as an eighth of a voxel, and one tile of the largest size always fits
/// the default budget.
constexpr double kHeldColumnsPerVoxel = 8.0;

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

Voxelized voxelize(const levels::TriangleMesh& mesh, const NavSettings& settings, LevelStats& stats) {
    Voxelized v;
    const MeshBounds bounds = convert_vertices(mesh, v);
    v.lo = bounds.lo;
    v.hi = bounds.hi;
    convert_triangles(mesh, v, stats);
    mark_walkable(v, settings, stats);
    return v;
}

void check_layers(const Voxelized& v, double cell_height) {
    if (!(v.extent.y / cell_height <= kMaxGridLayers)) {
        throw levels::LevelError("level: the mesh is " + std::to_string(v.extent.y) +
                                 " world units tall: more than 8000 cell heights of " +
                                 std::to_string(cell_height));
    }
}

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

}  // namespace kinema::nav::detail
