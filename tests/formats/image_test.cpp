// Images as levels (kinema/formats/image_level.hpp, docs/levels.md "Images as levels (.png, .bmp)"): the
// threshold, transparency and the walls colour on images written here (PNG with stored deflate blocks, 32-bit
// BMP), our levels' PNG twins against their ASCII originals, and every refusal with its whole message.
#include "kinema/formats/image_level.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "error_of.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "scratch.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;
using Tiles = std::vector<std::uint8_t>;
using Rgba = std::array<std::uint8_t, 4>;

void put_u32_be(std::string& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) {
        out.push_back(static_cast<char>((v >> shift) & 0xFF));
    }
}

std::uint32_t crc32(std::string_view bytes) {  // PNG spec, annex D
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char c : bytes) {
        crc ^= static_cast<std::uint8_t>(c);
        for (int k = 0; k < 8; ++k) {
            crc = (crc & 1u) != 0 ? 0xEDB88320u ^ (crc >> 1) : crc >> 1;
        }
    }
    return crc ^ 0xFFFFFFFFu;
}

std::string chunk(const std::string& kind, const std::string& data) {
    std::string out;
    put_u32_be(out, static_cast<std::uint32_t>(data.size()));
    out += kind + data;
    put_u32_be(out, crc32(kind + data));
    return out;
}

// zlib (RFC 1950) around one stored deflate block (RFC 1951, 3.2.4): no compressor needed.
std::string zlib_stored(const std::string& raw) {
    std::string out = "\x78\x01";
    out.push_back('\x01');  // final block, stored
    const auto n = static_cast<std::uint16_t>(raw.size());
    for (const std::uint16_t v : {n, static_cast<std::uint16_t>(~n)}) {
        out.push_back(static_cast<char>(v & 0xFF));
        out.push_back(static_cast<char>(v >> 8));
    }
    out += raw;
    std::uint32_t a = 1;
    std::uint32_t b = 0;
    for (const char c : raw) {
        a = (a + static_cast<std::uint8_t>(c)) % 65521u;
        b = (b + a) % 65521u;
    }
    put_u32_be(out, (b << 16) | a);
    return out;
}

std::string png_header(std::uint32_t width, std::uint32_t height) {
    std::string ihdr;
    put_u32_be(ihdr, width);
    put_u32_be(ihdr, height);
    ihdr += std::string("\x08\x06\x00\x00\x00", 5);  // 8-bit RGBA, no interlace
    return std::string("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr);
}

// An 8-bit RGBA PNG of `width` columns, pixels row-major.
std::string png(int width, const std::vector<Rgba>& pixels) {
    const int height = static_cast<int>(pixels.size()) / width;
    std::string raw;
    for (int row = 0; row < height; ++row) {
        raw.push_back('\0');  // filter type 0
        for (int col = 0; col < width; ++col) {
            const Rgba& p = pixels[static_cast<std::size_t>(row * width + col)];
            raw.append(reinterpret_cast<const char*>(p.data()), 4);
        }
    }
    return png_header(static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height)) +
           chunk("IDAT", zlib_stored(raw)) + chunk("IEND", "");
}

void put_u32_le(std::string& out, std::uint32_t v) {
    for (int shift = 0; shift < 32; shift += 8) {
        out.push_back(static_cast<char>((v >> shift) & 0xFF));
    }
}

// A 24-bit BMP (BITMAPINFOHEADER, rows bottom-up, each padded to 4 bytes).
std::string bmp(int width, const std::vector<Rgba>& pixels) {
    const int height = static_cast<int>(pixels.size()) / width;
    const int stride = (width * 3 + 3) / 4 * 4;
    std::string out = "BM";
    put_u32_le(out, static_cast<std::uint32_t>(54 + stride * height));
    put_u32_le(out, 0);
    put_u32_le(out, 54);
    for (const std::uint32_t v :
         {40u, static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height)}) {
        put_u32_le(out, v);
    }
    out += std::string("\x01\x00\x18\x00", 4);  // 1 plane, 24 bits
    for (int i = 0; i < 6; ++i) {
        put_u32_le(out, 0);
    }
    for (int row = height - 1; row >= 0; --row) {
        for (int col = 0; col < width; ++col) {
            const Rgba& p = pixels[static_cast<std::size_t>(row * width + col)];
            out += {static_cast<char>(p[2]), static_cast<char>(p[1]), static_cast<char>(p[0])};
        }
        out.append(static_cast<std::size_t>(stride - width * 3), '\0');
    }
    return out;
}

levels::GridLevel parse(const std::string& bytes, const std::string& walls = "") {
    return formats::parse_image_level(bytes, "m.png", {.level = "", .walls = walls});
}

std::string refusal(const std::string& bytes, const std::string& walls = "") {
    return error_of([&] { (void)parse(bytes, walls); });
}

constexpr Rgba black{0, 0, 0, 255};
constexpr Rgba white{255, 255, 255, 255};

TEST(ImageLevel, DarkPixelsAreWallsLightOnesFloorAtLuma128) {
    // BT.601 luma: (128,128,128) is 128, floor; (127,128,128) is 127.701, a wall; pure green (0,255,0) is
    // 149.685, floor; pure red (255,0,0) 76.245 and blue 29.07, walls.
    const levels::GridLevel l = parse(png(3, {{128, 128, 128, 255},
                                              {127, 128, 128, 255},
                                              {0, 255, 0, 255},
                                              {255, 0, 0, 255},
                                              {0, 0, 255, 255},
                                              white}));
    EXPECT_EQ(l.width, 3);
    EXPECT_EQ(l.height, 2);
    EXPECT_EQ(l.passable, (Tiles{1, 0, 1, 0, 0, 1}));
    EXPECT_EQ(l.name, "m.png");
    EXPECT_EQ(l.title, "");
    EXPECT_FALSE(l.seed.has_value());
}

TEST(ImageLevel, FullyTransparentPixelsAreOutsideAndOthersAreJudgedByColour) {
    const levels::GridLevel l = parse(png(3, {{255, 255, 255, 0}, {255, 255, 255, 1}, {0, 0, 0, 128}}));
    EXPECT_EQ(l.passable, (Tiles{0, 1, 0}));
}

TEST(ImageLevel, TheWallsColourMakesExactlyThatColourWalls) {
    const std::string image = png(4, {{255, 0, 0, 255}, {254, 0, 0, 255}, black, {255, 0, 0, 0}});
    EXPECT_EQ(parse(image, "#FF0000").passable, (Tiles{0, 1, 1, 0}));
    EXPECT_EQ(parse(image, "#ff0000").passable, (Tiles{0, 1, 1, 0}));
    EXPECT_EQ(refusal(image, "red"), "m.png: the walls colour must be '#rrggbb', got 'red'");
    EXPECT_EQ(refusal(image, "#ff00001"), "m.png: the walls colour must be '#rrggbb', got '#ff00001'");
    EXPECT_EQ(refusal(image, "#ff00gg"), "m.png: the walls colour must be '#rrggbb', got '#ff00gg'");
    EXPECT_EQ(refusal(png(2, {black, black}), "#000000"),
              "m.png: the image has no floor: every opaque pixel is the walls colour #000000");
}

TEST(ImageLevel, ABmpIsReadAsAPng) {
    const std::vector<Rgba> pixels{black, white, white, black, white, {100, 100, 100, 255}};
    EXPECT_EQ(parse(bmp(3, pixels)).passable, parse(png(3, pixels)).passable);
    EXPECT_EQ(parse(bmp(3, pixels)).passable, (Tiles{0, 1, 1, 0, 1, 0}));
}

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

TEST(ImageLevel, EachOfOurLevelsPngTwinIsItsAsciiOriginalWithoutSeed) {
    int twins = 0;
    for (const auto& entry : fs::directory_iterator(levels_dir)) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        SCOPED_TRACE(entry.path().string());
        const levels::GridLevel ascii = levels::load_ascii_level(entry.path().string());
        const fs::path twin = fs::path(levels_dir) / "images" / (entry.path().stem().string() + ".png");
        const levels::GridLevel image = formats::parse_image_level(read_file(twin), twin.string());
        EXPECT_EQ(image.width, ascii.width);
        EXPECT_EQ(image.height, ascii.height);
        EXPECT_EQ(image.passable, ascii.passable);
        EXPECT_FALSE(image.seed.has_value());
        ++twins;
    }
    EXPECT_EQ(twins, 8);
}

TEST(ImageLevel, AFileThatIsNoImageIsRefusedByItsFirstBytes) {
    EXPECT_EQ(refusal("#####\n#...#\n"), "m.png: not a PNG or BMP image (it starts with '#####\\x0a#.')");
    EXPECT_EQ(refusal(""), "m.png: not a PNG or BMP image (it starts with '')");
    EXPECT_EQ(error_of([] { formats::check_image_start("GIF89a", "m.gif"); }),
              "m.gif: not a PNG or BMP image (it starts with 'GIF89a')");
    EXPECT_EQ(error_of([] { formats::check_image_start("BM....", "m.bmp"); }), "no error");
}

TEST(ImageLevel, AnImageOver4096PerSideIsRefusedFromItsHeader) {
    // Only the header: no pixel data is needed (or read) to refuse it.
    EXPECT_EQ(refusal(png_header(4097, 2) + chunk("IEND", "")),
              "m.png: image 4097 x 2 pixels too large (at most 4096 per side)");
    EXPECT_EQ(refusal(png_header(1, 100000) + chunk("IEND", "")),
              "m.png: image 1 x 100000 pixels too large (at most 4096 per side)");
}

TEST(ImageLevel, ABrokenImageIsRefused) {
    const std::string good = png(2, {white, black});
    EXPECT_EQ(refusal(good.substr(0, 12)),
              "m.png: cannot read the image header: a damaged PNG or BMP, or a kind stb_image does not read");
    // Cut short inside its IDAT chunk, whose length says more than is left: refused before stb_image, which
    // grows its buffer to a chunk's stated length first (image_fuzz found a 106-byte file saying 1.1 GB).
    const std::string cut = refusal(good.substr(0, good.size() - 20));
    EXPECT_EQ(cut.rfind("m.png: PNG chunk 'IDAT' at byte 33 says ", 0), 0u) << cut;
    EXPECT_NE(cut.find(" bytes, more than the file holds after it"), std::string::npos) << cut;
    EXPECT_EQ(refusal(png_header(2, 1) + std::string("\x7f\xff\xff\xf0IDAT", 8) + "abc"),
              "m.png: PNG chunk 'IDAT' at byte 33 says 2147483632 bytes, more than the file holds after it");
    // An IDAT chunk of no bytes and an unknown critical chunk (image_fuzz found it: stb copied 0 bytes from a
    // null pointer, and wrote the chunk's name into a buffer shared by all threads).
    const std::string header = png_header(2, 1);
    EXPECT_EQ(refusal(header + chunk("IDAT", "") + chunk("Xq\x01\x02", "") + chunk("IEND", "")),
              "m.png: cannot decode the image: its pixel data are damaged or cut short");
    EXPECT_EQ(refusal(png(2, {black, black})),
              "m.png: the image has no floor: no opaque pixel is light (BT.601 luma >= 128)");
}

}  // namespace
}  // namespace kinema::test
