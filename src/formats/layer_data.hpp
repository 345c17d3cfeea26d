// Decoding a tile layer's data as Tiled stores it (doc.mapeditor.org, "TMX Map Format" <data> and "JSON Map
// Format" data): CSV text, or base64 of little-endian uint32 GIDs, uncompressed or compressed with zlib, gzip
// or zstd. Kept apart from the map readers (tiled.cpp) so the decompression and its caps sit in one place:
// a layer of W x H tiles must decode to exactly W * H GIDs (W * H * 4 bytes); inflating past that is refused
// as soon as the output would exceed it (a zip bomb costs at most W * H * 4 + 1 bytes), never trusted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kinema::formats::detail {

/// A layer's data that cannot be decoded; what() is the reason without the layer ("truncated base64 data"),
/// which the map reader puts after the file and the layer's name.
class LayerDataError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

enum class Compression { none, zlib, gzip, zstd };

/// A layer's (or an infinite map's chunk's) size in tiles, each in [1, levels::max_level_dimension].
struct LayerSize {
    int width = 0;
    int height = 0;
    [[nodiscard]] std::size_t tiles() const {
        return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
    }
};

/// The compression Tiled names `name` ("" none, "zlib", "gzip", "zstd"); throws LayerDataError
/// "unknown compression 'lzma' (known: zlib, gzip, zstd)" for any other.
[[nodiscard]] Compression compression_named(std::string_view name);

/// The bytes of base64 `text` (RFC 4648 alphabet, '=' padding; spaces, tabs and line ends skipped, as TMX
/// indents its data). Throws LayerDataError for a character outside the alphabet or a length that is not a
/// whole number of 4-character groups ("truncated base64 data").
[[nodiscard]] std::vector<std::uint8_t> decode_base64(std::string_view text);

/// The layer's GIDs from base64 `text` compressed with `compression`: the decoded bytes must be exactly
/// size.tiles() * 4 (little-endian uint32). Throws LayerDataError for bad base64, a corrupt or truncated
/// stream, or another size ("zlib data inflates to more than 400 bytes, the 4 bytes of each of 10 x 10
/// tiles", found without inflating further).
[[nodiscard]] std::vector<std::uint32_t> decode_base64_gids(std::string_view text, Compression compression,
                                                            LayerSize size);

/// The layer's GIDs from Tiled's CSV: decimal numbers separated by commas, with any spaces and line ends
/// around them (a trailing comma after the last is accepted). Throws LayerDataError for a value that is not a
/// GID (not a number, or above 4294967295) or a count other than size.tiles().
[[nodiscard]] std::vector<std::uint32_t> parse_csv_gids(std::string_view text, LayerSize size);

/// The message for data holding `got` GIDs where the layer has another number of tiles: "the data holds 12
/// tiles, the layer 10 x 10 = 100".
[[nodiscard]] std::string wrong_gid_count(std::size_t got, LayerSize size);

}  // namespace kinema::formats::detail
