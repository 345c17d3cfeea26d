#include "kinema/nav/level_files.hpp"

#include <algorithm>
#include <stdexcept>

#include "kinema/core/file.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/level_formats.hpp"

namespace kinema::nav {

Level mesh_level(const levels::TriangleMesh& mesh, const NavSettings& settings, const std::string& name) {
    try {
        return Level::build(mesh, settings);
    } catch (const levels::LevelError& e) {
        throw std::invalid_argument(e.naming_file(name));
    }
}

Level polygon_level(const levels::PolygonMesh& polygons, const NavSettings& settings,
                    const std::string& name) {
    try {
        return Level::from_polygons(polygons, settings);
    } catch (const levels::LevelError& e) {
        throw std::invalid_argument(e.naming_file(name));
    }
}

Level load_mesh_level(const std::string& path, const NavSettings& settings, std::uintmax_t max_file_bytes,
                      const levels::LevelReadOptions& options) {
    const levels::LevelFormat format = levels::level_format(path);
    if (format.shape != levels::LevelShape::triangle_mesh) {
        throw levels::LevelError(path + ": not a triangle mesh (" + format.name + ")");
    }
    return mesh_level(format.load_mesh(path, max_file_bytes, options), settings, path);
}

Level load_navmesh_level(const std::string& path, const NavSettings& settings) {
    std::string bytes;
    try {
        bytes = read_file_capped(path, max_navmesh_file_bytes);
    } catch (const FileError& e) {
        throw std::invalid_argument(e.what());
    }
    // LevelError names the file already.
    return Level::from_navmesh(bytes, path, settings);
}

Level load_level_3d(const std::string& path, const NavSettings& settings, std::uintmax_t max_mesh_bytes,
                    const levels::LevelReadOptions& options) {
    const levels::LevelFormat format = levels::level_format(path);
    switch (format.shape) {
        case levels::LevelShape::triangle_mesh:
            return load_mesh_level(path, settings, max_mesh_bytes, options);
        case levels::LevelShape::navmesh:
            return load_navmesh_level(path, settings);
        case levels::LevelShape::grid:
            break;
    }
    throw levels::LevelError(path + ": a grid level (" + format.name + "), not a 3D level");
}

Level level_3d_from_content(std::string_view content, const std::string& name, const NavSettings& settings,
                            std::uintmax_t max_mesh_bytes) {
    const levels::LevelFormat format = levels::level_format(name);
    if (format.shape == levels::LevelShape::navmesh) {
        return Level::from_navmesh(content, name, settings);
    }
    if (format.shape != levels::LevelShape::triangle_mesh) {
        throw levels::LevelError(name + ": a grid level (" + format.name + "), not a 3D level");
    }
    if (std::find(format.extensions.begin(), format.extensions.end(), ".obj") == format.extensions.end()) {
        throw levels::LevelError(name + ": a " + format.name +
                                 " is read from its file, not from its content");
    }
    if (content.size() > max_mesh_bytes) {
        throw std::invalid_argument(name + ": more than " + std::to_string(max_mesh_bytes) +
                                    " bytes, the largest OBJ level kinema reads");
    }
    levels::TriangleMesh mesh = levels::parse_obj(content, name);
    levels::apply_mesh_options(mesh, levels::LevelReadOptions{});
    return mesh_level(mesh, settings, name);
}

}  // namespace kinema::nav
