// A 3D level from the command line (--map LEVEL.obj, --map LEVEL.nav or --navmesh FILE): the one loader
// `kinema chase`, `kinema audit` and `kinema pursue` share, with errors naming the file. Only with
// kinema::nav.
#pragma once

#if KINEMA_HAVE_NAV
#include <cstdint>
#include <string>

#include "kinema/levels/level_read_options.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/level_files.hpp"

namespace kinema::cli {

/// The level of `map` (an OBJ mesh of at most max_file_bytes, or a navmesh file: nav::load_level_3d) or,
/// when `navmesh` is not empty, of that navmesh file; `options` go to the mesh's loader. Errors:
/// std::invalid_argument "FILE: ..." (the CLI prints it and exits 2).
inline nav::Level load_nav_level(const std::string& map, const std::string& navmesh,
                                 const nav::NavSettings& settings, std::uintmax_t max_file_bytes,
                                 const levels::LevelReadOptions& options) {
    return navmesh.empty() ? nav::load_level_3d(map, settings, max_file_bytes, options)
                           : nav::load_navmesh_level(navmesh, settings);
}

}  // namespace kinema::cli
#endif
