#include "nav_level.hpp"

#include "kinema/nav/level_files.hpp"

namespace kinema::cli {

nav::Level load_nav_level(const std::string& map, const std::string& navmesh,
                          const nav::NavSettings& settings, std::uintmax_t max_file_bytes,
                          const levels::LevelReadOptions& options) {
    if (!navmesh.empty()) {
        return nav::load_navmesh_level(navmesh, settings);
    }
    return nav::load_level_3d(map, settings, max_file_bytes, options);
}

}  // namespace kinema::cli
