// 3D scenes read with Assimp (glTF 2.0, FBX, COLLADA, PLY, STL, 3DS): the mesh formats kinema::formats adds
// to levels' registry where it is built with Assimp (KINEMA_FORMATS_ASSIMP). docs/levels.md, "3D scenes".
#pragma once

#include <cstdint>
#include <string>

#include "kinema/levels/level_read_options.hpp"
#include "kinema/levels/obj.hpp"

namespace kinema::formats::detail {

/// The triangles of the scene file at `path`, in metres with y up: Assimp triangulates the scene and applies
/// every node transform, points and lines are dropped, every mesh is merged into one; FBX's UnitScaleFactor
/// and axis settings are applied, then `options.scale` and `options.up`. The file and every file it refers to
/// (a glTF's external buffers) are read by kinema within `max_bytes` bytes in all. Throws LevelError
/// "PATH: why" (Assimp's reason, or kinema's own checks: an accessor past its buffer, no triangles, ...), and
/// "PATH:0: why" (unreadable_file()) when the file itself cannot be read.
levels::TriangleMesh load_scene_mesh(const std::string& path, std::uintmax_t max_bytes,
                                     const levels::LevelReadOptions& options);

/// The same for a file's bytes already in memory, `path` naming it (its extension chooses the format) and
/// the directory where its external files are found (fuzz/mesh_scene_fuzz.cpp).
levels::TriangleMesh parse_scene_mesh(std::string bytes, const std::string& path, std::uintmax_t max_bytes,
                                      const levels::LevelReadOptions& options);

}  // namespace kinema::formats::detail
