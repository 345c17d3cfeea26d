// kinema's own checks of a glTF 2.0 file before Assimp reads it. Assimp 5.2 trusts a glTF's sizes and node
// graph: an accessor past the end of its buffer, a node that is its own ancestor or a node shared by two
// parents make it read out of bounds, recurse without end or copy a subtree exponentially often (found by
// fuzz/mesh_scene_fuzz.cpp; docs/errors.md). The glTF 2.0 specification (Khronos, sections 3.6 "Binary
// data storage" and 3.5 "Nodes and hierarchy") requires what is checked here, so a valid file always passes.
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
