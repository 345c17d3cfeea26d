#include "kinema/render/chart.hpp"

#include <cairo-svg.h>
#include <cairo.h>

#include "cairo_png.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>
#include <stdexcept>

namespace kinema::render {

namespace {

struct Rgb {
    double r, g, b;
};

// Colour-blind-safe palette (Okabe-Ito).
constexpr std::array<Rgb, 7> kPalette{{{0.0, 0.447, 0.698},
                                       {0.835, 0.369, 0.0},
                                       {0.0, 0.620, 0.451},
                                       {0.800, 0.475, 0.655},
                                       {0.902, 0.624, 0.0},
                                       {0.337, 0.706, 0.914},
                                       {0.2, 0.2, 0.2}}};

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

void text_at(cairo_t* cr, const std::string& text, double x, double y, double align_x, double align_y) {
    cairo_text_extents_t ext;
    cairo_text_extents(cr, text.c_str(), &ext);
    cairo_move_to(cr, x - ext.width * align_x - ext.x_bearing, y - ext.height * align_y - ext.y_bearing);
    cairo_show_text(cr, text.c_str());
}

void draw_panel(cairo_t* cr, const ChartPanel& panel, double left, double top, double width, double height,
                const std::string& x_label) {
    const double plot_left = left + 64.0;
    const double plot_right = left + width - 16.0;
    const double plot_top = top + 34.0;
    const double plot_bottom = top + height - 50.0;
    // Data range over every finite point, and the reference line.
    double x_min = INFINITY, x_max = -INFINITY, y_min = INFINITY, y_max = -INFINITY;
    for (const ChartSeries& s : panel.series) {
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (std::isfinite(s.x[i]) && std::isfinite(s.y[i])) {
                x_min = std::min(x_min, s.x[i]);
                x_max = std::max(x_max, s.x[i]);
                y_min = std::min(y_min, s.y[i]);
                y_max = std::max(y_max, s.y[i]);
            }
        }
    }
    if (std::isfinite(panel.reference_y)) {
        y_min = std::min(y_min, panel.reference_y);
        y_max = std::max(y_max, panel.reference_y);
    }
    if (!std::isfinite(x_min)) {
        x_min = 0.0;
        x_max = 1.0;
    }
    if (!std::isfinite(y_min)) {
        y_min = 0.0;
        y_max = 1.0;
    }
    // A span within rounding of its magnitude (e.g. a ratio that is 1 at every frame rate) would give ticks
    // smaller than one ulp: widen it.
    const double scale = std::max({std::abs(y_min), std::abs(y_max), 1e-12});
    if (y_max - y_min < scale * 1e-6) {
        const double mid = 0.5 * (y_min + y_max);
        y_min = mid - scale * 0.05;
        y_max = mid + scale * 0.05;
    }
    if (x_max - x_min < std::max(std::abs(x_min), 1e-12) * 1e-6) {
        x_max = x_min + std::max(std::abs(x_min), 1.0) * 0.1;
    }
    const double y_pad = (y_max - y_min) * 0.06;
    y_min -= y_pad;
    y_max += y_pad;
    auto px = [&](double x) { return plot_left + (x - x_min) / (x_max - x_min) * (plot_right - plot_left); };
    auto py = [&](double y) {
        return plot_bottom - (y - y_min) / (y_max - y_min) * (plot_bottom - plot_top);
    };

    // Title, grid, axes, tick labels.
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    cairo_set_font_size(cr, 14.0);
    text_at(cr, panel.title, (plot_left + plot_right) / 2, top + 14.0, 0.5, 0.5);
    cairo_set_font_size(cr, 11.0);
    cairo_set_line_width(cr, 1.0);
    const double xs = tick_step(x_max - x_min, 6);
    const double ys = tick_step(y_max - y_min, 5);
    // Integer tick counters: a loop on the value itself could stall where x + step == x.
    for (double k = std::ceil(x_min / xs), x = k * xs;
         x <= x_max + xs * 1e-9 && k < std::ceil(x_min / xs) + 64; k += 1.0, x = k * xs) {
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
        cairo_move_to(cr, px(x), plot_top);
        cairo_line_to(cr, px(x), plot_bottom);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
        text_at(cr, label_for(x, xs), px(x), plot_bottom + 12.0, 0.5, 0.5);
    }
    for (double k = std::ceil(y_min / ys), y = k * ys;
         y <= y_max + ys * 1e-9 && k < std::ceil(y_min / ys) + 64; k += 1.0, y = k * ys) {
        cairo_set_source_rgb(cr, 0.9, 0.9, 0.9);
        cairo_move_to(cr, plot_left, py(y));
        cairo_line_to(cr, plot_right, py(y));
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.25, 0.25, 0.25);
        text_at(cr, label_for(y, ys), plot_left - 6.0, py(y), 1.0, 0.5);
    }
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    cairo_rectangle(cr, plot_left, plot_top, plot_right - plot_left, plot_bottom - plot_top);
    cairo_stroke(cr);
    text_at(cr, x_label, (plot_left + plot_right) / 2, plot_bottom + 30.0, 0.5, 0.5);
    cairo_save(cr);
    cairo_translate(cr, left + 14.0, (plot_top + plot_bottom) / 2);
    cairo_rotate(cr, -std::numbers::pi / 2);
    text_at(cr, panel.y_label, 0.0, 0.0, 0.5, 0.5);
    cairo_restore(cr);

    cairo_save(cr);
    cairo_rectangle(cr, plot_left, plot_top, plot_right - plot_left, plot_bottom - plot_top);
    cairo_clip(cr);
    if (std::isfinite(panel.reference_y)) {
        const double dash[] = {6.0, 4.0};
        cairo_set_dash(cr, dash, 2, 0.0);
        cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
        cairo_set_line_width(cr, 1.2);
        cairo_move_to(cr, plot_left, py(panel.reference_y));
        cairo_line_to(cr, plot_right, py(panel.reference_y));
        cairo_stroke(cr);
        cairo_set_dash(cr, nullptr, 0, 0.0);
    }
    cairo_set_line_width(cr, 2.0);
    cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    for (std::size_t k = 0; k < panel.series.size(); ++k) {
        const ChartSeries& s = panel.series[k];
        const Rgb c = kPalette[k % kPalette.size()];
        cairo_set_source_rgb(cr, c.r, c.g, c.b);
        bool drawing = false;
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) {
                drawing = false;
                continue;
            }
            if (drawing) {
                cairo_line_to(cr, px(s.x[i]), py(s.y[i]));
            } else {
                cairo_move_to(cr, px(s.x[i]), py(s.y[i]));
                drawing = true;
            }
        }
        cairo_stroke(cr);
    }
    cairo_restore(cr);

    // Legend, top right inside the plot.
    double ly = plot_top + 14.0;
    const double lx = plot_right - 150.0;
    const std::size_t entries = panel.series.size() + (std::isfinite(panel.reference_y) ? 1 : 0);
    cairo_set_source_rgba(cr, 1.0, 1.0, 1.0, 0.85);
    cairo_rectangle(cr, lx - 6.0, plot_top + 4.0, 150.0, 16.0 * static_cast<double>(entries) + 4.0);
    cairo_fill(cr);
    for (std::size_t k = 0; k < panel.series.size(); ++k) {
        const Rgb c = kPalette[k % kPalette.size()];
        cairo_set_source_rgb(cr, c.r, c.g, c.b);
        cairo_set_line_width(cr, 2.0);
        cairo_move_to(cr, lx, ly);
        cairo_line_to(cr, lx + 20.0, ly);
        cairo_stroke(cr);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text_at(cr, panel.series[k].label, lx + 26.0, ly, 0.0, 0.5);
        ly += 16.0;
    }
    if (std::isfinite(panel.reference_y) && !panel.reference_label.empty()) {
        const double dash[] = {6.0, 4.0};
        cairo_set_dash(cr, dash, 2, 0.0);
        cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
        cairo_set_line_width(cr, 1.2);
        cairo_move_to(cr, lx, ly);
        cairo_line_to(cr, lx + 20.0, ly);
        cairo_stroke(cr);
        cairo_set_dash(cr, nullptr, 0, 0.0);
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
        text_at(cr, panel.reference_label, lx + 26.0, ly, 0.0, 0.5);
    }
}

struct Size {
    int width;
    int height;
};

Size figure_size(std::span<const ChartPanel> panels, const ChartSettings& s) {
    if (panels.empty()) {
        throw std::invalid_argument("chart: no panels");
    }
    if (s.panel_width < 200 || s.panel_width > 4000 || s.panel_height < 150 || s.panel_height > 4000 ||
        s.columns < 1 || s.columns > 8) {
        throw std::invalid_argument("chart: panel size or column count out of range");
    }
    const int columns = std::min<int>(s.columns, static_cast<int>(panels.size()));
    const int rows = (static_cast<int>(panels.size()) + columns - 1) / columns;
    return {columns * s.panel_width, rows * s.panel_height + (s.title.empty() ? 0 : 36)};
}

void draw(cairo_t* cr, std::span<const ChartPanel> panels, const ChartSettings& s, Size size) {
    cairo_set_source_rgb(cr, 1.0, 1.0, 1.0);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    double top = 0.0;
    if (!s.title.empty()) {
        cairo_set_source_rgb(cr, 0.05, 0.05, 0.05);
        cairo_set_font_size(cr, 16.0);
        text_at(cr, s.title, size.width / 2.0, 18.0, 0.5, 0.5);
        top = 36.0;
    }
    const int columns = std::min<int>(s.columns, static_cast<int>(panels.size()));
    for (std::size_t i = 0; i < panels.size(); ++i) {
        const int col = static_cast<int>(i) % columns;
        const int row = static_cast<int>(i) / columns;
        draw_panel(cr, panels[i], col * s.panel_width, top + row * s.panel_height, s.panel_width,
                   s.panel_height, s.x_label);
    }
}

void check(cairo_status_t status, const char* what) {
    if (status != CAIRO_STATUS_SUCCESS) {
        throw std::runtime_error(std::string("chart: ") + what + ": " + cairo_status_to_string(status));
    }
}

}  // namespace

std::string chart_png(std::span<const ChartPanel> panels, const ChartSettings& settings) {
    const Size size = figure_size(panels, settings);
    const detail::CairoSurface surface(
        cairo_image_surface_create(CAIRO_FORMAT_RGB24, size.width, size.height));
    check(cairo_surface_status(surface.get()), "surface");
    const detail::CairoContext cr(cairo_create(surface.get()));
    draw(cr.get(), panels, settings, size);
    cairo_surface_flush(surface.get());
    return detail::encode_png(surface.get(), "chart");
}

std::string chart_svg(std::span<const ChartPanel> panels, const ChartSettings& settings) {
    const Size size = figure_size(panels, settings);
    std::string bytes;
    {
        const detail::CairoSurface surface(
            cairo_svg_surface_create_for_stream(detail::append_to_string, &bytes, size.width, size.height));
        check(cairo_surface_status(surface.get()), "surface");
        detail::CairoContext cr(cairo_create(surface.get()));
        draw(cr.get(), panels, settings, size);
        cr.reset();
        cairo_surface_finish(surface.get());
        check(cairo_surface_status(surface.get()), "SVG");
    }
    return bytes;
}

}  // namespace kinema::render
