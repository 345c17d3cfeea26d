// Wavefront OBJ triangle meshes (level geometry for kinema::nav). Standard library only, so that the core and
// the fuzz target can use it without Recast.
//
// Reference: influence-maps-and-levels.md section 4.3 (the Recast demo meshes use `f v`, `f v/vt/vn`, n-gons,
// `g` and `usemtl` lines). What the loader accepts:
// - `v x y z [more numbers]`: a vertex; only x, y, z are used (a 4th `w` or vertex colours are ignored);
// - `f a b c ...`: a face; each corner is `v`, `v/vt`, `v//vn` or `v/vt/vn` and only `v` is used. Indices are
//   1-based; negative indices count back from the last vertex defined so far (-1 = the latest). A face with n
//   corners becomes the n-2 triangles of a fan around its first corner;
// - `#` comments, blank lines, and every other statement (`vt`, `vn`, `vp`, `g`, `o`, `s`, `usemtl`,
// `mtllib`,
//   `l`, `p`, ...) are ignored.
// Everything else is an error naming the file and line: a number that does not parse, a non-finite vertex, a
// vertex with fewer than 3 coordinates, index 0, an index beyond the vertices defined so far, a face with
// fewer than 3 corners, and a file without faces.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/vec.hpp"

namespace kinema::levels {

/// A triangle soup in the file's own units and axes (kinema::nav takes y as up, as Recast does).
struct TriangleMesh {
    std::vector<Vec3> vertices;
    /// Vertex indices (0-based) of each triangle, in the file's winding order.
    std::vector<std::array<std::uint32_t, 3>> triangles;
};

/// A malformed OBJ file. what() is "FILE:LINE: message" (line is 1-based), or "FILE: message" when line is 0.
class ObjError : public std::invalid_argument {
  public:
    ObjError(std::string file, std::size_t line, const std::string& message);
    const std::string& file() const noexcept { return file_; }
    std::size_t line() const noexcept { return line_; }

  private:
    std::string file_;
    std::size_t line_;
};

/// Parses OBJ text (a leading UTF-8 byte-order mark is skipped); `file_name` is used in error messages only.
/// Throws ObjError.
TriangleMesh parse_obj(std::string_view text, std::string_view file_name);

/// Largest OBJ file load_obj() reads by default, bytes. The Recast demo meshes are 0.1-0.4 MB; a 64 MB mesh
/// (about a million triangles) parses in about a second, and a huge or endless input (a 2 GB sparse file,
/// /dev/zero, /dev/urandom) is refused after at most this many bytes instead of filling memory.
inline constexpr std::uintmax_t default_max_obj_bytes = 64ull * 1024 * 1024;

/// Reads and parses an OBJ file of at most max_bytes bytes (a leading UTF-8 byte-order mark is skipped).
/// Throws ObjError; when the file cannot be read (missing, a directory, over the cap), line() is 0 and what()
/// is "FILE: reason", e.g. "FILE: cannot open file: No such file or directory".
TriangleMesh load_obj(const std::filesystem::path& path, std::uintmax_t max_bytes = default_max_obj_bytes);

}  // namespace kinema::levels
