// Flood pictures (kinema/render/flood_picture.hpp, chase_scene.hpp): the PNG has the size the layout rules
// give, every tile is drawn in the colour of its flood state (read back through cairo), the SVG carries the
// legend as text and is well formed, animations have one frame per step, and output is byte-identical.
#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/render/chase_scene.hpp"
#include "kinema/render/flood_picture.hpp"
#include "png_reader.hpp"

namespace kinema::render {
namespace {

using chase::CellId;

// A 10 x 5 room; the player was last seen at tile (3,1) running east.
constexpr const char* room_text =
    "##########\n"
    "#..>.....#\n"
    "#........#\n"
    "#........#\n"
    "##########\n";

struct FloodRun {
    levels::GridLevel level = levels::parse_ascii_level(room_text, "room");
    chase::GridSpace grid{level};
    chase::Flood flood;
    std::vector<FloodFrame> frames;
    chase::DeadReckoningResult dr;
    FloodScene scene;

    explicit FloodRun(int max_steps) : flood(settings(max_steps)) {
        flood.start(grid.cells(), grid.locate(level.seed->position), level.seed->direction);
        frames.push_back(flood_frame(grid, flood));
        flood.run([&](const chase::Flood& f) { frames.push_back(flood_frame(grid, f)); });
        dr = chase::dead_reckoning(grid, level.seed->position, level.seed->direction, 4.0);
        scene = flood_scene(grid, flood, level.seed->direction, dr, "room");
    }
    static chase::FloodSettings settings(int max_steps) {
        chase::FloodSettings s;
        s.max_steps = max_steps;
        return s;
    }
};

using test::decode;
using test::Image;
using test::same;

// A chase's scene (the query's direction, the result's dead reckoning) is the scene of the same flood and the
// same dead reckoning computed directly: the same SVG, byte for byte.
TEST(FloodPicture, AChaseResultDrawsAsItsFloodAndDeadReckoning) {
    const FloodRun direct(6);
    const chase::GridChaseSpace space(direct.grid);
    chase::Flood flood(FloodRun::settings(6));
    chase::ChaseQuery query;
    const Vec2 seed = direct.level.seed->position;
    const Vec2 direction = direct.level.seed->direction;
    query.position = {seed.x, seed.y, 0.0};
    query.direction = {direction.x, direction.y, 0.0};
    query.dead_reckoning_distance = 4.0;
    const chase::ChaseResult result = chase::run_chase(space, flood, query);
    const FloodScene scene = flood_scene(direct.grid, flood, result, "room");
    ASSERT_TRUE(scene.dead_reckoning.has_value());
    EXPECT_EQ(*scene.dead_reckoning, direct.dr.position);
    EXPECT_EQ(flood_svg(scene), flood_svg(direct.scene));
}

TEST(HeatColour, RampEndsAndSpecialStates) {
    // The ramp's documented ends: 1 -> pale yellow (255,237,160), H -> dark red (128,0,38); 0 -> cooled.
    EXPECT_TRUE(same(heat_colour(1, 20), Rgb{255, 237, 160}));
    EXPECT_TRUE(same(heat_colour(20, 20), Rgb{128, 0, 38}));
    EXPECT_TRUE(same(heat_colour(0, 20), palette::cooled));
    EXPECT_TRUE(same(heat_colour(99, 20), heat_colour(20, 20)));  // clamped
    // With H = 8 the 8 ramp anchors are hit exactly: value 3 is the third anchor (254,178,76).
    EXPECT_TRUE(same(heat_colour(3, 8), Rgb{254, 178, 76}));
    EXPECT_TRUE(same(tile_colour(tile::wall, 20), palette::wall));
    EXPECT_TRUE(same(tile_colour(tile::barrier, 20), palette::barrier));
    EXPECT_TRUE(same(tile_colour(tile::untouched, 20), palette::floor));
    // Hotter is darker: the sum of the channels falls along the ramp.
    for (int v = 1; v < 20; ++v) {
        const Rgb a = heat_colour(v, 20);
        const Rgb b = heat_colour(v + 1, 20);
        EXPECT_GE(a.r + a.g + a.b, b.r + b.g + b.b) << v;
    }
}

TEST(FloodPicture, SizeFollowsTheLayout) {
    const FloodRun run(3);
    // 10 x 5 tiles: 1024 / 10 = 102 px per tile, capped at max_cell_px = 32 -> a 320 x 160 px map.
    PictureSettings no_legend;
    no_legend.legend = false;
    // width = margin 16 + row labels 30 + 320 + margin 16; height = margin 16 + column labels 16 + 160 + 16.
    EXPECT_EQ(flood_picture_size(run.scene, no_legend), (std::pair<int, int>{382, 208}));
    const Image plain = decode(flood_png(run.scene, no_legend));
    EXPECT_EQ(plain.width(), 382);
    EXPECT_EQ(plain.height(), 208);
    // With the legend: + gap 24 + legend 280 px wide (render::legend_width); its height is legend_height's
    // (from the first baseline at 16 + 12 px) + a 16 px margin.
    ASSERT_EQ(run.scene.numbers.size(), 10u);
    const Image full = decode(flood_png(run.scene));
    EXPECT_EQ(full.width(), 382 + 24 + 280);
    const double legend = legend_height(flood_legend(run.scene));
    EXPECT_EQ(full.height(), static_cast<int>(std::ceil(16 + 12 + legend + 16)));
    // At least: title, 4 swatches, the ramp (3 lines), 4 marks, 10 numbers, 19 px each.
    EXPECT_GT(legend, 22 * 19.0);
}

TEST(FloodPicture, LargeMapsFitTheTargetSize) {
    FloodScene scene;
    scene.columns = 512;
    scene.rows = 300;
    scene.tiles.assign(512u * 300u, tile::untouched);
    scene.tiles[100u * 512u + 200u] = 20;
    scene.seed_position = {200.5, 100.5};
    PictureSettings whole;
    whole.crop = Crop::none;
    whole.legend = false;
    // 1024 / 512 = 2 px per tile: the map is 1024 x 600 px.
    EXPECT_EQ(flood_picture_size(scene, whole),
              (std::pair<int, int>{16 + 30 + 1024 + 16, 16 + 16 + 600 + 16}));
    // Automatic cropping (2 px < legible 4 px): the one touched tile plus 4 tiles of margin, 9 x 9 tiles at
    // the 32 px cap.
    PictureSettings cropped;
    cropped.legend = false;
    EXPECT_EQ(flood_picture_size(scene, cropped),
              (std::pair<int, int>{16 + 30 + 288 + 16, 16 + 16 + 288 + 16}));
    const Vec2 c = tile_centre_px(scene, cropped, 200, 100);
    EXPECT_DOUBLE_EQ(c.x, 16 + 30 + 4.5 * 32);
    EXPECT_DOUBLE_EQ(c.y, 16 + 16 + 4.5 * 32);
}

TEST(FloodPicture, EveryTileHasTheColourOfItsFloodState) {
    const FloodRun run(3);
    PictureSettings settings;
    const Image image = decode(flood_png(run.scene, settings));
    const chase::FloodResult r = run.flood.result();
    int walls = 0;
    int heated = 0;
    int barrier = 0;
    int untouched = 0;
    for (int row = 0; row < run.grid.height(); ++row) {
        for (int col = 0; col < run.grid.width(); ++col) {
            const CellId c = run.grid.cell_at(col, row);
            // Skip the tiles under markers (seed, destination, dead-reckoning point, arrow, dashed line).
            if (c == r.seed_cell || c == r.destination_cell || c == run.dr.cell || row == 1) {
                continue;
            }
            const Vec2 p = tile_centre_px(run.scene, settings, col, row);
            // A quarter tile off the centre, away from the centroid cross and the grid lines.
            const Rgb got = image.at(p.x + 8.0, p.y + 8.0);
            Rgb want = palette::wall;
            if (c == chase::no_cell) {
                ++walls;
            } else {
                const int v = run.flood.value(c);
                want = tile_colour(v, 20);
                heated += v >= 0;
                barrier += v == chase::barrier_value;
                untouched += v == chase::untouched_value;
            }
            EXPECT_TRUE(same(got, want)) << "tile " << col << "," << row;
        }
    }
    // The checked tiles cover every state.
    EXPECT_GT(walls, 0);
    EXPECT_GT(heated, 0);
    EXPECT_GT(barrier, 0);
    EXPECT_GT(untouched, 0);
}

TEST(FloodPicture, HandPlacedTiles) {
    // A 3 x 1 scene whose tiles are a wall, heat H and barrier, drawn at 32 px per tile.
    FloodScene scene;
    scene.columns = 3;
    scene.rows = 1;
    scene.tiles = {tile::wall, 20, tile::barrier};
    scene.seed_position = {-5.0, -5.0};  // off the map: the marker is clipped away
    PictureSettings settings;
    settings.legend = false;
    const Image image = decode(flood_png(scene, settings));
    // Tile (col, 0) spans x in [46 + 32 col, 78 + 32 col), y in [32, 64).
    EXPECT_TRUE(same(image.at(46 + 20, 50), palette::wall));
    EXPECT_TRUE(same(image.at(78 + 20, 50), Rgb{128, 0, 38}));
    EXPECT_TRUE(same(image.at(110 + 20, 50), palette::barrier));
    EXPECT_TRUE(same(image.at(5, 5), palette::background));
}

TEST(FloodPicture, SvgHasTheLegendAsTextAndIsWellFormed) {
    const FloodRun run(3);
    const std::string svg = flood_svg(run.scene);
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_NE(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
    EXPECT_EQ(svg.substr(svg.size() - 7), "</svg>\n");
    for (const char* label : {"Chase flood", "centroid", "destination", "dead reckoning", "barrier", "steps",
                              "stop reason", "max_steps", "3 of 3"}) {
        EXPECT_NE(svg.find(std::string(">") + label), std::string::npos) << label;
    }
    // Every element opened is closed: count <tag ...> / </tag> pairs, self-closed elements aside.
    // (Plain substring counts: std::regex trips GCC 12's -Wmaybe-uninitialized in sanitizer builds.)
    const auto count = [&](const std::string& needle) {
        std::size_t n = 0;
        for (std::size_t at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) {
            ++n;
        }
        return n;
    };
    for (const std::string tag : {"svg", "text", "defs", "clipPath"}) {
        EXPECT_EQ(count("<" + tag + " ") + count("<" + tag + ">"), count("</" + tag + ">")) << tag;
    }
    // The same size as the PNG.
    const auto [w, h] = flood_picture_size(run.scene);
    EXPECT_NE(svg.find("width=\"" + std::to_string(w) + "\" height=\"" + std::to_string(h) + "\""),
              std::string::npos);
}

TEST(FloodPicture, TitlesAreEscaped) {
    FloodRun run(2);
    run.scene.title = "a<b&c\"d";
    const std::string svg = flood_svg(run.scene);
    EXPECT_NE(svg.find("a&lt;b&amp;c&quot;d"), std::string::npos);
    EXPECT_EQ(svg.find("a<b"), std::string::npos);
}

TEST(FloodPicture, Deterministic) {
    const FloodRun a(3);
    const FloodRun b(3);
    EXPECT_EQ(flood_png(a.scene), flood_png(b.scene));
    EXPECT_EQ(flood_svg(a.scene), flood_svg(b.scene));
    EXPECT_EQ(flood_animated_svg(a.scene, a.frames), flood_animated_svg(b.scene, b.frames));
    // And a different flood gives a different picture.
    const FloodRun c(2);
    EXPECT_NE(flood_png(a.scene), flood_png(c.scene));
}

TEST(FloodAnimation, OneFramePerStep) {
    const FloodRun run(3);
    ASSERT_EQ(run.flood.result().steps, 3);
    ASSERT_EQ(run.frames.size(), 4u);  // after seeding, then steps 1..3
    EXPECT_EQ(run.frames.front().step, 0);
    EXPECT_EQ(run.frames.back().step, 3);
    // Frame 0: the seed alone is hot.
    const chase::Tile seed = run.grid.tile_of(run.flood.result().seed_cell);
    EXPECT_EQ(run.frames[0].tiles[static_cast<std::size_t>(seed.row * 10 + seed.col)], 20);
    EXPECT_EQ(
        std::count_if(run.frames[0].tiles.begin(), run.frames[0].tiles.end(), [](int v) { return v >= 0; }),
        1);
    // The last frame is the final state.
    EXPECT_EQ(run.frames.back().tiles, run.scene.tiles);

    const std::vector<std::string> pngs = flood_png_frames(run.scene, run.frames);
    ASSERT_EQ(pngs.size(), 4u);
    const Image first = decode(pngs[0]);
    const Image last = decode(pngs[3]);
    EXPECT_EQ(first.width(), last.width());
    // Tile (5,3) is two diagonal steps from the seed (3,1): untouched in frame 0, heated at step 2 and cooled
    // once by step 3 (H - 1 = 19).
    const Vec2 p = tile_centre_px(run.scene, {}, 5, 3);
    EXPECT_TRUE(same(first.at(p.x + 8, p.y + 8), palette::floor));
    EXPECT_EQ(run.flood.value(run.grid.cell_at(5, 3)), 19);
    EXPECT_TRUE(same(last.at(p.x + 8, p.y + 8), heat_colour(19, 20)));

    const std::string svg = flood_animated_svg(run.scene, run.frames);
    EXPECT_NE(svg.find("<animate attributeName=\"fill\" calcMode=\"discrete\""), std::string::npos);
    EXPECT_NE(svg.find("repeatCount=\"indefinite\""), std::string::npos);
    // One line per frame at one place (it used to end in " (numbers: final)", which no longer fit the legend
    // column; a note under it says so).
    EXPECT_NE(svg.find(">showing step 2 of 3<"), std::string::npos);
    EXPECT_NE(svg.find(">the map shows that step; the numbers above"), std::string::npos);
    // 4 frames x 0.4 s + 2 s hold.
    EXPECT_NE(svg.find("dur=\"3.6s\""), std::string::npos);
}

// The fill of the last rect in the JSON scene that covers (x, y), i.e. what a canvas drawing the shapes in
// order shows there when no other shape is on top.
std::string json_fill_at(const nlohmann::json& scene, double x, double y) {
    std::string fill;
    for (const nlohmann::json& s : scene["shapes"]) {
        if (s["type"] == "rect" && s.contains("fill") && x >= s["x"].get<double>() &&
            x < s["x"].get<double>() + s["w"].get<double>() && y >= s["y"].get<double>() &&
            y < s["y"].get<double>() + s["h"].get<double>()) {
            fill = s["fill"];
        }
    }
    return fill;
}

TEST(FloodPicture, PngAndJsonShowTheSameColoursAtEveryTile) {
    const FloodRun run(3);
    const Image image = decode(flood_png(run.scene));
    const nlohmann::json j = nlohmann::json::parse(flood_json(run.scene));
    EXPECT_EQ(j["width"], image.width());
    EXPECT_EQ(j["height"], image.height());
    const Scene scene = flood_picture_scene(run.scene);
    EXPECT_EQ(j["shapes"].size(), scene.shapes.size());
    const chase::FloodResult r = run.flood.result();
    int checked = 0;
    for (int row = 0; row < run.grid.height(); ++row) {
        for (int col = 0; col < run.grid.width(); ++col) {
            const CellId c = run.grid.cell_at(col, row);
            if (row == 1 || (c != chase::no_cell && (c == r.destination_cell || c == run.dr.cell))) {
                continue;  // under the marks: the seed, its arrow, the dead-reckoning line, the destination
            }
            const Vec2 p = tile_centre_px(run.scene, {}, col, row) + Vec2{8.0, 8.0};
            const int v = run.scene.tiles[static_cast<std::size_t>(row * 10 + col)];
            EXPECT_EQ(json_fill_at(j, p.x, p.y), test::hex(image.at(p.x, p.y))) << col << "," << row;
            EXPECT_EQ(json_fill_at(j, p.x, p.y), test::hex(tile_colour(v, 20))) << col << "," << row;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 39);  // 50 tiles, less row 1 and the destination tile (4,2)
}

TEST(FloodAnimation, JsonCarriesEveryFrame) {
    const FloodRun run(3);
    const nlohmann::json j = nlohmann::json::parse(flood_json(run.scene, {}, run.frames));
    EXPECT_EQ(j["frame_count"], 4);
    EXPECT_EQ(j["frame_seconds"], 0.4);
    // Tile (5,3): untouched in frame 0, heat 19 in the last (see OneFramePerStep).
    const Vec2 p = tile_centre_px(run.scene, {}, 5, 3);
    bool found = false;
    for (const nlohmann::json& s : j["shapes"]) {
        if (s.contains("frame_fill") && s["x"].get<double>() < p.x &&
            p.x < s["x"].get<double>() + s["w"].get<double>() && s["y"].get<double>() < p.y &&
            p.y < s["y"].get<double>() + s["h"].get<double>()) {
            ASSERT_EQ(s["frame_fill"].size(), 4u);
            EXPECT_EQ(s["frame_fill"][0], test::hex(palette::floor));
            EXPECT_EQ(s["frame_fill"][3], test::hex(heat_colour(19, 20)));
            found = true;
        }
    }
    EXPECT_TRUE(found);
    EXPECT_EQ(flood_json(run.scene, {}, run.frames), flood_json(run.scene, {}, run.frames));
}

TEST(FloodPicture, BadScenesAndSettingsAreRejected) {
    const FloodRun run(1);
    FloodScene bad = run.scene;
    bad.tiles.pop_back();
    EXPECT_THROW((void)flood_png(bad), SettingsError);
    PictureSettings settings;
    settings.max_map_px = 10;
    EXPECT_THROW((void)flood_svg(run.scene, settings), SettingsError);
    EXPECT_THROW((void)flood_animated_svg(run.scene, {}), SettingsError);
    std::vector<FloodFrame> frames = run.frames;
    frames[0].tiles.resize(3);
    EXPECT_THROW((void)flood_png_frames(run.scene, frames), SettingsError);
}

// The tiles of every frame of a recording, replayed from the changes (base: the scene's walls, untouched
// floor).
std::vector<std::vector<std::int32_t>> replay(const FloodRecording& recording,
                                              const std::vector<std::int32_t>& base) {
    std::vector<std::int32_t> tiles = base;
    for (std::int32_t& v : tiles) {
        v = v == tile::wall ? tile::wall : tile::untouched;
    }
    std::vector<std::vector<std::int32_t>> frames;
    for (std::size_t i = 0; i < recording.size(); ++i) {
        for (const TileChange& change : recording.changes_of(i)) {
            tiles[change.tile] = change.value;
        }
        frames.push_back(tiles);
    }
    return frames;
}

// An animation is recorded as the tiles each step changes: the recorder's frames replay to exactly the full
// copies flood_frame takes, and draw byte-identical pictures.
TEST(FloodRecording, RecorderReplaysToTheFullFramesAndDrawsTheSamePictures) {
    for (const int max_steps : {1, 3, 40}) {
        const FloodRun run(max_steps);
        chase::Flood flood(FloodRun::settings(max_steps));
        FloodRecorder recorder(run.grid);
        flood.start(run.grid.cells(), run.grid.locate(run.level.seed->position), run.level.seed->direction);
        recorder.record(flood);
        flood.run([&](const chase::Flood& f) { recorder.record(f); });
        const FloodRecording& recording = recorder.recording();
        ASSERT_EQ(recording.size(), run.frames.size());
        const std::vector<std::vector<std::int32_t>> tiles = replay(recording, run.scene.tiles);
        for (std::size_t i = 0; i < run.frames.size(); ++i) {
            EXPECT_EQ(recording.frames()[i].step, run.frames[i].step);
            EXPECT_EQ(tiles[i], run.frames[i].tiles) << "frame " << i;
        }
        // Frame 0 changes exactly the tiles seeding touched: the hot seed and the barrier behind it.
        const auto seeded = std::count_if(run.frames[0].tiles.begin(), run.frames[0].tiles.end(),
                                          [](std::int32_t v) { return v >= tile::barrier; });
        EXPECT_EQ(recording.changes_of(0).size(), static_cast<std::size_t>(seeded));
        EXPECT_EQ(std::count_if(recording.changes_of(0).begin(), recording.changes_of(0).end(),
                                [](const TileChange& c) { return c.value == 20; }),
                  1);
        EXPECT_EQ(recorded_flood_animated_svg(run.scene, recording),
                  flood_animated_svg(run.scene, run.frames));
        EXPECT_EQ(recorded_flood_png_frames(run.scene, recording), flood_png_frames(run.scene, run.frames));
        EXPECT_EQ(scene_json(recorded_flood_scene(run.scene, {}, recording)),
                  flood_json(run.scene, {}, run.frames));
    }
}

// The recording's memory follows the changed tiles, not the map: 4 steps on a 1024 x 1024 open map hold a few
// KB, where one full copy of the tiles is 4 MiB (issue: 4 copies of a 4096 x 4096 map took 358 MB).
TEST(FloodRecording, MemoryFollowsTheChangesNotTheMapSize) {
    std::string text;
    const std::string row(1024, '.');
    for (int r = 0; r < 1024; ++r) {
        text += row + "\n";
    }
    const levels::GridLevel level = levels::parse_ascii_level(text, "open");
    const chase::GridSpace grid(level);
    chase::FloodSettings settings;
    settings.max_steps = 4;
    chase::Flood flood(settings);
    FloodRecorder recorder(grid);
    flood.start(grid.cells(), grid.locate({512.5, 512.5}), Vec2{1.0, 0.0});
    recorder.record(flood);
    flood.run([&](const chase::Flood& f) { recorder.record(f); });
    const FloodRecording& recording = recorder.recording();
    ASSERT_EQ(recording.size(), 5u);
    // Each change is a tile whose value differs from the previous frame: never more than the touched tiles
    // (heated + barrier) per frame.
    const chase::FloodResult r = flood.result();
    const std::size_t touched = r.heated_cells + r.barrier_cells;
    EXPECT_LE(recording.changes().size(), touched * recording.size());
    const std::size_t one_copy = 1024u * 1024u * sizeof(std::int32_t);
    EXPECT_LT(recording.heap_bytes(), one_copy / 64);
    EXPECT_GE(recording.heap_bytes(), recording.changes().size() * sizeof(TileChange));
}

TEST(FloodRecording, BadChangesAreRejected) {
    const FloodRun run(1);
    EXPECT_THROW((void)recorded_flood_animated_svg(run.scene, FloodRecording{}), SettingsError);
    FloodRecording outside;
    const TileChange change{50, 20};  // the room has 10 x 5 = 50 tiles
    outside.add_frame(0, std::span<const TileChange>(&change, 1), std::nullopt, std::nullopt);
    EXPECT_THROW((void)recorded_flood_png_frames(run.scene, outside), SettingsError);
    FloodRecording below;
    const TileChange bad_value{12, -4};
    below.add_frame(0, std::span<const TileChange>(&bad_value, 1), std::nullopt, std::nullopt);
    EXPECT_THROW((void)recorded_flood_animated_svg(run.scene, below), SettingsError);
}

}  // namespace
}  // namespace kinema::render
