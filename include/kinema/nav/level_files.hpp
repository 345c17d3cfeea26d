// A 3D level from a file, as every face opens one (the CLI's --map LEVEL.obj and --navmesh FILE, the C ABI's
// kinema_space_load): errors name the file, so a face prints them as they are.
#pragma once

#include <cstdint>
#include <string>

#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"

namespace kinema::nav {

/// Largest navmesh file read, bytes (docs/errors.md, "Limits"): far above the Recast demo's navmeshes.
inline constexpr std::uintmax_t max_navmesh_file_bytes = 256u << 20;

/// Builds the level of the triangle mesh in `path` (an OBJ file of at most max_file_bytes). Throws
/// std::invalid_argument "FILE: ..." (the OBJ loader's FILE:LINE errors, Level::build's with the file named)
/// and SettingsError for bad settings.
Level load_mesh_level(const std::string& path, const NavSettings& settings,
                      std::uintmax_t max_file_bytes = levels::default_max_obj_bytes);

/// The level of the navmesh file `path` (docs/nav.md "Navmesh files", at most max_navmesh_file_bytes). Throws
/// std::invalid_argument "FILE: ..." for a file that cannot be read, LevelError for a corrupt one.
Level load_navmesh_level(const std::string& path, const NavSettings& settings);

}  // namespace kinema::nav
