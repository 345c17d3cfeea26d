// The top view of a 3D chase as a Scene: columns, navmesh, the NPC's path and the marks, with legend lines
// under the map.
#include "kinema/render/level_view.hpp"

#include <algorithm>
#include <cmath>

#include "grid_checks.hpp"
#include "kinema/render/legend.hpp"

namespace kinema::render {
namespace {

constexpr double margin = 8.0;        // px around the map
constexpr double line_height = 16.0;  // px per legend line under the map
constexpr int min_width = 360;        // px, so legend lines fit on small maps

// World (x, z) -> px.
struct Frame {
    const LevelView& view;
    int cell_px;
    Vec2 px(Vec2 world) const {
        return {margin + (world.x - view.origin.x) / view.cell_size * cell_px,
                margin + (world.y - view.origin.y) / view.cell_size * cell_px};
    }
};

void check(const LevelView& view, int max_map_px) {
    FieldErrors errors = view.validate();
    if (max_map_px < 64 || max_map_px > 8192) {
        errors.push_back({"max_map_px", "must be in [64, 8192], got " + std::to_string(max_map_px)});
    }
    throw_if_invalid("level view", errors);
}

void add_columns(Scene& scene, const LevelView& view, int cell_px) {
    double lowest = 0.0;
    double highest = 0.0;
    for (std::size_t i = 0; i < view.cells.size(); ++i) {
        lowest = i == 0 ? view.cells[i].height : std::min(lowest, view.cells[i].height);
        highest = i == 0 ? view.cells[i].height : std::max(highest, view.cells[i].height);
    }
    for (const LevelViewCell& c : view.cells) {
        scene.shapes.push_back(
            shapes::rect(margin + c.col * cell_px, margin + c.row * cell_px, cell_px, cell_px,
                         level_cell_colour(c.value, c.height, lowest, highest, view.hot_value)));
    }
}

// Navmesh polygons: filled under the columns (`outline` false) or outlined over them (`outline` true).
void add_navmesh(Scene& scene, const Frame& f, bool outline) {
    for (const std::vector<Vec2>& polygon : f.view.navmesh) {
        std::vector<Vec2> points;
        points.reserve(polygon.size());
        for (const Vec2 p : polygon) {
            points.push_back(f.px(p));
        }
        Shape s = shapes::polygon(std::move(points), palette::navmesh);
        if (outline) {
            s.fill.reset();
            s.stroke = palette::navmesh_edge;
            s.stroke_opacity = 0.5;
        }
        scene.shapes.push_back(std::move(s));
    }
}

void add_path(Scene& scene, const Frame& f) {
    if (f.view.path.size() < 2) {
        return;
    }
    std::vector<Vec2> points;
    for (const Vec2 p : f.view.path) {
        points.push_back(f.px(p));
    }
    // A dark line with a white halo so that it reads on heat and on floor.
    scene.shapes.push_back(shapes::line(points, palette::background, std::max(4.0, f.cell_px * 0.5)));
    scene.shapes.push_back(shapes::line(std::move(points), palette::ink, std::max(2.0, f.cell_px * 0.25)));
}

// Dead reckoning (magenta diamond), destination (green disc), centroid (dark cross).
void add_result_marks(Scene& scene, const Frame& f, double mark) {
    const LevelView& view = f.view;
    if (view.dead_reckoning) {
        const Vec2 p = f.px(*view.dead_reckoning);
        Shape diamond =
            shapes::polygon({{p.x, p.y - mark}, {p.x + mark, p.y}, {p.x, p.y + mark}, {p.x - mark, p.y}},
                            palette::dead_reckoning);
        diamond.stroke = palette::background;
        scene.shapes.push_back(std::move(diamond));
    }
    if (view.destination) {
        scene.shapes.push_back(
            shapes::circle(f.px(*view.destination), mark, palette::destination, palette::background, 1.5));
    }
    if (view.centroid) {
        const Vec2 p = f.px(*view.centroid);
        scene.shapes.push_back(
            shapes::line({{p.x - mark, p.y - mark}, {p.x + mark, p.y + mark}}, palette::ink, 2.0));
        scene.shapes.push_back(
            shapes::line({{p.x - mark, p.y + mark}, {p.x + mark, p.y - mark}}, palette::ink, 2.0));
    }
}

// The seed: a white disc with a dark outline, and the direction as an arrow three columns long.
void add_seed(Scene& scene, const Frame& f, double mark) {
    const Vec2 s = f.px(f.view.seed);
    const double len = length(f.view.direction);
    if (len > 0.0) {
        const Vec2 d = f.view.direction / len;
        const Vec2 tip = s + d * std::max(24.0, 3.0 * f.cell_px);
        const Vec2 side = perpendicular(d) * (mark * 0.8);
        const Vec2 base = tip - d * (mark * 1.5);
        scene.shapes.push_back(shapes::line({s, tip - d * mark}, palette::ink, 2.0));
        scene.shapes.push_back(shapes::polygon({tip, base + side, base - side}, palette::ink));
    }
    scene.shapes.push_back(shapes::circle(s, mark, palette::seed, palette::ink, 2.0));
}

}  // namespace

FieldErrors LevelView::validate() const {
    FieldErrors errors;
    detail::require_grid(errors, columns, rows, cell_size, hot_value);
    require_finite(errors, "origin.x", origin.x);
    require_finite(errors, "origin.y", origin.y);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const LevelViewCell& c = cells[i];
        if (c.col < 0 || c.col >= columns || c.row < 0 || c.row >= rows || !std::isfinite(c.height) ||
            c.value < tile::untouched || c.value > hot_value) {
            errors.push_back({"cells[" + std::to_string(i) + "]",
                              "must lie in the grid with a finite height and a value in [-2, hot_value]"});
            break;
        }
    }
    const auto point = [&](const char* name, Vec2 p) {
        if (!is_finite(p)) {
            errors.push_back({name, "must be finite"});
        }
    };
    point("seed", seed);
    point("direction", direction);
    for (const auto& [name, p] : {std::pair{"centroid", centroid}, std::pair{"destination", destination},
                                  std::pair{"dead_reckoning", dead_reckoning}}) {
        if (p) {
            point(name, *p);
        }
    }
    for (const Vec2& p : path) {
        point("path", p);
    }
    for (const std::vector<Vec2>& polygon : navmesh) {
        for (const Vec2& p : polygon) {
            point("navmesh", p);
        }
    }
    return errors;
}

int level_view_cell_px(const LevelView& view, int max_map_px) {
    const int longest = std::max({view.columns, view.rows, 1});
    return std::clamp(max_map_px / longest, 1, 16);
}

Rgb level_cell_colour(std::int32_t value, double height, double lowest, double highest,
                      std::int32_t hot_value) {
    if (value == tile::barrier) {
        return palette::barrier;
    }
    if (value >= 0) {
        return heat_colour(value, hot_value);
    }
    return floor_grey(height, lowest, highest);
}

Scene level_view_scene(const LevelView& view, int max_map_px) {
    check(view, max_map_px);
    const int cell_px = level_view_cell_px(view, max_map_px);
    const Frame f{view, cell_px};
    const int map_w = view.columns * cell_px;
    const int map_h = view.rows * cell_px;
    Scene scene;
    scene.width = std::max(map_w + 2 * static_cast<int>(margin), min_width);
    scene.height = map_h + 2 * static_cast<int>(margin) +
                   static_cast<int>(line_height * static_cast<double>(view.legend.size()));
    scene.background = palette::background;
    add_navmesh(scene, f, false);
    add_columns(scene, view, cell_px);
    add_navmesh(scene, f, true);
    add_path(scene, f);
    const double mark = std::max(4.0, cell_px * 0.8);
    add_result_marks(scene, f, mark);
    add_seed(scene, f, mark);
    LegendBuilder legend(scene, margin, map_h + margin * 2.0 + 12.0, {line_height, 12.0, 13.0, 8.0});
    for (const std::string& line : view.legend) {
        legend.text(line, 12.0);
    }
    return scene;
}

RgbImage level_view_image(const LevelView& view, int max_map_px) {
    return scene_image(level_view_scene(view, max_map_px));
}

std::string level_view_png(const LevelView& view, int max_map_px) {
    return scene_png(level_view_scene(view, max_map_px));
}

std::string level_view_svg(const LevelView& view, int max_map_px) {
    return scene_svg(level_view_scene(view, max_map_px));
}

std::string level_view_json(const LevelView& view, int max_map_px) {
    return scene_json(level_view_scene(view, max_map_px));
}

void mark_chase(LevelView& view, const chase::ChaseResult& r) {
    const auto xz = [](Vec3 p) { return Vec2{p.x, p.z}; };
    view.seed = xz(r.seed_position);
    view.direction = xz(r.direction);
    view.centroid = xz(r.flood.centroid);
    view.destination = xz(r.flood.destination);
    view.dead_reckoning = xz(r.dead_reckoning.position);
    if (r.path) {
        for (const Vec3& p : r.path->points) {
            view.path.push_back(xz(p));
        }
    }
}

}  // namespace kinema::render
