// The pursuit's points: it moves in the plane of the chase cells (grids x, y; 3D levels x, z) and carries the
// height beside it (grids 0; 3D levels y). Private to the pursuit part.
#pragma once

#include "kinema/core/vec.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit::detail {

struct PlanarFrame {
    bool xz = false;  // a 3D level: planar (x, z), height y

    static PlanarFrame of(const PursuitSpace& space) { return PlanarFrame{space.dimensions() == 3}; }
    Vec3 world(Vec2 p, double h) const { return xz ? Vec3{p.x, h, p.y} : Vec3{p.x, p.y, h}; }
    Vec2 flat(Vec3 w) const { return xz ? Vec2{w.x, w.z} : Vec2{w.x, w.y}; }
    double height(Vec3 w) const { return xz ? w.y : w.z; }
    /// w with the height of the frame's convention (grids: z = 0).
    Vec3 on_plane(Vec3 w) const { return world(flat(w), height(w)); }
};

}  // namespace kinema::pursuit::detail
