// cairo ownership and PNG encoding shared by kinema::render's pictures (flood pictures, level views,
// charts): every picture is drawn on a cairo surface and returned as PNG (or SVG) bytes in memory, so
// callers decide where and how the file is written.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cairo_library.hpp"

namespace kinema::render::detail {

struct CairoSurfaceDeleter {
    void operator()(cairo_surface_t* s) const { cairo_library().cairo_surface_destroy(s); }
};
struct CairoContextDeleter {
    void operator()(cairo_t* c) const { cairo_library().cairo_destroy(c); }
};
using CairoSurface = std::unique_ptr<cairo_surface_t, CairoSurfaceDeleter>;
using CairoContext = std::unique_ptr<cairo_t, CairoContextDeleter>;

/// cairo write callback (cairo_write_func_t) appending to the std::string passed as the closure.
inline cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

/// The surface as PNG bytes; std::runtime_error "<what>: PNG encoding failed: <cairo status>" on failure.
/// cairo's PNG writer stores no time stamp, so the same pixels give the same bytes.
inline std::string encode_png(cairo_surface_t* surface, std::string_view what) {
    const CairoLibrary& api = cairo_library();
    std::string png;
    const cairo_status_t status = api.cairo_surface_write_to_png_stream(surface, append_to_string, &png);
    if (status != CAIRO_STATUS_SUCCESS) {
        throw std::runtime_error(std::string(what) +
                                 ": PNG encoding failed: " + api.cairo_status_to_string(status));
    }
    return png;
}

}  // namespace kinema::render::detail
