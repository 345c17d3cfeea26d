#include "nav_level.hpp"

#include <stdexcept>

#include "kinema/core/file.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/obj.hpp"

namespace kinema::cli {

namespace {

// The file's bytes, at most 256 MiB; "FILE: cannot open file: REASON" otherwise.
std::string read_navmesh_file(const std::string& path) {
    constexpr std::uintmax_t kMaxBytes = 256u << 20;
    try {
        return read_file_capped(path, kMaxBytes);
    } catch (const FileError& e) {
        throw std::invalid_argument(e.what());
    }
}

}  // namespace

nav::Level load_nav_level(const std::string& map, const std::string& navmesh,
                          const nav::NavSettings& settings, std::uintmax_t max_file_bytes) {
    if (!navmesh.empty()) {
        // LevelError names the file already.
        return nav::Level::from_navmesh(read_navmesh_file(navmesh), navmesh, settings);
    }
    const levels::TriangleMesh mesh = levels::load_obj(map, max_file_bytes);
    try {
        return nav::Level::build(mesh, settings);
    } catch (const levels::LevelError& e) {
        throw std::invalid_argument(e.naming_file(map));
    }
}

}  // namespace kinema::cli
