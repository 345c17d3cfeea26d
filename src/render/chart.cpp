// Line charts as a Scene: a grid of panels, each with its own y axis, tick labels, series lines (palette
// series colours), an optional dashed reference line and a legend.
#include "kinema/render/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "kinema/render/legend.hpp"

namespace kinema::render {

namespace {

constexpr double title_font = 16.0;  // px, figure title
constexpr double panel_font = 14.0;  // px, panel titles
constexpr double label_font = 11.0;  // px, ticks, axis labels, legend
constexpr double legend_width = 150.0;
constexpr double legend_line = 16.0;  // px per legend entry

// A "nice" tick step for a span covered by about `count` ticks: 1, 2 or 5 times a power of ten.
double tick_step(double span, int count) {
    const double raw = span / count;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    const double unit = raw / power;
    return power * (unit < 1.5 ? 1.0 : unit < 3.5 ? 2.0 : unit < 7.5 ? 5.0 : 10.0);
}

std::string label_for(double value, double step) {
    char buffer[32];
    const int decimals = step >= 1.0 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, std::abs(value) < step * 1e-9 ? 0.0 : value);
    return buffer;
}

// Text whose ink is roughly centred on y (the baseline sits 0.35 em below it: about half of DejaVu Sans's
// cap height, so labels line up with ticks and line samples).
Shape centred_text(double x, double y, std::string value, double size, Rgb colour, Anchor anchor) {
    return shapes::text(x, y + 0.35 * size, std::move(value), size, colour, false, anchor);
}

struct Range {
    double x_min = INFINITY;
    double x_max = -INFINITY;
    double y_min = INFINITY;
    double y_max = -INFINITY;
};

// Data range over every finite point and the reference line, widened where it is empty or too thin, with
// 6 % of padding above and below.
Range data_range(const ChartPanel& panel) {
    Range r;
    for (const ChartSeries& s : panel.series) {
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (std::isfinite(s.x[i]) && std::isfinite(s.y[i])) {
                r.x_min = std::min(r.x_min, s.x[i]);
                r.x_max = std::max(r.x_max, s.x[i]);
                r.y_min = std::min(r.y_min, s.y[i]);
                r.y_max = std::max(r.y_max, s.y[i]);
            }
        }
    }
    if (std::isfinite(panel.reference_y)) {
        r.y_min = std::min(r.y_min, panel.reference_y);
        r.y_max = std::max(r.y_max, panel.reference_y);
    }
    if (!std::isfinite(r.x_min)) {
        r.x_min = 0.0;
        r.x_max = 1.0;
    }
    if (!std::isfinite(r.y_min)) {
        r.y_min = 0.0;
        r.y_max = 1.0;
    }
    // A span within rounding of its magnitude (e.g. a ratio that is 1 at every frame rate) would give ticks
    // smaller than one ulp: widen it.
    const double scale = std::max({std::abs(r.y_min), std::abs(r.y_max), 1e-12});
    if (r.y_max - r.y_min < scale * 1e-6) {
        const double mid = 0.5 * (r.y_min + r.y_max);
        r.y_min = mid - scale * 0.05;
        r.y_max = mid + scale * 0.05;
    }
    if (r.x_max - r.x_min < std::max(std::abs(r.x_min), 1e-12) * 1e-6) {
        r.x_max = r.x_min + std::max(std::abs(r.x_min), 1.0) * 0.1;
    }
    const double y_pad = (r.y_max - r.y_min) * 0.06;
    r.y_min -= y_pad;
    r.y_max += y_pad;
    return r;
}

// One panel's plot area in px and the data -> px mapping.
struct Plot {
    double left, right, top, bottom;
    Range range;
    double px(double x) const {
        return left + (x - range.x_min) / (range.x_max - range.x_min) * (right - left);
    }
    double py(double y) const {
        return bottom - (y - range.y_min) / (range.y_max - range.y_min) * (bottom - top);
    }
};

// Grid lines and tick labels, 1-2-5 steps. Integer tick counters: a loop on the value itself could stall
// where x + step == x.
void add_ticks(Scene& scene, const Plot& p) {
    const Range& r = p.range;
    const double xs = tick_step(r.x_max - r.x_min, 6);
    const double ys = tick_step(r.y_max - r.y_min, 5);
    for (double k = std::ceil(r.x_min / xs), x = k * xs;
         x <= r.x_max + xs * 1e-9 && k < std::ceil(r.x_min / xs) + 64; k += 1.0, x = k * xs) {
        scene.shapes.push_back(
            shapes::line({{p.px(x), p.top}, {p.px(x), p.bottom}}, palette::grid_line, 1.0));
        scene.shapes.push_back(centred_text(p.px(x), p.bottom + 12.0, label_for(x, xs), label_font,
                                            palette::axis, Anchor::middle));
    }
    for (double k = std::ceil(r.y_min / ys), y = k * ys;
         y <= r.y_max + ys * 1e-9 && k < std::ceil(r.y_min / ys) + 64; k += 1.0, y = k * ys) {
        scene.shapes.push_back(
            shapes::line({{p.left, p.py(y)}, {p.right, p.py(y)}}, palette::grid_line, 1.0));
        scene.shapes.push_back(
            centred_text(p.left - 6.0, p.py(y), label_for(y, ys), label_font, palette::axis, Anchor::end));
    }
}

Shape reference_line(std::vector<Vec2> points) {
    Shape s = shapes::line(std::move(points), palette::reference, 1.2);
    s.dash = {6.0, 4.0};
    return s;
}

// Series lines, broken where a point is not finite, clipped to the plot area (clip `clip`).
void add_lines(Scene& scene, const ChartPanel& panel, const Plot& p, int clip) {
    if (std::isfinite(panel.reference_y)) {
        Shape s = reference_line({{p.left, p.py(panel.reference_y)}, {p.right, p.py(panel.reference_y)}});
        s.clip = clip;
        scene.shapes.push_back(std::move(s));
    }
    for (std::size_t k = 0; k < panel.series.size(); ++k) {
        const ChartSeries& series = panel.series[k];
        std::vector<Vec2> run;
        const auto flush = [&] {
            if (run.size() >= 2) {
                Shape s = shapes::line(run, series_colour(k), 2.0);
                s.clip = clip;
                scene.shapes.push_back(std::move(s));
            }
            run.clear();
        };
        for (std::size_t i = 0; i < series.x.size() && i < series.y.size(); ++i) {
            if (std::isfinite(series.x[i]) && std::isfinite(series.y[i])) {
                run.push_back({p.px(series.x[i]), p.py(series.y[i])});
            } else {
                flush();
            }
        }
        flush();
    }
}

// The legend, top right inside the plot, on a white box.
void add_legend(Scene& scene, const ChartPanel& panel, const Plot& p) {
    const bool reference = std::isfinite(panel.reference_y) && !panel.reference_label.empty();
    const std::size_t entries = panel.series.size() + (reference ? 1 : 0);
    if (entries == 0) {
        return;
    }
    const double lx = p.right - legend_width;
    scene.shapes.push_back(shapes::rect(lx - 6.0, p.top + 4.0, legend_width,
                                        legend_line * static_cast<double>(entries) + 4.0,
                                        palette::background));
    LegendBuilder legend(scene, lx, p.top + 14.0 + 0.35 * label_font, {legend_line, label_font, 20.0, 6.0});
    for (std::size_t k = 0; k < panel.series.size(); ++k) {
        legend.line_sample(series_colour(k), 2.0, {}, panel.series[k].label);
    }
    if (reference) {
        const Shape sample = reference_line({});
        legend.line_sample(palette::reference, sample.stroke_width, sample.dash, panel.reference_label);
    }
}

void add_panel(Scene& scene, const ChartPanel& panel, double left, double top, double width, double height,
               const std::string& x_label) {
    const Plot p{left + 64.0, left + width - 16.0, top + 34.0, top + height - 50.0, data_range(panel)};
    const double mid_x = (p.left + p.right) / 2;
    scene.shapes.push_back(
        centred_text(mid_x, top + 14.0, panel.title, panel_font, palette::ink, Anchor::middle));
    add_ticks(scene, p);
    Shape frame = shapes::line({{p.left, p.top}, {p.right, p.top}, {p.right, p.bottom}, {p.left, p.bottom}},
                               palette::frame, 1.0);
    frame.kind = ShapeKind::polygon;
    scene.shapes.push_back(std::move(frame));
    scene.shapes.push_back(
        centred_text(mid_x, p.bottom + 30.0, x_label, label_font, palette::ink, Anchor::middle));
    Shape y_label = centred_text(left + 14.0, (p.top + p.bottom) / 2, panel.y_label, label_font, palette::ink,
                                 Anchor::middle);
    // Rotated a quarter turn anticlockwise about its centre line: the 0.35 em shift moves along x then.
    y_label.x += 0.35 * label_font;
    y_label.y = (p.top + p.bottom) / 2;
    y_label.angle = -90.0;
    scene.shapes.push_back(std::move(y_label));
    const int clip = static_cast<int>(scene.clips.size());
    scene.clips.push_back(
        {"panel" + std::to_string(clip), p.left, p.top, p.right - p.left, p.bottom - p.top});
    add_lines(scene, panel, p, clip);
    add_legend(scene, panel, p);
}

}  // namespace

Scene chart_scene(std::span<const ChartPanel> panels, const ChartSettings& settings) {
    if (panels.empty()) {
        throw std::invalid_argument("chart: no panels");
    }
    if (settings.panel_width < 200 || settings.panel_width > 4000 || settings.panel_height < 150 ||
        settings.panel_height > 4000 || settings.columns < 1 || settings.columns > 8) {
        throw std::invalid_argument("chart: panel size or column count out of range");
    }
    const int columns = std::min<int>(settings.columns, static_cast<int>(panels.size()));
    const int rows = (static_cast<int>(panels.size()) + columns - 1) / columns;
    const double title_height = settings.title.empty() ? 0.0 : 36.0;
    Scene scene;
    scene.width = columns * settings.panel_width;
    scene.height = rows * settings.panel_height + static_cast<int>(title_height);
    scene.background = palette::background;
    if (!settings.title.empty()) {
        scene.shapes.push_back(
            centred_text(scene.width / 2.0, 18.0, settings.title, title_font, palette::ink, Anchor::middle));
    }
    for (std::size_t i = 0; i < panels.size(); ++i) {
        const int col = static_cast<int>(i) % columns;
        const int row = static_cast<int>(i) / columns;
        add_panel(scene, panels[i], col * settings.panel_width, title_height + row * settings.panel_height,
                  settings.panel_width, settings.panel_height, settings.x_label);
    }
    return scene;
}

std::string chart_png(std::span<const ChartPanel> panels, const ChartSettings& settings) {
    return scene_png(chart_scene(panels, settings));
}

std::string chart_svg(std::span<const ChartPanel> panels, const ChartSettings& settings) {
    return scene_svg(chart_scene(panels, settings));
}

std::string chart_json(std::span<const ChartPanel> panels, const ChartSettings& settings) {
    return scene_json(chart_scene(panels, settings));
}

}  // namespace kinema::render
