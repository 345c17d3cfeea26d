// The spaces of kinema_space_load (any level file the kinema command reads) and their holders.
#pragma once

#include <memory>
#include <string>

#include "handles.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/grid_level.hpp"

#if KINEMA_C_HAVE_NAV
#include "kinema/nav/level.hpp"
#endif

namespace kinema::c_abi {

/// A grid level as a chase space.
std::unique_ptr<SpaceHolder> grid_holder(levels::GridLevel level, chase::GridSpaceSettings settings);

#if KINEMA_C_HAVE_NAV
/// A navmesh level, its path finder and the chase space over both.
std::unique_ptr<SpaceHolder> nav_holder(nav::Level level);
#endif

/// Adds kinema::formats' formats to the registry where the C library links it (KINEMA_C_HAVE_FORMATS);
/// every entry point that reads a level file calls it first.
void register_formats();

/// The chase space of the level file `path`, its loader chosen by the one registry of level formats
/// (levels/level_formats.hpp): .obj (a triangle mesh) and .nav (a navmesh) when kinema has its nav part, a
/// grid (.map Moving AI, .txt or no extension kinema's ASCII levels), 8-connected. Throws the loaders'
/// errors, which name the file, and "FILE: format not supported: ..." for any other extension. The formats of
/// kinema::formats, where the C library links it, are registered first; `options` go to the loader.
std::unique_ptr<SpaceHolder> load_space_file(const std::string& path,
                                             const levels::LevelReadOptions& options = {});

}  // namespace kinema::c_abi
