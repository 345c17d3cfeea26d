#include "kinema/render/audit_picture.hpp"

#include <algorithm>
#include <cmath>

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

}  // namespace kinema::render
