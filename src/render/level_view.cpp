#include "kinema/render/level_view.hpp"

#include <cairo.h>

#include "cairo_png.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <new>
#include <numbers>
#include <stdexcept>

namespace kinema::render {
namespace {

constexpr double kMargin = 8.0;
constexpr double kLineHeight = 16.0;
constexpr int kMinWidth = 360;

using Surface = detail::CairoSurface;

std::uint8_t mix(std::uint8_t a, std::uint8_t b, double t) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * t));
}

void colour(cairo_t* cr, Rgb8 c) {
    cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
}

constexpr Rgb8 kInk{20, 20, 20};
constexpr Rgb8 kWhite{255, 255, 255};
constexpr Rgb8 kDestination{27, 158, 62};
constexpr Rgb8 kDeadReckoning{208, 28, 139};

struct Frame {
    const LevelView& view;
    int cell_px;
    Vec2 px(Vec2 world) const {
        return {kMargin + (world.x - view.origin.x) / view.cell_size * cell_px,
                kMargin + (world.y - view.origin.y) / view.cell_size * cell_px};
    }
};

void check(const LevelView& view, int max_map_px) {
    FieldErrors errors = view.validate();
    if (max_map_px < 64 || max_map_px > 8192) {
        errors.push_back({"max_map_px", "must be in [64, 8192], got " + std::to_string(max_map_px)});
    }
    throw_if_invalid("level view", errors);
}

Surface draw(const LevelView& view, int max_map_px) {
    check(view, max_map_px);
    const int cell_px = level_view_cell_px(view, max_map_px);
    const Frame f{view, cell_px};
    const int map_w = view.columns * cell_px;
    const int map_h = view.rows * cell_px;
    const int width = std::max(map_w + 2 * static_cast<int>(kMargin), kMinWidth);
    const int height = map_h + 2 * static_cast<int>(kMargin) +
                       static_cast<int>(kLineHeight * static_cast<double>(view.legend.size()));
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height));
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
        throw std::bad_alloc();
    }
    detail::CairoContext owner(cairo_create(surface.get()));
    cairo_t* cr = owner.get();
    colour(cr, kWhite);
    cairo_paint(cr);

    // Columns, without antialiasing so that neighbouring squares meet exactly.
    double lowest = 0.0;
    double highest = 0.0;
    for (std::size_t i = 0; i < view.cells.size(); ++i) {
        lowest = i == 0 ? view.cells[i].height : std::min(lowest, view.cells[i].height);
        highest = i == 0 ? view.cells[i].height : std::max(highest, view.cells[i].height);
    }
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    for (const LevelViewCell& c : view.cells) {
        colour(cr, level_cell_colour(c.value, c.height, lowest, highest, view.hot_value));
        cairo_rectangle(cr, kMargin + c.col * cell_px, kMargin + c.row * cell_px, cell_px, cell_px);
        cairo_fill(cr);
    }
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT);

    const double mark = std::max(4.0, cell_px * 0.8);
    // The NPC's path: a dark line with a white halo so that it reads on heat and on floor.
    if (view.path.size() >= 2) {
        for (const auto& [ink, width_px] : {std::pair{kWhite, std::max(4.0, cell_px * 0.5)},
                                            std::pair{kInk, std::max(2.0, cell_px * 0.25)}}) {
            colour(cr, ink);
            cairo_set_line_width(cr, width_px);
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
            for (std::size_t i = 0; i < view.path.size(); ++i) {
                const Vec2 p = f.px(view.path[i]);
                if (i == 0) {
                    cairo_move_to(cr, p.x, p.y);
                } else {
                    cairo_line_to(cr, p.x, p.y);
                }
            }
            cairo_stroke(cr);
        }
    }
    // Dead-reckoning point: a magenta diamond.
    if (view.dead_reckoning) {
        const Vec2 p = f.px(*view.dead_reckoning);
        cairo_move_to(cr, p.x, p.y - mark);
        cairo_line_to(cr, p.x + mark, p.y);
        cairo_line_to(cr, p.x, p.y + mark);
        cairo_line_to(cr, p.x - mark, p.y);
        cairo_close_path(cr);
        colour(cr, kDeadReckoning);
        cairo_fill_preserve(cr);
        colour(cr, kWhite);
        cairo_set_line_width(cr, 1.0);
        cairo_stroke(cr);
    }
    // Destination: a green disc; centroid: a dark cross.
    if (view.destination) {
        const Vec2 p = f.px(*view.destination);
        cairo_new_sub_path(cr);
        cairo_arc(cr, p.x, p.y, mark, 0.0, 2.0 * std::numbers::pi);
        colour(cr, kDestination);
        cairo_fill_preserve(cr);
        colour(cr, kWhite);
        cairo_set_line_width(cr, 1.5);
        cairo_stroke(cr);
    }
    if (view.centroid) {
        const Vec2 p = f.px(*view.centroid);
        colour(cr, kInk);
        cairo_set_line_width(cr, 2.0);
        cairo_move_to(cr, p.x - mark, p.y - mark);
        cairo_line_to(cr, p.x + mark, p.y + mark);
        cairo_move_to(cr, p.x - mark, p.y + mark);
        cairo_line_to(cr, p.x + mark, p.y - mark);
        cairo_stroke(cr);
    }
    // Seed: a white disc with a dark outline, and the direction as an arrow three columns long.
    const Vec2 s = f.px(view.seed);
    const double len = length(view.direction);
    if (len > 0.0) {
        const Vec2 d = view.direction / len;
        const double arrow = std::max(24.0, 3.0 * cell_px);
        const Vec2 tip = s + d * arrow;
        const Vec2 side = perpendicular(d) * (mark * 0.8);
        colour(cr, kInk);
        cairo_set_line_width(cr, 2.0);
        cairo_move_to(cr, s.x, s.y);
        cairo_line_to(cr, tip.x - d.x * mark, tip.y - d.y * mark);
        cairo_stroke(cr);
        cairo_move_to(cr, tip.x, tip.y);
        cairo_line_to(cr, tip.x - d.x * mark * 1.5 + side.x, tip.y - d.y * mark * 1.5 + side.y);
        cairo_line_to(cr, tip.x - d.x * mark * 1.5 - side.x, tip.y - d.y * mark * 1.5 - side.y);
        cairo_close_path(cr);
        cairo_fill(cr);
    }
    cairo_new_sub_path(cr);
    cairo_arc(cr, s.x, s.y, mark, 0.0, 2.0 * std::numbers::pi);
    colour(cr, kWhite);
    cairo_fill_preserve(cr);
    colour(cr, kInk);
    cairo_set_line_width(cr, 2.0);
    cairo_stroke(cr);

    // Legend lines under the map.
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 12.0);
    colour(cr, kInk);
    double y = map_h + kMargin * 2.0 + 4.0;
    for (const std::string& line : view.legend) {
        cairo_move_to(cr, kMargin, y + 8.0);
        cairo_show_text(cr, line.c_str());
        y += kLineHeight;
    }
    cairo_surface_flush(surface.get());
    return surface;
}

}  // namespace

FieldErrors LevelView::validate() const {
    FieldErrors errors;
    require_in_range(errors, "columns", columns, 1.0, 65536.0);
    require_in_range(errors, "rows", rows, 1.0, 65536.0);
    require_greater(errors, "cell_size", cell_size, 0.0);
    require_in_range(errors, "hot_value", hot_value, 1.0, 1e6);
    require_finite(errors, "origin.x", origin.x);
    require_finite(errors, "origin.y", origin.y);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const LevelViewCell& c = cells[i];
        if (c.col < 0 || c.col >= columns || c.row < 0 || c.row >= rows || !std::isfinite(c.height) ||
            c.value < -2 || c.value > hot_value) {
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
    if (centroid)
        point("centroid", *centroid);
    if (destination)
        point("destination", *destination);
    if (dead_reckoning)
        point("dead_reckoning", *dead_reckoning);
    for (const Vec2& p : path) {
        point("path", p);
    }
    return errors;
}

int level_view_cell_px(const LevelView& view, int max_map_px) {
    const int longest = std::max({view.columns, view.rows, 1});
    return std::clamp(max_map_px / longest, 1, 16);
}

Rgb8 level_cell_colour(std::int32_t value, double height, double lowest, double highest,
                       std::int32_t hot_value) {
    if (value == -1) {
        return {75, 94, 168};
    }
    if (value == 0) {
        return {198, 219, 239};
    }
    if (value > 0) {
        const std::int32_t hot = std::max(hot_value, 1);
        const double t = hot == 1 ? 1.0 : static_cast<double>(std::min(value, hot) - 1) / (hot - 1);
        return {mix(255, 189, t), mix(237, 0, t), mix(160, 38, t)};
    }
    const double t = highest > lowest ? std::clamp((height - lowest) / (highest - lowest), 0.0, 1.0) : 1.0;
    const std::uint8_t grey = mix(80, 200, t);
    return {grey, grey, grey};
}

RgbImage level_view_image(const LevelView& view, int max_map_px) {
    const Surface surface = draw(view, max_map_px);
    RgbImage image;
    image.width = cairo_image_surface_get_width(surface.get());
    image.height = cairo_image_surface_get_height(surface.get());
    const int stride = cairo_image_surface_get_stride(surface.get());
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    image.pixels.resize(static_cast<std::size_t>(image.width) * image.height * 3);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            std::uint32_t pixel = 0;  // CAIRO_FORMAT_RGB24: native-endian 0x00RRGGBB
            std::memcpy(&pixel, data + static_cast<std::ptrdiff_t>(y) * stride + x * 4, sizeof pixel);
            std::uint8_t* out = image.pixels.data() + (static_cast<std::size_t>(y) * image.width + x) * 3;
            out[0] = static_cast<std::uint8_t>(pixel >> 16);
            out[1] = static_cast<std::uint8_t>(pixel >> 8);
            out[2] = static_cast<std::uint8_t>(pixel);
        }
    }
    return image;
}

std::string level_view_png(const LevelView& view, int max_map_px) {
    const Surface surface = draw(view, max_map_px);
    return detail::encode_png(surface.get(), "level view");
}

}  // namespace kinema::render
