// kinema's own ASCII level format (docs/levels.md), for small hand-drawn chase situations:
//
//   ; comment lines start with ';'
//   name: corner                  optional header lines "key: value" before the map
//   direction: 1,0                optional; the player's last direction (overrides an arrow marker)
//   #######
//   #>....#                       '#' wall, '.' floor,
//   #####.#                       'P' player's last position (floor, direction from the header or none),
//       #.#                       '>' '<' '^' 'v' player's last position running east/west/north/south,
//       ###                       ' ' outside the level (blocked)
//
// Rows may differ in length (editors trim trailing spaces): the map is as wide as its longest row and the
// tiles past a shorter row's end are walls; a trailing '\r' is ignored; a tab is refused naming its column. y
// grows downwards, so '^' is direction (0,-1). At most one position marker.
#pragma once

#include <string>
#include <string_view>

#include "kinema/levels/grid_level.hpp"

namespace kinema::levels {

/// The largest magnitude of a `direction:` component: the chase's coordinate range (chase_max_coordinate,
/// which static_asserts they agree), so that a level's direction fails at its own line, not in the chase.
inline constexpr double max_direction_component = 1e9;

/// Parses kinema ASCII level text. `name` is used as FILE in error messages and as the default
/// GridLevel::name.
GridLevel parse_ascii_level(std::string_view text, const std::string& name = "<string>");
/// Reads and parses a kinema ASCII level file of at most max_bytes bytes. Throws LevelError.
GridLevel load_ascii_level(const std::string& path, std::uintmax_t max_bytes = default_max_level_bytes);

/// The text of the built-in default level (data/levels/default.txt; a corridor turning a corner, with the
/// player's last position marked). Used by `kinema chase` when no map is given.
std::string_view default_level_text();
/// parse_ascii_level(default_level_text(), "default").
GridLevel default_level();

}  // namespace kinema::levels
