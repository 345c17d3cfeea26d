// The cairo backend of the draw list: an RGB24 image surface written to PNG in memory.
//
// Determinism: cairo's PNG writer (libpng) stores no time stamp or other varying chunk, and drawing with the
// same operations on a fresh surface gives the same pixels, so the same list gives the same bytes (tested in
// tests/render). Text goes through cairo's toy font API with a fixed family, so the glyphs depend only on the
// machine's fontconfig setup.
#include <cairo.h>

#include <stdexcept>
#include <string>

#include "cairo_png.hpp"
#include "draw_list.hpp"

namespace kinema::render::detail {
namespace {

void set_colour(cairo_t* cr, Rgb c) {
    cairo_set_source_rgb(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0);
}

void path_of(cairo_t* cr, const Shape& s) {
    switch (s.kind) {
        case ShapeKind::rect:
            cairo_rectangle(cr, s.x, s.y, s.w, s.h);
            break;
        case ShapeKind::circle:
            cairo_new_sub_path(cr);
            cairo_arc(cr, s.x, s.y, s.w, 0.0, 2.0 * 3.14159265358979323846);
            break;
        case ShapeKind::polyline:
        case ShapeKind::polygon:
            for (std::size_t i = 0; i < s.points.size(); ++i) {
                if (i == 0) {
                    cairo_move_to(cr, s.points[i].x, s.points[i].y);
                } else {
                    cairo_line_to(cr, s.points[i].x, s.points[i].y);
                }
            }
            if (s.kind == ShapeKind::polygon) {
                cairo_close_path(cr);
            }
            break;
        case ShapeKind::text:
            break;
    }
}

void draw_text(cairo_t* cr, const Shape& s, Rgb colour) {
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                           s.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, s.font_size);
    double x = s.x;
    if (s.anchor != Anchor::start) {
        cairo_text_extents_t extents;
        cairo_text_extents(cr, s.text.c_str(), &extents);
        x -= s.anchor == Anchor::middle ? extents.x_advance / 2.0 : extents.x_advance;
    }
    set_colour(cr, colour);
    cairo_move_to(cr, x, s.y);
    cairo_show_text(cr, s.text.c_str());
}

void draw_shape(cairo_t* cr, const DrawList& list, const Shape& s, int frame) {
    if (!s.frame_visible.empty() && s.frame_visible[static_cast<std::size_t>(frame)] == 0) {
        return;
    }
    std::optional<Rgb> fill = s.fill;
    if (!s.frame_fill.empty()) {
        fill = s.frame_fill[static_cast<std::size_t>(frame)];
    }
    cairo_save(cr);
    if (s.clip_to_map) {
        cairo_rectangle(cr, list.map_x, list.map_y, list.map_w, list.map_h);
        cairo_clip(cr);
    }
    if (s.kind == ShapeKind::text) {
        draw_text(cr, s, fill.value_or(palette::ink));
        cairo_restore(cr);
        return;
    }
    // Tiles are whole-pixel rectangles: antialiasing would only blur their shared edges.
    cairo_set_antialias(cr, s.kind == ShapeKind::rect ? CAIRO_ANTIALIAS_NONE : CAIRO_ANTIALIAS_DEFAULT);
    path_of(cr, s);
    if (fill && s.kind != ShapeKind::polyline) {
        set_colour(cr, *fill);
        cairo_fill_preserve(cr);
    }
    if (s.stroke) {
        const Rgb c = *s.stroke;
        cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, s.stroke_opacity);
        cairo_set_line_width(cr, s.stroke_width);
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
        if (s.dashed) {
            const double dashes[2] = {3.0 * s.stroke_width, 2.5 * s.stroke_width};
            cairo_set_dash(cr, dashes, 2, 0.0);
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
        }
        cairo_stroke(cr);
    }
    cairo_new_path(cr);
    cairo_restore(cr);
}

}  // namespace

std::string draw_png(const DrawList& list, int frame) {
    CairoSurface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, list.width, list.height));
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
        throw std::runtime_error("cannot create a " + std::to_string(list.width) + "x" +
                                 std::to_string(list.height) +
                                 " picture: " + cairo_status_to_string(cairo_surface_status(surface.get())));
    }
    {
        CairoContext cr(cairo_create(surface.get()));
        set_colour(cr.get(), list.background);
        cairo_paint(cr.get());
        for (const Shape& s : list.shapes) {
            draw_shape(cr.get(), list, s, frame);
        }
        if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS) {
            throw std::runtime_error(std::string("drawing failed: ") +
                                     cairo_status_to_string(cairo_status(cr.get())));
        }
    }
    cairo_surface_flush(surface.get());
    return encode_png(surface.get(), "flood picture");
}

}  // namespace kinema::render::detail
