// cairo, loaded when the first PNG picture is drawn rather than linked: cairo and the libraries it brings
// (pixman, fontconfig, freetype, X11's client libraries, ...) cost every kinema process about 3 ms at start,
// the better part of a small level's whole audit, whether or not it draws anything. Its functions are found
// by dlsym; cairo.h gives their types at build time.
#pragma once

#include <cairo.h>

#include <string>

namespace kinema::render::detail {

// Every cairo function kinema calls, one list for the table's members and for their look-up.
#define KINEMA_CAIRO_FUNCTIONS(X)        \
    X(cairo_arc)                         \
    X(cairo_clip)                        \
    X(cairo_close_path)                  \
    X(cairo_create)                      \
    X(cairo_destroy)                     \
    X(cairo_fill_preserve)               \
    X(cairo_image_surface_create)        \
    X(cairo_image_surface_get_data)      \
    X(cairo_image_surface_get_stride)    \
    X(cairo_line_to)                     \
    X(cairo_move_to)                     \
    X(cairo_new_path)                    \
    X(cairo_new_sub_path)                \
    X(cairo_paint)                       \
    X(cairo_rectangle)                   \
    X(cairo_restore)                     \
    X(cairo_rotate)                      \
    X(cairo_save)                        \
    X(cairo_select_font_face)            \
    X(cairo_set_antialias)               \
    X(cairo_set_dash)                    \
    X(cairo_set_font_size)               \
    X(cairo_set_line_cap)                \
    X(cairo_set_line_join)               \
    X(cairo_set_line_width)              \
    X(cairo_set_source_rgb)              \
    X(cairo_set_source_rgba)             \
    X(cairo_show_text)                   \
    X(cairo_status)                      \
    X(cairo_status_to_string)            \
    X(cairo_stroke)                      \
    X(cairo_surface_destroy)             \
    X(cairo_surface_flush)               \
    X(cairo_surface_status)              \
    X(cairo_surface_write_to_png_stream) \
    X(cairo_text_extents)                \
    X(cairo_translate)

/// The cairo functions kinema calls, each named as in cairo.h.
struct CairoLibrary {
#define KINEMA_CAIRO_MEMBER(name) decltype(&::name) name = nullptr;
    KINEMA_CAIRO_FUNCTIONS(KINEMA_CAIRO_MEMBER)
#undef KINEMA_CAIRO_MEMBER
};

/// cairo, loaded once per process (and never unloaded). Throws std::runtime_error "PNG pictures need cairo
/// (libcairo.so.2): <why>" when it cannot be loaded or lacks a function.
const CairoLibrary& cairo_library();

}  // namespace kinema::render::detail
