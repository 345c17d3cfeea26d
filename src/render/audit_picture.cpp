#include "kinema/render/audit_picture.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "kinema/core/format.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::render {

namespace {

constexpr double margin = 12.0;         // px around the map and the legend
constexpr double legend_width = 300.0;  // px
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

void draw_legend(Scene& scene, const AuditMap& map, double x) {
    LegendBuilder legend(scene, x, margin + 14.0);
    legend.text(map.title, 14.0, palette::ink, true);
    legend.text(map.caption, 12.5);
    legend.skip(0.5);
    legend.swatch(palette::floor, map.share ? "none (0%)" : "0");
    for (int i = 0; i < ramp_classes; ++i) {
        const double lo = map.max_value * i / ramp_classes;
        const double hi = map.max_value * (i + 1) / ramp_classes;
        const std::string label =
            "over " + bound_text(map, lo) + (i + 1 < ramp_classes ? " to " + bound_text(map, hi) : "");
        legend.swatch(palette::heat_ramp[static_cast<std::size_t>(i)], label);
    }
    legend.swatch(palette::wall, "wall (no cell)");
    legend.skip(0.5);
    for (const std::string& note : map.notes) {
        legend.text(note, 12.0, palette::axis);
    }
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

Scene audit_map_scene(const AuditMap& map, int max_map_px) {
    FieldErrors errors = map.validate();
    if (max_map_px < 64 || max_map_px > 8192) {
        errors.push_back({"max_map_px", "must be in [64, 8192], got " + std::to_string(max_map_px)});
    }
    throw_if_invalid("AuditMap", errors);
    const int px = cell_px(map, max_map_px);
    const double map_w = static_cast<double>(map.columns) * px;
    const double map_h = static_cast<double>(map.rows) * px;
    const double legend_lines = 5.0 + ramp_classes + 2.0 + static_cast<double>(map.notes.size());
    Scene scene;
    scene.width = static_cast<int>(margin * 3.0 + map_w + legend_width);
    scene.height = static_cast<int>(std::max(map_h, legend_lines * 19.0 + 20.0) + 2.0 * margin);
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
                shapes::rect(margin + start * px, margin + row * px, (col - start) * px, px, at(start)));
            start = col;
        }
    }
    draw_legend(scene, map, margin * 2.0 + map_w);
    return scene;
}

std::vector<std::pair<std::string, AuditMap>> audit_maps(const chase::ChaseSpace& space,
                                                         const chase::AuditResult& r,
                                                         const std::string& title) {
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
    const auto make = [&](auto value_of, bool share, std::string caption) {
        AuditMap map;
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
    for (std::size_t i = 0; i < chase::all_findings.size(); ++i) {
        const std::string name(chase::to_string(chase::all_findings[i]));
        maps.emplace_back(name, make([i](const chase::CellSummary& s) { return s.finding_share[i]; }, true,
                                     "share of directions: " + name));
    }
    return maps;
}

}  // namespace kinema::render
