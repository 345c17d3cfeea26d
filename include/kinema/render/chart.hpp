// Line charts for frame-rate sweeps: one panel per metric, one line per series. Built once as a
// render::Scene (chart_scene) and drawn by the scene backends: PNG (cairo), SVG (written directly, so two
// calls give the same bytes) and JSON; series colours come from the palette (palette::series).
#pragma once

#include <limits>
#include <span>
#include <string>
#include <vector>

#include "kinema/render/scene.hpp"

namespace kinema::render {

/// One line: points (x[i], y[i]); non-finite y values break the line.
struct ChartSeries {
    std::string label;
    std::vector<double> x;
    std::vector<double> y;
};

/// One plot area with its own y axis.
struct ChartPanel {
    std::string title;
    std::string y_label;
    std::vector<ChartSeries> series;
    double reference_y = std::numeric_limits<double>::quiet_NaN();  ///< dashed horizontal line (NaN: none)
    std::string reference_label;                                    ///< legend text of the reference line
};

/// Figure layout.
struct ChartSettings {
    int panel_width = 560;   ///< px, [200, 4000]
    int panel_height = 340;  ///< px, [150, 4000]
    int columns = 2;         ///< panels per row, [1, 8]
    std::string title;       ///< figure title (top)
    std::string x_label;     ///< shared x axis label
};

/// The chart as a scene: panels left to right, then top to bottom; each panel's plot area is clip
/// "panel<i>". Throws std::invalid_argument for bad settings or no panels.
[[nodiscard]] Scene chart_scene(std::span<const ChartPanel> panels, const ChartSettings& settings = {});
/// The chart as PNG bytes. Errors as chart_scene.
[[nodiscard]] std::string chart_png(std::span<const ChartPanel> panels, const ChartSettings& settings = {});
/// The chart as an SVG document (deterministic). Errors as chart_scene.
[[nodiscard]] std::string chart_svg(std::span<const ChartPanel> panels, const ChartSettings& settings = {});
/// The chart as scene JSON (scene_json). Errors as chart_scene.
[[nodiscard]] std::string chart_json(std::span<const ChartPanel> panels, const ChartSettings& settings = {});

}  // namespace kinema::render
