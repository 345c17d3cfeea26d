// Loader for the Moving AI grid benchmark format (Sturtevant 2012; reference note
// influence-maps-and-levels.md section 4.1; /work/shared/data/maps/SOURCES.md):
//
//   type octile
//   height H
//   width W
//   map
//   H rows of exactly W characters
//
// Terrain: '.', 'G' and 'S' (swamp) are passable; 'W' (water), '@', 'O' (out of bounds) and 'T' (trees) are
// blocked. LF or CRLF line endings. Anything else is an error naming the file and line.
#pragma once

#include <string>
#include <string_view>

#include "kinema/levels/grid_level.hpp"

namespace kinema::levels {

/// Parses Moving AI map text. `name` is used as FILE in error messages and as GridLevel::name.
GridLevel parse_moving_ai_map(std::string_view text, const std::string& name = "<string>");
/// Reads and parses a Moving AI .map file of at most max_bytes bytes. Throws LevelError.
GridLevel load_moving_ai_map(const std::string& path, std::uintmax_t max_bytes = default_max_level_bytes);

}  // namespace kinema::levels
