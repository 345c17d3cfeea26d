// A Tiled map (tiled_map.hpp) into a GridLevel by docs/levels.md's rules, shared by the .tmx and .tmj
// readers.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <limits>
#include <numbers>

#include "kinema/core/file.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "tiled_map.hpp"

namespace kinema::formats::detail {
namespace {

// Tiled's GID flags (doc.mapeditor.org, "Tile Flipping"): flipped horizontally, vertically, diagonally and
// rotated 120 degrees (hexagonal maps) in the top four bits; the tile is the rest.
constexpr std::uint32_t gid_flag_bits = 0xf0000000u;

// Rasterising wall objects tests each object's tile centres against its outline: at most this many
// tile-vertex tests in all, so a small file of huge polygons over a 4096 x 4096 map cannot take minutes.
constexpr std::uint64_t max_object_tests = 1ull << 26;

/// The level's rectangle in Tiled's tile coordinates: the map's for a fixed-size map, the chunks' union for
/// an infinite one (its top-left tile becomes the level's (0, 0)).
struct Bounds {
    std::int64_t x = 0;
    std::int64_t y = 0;
    std::int64_t width = 0;
    std::int64_t height = 0;
    bool contains(std::int64_t col, std::int64_t row) const {
        return col >= x && row >= y && col < x + width && row < y + height;
    }
};

Bounds level_bounds(const TiledMap& map) {
    if (!map.infinite) {
        return {0, 0, map.width, map.height};
    }
    std::optional<Bounds> all;
    for (const TileLayer& layer : map.tile_layers) {
        for (const TilePiece& piece : layer.pieces) {
            // The readers keep chunk coordinates within +-2^31 (Tiled's are 32-bit): no sum here overflows.
            const Bounds b{piece.x, piece.y, piece.size.width, piece.size.height};
            if (!all) {
                all = b;
                continue;
            }
            const std::int64_t right = std::max(all->x + all->width, b.x + b.width);
            const std::int64_t bottom = std::max(all->y + all->height, b.y + b.height);
            all->x = std::min(all->x, b.x);
            all->y = std::min(all->y, b.y);
            all->width = right - all->x;
            all->height = bottom - all->y;
        }
    }
    if (!all) {
        fail(map.file, map.where, "the infinite map has no chunks: no tile layer holds a tile");
    }
    const std::int64_t limit = levels::max_level_dimension;
    if (all->width > limit || all->height > limit) {
        fail(map.file, map.where,
             "the chunks span " + std::to_string(all->width) + " x " + std::to_string(all->height) +
                 " tiles, more than " + std::to_string(limit) + " across");
    }
    return *all;
}

bool is_walls_name(std::string_view name, const levels::LevelReadOptions& options) {
    return equals_any_case(name, "walls") || equals_any_case(name, "collision") ||
           (!options.walls.empty() && name == options.walls);
}

/// The tileset holding `gid` (flags masked off), or null.
const Tileset* tileset_of(const std::vector<Tileset>& sorted, std::uint32_t gid) {
    auto after = std::upper_bound(sorted.begin(), sorted.end(), gid,
                                  [](std::uint32_t g, const Tileset& t) { return g < t.first_gid; });
    if (after == sorted.begin()) {
        return nullptr;
    }
    const Tileset& t = *std::prev(after);
    return gid - t.first_gid < t.tile_count ? &t : nullptr;
}

std::string gid_range(const std::vector<Tileset>& sorted) {
    if (sorted.empty()) {
        return "the map has no tileset";
    }
    std::uint64_t last = 0;
    for (const Tileset& t : sorted) {
        last = std::max(last, t.first_gid + t.tile_count - 1);
    }
    return "its tilesets hold GIDs " + std::to_string(sorted.front().first_gid) + " to " +
           std::to_string(last);
}

/// What the tile layers make of the level: walls, and tiles some other layer has a tile on.
struct Grids {
    Bounds bounds;
    std::vector<std::uint8_t> wall;
    std::vector<std::uint8_t> floor;
    bool has_floor_layer = false;
    std::size_t index(std::int64_t col, std::int64_t row) const {
        return static_cast<std::size_t>((row - bounds.y) * bounds.width + (col - bounds.x));
    }
};

std::vector<std::uint32_t> decoded(const TiledMap& map, const TilePiece& piece) {
    try {
        return piece.gids();
    } catch (const LayerDataError& e) {
        fail(map.file, piece.where, e.what());
    }
}

/// What a GID is: its tileset and whether its tile collides. Layers repeat a few GIDs over many tiles, so
/// the last answer is kept (two binary searches a tile took a third of a 4096 x 4096 map's load).
class GidLookup {
  public:
    explicit GidLookup(const std::vector<Tileset>& sorted) : sorted_(sorted) {}
    /// Null for a GID no tileset holds.
    const Tileset* tileset(std::uint32_t gid) {
        if (gid != last_gid_) {
            last_gid_ = gid;
            last_tileset_ = tileset_of(sorted_, gid);
            last_collides_ = last_tileset_ != nullptr && std::binary_search(last_tileset_->colliding.begin(),
                                                                            last_tileset_->colliding.end(),
                                                                            gid - last_tileset_->first_gid);
        }
        return last_tileset_;
    }
    bool collides() const { return last_collides_; }

  private:
    const std::vector<Tileset>& sorted_;
    std::uint32_t last_gid_ = 0;  // never looked up: GID 0 is empty
    const Tileset* last_tileset_ = nullptr;
    bool last_collides_ = false;
};

void add_tile_layer(const TiledMap& map, const std::vector<Tileset>& sorted, const TileLayer& layer,
                    bool walls_layer, Grids& grids) {
    grids.has_floor_layer = grids.has_floor_layer || !walls_layer;
    GidLookup lookup(sorted);
    for (const TilePiece& piece : layer.pieces) {
        const std::vector<std::uint32_t> gids = decoded(map, piece);
        const auto width = static_cast<std::size_t>(piece.size.width);
        for (std::size_t i = 0; i < gids.size(); ++i) {
            const std::uint32_t gid = gids[i] & ~gid_flag_bits;
            if (gid == 0) {
                continue;  // empty
            }
            const std::int64_t col = piece.x + static_cast<std::int64_t>(i % width);
            const std::int64_t row = piece.y + static_cast<std::int64_t>(i / width);
            if (lookup.tileset(gid) == nullptr) {
                fail(map.file, piece.where,
                     "GID " + std::to_string(gid) + " at column " + std::to_string(col) + ", row " +
                         std::to_string(row) + " is beyond every tileset (" + gid_range(sorted) + ")");
            }
            if (!grids.bounds.contains(col, row)) {
                continue;  // a layer larger than its fixed-size map: Tiled draws only the map
            }
            (lookup.collides() || walls_layer ? grids.wall : grids.floor)[grids.index(col, row)] = 1;
        }
    }
}

// ---- objects -------------------------------------------------------------------------------------------

std::string object_named(const MapObject& object) {
    return "object " + (object.name.empty() ? std::string() : "'" + object.name + "' ") + "(id " + object.id +
           ")";
}

Where object_where(const MapObject& object) {
    Where where = object.where;
    where.element = where.element.empty() ? object_named(object) : where.element;
    return where;
}

void check_finite(const TiledMap& map, const MapObject& object) {
    for (const double v : {object.x, object.y, object.width, object.height, object.rotation}) {
        if (!std::isfinite(v)) {
            fail(map.file, object_where(object), "a position, size or rotation is not a finite number");
        }
    }
    for (const Vec2& p : object.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
            fail(map.file, object_where(object), "a point is not a finite number");
        }
    }
}

/// The object's outline in its own frame (before rotation, origin at (x, y)) contains (lx, ly).
bool contains_local(const MapObject& object, double lx, double ly) {
    switch (object.shape) {
        case ObjectShape::rectangle:
            return lx >= 0.0 && ly >= 0.0 && lx < object.width && ly < object.height;
        case ObjectShape::tile:  // drawn upwards from its bottom-left corner
            return lx >= 0.0 && ly >= -object.height && lx < object.width && ly < 0.0;
        case ObjectShape::ellipse: {
            if (object.width <= 0.0 || object.height <= 0.0) {
                return false;
            }
            const double u = (lx - object.width / 2) / (object.width / 2);
            const double v = (ly - object.height / 2) / (object.height / 2);
            return u * u + v * v <= 1.0;
        }
        case ObjectShape::polygon: {
            // Even-odd crossing test (W. R. Franklin's pnpoly).
            bool inside = false;
            const std::vector<Vec2>& p = object.points;
            for (std::size_t i = 0, j = p.size() - 1; i < p.size(); j = i++) {
                if ((p[i].y > ly) != (p[j].y > ly) &&
                    lx < (p[j].x - p[i].x) * (ly - p[i].y) / (p[j].y - p[i].y) + p[i].x) {
                    inside = !inside;
                }
            }
            return inside;
        }
        default:
            return false;
    }
}

/// The object's corners (or points) in its own frame, for its bounding box.
std::vector<Vec2> local_outline(const MapObject& object) {
    if (object.shape == ObjectShape::polygon) {
        return object.points;
    }
    const double top = object.shape == ObjectShape::tile ? -object.height : 0.0;
    return {{0.0, top}, {object.width, top}, {0.0, top + object.height}, {object.width, top + object.height}};
}

void rasterise_object(const TiledMap& map, const MapObject& object, Grids& grids, std::uint64_t& tests) {
    if (!object.template_file
             .empty()) {  // its shape and size are in the template, which kinema does not read
        fail(map.file, object_where(object),
             "made from the object template '" + object.template_file.substr(0, 80) +
                 "', which kinema does not read: detach it in Tiled so the map holds its shape");
    }
    if (object.shape == ObjectShape::polyline || object.shape == ObjectShape::text) {
        fail(map.file, object_where(object),
             std::string("a ") + (object.shape == ObjectShape::text ? "text" : "polyline") +
                 " in a walls layer: only rectangles, ellipses, polygons and tile objects make walls");
    }
    if (object.shape == ObjectShape::point ||
        (object.shape == ObjectShape::polygon && object.points.size() < 3)) {
        return;  // contains no tile centre
    }
    // Tiled turns an object clockwise about (x, y) on screen, where y grows downwards.
    const double angle = object.rotation * std::numbers::pi / 180.0;
    const double c = std::cos(angle);
    const double s = std::sin(angle);
    constexpr double infinity = std::numeric_limits<double>::infinity();
    double min_x = infinity, min_y = infinity, max_x = -infinity, max_y = -infinity;
    for (const Vec2& p : local_outline(object)) {
        const double wx = object.x + p.x * c - p.y * s;
        const double wy = object.y + p.x * s + p.y * c;
        min_x = std::min(min_x, wx), max_x = std::max(max_x, wx);
        min_y = std::min(min_y, wy), max_y = std::max(max_y, wy);
    }
    // Tile columns and rows whose centres may fall inside, clamped to the level as doubles first (a far
    // polygon's bounds may be infinite; never NaN: no sum above adds opposite infinities).
    const Bounds& b = grids.bounds;
    const auto clamped = [](double v, std::int64_t low, std::int64_t high) {
        return std::isnan(v) ? low
                             : static_cast<std::int64_t>(
                                   std::clamp(v, static_cast<double>(low), static_cast<double>(high)));
    };
    const auto clamp_col = [&](double v) { return clamped(v, b.x, b.x + b.width); };
    const auto clamp_row = [&](double v) { return clamped(v, b.y, b.y + b.height); };
    const std::int64_t col0 = clamp_col(std::floor(min_x / map.tile_width - 0.5));
    const std::int64_t col1 = clamp_col(std::ceil(max_x / map.tile_width));
    const std::int64_t row0 = clamp_row(std::floor(min_y / map.tile_height - 0.5));
    const std::int64_t row1 = clamp_row(std::ceil(max_y / map.tile_height));
    tests += static_cast<std::uint64_t>((col1 - col0) * (row1 - row0)) *
             std::max<std::size_t>(object.points.size(), 1);
    if (tests > max_object_tests) {
        fail(map.file, object_where(object),
             "the wall objects cover too much to rasterise (more than " + std::to_string(max_object_tests) +
                 " tile-vertex tests; split the map or use a walls tile layer)");
    }
    for (std::int64_t row = row0; row < row1; ++row) {
        for (std::int64_t col = col0; col < col1; ++col) {
            const double dx = (static_cast<double>(col) + 0.5) * map.tile_width - object.x;
            const double dy = (static_cast<double>(row) + 0.5) * map.tile_height - object.y;
            if (contains_local(object, dx * c + dy * s, -dx * s + dy * c)) {
                grids.wall[grids.index(col, row)] = 1;
            }
        }
    }
}

// ---- markers -------------------------------------------------------------------------------------------

enum class Marker { none, player, npc };

Marker marker_of(const MapObject& object) {
    for (const std::string_view word : {std::string_view("player"), std::string_view("npc")}) {
        if (equals_any_case(object.name, word) || equals_any_case(object.kind, word)) {
            return word == "player" ? Marker::player : Marker::npc;
        }
    }
    return Marker::none;
}

std::optional<double> number_of(std::string_view text) {
    while (!text.empty() && text.front() == ' ') {
        text.remove_prefix(1);
    }
    while (!text.empty() && text.back() == ' ') {
        text.remove_suffix(1);
    }
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size() || text.empty() || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

/// The `direction` property "DX,DY", as an ASCII level's `direction:` header reads it.
Vec2 marker_direction(const TiledMap& map, const MapObject& object) {
    if (!object.direction) {
        return {0.0, 0.0};
    }
    const std::string_view text = *object.direction;
    const std::size_t comma = text.find(',');
    const std::optional<double> dx =
        comma == std::string_view::npos ? std::nullopt : number_of(text.substr(0, comma));
    const std::optional<double> dy =
        comma == std::string_view::npos ? std::nullopt : number_of(text.substr(comma + 1));
    if (!dx || !dy) {
        fail(map.file, object_where(object),
             "property direction must be 'DX,DY', got '" + *object.direction + "'");
    }
    if (std::abs(*dx) > levels::max_direction_component || std::abs(*dy) > levels::max_direction_component) {
        fail(map.file, object_where(object), "property direction: every component must be in [-1e9, 1e9]");
    }
    return {*dx, *dy};
}

struct Markers {
    std::optional<levels::LevelSeed> seed;
    std::optional<Vec2> npc;
    const MapObject* first_player = nullptr;
    const MapObject* first_npc = nullptr;
};

Vec2 marker_tile_centre(const TiledMap& map, const MapObject& object, const Grids& grids,
                        std::string_view role) {
    if (object.shape != ObjectShape::point) {
        fail(map.file, object_where(object),
             "marks the " + std::string(role) +
                 " but is not a point object (insert it with Tiled's point tool)");
    }
    check_finite(map, object);
    const double col = std::floor(object.x / map.tile_width);
    const double row = std::floor(object.y / map.tile_height);
    const Bounds& b = grids.bounds;
    if (!(col >= double(b.x) && row >= double(b.y) && col < double(b.x + b.width) &&
          row < double(b.y + b.height))) {
        fail(map.file, object_where(object), "the " + std::string(role) + " marker is outside the map");
    }
    return {col - double(b.x) + 0.5, row - double(b.y) + 0.5};
}

void add_marker(const TiledMap& map, const MapObject& object, const Grids& grids, Markers& markers) {
    const Marker kind = marker_of(object);
    if (kind == Marker::none) {
        return;
    }
    const bool player = kind == Marker::player;
    const MapObject*& first = player ? markers.first_player : markers.first_npc;
    if (first != nullptr) {
        fail(map.file, object_where(object),
             std::string("second ") + (player ? "player" : "npc") + " marker (the first is " +
                 object_named(*first) + ")");
    }
    first = &object;
    const Vec2 at = marker_tile_centre(map, object, grids, player ? "player" : "npc");
    if (player) {
        markers.seed = levels::LevelSeed{at, marker_direction(map, object)};
    } else {
        markers.npc = at;
    }
}

void check_walls_option(const TiledMap& map, const levels::LevelReadOptions& options) {
    if (options.walls.empty()) {
        return;
    }
    std::string names;
    for (const TileLayer& layer : map.tile_layers) {
        if (layer.name == options.walls) {
            return;
        }
        names.append(names.empty() ? "" : ", ").append("'" + layer.name + "'");
    }
    for (const ObjectLayer& layer : map.object_layers) {
        if (layer.name == options.walls) {
            return;
        }
        names.append(names.empty() ? "" : ", ").append("'" + layer.name + "'");
    }
    fail(map.file, map.where,
         "no layer named '" + options.walls +
             "' (the walls layer asked for; layers: " + (names.empty() ? "none" : names) + ")");
}

bool on_floor(const levels::GridLevel& level, Vec2 centre) {
    return level.is_passable(static_cast<int>(centre.x), static_cast<int>(centre.y));
}

}  // namespace

levels::GridLevel build_tiled_level(const TiledMap& map, const levels::LevelReadOptions& options) {
    check_walls_option(map, options);
    std::vector<Tileset> sorted = map.tilesets;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const Tileset& a, const Tileset& b) { return a.first_gid < b.first_gid; });
    Grids grids;
    grids.bounds = level_bounds(map);
    const auto tiles = static_cast<std::size_t>(grids.bounds.width * grids.bounds.height);
    grids.wall.assign(tiles, 0);
    grids.floor.assign(tiles, 0);
    for (const TileLayer& layer : map.tile_layers) {
        add_tile_layer(map, sorted, layer, is_walls_name(layer.name, options), grids);
    }
    std::uint64_t tests = 0;
    for (const ObjectLayer& layer : map.object_layers) {
        if (!is_walls_name(layer.name, options)) {
            continue;
        }
        for (const MapObject& object : layer.objects) {
            if (marker_of(object) == Marker::none) {
                check_finite(map, object);
                rasterise_object(map, object, grids, tests);
            }
        }
    }
    levels::GridLevel level;
    level.title = map.title.value_or("");
    level.name = map.title.value_or(map.file);  // as an ASCII level's `name:` header does
    level.width = static_cast<int>(grids.bounds.width);
    level.height = static_cast<int>(grids.bounds.height);
    level.passable.resize(tiles);
    for (std::size_t i = 0; i < tiles; ++i) {
        level.passable[i] = grids.wall[i] == 0 && (!grids.has_floor_layer || grids.floor[i] != 0) ? 1 : 0;
    }
    if (level.passable_count() == 0) {
        fail(map.file, map.where,
             "the map has no floor: every tile is a wall or empty (docs/levels.md, Tiled)");
    }
    Markers markers;
    for (const ObjectLayer& layer : map.object_layers) {
        for (const MapObject& object : layer.objects) {
            add_marker(map, object, grids, markers);
        }
    }
    for (const MapObject* marker : {markers.first_player, markers.first_npc}) {
        if (marker != nullptr) {
            const Vec2 at = marker == markers.first_player ? markers.seed->position : *markers.npc;
            if (!on_floor(level, at)) {
                fail(map.file, object_where(*marker),
                     "the marker is on tile (" + std::to_string(int(at.x)) + ", " +
                         std::to_string(int(at.y)) + "), which is not floor");
            }
        }
    }
    level.seed = markers.seed;
    level.npc_start = markers.npc;
    return level;
}

// ---- shared helpers ------------------------------------------------------------------------------------

void fail(const std::string& file, const Where& where, const std::string& message) {
    const std::string text = where.element.empty() ? message : where.element + ": " + message;
    if (where.line > 0) {
        throw levels::LevelError(file, where.line, text);
    }
    throw levels::LevelError(file + ": " + text);
}

bool equals_any_case(std::string_view name, std::string_view word) {
    return name.size() == word.size() &&
           std::equal(name.begin(), name.end(), word.begin(), [](char a, char b) {
               const auto lower = [](char c) {
                   return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
               };
               return lower(a) == lower(b);
           });
}

void check_orientation(std::string_view orientation, const std::string& file, const Where& where) {
    if (!orientation.empty() && orientation != "orthogonal") {
        fail(file, where,
             "orientation '" + std::string(orientation.substr(0, 40)) +
                 "' is not supported: kinema reads orthogonal Tiled maps only");
    }
}

void check_tile_size(const TiledMap& map) {
    for (const auto& [what, value] :
         {std::pair{"tilewidth", map.tile_width}, std::pair{"tileheight", map.tile_height}}) {
        if (value < 1 || value > 65536) {
            fail(map.file, map.where,
                 std::string(what) + " must be a whole number of pixels in [1, 65536], got " +
                     std::to_string(value));
        }
    }
}

std::string external_tileset_path(const std::string& map_file, std::string_view source) {
    return utf8_text(utf8_path(map_file).parent_path() / utf8_path(std::string(source)));
}

bool is_json_tileset(std::string_view source) {
    const std::size_t dot = source.find_last_of('.');
    const std::string_view ext = dot == std::string_view::npos ? std::string_view() : source.substr(dot);
    return equals_any_case(ext, ".tsj") || equals_any_case(ext, ".json");
}

std::string read_external_tileset(const std::string& map_file, std::string_view source, const Where& where,
                                  std::uintmax_t& budget) {
    const std::string path = external_tileset_path(map_file, source);
    std::error_code error;
    if (source.empty() || !std::filesystem::exists(path, error)) {
        fail(map_file, where,
             "tileset '" + std::string(source) + "' cannot be found: no file " + path +
                 " (external tilesets are read relative to the map's file)");
    }
    try {
        std::string text = read_file_capped(path, budget);
        budget -= text.size();
        return text;
    } catch (const FileError& e) {
        fail(map_file, where, "tileset '" + std::string(source) + "': " + path + ": " + e.why());
    }
}

}  // namespace kinema::formats::detail
