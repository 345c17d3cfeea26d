// LDtk projects (ldtk.io, `.ldtk`): one level of a project, its IntGrid layers deciding walls and floor, its
// entities named `player` and `npc` the markers. Levels saved apart (`externalLevels`, `.ldtkl` files) are
// read from beside the project file. The rules, the markers and a worked example are in docs/levels.md, "LDtk
// projects (.ldtk)"; the refusals in docs/errors.md.
#pragma once

#include <string>
#include <string_view>

#include "kinema/levels/grid_level.hpp"

namespace kinema::formats {

/// The level `options.level` (a level's identifier; empty = the project's first level) of the LDtk project
/// `text`. `name` names the project in errors and is the path external levels (`externalRelPath`) are found
/// relative to. `options.walls` names one more IntGrid value (its identifier, any case) that is a wall.
/// Throws levels::LevelError "NAME: JSON.PATH: message" (or "NAME:LINE: not valid JSON: ...").
[[nodiscard]] levels::GridLevel parse_ldtk(std::string_view text, const std::string& name,
                                           const levels::LevelReadOptions& options = {});

/// Throws parse_ldtk's error when the first bytes of a file already show it is not a JSON object (a file of
/// a gigabyte fails before it is read whole; levels::LevelFormat::check_start).
void check_ldtk_start(std::string_view first_bytes, const std::string& name);

}  // namespace kinema::formats
