// The 3D top view's walkable surface (kinema/render/level_view.hpp) on our 3D levels (data/levels/*.obj):
// the area the scene fills is the navmesh's walkable area, a straight corridor has parallel sides, and the
// legend panel has the heat ramp, a scale bar and the axes.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/pursuit_space.hpp"
#include "kinema/render/level_view.hpp"
#include "kinema/render/nav_level_view.hpp"
#include "kinema/render/pursuit_picture_nav.hpp"

namespace {

using kinema::Vec2;
using kinema::Vec3;
using kinema::render::LevelView;
using kinema::render::Scene;
using kinema::render::Shape;
using kinema::render::ShapeKind;

// Independent of the picture: the shoelace formula over (x, z).
double shoelace(const std::vector<Vec2>& polygon) {
    double twice = 0.0;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Vec2 a = polygon[i];
        const Vec2 b = polygon[(i + 1) % polygon.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    return std::abs(twice) / 2.0;
}

// The view the CLI draws (render::level_top_view): every column's highest cell, all
// untouched, and the navmesh polygons on (x, z). No marks, so the map holds only the surface.
LevelView top_view(const kinema::nav::Level& level) {
    const kinema::nav::NavCells& cells = level.nav_cells();
    const kinema::nav::ColumnGrid& grid = cells.grid();
    LevelView view;
    view.columns = grid.width;
    view.rows = grid.depth;
    view.cell_size = grid.cell_size;
    view.origin = {grid.origin.x, grid.origin.z};
    view.seed = {-1e3, -1e3};  // off the map
    for (int z = 0; z < grid.depth; ++z) {
        for (int x = 0; x < grid.width; ++x) {
            const kinema::nav::NavCells::Column col = cells.column(x, z);
            if (col.count > 0) {
                const auto top = col.first + col.count - 1;
                view.cells.push_back({x, z, cells.position(top).y, kinema::render::tile::untouched});
            }
        }
    }
    for (const std::vector<Vec3>& polygon : level.navmesh_polygons()) {
        std::vector<Vec2>& corners = view.navmesh.emplace_back();
        for (const Vec3& p : polygon) {
            corners.push_back({p.x, p.z});
        }
    }
    return view;
}

// The filled area of the rects and polygons inside the map's px box, px^2, but for the level's extent drawn
// as wall under the surface.
double filled_map_area(const Scene& scene, double map_right, double map_bottom) {
    double area = 0.0;
    for (const Shape& s : scene.shapes) {
        if (!s.fill || *s.fill == kinema::render::palette::wall) {
            continue;
        }
        if (s.kind == ShapeKind::rect && s.x + s.w <= map_right && s.y + s.h <= map_bottom) {
            area += s.w * s.h;
        } else if (s.kind == ShapeKind::polygon) {
            bool inside = true;
            for (const Vec2 p : s.points) {
                inside = inside && p.x <= map_right + 1e-9 && p.y <= map_bottom + 1e-9;
            }
            area += inside ? shoelace(s.points) : 0.0;
        }
    }
    return area;
}

std::vector<std::filesystem::path> our_3d_levels() {
    std::vector<std::filesystem::path> out;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(KINEMA_DATA_DIR) + "/levels")) {
        if (entry.path().extension() == ".obj") {
            out.push_back(entry.path());
        }
    }
    return out;
}

TEST(LevelSurface, FilledAreaIsTheNavmeshAreaOnOurLevels) {
    const std::vector<std::filesystem::path> levels = our_3d_levels();
    ASSERT_FALSE(levels.empty());
    for (const std::filesystem::path& path : levels) {
        const kinema::nav::Level level =
            kinema::nav::Level::build(kinema::levels::load_obj(path), kinema::nav::NavSettings{});
        const LevelView view = top_view(level);
        double walkable = 0.0;
        for (const std::vector<Vec2>& polygon : view.navmesh) {
            walkable += shoelace(polygon);
        }
        ASSERT_GT(walkable, 1.0) << path;
        const int cell_px = kinema::render::level_view_cell_px(view, 1024);
        const Scene scene = kinema::render::level_view_scene(view, 1024);
        const double px_per_unit = cell_px / view.cell_size;
        // The map's corner is at (44, 26) px (the margin and the coordinates).
        const double drawn =
            filled_map_area(scene, 44.0 + view.columns * cell_px, 26.0 + view.rows * cell_px) /
            (px_per_unit * px_per_unit);
        EXPECT_NEAR(drawn, walkable, 1e-6 * walkable) << path;
    }
}

// corner_ramp.obj's lower corridor runs east along z 0..4 (x 0..20): along it, every px column of the
// picture has its first and last floor pixel on the same rows (no funnel, no shadow beside it).
TEST(LevelSurface, StraightCorridorHasParallelSides) {
    const kinema::nav::Level level = kinema::nav::Level::build(
        kinema::levels::load_obj(std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj"),
        kinema::nav::NavSettings{});
    const LevelView view = top_view(level);
    const kinema::render::RgbImage image = kinema::render::level_view_image(view, 1024);
    const double px_per_unit = kinema::render::level_view_cell_px(view, 1024) / view.cell_size;
    // The map's corner: 8 px margin + 36 px of z coordinates across, + 18 px of x coordinates down.
    constexpr double map_x = 44.0;
    constexpr double map_y = 26.0;
    const auto px_x = [&](double x) { return static_cast<int>(map_x + (x - view.origin.x) * px_per_unit); };
    const auto px_z = [&](double z) { return static_cast<int>(map_y + (z - view.origin.y) * px_per_unit); };
    int first_top = -1;
    int first_bottom = -1;
    for (int x = px_x(2.0); x <= px_x(14.0); ++x) {
        int top = -1;
        int bottom = -1;
        for (int y = static_cast<int>(map_y) + 1; y <= px_z(5.0); ++y) {  // below the x ticks' round caps
            const std::size_t i = (static_cast<std::size_t>(y) * image.width + x) * 3;
            const bool wall = image.pixels[i] == 60 && image.pixels[i + 1] == 60 && image.pixels[i + 2] == 60;
            if (!wall) {
                top = top < 0 ? y : top;
                bottom = y;
            }
        }
        ASSERT_GE(top, 0) << x;
        if (first_top < 0) {
            first_top = top;
            first_bottom = bottom;
        }
        EXPECT_EQ(top, first_top) << x;
        EXPECT_EQ(bottom, first_bottom) << x;
    }
    // The sides are the navmesh's own (no column square reaching past it): its smallest and largest z over
    // the lower corridor (x < 15) fall in the first and last rows.
    double z_min = 1e9;
    double z_max = -1e9;
    for (const std::vector<Vec2>& polygon : view.navmesh) {
        for (const Vec2 p : polygon) {
            if (p.x < 15.0) {
                z_min = std::min(z_min, p.y);
                z_max = std::max(z_max, p.y);
            }
        }
    }
    EXPECT_EQ(first_top, static_cast<int>(std::floor(map_y + (z_min - view.origin.y) * px_per_unit)));
    EXPECT_EQ(first_bottom, static_cast<int>(std::ceil(map_y + (z_max - view.origin.y) * px_per_unit)) - 1);
    // Inside, one floor colour: no outline across it, no shadow strip of another colour.
    const auto at = [&](int x, int y) {
        const std::size_t i = (static_cast<std::size_t>(y) * image.width + x) * 3;
        return std::array<int, 3>{image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]};
    };
    const std::array<int, 3> floor = at(px_x(8.0), (first_top + first_bottom) / 2);
    EXPECT_EQ(floor, (std::array<int, 3>{214, 205, 186}));  // floor_shade at the lowest floor (y 0)
    for (int x = px_x(2.0); x <= px_x(14.0); ++x) {
        for (int y = first_top + 1; y < first_bottom; ++y) {
            ASSERT_EQ(at(x, y), floor) << x << "," << y;
        }
    }
}

TEST(LevelSurface, LegendHasHeatRampWallsAndMetresOnTheAxes) {
    const kinema::nav::Level level = kinema::nav::Level::build(
        kinema::levels::load_obj(std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj"),
        kinema::nav::NavSettings{});
    const Scene scene = kinema::render::level_view_scene(top_view(level), 1024);
    std::vector<std::string> texts;
    for (const Shape& s : scene.shapes) {
        if (s.kind == ShapeKind::text) {
            texts.push_back(s.text);
        }
    }
    const auto has = [&](const std::string& t) {
        return std::find(texts.begin(), texts.end(), t) != texts.end();
    };
    EXPECT_TRUE(has("Chase flood on a 3D level"));
    EXPECT_TRUE(has("H = 20"));
    EXPECT_TRUE(has("wall: not walkable, in the level"));
    EXPECT_TRUE(has("outside the level"));
    // 0.75 m columns at 16 px: 21.3 px per m; x labels at least 36 px apart: every 2 m; z labels at least
    // 24 px apart: every 2 m. The level spans x from about 0 to 20 m.
    EXPECT_TRUE(has("0"));
    EXPECT_TRUE(has("2"));
    EXPECT_TRUE(has("10"));
    EXPECT_TRUE(has("20"));
    const std::vector<std::string> labels = kinema::render::level_view_legend(top_view(level)).labels();
    EXPECT_NE(std::find(labels.begin(), labels.end(),
                        "axes: metres (world units), x across, z down; seen from above (+y)"),
              labels.end());
}

// render::level_top_view (kinema/render/nav_level_view.hpp), what chase and pursue draw: untouched, each
// column shows its highest cell, as the test's own top_view; a touched cell lower in its column is shown
// instead, with its value and height.
TEST(LevelTopView, ShowsTheHighestTouchedCellElseTheHighestCell) {
    const kinema::nav::Level level = kinema::nav::Level::build(
        kinema::levels::load_obj(std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj"),
        kinema::nav::NavSettings{});
    const LevelView expected = top_view(level);
    const LevelView untouched = kinema::render::level_top_view(
        level, 7, [](kinema::chase::CellId) { return kinema::chase::untouched_value; });
    EXPECT_EQ(untouched.hot_value, 7);
    EXPECT_EQ(untouched.columns, expected.columns);
    EXPECT_EQ(untouched.rows, expected.rows);
    EXPECT_EQ(untouched.navmesh, expected.navmesh);
    ASSERT_EQ(untouched.cells.size(), expected.cells.size());
    for (std::size_t i = 0; i < expected.cells.size(); ++i) {
        EXPECT_EQ(untouched.cells[i].height, expected.cells[i].height);
        EXPECT_EQ(untouched.cells[i].value, kinema::chase::untouched_value);
    }
    // Every column's lowest cell touched with heat 5.
    const kinema::nav::NavCells& cells = level.nav_cells();
    std::vector<bool> lowest(cells.size(), false);
    for (int z = 0; z < cells.grid().depth; ++z) {
        for (int x = 0; x < cells.grid().width; ++x) {
            const kinema::nav::NavCells::Column col = cells.column(x, z);
            if (col.count > 0) {
                lowest[col.first] = true;
            }
        }
    }
    const LevelView touched = kinema::render::level_top_view(
        level, 7, [&](kinema::chase::CellId c) { return lowest[c] ? 5 : kinema::chase::untouched_value; });
    ASSERT_EQ(touched.cells.size(), expected.cells.size());
    for (const kinema::render::LevelViewCell& cell : touched.cells) {
        const kinema::nav::NavCells::Column col = cells.column(cell.col, cell.row);
        EXPECT_EQ(cell.value, 5);
        EXPECT_EQ(cell.height, cells.position(col.first).y);
    }
}

// render::level_pursuit_pictures (kinema/render/pursuit_picture_nav.hpp), what `kinema pursue --map X.obj`
// draws: only the pictures asked for, each the pursuit over the level's top view with the caller's legend.
TEST(LevelPursuitPictures, DrawsOnlyWhatIsAskedForWithTheLegend) {
    const kinema::nav::Level level = kinema::nav::Level::build(
        kinema::levels::load_obj(std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj"),
        kinema::nav::NavSettings{});
    kinema::pursuit::PursuitScenario scenario;  // `--route '10,0,2;2,0,2' --npc 1,0,2`: (x, z), y 0
    scenario.route = {{10.0, 2.0}, {2.0, 2.0}};
    scenario.route_heights = {0.0, 0.0};
    scenario.npc = {1.0, 2.0};
    const kinema::pursuit::PursuitConfig config;
    kinema::nav::NavPursuitSpace space(level);
    const kinema::pursuit::PursuitResult result = kinema::pursuit::run_pursuit(space, scenario, config);
    const std::vector<std::string> legend{"ramp.obj: a legend line", "a second line"};
    const auto pictures = [&](const kinema::render::PursuitPictureRequest& wanted) {
        return kinema::render::level_pursuit_pictures(level, scenario, config, result, "ramp.obj", legend,
                                                      wanted);
    };
    const kinema::render::PursuitPictures none = pictures({});
    EXPECT_TRUE(none.png.empty() && none.svg.empty() && none.animated_svg.empty());
    const kinema::render::PursuitPictures svg = pictures({.svg = true});
    EXPECT_TRUE(svg.png.empty());
    EXPECT_TRUE(svg.animated_svg.empty());
    EXPECT_NE(svg.svg.find("<svg"), std::string::npos);
    EXPECT_NE(svg.svg.find("ramp.obj: a legend line"), std::string::npos);
    EXPECT_NE(svg.svg.find("a second line"), std::string::npos);
    const kinema::render::PursuitPictures all = pictures({true, true, true});
    EXPECT_EQ(all.png.substr(0, 4), "\x89PNG");
    EXPECT_EQ(all.svg, svg.svg);  // deterministic, and the same picture whatever else is drawn
    EXPECT_NE(all.animated_svg.find("<animate"), std::string::npos);
}

}  // namespace
