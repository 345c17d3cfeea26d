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

/// Parses OBJ text; `file_name` is used in error messages only. Throws ObjError.
TriangleMesh parse_obj(std::string_view text, std::string_view file_name);

/// Reads and parses an OBJ file. Throws ObjError; when the file cannot be read, line() is 0 and what() is
/// "FILE: cannot read the file".
TriangleMesh load_obj(const std::filesystem::path& path);

}  // namespace kinema::levels
