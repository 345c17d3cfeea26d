// A 2D tile level: which tiles are passable, and optionally where the player was last seen. Loaded from
// Moving AI .map files (levels/moving_ai.hpp) or from kinema's own ASCII format (levels/ascii_level.hpp,
// docs/levels.md).
//
// Coordinates are tile units ("map units" at cell size 1): x is the column, y the row, origin at the top-left
// corner, y grows downwards; tile (col,row) covers [col, col+1) x [row, row+1).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/level_read_options.hpp"

namespace kinema::levels {

/// Largest width or height a loader accepts (tiles). Bigger files are rejected as "too large" so a corrupt or
/// hostile header cannot ask for gigabytes; the largest shared map (swampofsorrows) is 512 x 512.
inline constexpr int max_level_dimension = 4096;

/// Largest level file the loaders read by default, bytes: more than any level they accept (4096 x 4097
/// characters plus CRLF line ends), so a huge or endless input (a 2 GB file, /dev/zero) is refused after at
/// most this many bytes instead of filling memory. Each loader takes its own cap as an argument.
inline constexpr std::uintmax_t default_max_level_bytes = 64ull * 1024 * 1024;

/// The player's last known position and direction marked in a level file.
struct LevelSeed {
    Vec2 position;   ///< tile units; the centre of the marked tile, (col + 0.5, row + 0.5)
    Vec2 direction;  ///< tile units, not necessarily unit length; (0,0) = no direction (the flood makes no
                     ///< barrier)
};

struct GridLevel {
    std::string name;                    ///< file name or the name given to the parser (for messages)
    std::string title;                   ///< the level's own name (an ASCII level's "name:" header), or empty
    int width = 0;                       ///< tiles, [1, max_level_dimension]
    int height = 0;                      ///< tiles, [1, max_level_dimension]
    std::vector<std::uint8_t> passable;  ///< row-major, width * height entries, 1 = passable, 0 = blocked
    std::optional<LevelSeed> seed;       ///< marked seed, if the file has one (Moving AI files never do)
    /// Where a pursuing NPC starts, tile units (the marked tile's centre), if the file marks one (a Tiled
    /// point object or an LDtk entity named "npc"); `kinema pursue` starts there unless told otherwise.
    std::optional<Vec2> npc_start;

    bool in_bounds(int col, int row) const { return col >= 0 && row >= 0 && col < width && row < height; }
    /// False outside the level.
    bool is_passable(int col, int row) const {
        return in_bounds(col, row) &&
               passable[static_cast<std::size_t>(row) * static_cast<std::size_t>(width) +
                        static_cast<std::size_t>(col)] != 0;
    }
    std::size_t passable_count() const;
};

/// The level file's name for summaries and pictures, with the name the file gives the level
/// (GridLevel::title, a navmesh level's too) when that says more than the file name: "warehouse.txt (The Old
/// Warehouse)", but "corner.txt" for a corner.txt titled corner or untitled.
[[nodiscard]] std::string titled_file_name(const std::string& path, const std::string& title);

/// A grid level from caller memory (the C ABI's kinema_space_from_grid, Python's Level.from_array): `tiles`
/// holds width x height bytes, row-major (row 0 first), non-zero = floor; no seed. Throws
/// std::invalid_argument "width and height must be in [1, 4096], got W x H" before reading `tiles`, and
/// "tiles is NULL".
GridLevel grid_from_tiles(std::string name, std::int64_t width, std::int64_t height,
                          const std::uint8_t* tiles);

/// Loads a grid level file with the format levels::level_format chooses (levels/level_formats.hpp: ".map"
/// Moving AI, ".txt" or no extension kinema ASCII, any case; a file without an extension whose first line is
/// "type octile" Moving AI). Throws LevelError: a file that cannot be read, a directory, or one of more than
/// max_bytes bytes has line 0; an unsupported extension or a 3D level (".obj", ".nav") is refused by name
/// before the file is read ("FILE: format not supported: .png; kinema reads ...").
/// `options` go to the format's loader (which level of a project, what marks walls; level_read_options.hpp).
GridLevel load_level(const std::string& path, std::uintmax_t max_bytes = default_max_level_bytes,
                     const LevelReadOptions& options = {});

/// Parses a level file's text by its name as load_level does (for text that did not come from a file, e.g.
/// the web playground's file picker). Throws LevelError naming `name` and the line.
GridLevel parse_level(std::string_view text, const std::string& name, const LevelReadOptions& options = {});

}  // namespace kinema::levels
