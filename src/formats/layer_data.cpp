#include "layer_data.hpp"

#include <zlib.h>
#include <zstd.h>

#include <array>
#include <memory>

namespace kinema::formats::detail {
namespace {

constexpr std::size_t bytes_per_gid = 4;  // Tiled: "an array of unsigned 32-bit integers ... little-endian"

/// A value shown in a message: at most 20 bytes, non-printable bytes as \xNN, so binary junk stays one line.
std::string shown(std::string_view text) {
    constexpr std::size_t max_shown = 20;
    std::string out = "'";
    for (std::size_t i = 0; i < text.size() && i < max_shown; ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte < 0x7f) {
            out += static_cast<char>(byte);
        } else {
            constexpr std::string_view hex = "0123456789abcdef";
            out.append("\\x").append(1, hex[byte >> 4]).append(1, hex[byte & 0xf]);
        }
    }
    return out + (text.size() > max_shown ? "...'" : "'");
}

std::string size_text(LayerSize size) {
    return std::to_string(size.width) + " x " + std::to_string(size.height);
}

std::string too_many_bytes(std::string_view what, LayerSize size) {
    return std::string(what) + " data inflates to more than " + std::to_string(size.tiles() * bytes_per_gid) +
           " bytes, the 4 bytes of each of " + size_text(size) + " tiles";
}

std::string wrong_byte_count(std::string_view what, std::size_t got, LayerSize size) {
    return std::string(what) + " data holds " + std::to_string(got) + " bytes, the layer's " +
           size_text(size) + " tiles need " + std::to_string(size.tiles() * bytes_per_gid) +
           (got < size.tiles() * bytes_per_gid ? " (truncated?)" : "");
}

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/// The value of a base64 character, -1 for '=' and -2 for a character outside the alphabet.
int base64_value(char c) {
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    if (c == '+') {
        return 62;
    }
    if (c == '/') {
        return 63;
    }
    return c == '=' ? -1 : -2;
}

// zlib's inflate into a buffer one byte larger than the layer needs: a stream that fills it is refused there,
// whatever it would inflate to. `window_bits` 15 reads a zlib header, 15 + 16 a gzip one (zlib.h,
// inflateInit2).
std::vector<std::uint8_t> inflate_capped(const std::vector<std::uint8_t>& in, int window_bits,
                                         std::string_view what, LayerSize size) {
    const std::size_t expected = size.tiles() * bytes_per_gid;
    std::vector<std::uint8_t> out(expected + 1);
    z_stream stream{};
    if (inflateInit2(&stream, window_bits) != Z_OK) {
        throw LayerDataError("cannot start zlib's inflate");
    }
    const std::unique_ptr<z_stream, int (*)(z_stream*)> end(&stream, inflateEnd);
    // Both sizes fit zlib's 32-bit counts: a level file is at most 64 MiB, a layer at most 4096 x 4096 x 4
    // bytes.
    stream.next_in = const_cast<Bytef*>(in.data());  // zlib's API is not const; it only reads next_in
    stream.avail_in = static_cast<uInt>(in.size());
    stream.next_out = out.data();
    stream.avail_out = static_cast<uInt>(out.size());
    for (;;) {
        const int status = inflate(&stream, Z_FINISH);
        if (status == Z_STREAM_END) {
            break;
        }
        if (status == Z_OK) {
            continue;  // progress; Z_FINISH asks for the rest
        }
        if (status == Z_BUF_ERROR && stream.avail_out == 0) {
            throw LayerDataError(too_many_bytes(what, size));
        }
        if (status == Z_BUF_ERROR) {
            throw LayerDataError(std::string(what) + " data is truncated (the stream ends after " +
                                 std::to_string(stream.total_out) + " bytes)");
        }
        throw LayerDataError("corrupt " + std::string(what) + " data" +
                             (stream.msg != nullptr ? std::string(": ") + stream.msg : std::string()));
    }
    if (stream.total_out > expected) {
        throw LayerDataError(too_many_bytes(what, size));
    }
    out.resize(stream.total_out);
    return out;
}

// libzstd's streaming decompression into a buffer one byte larger than the layer needs, as inflate_capped.
std::vector<std::uint8_t> zstd_capped(const std::vector<std::uint8_t>& in, LayerSize size) {
    const std::size_t expected = size.tiles() * bytes_per_gid;
    std::vector<std::uint8_t> out(expected + 1);
    const std::unique_ptr<ZSTD_DCtx, std::size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!context) {
        throw LayerDataError("cannot start zstd's decompression");
    }
    // A frame may ask for a window of up to 2^27 bytes by default; no layer needs more than its own size
    // (at most 4096 x 4096 x 4 = 2^26 bytes), so a larger request is refused before it is allocated.
    ZSTD_DCtx_setParameter(context.get(), ZSTD_d_windowLogMax, 26);
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    for (;;) {
        const std::size_t before_in = input.pos;
        const std::size_t before_out = output.pos;
        const std::size_t status = ZSTD_decompressStream(context.get(), &output, &input);
        if (ZSTD_isError(status) != 0) {
            throw LayerDataError(std::string("corrupt zstd data: ") + ZSTD_getErrorName(status));
        }
        if (output.pos > expected) {
            throw LayerDataError(too_many_bytes("zstd", size));
        }
        if (status == 0 && input.pos == input.size) {
            break;  // the last frame is complete and the input used up
        }
        if (input.pos == before_in && output.pos == before_out) {
            throw LayerDataError("zstd data is truncated (the stream ends after " +
                                 std::to_string(output.pos) + " bytes)");
        }
    }
    out.resize(output.pos);
    return out;
}

std::vector<std::uint32_t> gids_of_bytes(const std::vector<std::uint8_t>& bytes) {
    std::vector<std::uint32_t> gids(bytes.size() / bytes_per_gid);
    for (std::size_t i = 0; i < gids.size(); ++i) {
        const std::uint8_t* b = &bytes[i * bytes_per_gid];
        gids[i] = static_cast<std::uint32_t>(b[0]) | static_cast<std::uint32_t>(b[1]) << 8u |
                  static_cast<std::uint32_t>(b[2]) << 16u | static_cast<std::uint32_t>(b[3]) << 24u;
    }
    return gids;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && is_space(text.front())) {
        text.remove_prefix(1);
    }
    while (!text.empty() && is_space(text.back())) {
        text.remove_suffix(1);
    }
    return text;
}

std::uint32_t parse_gid(std::string_view token) {
    std::uint64_t value = 0;
    for (const char c : token) {
        if (c < '0' || c > '9') {
            throw LayerDataError("CSV value " + shown(token) + " is not a tile GID");
        }
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
        if (value > 0xffffffffull) {
            throw LayerDataError("CSV value " + shown(token) + " is larger than a GID (at most 4294967295)");
        }
    }
    return static_cast<std::uint32_t>(value);
}

}  // namespace

Compression compression_named(std::string_view name) {
    if (name.empty()) {
        return Compression::none;
    }
    if (name == "zlib") {
        return Compression::zlib;
    }
    if (name == "gzip") {
        return Compression::gzip;
    }
    if (name == "zstd") {
        return Compression::zstd;
    }
    throw LayerDataError("unknown compression " + shown(name) + " (known: zlib, gzip, zstd)");
}

std::vector<std::uint8_t> decode_base64(std::string_view text) {
    std::vector<std::uint8_t> out;
    out.reserve(text.size() / 4 * 3);
    std::array<int, 4> group{};
    std::size_t in_group = 0;
    std::size_t padding = 0;
    for (const char c : text) {
        if (is_space(c)) {
            continue;
        }
        const int value = base64_value(c);
        if (value == -2) {
            throw LayerDataError("invalid base64 character " + shown(std::string_view(&c, 1)));
        }
        if (padding > 0 && value != -1) {
            throw LayerDataError("base64 data continues after its '=' padding");
        }
        padding += value == -1 ? 1 : 0;
        group[in_group++] = value < 0 ? 0 : value;
        if (in_group == 4) {
            const auto bits =
                static_cast<std::uint32_t>(group[0] << 18 | group[1] << 12 | group[2] << 6 | group[3]);
            const std::size_t bytes = padding >= 3 ? 0 : 3 - padding;
            for (std::size_t i = 0; i < bytes; ++i) {
                out.push_back(static_cast<std::uint8_t>(bits >> (16 - 8 * i)));
            }
            in_group = 0;
        }
    }
    if (in_group != 0 || padding > 2) {
        throw LayerDataError("truncated base64 data (" + std::to_string(in_group) +
                             " characters after the last whole group of 4)");
    }
    return out;
}

std::vector<std::uint32_t> decode_base64_gids(std::string_view text, Compression compression,
                                              LayerSize size) {
    const std::vector<std::uint8_t> decoded = decode_base64(text);
    std::vector<std::uint8_t> bytes;
    std::string_view what = "base64";
    switch (compression) {
        case Compression::none:
            bytes = decoded;
            break;
        case Compression::zlib:
            what = "zlib";
            bytes = inflate_capped(decoded, 15, what, size);
            break;
        case Compression::gzip:
            what = "gzip";
            bytes = inflate_capped(decoded, 15 + 16, what, size);
            break;
        case Compression::zstd:
            what = "zstd";
            bytes = zstd_capped(decoded, size);
            break;
    }
    if (bytes.size() != size.tiles() * bytes_per_gid) {
        throw LayerDataError(wrong_byte_count(what, bytes.size(), size));
    }
    return gids_of_bytes(bytes);
}

std::vector<std::uint32_t> parse_csv_gids(std::string_view text, LayerSize size) {
    std::vector<std::uint32_t> gids;
    gids.reserve(size.tiles());
    std::size_t count = 0;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string_view token = trimmed(
            text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        const bool last = comma == std::string_view::npos;
        if (token.empty() && last && count > 0) {
            break;  // a trailing comma, or the end
        }
        if (token.empty()) {
            throw LayerDataError("empty CSV value after " + std::to_string(count) + " GIDs");
        }
        const std::uint32_t gid = parse_gid(token);
        if (count < size.tiles()) {
            gids.push_back(gid);  // past the layer's size the values are only counted, for the message
        }
        ++count;
        if (last) {
            break;
        }
        start = comma + 1;
    }
    if (count != size.tiles()) {
        throw LayerDataError(wrong_gid_count(count, size));
    }
    return gids;
}

std::string wrong_gid_count(std::size_t got, LayerSize size) {
    return "the data holds " + std::to_string(got) + " tiles, the layer " + size_text(size) + " = " +
           std::to_string(size.tiles());
}

}  // namespace kinema::formats::detail
