// Meshes handed over in memory, as engines hold them: float xyz vertices and int index lists (the C ABI's
// kinema_space_from_mesh and kinema_space_from_polygons, docs/engines.md "Your navmesh in"). Standard library
// only; kinema::nav builds levels from what these return.
#pragma once

#include <cstdint>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/levels/obj.hpp"

namespace kinema::levels {

/// Convex polygons over shared vertices, as an engine's navmesh holds them (Godot's NavigationMesh vertices
/// and polygons, the polygons of Recast's tiles, Unity's triangulation as 3-corner polygons).
struct PolygonMesh {
    std::vector<Vec3> vertices;
    /// Vertex indices (0-based) of every polygon's corners, polygon after polygon, in the caller's order.
    std::vector<std::uint32_t> corners;
    /// Polygon p's corners are corners[starts[p] .. starts[p + 1]); starts has one more entry than polygons.
    std::vector<std::uint32_t> starts;

    std::size_t polygon_count() const noexcept { return starts.empty() ? 0 : starts.size() - 1; }
};

/// The triangle mesh in caller arrays: `xyz` holds vertex_count x 3 floats (x, y, z per vertex), `triangles`
/// triangle_count x 3 vertex indices (0-based). Throws std::invalid_argument naming the argument and the
/// index: "xyz is NULL", "vertex_count must be at least 1, got 0", "xyz[7] is NaN (vertex 2, y)",
/// "triangles[5] = 9 is not a vertex index: vertex_count is 4 (triangle 1)".
TriangleMesh triangle_mesh_from_arrays(const float* xyz, std::int64_t vertex_count, const int* triangles,
                                       std::int64_t triangle_count);

/// The polygons in caller arrays: `xyz` as above; polygon_sizes[p] (>= 3) corners of polygon p, whose vertex
/// indices follow those of polygon p - 1 in `polygon_indices` (sum of the sizes entries). Throws
/// std::invalid_argument naming the argument and the index, as triangle_mesh_from_arrays.
PolygonMesh polygon_mesh_from_arrays(const float* xyz, std::int64_t vertex_count, const int* polygon_indices,
                                     const int* polygon_sizes, std::int64_t polygon_count);

}  // namespace kinema::levels
