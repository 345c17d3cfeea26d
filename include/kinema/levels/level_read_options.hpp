// What a caller may tell a level loader beyond the file: which level of a project holding several (an LDtk
// project), which layer, IntGrid value or colour marks walls where the file's own conventions do not
// (docs/levels.md, one section per format), and, for 3D levels, the units and up axis of a mesh whose file
// states none (STL, PLY, OBJ). Formats that hold one level and mark walls themselves (Moving AI, kinema
// ASCII, OBJ) ignore `level` and `walls`; a format that uses them refuses a name the file does not have.
// Every mesh format (OBJ included) applies `scale` and `up`; grid formats ignore them.
#pragma once

#include <string>
#include <string_view>

namespace kinema::levels {

struct LevelReadOptions {
    /// The level to read from a file holding several (LDtk: a level's identifier); empty = the first.
    std::string level;
    /// What marks walls besides the format's conventions (Tiled: a tile layer's name; LDtk: an IntGrid
    /// value's identifier; images: a colour "#rrggbb"); empty = only the conventions.
    std::string walls;
    /// Mesh formats: metres per unit of the file's coordinates, applied after the units the file states
    /// itself (FBX's UnitScaleFactor, COLLADA's <unit>; glTF is metres by its specification). 1 (the default)
    /// takes the numbers as metres; 0.01 reads a level in centimetres, 0.001 one in millimetres (STL from
    /// CAD). [Limit: finite, in [min_mesh_scale, max_mesh_scale]]
    double scale = 1.0;
    /// Mesh formats: the axis that is up in the file's coordinates, after the axes the file states itself
    /// (FBX's UpAxis, COLLADA's <up_axis>, 3DS's z up; glTF is y up by its specification). kinema takes y as
    /// up (as Recast does); UpAxis::z, for a file from a z-up tool that states no axes (Blender's or a CAD
    /// program's STL, PLY or OBJ), turns (x, y, z) into (x, z, -y), as Blender's glTF exporter does.
    enum class UpAxis { y, z };
    UpAxis up = UpAxis::y;
};

/// The range of LevelReadOptions::scale: a millionth (micrometres) to a million (megametres) metres per unit.
inline constexpr double min_mesh_scale = 1e-6;
inline constexpr double max_mesh_scale = 1e6;

/// LevelReadOptions as a face's user types them (the CLI's --level, --walls, --scale, --up): the text, empty
/// when not given. level_options_of (level_formats.hpp) parses it and refuses what the level does not read.
struct LevelOptionText {
    std::string level;
    std::string walls;
    std::string scale;  ///< metres per unit, a number in [min_mesh_scale, max_mesh_scale]
    std::string up;     ///< "y" or "z"
};

/// What a face calls the level options and where the level comes from, for its messages: the CLI's
/// {"--level", "--walls", "--scale", "--up", "--map", "--navmesh"}.
struct LevelOptionNames {
    std::string_view level;
    std::string_view walls;
    std::string_view scale;
    std::string_view up;
    std::string_view map;      ///< the level file; without it, the face's built-in level
    std::string_view navmesh;  ///< a navmesh file, whatever its extension
};

/// Throws LevelError "scale must be a finite number in [1e-06, 1e+06] (metres per unit of the file), got X"
/// when `options.scale` is outside its range. Every mesh loader calls it before reading the file.
void check_level_read_options(const LevelReadOptions& options);

}  // namespace kinema::levels
