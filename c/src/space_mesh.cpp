// kinema_space from an engine's meshes in memory: a triangle mesh built as `kinema chase --map LEVEL.obj`
// builds one (levels::triangle_mesh_from_arrays, then nav::mesh_level, as the OBJ loader's path), and an
// engine's own navmesh polygons made cells without voxels (nav::polygon_level).
#include <memory>
#include <stdexcept>
#include <string>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/levels/mesh_arrays.hpp"
#include "space_files.hpp"

#if KINEMA_C_HAVE_NAV
#include "kinema/nav/level_files.hpp"
#include "nav_mirrors.hpp"
#endif

namespace kinema::c_abi {
namespace {

constexpr const char* kFromMesh = "kinema_space_from_mesh";
constexpr const char* kFromPolygons = "kinema_space_from_polygons";

/// body() with its argument errors (std::invalid_argument) named after `function`: "FUNCTION: message".
template <class Body>
auto naming_function(const char* function, Body&& body) {
    try {
        return body();
    } catch (const std::invalid_argument& e) {
        throw std::invalid_argument(std::string(function) + ": " + e.what());
    }
}

#if KINEMA_C_HAVE_NAV
nav::NavSettings nav_settings_of(const kinema_nav_settings* settings) {
    return settings == nullptr ? nav::NavSettings{} : nav_settings_from_c(*settings);
}

/// Checks the arrays (KINEMA_ERROR_ARGUMENT), then builds the level (KINEMA_ERROR_INPUT for a mesh that makes
/// none; the settings' errors are KINEMA_ERROR_ARGUMENT).
/// `name` is the space's own name, the "map" of its chase JSON ("grid" for grids from memory).
template <class Mesh, class Read, class Build>
kinema_status space_from_memory(const char* function, const char* name, kinema_space** out, Read&& read,
                                Build&& build) {
    Mesh mesh;
    const kinema_status read_status = guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require(out, function, "out");
        mesh = naming_function(function, read);
    });
    if (read_status != KINEMA_OK) {
        return read_status;
    }
    return guarded(KINEMA_ERROR_INPUT, [&] {
        auto space = std::make_unique<kinema_space>();
        space->name = name;
        space->holder = nav_holder(build(mesh));
        *out = space.release();
    });
}
#else
kinema_status without_nav(const char* function) {
    return fail(KINEMA_ERROR_INPUT, std::string(function) +
                                        ": this kinema was built without its navmesh part (Recast/Detour), "
                                        "so it cannot build 3D levels");
}
#endif

}  // namespace
}  // namespace kinema::c_abi

using namespace kinema::c_abi;

extern "C" kinema_nav_settings kinema_nav_settings_default(void) {
#if KINEMA_C_HAVE_NAV
    return nav_settings_to_c(kinema::nav::NavSettings{});
#else
    // Nothing to build with: the from_mesh and from_polygons calls fail.
    return kinema_nav_settings{};
#endif
}

extern "C" kinema_status kinema_space_from_mesh(const float* xyz, int vertex_count, const int* triangles,
                                                int triangle_count, const kinema_nav_settings* settings,
                                                kinema_space** out) {
#if KINEMA_C_HAVE_NAV
    return space_from_memory<kinema::levels::TriangleMesh>(
        kFromMesh, "mesh", out,
        [&] {
            return kinema::levels::triangle_mesh_from_arrays(xyz, vertex_count, triangles, triangle_count);
        },
        [&](const kinema::levels::TriangleMesh& mesh) {
            return kinema::nav::mesh_level(mesh, nav_settings_of(settings), kFromMesh);
        });
#else
    (void)xyz, (void)vertex_count, (void)triangles, (void)triangle_count, (void)settings, (void)out;
    return without_nav(kFromMesh);
#endif
}

extern "C" kinema_status kinema_space_from_polygons(const float* xyz, int vertex_count,
                                                    const int* polygon_indices, const int* polygon_sizes,
                                                    int polygon_count, const kinema_nav_settings* settings,
                                                    kinema_space** out) {
#if KINEMA_C_HAVE_NAV
    return space_from_memory<kinema::levels::PolygonMesh>(
        kFromPolygons, "polygons", out,
        [&] {
            return kinema::levels::polygon_mesh_from_arrays(xyz, vertex_count, polygon_indices, polygon_sizes,
                                                            polygon_count);
        },
        [&](const kinema::levels::PolygonMesh& mesh) {
            return kinema::nav::polygon_level(mesh, nav_settings_of(settings), kFromPolygons);
        });
#else
    (void)xyz, (void)vertex_count, (void)polygon_indices, (void)polygon_sizes, (void)polygon_count,
        (void)settings, (void)out;
    return without_nav(kFromPolygons);
#endif
}
