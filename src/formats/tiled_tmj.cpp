// Tiled's JSON maps (.tmj, .json) and tilesets (.tsj) with nlohmann-json, into tiled_map.hpp's TiledMap.
// Member names from doc.mapeditor.org, "JSON Map Format". Errors name the JSON path (layers[1].chunks[0]).
#include <nlohmann/json.hpp>

#include <cmath>

#include "json_errors.hpp"
#include "tiled_formats.hpp"
#include "tiled_map.hpp"

namespace kinema::formats::detail {
namespace {

using nlohmann::json;

// GIDs are 28 bits once the flags are off; a tileset cannot start or reach past that.
constexpr std::int64_t max_gid = 0x0fffffff;

/// The JSON path of `key` in the object at `path` ("" is the root): "layers[0].width", "width".
std::string member(const std::string& path, const char* key) {
    return path.empty() ? std::string(key) : path + "." + key;
}

std::string indexed(const std::string& path, const char* key, std::size_t i) {
    return member(path, key) + "[" + std::to_string(i) + "]";
}

class TmjReader {
  public:
    explicit TmjReader(std::string file) : file_(std::move(file)) {}
    const std::string& file() const { return file_; }

    [[noreturn]] void fail_at(const std::string& path, const std::string& message) const {
        fail(file_, {0, path}, message);
    }

    const json* find(const json& object, const char* key) const {
        const auto it = object.find(key);
        return it == object.end() || it->is_null() ? nullptr : &*it;
    }

    std::int64_t integer(const json& object, const char* key, const std::string& path, std::int64_t low,
                         std::int64_t high, std::optional<std::int64_t> fallback = std::nullopt) const {
        const json* value = find(object, key);
        if (value == nullptr && fallback) {
            return *fallback;
        }
        if (value == nullptr) {
            fail_at(path, "member \"" + std::string(key) + "\" is missing");
        }
        const bool whole =
            value->is_number_integer() ||
            (value->is_number_float() && std::floor(value->get<double>()) == value->get<double>());
        const double as_double = value->is_number() ? value->get<double>() : 0.0;
        if (!whole || as_double < static_cast<double>(low) || as_double > static_cast<double>(high)) {
            fail_at(member(path, key), "expected a whole number in [" + std::to_string(low) + ", " +
                                           std::to_string(high) + "], got " + value->dump().substr(0, 40));
        }
        return value->is_number_unsigned()  ? static_cast<std::int64_t>(value->get<std::uint64_t>())
               : value->is_number_integer() ? value->get<std::int64_t>()
                                            : static_cast<std::int64_t>(as_double);
    }

    double real(const json& object, const char* key, const std::string& path) const {
        const json* value = find(object, key);
        if (value == nullptr) {
            return 0.0;
        }
        if (!value->is_number() || !std::isfinite(value->get<double>())) {
            fail_at(member(path, key), "expected a number, got " + value->dump().substr(0, 40));
        }
        return value->get<double>();
    }

    std::string text(const json& object, const char* key, const std::string& path) const {
        const json* value = find(object, key);
        if (value == nullptr) {
            return {};
        }
        if (!value->is_string()) {
            fail_at(member(path, key), "expected a string, got " + value->dump().substr(0, 40));
        }
        return value->get<std::string>();
    }

    const json& array(const json& object, const char* key, const std::string& path) const {
        static const json empty = json::array();
        const json* value = find(object, key);
        if (value == nullptr) {
            return empty;
        }
        if (!value->is_array()) {
            fail_at(member(path, key), "expected an array");
        }
        return *value;
    }

    /// Element `i` of `array` as an object.
    const json& object_at(const json& array, std::size_t i, const std::string& path) const {
        if (!array[i].is_object()) {
            fail_at(path, "expected an object");
        }
        return array[i];
    }

  private:
    std::string file_;
};

/// A custom property's value as text ("true" for a bool true), from "properties": [{"name", "type",
/// "value"}].
std::optional<std::string> property(const TmjReader& reader, const json& object, std::string_view name,
                                    const std::string& path) {
    const json& properties = reader.array(object, "properties", path);
    for (std::size_t i = 0; i < properties.size(); ++i) {
        const json& p = reader.object_at(properties, i, indexed(path, "properties", i));
        if (reader.text(p, "name", indexed(path, "properties", i)) != name) {
            continue;
        }
        const json* value = reader.find(p, "value");
        if (value == nullptr) {
            return std::string();
        }
        return value->is_string() ? value->get<std::string>() : value->dump();
    }
    return std::nullopt;
}

Tileset tileset_of(const TmjReader& reader, const json& object, std::uint32_t first_gid, std::string name,
                   const std::string& path) {
    Tileset tileset;
    tileset.first_gid = first_gid;
    tileset.name = std::move(name);
    std::int64_t count = reader.integer(object, "tilecount", path, 0, max_gid, 0);
    const json& tiles = reader.array(object, "tiles", path);
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const std::string tile_path = indexed(path, "tiles", i);
        const json& tile = reader.object_at(tiles, i, tile_path);
        const std::int64_t id = reader.integer(tile, "id", tile_path, 0, max_gid);
        count = std::max(count, id + 1);  // an image collection's ids may pass its tilecount
        if (property(reader, tile, "collides", tile_path) == "true") {
            tileset.colliding.push_back(static_cast<std::uint32_t>(id));
        }
    }
    std::sort(tileset.colliding.begin(), tileset.colliding.end());
    tileset.tile_count = static_cast<std::uint64_t>(count);
    return tileset;
}

Tileset read_tileset(const TmjReader& reader, const json& object, const std::string& path,
                     std::uintmax_t& budget) {
    const auto first_gid = static_cast<std::uint32_t>(reader.integer(object, "firstgid", path, 1, max_gid));
    const std::string source = reader.text(object, "source", path);
    if (source.empty()) {
        return tileset_of(reader, object, first_gid, reader.text(object, "name", path), path);
    }
    const std::string text = read_external_tileset(reader.file(), source, {0, path}, budget);
    const std::string file = external_tileset_path(reader.file(), source);
    Tileset tileset = is_json_tileset(source) ? parse_tsj_tileset(text, file) : parse_tsx_tileset(text, file);
    tileset.first_gid = first_gid;
    return tileset;
}

// ---- tile layers ---------------------------------------------------------------------------------------

std::vector<std::uint32_t> array_gids(const json& data, LayerSize size) {
    if (data.size() != size.tiles()) {
        throw LayerDataError(wrong_gid_count(data.size(), size));
    }
    std::vector<std::uint32_t> gids(data.size());
    for (std::size_t i = 0; i < data.size(); ++i) {
        if (!data[i].is_number_unsigned() || data[i].get<std::uint64_t>() > 0xffffffffu) {
            throw LayerDataError("data[" + std::to_string(i) +
                                 "] is not a tile GID: " + data[i].dump().substr(0, 40));
        }
        gids[i] = static_cast<std::uint32_t>(data[i].get<std::uint64_t>());
    }
    return gids;
}

struct Encoding {
    bool base64 = false;
    Compression compression = Compression::none;
};

TilePiece piece_of(const TmjReader& reader, const json& object, const Encoding& encoding, LayerSize size,
                   std::int64_t x, std::int64_t y, std::string where) {
    const json* data = reader.find(object, "data");
    if (data == nullptr) {
        reader.fail_at(where, "no \"data\"");
    }
    if (encoding.base64 != data->is_string() || (!encoding.base64 && !data->is_array())) {
        reader.fail_at(where, encoding.base64
                                  ? "encoding base64 needs \"data\" as a string"
                                  : "\"data\" must be an array of GIDs (or a string with encoding base64)");
    }
    TilePiece piece{x, y, size, {0, std::move(where)}, {}};
    piece.gids = [data, encoding, size]() {
        return encoding.base64
                   ? decode_base64_gids(data->get_ref<const std::string&>(), encoding.compression, size)
                   : array_gids(*data, size);
    };
    return piece;
}

LayerSize size_of(const TmjReader& reader, const json& object, const std::string& path,
                  std::optional<std::int64_t> width = std::nullopt,
                  std::optional<std::int64_t> height = std::nullopt) {
    return {static_cast<int>(reader.integer(object, "width", path, 1, levels::max_level_dimension, width)),
            static_cast<int>(reader.integer(object, "height", path, 1, levels::max_level_dimension, height))};
}

TileLayer read_tile_layer(const TmjReader& reader, const json& object, const std::string& path,
                          const TiledMap& map) {
    TileLayer layer;
    layer.name = reader.text(object, "name", path);
    const std::string element = "layer '" + layer.name + "' (" + path + ")";
    layer.where = {0, element};
    Encoding encoding;
    const std::string name = reader.text(object, "encoding", path);
    if (name != "csv" && name != "base64" && !name.empty()) {
        reader.fail_at(element, "unknown encoding '" + name.substr(0, 40) + "' (known: csv, base64)");
    }
    encoding.base64 = name == "base64";
    try {
        encoding.compression = compression_named(reader.text(object, "compression", path));
    } catch (const LayerDataError& e) {
        reader.fail_at(element, e.what());
    }
    if (encoding.compression != Compression::none && !encoding.base64) {
        reader.fail_at(element, "compression needs encoding base64");
    }
    const json& chunks = reader.array(object, "chunks", path);
    constexpr std::int64_t max_coordinate = std::int64_t{1} << 31;
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        const std::string chunk_path = indexed(path, "chunks", i);
        const json& chunk = reader.object_at(chunks, i, chunk_path);
        const std::int64_t x = reader.integer(chunk, "x", chunk_path, -max_coordinate, max_coordinate);
        const std::int64_t y = reader.integer(chunk, "y", chunk_path, -max_coordinate, max_coordinate);
        layer.pieces.push_back(piece_of(reader, chunk, encoding, size_of(reader, chunk, chunk_path), x, y,
                                        "layer '" + layer.name + "' (" + chunk_path + ")"));
    }
    if (chunks.empty() && !map.infinite) {
        layer.pieces.push_back(piece_of(reader, object, encoding,
                                        size_of(reader, object, path, map.width, map.height), 0, 0, element));
    }
    return layer;
}

// ---- object layers -------------------------------------------------------------------------------------

MapObject read_object(const TmjReader& reader, const json& object, const std::string& path) {
    MapObject o;
    const json* id = reader.find(object, "id");
    o.id = id == nullptr ? std::string() : id->dump().substr(0, 20);
    o.name = reader.text(object, "name", path);
    o.kind = reader.find(object, "class") != nullptr ? reader.text(object, "class", path)
                                                     : reader.text(object, "type", path);
    o.where = {0, "object " + (o.name.empty() ? std::string() : "'" + o.name + "' ") + "(id " + o.id + ") (" +
                      path + ")"};
    o.x = reader.real(object, "x", path);
    o.y = reader.real(object, "y", path);
    o.width = reader.real(object, "width", path);
    o.height = reader.real(object, "height", path);
    o.rotation = reader.real(object, "rotation", path);
    const auto flag = [&](const char* key) {
        const json* value = reader.find(object, key);
        return value != nullptr && value->is_boolean() && value->get<bool>();
    };
    if (flag("ellipse")) {
        o.shape = ObjectShape::ellipse;
    } else if (flag("point")) {
        o.shape = ObjectShape::point;
    } else if (reader.find(object, "polygon") != nullptr) {
        o.shape = ObjectShape::polygon;
        const json& points = reader.array(object, "polygon", path);
        for (std::size_t i = 0; i < points.size(); ++i) {
            const std::string point_path = indexed(path, "polygon", i);
            const json& p = reader.object_at(points, i, point_path);
            o.points.push_back({reader.real(p, "x", point_path), reader.real(p, "y", point_path)});
        }
    } else if (reader.find(object, "polyline") != nullptr) {
        o.shape = ObjectShape::polyline;
    } else if (reader.find(object, "text") != nullptr) {
        o.shape = ObjectShape::text;
    } else if (reader.find(object, "gid") != nullptr) {
        o.shape = ObjectShape::tile;
    }
    o.direction = property(reader, object, "direction", path);
    o.template_file = reader.text(object, "template", path);
    return o;
}

void read_layers(const TmjReader& reader, const json& parent, const std::string& path, TiledMap& map,
                 int depth) {
    if (depth > max_group_depth) {
        reader.fail_at(path, "groups nested more than " + std::to_string(max_group_depth) + " deep");
    }
    const json& layers = reader.array(parent, "layers", path);
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const std::string layer_path = indexed(path, "layers", i);
        const json& layer = reader.object_at(layers, i, layer_path);
        const std::string type = reader.text(layer, "type", layer_path);
        if (type == "tilelayer") {
            map.tile_layers.push_back(read_tile_layer(reader, layer, layer_path, map));
        } else if (type == "objectgroup") {
            ObjectLayer objects;
            objects.name = reader.text(layer, "name", layer_path);
            objects.where = {0, "layer '" + objects.name + "' (" + layer_path + ")"};
            const json& list = reader.array(layer, "objects", layer_path);
            for (std::size_t j = 0; j < list.size(); ++j) {
                const std::string object_path = indexed(layer_path, "objects", j);
                objects.objects.push_back(
                    read_object(reader, reader.object_at(list, j, object_path), object_path));
            }
            map.object_layers.push_back(std::move(objects));
        } else if (type == "group") {
            read_layers(reader, layer, layer_path, map, depth + 1);
        }
    }
}

json parsed(std::string_view text, const std::string& file) {
    try {
        return json::parse(text);
    } catch (const json::exception& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 2: ..." without its bracketed tag;
        // a number past a double ("1e400") is nlohmann's out_of_range.406, "number overflow parsing '1e400'".
        throw levels::LevelError(file + ": not valid JSON: " + without_json_tag(e.what()));
    }
}

}  // namespace

Tileset parse_tsj_tileset(std::string_view text, const std::string& path) {
    const json root = parsed(text, path);
    const TmjReader reader(path);
    if (!root.is_object()) {
        reader.fail_at("", "not a Tiled tileset: expected a JSON object");
    }
    return tileset_of(reader, root, 1, path, "");
}

levels::GridLevel parse_tmj(std::string_view text, const std::string& name,
                            const levels::LevelReadOptions& options) {
    const json root = parsed(text, name);
    const TmjReader reader(name);
    if (!root.is_object() || root.value("type", json()) != "map") {
        throw levels::LevelError(name +
                                 ": not a Tiled map: a Tiled JSON map is an object with \"type\": \"map\"");
    }
    TiledMap map;
    map.file = name;
    check_orientation(reader.text(root, "orientation", ""), name, {});
    const json* infinite = reader.find(root, "infinite");
    map.infinite = infinite != nullptr && infinite->is_boolean() && infinite->get<bool>();
    if (!map.infinite) {
        map.width = static_cast<int>(reader.integer(root, "width", "", 1, levels::max_level_dimension));
        map.height = static_cast<int>(reader.integer(root, "height", "", 1, levels::max_level_dimension));
    }
    map.tile_width = static_cast<int>(reader.integer(root, "tilewidth", "", 1, 65536));
    map.tile_height = static_cast<int>(reader.integer(root, "tileheight", "", 1, 65536));
    map.title = property(reader, root, "name", "");
    std::uintmax_t budget = levels::default_max_level_bytes;
    const json& tilesets = reader.array(root, "tilesets", "");
    for (std::size_t i = 0; i < tilesets.size(); ++i) {
        const std::string path = indexed("", "tilesets", i);
        map.tilesets.push_back(read_tileset(reader, reader.object_at(tilesets, i, path), path, budget));
    }
    read_layers(reader, root, "", map, 0);
    return build_tiled_level(map, options);
}

levels::LevelFormat tiled_json_format() {
    levels::LevelFormat format;
    format.name = "Tiled map (JSON)";
    format.extensions = {".tmj", ".json"};
    format.parse = parse_tmj;
    format.reads_walls_option = true;  // a tile layer's name (--walls)
    return format;
}

}  // namespace kinema::formats::detail
