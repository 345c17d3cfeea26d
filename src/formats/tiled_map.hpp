// A Tiled map as kinema reads it, the same for both of Tiled's encodings (doc.mapeditor.org, "TMX Map
// Format" and "JSON Map Format"): tiled_tmx.cpp reads .tmx (pugixml), tiled_tmj.cpp reads .tmj/.json
// (nlohmann-json), and tiled_level.cpp turns either into a GridLevel with docs/levels.md's wall rules. Tile
// layer data stays encoded until the level is built (TilePiece::gids), so a map holds one decoded layer at a
// time.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_read_options.hpp"
#include "layer_data.hpp"

namespace kinema::formats::detail {

/// Where in a file something is, for messages: a TMX element's line (0 for a JSON file, which names a path
/// instead) and the element ("layer 'ground'", "layer 'ground' (layers[1].layers[0])").
struct Where {
    int line = 0;
    std::string element;
};

/// Throws levels::LevelError "FILE:LINE: ELEMENT: MESSAGE", or "FILE: ELEMENT: MESSAGE" without a line.
[[noreturn]] void fail(const std::string& file, const Where& where, const std::string& message);

/// A tileset: which GIDs it holds and which of its tiles have `collides` = true.
struct Tileset {
    std::uint32_t first_gid = 1;
    std::uint64_t tile_count = 0;          ///< its GIDs are [first_gid, first_gid + tile_count)
    std::string name;                      ///< for messages: the external file, else the tileset's name
    std::vector<std::uint32_t> colliding;  ///< local tile ids with collides = true, sorted
};

/// One rectangle of a tile layer's data: the whole layer of a fixed-size map, or one chunk of an infinite
/// one.
struct TilePiece {
    std::int64_t x = 0;  ///< Tiled's tile coordinates of its top-left tile (chunks may be negative)
    std::int64_t y = 0;
    LayerSize size;
    Where where;
    /// Decodes the piece's size.tiles() GIDs, row-major; throws LayerDataError or levels::LevelError.
    std::function<std::vector<std::uint32_t>()> gids;
};

struct TileLayer {
    std::string name;
    Where where;
    std::vector<TilePiece> pieces;
};

enum class ObjectShape { rectangle, ellipse, point, polygon, polyline, text, tile };

/// An object, in pixels as Tiled stores it: (x, y) is the top-left corner (a tile object's bottom-left), the
/// polygon's points are relative to it, and `rotation` turns the object clockwise about it, in degrees.
struct MapObject {
    std::string id;
    std::string name;
    std::string kind;  ///< the class (Tiled 1.9+) or type (before)
    ObjectShape shape = ObjectShape::rectangle;
    double x = 0.0;
    double y = 0.0;
    double width = 0.0;
    double height = 0.0;
    double rotation = 0.0;
    std::vector<Vec2> points;
    std::optional<std::string> direction;  ///< its custom property `direction`, "DX,DY"
    std::string template_file;             ///< an object template (.tx, .tj) it is made from: not read
    Where where;
};

struct ObjectLayer {
    std::string name;
    Where where;
    std::vector<MapObject> objects;
};

struct TiledMap {
    std::string file;  ///< the name errors give
    Where where;       ///< the <map> element
    bool infinite = false;
    int width = 0;  ///< tiles (fixed-size maps)
    int height = 0;
    int tile_width = 0;  ///< pixels, > 0
    int tile_height = 0;
    std::optional<std::string> title;  ///< the map's custom property `name`
    std::vector<Tileset> tilesets;
    std::vector<TileLayer> tile_layers;  ///< in the order drawn, groups flattened
    std::vector<ObjectLayer> object_layers;
};

/// Group layers nest at most this deep: deeper is refused rather than walked (the readers recurse).
inline constexpr int max_group_depth = 64;

/// Throws "orientation 'isometric' is not supported: kinema reads orthogonal Tiled maps" for any orientation
/// but orthogonal (an empty one is read as orthogonal, Tiled's default).
void check_orientation(std::string_view orientation, const std::string& file, const Where& where);

/// Throws "tilewidth must be a whole number of pixels in [1, 65536], got ..." unless both are.
void check_tile_size(const TiledMap& map);

/// The text of an external tileset `source`, found relative to the directory of `map_file` (the map's path),
/// within what is left of the map's byte budget (`budget`, reduced by its size). Throws "tileset 'x.tsx'
/// cannot be found: ..." when there is no such file (always for text that came from no file).
std::string read_external_tileset(const std::string& map_file, std::string_view source, const Where& where,
                                  std::uintmax_t& budget);

/// The path an external tileset `source` of `map_file` is read from (for its own errors).
std::string external_tileset_path(const std::string& map_file, std::string_view source);

/// True when the name's extension (any case) is ".tsj" or ".json": a tileset read as JSON, else as XML.
bool is_json_tileset(std::string_view source);

/// An external tileset's Tileset from its file's text (.tsx XML, .tsj JSON), errors naming `path`.
Tileset parse_tsx_tileset(std::string_view text, const std::string& path);
Tileset parse_tsj_tileset(std::string_view text, const std::string& path);

/// The level of a map, by docs/levels.md's rules: `options.walls` names one more walls layer.
levels::GridLevel build_tiled_level(const TiledMap& map, const levels::LevelReadOptions& options);

/// True when `name` equals `word` in any case (layer names, object names, property values).
bool equals_any_case(std::string_view name, std::string_view word);

}  // namespace kinema::formats::detail
