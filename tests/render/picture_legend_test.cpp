// Issue 40, what a newcomer tripped on: every picture kind (chase 2D and 3D, pursuit single and team on a
// grid and on a 3D level, audit) has one legend that names its colours and marks and that nothing on the map
// overlaps; the chase marks are the same in 2D and 3D (dead reckoning the magenta x on a dashed line); the 3D
// picture draws its walls; every map has coordinates in level units; the team picture's search rings stay
// under the route. Checked on the scenes (shapes and texts), pixels only where the colour is the point.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/render/audit_picture.hpp"
#include "kinema/render/chase_scene.hpp"
#include "kinema/render/flood_picture.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/level_view.hpp"
#include "kinema/render/pursuit_picture.hpp"
#include "test_data.hpp"

namespace kinema::render {
namespace {

// A 10 x 5 room; the player was last seen at tile (3,1) running east.
constexpr const char* room_text =
    "##########\n"
    "#..>.....#\n"
    "#........#\n"
    "#........#\n"
    "##########\n";

Scene flood_picture(FloodScene* out = nullptr) {
    const levels::GridLevel level = levels::parse_ascii_level(room_text, "room");
    const chase::GridSpace grid{level};
    chase::FloodSettings settings;
    settings.max_steps = 3;
    chase::Flood flood(settings);
    flood.start(grid.cells(), grid.locate(level.seed->position), level.seed->direction);
    flood.run();
    const chase::DeadReckoningResult dr =
        chase::dead_reckoning(grid, level.seed->position, level.seed->direction, 4.0);
    const FloodScene scene = flood_scene(grid, flood, level.seed->direction, dr, "room");
    if (out != nullptr) {
        *out = scene;
    }
    return flood_picture_scene(scene);
}

// 10 x 4 columns of 1 m from (-5, 100); a navmesh square over columns 0..3 x 0..1; marks on it.
LevelView level_view() {
    LevelView v;
    v.columns = 10;
    v.rows = 4;
    v.cell_size = 1.0;
    v.origin = {-5.0, 100.0};
    v.cells = {{0, 0, 0.0, 20}, {1, 0, 0.0, 10}, {2, 0, 0.0, -1}, {0, 1, 0.0, 0}, {1, 1, 0.0, -2}};
    v.navmesh = {{{-5.0, 100.0}, {-1.0, 100.0}, {-1.0, 102.0}, {-5.0, 102.0}}};
    v.seed = {-4.5, 100.5};
    v.direction = {1.0, 0.0};
    v.centroid = Vec2{-3.5, 101.5};
    v.destination = Vec2{-3.5, 101.5};
    v.dead_reckoning = Vec2{-1.5, 100.5};
    v.legend = {"level.obj: a note"};
    return v;
}

std::vector<const Shape*> texts(const Scene& scene) {
    std::vector<const Shape*> out;
    for (const Shape& s : scene.shapes) {
        if (s.kind == ShapeKind::text) {
            out.push_back(&s);
        }
    }
    return out;
}

long count_text(const Scene& scene, const std::string& value) {
    const std::vector<const Shape*> t = texts(scene);
    return std::count_if(t.begin(), t.end(), [&](const Shape* s) { return s->text == value; });
}

// The smallest and largest x a shape covers (text: its anchor point).
std::pair<double, double> x_extent(const Shape& s) {
    switch (s.kind) {
        case ShapeKind::rect:
            return {s.x, s.x + s.w};
        case ShapeKind::circle:
            return {s.x - s.w, s.x + s.w};
        case ShapeKind::polyline:
        case ShapeKind::polygon: {
            const auto [lo, hi] = std::minmax_element(s.points.begin(), s.points.end(),
                                                      [](Vec2 a, Vec2 b) { return a.x < b.x; });
            return {lo->x, hi->x};
        }
        case ShapeKind::text:
            break;
    }
    return {s.x, s.x};
}

// One legend, and nothing over it: the legend's title text is there once; every label of `legend` but its
// notes and subtitles (wrapped) is a text of the scene at or right of the title; every shape drawn before
// the title (the map, its coordinates and marks) ends left of it, and every shape from the title on starts
// at most 8 px left of it (a mark's slot).
void expect_one_legend(const Scene& scene, const Legend& legend, const std::string& what) {
    SCOPED_TRACE(what);
    ASSERT_FALSE(legend.items.empty());
    ASSERT_EQ(legend.items.front().kind, LegendItem::Kind::title);
    const std::string title = legend.items.front().label.substr(0, 20);
    const auto first = std::find_if(scene.shapes.begin(), scene.shapes.end(), [&](const Shape& s) {
        return s.kind == ShapeKind::text && s.text.rfind(title, 0) == 0 && s.bold && s.font_size == 15.0;
    });
    ASSERT_NE(first, scene.shapes.end());
    const double legend_x = first->x;
    EXPECT_LE(legend_x + legend_width, scene.width);
    for (auto it = scene.shapes.begin(); it != first; ++it) {
        if (!it->frame_visible.empty()) {
            continue;
        }
        EXPECT_LT(x_extent(*it).second, legend_x - 4.0)
            << "shape " << (it - scene.shapes.begin()) << " (" << it->text << ") reaches into the legend";
    }
    for (auto it = first; it != scene.shapes.end(); ++it) {
        if (it->frame_visible.empty()) {
            EXPECT_GE(x_extent(*it).first, legend_x - 8.0) << "shape " << (it - scene.shapes.begin());
        }
    }
    for (const LegendItem& item : legend.items) {
        if (item.kind == LegendItem::Kind::note || item.kind == LegendItem::Kind::subtitle ||
            item.kind == LegendItem::Kind::title || item.label.empty()) {
            continue;
        }
        const bool found = std::any_of(first, scene.shapes.end(), [&](const Shape& s) {
            return s.kind == ShapeKind::text && s.text == item.label && s.x >= legend_x;
        });
        EXPECT_TRUE(found) << item.label;
    }
    EXPECT_EQ(std::count_if(scene.shapes.begin(), scene.shapes.end(),
                            [](const Shape& s) { return s.kind == ShapeKind::text && s.font_size == 15.0; }),
              1)
        << "one legend title";
}

bool has_label(const Legend& legend, const std::string& label) {
    const std::vector<std::string> labels = legend.labels();
    return std::find(labels.begin(), labels.end(), label) != labels.end();
}

TEST(PictureLegend, TheChasePicturesHaveOneLegendIn2DAnd3D) {
    FloodScene flood;
    const Scene picture = flood_picture(&flood);
    expect_one_legend(picture, flood_legend(flood), "2D flood");
    const LevelView view = level_view();
    expect_one_legend(level_view_scene(view, 160), level_view_legend(view), "3D view");
    // The 3D legend names the walls apart from the outside of the level, and the caller's notes sit in it
    // (they used to be a second block of text under the map).
    EXPECT_TRUE(has_label(level_view_legend(view), "wall: not walkable, in the level"));
    EXPECT_TRUE(has_label(level_view_legend(view), "outside the level"));
    EXPECT_TRUE(has_label(level_view_legend(view), "level.obj: a note"));
}

// What the pursuit pictures show: corner.txt, Couvidou's Figure 1, and the equal T junction with a team.
struct Pursuit {
    levels::GridLevel level;
    chase::GridSpace grid;
    chase::GridChaseSpace space;
    pursuit::PursuitScenario scenario;
    pursuit::PursuitConfig config;
    pursuit::PursuitResult result;

    Pursuit(const std::string& map, std::vector<Vec2> route, std::vector<Vec2> npcs, double view_range)
        : level(levels::load_level(test::level_path(map))), grid(level), space(grid) {
        scenario.route = std::move(route);
        scenario.npc = npcs.front();
        for (std::size_t i = 1; i < npcs.size(); ++i) {
            scenario.teammates.push_back({npcs[i], std::nullopt, 0.0});
        }
        config.settings.view_range = view_range;
        config.settings.player_speed = 7.5;
        result = pursuit::run_pursuit(space, scenario, config);
    }
    PursuitPicture picture(const LevelView* view = nullptr) const {
        PursuitPicture p{view == nullptr ? &grid : nullptr, &scenario, &config, &result, "a title"};
        p.level = view;
        return p;
    }
};

Pursuit corner() {
    return Pursuit("corner.txt", {{12.5, 2.5}, {17.5, 2.5}, {17.5, 28.5}}, {{2.5, 2.5}}, 10.0);
}

Pursuit team() {
    return Pursuit("t_junction_equal.txt", {{16.5, 6.5}, {16.5, 2.5}, {3.5, 2.5}}, {{16.5, 9.5}, {16.5, 8.5}},
                   3.0);
}

TEST(PictureLegend, ThePursuitPicturesHaveOneLegendNamingHeatFloorAndBarrier) {
    const Pursuit one = corner();
    const Scene single = pursuit_scene(one.picture());
    expect_one_legend(single, pursuit_legend(one.picture()), "pursuit");
    // The 2D pursuit legend used to name only the trails and the route.
    for (const char* label : {"wall (not a cell)", "floor, not reached", "heated, cooled to 0",
                              "barrier (behind the seed)", "heat of the first chase's flood", "sight lost"}) {
        EXPECT_EQ(count_text(single, label), 1) << label;
    }
    EXPECT_EQ(count_text(single, "H = 20"), 1);

    const Pursuit two = team();
    ASSERT_EQ(two.result.npcs, 2);
    expect_one_legend(pursuit_scene(two.picture()), pursuit_legend(two.picture()), "team");
    EXPECT_TRUE(has_label(pursuit_legend(two.picture()), "NPC 2: start, trail, destination"));

    // On a 3D level: one legend for the level and the pursuit (there were two, side by side).
    LevelView view = level_view();
    view.origin = {0.0, 0.0};
    view.columns = 21;
    view.rows = 32;
    view.navmesh = {{{1.0, 1.0}, {20.0, 1.0}, {20.0, 4.0}, {1.0, 4.0}}};
    view.centroid.reset();
    view.destination.reset();
    view.dead_reckoning.reset();
    mark_lost_sight(view, one.scenario, one.result);
    const Scene level = pursuit_scene(one.picture(&view));
    expect_one_legend(level, pursuit_legend(one.picture(&view)), "pursuit on a 3D level");
    EXPECT_EQ(count_text(level, "barrier (behind the seed)"), 1);
    EXPECT_EQ(count_text(level, "player's route"), 1);
    EXPECT_EQ(count_text(level, "first chase's seed, direction"), 1);
}

TEST(PictureLegend, TheAuditPictureHasOneLegend) {
    AuditMap map;
    map.columns = 3;
    map.rows = 2;
    map.values = {0.0, 0.5, -1.0, 1.0, 0.25, 0.0};
    map.title = "l.txt";
    map.caption = "share of directions: wrong_way";
    map.directions = 4;
    map.markers = {{1, 1, 0, {}}};
    expect_one_legend(audit_map_scene(map, 64), audit_legend(map), "audit");
}

// The magenta shapes of a picture's map (drawn before its legend).
std::vector<Shape> dead_reckoning_on_map(const Scene& scene, const std::string& legend_title) {
    std::vector<Shape> out;
    for (const Shape& s : scene.shapes) {
        if (s.kind == ShapeKind::text && s.text == legend_title) {
            break;
        }
        if (s.stroke == palette::dead_reckoning || s.fill == palette::dead_reckoning) {
            out.push_back(s);
        }
    }
    return out;
}

// The 3D picture drew dead reckoning as a magenta diamond without the dashed line, the 2D one as an x at the
// end of a dashed line from the seed: both are now the 2D mark (docs/render.md's table).
TEST(PictureLegend, DeadReckoningIsTheSameXOnADashedLineIn2DAnd3D) {
    FloodScene flood;
    const std::vector<Shape> flat = dead_reckoning_on_map(flood_picture(&flood), "Chase flood");
    const LevelView view = level_view();
    const std::vector<Shape> top = dead_reckoning_on_map(level_view_scene(view, 160), view.title);
    for (const std::vector<Shape>* marks : {&flat, &top}) {
        ASSERT_EQ(marks->size(), 3u);
        EXPECT_EQ((*marks)[0].kind, ShapeKind::polyline);  // the dashed line from the seed
        EXPECT_FALSE((*marks)[0].dash.empty());
        for (int i = 1; i < 3; ++i) {  // the two strokes of the x: diagonals, 3 px, solid, not filled
            const Shape& s = (*marks)[static_cast<std::size_t>(i)];
            EXPECT_EQ(s.kind, ShapeKind::polyline);
            EXPECT_FALSE(s.fill.has_value());
            EXPECT_TRUE(s.dash.empty());
            EXPECT_EQ(s.stroke_width, 3.0);
            ASSERT_EQ(s.points.size(), 2u);
            EXPECT_NEAR(std::abs(s.points[1].x - s.points[0].x), std::abs(s.points[1].y - s.points[0].y),
                        1e-9);
            EXPECT_GT(std::abs(s.points[1].x - s.points[0].x), 8.0);
        }
    }
    // The legends' mark lines are the same shapes, 2D and 3D, for every chase mark.
    const Legend a = flood_legend(flood);
    const Legend b = level_view_legend(view);
    for (const char* label : {"seed, last known direction", "centroid (heat-weighted mean)",
                              "destination (heated cell nearest it)", "dead reckoning, for comparison"}) {
        const auto mark = [&](const Legend& l) {
            Scene s;
            s.width = s.height = 10;
            for (const LegendItem& item : l.items) {
                if (item.label == label) {
                    s.shapes = item.shapes;
                }
            }
            return s;
        };
        EXPECT_FALSE(mark(a).shapes.empty()) << label;
        EXPECT_EQ(scene_json(mark(a)), scene_json(mark(b))) << label;
    }
}

Rgb pixel(const RgbImage& image, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * image.width + x) * 3;
    return {image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]};
}

// Unwalkable ground inside the level's extent was white, as the page around it: it is the 2D picture's wall
// colour now, and the page outside the level stays white.
TEST(PictureLegend, The3DPictureDrawsWalls) {
    const LevelView view = level_view();
    const Scene scene = level_view_scene(view, 160);
    // 16 px columns; the map's corner at (44, 26) px (margin 8 + 36 px of z coordinates, 8 + 18 px of x).
    ASSERT_FALSE(scene.shapes.empty());
    EXPECT_EQ(scene.shapes[0].kind, ShapeKind::rect);
    EXPECT_EQ(scene.shapes[0].fill, palette::wall);
    EXPECT_EQ(scene.shapes[0].x, 44.0);
    EXPECT_EQ(scene.shapes[0].y, 26.0);
    EXPECT_EQ(scene.shapes[0].w, 160.0);
    EXPECT_EQ(scene.shapes[0].h, 64.0);
    const RgbImage image = level_view_image(view, 160);
    EXPECT_EQ(pixel(image, 44 + 16 * 7 + 8, 26 + 16 * 2 + 8), palette::wall);  // column (7, 2): no navmesh
    // Column (3, 1) is on the navmesh without a cell: it takes its neighbour's colour, the barrier of (2, 0).
    EXPECT_EQ(pixel(image, 44 + 16 * 3 + 8, 26 + 16 * 1 + 8), palette::barrier);
    EXPECT_EQ(pixel(image, 44 + 160 + 10, 26 + 16 * 2 + 8), palette::background);  // right of the level
    EXPECT_EQ(pixel(image, 44 + 80, 26 + 64 + 4), palette::background);            // below it
}

// The axis texts of a scene (palette::axis, 10 px), with where they are.
std::vector<const Shape*> axis_labels(const Scene& scene) {
    std::vector<const Shape*> out;
    for (const Shape* s : texts(scene)) {
        if (s->fill == palette::axis && s->font_size == 10.0) {
            out.push_back(s);
        }
    }
    return out;
}

const Shape* label_at(const std::vector<const Shape*>& labels, const std::string& text) {
    const auto it =
        std::find_if(labels.begin(), labels.end(), [&](const Shape* s) { return s->text == text; });
    return it == labels.end() ? nullptr : *it;
}

TEST(PictureLegend, MapsHaveCoordinatesInLevelUnits) {
    // 3D: metres. 16 px per m from x = -5: a label every 5 m across (36 px apart at least), every 2 m down
    // (24 px) from z = 100.
    const Scene view = level_view_scene(level_view(), 160);  // the labels point into it
    const std::vector<const Shape*> top = axis_labels(view);
    for (const auto& [text, x] :
         std::vector<std::pair<std::string, double>>{{"-5", 44.0}, {"0", 124.0}, {"5", 204.0}}) {
        const Shape* s = label_at(top, text);
        ASSERT_NE(s, nullptr) << text;
        EXPECT_EQ(s->x, x) << text;
        EXPECT_EQ(s->anchor, Anchor::middle);
    }
    for (const auto& [text, y] :
         std::vector<std::pair<std::string, double>>{{"100", 26.0}, {"102", 58.0}, {"104", 90.0}}) {
        const Shape* s = label_at(top, text);
        ASSERT_NE(s, nullptr) << text;
        EXPECT_EQ(s->y, y + 3.5) << text;
        EXPECT_EQ(s->anchor, Anchor::end);
    }
    EXPECT_EQ(label_at(top, "101"), nullptr);

    // 2D pursuit: map units (tiles at cell size 1); corner.txt is 21 x 32 tiles of 24 px (1024 / 32 -> 32,
    // capped at 24): a label every 2 tiles (48 px) both ways.
    const Pursuit one = corner();
    const Scene pursuit = pursuit_scene(one.picture());
    const std::vector<const Shape*> grid = axis_labels(pursuit);
    for (const char* text : {"0", "2", "10", "20", "32"}) {
        EXPECT_NE(label_at(grid, text), nullptr) << text;
    }
    EXPECT_EQ(label_at(grid, "1"), nullptr);
    EXPECT_EQ(label_at(grid, "0")->x, 44.0);  // the map's left edge

    // An audit of a 3D level: metres, from the map's corner at (-2.25, 6) in 0.75 m tiles.
    AuditMap map;
    map.columns = 8;
    map.rows = 8;
    map.values.assign(64, 0.5);
    map.tile_size = 0.75;
    map.origin = {-2.25, 6.0};
    map.unit = "metres";
    const Scene audit = audit_map_scene(map, 128);  // 16 px tiles: 21.3 px per m; every 2 m across, 1 m down
    const std::vector<const Shape*> metres = axis_labels(audit);
    EXPECT_NE(label_at(metres, "-2"), nullptr);
    EXPECT_NE(label_at(metres, "2"), nullptr);
    EXPECT_NE(label_at(metres, "6"), nullptr);
    EXPECT_NE(label_at(metres, "11"), nullptr);
    EXPECT_TRUE(has_label(audit_legend(map), "axes: metres, col across, row down"));
}

// The team picture's search occupancy used to be filled purple discs that hid the route: rings now, drawn
// before (under) the route, which has a white halo.
TEST(PictureLegend, TheSearchRingsStayUnderTheRoute) {
    const Pursuit two = team();
    ASSERT_FALSE(two.result.occupancy.empty());
    const Scene scene = pursuit_scene(two.picture());
    constexpr Rgb occupancy{117, 64, 160};
    constexpr Rgb route{0, 114, 178};
    const auto route_line = std::find_if(scene.shapes.begin(), scene.shapes.end(), [&](const Shape& s) {
        return s.kind == ShapeKind::polyline && s.stroke == route && !s.dash.empty();
    });
    ASSERT_NE(route_line, scene.shapes.end());
    const auto halo = route_line - 1;
    EXPECT_EQ(halo->stroke, palette::background);
    EXPECT_EQ(halo->points, route_line->points);
    int rings = 0;
    for (auto it = scene.shapes.begin(); it != scene.shapes.end(); ++it) {
        if (it->kind == ShapeKind::circle && (it->fill == occupancy || it->stroke == occupancy) &&
            it < route_line) {
            EXPECT_FALSE(it->fill.has_value());
            ++rings;
        }
        if (it > route_line && it->kind == ShapeKind::circle) {
            EXPECT_NE(it->fill, occupancy);
        }
    }
    EXPECT_GT(rings, 10);
}

}  // namespace
}  // namespace kinema::render

namespace kinema::render {
namespace {

// Ticks are counted as multiples k of the step: a level 1e15 m from the origin in 1 mm columns cannot count
// them in a double (k + 1 would not move the tick, and the loop would never end); it is drawn without
// coordinates, at once.
TEST(PictureLegend, CoordinatesThatCannotBeCountedAreLeftOut) {
    LevelView v = level_view();
    v.cell_size = 1e-3;
    v.origin = {1e15, -1e15};
    v.navmesh.clear();
    v.seed = v.origin;
    v.centroid.reset();
    v.destination.reset();
    v.dead_reckoning.reset();
    const Scene scene = level_view_scene(v, 160);
    EXPECT_TRUE(axis_labels(scene).empty());
    // Near the origin the same columns have their coordinates: 16 px per mm, a label every 5 mm.
    v.origin = {0.0, 0.0};
    v.seed = v.origin;
    const Scene near_origin = level_view_scene(v, 160);
    const std::vector<const Shape*> labels = axis_labels(near_origin);
    EXPECT_NE(label_at(labels, "0.005"), nullptr);
}

// pursuit_pictures: the pictures asked for, each as pursuit_png, pursuit_svg and pursuit_animated_svg draw
// it; the others empty.
TEST(PursuitPictures, OnlyThePicturesAskedForAreDrawn) {
    const Pursuit one = corner();
    const PursuitPictures none = pursuit_pictures(one.picture(), {});
    EXPECT_TRUE(none.png.empty() && none.svg.empty() && none.animated_svg.empty());
    const PursuitPictures svgs = pursuit_pictures(one.picture(), {.svg = true, .animated_svg = true});
    EXPECT_TRUE(svgs.png.empty());
    EXPECT_EQ(svgs.svg, pursuit_svg(one.picture()));
    EXPECT_EQ(svgs.animated_svg, pursuit_animated_svg(one.picture()));
    EXPECT_NE(svgs.svg, svgs.animated_svg);
    const PursuitPictures png = pursuit_pictures(one.picture(), {.png = true});
    EXPECT_EQ(png.png.substr(0, 4), "\x89PNG");
    EXPECT_EQ(png.png, pursuit_png(one.picture()));
    EXPECT_TRUE(png.svg.empty() && png.animated_svg.empty());
}

}  // namespace
}  // namespace kinema::render
