// Images as levels, decoded with stb_image (Debian's libstb-dev, v2.27; header-only). Its implementation is
// compiled here, in this one file, static (STB_IMAGE_STATIC) so that it cannot clash with a copy inside
// another library of the process (Assimp carries its own), and only for PNG and BMP: the other formats stb
// reads (JPEG, GIF, PSD, ...) are not collision masks and would only widen what a hostile file can reach
// (stb 2.27's published fuzzing bugs are in its JPEG, HDR and PNM decoders). STBI_NO_FAILURE_STRINGS: stb
// writes the name of an unknown PNG chunk into one static buffer shared by every thread ("not threadsafe",
// its own comment), and its reasons are terse; kinema says what failed itself.
#include "kinema/formats/image_level.hpp"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include "kinema/core/text.hpp"

#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_ONLY_BMP
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
#define STBI_NO_FAILURE_STRINGS
#include <stb_image.h>

namespace kinema::formats {
namespace {

using levels::LevelError;

[[noreturn]] void refuse(const std::string& name, const std::string& message) {
    throw LevelError(name + ": " + message);
}

constexpr std::string_view png_signature("\x89PNG\r\n\x1a\n", 8);  // PNG spec, 5.2
constexpr std::string_view bmp_signature("BM", 2);                 // BITMAPFILEHEADER.bfType

bool is_png(std::string_view bytes) {
    return bytes.starts_with(png_signature);
}

bool has_image_signature(std::string_view bytes) {
    return is_png(bytes) || bytes.starts_with(bmp_signature);
}

void refuse_without_signature(std::string_view bytes, const std::string& name) {
    if (!has_image_signature(bytes)) {
        refuse(name, "not a PNG or BMP image (it starts with " + quote_for_message(bytes.substr(0, 8)) + ")");
    }
}

// A PNG's chunks (PNG spec, 5.3: a 4-byte big-endian length, a 4-byte type, the data, a 4-byte CRC) each fit
// in the bytes after them, up to IEND. stb_image 2.27 grows its IDAT buffer to a chunk's stated length before
// reading it: a 106-byte file saying 1.1 GB made it reallocate that much (found by fuzz/image_fuzz.cpp).
void check_png_chunks(std::string_view bytes, const std::string& name) {
    std::size_t at = png_signature.size();
    while (at + 8 <= bytes.size()) {
        std::uint64_t length = 0;
        for (std::size_t i = 0; i < 4; ++i) {
            length = length << 8 | static_cast<unsigned char>(bytes[at + i]);
        }
        const std::string_view type = bytes.substr(at + 4, 4);
        if (length + 12 > bytes.size() - at) {
            refuse(name, "PNG chunk " + quote_for_message(type) + " at byte " + std::to_string(at) +
                             " says " + std::to_string(length) + " bytes, more than the file holds after it");
        }
        if (type == "IEND") {
            return;
        }
        at += static_cast<std::size_t>(length) + 12;
    }
}

struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    bool operator==(const Rgb&) const = default;
};

int hex_digit(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

// "#rrggbb", hex digits in any case (the notation of CSS, Tiled and LDtk colours).
Rgb walls_colour(const std::string& text, const std::string& name) {
    bool ok = text.size() == 7 && text[0] == '#';
    for (std::size_t i = 1; ok && i < text.size(); ++i) {
        ok = hex_digit(text[i]) >= 0;
    }
    if (!ok) {
        refuse(name, "the walls colour must be '#rrggbb', got " + quote_for_message(text));
    }
    const auto byte = [&](std::size_t at) {
        return static_cast<std::uint8_t>(hex_digit(text[at]) * 16 + hex_digit(text[at + 1]));
    };
    return {byte(1), byte(3), byte(5)};
}

// BT.601 luma with integer weights (ITU-R BT.601: 0.299, 0.587, 0.114), on the stored 8-bit values: a
// pixel darker than mid-grey (128) is a wall. Integers, so the threshold is exact on every platform.
bool is_dark(Rgb c) {
    return 299 * c.r + 587 * c.g + 114 * c.b < 128 * 1000;
}

struct StbFree {
    void operator()(stbi_uc* pixels) const { stbi_image_free(pixels); }
};

}  // namespace

void check_image_start(std::string_view first_bytes, const std::string& name) {
    refuse_without_signature(first_bytes, name);
}

levels::GridLevel parse_image_level(std::string_view bytes, const std::string& name,
                                    const levels::LevelReadOptions& options) {
    refuse_without_signature(bytes, name);
    if (is_png(bytes)) {
        check_png_chunks(bytes, name);
    }
    // A plain flag beside the colour: GCC 12 warns of std::optional<Rgb> read "uninitialized" in the loop.
    const bool by_colour = !options.walls.empty();
    const Rgb walls = by_colour ? walls_colour(options.walls, name) : Rgb{};
    if (bytes.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
        refuse(name, "image file too large");
    }
    const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
    const int length = static_cast<int>(bytes.size());
    int width = 0;
    int height = 0;
    int channels = 0;
    // The header first: the size is checked before a pixel is decoded.
    if (stbi_info_from_memory(data, length, &width, &height, &channels) == 0) {
        refuse(name, "cannot read the image header: a damaged PNG or BMP, or a kind stb_image does not read");
    }
    if (width < 1 || height < 1 || width > max_image_side || height > max_image_side) {
        refuse(name, "image " + std::to_string(width) + " x " + std::to_string(height) +
                         " pixels too large (at most " + std::to_string(max_image_side) + " per side)");
    }
    const std::unique_ptr<stbi_uc, StbFree> pixels(
        stbi_load_from_memory(data, length, &width, &height, &channels, 4));
    if (pixels == nullptr) {
        refuse(name, "cannot decode the image: its pixel data are damaged or cut short");
    }
    levels::GridLevel level;
    level.name = name;
    level.width = width;
    level.height = height;
    level.passable.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    for (std::size_t i = 0; i < level.passable.size(); ++i) {
        const stbi_uc* p = pixels.get() + 4 * i;
        const Rgb colour{p[0], p[1], p[2]};
        const bool outside = p[3] == 0;  // fully transparent: outside the level
        const bool wall = by_colour ? colour == walls : is_dark(colour);
        level.passable[i] = outside || wall ? 0 : 1;
    }
    if (level.passable_count() == 0) {
        refuse(name,
               by_colour
                   ? "the image has no floor: every opaque pixel is the walls colour " + options.walls
                   : std::string("the image has no floor: no opaque pixel is light (BT.601 luma >= 128)"));
    }
    return level;
}

}  // namespace kinema::formats
