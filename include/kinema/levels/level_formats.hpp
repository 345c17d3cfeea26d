// The one registry of level file formats: which loader reads a level file, chosen by its name's extension
// (any case) and, for a file without one, its contents. Every face's "load this file" goes through it (the
// CLI's
// --map, the C ABI's kinema_space_load, Python's load_level and load_level_3d, the web page's file picker),
// so none of them picks a loader itself, and an extension nothing reads is refused as such. An optional part
// with its own libraries (designers' formats such as Tiled or LDtk) adds its formats with
// register_level_format() and every face reads them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_read_options.hpp"
#include "kinema/levels/obj.hpp"

namespace kinema::levels {

/// What a level file becomes.
enum class LevelShape {
    grid,           ///< a GridLevel (Moving AI, kinema ASCII)
    triangle_mesh,  ///< a TriangleMesh (levels/obj.hpp), built into a navmesh level by kinema::nav
    navmesh,        ///< a navmesh file (the Recast demo's tile-set layout), read by kinema::nav
};

/// One format: the names it claims and, for a grid format, how its text becomes a level.
struct LevelFormat {
    std::string name;                     ///< for messages: "Moving AI map"
    std::vector<std::string> extensions;  ///< lower case with the dot (".map"); "" claims files without one
    LevelShape shape = LevelShape::grid;
    /// Grid formats: the level of a file's bytes, `name` naming it in errors (LevelError "NAME:LINE: ...")
    /// and, for formats that refer to other files (a Tiled map's external tilesets), the path they are found
    /// relative to.
    GridLevel (*parse)(std::string_view text, const std::string& name,
                       const LevelReadOptions& options) = nullptr;
    /// Mesh formats: the triangles of the file at `path` (at most `max_bytes` bytes), in metres with y up,
    /// the file's node transforms applied. Throws LevelError naming the file. The OBJ format's is load_obj.
    TriangleMesh (*load_mesh)(const std::string& path, std::uintmax_t max_bytes,
                              const LevelReadOptions& options) = nullptr;
    /// Optional: throws the format's LevelError when a file's first lines alone show it is not this format,
    /// so a junk file fails before it is read whole (see kinema::read_file_capped).
    void (*check_start)(std::string_view first_lines, const std::string& name) = nullptr;
    /// Optional, grid formats: true when a file without an extension starts as this format does; such a file
    /// is read by the first format that recognises it, else by the one claiming "".
    bool (*recognises)(std::string_view start) = nullptr;
    /// True when the loader reads LevelReadOptions::level (a file holding several levels: an LDtk project).
    /// Every face refuses a level option for a format that does not (unread_option_message).
    bool reads_level_option = false;
    /// True when the loader reads LevelReadOptions::walls (a Tiled layer, an LDtk IntGrid value, a colour).
    bool reads_walls_option = false;
};

/// A mesh in the file's units and axes made metres with y up by `options` (LevelReadOptions::scale and up):
/// the last step of every mesh format's load_mesh, after the units and axes the file states itself.
void apply_mesh_options(TriangleMesh& mesh, const LevelReadOptions& options);

/// Adds a format. Throws std::invalid_argument when it claims an extension another format claims, has no
/// extension, is a grid format without `parse` or a mesh format without `load_mesh`. Thread-safe; the
/// built-in formats are always there.
void register_level_format(LevelFormat format);

/// Every format, the built-in ones first (.map, .txt and files without an extension, .obj, .nav), then the
/// registered ones in the order they were added.
[[nodiscard]] std::vector<LevelFormat> level_formats();

/// The extensions read, for messages: ".map, .txt, .obj, .nav (a file without an extension as .txt)".
[[nodiscard]] std::string readable_extensions();

/// The format of the file `path` by its extension (the file name's last ".xyz", compared in any case; none
/// for a name without a dot or a dotfile such as ".level"). Throws LevelError "PATH: format not supported:
/// .png; kinema reads ..." (what() is that line, file() empty) for an extension no format claims.
[[nodiscard]] LevelFormat level_format(std::string_view path);

/// The grid format that reads `text` from a file named `name`: level_format(name), except that a file
/// without an extension goes to the first format that recognises its text. Throws LevelError
/// "NAME: format not supported: ..." as level_format does, and "NAME: a 3D level (FORMAT), not a grid level"
/// for a mesh or navmesh file.
[[nodiscard]] LevelFormat grid_level_format(std::string_view name, std::string_view text);

/// The refusal of a LevelReadOptions field that the format of `path` does not read (docs/errors.md: an
/// option that changes nothing is refused), naming the option as the face's user gives it (`level_name`
/// "--level" on the command line, "level" in Python): "--walls: has no effect on corner.txt: the kinema ASCII
/// level format marks its own walls (--walls is read for .tmx, .ldtk)". Empty when every option set is read.
/// Throws level_format's LevelError for an extension no format claims when an option is set.
[[nodiscard]] std::string unread_option_message(std::string_view path, const LevelReadOptions& options,
                                                std::string_view level_name, std::string_view walls_name);

/// The refusal of a mesh option (LevelReadOptions::scale or up, named `option` as the face's user gives it:
/// "--scale", "scale") for the file `path` when its format is not a triangle mesh, which the option would not
/// change: "--scale: has no effect on corner.txt: the kinema ASCII level format is a grid level (--scale is
/// read for .obj, .gltf, ...)". Empty for a mesh format. Throws level_format's LevelError for an extension no
/// format claims.
[[nodiscard]] std::string unread_mesh_option_message(std::string_view path, std::string_view option);

/// The LevelReadOptions of `typed` for the level file `path`; for the face's built-in level when `path` is
/// empty; for a navmesh file when `navmesh` is set (`path` is then that file, whatever its extension). An
/// option the level's format does not read changes nothing and is refused (docs/errors.md), as is a scale
/// outside [min_mesh_scale, max_mesh_scale] or an up axis other than y or z: LevelError, each option and the
/// level's source named by `names` ("--up: must be y or z (the file's up axis), got 'x'"; "--level: has no
/// effect without --map (the built-in level)"; unread_option_message's and unread_mesh_option_message's
/// refusals, and level_format's LevelError for an extension no format claims). The text is checked first,
/// then the mesh options, then level and walls, each in that order.
[[nodiscard]] LevelReadOptions level_options_of(const LevelOptionText& typed, const LevelOptionNames& names,
                                                std::string_view path, std::string_view navmesh = {});

/// True when `path` names a 3D level (a mesh or a navmesh) rather than a grid; throws level_format's error
/// for an unsupported extension. How a face that reads both decides which loader to hand the file to.
[[nodiscard]] bool is_3d_level_file(std::string_view path);

}  // namespace kinema::levels
