// kinema's own checks of a glTF 2.0 file before Assimp reads it. Assimp 5.2 (Debian's libassimp5) checks
// accessors and bufferViews against their buffers itself ("GLTF: Accessor with offset/length (0/400000) is
// out of range"), but two inputs defeat it, measured with `assimp info` here: JSON nested 200,000 deep
// crashes it (its rapidjson parser recurses once per level: a stack overflow, SIGSEGV), and 31 nodes each
// listing the next twice as children make it copy the last one 2^30 times (no answer in 20 s). The glTF 2.0
// specification (Khronos, section 3.5.3 "Nodes and hierarchy") requires the nodes to form disjoint trees, so
// those files are invalid; kinema refuses them, and checks the sizes itself to name the element
// (accessors[0], buffers[1].uri) in its one-line message rather than pass on Assimp's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace kinema::formats::detail {

/// Throws LevelError "PATH: JSON-PATH ..." naming the first element that breaks the rules Assimp relies on:
/// a .glb's header and chunks (truncated, wrong magic or version), buffers whose data (a data: URI, the
/// .glb's BIN chunk or an external file found relative to PATH, at most `max_bytes`) is shorter than their
/// byteLength or missing, bufferViews past their buffer, accessors past their bufferView (count, type,
/// componentType, byteOffset and byteStride as the specification computes them), indices of buffers, views,
/// accessors, meshes and nodes that do not exist, and a node graph that is not a forest.
void check_gltf_buffers(std::string_view bytes, const std::string& path, std::uintmax_t max_bytes);

}  // namespace kinema::formats::detail
