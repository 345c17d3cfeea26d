// LDtk projects. The JSON layout is LDtk's (ldtk.io/json, "LDtk Json structure"; ../shared/reference/
// formats-and-platforms.md): levels[] (or worlds[].levels[] in a project of several worlds), each with
// layerInstances[] (null when the level is saved apart, in the file externalRelPath names) and defs.layers[]
// holding each IntGrid layer's intGridValues [{value, identifier}]. Every refusal names the JSON path of the
// element at fault, so a designer can find it in the file.
#include "kinema/formats/ldtk.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "json_errors.hpp"
#include "kinema/core/file.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::formats {
namespace {

using levels::LevelError;
using nlohmann::json;

// Where an element is: the file holding it (the project, or an external level's .ldtkl) and its JSON path.
struct Where {
    std::string file;
    std::string path;

    Where operator[](std::size_t index) const { return {file, path + "[" + std::to_string(index) + "]"}; }
    Where dot(std::string_view key) const {
        return {file, path.empty() ? std::string(key) : path + "." + std::string(key)};
    }
};

[[noreturn]] void refuse(const Where& at, const std::string& message) {
    throw LevelError(at.file + ": " + (at.path.empty() ? "" : at.path + ": ") + message);
}

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

const char* json_kind(const json& value) {
    return value.type_name();  // "object", "array", "string", "number", "boolean", "null"
}

const json& member(const json& object, std::string_view key, const Where& at) {
    if (!object.is_object()) {
        refuse(at, std::string("expected an object, got ") + json_kind(object));
    }
    const auto found = object.find(key);
    if (found == object.end()) {
        refuse(at.dot(key), "missing");
    }
    return *found;
}

const json& array_member(const json& object, std::string_view key, const Where& at) {
    const json& value = member(object, key, at);
    if (!value.is_array()) {
        refuse(at.dot(key), std::string("expected an array, got ") + json_kind(value));
    }
    return value;
}

std::string string_member(const json& object, std::string_view key, const Where& at) {
    const json& value = member(object, key, at);
    if (!value.is_string()) {
        refuse(at.dot(key), std::string("expected a string, got ") + json_kind(value));
    }
    return value.get<std::string>();
}

// An integer in [low, high]; JSON numbers with a fraction, strings and the like are refused, never rounded.
std::int64_t integer_in(const json& value, const Where& at, std::int64_t low, std::int64_t high) {
    const std::string range =
        "expected an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "], got ";
    if (!value.is_number_integer()) {
        // A scalar is shown as written; an array or object only by its kind: dump() recurses, and a value
        // nested 200,000 deep would overflow the stack.
        refuse(at, range + (value.is_structured() ? std::string(json_kind(value))
                                                  : quote_for_message(value.dump())));
    }
    // nlohmann keeps a non-negative integer as unsigned: one beyond int64 is simply out of range.
    if (value.is_number_unsigned() && value.get<std::uint64_t>() > static_cast<std::uint64_t>(high)) {
        refuse(at, range + std::to_string(value.get<std::uint64_t>()));
    }
    const std::int64_t number = value.get<std::int64_t>();
    if (number < low || number > high) {
        refuse(at, range + std::to_string(number));
    }
    return number;
}

// ---- Reading the JSON ----------------------------------------------------------------------------------

void refuse_non_object_start(std::string_view text, const std::string& file) {
    // A UTF-8 byte-order mark is skipped, as by every text loader (docs/errors.md; nlohmann skips it too).
    const std::size_t bom = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    const std::size_t first = text.find_first_not_of(" \t\r\n", bom);
    if (first == std::string_view::npos) {
        throw LevelError(file, 1, "not an LDtk project: the file is empty");
    }
    if (text[first] != '{') {
        const int line = 1 + static_cast<int>(std::count(text.begin(), text.begin() + first, '\n'));
        throw LevelError(file, line,
                         "not an LDtk project: a JSON object '{' must start it, got " +
                             quote_for_message(text.substr(first, 1)));
    }
}

// nlohmann's message without its "[json.exception.parse_error.101] parse error at line 1, column 5: " prefix
// (LevelError names the line itself).
std::string parse_error_reason(const json::parse_error& error) {
    const std::string what = error.what();
    const std::size_t column = what.find(", column ");
    const std::size_t colon = column == std::string::npos ? std::string::npos : what.find(": ", column);
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

// The parts of a project that give no walls are dropped as they are parsed: the tiles that draw the level
// (gridTiles, autoLayerTiles: in a project with auto-layers several times the IntGrid's size) and the
// editor's rules and tilesets, so that the document held in memory is little more than the IntGrid layers.
bool keep_what_kinema_reads(int /*depth*/, json::parse_event_t event, json& parsed) {
    if (event != json::parse_event_t::key) {
        return true;
    }
    const std::string& key = parsed.get_ref<const std::string&>();
    return key != "gridTiles" && key != "autoLayerTiles" && key != "autoRuleGroups" && key != "tilesets" &&
           key != "enums" && key != "externalEnums";
}

json parse_json(std::string_view text, const std::string& file) {
    refuse_non_object_start(text, file);
    try {
        return json::parse(text.begin(), text.end(), keep_what_kinema_reads);
    } catch (const json::parse_error& e) {
        const std::size_t at = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
        const int line = 1 + static_cast<int>(std::count(
                                 text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
        throw LevelError(file, line, "not valid JSON: " + parse_error_reason(e));
    } catch (const json::exception& e) {
        // A number past a double ("1e400"): nlohmann's out_of_range.406, which carries no position.
        throw LevelError(file + ": not valid JSON: " + detail::without_json_tag(e.what()));
    }
}

// ---- Choosing the level --------------------------------------------------------------------------------

struct LevelRef {
    const json* level = nullptr;
    Where at;
    std::string identifier;
};

// levels[], or in a project of several worlds (LDtk 1.0's "multi-worlds", where levels[] is empty) the
// levels of every world in order.
std::vector<LevelRef> project_levels(const json& root, const Where& at) {
    std::vector<const json*> lists;
    std::vector<Where> list_at;
    const json& top = array_member(root, "levels", at);
    lists.push_back(&top);
    list_at.push_back(at.dot("levels"));
    const auto worlds = root.find("worlds");
    if (top.empty() && worlds != root.end() && worlds->is_array()) {
        for (std::size_t w = 0; w < worlds->size(); ++w) {
            lists.push_back(&array_member((*worlds)[w], "levels", at.dot("worlds")[w]));
            list_at.push_back(at.dot("worlds")[w].dot("levels"));
        }
    }
    std::vector<LevelRef> found;
    for (std::size_t l = 0; l < lists.size(); ++l) {
        for (std::size_t i = 0; i < lists[l]->size(); ++i) {
            const Where level_at = list_at[l][i];
            found.push_back(
                {&(*lists[l])[i], level_at, string_member((*lists[l])[i], "identifier", level_at)});
        }
    }
    if (found.empty()) {
        refuse(at.dot("levels"), "the project has no level");
    }
    return found;
}

// Names for a one-line message: quoted, at most 20 of them, even for a project of hundreds of levels or
// values.
std::string listed(const std::vector<std::string>& names, const std::string& what) {
    constexpr std::size_t max_listed = 20;
    std::string list;
    for (std::size_t i = 0; i < names.size() && i < max_listed; ++i) {
        list.append(i == 0 ? "" : ", ").append(quote_for_message(names[i]));
    }
    if (names.size() > max_listed) {
        list.append(", ... (" + std::to_string(names.size()) + " " + what + ")");
    }
    return list;
}

const LevelRef& chosen_level(const std::vector<LevelRef>& levels, const std::string& wanted,
                             const std::string& file) {
    if (wanted.empty()) {
        return levels.front();
    }
    const auto found = std::find_if(levels.begin(), levels.end(),
                                    [&](const LevelRef& ref) { return ref.identifier == wanted; });
    if (found == levels.end()) {
        std::vector<std::string> identifiers;
        for (const LevelRef& ref : levels) {
            identifiers.push_back(ref.identifier);
        }
        throw LevelError(file + ": no level " + quote_for_message(wanted) +
                         "; the project's levels: " + listed(identifiers, "levels"));
    }
    return *found;
}

// The level's body: the level itself, or the external .ldtkl file its externalRelPath names (relative to
// the project file; a project given as text from no file, such as the web page's, has no folder to look in).
struct LevelBody {
    json external;  // the .ldtkl's JSON when the level is saved apart
    const json* layers = nullptr;
    Where layers_at;
};

LevelBody level_body(const LevelRef& ref) {
    LevelBody body;
    const json& layers = member(*ref.level, "layerInstances", ref.at);
    if (!layers.is_null()) {
        body.layers = &layers;
        body.layers_at = ref.at.dot("layerInstances");
    } else {
        const auto rel = ref.level->find("externalRelPath");
        if (rel == ref.level->end() || !rel->is_string()) {
            refuse(ref.at.dot("layerInstances"),
                   "null, and the level has no externalRelPath to read it from");
        }
        // LDtk writes the path relative to the project; an absolute one (or a FIFO, a device) is no level
        // file of the project's, and reading /dev/stdin would hang.
        const std::filesystem::path relative = utf8_path(rel->get<std::string>());
        if (relative.is_absolute() || relative.empty()) {
            refuse(ref.at.dot("externalRelPath"), "must be a path relative to the project file, got " +
                                                      quote_for_message(rel->get<std::string>()));
        }
        const std::filesystem::path path = utf8_path(ref.at.file).parent_path() / relative;
        const std::string name = utf8_text(path);
#if !defined(__EMSCRIPTEN__)
        // Not in the WebAssembly build (web/CMakeLists.txt): it has no file system, and emscripten's stubs
        // report every path as an existing file of unknown type; read_file_capped refuses there instead,
        // saying that the browser cannot read files beside the project (docs/web.md "Level formats").
        std::error_code ignored;
        if (std::filesystem::exists(path, ignored) && !std::filesystem::is_regular_file(path, ignored)) {
            refuse(ref.at.dot("externalRelPath"), "the level's file " + name + " is not a regular file");
        }
#endif
        std::string text;
        try {
            text = read_file_capped(name, levels::default_max_level_bytes);
        } catch (const FileError& e) {
            refuse(ref.at.dot("externalRelPath"), "cannot read the level's file " + name + ": " + e.why() +
                                                      " (external levels are read beside the project file)");
        }
        body.external = parse_json(text, name);
        body.layers = &array_member(body.external, "layerInstances", {name, ""});
        body.layers_at = {name, "layerInstances"};
    }
    if (!body.layers->is_array()) {
        refuse(body.layers_at, std::string("expected an array, got ") + json_kind(*body.layers));
    }
    return body;
}

// ---- IntGrid layers ------------------------------------------------------------------------------------

bool is_one_of(const std::string& identifier, std::initializer_list<std::string_view> names) {
    const std::string l = lower(identifier);
    return std::find(names.begin(), names.end(), l) != names.end();
}

enum class ValueKind : std::uint8_t { other, wall, floor };

// What each IntGrid value of a layer definition is, by its identifier: the conventions of issue 41
// (docs/levels.md) plus the caller's `walls` name.
struct LayerDef {
    std::string identifier;
    std::map<std::int64_t, ValueKind> values;
    std::vector<std::string> value_names;
    bool walls_name_found = false;  // some value's identifier is the caller's `walls` name
};

LayerDef layer_def(const json& def, const Where& at, const std::string& walls_name) {
    LayerDef out;
    out.identifier = string_member(def, "identifier", at);
    const json& values = array_member(def, "intGridValues", at);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const Where value_at = at.dot("intGridValues")[i];
        const std::int64_t value = integer_in(member(values[i], "value", value_at), value_at.dot("value"), 1,
                                              std::numeric_limits<std::int32_t>::max());
        const json& name = member(values[i], "identifier", value_at);
        const std::string identifier = name.is_string() ? name.get<std::string>() : std::string();
        ValueKind kind = ValueKind::other;
        const bool named_walls = !walls_name.empty() && lower(identifier) == lower(walls_name);
        out.walls_name_found = out.walls_name_found || named_walls;
        if (named_walls || is_one_of(identifier, {"wall", "walls", "solid", "collision"})) {
            kind = ValueKind::wall;
        } else if (is_one_of(identifier, {"floor", "ground", "walkable"})) {
            kind = ValueKind::floor;
        }
        out.values[value] = kind;
        out.value_names.push_back(identifier.empty() ? std::to_string(value) : identifier);
    }
    return out;
}

// The grid every IntGrid layer of the level shares, and what lies in each cell across the layers.
struct Cells {
    int width = 0;
    int height = 0;
    std::int64_t grid_size = 0;
    std::string first_layer;
    std::vector<std::uint8_t> wall;   // 1 where some layer holds a wall value
    std::vector<std::uint8_t> floor;  // 1 where some layer holds a floor value
    bool any_floor_value = false;     // some layer defines a floor value: only those cells are floor
    std::vector<std::string> value_names;
    bool walls_name_found = false;
};

void check_same_grid(Cells& cells, const std::string& identifier, int width, int height, std::int64_t grid,
                     const Where& at) {
    if (cells.width == 0) {
        cells.width = width;
        cells.height = height;
        cells.grid_size = grid;
        cells.first_layer = identifier;
        const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
        cells.wall.assign(count, 0);
        cells.floor.assign(count, 0);
    } else if (width != cells.width || height != cells.height || grid != cells.grid_size) {
        refuse(at, "IntGrid layer " + quote_for_message(identifier) + " is " + std::to_string(width) + " x " +
                       std::to_string(height) + " cells of " + std::to_string(grid) + " px, layer " +
                       quote_for_message(cells.first_layer) + " " + std::to_string(cells.width) + " x " +
                       std::to_string(cells.height) + " cells of " + std::to_string(cells.grid_size) +
                       " px: kinema reads IntGrid layers of one grid");
    }
}

void add_intgrid_layer(Cells& cells, const json& layer, const Where& at, const LayerDef& def) {
    const auto max_side = static_cast<std::int64_t>(levels::max_level_dimension);
    const int width =
        static_cast<int>(integer_in(member(layer, "__cWid", at), at.dot("__cWid"), 1, max_side));
    const int height =
        static_cast<int>(integer_in(member(layer, "__cHei", at), at.dot("__cHei"), 1, max_side));
    const std::int64_t grid = integer_in(member(layer, "__gridSize", at), at.dot("__gridSize"), 1, 1 << 20);
    check_same_grid(cells, def.identifier, width, height, grid, at);
    const json& csv = array_member(layer, "intGridCsv", at);
    const std::size_t count = cells.wall.size();
    if (csv.size() != count) {
        refuse(at.dot("intGridCsv"), "holds " + std::to_string(csv.size()) +
                                         " values, expected __cWid x __cHei = " + std::to_string(width) +
                                         " x " + std::to_string(height) + " = " + std::to_string(count));
    }
    constexpr std::int64_t max_value = std::numeric_limits<std::int32_t>::max();
    for (std::size_t i = 0; i < count; ++i) {
        // The JSON path is built only for a value at fault: 16 million cells must not make 16 million paths.
        const json& cell = csv[i];
        const bool plain = cell.is_number_unsigned() && cell.get<std::uint64_t>() <= std::uint64_t{max_value};
        const std::int64_t value =
            plain ? cell.get<std::int64_t>() : integer_in(cell, at.dot("intGridCsv")[i], 0, max_value);
        if (value == 0) {
            continue;
        }
        const auto kind = def.values.find(value);
        // A value the definition does not list (LDtk never writes one) is an unnamed value: "other".
        const ValueKind k = kind == def.values.end() ? ValueKind::other : kind->second;
        cells.wall[i] = static_cast<std::uint8_t>(cells.wall[i] | (k == ValueKind::wall ? 1 : 0));
        cells.floor[i] = static_cast<std::uint8_t>(cells.floor[i] | (k == ValueKind::floor ? 1 : 0));
    }
}

// The index in defs.layers[] of the definition the layer names by uid.
std::size_t definition_of(const json& layer_defs, const json& layer, const Where& at, const Where& defs_at) {
    const std::int64_t uid =
        integer_in(member(layer, "layerDefUid", at), at.dot("layerDefUid"),
                   std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max());
    for (std::size_t d = 0; d < layer_defs.size(); ++d) {
        const json& def = layer_defs[d];
        const auto def_uid = def.is_object() ? def.find("uid") : def.end();
        if (def.is_object() && def_uid != def.end() && def_uid->is_number_integer() &&
            def_uid->get<std::int64_t>() == uid) {
            return d;
        }
    }
    refuse(at.dot("layerDefUid"),
           "no layer definition with uid " + std::to_string(uid) + " in " + defs_at.path);
}

// ---- Entities: the markers -----------------------------------------------------------------------------

struct Marker {
    std::optional<Vec2> position;  // the centre of the IntGrid tile holding the entity
    std::optional<Vec2> direction;
    std::string at;  // JSON path, for "second 'player' entity" messages
};

struct Markers {
    Marker player;
    Marker npc;
};

Vec2 direction_field(const json& entity, const Where& at) {
    const auto fields = entity.find("fieldInstances");
    if (fields == entity.end() || !fields->is_array()) {
        return {0.0, 0.0};
    }
    for (std::size_t f = 0; f < fields->size(); ++f) {
        const Where field_at = at.dot("fieldInstances")[f];
        if (!(*fields)[f].is_object() ||
            lower(string_member((*fields)[f], "__identifier", field_at)) != "direction") {
            continue;
        }
        const json& value = member((*fields)[f], "__value", field_at);
        if (value.is_null()) {
            return {0.0, 0.0};
        }
        if (!value.is_string()) {
            refuse(field_at.dot("__value"),
                   std::string("direction must be a string 'DX,DY', got ") + json_kind(value));
        }
        const std::vector<std::string> parts = split(value.get<std::string>(), ',');
        const auto component = [&](std::size_t i) {
            const ReadNumber n = parts.size() == 2 ? read_number(trim(parts[i])) : ReadNumber{};
            if (n.status != NumberText::ok || std::abs(n.value) > levels::max_direction_component) {
                refuse(field_at.dot("__value"),
                       "direction must be 'DX,DY' with each component in [-1e9, 1e9], got " +
                           quote_for_message(value.get<std::string>()));
            }
            return n.value;
        };
        return {component(0), component(1)};
    }
    return {0.0, 0.0};
}

void add_entity(Markers& markers, const json& entity, const Where& at, std::int64_t layer_grid,
                const Cells& cells) {
    const std::string identifier = lower(string_member(entity, "__identifier", at));
    if (identifier != "player" && identifier != "npc") {
        return;
    }
    Marker& marker = identifier == "player" ? markers.player : markers.npc;
    if (marker.position) {
        refuse(at, "second " + quote_for_message(identifier) + " entity (the first is " + marker.at + ")");
    }
    const json& grid = array_member(entity, "__grid", at);
    if (grid.size() != 2) {
        refuse(at.dot("__grid"), "expected [cx, cy], got " + std::to_string(grid.size()) + " values");
    }
    const std::int64_t limit = std::int64_t{1} << 40;
    // The entity's cell in its own layer's grid, its centre in pixels, then the IntGrid tile holding it.
    const auto tile = [&](std::size_t axis) {
        const std::int64_t cell = integer_in(grid[axis], at.dot("__grid")[axis], -limit, limit);
        const double pixel = (static_cast<double>(cell) + 0.5) * static_cast<double>(layer_grid);
        return std::floor(pixel / static_cast<double>(cells.grid_size));
    };
    const double col = tile(0);
    const double row = tile(1);
    if (col < 0 || row < 0 || col >= cells.width || row >= cells.height) {
        refuse(at, "entity " + quote_for_message(identifier) + " is on tile (" + format_number(col) + ", " +
                       format_number(row) + "), outside the level's " + std::to_string(cells.width) + " x " +
                       std::to_string(cells.height) + " tiles");
    }
    marker.position = Vec2{col + 0.5, row + 0.5};
    marker.direction = direction_field(entity, at);
    marker.at = at.path;
}

// ---- The level -----------------------------------------------------------------------------------------

Cells read_intgrid_layers(const json& root, const std::string& project, const LevelBody& body,
                          const std::string& walls_name) {
    // Definitions are the project's, also for an external level's layers (they refer to them by uid).
    const Where defs_at{project, "defs.layers"};
    const json& defs = array_member(member(root, "defs", {project, ""}), "layers", {project, "defs"});
    Cells cells;
    std::string types;
    for (std::size_t i = 0; i < body.layers->size(); ++i) {
        const json& layer = (*body.layers)[i];
        const Where at = body.layers_at[i];
        const std::string type = string_member(layer, "__type", at);
        types.append(types.empty() ? "" : ", ").append(quote_for_message(type));
        if (type != "IntGrid") {
            continue;
        }
        const std::size_t d = definition_of(defs, layer, at, defs_at);
        const LayerDef def = layer_def(defs[d], defs_at[d], walls_name);
        add_intgrid_layer(cells, layer, at, def);
        for (const auto& [value, kind] : def.values) {
            cells.any_floor_value = cells.any_floor_value || kind == ValueKind::floor;
        }
        cells.walls_name_found = cells.walls_name_found || def.walls_name_found;
        cells.value_names.insert(cells.value_names.end(), def.value_names.begin(), def.value_names.end());
    }
    if (cells.width == 0) {
        refuse(body.layers_at,
               "no IntGrid layer (layers: " + (types.empty() ? std::string("none") : types) + ")");
    }
    return cells;
}

Markers read_markers(const LevelBody& body, const Cells& cells) {
    Markers markers;
    for (std::size_t i = 0; i < body.layers->size(); ++i) {
        const json& layer = (*body.layers)[i];
        const Where at = body.layers_at[i];
        if (string_member(layer, "__type", at) != "Entities") {
            continue;
        }
        const std::int64_t grid =
            integer_in(member(layer, "__gridSize", at), at.dot("__gridSize"), 1, 1 << 20);
        const json& entities = array_member(layer, "entityInstances", at);
        for (std::size_t e = 0; e < entities.size(); ++e) {
            add_entity(markers, entities[e], at.dot("entityInstances")[e], grid, cells);
        }
    }
    return markers;
}

// Walls win in any layer; when some layer names floor values only their cells are floor (a cell empty in
// every layer is then outside the level), else every cell that is not a wall is floor (issue 41).
std::vector<std::uint8_t> passable_tiles(const Cells& cells) {
    std::vector<std::uint8_t> passable(cells.wall.size(), 0);
    for (std::size_t i = 0; i < passable.size(); ++i) {
        passable[i] = cells.wall[i] == 0 && (!cells.any_floor_value || cells.floor[i] != 0) ? 1 : 0;
    }
    return passable;
}

}  // namespace

void check_ldtk_start(std::string_view first_bytes, const std::string& name) {
    if (first_bytes.find_first_not_of(" \t\r\n") != std::string_view::npos) {
        refuse_non_object_start(first_bytes, name);
    }
}

levels::GridLevel parse_ldtk(std::string_view text, const std::string& name,
                             const levels::LevelReadOptions& options) {
    const json root = parse_json(text, name);
    const Where root_at{name, ""};
    const std::vector<LevelRef> all = project_levels(root, root_at);
    const LevelRef& ref = chosen_level(all, options.level, name);
    const LevelBody body = level_body(ref);
    const Cells cells = read_intgrid_layers(root, name, body, options.walls);
    if (!options.walls.empty() && !cells.walls_name_found) {
        refuse(ref.at, "no IntGrid value named " + quote_for_message(options.walls) + " in level " +
                           quote_for_message(ref.identifier) +
                           " (values: " + listed(cells.value_names, "values") + ")");
    }
    levels::GridLevel level;
    level.name = name;
    level.title = ref.identifier;
    level.width = cells.width;
    level.height = cells.height;
    level.passable = passable_tiles(cells);
    if (level.passable_count() == 0) {
        refuse(ref.at, "level " + quote_for_message(ref.identifier) +
                           " has no floor: every cell is a wall or outside (IntGrid values: " +
                           listed(cells.value_names, "values") + ")");
    }
    const Markers markers = read_markers(body, cells);
    if (markers.player.position) {
        level.seed = levels::LevelSeed{*markers.player.position, markers.player.direction.value_or(Vec2{})};
    }
    level.npc_start = markers.npc.position;
    return level;
}

}  // namespace kinema::formats
