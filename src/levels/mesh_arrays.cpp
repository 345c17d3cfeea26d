#include "kinema/levels/mesh_arrays.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kinema::levels {
namespace {

void require(const void* pointer, const char* name) {
    if (pointer == nullptr) {
        throw std::invalid_argument(std::string(name) + " is NULL");
    }
}

void require_count(std::int64_t count, const char* name) {
    // At most 2^31 - 1: the C ABI's int, and below what std::vector and the index types hold.
    if (count < 1 || count > std::numeric_limits<int>::max()) {
        throw std::invalid_argument(std::string(name) + " must be in [1, 2147483647], got " +
                                    std::to_string(count));
    }
}

// Every array is checked for NULL before any count, so a missing array is named first.
std::vector<Vec3> vertices_from_array(const float* xyz, std::int64_t vertex_count) {
    std::vector<Vec3> vertices(static_cast<std::size_t>(vertex_count));
    for (std::size_t i = 0; i < vertices.size() * 3; ++i) {
        if (!std::isfinite(xyz[i])) {
            throw std::invalid_argument("xyz[" + std::to_string(i) + "] is " +
                                        (std::isnan(xyz[i]) ? "NaN" : "infinite") + " (vertex " +
                                        std::to_string(i / 3) + ", " + "xyz"[i % 3] + ")");
        }
    }
    for (std::size_t v = 0; v < vertices.size(); ++v) {
        vertices[v] = {static_cast<double>(xyz[v * 3]), static_cast<double>(xyz[v * 3 + 1]),
                       static_cast<double>(xyz[v * 3 + 2])};
    }
    return vertices;
}

std::uint32_t vertex_index(const int* indices, std::size_t at, std::size_t vertex_count, const char* name,
                           const std::string& owner) {
    const int index = indices[at];
    if (index < 0 || static_cast<std::size_t>(index) >= vertex_count) {
        throw std::invalid_argument(
            std::string(name) + "[" + std::to_string(at) + "] = " + std::to_string(index) +
            " is not a vertex index: vertex_count is " + std::to_string(vertex_count) + " (" + owner + ")");
    }
    return static_cast<std::uint32_t>(index);
}

}  // namespace

TriangleMesh triangle_mesh_from_arrays(const float* xyz, std::int64_t vertex_count, const int* triangles,
                                       std::int64_t triangle_count) {
    require(xyz, "xyz");
    require(triangles, "triangles");
    require_count(vertex_count, "vertex_count");
    require_count(triangle_count, "triangle_count");
    TriangleMesh mesh;
    mesh.vertices = vertices_from_array(xyz, vertex_count);
    mesh.triangles.resize(static_cast<std::size_t>(triangle_count));
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
        for (std::size_t k = 0; k < 3; ++k) {
            mesh.triangles[t][k] = vertex_index(triangles, t * 3 + k, mesh.vertices.size(), "triangles",
                                                "triangle " + std::to_string(t));
        }
    }
    return mesh;
}

PolygonMesh polygon_mesh_from_arrays(const float* xyz, std::int64_t vertex_count, const int* polygon_indices,
                                     const int* polygon_sizes, std::int64_t polygon_count) {
    require(xyz, "xyz");
    require(polygon_indices, "polygon_indices");
    require(polygon_sizes, "polygon_sizes");
    require_count(vertex_count, "vertex_count");
    require_count(polygon_count, "polygon_count");
    PolygonMesh mesh;
    mesh.vertices = vertices_from_array(xyz, vertex_count);
    mesh.starts.reserve(static_cast<std::size_t>(polygon_count) + 1);
    mesh.starts.push_back(0);
    std::size_t total = 0;
    for (std::size_t p = 0; p < static_cast<std::size_t>(polygon_count); ++p) {
        const int size = polygon_sizes[p];
        if (size < 3) {
            throw std::invalid_argument("polygon_sizes[" + std::to_string(p) + "] = " + std::to_string(size) +
                                        ": a polygon has at least 3 corners");
        }
        total += static_cast<std::size_t>(size);
        if (total > std::numeric_limits<std::uint32_t>::max()) {
            throw std::invalid_argument("polygon_sizes: more than 2^32 - 1 corners in all");
        }
        mesh.starts.push_back(static_cast<std::uint32_t>(total));
    }
    mesh.corners.resize(total);
    for (std::size_t p = 0; p + 1 < mesh.starts.size(); ++p) {
        for (std::size_t at = mesh.starts[p]; at < mesh.starts[p + 1]; ++at) {
            mesh.corners[at] = vertex_index(polygon_indices, at, mesh.vertices.size(), "polygon_indices",
                                            "polygon " + std::to_string(p));
        }
    }
    return mesh;
}

}  // namespace kinema::levels
