// How a world point maps to the horizontal plane that the chase cells and the pursuit move in, and to the
// height beside it. Grids (Moving AI and kinema ASCII levels) and plain xy graphs use the plane (x, y) with
// the height in z; 3D levels built from Y-up meshes (Recast/OBJ) use the plane (x, z) with the height in y.
// The flood's barrier half-plane test (Couvidou's Dishonored 2 chase chapter in Game AI Pro Online Edition
// 2021) is done in this plane.
#pragma once

#include <array>
#include <cstddef>

#include "kinema/core/vec.hpp"

namespace kinema {

/// A world point's coordinates as the faces write them (JSON arrays, messages): x, y on an xy frame (the
/// height is not reported); x, y, z on an xz frame.
struct ShownPoint {
    std::array<double, 3> values{};
    std::size_t count = 0;

    const double* begin() const { return values.data(); }
    const double* end() const { return values.data() + count; }
};

class PlanarFrame {
  public:
    static const PlanarFrame xy;  ///< grids and xy graphs: plane (x, y), height z; points have 2 numbers
    static const PlanarFrame xz;  ///< Y-up 3D levels: plane (x, z), height y; points have 3 numbers

    /// The xy frame.
    constexpr PlanarFrame() = default;
    /// The frame of points typed with `dimensions` numbers: 3 -> xz, anything else -> xy.
    static constexpr PlanarFrame of_dimensions(int dimensions) { return PlanarFrame(dimensions == 3); }

    /// How many numbers a point has in the faces: 2 on xy, 3 on xz.
    constexpr int dimensions() const { return xz_ ? 3 : 2; }
    /// The world point of planar position p at height h.
    constexpr Vec3 world(Vec2 p, double h) const { return xz_ ? Vec3{p.x, h, p.y} : Vec3{p.x, p.y, h}; }
    /// w projected on the plane: (x, y) on xy, (x, z) on xz.
    constexpr Vec2 flat(Vec3 w) const { return xz_ ? Vec2{w.x, w.z} : Vec2{w.x, w.y}; }
    /// w's height: z on xy, y on xz.
    constexpr double height(Vec3 w) const { return xz_ ? w.y : w.z; }
    /// w rebuilt from its plane position and height (the identity, spelt through the frame).
    constexpr Vec3 on_plane(Vec3 w) const { return world(flat(w), height(w)); }
    /// w as the faces write it: {x, y} on xy, {x, y, z} on xz.
    constexpr ShownPoint shown(Vec3 w) const {
        return xz_ ? ShownPoint{{w.x, w.y, w.z}, 3} : ShownPoint{{w.x, w.y, 0.0}, 2};
    }
    /// The world point of dimensions() numbers written as shown() writes them: (x, y) -> (x, y, 0) on xy,
    /// (x, y, z) -> itself on xz. `values` holds at least dimensions() numbers.
    constexpr Vec3 from_shown(const double* values) const {
        return xz_ ? Vec3{values[0], values[1], values[2]} : Vec3{values[0], values[1], 0.0};
    }

    friend constexpr bool operator==(PlanarFrame a, PlanarFrame b) = default;

  private:
    constexpr explicit PlanarFrame(bool plane_xz) : xz_(plane_xz) {}

    bool xz_ = false;
};

inline constexpr PlanarFrame PlanarFrame::xy{false};
inline constexpr PlanarFrame PlanarFrame::xz{true};

}  // namespace kinema
