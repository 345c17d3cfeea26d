// kinema's own check of a PLY file's header before Assimp reads it. Assimp 5.2 (Debian's libassimp5) reads a
// header that never ends (no `end_header` line) forever (`assimp info` on a 200-byte ASCII file of that kind
// ran for the whole of a 20 s limit), and a header with bytes out of place in its element and property lines
// corrupts its heap ("double free or corruption", in `assimp info` too); both were found by
// fuzz/mesh_scene_fuzz.cpp. The header's grammar (Greg Turk's PLY description, as Paul Bourke's "PLY -
// Polygon File Format" gives it) is small, so kinema checks all of it and refuses any other header with one
// line naming the line.
#pragma once

#include <string>
#include <string_view>

namespace kinema::formats::detail {

/// Throws LevelError "PATH: PLY header line N: ..." unless the header is: `ply`; `format ascii 1.0` (or
/// `binary_little_endian`, `binary_big_endian`); then `comment ...` and `obj_info ...` lines, `element NAME
/// COUNT` lines (COUNT a whole number no larger than the file's length), each followed by its `property TYPE
/// NAME` or `property list TYPE TYPE NAME` lines (TYPE one of char, uchar, short, ushort, int, uint, float,
/// double, int8, uint8, int16, uint16, int32, uint32, float32, float64); and `end_header`. Lines end in a
/// line feed, optionally after a carriage return; words are separated by spaces or tabs. Names are printable
/// ASCII.
void check_ply_header(std::string_view bytes, const std::string& path);

}  // namespace kinema::formats::detail
