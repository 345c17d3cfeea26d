// A 3D level from a file or from memory, as every face opens one (the CLI's --map LEVEL.obj and --navmesh
// FILE, the C ABI's kinema_space_load, kinema_space_from_mesh): errors name the file or the call, so a face
// prints them as they are.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "kinema/levels/level_read_options.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"

namespace kinema::nav {

/// Largest navmesh file read, bytes (docs/errors.md, "Limits"): far above the Recast demo's navmeshes.
inline constexpr std::uintmax_t max_navmesh_file_bytes = 256u << 20;

/// Level::build, with the builder's errors naming `name` (a file, or the C ABI's function) in place of its
/// "level: ", as std::invalid_argument: how every face builds the level of a mesh, from a file or memory.
/// Throws SettingsError for bad settings.
Level mesh_level(const levels::TriangleMesh& mesh, const NavSettings& settings, const std::string& name);

/// Level::from_polygons, with its errors naming `name` as mesh_level's do.
Level polygon_level(const levels::PolygonMesh& polygons, const NavSettings& settings,
                    const std::string& name);

/// Builds the level of the triangle mesh in `path` (a mesh file of at most max_file_bytes, read by the loader
/// the registry of level formats gives its extension: OBJ, or a format an optional part registered).
/// Throws std::invalid_argument "FILE: ..." (the loader's FILE:LINE errors, Level::build's with the file
/// named) and SettingsError for bad settings.
Level load_mesh_level(const std::string& path, const NavSettings& settings,
                      std::uintmax_t max_file_bytes = levels::default_max_obj_bytes,
                      const levels::LevelReadOptions& options = {});

/// The level of the navmesh file `path` (docs/nav.md "Navmesh files", at most max_navmesh_file_bytes). Throws
/// std::invalid_argument "FILE: ..." for a file that cannot be read, LevelError for a corrupt one.
Level load_navmesh_level(const std::string& path, const NavSettings& settings);

/// The 3D level of a level file, with the loader the one registry of level formats chooses
/// (levels/level_formats.hpp): a mesh (".obj", or a registered mesh format; at most max_mesh_bytes) built
/// into a navmesh, or a navmesh file (".nav"), extensions in any case. Throws std::invalid_argument "FILE:
/// ..." as the loaders above do, and levels::LevelError "FILE: format not supported: ..." or "FILE: a grid
/// level (...), not a 3D level" for a file no 3D loader reads.
Level load_level_3d(const std::string& path, const NavSettings& settings,
                    std::uintmax_t max_mesh_bytes = levels::default_max_obj_bytes,
                    const levels::LevelReadOptions& options = {});

/// The 3D level of a level file's content rather than its path, `name` giving its format by extension and
/// naming it in errors: for faces handed the bytes, such as the browser's. An OBJ mesh's text (at most
/// max_mesh_bytes, read without --scale or --up) is built into a navmesh, a navmesh file's bytes are read;
/// the other mesh formats (Assimp's) read their files and are refused here. Throws as load_level_3d does.
Level level_3d_from_content(std::string_view content, const std::string& name, const NavSettings& settings,
                            std::uintmax_t max_mesh_bytes = levels::default_max_obj_bytes);

}  // namespace kinema::nav
