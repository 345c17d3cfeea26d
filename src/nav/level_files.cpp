#include "kinema/nav/level_files.hpp"

#include <stdexcept>

#include "kinema/core/file.hpp"
#include "kinema/levels/level_error.hpp"

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

Level load_mesh_level(const std::string& path, const NavSettings& settings, std::uintmax_t max_file_bytes) {
    return mesh_level(levels::load_obj(path, max_file_bytes), settings, path);
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

}  // namespace kinema::nav
