#include "kinema/render/audit_picture.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "kinema/core/format.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::render {

namespace {

constexpr double margin = 12.0;               // px around the map and the legend
constexpr double axis_left = 40.0;            // px left of the map for the row coordinates
constexpr double axis_top = 20.0;             // px above the map for the column coordinates
constexpr double column_tick_spacing = 40.0;  // px: column coordinates at least this far apart
constexpr double row_tick_spacing = 20.0;     // px: row coordinates (one text line) at least this far apart
constexpr double marker_radius = 8.0;         // px
constexpr int ramp_classes = static_cast<int>(palette::heat_ramp.size());

int cell_px(const AuditMap& map, int max_map_px) {
    const int fit = max_map_px / std::max(map.columns, map.rows);
    return std::clamp(fit, 1, 16);
}

std::string bound_text(const AuditMap& map, double value) {
    if (map.share) {
        return format_number(std::round(value * 1000.0) / 10.0) + "%";
    }
    return format_number(std::round(value * 100.0) / 100.0);
}

// The heat ramp's class of a value above 0 (audit_colour's rule).
int colour_class(double value, double max_value) {
    const double index = std::ceil(ramp_classes * value / max_value) - 1.0;
    return static_cast<int>(std::clamp(index, 0.0, ramp_classes - 1.0));
}

bool in_words(const AuditMap& map) {
    return map.share && map.directions > 0;
}

std::string class_label(const AuditMap& map, int i) {
    if (in_words(map)) {
        return share_class_words(i, map.directions);
    }
    const double lo = map.max_value * i / ramp_classes;
    const double hi = map.max_value * (i + 1) / ramp_classes;
    return "over " + bound_text(map, lo) + (i + 1 < ramp_classes ? " to " + bound_text(map, hi) : "");
}

std::vector<Shape> marker_shapes(Vec2 centre, int number) {
    std::vector<Shape> out{shapes::circle(centre, marker_radius, Rgb{255, 255, 255}, palette::ink, 1.5),
                           shapes::text(centre.x, centre.y + 3.5, std::to_string(number), 10.0, palette::ink,
                                        true, Anchor::middle)};
    return out;
}

Legend legend_of(const AuditMap& map) {
    Legend legend;
    legend.title(map.title);
    legend.subtitle(map.caption);
    legend.swatch(palette::floor, in_words(map) ? "0 of " + std::to_string(map.directions) + " directions"
                                  : map.share   ? "none (0%)"
                                                : "0");
    for (int i = 0; i < ramp_classes; ++i) {
        const std::string label = class_label(map, i);
        if (!label.empty()) {
            legend.swatch(palette::heat_ramp[static_cast<std::size_t>(i)], label);
        }
    }
    legend.swatch(palette::wall, "wall (no cell)");
    legend.gap();
    if (!map.markers.empty()) {
        legend.mark(marker_shapes({}, 1), "places (numbered as in the report)", 4.0);
    }
    for (const std::string& note : map.notes) {
        legend.note(note);
    }
    if (map.tile_size > 0.0) {
        legend.note("axes: " + map.unit + ", " + map.column_axis + " across, " + map.row_axis + " down");
    } else {
        legend.note("axes: cell coordinates, " + map.column_axis + " across, " + map.row_axis + " down");
    }
    return legend;
}

// Level units along the top and left edges when the map knows them, else cell coordinates at tile centres.
void draw_axes(Scene& scene, const AuditMap& map, double ox, double oy, int px) {
    MapAxes axes;
    axes.left = ox;
    axes.top = oy;
    axes.width = static_cast<double>(map.columns) * px;
    axes.height = static_cast<double>(map.rows) * px;
    axes.min_spacing_x = column_tick_spacing;
    axes.min_spacing_y = row_tick_spacing;
    if (map.tile_size > 0.0) {
        axes.x0 = map.origin.x;
        axes.y0 = map.origin.y;
        axes.px_per_unit = px / map.tile_size;
    } else {
        axes.x0 = map.first_column - 0.5;
        axes.y0 = map.first_row - 0.5;
        axes.px_per_unit = px;
        axes.min_step = 1.0;
    }
    add_map_axes(scene, axes);
}

}  // namespace

FieldErrors AuditMap::validate() const {
    FieldErrors errors;
    if (columns < 1 || columns > 65536) {
        errors.push_back({"columns", "must be in [1, 65536], got " + std::to_string(columns)});
    }
    if (rows < 1 || rows > 65536) {
        errors.push_back({"rows", "must be in [1, 65536], got " + std::to_string(rows)});
    }
    if (errors.empty() &&
        values.size() != static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows)) {
        errors.push_back({"values", "must hold columns * rows values, got " + std::to_string(values.size())});
    }
    if (std::any_of(values.begin(), values.end(), [](double v) { return !std::isfinite(v); })) {
        errors.push_back({"values", "must be finite"});
    }
    if (!(max_value > 0.0) || !std::isfinite(max_value)) {
        errors.push_back({"max_value", "must be > 0 and finite, got " + format_number(max_value)});
    }
    if (std::any_of(markers.begin(), markers.end(), [&](const AuditMarker& m) {
            return m.number < 1 || m.column < 0 || m.column >= columns || m.row < 0 || m.row >= rows;
        })) {
        errors.push_back({"markers", "must be numbered from 1 and lie on the map's tiles"});
    }
    if (directions < 0) {
        errors.push_back({"directions", "must be >= 0, got " + std::to_string(directions)});
    }
    return errors;
}

Rgb audit_colour(double value, double max_value) {
    if (value < 0.0) {
        return palette::wall;
    }
    if (value == 0.0) {
        return palette::floor;
    }
    const double index = std::ceil(ramp_classes * value / max_value) - 1.0;
    return palette::heat_ramp[static_cast<std::size_t>(std::clamp(index, 0.0, ramp_classes - 1.0))];
}

// A place's extent: every side of its tiles that borders a tile outside it, one short line each (a place's
// tiles need not be convex or in one piece on a 3D level's top view).
void draw_outline(Scene& scene, std::vector<std::pair<int, int>> tiles, double ox, double oy, int px) {
    std::sort(tiles.begin(), tiles.end());
    tiles.erase(std::unique(tiles.begin(), tiles.end()), tiles.end());
    const auto inside = [&](int c, int r) {
        return std::binary_search(tiles.begin(), tiles.end(), std::pair{c, r});
    };
    const auto side = [&](double x0, double y0, double x1, double y1) {
        scene.shapes.push_back(
            shapes::line({{ox + x0 * px, oy + y0 * px}, {ox + x1 * px, oy + y1 * px}}, palette::ink, 1.5));
    };
    for (const auto& [c, r] : tiles) {
        const double x = c;
        const double y = r;
        if (!inside(c, r - 1)) {
            side(x, y, x + 1, y);
        }
        if (!inside(c, r + 1)) {
            side(x, y + 1, x + 1, y + 1);
        }
        if (!inside(c - 1, r)) {
            side(x, y, x, y + 1);
        }
        if (!inside(c + 1, r)) {
            side(x + 1, y, x + 1, y + 1);
        }
    }
}

AuditMapFrame audit_map_frame(const AuditMap& map, int max_map_px) {
    return {margin + axis_left, margin + axis_top, cell_px(map, max_map_px)};
}

Scene audit_map_scene(const AuditMap& map, int max_map_px) {
    FieldErrors errors = map.validate();
    if (max_map_px < 64 || max_map_px > 8192) {
        errors.push_back({"max_map_px", "must be in [64, 8192], got " + std::to_string(max_map_px)});
    }
    throw_if_invalid("AuditMap", errors);
    const AuditMapFrame frame = audit_map_frame(map, max_map_px);
    const int px = frame.tile_px;
    const double map_w = static_cast<double>(map.columns) * px;
    const double map_h = static_cast<double>(map.rows) * px;
    const double ox = frame.left;
    const double oy = frame.top;
    const Legend legend = legend_of(map);
    Scene scene;
    scene.width = static_cast<int>(std::ceil(ox + map_w + margin * 2.0 + legend_width));
    scene.height =
        static_cast<int>(std::ceil(std::max(oy + map_h, margin + 14.0 + legend_height(legend)) + margin));
    scene.background = palette::background;
    // One rectangle per run of equal colours along a row keeps big maps' SVG small.
    for (int row = 0; row < map.rows; ++row) {
        int start = 0;
        for (int col = 1; col <= map.columns; ++col) {
            const auto at = [&](int c) {
                return audit_colour(map.values[static_cast<std::size_t>(row) * map.columns + c],
                                    map.max_value);
            };
            if (col < map.columns && at(col) == at(start)) {
                continue;
            }
            scene.shapes.push_back(
                shapes::rect(ox + start * px, oy + row * px, (col - start) * px, px, at(start)));
            start = col;
        }
    }
    draw_axes(scene, map, ox, oy, px);
    for (const AuditMarker& m : map.markers) {
        draw_outline(scene, m.tiles, ox, oy, px);
    }
    for (const AuditMarker& m : map.markers) {
        const Vec2 at{ox + (m.column + 0.5) * px, oy + (m.row + 0.5) * px};
        for (Shape& shape : marker_shapes(at, m.number)) {
            scene.shapes.push_back(std::move(shape));
        }
    }
    draw_legend(scene, legend, ox + map_w + margin * 2.0, margin + 14.0);
    return scene;
}

Legend audit_legend(const AuditMap& map) {
    return legend_of(map);
}

std::string share_class_words(int index, int directions) {
    int lo = 0;
    int hi = 0;
    for (int m = 1; m <= directions; ++m) {
        if (colour_class(static_cast<double>(m) / static_cast<double>(directions), 1.0) == index) {
            lo = lo == 0 ? m : lo;
            hi = m;
        }
    }
    if (lo == 0) {
        return {};
    }
    const std::string of =
        " of " + std::to_string(directions) + (directions == 1 ? " direction" : " directions");
    return lo == hi ? std::to_string(lo) + of : std::to_string(lo) + "-" + std::to_string(hi) + of;
}

namespace {

struct LevelUnits {
    double tile_size = 0.0;  // 0: unknown, axes in cell coordinates
    Vec2 origin;
};

// Level units of the map's tiles: a cell's planar position is its tile's centre, (coordinate + 0.5) cell
// sizes from the grid's corner. Checked on every cell; a space whose cells do not sit on such a grid (a
// graph) keeps cell coordinates.
LevelUnits level_units(const chase::ChaseSpace& space, const std::vector<std::pair<int, int>>& at, int min_x,
                       int min_y) {
    const chase::CellSpace& cells = space.cells();
    const double cs = cells.cell_size();
    if (at.empty() || !(cs > 0.0)) {
        return {};
    }
    const auto corner = [&](std::size_t c) {
        const Vec2 p = cells.planar_position(static_cast<chase::CellId>(c));
        return Vec2{p.x - (at[c].first - min_x + 0.5) * cs, p.y - (at[c].second - min_y + 0.5) * cs};
    };
    // A cell of a 3D level may sit off its column's centre (moved onto the navmesh, up to a quarter cell
    // on dungeon.obj): the mean corner, every cell within half a cell of it (inside its column).
    Vec2 sum{};
    for (std::size_t c = 0; c < at.size(); ++c) {
        sum = sum + corner(c);
    }
    const Vec2 origin = sum / static_cast<double>(at.size());
    for (std::size_t c = 0; c < at.size(); ++c) {
        const Vec2 o = corner(c);
        if (std::abs(o.x - origin.x) > 0.5 * cs || std::abs(o.y - origin.y) > 0.5 * cs) {
            return {};
        }
    }
    return {cs, origin};
}

}  // namespace

std::vector<std::pair<std::string, AuditMap>> audit_maps(const chase::ChaseSpace& space,
                                                         const chase::AuditResult& r,
                                                         const std::string& title,
                                                         const std::vector<chase::AuditPlace>& places,
                                                         std::size_t marked) {
    const std::size_t n = r.cells.size();
    std::vector<std::pair<int, int>> at(n);
    int min_x = 0;
    int min_y = 0;
    int max_x = 0;
    int max_y = 0;
    for (std::size_t c = 0; c < n; ++c) {
        const chase::CellCoords k = space.coords(static_cast<chase::CellId>(c));
        at[c] = {k.values[0], k.count == 3 ? k.values[2] : k.values[1]};
        min_x = c == 0 ? at[c].first : std::min(min_x, at[c].first);
        min_y = c == 0 ? at[c].second : std::min(min_y, at[c].second);
        max_x = c == 0 ? at[c].first : std::max(max_x, at[c].first);
        max_y = c == 0 ? at[c].second : std::max(max_y, at[c].second);
    }
    const int columns = max_x - min_x + 1;
    const int rows = max_y - min_y + 1;
    const bool three_d = n > 0 && space.coords(0).count == 3;
    const LevelUnits units = level_units(space, at, min_x, min_y);
    // The markers of the places of `finding` (all places for nullptr), numbered by rank.
    const auto markers = [&](const chase::Finding* finding) {
        std::vector<AuditMarker> out;
        for (std::size_t i = 0; i < places.size() && i < marked; ++i) {
            if (finding == nullptr || places[i].finding == *finding) {
                const std::pair<int, int> tile = at[places[i].centre_cell];
                out.push_back({static_cast<int>(i + 1), tile.first - min_x, tile.second - min_y, {}});
                for (const chase::CellId c : places[i].cells) {
                    out.back().tiles.emplace_back(at[c].first - min_x, at[c].second - min_y);
                }
            }
        }
        return out;
    };
    const auto make = [&](auto value_of, bool share, std::string caption) {
        AuditMap map;
        map.directions = share ? r.directions : 0;
        map.first_column = min_x;
        map.first_row = min_y;
        map.column_axis = three_d ? "x" : "x (col)";
        map.row_axis = three_d ? "z" : "y (row)";
        map.tile_size = units.tile_size;
        map.origin = units.origin;
        map.unit = three_d ? "metres (world units)" : "map units (tile index x cell size)";
        map.columns = columns;
        map.rows = rows;
        map.values.assign(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), -1.0);
        map.share = share;
        map.title = title;
        map.caption = std::move(caption);
        double top = 0.0;
        for (std::size_t c = 0; c < n; ++c) {
            double& v = map.values[static_cast<std::size_t>(at[c].second - min_y) *
                                       static_cast<std::size_t>(columns) +
                                   static_cast<std::size_t>(at[c].first - min_x)];
            v = std::max(v, value_of(r.cells[c]));
            top = std::max(top, v);
        }
        map.max_value = share ? 1.0 : std::max(top, 1e-9);
        map.notes = {std::to_string(r.totals.cells) + " cells x " + std::to_string(r.directions) +
                     " directions"};
        return map;
    };
    std::vector<std::pair<std::string, AuditMap>> maps;
    maps.emplace_back("distance", make([](const chase::CellSummary& s) { return s.mean_chase_distance; },
                                       false, "mean chase distance (straight, world units)"));
    maps.back().second.markers = markers(nullptr);
    for (std::size_t i = 0; i < chase::all_findings.size(); ++i) {
        const std::string name(chase::to_string(chase::all_findings[i]));
        maps.emplace_back(name, make([i](const chase::CellSummary& s) { return s.finding_share[i]; }, true,
                                     "share of directions: " + name));
        maps.back().second.markers = markers(&chase::all_findings[i]);
    }
    return maps;
}

std::vector<AuditPictureFile> audit_picture_files(const chase::ChaseSpace& space,
                                                  const chase::AuditResult& result, const std::string& title,
                                                  const std::vector<chase::AuditPlace>& places,
                                                  const std::string& png_prefix,
                                                  const std::string& svg_prefix) {
    std::vector<AuditPictureFile> files;
    if (png_prefix.empty() && svg_prefix.empty()) {
        return files;  // no picture asked for: none is built
    }
    for (const auto& [name, map] : audit_maps(space, result, title, places)) {
        const Scene scene = audit_map_scene(map);
        if (!png_prefix.empty()) {
            files.push_back({png_prefix + "-" + name + ".png", scene_png(scene), false});
        }
        if (!svg_prefix.empty()) {
            files.push_back({svg_prefix + "-" + name + ".svg", scene_svg(scene), true});
        }
    }
    return files;
}

}  // namespace kinema::render
