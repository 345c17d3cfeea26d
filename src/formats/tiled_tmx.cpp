// Tiled's XML maps (.tmx) and tilesets (.tsx) with pugixml, into tiled_map.hpp's TiledMap. Element and
// attribute names from doc.mapeditor.org, "TMX Map Format". pugixml expands no external entities, so a map
// cannot make kinema read other files except its tilesets.
#include <pugixml.hpp>

#include <charconv>
#include <cmath>

#include "tiled_formats.hpp"
#include "tiled_map.hpp"

namespace kinema::formats::detail {
namespace {

/// The 1-based line of byte offsets met in increasing order (document order), counted once.
class Lines {
  public:
    explicit Lines(std::string_view text) : text_(text) {}
    int at(std::ptrdiff_t offset) {
        if (offset < 0) {
            return 0;
        }
        const auto end = std::min(static_cast<std::size_t>(offset), text_.size());
        if (end < position_) {
            position_ = 0;
            line_ = 1;
        }
        for (; position_ < end; ++position_) {
            line_ += text_[position_] == '\n' ? 1 : 0;
        }
        return line_;
    }

  private:
    std::string_view text_;
    std::size_t position_ = 0;
    int line_ = 1;
};

std::string attribute_text(std::string_view text) {
    std::string out(1, '\'');  // built by appends: GCC 12's -Wrestrict misfires on "'" + string
    out.append(text.substr(0, 40)).append(text.size() > 40 ? "...'" : "'");
    return out;
}

class TmxReader {
  public:
    TmxReader(std::string_view text, std::string file) : lines_(text), file_(std::move(file)) {}

    Where where(pugi::xml_node node, std::string element) {
        return {lines_.at(node.offset_debug()), std::move(element)};
    }

    [[noreturn]] void fail_at(pugi::xml_node node, const std::string& element, const std::string& message) {
        fail(file_, where(node, element), message);
    }

    std::int64_t integer(pugi::xml_node node, const char* name, std::int64_t low, std::int64_t high,
                         std::optional<std::int64_t> fallback = std::nullopt) {
        const pugi::xml_attribute attribute = node.attribute(name);
        if (!attribute) {
            if (fallback) {
                return *fallback;
            }
            fail_at(node, "<" + std::string(node.name()) + ">",
                    "attribute " + std::string(name) + " is missing");
        }
        const std::string_view text = attribute.value();
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc{} || end != text.data() + text.size() || value < low || value > high) {
            fail_at(node, "<" + std::string(node.name()) + ">",
                    std::string(name) + "=" + attribute_text(text) + " is not a whole number in [" +
                        std::to_string(low) + ", " + std::to_string(high) + "]");
        }
        return value;
    }

    double real(pugi::xml_node node, const char* name, const std::string& element) {
        const std::string_view text = node.attribute(name).value();
        if (text.empty()) {
            return 0.0;
        }
        double value = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (error != std::errc{} || end != text.data() + text.size() || !std::isfinite(value)) {
            fail_at(node, element,
                    std::string(name) + "=" + attribute_text(text) + " is not a finite number");
        }
        return value;
    }

    const std::string& file() const { return file_; }

  private:
    Lines lines_;
    std::string file_;
};

/// A custom property's value (<properties><property name value/>; a multi-line string is the element's text).
std::optional<std::string> property(pugi::xml_node node, std::string_view name) {
    for (const pugi::xml_node p : node.child("properties").children("property")) {
        if (name == p.attribute("name").value()) {
            const pugi::xml_attribute value = p.attribute("value");
            return value ? std::string(value.value()) : std::string(p.child_value());
        }
    }
    return std::nullopt;
}

// GIDs are 28 bits once the flags are off; a tileset cannot start or reach past that.
constexpr std::int64_t max_gid = 0x0fffffff;

Tileset tileset_of(TmxReader& reader, pugi::xml_node node, std::uint32_t first_gid, std::string name) {
    Tileset tileset;
    tileset.first_gid = first_gid;
    tileset.name = std::move(name);
    std::int64_t count = reader.integer(node, "tilecount", 0, max_gid, 0);
    for (const pugi::xml_node tile : node.children("tile")) {
        const std::int64_t id = reader.integer(tile, "id", 0, max_gid);
        count = std::max(count, id + 1);  // an image collection's ids may pass its tilecount
        const std::optional<std::string> collides = property(tile, "collides");
        if (collides && *collides == "true") {
            tileset.colliding.push_back(static_cast<std::uint32_t>(id));
        }
    }
    std::sort(tileset.colliding.begin(), tileset.colliding.end());
    tileset.tile_count = static_cast<std::uint64_t>(count);
    return tileset;
}

Tileset read_tileset(TmxReader& reader, pugi::xml_node node, std::uintmax_t& budget) {
    const auto first_gid = static_cast<std::uint32_t>(reader.integer(node, "firstgid", 1, max_gid));
    const pugi::xml_attribute source = node.attribute("source");
    if (!source) {
        return tileset_of(reader, node, first_gid, node.attribute("name").value());
    }
    const Where where = reader.where(node, "<tileset>");
    const std::string text = read_external_tileset(reader.file(), source.value(), where, budget);
    const std::string path = external_tileset_path(reader.file(), source.value());
    Tileset tileset =
        is_json_tileset(source.value()) ? parse_tsj_tileset(text, path) : parse_tsx_tileset(text, path);
    tileset.first_gid = first_gid;
    return tileset;
}

// ---- tile layers ---------------------------------------------------------------------------------------

struct Encoding {
    std::string name;  // "csv", "base64" or "" (<tile> elements)
    Compression compression = Compression::none;
};

std::vector<std::uint32_t> tile_elements(pugi::xml_node data, LayerSize size) {
    std::vector<std::uint32_t> gids;
    std::size_t count = 0;
    for (const pugi::xml_node tile : data.children("tile")) {
        if (++count > size.tiles()) {
            continue;  // only counted, for the message
        }
        const std::string_view text = tile.attribute("gid").value();
        std::uint32_t gid = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), gid);
        if (!text.empty() && (error != std::errc{} || end != text.data() + text.size())) {
            throw LayerDataError("<tile gid=" + attribute_text(text) + "> is not a tile GID");
        }
        gids.push_back(gid);
    }
    if (count != size.tiles()) {
        throw LayerDataError(wrong_gid_count(count, size));
    }
    return gids;
}

TilePiece piece_of(pugi::xml_node node, const Encoding& encoding, std::int64_t x, std::int64_t y,
                   LayerSize size, Where where) {
    TilePiece piece;
    piece.x = x;
    piece.y = y;
    piece.size = size;
    piece.where = std::move(where);
    piece.gids = [node, encoding, size]() {
        if (encoding.name == "csv") {
            return parse_csv_gids(node.child_value(), size);
        }
        if (encoding.name == "base64") {
            return decode_base64_gids(node.child_value(), encoding.compression, size);
        }
        return tile_elements(node, size);
    };
    return piece;
}

Encoding encoding_of(TmxReader& reader, pugi::xml_node data, const std::string& element) {
    Encoding encoding{data.attribute("encoding").value()};
    if (encoding.name != "csv" && encoding.name != "base64" && !encoding.name.empty()) {
        reader.fail_at(data, element,
                       "unknown encoding " + attribute_text(encoding.name) +
                           " (known: csv, base64, none for <tile> elements)");
    }
    const std::string_view compression = data.attribute("compression").value();
    try {
        encoding.compression = compression_named(compression);
    } catch (const LayerDataError& e) {
        reader.fail_at(data, element, e.what());
    }
    if (encoding.compression != Compression::none && encoding.name != "base64") {
        reader.fail_at(data, element,
                       "compression " + attribute_text(compression) + " needs encoding base64");
    }
    return encoding;
}

LayerSize size_of(TmxReader& reader, pugi::xml_node node) {
    return {static_cast<int>(reader.integer(node, "width", 1, levels::max_level_dimension)),
            static_cast<int>(reader.integer(node, "height", 1, levels::max_level_dimension))};
}

TileLayer read_tile_layer(TmxReader& reader, pugi::xml_node node, const TiledMap& map) {
    TileLayer layer;
    layer.name = node.attribute("name").value();
    const std::string element = "layer '" + layer.name + "'";
    layer.where = reader.where(node, element);
    const pugi::xml_node data = node.child("data");
    if (!data) {
        reader.fail_at(node, element, "no <data>");
    }
    const Encoding encoding = encoding_of(reader, data, element);
    constexpr std::int64_t max_coordinate = std::int64_t{1} << 31;
    for (const pugi::xml_node chunk : data.children("chunk")) {
        const std::int64_t x = reader.integer(chunk, "x", -max_coordinate, max_coordinate);
        const std::int64_t y = reader.integer(chunk, "y", -max_coordinate, max_coordinate);
        const LayerSize size = size_of(reader, chunk);
        layer.pieces.push_back(piece_of(
            chunk, encoding, x, y, size,
            reader.where(chunk, element + " chunk (" + std::to_string(x) + ", " + std::to_string(y) + ")")));
    }
    if (layer.pieces.empty() && !map.infinite) {
        const LayerSize size{
            static_cast<int>(reader.integer(node, "width", 1, levels::max_level_dimension, map.width)),
            static_cast<int>(reader.integer(node, "height", 1, levels::max_level_dimension, map.height))};
        layer.pieces.push_back(piece_of(data, encoding, 0, 0, size, reader.where(data, element)));
    }
    return layer;
}

// ---- object layers -------------------------------------------------------------------------------------

std::vector<Vec2> points_of(TmxReader& reader, pugi::xml_node node, const std::string& element) {
    std::vector<Vec2> points;
    std::string_view text = node.attribute("points").value();
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        const std::string_view pair = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view() : text.substr(space + 1);
        if (pair.empty()) {
            continue;
        }
        const std::size_t comma = pair.find(',');
        Vec2 p;
        const char* mid = pair.data() + (comma == std::string_view::npos ? pair.size() : comma);
        const auto [end_x, error_x] = std::from_chars(pair.data(), mid, p.x);
        const auto [end_y, error_y] = comma == std::string_view::npos
                                          ? std::from_chars_result{mid, std::errc::invalid_argument}
                                          : std::from_chars(mid + 1, pair.data() + pair.size(), p.y);
        if (error_x != std::errc{} || error_y != std::errc{} || end_x != mid ||
            end_y != pair.data() + pair.size()) {
            reader.fail_at(node, element, "point " + attribute_text(pair) + " is not 'x,y'");
        }
        points.push_back(p);
    }
    return points;
}

MapObject read_object(TmxReader& reader, pugi::xml_node node) {
    MapObject object;
    object.id = node.attribute("id").value();
    object.name = node.attribute("name").value();
    object.kind = node.attribute("class") ? node.attribute("class").value() : node.attribute("type").value();
    const std::string element = "object " + (object.name.empty() ? std::string() : "'" + object.name + "' ") +
                                "(id " + object.id + ")";
    object.where = reader.where(node, element);
    object.x = reader.real(node, "x", element);
    object.y = reader.real(node, "y", element);
    object.width = reader.real(node, "width", element);
    object.height = reader.real(node, "height", element);
    object.rotation = reader.real(node, "rotation", element);
    if (node.child("ellipse")) {
        object.shape = ObjectShape::ellipse;
    } else if (node.child("point")) {
        object.shape = ObjectShape::point;
    } else if (node.child("polygon")) {
        object.shape = ObjectShape::polygon;
        object.points = points_of(reader, node.child("polygon"), element);
    } else if (node.child("polyline")) {
        object.shape = ObjectShape::polyline;
    } else if (node.child("text")) {
        object.shape = ObjectShape::text;
    } else if (node.attribute("gid")) {
        object.shape = ObjectShape::tile;
    }
    object.direction = property(node, "direction");
    object.template_file = node.attribute("template").value();
    return object;
}

void read_layers(TmxReader& reader, pugi::xml_node parent, TiledMap& map, int depth) {
    if (depth > max_group_depth) {
        reader.fail_at(parent, "<group>",
                       "groups nested more than " + std::to_string(max_group_depth) + " deep");
    }
    for (const pugi::xml_node node : parent.children()) {
        const std::string_view kind = node.name();
        if (kind == "layer") {
            map.tile_layers.push_back(read_tile_layer(reader, node, map));
        } else if (kind == "objectgroup") {
            ObjectLayer layer;
            layer.name = node.attribute("name").value();
            layer.where = reader.where(node, "layer '" + layer.name + "'");
            for (const pugi::xml_node object : node.children("object")) {
                layer.objects.push_back(read_object(reader, object));
            }
            map.object_layers.push_back(std::move(layer));
        } else if (kind == "group") {
            read_layers(reader, node, map, depth + 1);
        }
    }
}

pugi::xml_document parsed(std::string_view text, const std::string& file, std::string_view root) {
    pugi::xml_document document;
    const pugi::xml_parse_result result =
        document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!result) {
        Lines lines(text);
        fail(file, {lines.at(result.offset), ""}, std::string("not valid XML: ") + result.description());
    }
    const pugi::xml_node top = document.document_element();
    if (root != top.name()) {
        Lines lines(text);
        fail(file, {std::max(1, lines.at(top.offset_debug())), ""},
             "not a Tiled " + std::string(root == "map" ? "map" : "tileset") + ": the root element is <" +
                 std::string(top.name()).substr(0, 40) + ">, expected <" + std::string(root) + ">");
    }
    return document;
}

}  // namespace

Tileset parse_tsx_tileset(std::string_view text, const std::string& path) {
    const pugi::xml_document document = parsed(text, path, "tileset");
    TmxReader reader(text, path);
    return tileset_of(reader, document.document_element(), 1, path);
}

levels::GridLevel parse_tmx(std::string_view text, const std::string& name,
                            const levels::LevelReadOptions& options) {
    const pugi::xml_document document = parsed(text, name, "map");
    const pugi::xml_node root = document.document_element();
    TmxReader reader(text, name);
    TiledMap map;
    map.file = name;
    map.where = reader.where(root, "");
    check_orientation(root.attribute("orientation").value(), name, map.where);
    map.infinite = std::string_view(root.attribute("infinite").value()) == "1";
    if (!map.infinite) {  // an infinite map's width and height are not its bounds: its chunks are
        map.width = static_cast<int>(reader.integer(root, "width", 1, levels::max_level_dimension));
        map.height = static_cast<int>(reader.integer(root, "height", 1, levels::max_level_dimension));
    }
    map.tile_width = static_cast<int>(reader.integer(root, "tilewidth", 1, 65536));
    map.tile_height = static_cast<int>(reader.integer(root, "tileheight", 1, 65536));
    map.title = property(root, "name");
    std::uintmax_t budget = levels::default_max_level_bytes;
    for (const pugi::xml_node node : root.children("tileset")) {
        map.tilesets.push_back(read_tileset(reader, node, budget));
    }
    read_layers(reader, root, map, 0);
    return build_tiled_level(map, options);
}

levels::LevelFormat tiled_xml_format() {
    levels::LevelFormat format;
    format.name = "Tiled map (XML)";
    format.extensions = {".tmx"};
    format.parse = parse_tmx;
    format.reads_walls_option = true;  // a tile layer's name (--walls)
    return format;
}

}  // namespace kinema::formats::detail
