// Tiled maps (.tmx, .tmj) through levels' registry (issue 41; docs/levels.md "Tiled maps"): every layer data
// encoding, infinite maps, groups, flipped GIDs, the three wall rules, wall objects, markers, and each bad
// input of the issue refused with its exact message.
#include <gtest/gtest.h>
#include <zlib.h>
#include <zstd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "error_of.hpp"
#include "kinema/formats/designer_formats.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "scratch.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;
using levels::GridLevel;
using levels::LevelReadOptions;

GridLevel parse(const std::string& text, const std::string& name, const LevelReadOptions& options = {}) {
    formats::register_designer_formats();
    return levels::parse_level(text, name, options);
}

GridLevel load(const fs::path& path) {
    formats::register_designer_formats();
    return levels::load_level(path.string());
}

std::string error_parsing(const std::string& text, const std::string& name,
                          const LevelReadOptions& options = {}) {
    return error_of([&] { parse(text, name, options); });
}

/// The level as rows of '.' (passable) and '#' (blocked), joined by '\n'.
std::string picture(const GridLevel& level) {
    std::string out;
    for (int row = 0; row < level.height; ++row) {
        out += row == 0 ? "" : "\n";
        for (int col = 0; col < level.width; ++col) {
            out += level.is_passable(col, row) ? '.' : '#';
        }
    }
    return out;
}

// ---- building maps -------------------------------------------------------------------------------------

// Tile 0 floor, tile 1 wall (collides): GID 1 floor, GID 2 wall. Tiles of 8 x 8 pixels.
constexpr std::string_view tileset_xml =
    R"(<tileset firstgid="1" name="t" tilewidth="8" tileheight="8" tilecount="2"><tile id="1"><properties>)"
    R"(<property name="collides" type="bool" value="true"/></properties></tile></tileset>)";
constexpr std::string_view tileset_json =
    R"({"firstgid":1,"name":"t","tilewidth":8,"tileheight":8,"tilecount":2,"tiles":[{"id":1,"properties":)"
    R"([{"name":"collides","type":"bool","value":true}]}]})";

/// A TMX map: line 1 the XML declaration, line 2 <map>, line 3 the tileset, the body from line 4.
std::string tmx(int width, int height, const std::string& body, const std::string& map_attributes = "") {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" "
           "width=\"" +
           std::to_string(width) + "\" height=\"" + std::to_string(height) +
           "\" tilewidth=\"8\" tileheight=\"8\"" + map_attributes + ">\n" + std::string(tileset_xml) + "\n" +
           body + "</map>\n";
}

std::string tmx_layer(const std::string& name, const std::string& data, int width = 4, int height = 3) {
    return "<layer name=\"" + name + "\" width=\"" + std::to_string(width) + "\" height=\"" +
           std::to_string(height) + "\">" + data + "</layer>\n";
}

/// A Tiled JSON map with the tileset above and these layers (a JSON array's elements).
std::string tmj(int width, int height, const std::string& layers, const std::string& extra = "") {
    return R"({"type":"map","orientation":"orthogonal","width":)" + std::to_string(width) + R"(,"height":)" +
           std::to_string(height) + R"(,"tilewidth":8,"tileheight":8,"tilesets":[)" +
           std::string(tileset_json) + R"(],"layers":[)" + layers + "]" + extra + "}";
}

std::string tmj_layer(const std::string& name, const std::string& data_members, int width = 4,
                      int height = 3) {
    return R"({"type":"tilelayer","name":")" + name + R"(","width":)" + std::to_string(width) +
           R"(,"height":)" + std::to_string(height) + "," + data_members + "}";
}

// A 4 x 3 room: walls round two floor tiles.
const std::vector<std::uint32_t> room = {2, 2, 2, 2, 2, 1, 1, 2, 2, 2, 2, 2};
constexpr std::string_view room_picture = "####\n#..#\n####";

std::string csv(const std::vector<std::uint32_t>& gids) {
    std::string out;
    for (std::size_t i = 0; i < gids.size(); ++i) {
        out += (i == 0 ? "" : ",") + std::to_string(gids[i]);
    }
    return out;
}

std::string bytes_of(const std::vector<std::uint32_t>& gids) {
    std::string out;
    for (const std::uint32_t g : gids) {
        for (int shift = 0; shift < 32; shift += 8) {
            out += static_cast<char>((g >> shift) & 0xffu);
        }
    }
    return out;
}

std::string base64(std::string_view bytes) {
    constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const auto byte = [&](std::size_t i) {
        return i < bytes.size() ? static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) : 0u;
    };
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t group = byte(i) << 16 | byte(i + 1) << 8 | byte(i + 2);
        out += alphabet[group >> 18 & 63u];
        out += alphabet[group >> 12 & 63u];
        out += i + 1 < bytes.size() ? alphabet[group >> 6 & 63u] : '=';
        out += i + 2 < bytes.size() ? alphabet[group & 63u] : '=';
    }
    return out;
}

/// zlib's deflate: window_bits 15 a zlib stream, 31 a gzip one.
std::string deflated(std::string_view bytes, int window_bits) {
    z_stream stream{};
    EXPECT_EQ(deflateInit2(&stream, 9, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string out(deflateBound(&stream, static_cast<uLong>(bytes.size())) + 32, '\0');
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    stream.avail_in = static_cast<uInt>(bytes.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data());
    stream.avail_out = static_cast<uInt>(out.size());
    EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
    out.resize(stream.total_out);
    deflateEnd(&stream);
    return out;
}

std::string zstd_compressed(std::string_view bytes) {
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    const std::size_t size = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
    EXPECT_EQ(ZSTD_isError(size), 0u);
    out.resize(size);
    return out;
}

std::string base64_data(std::string_view compression, std::string_view payload) {
    return "<data encoding=\"base64\"" +
           (compression.empty() ? std::string() : " compression=\"" + std::string(compression) + "\"") +
           ">\n   " + base64(payload) + "\n  </data>";
}

// ---- the formats ---------------------------------------------------------------------------------------

TEST(Tiled, RegistersTmxTmjAndJson) {
    formats::register_designer_formats();
    EXPECT_EQ(levels::level_format("a.TMX").name, "Tiled map (XML)");
    EXPECT_EQ(levels::level_format("a.tmj").name, "Tiled map (JSON)");
    EXPECT_EQ(levels::level_format("a.json").name, "Tiled map (JSON)");
}

TEST(Tiled, EveryTmxEncodingGivesTheSameLevel) {
    const std::string raw = bytes_of(room);
    const std::vector<std::pair<std::string, std::string>> encodings = {
        {"csv", "<data encoding=\"csv\">\n" + csv(room) + "\n</data>"},
        {"csv with a trailing comma", "<data encoding=\"csv\">2,2,2,2,\n2,1,1,2,\n2,2,2,2,\n</data>"},
        {"base64", base64_data("", raw)},
        {"zlib", base64_data("zlib", deflated(raw, 15))},
        {"gzip", base64_data("gzip", deflated(raw, 31))},
        {"zstd", base64_data("zstd", zstd_compressed(raw))},
        {"tile elements",
         "<data><tile gid=\"2\"/><tile gid=\"2\"/><tile gid=\"2\"/><tile gid=\"2\"/>"
         "<tile gid=\"2\"/><tile gid=\"1\"/><tile gid=\"1\"/><tile gid=\"2\"/>"
         "<tile gid=\"2\"/><tile gid=\"2\"/><tile gid=\"2\"/><tile gid=\"2\"/></data>"},
    };
    for (const auto& [what, data] : encodings) {
        const GridLevel level = parse(tmx(4, 3, tmx_layer("ground", data)), "m.tmx");
        EXPECT_EQ(picture(level), room_picture) << what;
        EXPECT_EQ(level.passable_count(), 2u) << what;
    }
}

TEST(Tiled, EveryTmjEncodingGivesTheSameLevel) {
    const std::string raw = bytes_of(room);
    const std::vector<std::pair<std::string, std::string>> encodings = {
        {"array", R"("data":[)" + csv(room) + "]"},
        {"base64", R"("encoding":"base64","data":")" + base64(raw) + "\""},
        {"zlib", R"("encoding":"base64","compression":"zlib","data":")" + base64(deflated(raw, 15)) + "\""},
        {"gzip", R"("encoding":"base64","compression":"gzip","data":")" + base64(deflated(raw, 31)) + "\""},
        {"zstd",
         R"("encoding":"base64","compression":"zstd","data":")" + base64(zstd_compressed(raw)) + "\""},
    };
    for (const auto& [what, data] : encodings) {
        EXPECT_EQ(picture(parse(tmj(4, 3, tmj_layer("ground", data)), "m.tmj")), room_picture) << what;
    }
}

TEST(Tiled, FlipAndRotationBitsAreMaskedOff) {
    // Tiled keeps flips in the GID's top four bits: 0x80000000 | 1 is GID 1 drawn mirrored, still floor.
    std::vector<std::uint32_t> flipped = room;
    flipped[5] |= 0x80000000u | 0x20000000u;
    flipped[6] |= 0x40000000u | 0x10000000u;
    flipped[0] |= 0xf0000000u;
    EXPECT_EQ(
        picture(parse(tmx(4, 3, tmx_layer("ground", "<data encoding=\"csv\">" + csv(flipped) + "</data>")),
                      "m.tmx")),
        room_picture);
    EXPECT_EQ(picture(parse(tmj(4, 3, tmj_layer("ground", R"("data":[)" + csv(flipped) + "]")), "m.tmj")),
              room_picture);
}

// ---- which tiles are walls -----------------------------------------------------------------------------

TEST(Tiled, ACollidesTileIsAWallInAnyLayer) {
    // Rule 1: the wall tile (collides) in a layer "decor" over floor is a wall; rule 3: only where some
    // layer has a tile is floor (column 3 is empty everywhere: outside).
    const std::string ground = "<data encoding=\"csv\">1,1,1,0,1,1,1,0,1,1,1,0</data>";
    const std::string decor = "<data encoding=\"csv\">0,2,0,0,0,0,0,0,0,0,0,0</data>";
    const GridLevel level =
        parse(tmx(4, 3, tmx_layer("ground", ground) + tmx_layer("decor", decor)), "m.tmx");
    EXPECT_EQ(picture(level), ".#.#\n...#\n...#");
}

TEST(Tiled, ALayerNamedWallsOrCollisionInAnyCaseMakesWalls) {
    // Rule 2: any non-empty tile of such a layer is a wall, even the floor tile (GID 1).
    const std::string ground = "<data encoding=\"csv\">1,1,1,1,1,1,1,1,1,1,1,1</data>";
    const std::string walls = "<data encoding=\"csv\">1,0,0,0,0,0,0,0,0,0,0,1</data>";
    for (const char* name : {"walls", "Walls", "COLLISION", "collision"}) {
        EXPECT_EQ(picture(parse(tmx(4, 3, tmx_layer("ground", ground) + tmx_layer(name, walls)), "m.tmx")),
                  "#...\n....\n...#")
            << name;
    }
    // Another name is a floor layer like any other.
    EXPECT_EQ(picture(parse(tmx(4, 3, tmx_layer("ground", ground) + tmx_layer("blockers", walls)), "m.tmx")),
              "....\n....\n....");
}

TEST(Tiled, TheWallsOptionNamesOneMoreWallsLayer) {
    const std::string ground = "<data encoding=\"csv\">1,1,1,1,1,1,1,1,1,1,1,1</data>";
    const std::string blockers = "<data encoding=\"csv\">1,0,0,0,0,0,0,0,0,0,0,1</data>";
    const std::string map = tmx(4, 3, tmx_layer("ground", ground) + tmx_layer("Blockers", blockers));
    LevelReadOptions options;
    options.walls = "Blockers";
    EXPECT_EQ(picture(parse(map, "m.tmx", options)), "#...\n....\n...#");
    options.walls = "nowhere";
    EXPECT_EQ(error_parsing(map, "m.tmx", options),
              "m.tmx:2: no layer named 'nowhere' (the walls layer asked for; layers: 'ground', 'Blockers')");
}

TEST(Tiled, WithoutAnyOtherTileLayerEveryTileNotAWallIsFloor) {
    // Rule 3's second half: a map whose only tile layer is its walls layer.
    const std::string walls = R"("data":[1,1,1,1,1,0,0,1,1,1,1,1])";
    EXPECT_EQ(picture(parse(tmj(4, 3, tmj_layer("Collision", walls)), "m.tmj")), room_picture);
}

TEST(Tiled, AMapWithoutFloorIsRefused) {
    const std::string walls = "<data encoding=\"csv\">2,2,2,2,2,2,2,2,2,2,2,0</data>";
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", walls)), "m.tmx"),
              "m.tmx:2: the map has no floor: every tile is a wall or empty (docs/levels.md, Tiled)");
    EXPECT_EQ(error_parsing(tmj(4, 3, tmj_layer("ground", R"("data":[0,0,0,0,0,0,0,0,0,0,0,0])")), "m.tmj"),
              "m.tmj: the map has no floor: every tile is a wall or empty (docs/levels.md, Tiled)");
}

// ---- wall objects --------------------------------------------------------------------------------------

constexpr std::string_view floor_5x4 =
    "<data encoding=\"csv\">1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1</data>";

std::string with_objects(const std::string& objects, const std::string& layer = "walls") {
    return tmx(5, 4,
               tmx_layer("ground", std::string(floor_5x4), 5, 4) + "<objectgroup name=\"" + layer + "\">" +
                   objects + "</objectgroup>\n");
}

TEST(Tiled, RectanglesAndPolygonsWallTheTilesWhoseCentresTheyContain) {
    // Tiles are 8 px, centres at 4, 12, 20, ...: the rectangle (0, 0)-(12, 8) holds the centre (4, 4) and not
    // (12, 4) (its right edge is open). The triangle (16, 0) (40, 0) (40, 20) holds the centres above its
    // diagonal y = (x - 16) * 20 / 24: (28, 4), (36, 4) and (36, 12).
    const std::string objects = R"(<object id="1" x="0" y="0" width="12" height="8"/>)"
                                R"(<object id="2" x="16" y="0"><polygon points="0,0 24,0 24,20"/></object>)";
    EXPECT_EQ(picture(parse(with_objects(objects), "m.tmx")), "#..##\n....#\n.....\n.....");
}

TEST(Tiled, EllipsesRotatedRectanglesAndTileObjectsMakeWallsToo) {
    // An ellipse over the 2 x 2 tiles at the bottom left; a 16 x 8 rectangle turned 90 degrees clockwise
    // about its corner (40, 0): it covers x in [32, 40], y in [0, 16] (column 4, rows 0 and 1); a tile object
    // (drawn upwards from its bottom-left corner (16, 32)) covers column 2, row 3.
    const std::string objects = R"(<object id="1" x="0" y="16" width="16" height="16"><ellipse/></object>)"
                                R"(<object id="2" x="40" y="0" width="16" height="8" rotation="90"/>)"
                                R"(<object id="3" gid="1" x="16" y="32" width="8" height="8"/>)";
    EXPECT_EQ(picture(parse(with_objects(objects, "Collision"), "m.tmx")), "....#\n....#\n##...\n###..");
}

TEST(Tiled, ObjectsOutsideAWallsLayerMakeNoWalls) {
    EXPECT_EQ(picture(parse(with_objects(R"(<object id="1" x="0" y="0" width="40" height="32"/>)", "zones"),
                            "m.tmx")),
              ".....\n.....\n.....\n.....");
}

TEST(Tiled, ObjectsUseTheMapsTileSizeNotSquareTiles) {
    // 16 x 24 pixel tiles: a rectangle (16, 24)-(32, 48) is exactly tile (1, 1).
    const std::string map = R"({"type":"map","orientation":"orthogonal","width":3,"height":3,"tilewidth":16,)"
                            R"("tileheight":24,"tilesets":[],"layers":[{"type":"objectgroup","name":"walls",)"
                            R"("objects":[{"id":1,"x":16,"y":24,"width":16,"height":24}]}]})";
    EXPECT_EQ(picture(parse(map, "m.tmj")), "...\n.#.\n...");
}

TEST(Tiled, APolylineOrTextInAWallsLayerIsRefused) {
    EXPECT_EQ(
        error_parsing(with_objects(R"(<object id="7" name="edge" x="0" y="0"><polyline points="0,0 8,8"/>)"
                                   R"(</object>)"),
                      "m.tmx"),
        "m.tmx:5: object 'edge' (id 7): a polyline in a walls layer: only rectangles, ellipses, polygons "
        "and tile objects make walls");
}

TEST(Tiled, AWallObjectMadeFromATemplateIsRefused) {
    // Its shape is in the template file, which kinema does not read: never a silent hole in the walls.
    EXPECT_EQ(error_parsing(with_objects(R"(<object id="8" template="crate.tx" x="8" y="8"/>)"), "m.tmx"),
              "m.tmx:5: object (id 8): made from the object template 'crate.tx', which kinema does not read: "
              "detach it in Tiled so the map holds its shape");
}

// ---- layers: groups and infinite maps ------------------------------------------------------------------

TEST(Tiled, GroupLayersAreWalkedAtAnyDepth) {
    const std::string walls = "<data encoding=\"csv\">0,0,0,0,0,0,1,0,0,0,0,0</data>";
    const std::string ground = "<data encoding=\"csv\">1,1,1,1,1,1,1,1,1,1,1,1</data>";
    const std::string body = "<group name=\"a\"><group name=\"b\">" + tmx_layer("ground", ground) +
                             tmx_layer("walls", walls) + "</group></group>\n";
    EXPECT_EQ(picture(parse(tmx(4, 3, body), "m.tmx")), "....\n..#.\n....");
    const std::string json_group =
        R"({"type":"group","name":"a","layers":[{"type":"group","name":"b","layers":[)" +
        tmj_layer("ground", R"("data":[1,1,1,1,1,1,1,1,1,1,1,1])") + "," +
        tmj_layer("walls", R"("data":[0,0,0,0,0,0,1,0,0,0,0,0])") + "]}]}";
    EXPECT_EQ(picture(parse(tmj(4, 3, json_group), "m.tmj")), "....\n..#.\n....");
}

TEST(Tiled, AnInfiniteMapIsTheUnionOfItsChunksShiftedToColumnZero) {
    // Two 2 x 2 chunks at (-4, -2) and (-2, 0): the union is 4 x 4 from Tiled's tile (-4, -2), which becomes
    // the level's (0, 0); the tiles no chunk covers are outside. The player at pixel (-20, -4) is on Tiled's
    // tile (-3, -1) (8 px tiles), the level's (1, 1).
    const std::string body =
        "<layer name=\"ground\" width=\"4\" height=\"4\"><data encoding=\"csv\">\n"
        "<chunk x=\"-4\" y=\"-2\" width=\"2\" height=\"2\">1,2,1,1</chunk>\n"
        "<chunk x=\"-2\" y=\"0\" width=\"2\" height=\"2\">1,1,2,1</chunk>\n"
        "</data></layer>\n"
        "<objectgroup name=\"m\"><object id=\"1\" name=\"Player\" x=\"-20\" "
        "y=\"-4\"><point/></object></objectgroup>\n";
    const GridLevel level = parse(tmx(30, 20, body, " infinite=\"1\""), "m.tmx");
    EXPECT_EQ(level.width, 4);
    EXPECT_EQ(level.height, 4);
    EXPECT_EQ(picture(level), ".###\n..##\n##..\n###.");
    ASSERT_TRUE(level.seed.has_value());
    EXPECT_EQ(level.seed->position, (Vec2{1.5, 1.5}));  // Tiled's tile (-3, -1)
    // The same in JSON, base64 + zlib chunks.
    const std::string chunks =
        R"({"type":"tilelayer","name":"ground","encoding":"base64","compression":"zlib","chunks":[)"
        R"({"x":-4,"y":-2,"width":2,"height":2,"data":")" +
        base64(deflated(bytes_of({1, 2, 1, 1}), 15)) + R"("},{"x":-2,"y":0,"width":2,"height":2,"data":")" +
        base64(deflated(bytes_of({1, 1, 2, 1}), 15)) +
        R"("}]},{"type":"objectgroup","name":"m","objects":[{"id":1,"name":"player","point":true,"x":-20,"y":-4}]})";
    const GridLevel json = parse(tmj(30, 20, chunks, R"(,"infinite":true)"), "m.tmj");
    EXPECT_EQ(picture(json), ".###\n..##\n##..\n###.");
    EXPECT_EQ(json.seed->position, (Vec2{1.5, 1.5}));
}

// ---- markers and the title -----------------------------------------------------------------------------

std::string marker_layer(const std::string& objects) {
    return "<objectgroup name=\"markers\">" + objects + "</objectgroup>\n";
}

const std::string ground_4x3 = tmx_layer("ground", "<data encoding=\"csv\">" + csv(room) + "</data>");

TEST(Tiled, PlayerAndNpcMarkersAndTheTitle) {
    const std::string body =
        ground_4x3 +
        marker_layer(R"(<object id="3" name="player" x="12" y="12"><properties>)"
                     R"(<property name="direction" value="-1, 0.5"/></properties><point/></object>)"
                     R"(<object id="4" name="Guard" class="NPC" x="20" y="9"><point/></object>)");
    const std::string map =
        "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"4\" height=\"3\" "
        "tilewidth=\"8\" tileheight=\"8\"><properties><property name=\"name\" "
        "value=\"The Room\"/></properties>\n" +
        std::string(tileset_xml) + "\n" + body + "</map>\n";
    const GridLevel level = parse(map, "room.tmx");
    EXPECT_EQ(level.title, "The Room");
    ASSERT_TRUE(level.seed.has_value());
    EXPECT_EQ(level.seed->position, (Vec2{1.5, 1.5}));
    EXPECT_EQ(level.seed->direction, (Vec2{-1.0, 0.5}));
    ASSERT_TRUE(level.npc_start.has_value());
    EXPECT_EQ(*level.npc_start, (Vec2{2.5, 1.5}));
}

TEST(Tiled, AMarkerWithoutDirectionHasNone) {
    const std::string objects =
        R"({"type":"objectgroup","name":"o","objects":[{"id":1,"name":"","type":"player",)"
        R"("point":true,"x":17,"y":12}]})";
    const GridLevel level =
        parse(tmj(4, 3, tmj_layer("g", R"("data":[)" + csv(room) + "]") + "," + objects), "m.tmj");
    ASSERT_TRUE(level.seed.has_value());
    EXPECT_EQ(level.seed->position, (Vec2{2.5, 1.5}));
    EXPECT_EQ(level.seed->direction, (Vec2{0.0, 0.0}));
    EXPECT_EQ(level.title, "");
    EXPECT_FALSE(level.npc_start.has_value());
}

TEST(Tiled, BadMarkersAreRefused) {
    const auto error = [](const std::string& objects) {
        return error_parsing(tmx(4, 3, ground_4x3 + marker_layer(objects)), "m.tmx");
    };
    EXPECT_EQ(error(R"(<object id="3" name="player" x="12" y="12"><point/></object>)"
                    R"(<object id="4" name="PLAYER" x="20" y="12"><point/></object>)"),
              "m.tmx:5: object 'PLAYER' (id 4): second player marker (the first is object 'player' (id 3))");
    EXPECT_EQ(error(R"(<object id="3" name="player" x="8" y="8" width="8" height="8"/>)"),
              "m.tmx:5: object 'player' (id 3): marks the player but is not a point object (insert it with "
              "Tiled's point tool)");
    EXPECT_EQ(error(R"(<object id="3" name="npc" x="40" y="12"><point/></object>)"),
              "m.tmx:5: object 'npc' (id 3): the npc marker is outside the map");
    EXPECT_EQ(error(R"(<object id="3" name="player" x="4" y="4"><point/></object>)"),
              "m.tmx:5: object 'player' (id 3): the marker is on tile (0, 0), which is not floor");
    EXPECT_EQ(error(R"(<object id="3" name="player" x="12" y="12"><properties><property name="direction" )"
                    R"(value="east"/></properties><point/></object>)"),
              "m.tmx:5: object 'player' (id 3): property direction must be 'DX,DY', got 'east'");
}

// ---- external tilesets ---------------------------------------------------------------------------------

TEST(Tiled, ExternalTilesetsAreReadBesideTheMap) {
    const fs::path dir = scratch_path("tiled-external");
    fs::create_directories(dir / "sets");
    write_file(
        dir / "sets" / "t.tsx",
        "<?xml version=\"1.0\"?>\n<tileset name=\"t\" tilewidth=\"8\" tileheight=\"8\" tilecount=\"2\">"
        "<tile id=\"1\"><properties><property name=\"collides\" type=\"bool\" value=\"true\"/></properties>"
        "</tile></tileset>\n");
    write_file(dir / "sets" / "t.tsj",
               R"({"type":"tileset","name":"t","tilewidth":8,"tileheight":8,"tilecount":2,"tiles":[{"id":1,)"
               R"("properties":[{"name":"collides","type":"bool","value":true}]}]})");
    // Two tilesets: GIDs 1-2 from the .tsx, 3-4 from the .tsj (3 floor, 4 wall).
    const std::string xml =
        "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"4\" height=\"3\" "
        "tilewidth=\"8\" tileheight=\"8\">\n<tileset firstgid=\"1\" source=\"sets/t.tsx\"/>"
        "<tileset firstgid=\"3\" source=\"sets/t.tsj\"/>\n" +
        tmx_layer("g", "<data encoding=\"csv\">2,4,2,2,2,1,3,2,2,2,2,2</data>") + "</map>\n";
    write_file(dir / "m.tmx", xml);
    EXPECT_EQ(picture(load(dir / "m.tmx")), room_picture);
    const std::string json = R"({"type":"map","orientation":"orthogonal","width":4,"height":3,"tilewidth":8,)"
                             R"("tileheight":8,"tilesets":[{"firstgid":1,"source":"sets/t.tsj"},)"
                             R"({"firstgid":3,"source":"sets/t.tsx"}],"layers":[)" +
                             tmj_layer("g", R"("data":[2,4,2,2,2,1,3,2,2,2,2,2])") + "]}";
    write_file(dir / "m.tmj", json);
    EXPECT_EQ(picture(load(dir / "m.tmj")), room_picture);
    // The same text that came from no file (the web page's file picker) cannot find them.
    EXPECT_EQ(
        error_parsing(xml, "m.tmx"),
        "m.tmx:3: <tileset>: tileset 'sets/t.tsx' cannot be found: no file sets/t.tsx (external tilesets "
        "are read relative to the map's file)");
    EXPECT_EQ(
        error_parsing(json, "m.tmj"),
        "m.tmj: tilesets[0]: tileset 'sets/t.tsj' cannot be found: no file sets/t.tsj (external tilesets "
        "are read relative to the map's file)");
    fs::remove_all(dir);
}

TEST(Tiled, TheWorkedExampleOfDocsLevels) {
    // docs/levels.md "Tiled maps", verbatim.
    const std::string map = R"(<?xml version="1.0" encoding="UTF-8"?>
<map orientation="orthogonal" width="5" height="4" tilewidth="8" tileheight="8">
 <properties><property name="name" value="The Room"/></properties>
 <tileset firstgid="1" name="tiles" tilewidth="8" tileheight="8" tilecount="2">
  <tile id="1"><properties><property name="collides" type="bool" value="true"/></properties></tile>
 </tileset>
 <layer name="ground" width="5" height="4">
  <data encoding="csv">
2,2,2,2,2,
2,1,1,1,2,
2,1,1,1,2,
2,2,2,2,0
  </data>
 </layer>
 <objectgroup name="collision">
  <object id="1" x="16" y="16" width="8" height="8"/>
 </objectgroup>
 <objectgroup name="markers">
  <object id="2" name="player" x="12" y="12">
   <properties><property name="direction" value="1,0"/></properties>
   <point/>
  </object>
 </objectgroup>
</map>
)";
    const GridLevel tiled = parse(map, "room.tmx");
    const GridLevel ascii = parse("name: The Room\n#####\n#>..#\n#.#.#\n####\n", "room.txt");
    EXPECT_EQ(picture(tiled), "#####\n#...#\n#.#.#\n#####");
    EXPECT_EQ(tiled.passable, ascii.passable);
    EXPECT_EQ(tiled.title, "The Room");
    ASSERT_TRUE(tiled.seed.has_value());
    EXPECT_EQ(tiled.seed->position, ascii.seed->position);
    EXPECT_EQ(tiled.seed->direction, (Vec2{1.0, 0.0}));
}

// ---- bad input (issue 41) ------------------------------------------------------------------------------

TEST(Tiled, OtherOrientationsAreRefusedNamingThem) {
    for (const char* orientation : {"isometric", "staggered", "hexagonal"}) {
        const std::string xml = "<?xml version=\"1.0\"?>\n<map orientation=\"" + std::string(orientation) +
                                "\" width=\"4\" height=\"3\" tilewidth=\"8\" tileheight=\"8\">\n</map>\n";
        EXPECT_EQ(error_parsing(xml, "m.tmx"),
                  "m.tmx:2: orientation '" + std::string(orientation) +
                      "' is not supported: kinema reads orthogonal Tiled maps only");
        std::string json = tmj(4, 3, "");
        json.replace(json.find("orthogonal"), 10, orientation);
        EXPECT_EQ(error_parsing(json, "m.tmj"),
                  "m.tmj: orientation '" + std::string(orientation) +
                      "' is not supported: kinema reads orthogonal Tiled maps only");
    }
}

TEST(Tiled, TruncatedBase64IsRefusedNamingTheLayer) {
    std::string data = base64(bytes_of(room));
    data.pop_back();
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", "<data encoding=\"base64\">" + data + "</data>")),
                      "m.tmx"),
        "m.tmx:4: layer 'ground': truncated base64 data (3 characters after the last whole group of 4)");
    EXPECT_EQ(
        error_parsing(tmj(4, 3, tmj_layer("ground", R"("encoding":"base64","data":")" + data + "\"")),
                      "m.tmj"),
        "m.tmj: layer 'ground' (layers[0]): truncated base64 data (3 characters after the last whole group "
        "of 4)");
}

TEST(Tiled, TruncatedCompressedDataIsRefusedNamingTheLayer) {
    const std::string raw = bytes_of(room);
    std::string zlib = deflated(raw, 15);
    zlib.resize(zlib.size() - 4);  // its Adler-32 checksum: every byte inflates, the end is missing
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("zlib", zlib))), "m.tmx"),
              "m.tmx:4: layer 'ground': zlib data is truncated (the stream ends after " +
                  std::to_string(raw.size()) + " bytes)");
    std::string zstd = zstd_compressed(raw);
    zstd.resize(zstd.size() - 3);
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("zstd", zstd))), "m.tmx")
                  .rfind("m.tmx:4: layer 'ground': zstd data is truncated", 0),
              0u);
    std::string gzip = deflated(raw, 31);
    gzip[3] = '\xff';  // reserved header flags: not a gzip stream kinema can read
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("gzip", gzip))), "m.tmx"),
              "m.tmx:4: layer 'ground': corrupt gzip data: unknown header flags set");
}

TEST(Tiled, AnUnknownCompressionOrEncodingIsRefused) {
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("lzma", "x"))), "m.tmx"),
              "m.tmx:4: layer 'ground': unknown compression 'lzma' (known: zlib, gzip, zstd)");
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", "<data encoding=\"hex\">00</data>")), "m.tmx"),
        "m.tmx:4: layer 'ground': unknown encoding 'hex' (known: csv, base64, none for <tile> elements)");
    EXPECT_EQ(error_parsing(tmj(4, 3, tmj_layer("g", R"("encoding":"base64","compression":"lz4","data":"")")),
                            "m.tmj"),
              "m.tmj: layer 'g' (layers[0]): unknown compression 'lz4' (known: zlib, gzip, zstd)");
}

TEST(Tiled, AGidBeyondEveryTilesetIsRefusedNamingLayerAndPosition) {
    std::vector<std::uint32_t> gids = room;
    gids[6] = 3;
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", "<data encoding=\"csv\">" + csv(gids) + "</data>")),
                      "m.tmx"),
        "m.tmx:4: layer 'ground': GID 3 at column 2, row 1 is beyond every tileset (its tilesets hold GIDs 1 "
        "to 2)");
    gids[6] = 0x80000003u;  // flags do not hide it
    EXPECT_EQ(
        error_parsing(tmj(4, 3, tmj_layer("ground", R"("data":[)" + csv(gids) + "]")), "m.tmj"),
        "m.tmj: layer 'ground' (layers[0]): GID 3 at column 2, row 1 is beyond every tileset (its tilesets "
        "hold GIDs 1 to 2)");
}

TEST(Tiled, DataDisagreeingWithTheLayersSizeIsRefused) {
    const std::vector<std::uint32_t> short_room(room.begin(), room.end() - 1);
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", "<data encoding=\"csv\">" + csv(short_room) + "</data>")),
                      "m.tmx"),
        "m.tmx:4: layer 'ground': the data holds 11 tiles, the layer 4 x 3 = 12");
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("", bytes_of(short_room)))), "m.tmx"),
        "m.tmx:4: layer 'ground': base64 data holds 44 bytes, the layer's 4 x 3 tiles need 48 (truncated?)");
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("zlib", deflated(bytes_of(short_room), 15)))),
                      "m.tmx"),
        "m.tmx:4: layer 'ground': zlib data holds 44 bytes, the layer's 4 x 3 tiles need 48 (truncated?)");
    EXPECT_EQ(error_parsing(tmj(4, 3, tmj_layer("ground", R"("data":[)" + csv(room) + ",1]")), "m.tmj"),
              "m.tmj: layer 'ground' (layers[0]): the data holds 13 tiles, the layer 4 x 3 = 12");
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", "<data><tile gid=\"1\"/></data>")), "m.tmx"),
              "m.tmx:4: layer 'ground': the data holds 1 tiles, the layer 4 x 3 = 12");
}

TEST(Tiled, AZipBombIsRefusedWithoutInflatingIt) {
    // 8 MiB of zeros deflate to about 8 KiB; a 4 x 3 layer may inflate to 48 bytes and no more.
    const std::string zeros(8u << 20, '\0');
    const std::string bomb = deflated(zeros, 15);
    ASSERT_LT(bomb.size(), 20'000u);
    EXPECT_EQ(error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("zlib", bomb))), "m.tmx"),
              "m.tmx:4: layer 'ground': zlib data inflates to more than 48 bytes, the 4 bytes of each of 4 x "
              "3 tiles");
    EXPECT_EQ(
        error_parsing(tmx(4, 3, tmx_layer("ground", base64_data("zstd", zstd_compressed(zeros)))), "m.tmx"),
        "m.tmx:4: layer 'ground': zstd data inflates to more than 48 bytes, the 4 bytes of each of 4 x 3 "
        "tiles");
}

TEST(Tiled, NotATiledFileIsRefusedAsSuch) {
    EXPECT_EQ(error_parsing(R"({"type":"tileset","name":"t"})", "t.json"),
              "t.json: not a Tiled map: a Tiled JSON map is an object with \"type\": \"map\"");
    EXPECT_EQ(error_parsing("[1, 2", "t.json"),
              "t.json: not valid JSON: parse error at line 1, column 6: syntax error while parsing array - "
              "unexpected end of input; expected ']'");
    EXPECT_EQ(error_parsing(R"({"type":"map","width":1e400})", "t.json"),
              "t.json: not valid JSON: number overflow parsing '1e400'");
    EXPECT_EQ(error_parsing("<?xml version=\"1.0\"?>\n<map>\n<layer>", "t.tmx"),
              "t.tmx:3: not valid XML: Start-end tags mismatch");
    EXPECT_EQ(error_parsing("<?xml version=\"1.0\"?>\n<svg/>\n", "t.tmx"),
              "t.tmx:2: not a Tiled map: the root element is <svg>, expected <map>");
}

TEST(Tiled, SizesOutsideTheLimitsAreRefused) {
    EXPECT_EQ(error_parsing(tmx(5000, 3, ""), "m.tmx"),
              "m.tmx:2: <map>: width='5000' is not a whole number in [1, 4096]");
    const std::string chunks =
        "<layer name=\"g\"><data encoding=\"csv\">\n"
        "<chunk x=\"-3000\" y=\"0\" width=\"1\" height=\"1\">1</chunk>\n"
        "<chunk x=\"3000\" y=\"0\" width=\"1\" height=\"1\">1</chunk>\n</data></layer>\n";
    EXPECT_EQ(error_parsing(tmx(1, 1, chunks, " infinite=\"1\""), "m.tmx"),
              "m.tmx:2: the chunks span 6001 x 1 tiles, more than 4096 across");
    std::string json = tmj(4, 3, "");
    json.replace(json.find("\"width\":4"), 9, "\"width\":\"4\"");
    EXPECT_EQ(error_parsing(json, "m.tmj"), "m.tmj: width: expected a whole number in [1, 4096], got \"4\"");
    EXPECT_EQ(error_parsing(tmj(4, 3, tmj_layer("g", R"("data":[1])", 4, 0)), "m.tmj"),
              "m.tmj: layers[0].height: expected a whole number in [1, 4096], got 0");
}

}  // namespace
}  // namespace kinema::test
