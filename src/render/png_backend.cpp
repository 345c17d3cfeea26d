// The cairo backend of the scene: an RGB24 image surface, as pixels or written to PNG in memory.
//
// Determinism: cairo's PNG writer (libpng) stores no time stamp or other varying chunk, and drawing with the
// same operations on a fresh surface gives the same pixels, so the same scene gives the same bytes (tested in
// tests/render). Text goes through cairo's toy font API with a fixed family, so the glyphs depend only on the
// machine's fontconfig setup.
#include <cstring>
#include <numbers>
#include <stdexcept>
#include <string>

#include "cairo_library.hpp"
#include "cairo_png.hpp"
#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {
namespace {

using detail::cairo_library;
using detail::CairoContext;
using detail::CairoLibrary;
using detail::CairoSurface;

// The helpers below take the loaded library from draw(), which loads it once the scene is valid.
void set_colour(const CairoLibrary& api, cairo_t* cr, Rgb c) {
    api.cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
}

void path_of(const CairoLibrary& api, cairo_t* cr, const Shape& s) {
    switch (s.kind) {
        case ShapeKind::rect:
            api.cairo_rectangle(cr, s.x, s.y, s.w, s.h);
            break;
        case ShapeKind::circle:
            api.cairo_new_sub_path(cr);
            api.cairo_arc(cr, s.x, s.y, s.w, 0.0, 2.0 * std::numbers::pi);
            break;
        case ShapeKind::polyline:
        case ShapeKind::polygon:
            for (std::size_t i = 0; i < s.points.size(); ++i) {
                if (i == 0) {
                    api.cairo_move_to(cr, s.points[i].x, s.points[i].y);
                } else {
                    api.cairo_line_to(cr, s.points[i].x, s.points[i].y);
                }
            }
            if (s.kind == ShapeKind::polygon) {
                api.cairo_close_path(cr);
            }
            break;
        case ShapeKind::text:
            break;
    }
}

void draw_text(const CairoLibrary& api, cairo_t* cr, const Shape& s, Rgb colour) {
    api.cairo_select_font_face(cr, font_family, CAIRO_FONT_SLANT_NORMAL,
                               s.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    api.cairo_set_font_size(cr, s.font_size);
    double x = s.x;
    double y = s.y;
    if (s.angle != 0.0) {
        api.cairo_translate(cr, s.x, s.y);
        api.cairo_rotate(cr, s.angle * std::numbers::pi / 180.0);
        x = 0.0;
        y = 0.0;
    }
    if (s.anchor != Anchor::start) {
        // The anchor is on the advance width, as SVG's text-anchor and the canvas's textAlign.
        cairo_text_extents_t extents;
        api.cairo_text_extents(cr, s.text.c_str(), &extents);
        x -= s.anchor == Anchor::middle ? extents.x_advance / 2.0 : extents.x_advance;
    }
    set_colour(api, cr, colour);
    api.cairo_move_to(cr, x, y);
    api.cairo_show_text(cr, s.text.c_str());
}

void stroke(const CairoLibrary& api, cairo_t* cr, const Shape& s) {
    const Rgb c = *s.stroke;
    api.cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, s.stroke_opacity);
    api.cairo_set_line_width(cr, s.stroke_width);
    api.cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
    api.cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
    if (!s.dash.empty()) {
        api.cairo_set_dash(cr, s.dash.data(), static_cast<int>(s.dash.size()), 0.0);
        api.cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
    }
    api.cairo_stroke(cr);
}

void draw_shape(const CairoLibrary& api, cairo_t* cr, const Scene& scene, const Shape& s, int frame) {
    if (!s.frame_visible.empty() && s.frame_visible[static_cast<std::size_t>(frame)] == 0) {
        return;
    }
    std::optional<Rgb> fill = s.fill;
    if (!s.frame_fill.empty()) {
        fill = s.frame_fill[static_cast<std::size_t>(frame)];
    }
    api.cairo_save(cr);
    if (s.clip >= 0) {
        const ClipRect& c = scene.clips[static_cast<std::size_t>(s.clip)];
        api.cairo_rectangle(cr, c.x, c.y, c.w, c.h);
        api.cairo_clip(cr);
    }
    if (s.kind == ShapeKind::text) {
        draw_text(api, cr, s, fill.value_or(palette::ink));
        api.cairo_restore(cr);
        return;
    }
    // Rectangles are tiles and swatches on whole pixels: antialiasing would only blur their shared edges.
    api.cairo_set_antialias(cr, s.kind == ShapeKind::rect ? CAIRO_ANTIALIAS_NONE : CAIRO_ANTIALIAS_DEFAULT);
    path_of(api, cr, s);
    if (fill && s.kind != ShapeKind::polyline) {
        set_colour(api, cr, *fill);
        api.cairo_fill_preserve(cr);
    }
    if (s.stroke) {
        stroke(api, cr, s);
    }
    api.cairo_new_path(cr);
    api.cairo_restore(cr);
}

CairoSurface draw(const Scene& scene, int frame) {
    FieldErrors errors = scene.validate();
    if (frame < 0 || frame >= scene.frame_count) {
        errors.push_back({"frame", "must be in [0, frame_count), got " + std::to_string(frame)});
    }
    throw_if_invalid("Scene", errors);
    const CairoLibrary& api = cairo_library();
    CairoSurface surface(api.cairo_image_surface_create(CAIRO_FORMAT_RGB24, scene.width, scene.height));
    if (api.cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
        throw std::runtime_error(
            "cannot create a " + std::to_string(scene.width) + "x" + std::to_string(scene.height) +
            " picture: " + api.cairo_status_to_string(api.cairo_surface_status(surface.get())));
    }
    {
        CairoContext cr(api.cairo_create(surface.get()));
        set_colour(api, cr.get(), scene.background);
        api.cairo_paint(cr.get());
        for (const Shape& s : scene.shapes) {
            draw_shape(api, cr.get(), scene, s, frame);
        }
        if (api.cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) {
            throw std::runtime_error(std::string("drawing failed: ") +
                                     api.cairo_status_to_string(api.cairo_status(cr.get())));
        }
    }
    api.cairo_surface_flush(surface.get());
    return surface;
}

}  // namespace

RgbImage scene_image(const Scene& scene, int frame) {
    const CairoSurface surface = draw(scene, frame);
    const CairoLibrary& api = cairo_library();
    RgbImage image;
    image.width = scene.width;
    image.height = scene.height;
    const int stride = api.cairo_image_surface_get_stride(surface.get());
    const unsigned char* data = api.cairo_image_surface_get_data(surface.get());
    image.pixels.resize(static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 3);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            std::uint32_t pixel = 0;  // CAIRO_FORMAT_RGB24: native-endian 0x00RRGGBB
            std::memcpy(&pixel, data + static_cast<std::ptrdiff_t>(y) * stride + x * 4, sizeof pixel);
            std::uint8_t* out =
                image.pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) +
                                       static_cast<std::size_t>(x)) *
                                          3;
            out[0] = static_cast<std::uint8_t>(pixel >> 16);
            out[1] = static_cast<std::uint8_t>(pixel >> 8);
            out[2] = static_cast<std::uint8_t>(pixel);
        }
    }
    return image;
}

std::string scene_png(const Scene& scene, int frame) {
    const CairoSurface surface = draw(scene, frame);
    return detail::encode_png(surface.get(), "picture");
}

}  // namespace kinema::render
