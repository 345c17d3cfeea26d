// The top-down level picture (kinema/render/level_view.hpp): colours per column, layout, determinism, errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "kinema/render/level_view.hpp"
#include "kinema/render/pursuit_picture.hpp"
#include "png_reader.hpp"

namespace {

using kinema::Vec2;
using kinema::render::level_cell_colour;
using kinema::render::level_view_image;
using kinema::render::level_view_png;
using kinema::render::LevelView;
using kinema::render::Rgb;
using kinema::render::Rgb8;
using kinema::render::RgbImage;

Rgb8 pixel(const RgbImage& image, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * image.width + x) * 3;
    return {image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]};
}

// 10 x 4 columns of 1 m; with max_map_px 160 each column is 160 / 10 = 16 px, the map starts after the 8 px
// margin and the coordinates (36 px left, 18 px above), at (44, 26), so column (c, r) is centred on pixel
// (44 + 16c + 8, 26 + 16r + 8).
LevelView view() {
    LevelView v;
    v.columns = 10;
    v.rows = 4;
    v.cell_size = 1.0;
    v.origin = {-5.0, 100.0};
    v.hot_value = 20;
    v.cells = {{0, 0, 0.0, -2}, {1, 0, 10.0, -2}, {2, 0, 5.0, -1},
               {0, 1, 0.0, 20}, {1, 1, 0.0, 0},   {2, 1, 2.5, 1}};
    v.seed = {-5.0 + 9.5, 100.0 + 3.5};  // column (9, 3), far from the cells above
    v.legend = {"one line", "two lines"};
    return v;
}

Rgb8 at_column(const RgbImage& image, int col, int row) {
    return pixel(image, 52 + 16 * col, 34 + 16 * row);
}

// The picture's height: the map (26 + 64) or the legend (first baseline 20), whichever reaches lower, + 8.
int view_height(const LevelView& v) {
    return static_cast<int>(std::ceil(
        std::max(90.0, 20.0 + kinema::render::legend_height(kinema::render::level_view_legend(v))) + 8.0));
}

TEST(LevelView, ColumnsAreShadedByHeightAndHeat) {
    const RgbImage image = level_view_image(view(), 160);
    // Width: 44 + 10*16 + legend gap 24 + legend 280 + margin 8 = 516; the legend is taller than the map.
    EXPECT_EQ(image.width, 516);
    EXPECT_EQ(image.height, view_height(view()));
    EXPECT_GT(image.height, 90 + 8);
    EXPECT_EQ(at_column(image, 0, 0), (Rgb8{80, 80, 80}));     // lowest floor (0 of 0..10)
    EXPECT_EQ(at_column(image, 1, 0), (Rgb8{200, 200, 200}));  // highest floor
    EXPECT_EQ(at_column(image, 2, 0), (Rgb8{75, 94, 168}));    // barrier
    EXPECT_EQ(at_column(image, 0, 1), (Rgb8{128, 0, 38}));     // heat H: the one ramp's darkest anchor
    EXPECT_EQ(at_column(image, 1, 1), (Rgb8{198, 219, 239}));  // cooled
    EXPECT_EQ(at_column(image, 2, 1), (Rgb8{255, 237, 160}));  // heat 1
    EXPECT_EQ(at_column(image, 5, 0), (Rgb8{60, 60, 60}));     // no cell: a wall (palette::wall)
    // The seed's white disc sits on column (9, 3) with a dark outline 4 * 0.8 .. 16 * 0.8 = 12.8 px out.
    EXPECT_EQ(at_column(image, 9, 3), (Rgb8{255, 255, 255}));
}

TEST(LevelView, ColourRampAndGreysAreLinear) {
    // Floor 2.5 of 0..10: 80 + (200 - 80) * 0.25 = 110.
    EXPECT_EQ(level_cell_colour(-2, 2.5, 0.0, 10.0, 20), (Rgb8{110, 110, 110}));
    // Heat 11 of H = 21 is halfway along the one heat ramp (palette::heat_ramp, 8 anchors): position 3.5,
    // between (253,141,60) and (252,78,42): 252.5 -> 253, 109.5 -> 110, 51.
    EXPECT_EQ(level_cell_colour(11, 0.0, 0.0, 1.0, 21), (Rgb8{253, 110, 51}));
    EXPECT_EQ(level_cell_colour(11, 0.0, 0.0, 1.0, 21), kinema::render::heat_colour(11, 21));
    // A view with one height draws its floors at the light end.
    EXPECT_EQ(level_cell_colour(-2, 3.0, 3.0, 3.0, 20), (Rgb8{200, 200, 200}));
}

TEST(LevelView, PathAndMarksAreDrawnOverTheColumns) {
    LevelView v = view();
    const RgbImage plain = level_view_image(v, 160);
    v.path = {{-5.0 + 0.5, 100.5}, {-5.0 + 0.5, 103.5}};  // down the middle of column x = 0
    v.destination = Vec2{-5.0 + 4.5, 100.5};
    const RgbImage marked = level_view_image(v, 160);
    // The path's dark core (2 .. 4 px wide) covers the centre of column (0, 2), which has no cell (a wall).
    EXPECT_EQ(at_column(plain, 0, 2), (Rgb8{60, 60, 60}));
    EXPECT_EQ(at_column(marked, 0, 2), (Rgb8{20, 20, 20}));
    // The destination is the 2D picture's green ring (radius 0.55 x 16 = 8.8 px, 3 px wide) on its white
    // halo (as on the 2D picture): white at its centre, green 9 px right of it.
    EXPECT_EQ(at_column(plain, 4, 0), (Rgb8{60, 60, 60}));
    EXPECT_EQ(at_column(marked, 4, 0), (Rgb8{255, 255, 255}));
    EXPECT_EQ(pixel(marked, 52 + 16 * 4 + 9, 34), (Rgb8{27, 158, 62}));
}

TEST(LevelView, PngIsDeterministicAndBadViewsAreNamed) {
    const std::string a = level_view_png(view(), 160);
    EXPECT_EQ(a.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    EXPECT_EQ(a, level_view_png(view(), 160));
    LevelView bad = view();
    bad.cells.push_back({10, 0, 0.0, -2});
    EXPECT_THROW(level_view_png(bad, 160), kinema::SettingsError);
    bad = view();
    bad.columns = 0;
    EXPECT_THROW(level_view_image(bad, 160), kinema::SettingsError);
    EXPECT_THROW(level_view_image(view(), 10), kinema::SettingsError);
}

}  // namespace

namespace {

using kinema::render::palette::navmesh;

TEST(LevelView, SvgAndJsonDrawTheSameScene) {
    const LevelView v = view();
    const std::string svg = kinema::render::level_view_svg(v, 160);
    EXPECT_EQ(svg, kinema::render::level_view_svg(v, 160));
    EXPECT_NE(svg.find("width=\"516\" height=\"" + std::to_string(view_height(v)) + "\""), std::string::npos);
    // The cells: heat H at column (0, 1) is the rect at (44, 42), 16 px square, in the ramp's darkest colour.
    EXPECT_NE(svg.find("<rect x=\"44\" y=\"42\" width=\"16\" height=\"16\" fill=\"#800026\""),
              std::string::npos);
    EXPECT_NE(svg.find(">one line</text>"), std::string::npos);
    EXPECT_NE(svg.find(">two lines</text>"), std::string::npos);
    const nlohmann::json j = nlohmann::json::parse(kinema::render::level_view_json(v, 160));
    EXPECT_EQ(j["width"], 516);
    EXPECT_EQ(j["height"], view_height(v));
    // First the level's extent as wall, then every cell is one rect, in view order, with the PNG's colour at
    // its centre.
    EXPECT_EQ(j["shapes"][0]["type"], "rect");
    EXPECT_EQ(j["shapes"][0]["fill"], "#3c3c3c");
    EXPECT_EQ(j["shapes"][0]["w"], 160);
    EXPECT_EQ(j["shapes"][0]["h"], 64);
    const RgbImage image = level_view_image(v, 160);
    for (std::size_t i = 0; i < v.cells.size(); ++i) {
        const nlohmann::json& rect = j["shapes"][i + 1];
        EXPECT_EQ(rect["type"], "rect");
        EXPECT_EQ(rect["x"], 44 + 16 * v.cells[i].col);
        EXPECT_EQ(rect["y"], 26 + 16 * v.cells[i].row);
        const Rgb8 c = at_column(image, v.cells[i].col, v.cells[i].row);
        EXPECT_EQ(rect["fill"], kinema::render::test::hex(c)) << i;
    }
}

TEST(LevelView, NavmeshIsDrawnUnderTheColumns) {
    LevelView v = view();
    // A square polygon over columns (3..5, 0..1): column (4, 0) has no cell and none beside it, so the
    // navmesh shows there in the 2D picture's floor colour (it used to be palette::navmesh under the
    // columns).
    v.navmesh = {{{-5.0 + 3.0, 100.0}, {-5.0 + 6.0, 100.0}, {-5.0 + 6.0, 102.0}, {-5.0 + 3.0, 102.0}}};
    const RgbImage image = level_view_image(v, 160);
    EXPECT_EQ(at_column(image, 4, 0), kinema::render::palette::floor);
    // Column (3, 0) has no cell: it takes its nearest neighbour's, the barrier of (2, 0).
    EXPECT_EQ(at_column(image, 3, 0), (Rgb8{75, 94, 168}));
    EXPECT_EQ(at_column(image, 7, 0), (Rgb8{60, 60, 60}));  // outside the polygon: a wall
    // Columns with a cell stay on top of it: extend the polygon over column (2, 0) (barrier).
    v.navmesh[0][0].x = -5.0;
    v.navmesh[0][3].x = -5.0;
    EXPECT_EQ(at_column(level_view_image(v, 160), 2, 0), (Rgb8{75, 94, 168}));
    v.navmesh[0][1].y = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW((void)kinema::render::level_view_json(v, 160), kinema::SettingsError);
}

// The marks are the results' world (x, z): y (the height) is dropped.
TEST(LevelView, ChaseMarksAreTheResultsXZ) {
    kinema::chase::ChaseResult r;
    r.seed_position = {1.0, 9.0, 2.0};
    r.direction = {0.5, 9.0, -0.5};
    r.flood.centroid = {3.0, 9.0, 4.0};
    r.flood.destination = {5.0, 9.0, 6.0};
    r.dead_reckoning.position = {7.0, 9.0, 8.0};
    LevelView v = view();
    kinema::render::mark_chase(v, r);
    EXPECT_EQ(v.seed, (Vec2{1.0, 2.0}));
    EXPECT_EQ(v.direction, (Vec2{0.5, -0.5}));
    EXPECT_EQ(v.centroid, (Vec2{3.0, 4.0}));
    EXPECT_EQ(v.destination, (Vec2{5.0, 6.0}));
    EXPECT_EQ(v.dead_reckoning, (Vec2{7.0, 8.0}));
    EXPECT_TRUE(v.path.empty());
    r.path = kinema::chase::NpcPath{
        kinema::chase::NpcPath::Status::found, {{0.0, 1.0, 2.0}, {3.0, 4.0, 5.0}}, 4.0};
    LevelView with_path = view();
    kinema::render::mark_chase(with_path, r);
    EXPECT_EQ(with_path.path, (std::vector<Vec2>{{0.0, 2.0}, {3.0, 5.0}}));
}

// A pursuit's view is seeded where sight was first lost, else at the route's start with no direction.
TEST(LevelView, PursuitSeedIsWhereSightWasFirstLost) {
    kinema::pursuit::PursuitScenario scenario;
    scenario.route = {{1.0, 2.0}, {3.0, 4.0}};
    kinema::pursuit::PursuitResult result;
    LevelView never;
    kinema::render::mark_lost_sight(never, scenario, result);
    EXPECT_EQ(never.seed, (Vec2{1.0, 2.0}));
    EXPECT_EQ(never.direction, (Vec2{}));
    kinema::pursuit::PursuitEvent lost;
    lost.kind = kinema::pursuit::EventKind::lost_sight;
    lost.position = {5.0, 6.0};
    lost.direction = {0.0, 1.0};
    kinema::pursuit::PursuitEvent later = lost;
    later.position = {7.0, 8.0};
    kinema::pursuit::PursuitEvent chase;
    chase.kind = kinema::pursuit::EventKind::chase;
    chase.position = {9.0, 9.0};
    result.events = {chase, lost, later};
    LevelView lost_view;
    kinema::render::mark_lost_sight(lost_view, scenario, result);
    EXPECT_EQ(lost_view.seed, (Vec2{5.0, 6.0}));
    EXPECT_EQ(lost_view.direction, (Vec2{0.0, 1.0}));
}

}  // namespace
