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

PerThreadChaseSpaces per_thread_chase_spaces(const nav::Level& level, int threads) {
    PerThreadChaseSpaces out;
    for (int t = 0; t < threads; ++t) {
        out.finders.push_back(std::make_unique<nav::PathFinder>(level));
        out.owned.push_back(std::make_unique<nav::LevelChaseSpace>(level, *out.finders.back()));
        out.spaces.push_back(out.owned.back().get());
    }
    return out;
}

}  // namespace kinema::cli
