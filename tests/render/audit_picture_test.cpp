// render::audit_map_scene: the colour classes of the per-cell heat maps (docs/audit.md "Pictures"), one
// rectangle per run of equal colours, and bad maps named by field; render::audit_maps: cells placed by their
// tiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/render/audit_picture.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::render {
namespace {

TEST(AuditPicture, ColoursByClass) {
    EXPECT_EQ(audit_colour(-1.0, 1.0), palette::wall);
    EXPECT_EQ(audit_colour(0.0, 1.0), palette::floor);
    // Eight equal classes over (0, max]: 1/8 is the first anchor, 1/8 + tiny the second, max and above the
    // last.
    EXPECT_EQ(audit_colour(0.125, 1.0), palette::heat_ramp[0]);
    EXPECT_EQ(audit_colour(0.126, 1.0), palette::heat_ramp[1]);
    EXPECT_EQ(audit_colour(1.0, 1.0), palette::heat_ramp[7]);
    EXPECT_EQ(audit_colour(30.0, 20.0), palette::heat_ramp[7]);
    EXPECT_EQ(audit_colour(1e-9, 20.0), palette::heat_ramp[0]);
}

// 4 x 2 tiles. Row 0: wall, 0, 0, 1 -> three runs; row 1: 0.5 x 4 -> one run.
AuditMap four_runs() {
    AuditMap map;
    map.columns = 4;
    map.rows = 2;
    map.values = {-1, 0, 0, 1, 0.5, 0.5, 0.5, 0.5};
    return map;
}

TEST(AuditPicture, OneRectanglePerRunOfEqualColours) {
    const AuditMap map = four_runs();
    const Scene scene = audit_map_scene(map, 64);
    ASSERT_GE(scene.shapes.size(), 4u);
    EXPECT_EQ(scene.shapes[0].fill, palette::wall);
    EXPECT_EQ(scene.shapes[1].fill, palette::floor);
    EXPECT_EQ(scene.shapes[1].w, 2 * scene.shapes[0].w);
    EXPECT_EQ(scene.shapes[2].fill, palette::heat_ramp[7]);
    EXPECT_EQ(scene.shapes[3].fill, palette::heat_ramp[3]);
    EXPECT_EQ(scene.shapes[3].w, 4 * scene.shapes[0].w);
    EXPECT_TRUE(scene.validate().empty());
}

// audit_map_frame says where the scene puts tile (column, row): the web audit page maps a pointer to a tile
// by it. Here 4 x 2 tiles in a 64 px square: 16 px tiles; the first run (tile 0, 0) and the run starting at
// tile (3, 0) begin where the frame says.
TEST(AuditPicture, FrameSaysWhereTilesAre) {
    const AuditMap map = four_runs();
    const AuditMapFrame frame = audit_map_frame(map, 64);
    EXPECT_EQ(frame.tile_px, 16);
    const Scene scene = audit_map_scene(map, 64);
    ASSERT_GE(scene.shapes.size(), 4u);
    EXPECT_EQ(scene.shapes[0].x, frame.left);
    EXPECT_EQ(scene.shapes[0].y, frame.top);
    EXPECT_EQ(scene.shapes[0].w, 16.0);
    EXPECT_EQ(scene.shapes[2].x, frame.left + 3 * 16.0);
    EXPECT_EQ(scene.shapes[3].y, frame.top + 16.0);
}

TEST(AuditPicture, BadMapsAreNamed) {
    AuditMap map;
    map.columns = 2;
    map.rows = 2;
    map.values = {0, 0, 0};
    map.max_value = 0.0;
    try {
        (void)audit_map_scene(map);
        FAIL();
    } catch (const SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 2u);
        EXPECT_EQ(e.errors()[0].field, "values");
        EXPECT_EQ(e.errors()[1].field, "max_value");
    }
}

TEST(AuditPicture, MarkersOffTheMapAreNamed) {
    AuditMap map;
    map.columns = 2;
    map.rows = 1;
    map.values = {0, 0};
    map.markers = {{1, 1, 0, {}}};
    EXPECT_TRUE(map.validate().empty());
    map.markers = {{1, 2, 0, {}}};
    ASSERT_EQ(map.validate().size(), 1u);
    EXPECT_EQ(map.validate()[0].field, "markers");
    map.markers = {{0, 0, 0, {}}};
    EXPECT_EQ(map.validate().size(), 1u);
}

TEST(AuditPicture, MapsPlaceEachCellOnItsTile) {
    // Tile (0, 0) is a wall; the cells in row-major order are (1, 0), (2, 0), (0, 1), (1, 1), (2, 1).
    const levels::GridLevel level = levels::parse_ascii_level("#..\n...\n", "l");
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    chase::AuditResult r;
    r.directions = 4;
    r.totals.cells = 5;
    for (int c = 0; c < 5; ++c) {
        r.cells.push_back({c + 1.0, {c == 3 ? 0.75 : 0.0, 0.0, 0.0, 0.0}});
    }
    const auto maps = audit_maps(space, r, "l.txt");
    ASSERT_EQ(maps.size(), 1 + chase::all_findings.size());
    const auto& [name, distance] = maps[0];
    EXPECT_EQ(name, "distance");
    EXPECT_EQ(distance.columns, 3);
    EXPECT_EQ(distance.rows, 2);
    EXPECT_EQ(distance.values, (std::vector<double>{-1.0, 1.0, 2.0, 3.0, 4.0, 5.0}));
    EXPECT_EQ(distance.max_value, 5.0);
    EXPECT_FALSE(distance.share);
    EXPECT_EQ(distance.title, "l.txt");
    EXPECT_EQ(distance.caption, "mean chase distance (straight, world units)");
    EXPECT_EQ(distance.notes, (std::vector<std::string>{"5 cells x 4 directions"}));
    EXPECT_EQ(maps[1].first, "wrong_way");
    EXPECT_EQ(maps[1].second.values, (std::vector<double>{-1.0, 0.0, 0.0, 0.0, 0.75, 0.0}));
    EXPECT_EQ(maps[1].second.max_value, 1.0);
    EXPECT_EQ(maps[1].second.caption, "share of directions: wrong_way");
    EXPECT_EQ(maps[4].first, "barrier_blocks_exit");
}

// The legend's classes in words: class i holds the counts m of D whose share m / D is in (i/8, (i+1)/8].
TEST(AuditPicture, LegendClassesInDirections) {
    EXPECT_EQ(share_class_words(0, 8), "1 of 8 directions");
    EXPECT_EQ(share_class_words(7, 8), "8 of 8 directions");
    EXPECT_EQ(share_class_words(1, 16), "3-4 of 16 directions");  // 3/16 and 4/16 in (2/16, 4/16]
    EXPECT_EQ(share_class_words(0, 4), "");                       // no count of 4 in (0, 1/8]
    EXPECT_EQ(share_class_words(1, 4), "1 of 4 directions");
    EXPECT_EQ(share_class_words(7, 1), "1 of 1 direction");
    EXPECT_EQ(share_class_words(2, 3), "1 of 3 directions");  // 1/3 in (2/8, 3/8]
    AuditMap map;
    map.columns = 2;
    map.rows = 1;
    map.values = {0.25, 0.5};
    map.directions = 4;
    const Scene scene = audit_map_scene(map, 64);
    const auto has_text = [&](const std::string& text) {
        return std::any_of(scene.shapes.begin(), scene.shapes.end(),
                           [&](const Shape& s) { return s.kind == ShapeKind::text && s.text == text; });
    };
    EXPECT_TRUE(has_text("0 of 4 directions"));
    EXPECT_TRUE(has_text("1 of 4 directions"));
    EXPECT_TRUE(has_text("4 of 4 directions"));
    EXPECT_FALSE(has_text("over 0% to 12.5%"));
}

// Numbered markers at the places' centre cells (the places of that finding on its map, all on the distance
// map) and the cell coordinates along the edges.
TEST(AuditPicture, MarkersAtThePlacesAndCoordinatesOnTheAxes) {
    const levels::GridLevel level = levels::parse_ascii_level("#....\n.....\n", "l");
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    chase::AuditResult r;
    r.directions = 8;
    r.totals.cells = 9;
    r.cells.assign(9, {});
    chase::AuditPlace wrong;
    wrong.finding = chase::Finding::wrong_way;
    wrong.centre_cell = grid.cell_at(3, 1);
    chase::AuditPlace corner;
    corner.finding = chase::Finding::short_of_a_corner;
    corner.centre_cell = grid.cell_at(1, 0);
    const auto maps = audit_maps(space, r, "l.txt", {wrong, corner});
    ASSERT_EQ(maps[0].second.markers.size(), 2u);
    EXPECT_EQ(maps[0].second.markers[0].number, 1);
    EXPECT_EQ(maps[0].second.markers[0].column, 3);
    EXPECT_EQ(maps[0].second.markers[0].row, 1);
    EXPECT_EQ(maps[0].second.markers[1].number, 2);
    ASSERT_EQ(maps[1].second.markers.size(), 1u);  // wrong_way
    EXPECT_EQ(maps[1].second.markers[0].number, 1);
    ASSERT_EQ(maps[3].second.markers.size(), 1u);  // short_of_a_corner
    EXPECT_EQ(maps[3].second.markers[0].number, 2);
    EXPECT_EQ(maps[3].second.markers[0].column, 1);
    EXPECT_EQ(maps[3].second.markers[0].row, 0);
    EXPECT_EQ(maps[1].second.directions, 8);
    EXPECT_EQ(maps[0].second.directions, 0);
    // 16 px tiles, axes in map units on tile edges (the grid's cells sit at their tiles' centres): a label
    // every 5 units across (the first step 40 px apart: 0 and 5, the right edge) and every 2 down (20 px:
    // 0 and 2, the bottom edge). Before issue 40 they were cell coordinates at tile centres, every row.
    const Scene scene = audit_map_scene(maps[1].second, 80);
    std::vector<std::string> texts;
    for (const Shape& s : scene.shapes) {
        if (s.kind == ShapeKind::text) {
            texts.push_back(s.text);
        }
    }
    EXPECT_EQ(maps[1].second.tile_size, 1.0);
    EXPECT_EQ(std::count(texts.begin(), texts.end(), "0"), 2);  // x 0 and y 0
    EXPECT_EQ(std::count(texts.begin(), texts.end(), "5"), 1);  // x 5
    EXPECT_EQ(std::count(texts.begin(), texts.end(), "2"), 1);  // y 2
    EXPECT_EQ(std::count(texts.begin(), texts.end(), "1"), 2);  // marker 1, the legend's sample marker
    EXPECT_EQ(std::count(texts.begin(), texts.end(), "2 of 8 directions"), 1);
}

// The pictures as files (kinema audit --png/--svg): per picture in audit_maps' order, its PNG then its SVG,
// each the scene's bytes at PREFIX-<name>; only the formats asked for, none built when none is.
TEST(AuditPicture, FilesArePerPicturePngThenSvg) {
    const levels::GridLevel level = levels::parse_ascii_level("#..\n...\n", "l");
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    chase::AuditResult r;
    r.directions = 4;
    r.totals.cells = 5;
    r.cells.assign(5, {});
    r.cells[1].mean_chase_distance = 2.0;
    const auto maps = audit_maps(space, r, "l.txt");
    const std::vector<AuditPictureFile> files = audit_picture_files(space, r, "l.txt", {}, "out/a", "out/b");
    ASSERT_EQ(files.size(), 2 * maps.size());
    const std::vector<std::string> names = {"distance", "wrong_way", "gives_up_at_once", "short_of_a_corner",
                                            "barrier_blocks_exit"};
    ASSERT_EQ(maps.size(), names.size());
    for (std::size_t i = 0; i < maps.size(); ++i) {
        const Scene scene = audit_map_scene(maps[i].second);
        EXPECT_EQ(files[2 * i].path, "out/a-" + names[i] + ".png");
        EXPECT_FALSE(files[2 * i].svg);
        EXPECT_EQ(files[2 * i].bytes, scene_png(scene)) << names[i];
        EXPECT_EQ(files[2 * i + 1].path, "out/b-" + names[i] + ".svg");
        EXPECT_TRUE(files[2 * i + 1].svg);
        EXPECT_EQ(files[2 * i + 1].bytes, scene_svg(scene)) << names[i];
    }
    const std::vector<AuditPictureFile> svg_only = audit_picture_files(space, r, "l.txt", {}, "", "s");
    ASSERT_EQ(svg_only.size(), maps.size());
    EXPECT_EQ(svg_only[0].path, "s-distance.svg");
    EXPECT_TRUE(audit_picture_files(space, r, "l.txt", {}, "", "").empty());
}

}  // namespace
}  // namespace kinema::render
