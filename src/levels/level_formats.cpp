#include "kinema/levels/level_formats.hpp"

#include <algorithm>
#include <charconv>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "text_lines.hpp"

namespace kinema::levels {
namespace {

/// A Moving AI map without its extension: the first line (after a byte-order mark), trimmed, is its header.
bool starts_as_moving_ai(std::string_view text) {
    const std::string_view rest = detail::skip_byte_order_mark(text);
    std::string_view first = rest.substr(0, rest.find('\n'));
    if (!first.empty() && first.back() == '\r') {
        first.remove_suffix(1);
    }
    return trim(first) == "type octile";
}

// The built-in formats hold one level and mark their own walls, so they take no LevelReadOptions.
GridLevel parse_moving_ai(std::string_view text, const std::string& name, const LevelReadOptions&) {
    return parse_moving_ai_map(text, name);
}

GridLevel parse_ascii(std::string_view text, const std::string& name, const LevelReadOptions&) {
    return parse_ascii_level(text, name);
}

// OBJ states no units or axes: the caller's scale and up axis apply (docs/levels.md).
TriangleMesh load_obj_mesh(const std::string& path, std::uintmax_t max_bytes,
                           const LevelReadOptions& options) {
    check_level_read_options(options);
    TriangleMesh mesh = load_obj(path, max_bytes);
    apply_mesh_options(mesh, options);
    return mesh;
}

std::vector<LevelFormat> built_in_formats() {
    std::vector<LevelFormat> formats;
    formats.push_back({"Moving AI map",
                       {".map"},
                       LevelShape::grid,
                       parse_moving_ai,
                       nullptr,
                       detail::check_moving_ai_start,
                       starts_as_moving_ai});
    formats.push_back({"kinema ASCII level", {".txt", ""}, LevelShape::grid, parse_ascii});
    formats.push_back({"OBJ triangle mesh", {".obj"}, LevelShape::triangle_mesh, nullptr, load_obj_mesh});
    formats.push_back({"navmesh", {".nav"}, LevelShape::navmesh});
    return formats;
}

struct Registry {
    std::mutex mutex;
    std::vector<LevelFormat> formats = built_in_formats();
};

Registry& registry() {
    static Registry r;
    return r;
}

/// The file name's extension as typed (".PNG"), empty when it has none (no dot, or only a leading one).
std::string_view extension_of(std::string_view path) {
    const std::size_t slash = path.find_last_of('/');
    const std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
    const std::size_t dot = file.find_last_of('.');
    if (dot == std::string_view::npos || dot == 0 || file == "..") {
        return {};
    }
    return file.substr(dot);
}

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

bool claims(const LevelFormat& format, std::string_view extension) {
    return std::find(format.extensions.begin(), format.extensions.end(), extension) !=
           format.extensions.end();
}

std::string readable_extensions_of(const std::vector<LevelFormat>& formats) {
    std::string listed;
    std::string without = "";
    for (const LevelFormat& format : formats) {
        for (const std::string& extension : format.extensions) {
            if (extension.empty()) {
                without = format.extensions.front();
                continue;
            }
            listed.append(listed.empty() ? "" : ", ").append(extension);
        }
    }
    if (!without.empty()) {
        listed.append(" (a file without an extension as ").append(without).append(")");
    }
    return listed;
}

/// The extensions of the formats that read an option, for its refusal: ".tmx, .ldtk".
std::string extensions_reading(const std::vector<LevelFormat>& formats, bool LevelFormat::*reads) {
    std::string listed;
    for (const LevelFormat& format : formats) {
        for (const std::string& extension : format.extensions) {
            if (format.*reads && !extension.empty()) {
                listed.append(listed.empty() ? "" : ", ").append(extension);
            }
        }
    }
    return listed;
}

std::string unread_option(std::string_view path, std::string_view option, std::string_view why,
                          const std::string& read_for) {
    std::string message =
        std::string(option) + ": has no effect on " + std::string(path) + ": " + std::string(why);
    if (read_for.empty()) {
        return message + " (no format of this build reads " + std::string(option) + ")";
    }
    return message + " (" + std::string(option) + " is read for " + read_for + ")";
}

}  // namespace

void check_level_read_options(const LevelReadOptions& options) {
    if (!(options.scale >= min_mesh_scale && options.scale <= max_mesh_scale)) {  // NaN fails both
        throw LevelError(
            "scale must be a finite number in [1e-06, 1e+06] (metres per unit of the file), got " +
            format_number(options.scale));
    }
}

void apply_mesh_options(TriangleMesh& mesh, const LevelReadOptions& options) {
    const bool z_up = options.up == LevelReadOptions::UpAxis::z;
    if (options.scale == 1.0 && !z_up) {
        return;
    }
    for (Vec3& v : mesh.vertices) {
        const Vec3 scaled = v * options.scale;
        // z up to y up, a right-handed quarter turn about x: (x, y, z) -> (x, z, -y).
        v = z_up ? Vec3{scaled.x, scaled.z, -scaled.y} : scaled;
    }
}

void register_level_format(LevelFormat format) {
    if (format.extensions.empty()) {
        throw std::invalid_argument("register_level_format: " + format.name + " claims no extension");
    }
    if (format.shape == LevelShape::grid && format.parse == nullptr) {
        throw std::invalid_argument("register_level_format: " + format.name +
                                    " is a grid format without parse");
    }
    if (format.shape == LevelShape::triangle_mesh && format.load_mesh == nullptr) {
        throw std::invalid_argument("register_level_format: " + format.name +
                                    " is a mesh format without load_mesh");
    }
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    for (std::string& extension : format.extensions) {
        extension = lower(extension);
        for (const LevelFormat& other : r.formats) {
            if (claims(other, extension)) {
                throw std::invalid_argument("register_level_format: " + format.name + " claims '" +
                                            extension + "', which " + other.name + " reads");
            }
        }
    }
    r.formats.push_back(std::move(format));
}

std::vector<LevelFormat> level_formats() {
    Registry& r = registry();
    const std::lock_guard<std::mutex> lock(r.mutex);
    return r.formats;
}

std::string readable_extensions() {
    return readable_extensions_of(level_formats());
}

LevelFormat level_format(std::string_view path) {
    const std::vector<LevelFormat> formats = level_formats();
    const std::string_view typed = extension_of(path);
    const std::string extension = lower(typed);
    for (const LevelFormat& format : formats) {
        if (claims(format, extension)) {
            return format;
        }
    }
    throw LevelError(std::string(path) + ": format not supported: " + std::string(typed) + "; kinema reads " +
                     readable_extensions_of(formats));
}

LevelFormat grid_level_format(std::string_view name, std::string_view text) {
    LevelFormat format = level_format(name);
    if (extension_of(name).empty()) {
        for (const LevelFormat& other : level_formats()) {
            if (other.recognises != nullptr && other.recognises(text)) {
                return other;
            }
        }
    }
    if (format.shape != LevelShape::grid) {
        throw LevelError(std::string(name) + ": a 3D level (" + format.name + "), not a grid level");
    }
    return format;
}

std::string unread_option_message(std::string_view path, const LevelReadOptions& options,
                                  std::string_view level_name, std::string_view walls_name) {
    if (options.level.empty() && options.walls.empty()) {
        return {};
    }
    const LevelFormat format = level_format(path);
    const std::vector<LevelFormat> formats = level_formats();
    if (!options.level.empty() && !format.reads_level_option) {
        return unread_option(path, level_name, "the " + format.name + " format holds one level",
                             extensions_reading(formats, &LevelFormat::reads_level_option));
    }
    if (!options.walls.empty() && !format.reads_walls_option) {
        return unread_option(path, walls_name, "the " + format.name + " format marks its own walls",
                             extensions_reading(formats, &LevelFormat::reads_walls_option));
    }
    return {};
}

std::string unread_mesh_option_message(std::string_view path, std::string_view option) {
    const LevelFormat format = level_format(path);
    if (format.shape == LevelShape::triangle_mesh) {
        return {};
    }
    // A grid is in tiles and has no up axis; a navmesh file is already in metres with y up (Recast's).
    const std::string why = format.shape == LevelShape::grid ? " format is a grid level"
                                                             : " format is in metres with y up already";
    std::string meshes;
    for (const LevelFormat& other : level_formats()) {
        for (const std::string& extension : other.extensions) {
            if (other.shape == LevelShape::triangle_mesh && !extension.empty()) {
                meshes.append(meshes.empty() ? "" : ", ").append(extension);
            }
        }
    }
    return unread_option(path, option, "the " + format.name + why, meshes);
}

namespace {

/// "NAME: message": an option's error, named as the face's user gives it.
std::string named(std::string_view name, std::string_view message) {
    return std::string(name) + ": " + std::string(message);
}

/// LevelReadOptions::scale as typed: a number (std::from_chars syntax, the whole text) in its range.
double parse_mesh_scale(const std::string& text, std::string_view name) {
    double value = 0.0;
    const char* const end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc{} || stop != end || !(value >= min_mesh_scale) || !(value <= max_mesh_scale)) {
        throw LevelError(named(name,
                               "must be a number in [1e-06, 1e+06] (metres per unit of the file: 0.01 for "
                               "centimetres), got '" +
                                   text + "'"));
    }
    return value;
}

/// LevelReadOptions::up as typed: "y" or "z".
LevelReadOptions::UpAxis parse_up_axis(const std::string& text, std::string_view name) {
    if (text != "y" && text != "z") {
        throw LevelError(named(name, "must be y or z (the file's up axis), got '" + text + "'"));
    }
    return text == "z" ? LevelReadOptions::UpAxis::z : LevelReadOptions::UpAxis::y;
}

/// Throws `refusal` unless it is empty.
void refuse(const std::string& refusal) {
    if (!refusal.empty()) {
        throw LevelError(refusal);
    }
}

/// The refusal of `option` where no level file's format reads it: the face's built-in level, or (`navmesh`) a
/// navmesh file, which already is what `why` says, so the option would change nothing.
std::string refusal_without_file(std::string_view option, const LevelOptionNames& names, bool navmesh,
                                 std::string_view why) {
    return named(option, navmesh
                             ? "has no effect with " + std::string(names.navmesh) + " (a navmesh " +
                                   std::string(why) + ")"
                             : "has no effect without " + std::string(names.map) + " (the built-in level)");
}

}  // namespace

LevelReadOptions level_options_of(const LevelOptionText& typed, const LevelOptionNames& names,
                                  std::string_view path, std::string_view navmesh) {
    LevelReadOptions options{typed.level, typed.walls};
    if (!typed.scale.empty()) {
        options.scale = parse_mesh_scale(typed.scale, names.scale);
    }
    if (!typed.up.empty()) {
        options.up = parse_up_axis(typed.up, names.up);
    }
    const bool no_file = path.empty() || !navmesh.empty();
    for (const auto& [text, name] : {std::pair{&typed.scale, names.scale}, {&typed.up, names.up}}) {
        if (!text->empty()) {
            refuse(no_file
                       ? refusal_without_file(name, names, !navmesh.empty(), "is in metres with y up already")
                       : unread_mesh_option_message(path, name));
        }
    }
    if (!no_file) {
        refuse(unread_option_message(path, options, names.level, names.walls));
        return options;
    }
    for (const auto& [text, name] : {std::pair{&typed.level, names.level}, {&typed.walls, names.walls}}) {
        if (!text->empty()) {
            refuse(refusal_without_file(name, names, !navmesh.empty(),
                                        "holds one level and marks its own walls"));
        }
    }
    return options;
}

bool is_3d_level_file(std::string_view path) {
    return level_format(path).shape != LevelShape::grid;
}

}  // namespace kinema::levels
