// The top view of a 3D chase as a Scene: the level's extent as wall, the navmesh surface (or columns),
// coordinates in metres, the NPC's path and the chase marks, and the one legend right of the map.
#include "kinema/render/level_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <unordered_map>
#include <utility>

#include "grid_checks.hpp"
#include "kinema/render/legend.hpp"

namespace kinema::render {
namespace {

constexpr double margin = 8.0;       // px around everything
constexpr double axis_left = 36.0;   // px left of the map for the z coordinates
constexpr double axis_top = 18.0;    // px above the map for the x coordinates
constexpr double legend_gap = 24.0;  // px between the map and the legend (as the 2D picture's)
constexpr double map_x = margin + axis_left;
constexpr double map_y = margin + axis_top;

// World (x, z) -> px.
struct Frame {
    const LevelView& view;
    int cell_px;
    Vec2 px(Vec2 world) const {
        return {map_x + (world.x - view.origin.x) / view.cell_size * cell_px,
                map_y + (world.y - view.origin.y) / view.cell_size * cell_px};
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
            shapes::rect(map_x + c.col * cell_px, map_y + c.row * cell_px, cell_px, cell_px,
                         level_cell_colour(c.value, c.height, lowest, highest, view.hot_value)));
    }
}

// Sutherland-Hodgman: `polygon` clipped to the half-plane where keep(p) holds; `cross` gives the point where
// the edge a -> b meets the half-plane's boundary.
template <class Keep, class Cross>
std::vector<Vec2> clip_half_plane(const std::vector<Vec2>& polygon, Keep keep, Cross cross) {
    std::vector<Vec2> out;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Vec2 a = polygon[i];
        const Vec2 b = polygon[(i + 1) % polygon.size()];
        if (keep(a)) {
            out.push_back(a);
        }
        if (keep(a) != keep(b)) {
            out.push_back(cross(a, b));
        }
    }
    return out;
}

// `polygon` clipped to the axis-aligned box [lo, hi]; exact for any simple polygon's area since the box is
// convex (Sutherland and Hodgman, "Reentrant polygon clipping", CACM 1974).
std::vector<Vec2> clip_to_box(std::vector<Vec2> polygon, Vec2 lo, Vec2 hi) {
    const auto at_x = [](double x) {
        return [x](Vec2 a, Vec2 b) { return Vec2{x, a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)}; };
    };
    const auto at_y = [](double y) {
        return [y](Vec2 a, Vec2 b) { return Vec2{a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y}; };
    };
    polygon = clip_half_plane(
        polygon, [&](Vec2 p) { return p.x >= lo.x; }, at_x(lo.x));
    polygon = clip_half_plane(
        polygon, [&](Vec2 p) { return p.x <= hi.x; }, at_x(hi.x));
    polygon = clip_half_plane(
        polygon, [&](Vec2 p) { return p.y >= lo.y; }, at_y(lo.y));
    return clip_half_plane(
        polygon, [&](Vec2 p) { return p.y <= hi.y; }, at_y(hi.y));
}

// Shoelace formula, absolute value.
double polygon_area(const std::vector<Vec2>& polygon) {
    double twice = 0.0;
    for (std::size_t i = 0; i < polygon.size(); ++i) {
        const Vec2 a = polygon[i];
        const Vec2 b = polygon[(i + 1) % polygon.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    return std::abs(twice) / 2.0;
}

Vec2 mean_point(const std::vector<Vec2>& polygon) {
    Vec2 sum{};
    for (const Vec2 p : polygon) {
        sum = sum + p;
    }
    return sum / static_cast<double>(polygon.size());
}

// The navmesh cut along the column grid: per column (row, col), the pieces of every polygon over it.
struct ColumnPieces {
    std::vector<std::vector<Vec2>> pieces;  // world (x, z)
    double area = 0.0;                      // world units^2
};
using SurfacePieces = std::map<std::pair<int, int>, ColumnPieces>;

SurfacePieces cut_navmesh(const LevelView& view) {
    SurfacePieces out;
    const double cs = view.cell_size;
    for (const std::vector<Vec2>& polygon : view.navmesh) {
        if (polygon.size() < 3) {
            continue;
        }
        Vec2 lo = polygon[0];
        Vec2 hi = polygon[0];
        for (const Vec2 p : polygon) {
            lo = {std::min(lo.x, p.x), std::min(lo.y, p.y)};
            hi = {std::max(hi.x, p.x), std::max(hi.y, p.y)};
        }
        const int c0 = static_cast<int>(std::floor((lo.x - view.origin.x) / cs));
        const int c1 = static_cast<int>(std::floor((hi.x - view.origin.x) / cs));
        const int r0 = static_cast<int>(std::floor((lo.y - view.origin.y) / cs));
        const int r1 = static_cast<int>(std::floor((hi.y - view.origin.y) / cs));
        for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) {
                const Vec2 box_lo{view.origin.x + c * cs, view.origin.y + r * cs};
                std::vector<Vec2> piece = clip_to_box(polygon, box_lo, box_lo + Vec2{cs, cs});
                const double area = piece.size() >= 3 ? polygon_area(piece) : 0.0;
                if (area > 0.0) {
                    ColumnPieces& column = out[{r, c}];
                    column.pieces.push_back(std::move(piece));
                    column.area += area;
                }
            }
        }
    }
    return out;
}

Rgb surface_colour(std::int32_t value, double height, double lowest, double highest, std::int32_t hot_value) {
    if (value == tile::untouched) {
        return floor_shade(height, lowest, highest);
    }
    return level_cell_colour(value, height, lowest, highest, hot_value);
}

// The colour of a piece of navmesh: its column's cell; a column without a cell (the navmesh reaches past the
// last column centre inside it) takes the nearest neighbouring column's cell; none near: unreached floor.
class SurfaceColours {
  public:
    explicit SurfaceColours(const LevelView& view) : view_(view) {
        for (std::size_t i = 0; i < view.cells.size(); ++i) {
            const LevelViewCell& c = view.cells[i];
            index_[key(c.col, c.row)] = i;
            lowest_ = i == 0 ? c.height : std::min(lowest_, c.height);
            highest_ = i == 0 ? c.height : std::max(highest_, c.height);
        }
    }

    Rgb colour(int col, int row, Vec2 where) const {
        const LevelViewCell* best = find(col, row);
        double best_d2 = 0.0;
        for (int dr = -1; best == nullptr || dr <= 1; ++dr) {
            if (dr > 1) {
                return palette::floor;
            }
            for (int dc = -1; dc <= 1; ++dc) {
                const LevelViewCell* c = find(col + dc, row + dr);
                if (c == nullptr || (dc == 0 && dr == 0)) {
                    continue;
                }
                const Vec2 centre{view_.origin.x + (c->col + 0.5) * view_.cell_size,
                                  view_.origin.y + (c->row + 0.5) * view_.cell_size};
                const double d2 = length_squared(centre - where);
                if (best == nullptr || d2 < best_d2) {
                    best = c;
                    best_d2 = d2;
                }
            }
        }
        return surface_colour(best->value, best->height, lowest_, highest_, view_.hot_value);
    }

  private:
    static std::int64_t key(int col, int row) {
        return (static_cast<std::int64_t>(row) << 32) + static_cast<std::uint32_t>(col);
    }
    const LevelViewCell* find(int col, int row) const {
        const auto it = index_.find(key(col, row));
        return it == index_.end() ? nullptr : &view_.cells[it->second];
    }

    const LevelView& view_;
    std::unordered_map<std::int64_t, std::size_t> index_;
    double lowest_ = 0.0;
    double highest_ = 0.0;
};

bool near(Vec2 a, Vec2 b) {
    return std::abs(a.x - b.x) <= 1e-9 && std::abs(a.y - b.y) <= 1e-9;
}

// The union of a column's pieces as one outline, when it is one: the edges two neighbouring pieces share
// (the navmesh polygons' common edges) cancel and the rest chain into a single loop. Empty when they do not
// (pieces that overlap, as stacked floors do, or meet at a T-junction). Drawing the union instead of the
// pieces leaves no antialiased seam along the shared edges (the old picture's stray diagonals).
std::vector<Vec2> merged_outline(const std::vector<std::vector<Vec2>>& pieces) {
    std::vector<std::pair<Vec2, Vec2>> edges;
    for (const std::vector<Vec2>& piece : pieces) {
        for (std::size_t i = 0; i < piece.size(); ++i) {
            const Vec2 a = piece[i];
            const Vec2 b = piece[(i + 1) % piece.size()];
            if (near(a, b)) {
                continue;
            }
            const auto twin = std::find_if(edges.begin(), edges.end(), [&](const auto& e) {
                return near(e.first, b) && near(e.second, a);
            });
            if (twin != edges.end()) {
                edges.erase(twin);
            } else {
                edges.emplace_back(a, b);
            }
        }
    }
    std::vector<Vec2> loop;
    if (edges.empty()) {
        return loop;
    }
    loop.push_back(edges.front().first);
    Vec2 at = edges.front().second;
    edges.erase(edges.begin());
    while (!edges.empty()) {
        const auto next =
            std::find_if(edges.begin(), edges.end(), [&](const auto& e) { return near(e.first, at); });
        if (next == edges.end()) {
            return {};
        }
        loop.push_back(next->first);
        at = next->second;
        edges.erase(next);
    }
    return near(at, loop.front()) ? loop : std::vector<Vec2>{};
}

std::vector<Vec2> to_px(const Frame& f, const std::vector<Vec2>& world) {
    std::vector<Vec2> points;
    points.reserve(world.size());
    for (const Vec2 p : world) {
        points.push_back(f.px(p));
    }
    return points;
}

// A column on the navmesh's edge: its pieces, merged into one polygon when they make one of one colour.
void add_column_pieces(Scene& scene, const Frame& f, const SurfaceColours& colours, int col, int row,
                       const std::vector<std::vector<Vec2>>& pieces) {
    std::vector<Rgb> fills;
    for (const std::vector<Vec2>& piece : pieces) {
        fills.push_back(colours.colour(col, row, mean_point(piece)));
    }
    const bool one_colour =
        std::all_of(fills.begin(), fills.end(), [&](Rgb c) { return c == fills.front(); });
    if (pieces.size() > 1 && one_colour) {
        const std::vector<Vec2> outline = merged_outline(pieces);
        if (!outline.empty()) {
            Shape s = shapes::polygon(to_px(f, outline), fills.front());
            s.clip = 0;
            scene.shapes.push_back(std::move(s));
            return;
        }
    }
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        Shape s = shapes::polygon(to_px(f, pieces[i]), fills[i]);
        s.clip = 0;
        scene.shapes.push_back(std::move(s));
    }
}

// The walkable surface: the navmesh polygons exactly, cut along the columns and each piece coloured by its
// column's cell. A column the navmesh covers whole is one crisp rectangle (no antialiased seams between
// polygons inside it); a column on the navmesh's edge is its polygon pieces. Clipped to the map.
void add_surface(Scene& scene, const Frame& f) {
    const LevelView& view = f.view;
    const SurfaceColours colours(view);
    const double full = view.cell_size * view.cell_size;
    for (const auto& [row_col, column] : cut_navmesh(view)) {
        const auto [row, col] = row_col;
        const Vec2 lo{view.origin.x + col * view.cell_size, view.origin.y + row * view.cell_size};
        if (column.area >= full * (1.0 - 1e-9)) {
            const Vec2 p = f.px(lo);
            Shape s = shapes::rect(p.x, p.y, f.cell_px, f.cell_px,
                                   colours.colour(col, row, lo + Vec2{0.5, 0.5} * view.cell_size));
            s.clip = 0;
            scene.shapes.push_back(std::move(s));
            continue;
        }
        add_column_pieces(scene, f, colours, col, row, column.pieces);
    }
}

double path_width(int cell_px) {
    return std::max(2.0, cell_px * 0.25);
}

void add_path(Scene& scene, const Frame& f) {
    if (f.view.path.size() < 2) {
        return;
    }
    std::vector<Vec2> points;
    for (const Vec2 p : f.view.path) {
        points.push_back(f.px(p));
    }
    // A dark line with a white halo so that it reads on heat, on floor and on walls.
    scene.shapes.push_back(shapes::line(points, palette::background, 2.0 * path_width(f.cell_px)));
    scene.shapes.push_back(shapes::line(std::move(points), palette::ink, path_width(f.cell_px)));
}

void add_with_halo(Scene& scene, std::vector<Shape> marks, double halo) {
    for (Shape& s : shapes::with_halo(std::move(marks), halo, palette::background)) {
        s.clip = 0;
        scene.shapes.push_back(std::move(s));
    }
}

// The chase marks (kinema/render/legend.hpp), as the 2D picture draws them: dead reckoning (magenta x at
// the end of a dashed line from the seed), destination (green ring), a split's numbered discs, centroid
// (dark +), the seed (white disc and arrow) on top.
void add_marks(Scene& scene, const Frame& f) {
    const LevelView& view = f.view;
    const chase_marks::MarkSizes m = chase_marks::mark_sizes(f.cell_px);
    const Vec2 seed = f.px(view.seed);
    if (view.dead_reckoning) {
        const Vec2 p = f.px(*view.dead_reckoning);
        std::vector<Shape> marks{chase_marks::dead_reckoning_line(seed, p)};
        for (Shape& s : chase_marks::dead_reckoning(p, m.dead_reckoning)) {
            marks.push_back(std::move(s));
        }
        add_with_halo(scene, std::move(marks), 2.5);
    }
    std::vector<Shape> result;
    if (view.destination) {
        result = chase_marks::destination(f.px(*view.destination), m.destination);
    }
    if (view.centroid) {
        for (Shape& s : chase_marks::centroid(f.px(*view.centroid), m.centroid)) {
            result.push_back(std::move(s));
        }
    }
    add_with_halo(scene, std::move(result), 3.0);
    for (std::size_t i = 0; i < view.split_destinations.size(); ++i) {
        add_with_halo(scene,
                      chase_marks::split_destination(f.px(view.split_destinations[i]), m.split,
                                                     static_cast<int>(i) + 1),
                      2.0);
    }
    add_with_halo(scene, chase_marks::seed(seed, m.seed, view.direction, m.arrow), 3.0);
}

// Coordinates in metres (world units) along the map's top (x) and left (z) edges.
void add_axes(Scene& scene, const Frame& f) {
    MapAxes axes;
    axes.left = map_x;
    axes.top = map_y;
    axes.width = static_cast<double>(f.view.columns) * f.cell_px;
    axes.height = static_cast<double>(f.view.rows) * f.cell_px;
    axes.x0 = f.view.origin.x;
    axes.y0 = f.view.origin.y;
    axes.px_per_unit = f.cell_px / f.view.cell_size;
    axes.min_spacing_y = 24.0;
    add_map_axes(scene, axes);
}

}  // namespace

LevelMap draw_level_map(Scene& scene, const LevelView& view, int max_map_px) {
    check(view, max_map_px);
    const int cell_px = level_view_cell_px(view, max_map_px);
    const Frame f{view, cell_px};
    LevelMap map;
    map.x = map_x;
    map.y = map_y;
    map.width = static_cast<double>(view.columns) * cell_px;
    map.height = static_cast<double>(view.rows) * cell_px;
    map.px_per_unit = cell_px / view.cell_size;
    map.origin = view.origin;
    map.legend_x = map_x + map.width + legend_gap;
    scene.background = palette::background;
    scene.clips.push_back({"map", map.x, map.y, map.width, map.height});
    // The level's extent: what is not walkable inside it is wall; outside it, the page.
    scene.shapes.push_back(shapes::rect(map.x, map.y, map.width, map.height, palette::wall));
    if (view.navmesh.empty()) {
        add_columns(scene, view, cell_px);
    } else {
        add_surface(scene, f);
    }
    add_axes(scene, f);
    add_path(scene, f);
    add_marks(scene, f);
    return map;
}

void legend_level_colours(Legend& legend, const LevelView& view) {
    if (view.navmesh.empty()) {
        legend.swatch(floor_grey(1.0, 0.0, 1.0), "floor, highest, not reached");
        legend.swatch(floor_grey(0.0, 0.0, 1.0), "floor, lowest, not reached");
    } else {
        legend.swatch(palette::floor, "floor (navmesh), not reached");
        legend.swatch(floor_shade(0.0, 0.0, 1.0), "floor lower down, not reached");
    }
    legend.swatch(palette::wall, "wall: not walkable, in the level");
    legend.swatch(palette::background, "outside the level");
    legend.swatch(palette::cooled, "heated, cooled to 0");
    legend.swatch(palette::barrier, "barrier (behind the seed)");
    legend.heat_ramp(view.hot_value, "heat: H when reached, -1 per step after");
}

Legend level_view_legend(const LevelView& view) {
    Legend legend;
    legend.title(view.title);
    legend_level_colours(legend, view);
    chase_marks::ChaseMarksShown shown;
    shown.centroid = view.centroid.has_value();
    shown.destination = view.destination.has_value();
    shown.dead_reckoning = view.dead_reckoning.has_value();
    shown.split = !view.split_destinations.empty();
    shown.path = view.path.size() >= 2;
    chase_marks::legend_chase_marks(legend, "seed, last known direction", shown);
    legend.gap();
    for (const std::string& line : view.legend) {
        legend.note(line);
    }
    legend.note("axes: metres (world units), x across, z down; seen from above (+y)");
    return legend;
}

Scene level_view_scene(const LevelView& view, int max_map_px) {
    Scene scene;
    const LevelMap map = draw_level_map(scene, view, max_map_px);
    const Legend legend = level_view_legend(view);
    const double bottom = draw_legend(scene, legend, map.legend_x, margin + 12.0);
    scene.width = static_cast<int>(std::ceil(map.legend_x + legend_width + margin));
    scene.height = static_cast<int>(std::ceil(std::max(map.y + map.height, bottom) + margin));
    return scene;
}

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
    for (const Vec2& p : split_destinations) {
        point("split_destinations", p);
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
    if (r.split) {
        for (const chase::DestinationRegion& region : r.split->regions) {
            view.split_destinations.push_back(xz(region.destination));
        }
    }
    if (r.path) {
        for (const Vec3& p : r.path->points) {
            view.path.push_back(xz(p));
        }
    }
}

}  // namespace kinema::render
