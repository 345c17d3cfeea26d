// Reads PNG bytes back through cairo, for tests that check pixel colours at known points.
#pragma once

#include <cairo.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "kinema/render/scene.hpp"

namespace kinema::render::test {

struct Image {
    std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface{nullptr,
                                                                               cairo_surface_destroy};
    int width() const { return cairo_image_surface_get_width(surface.get()); }
    int height() const { return cairo_image_surface_get_height(surface.get()); }
    Rgb at(double x, double y) const {
        const unsigned char* data = cairo_image_surface_get_data(surface.get());
        const int stride = cairo_image_surface_get_stride(surface.get());
        std::uint32_t pixel = 0;  // native-endian 0x00RRGGBB (RGB24) or 0xAARRGGBB
        std::memcpy(&pixel,
                    data + static_cast<std::ptrdiff_t>(y) * stride + static_cast<std::ptrdiff_t>(x) * 4,
                    sizeof pixel);
        return {static_cast<std::uint8_t>(pixel >> 16), static_cast<std::uint8_t>(pixel >> 8),
                static_cast<std::uint8_t>(pixel)};
    }
};

struct PngReader {
    const std::string* bytes;
    std::size_t offset = 0;
    static cairo_status_t read(void* closure, unsigned char* data, unsigned int length) {
        auto* r = static_cast<PngReader*>(closure);
        if (r->offset + length > r->bytes->size()) {
            return CAIRO_STATUS_READ_ERROR;
        }
        std::memcpy(data, r->bytes->data() + r->offset, length);
        r->offset += length;
        return CAIRO_STATUS_SUCCESS;
    }
};

inline Image decode(const std::string& png) {
    PngReader reader{&png};
    Image image;
    image.surface.reset(cairo_image_surface_create_from_png_stream(PngReader::read, &reader));
    EXPECT_EQ(cairo_surface_status(image.surface.get()), CAIRO_STATUS_SUCCESS);
    cairo_surface_flush(image.surface.get());
    return image;
}

inline ::testing::AssertionResult same(Rgb a, Rgb b) {
    if (a == b) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure() << "(" << int(a.r) << "," << int(a.g) << "," << int(a.b) << ") vs ("
                                         << int(b.r) << "," << int(b.g) << "," << int(b.b) << ")";
}

/// "#rrggbb" of a colour, as the SVG and JSON backends write it.
inline std::string hex(Rgb c) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", c.r, c.g, c.b);
    return buffer;
}

}  // namespace kinema::render::test
