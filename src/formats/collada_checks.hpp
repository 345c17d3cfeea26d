// kinema's own checks of a COLLADA file before Assimp reads it. Assimp 5.2 (Debian's libassimp5) reads the
// index list of a <p> element number after number, and a character that is not part of a number stops it
// moving on: it appends index 0 without end. On a 3.7 KB file whose <p> held a few 0xff bytes (found by
// fuzz/mesh_scene_fuzz.cpp) `kinema audit` ran 97 s and took 16 GB before Assimp gave up. It also reserves
// room for a primitive's `count` before reading any. The COLLADA 1.4.1 specification (Khronos) makes <p>,
// <v>, <vcount> and <h> lists of whole numbers and `count` the number of values that follow, so such files
// are not COLLADA; kinema refuses them with one line.
#pragma once

#include <string>
#include <string_view>

namespace kinema::formats::detail {

/// Throws LevelError "PATH: COLLADA: ..." when an element <p>, <v>, <vcount> or <h> holds a character other
/// than digits, signs and white space, or a `count` attribute is larger than the file's length in bytes
/// (each counted value takes one byte at least). A file pugixml cannot parse is left to Assimp.
void check_collada(std::string_view bytes, const std::string& path);

}  // namespace kinema::formats::detail
