// Hand-made levels for the nav tests, written as OBJ text (y up, metres, RecastDemo agent: height 2, radius
// 0.6, climb 0.9, slope 45 degrees).
#pragma once

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

#include "kinema/levels/obj.hpp"
#include "scratch.hpp"

namespace kinema::nav_test {

/// OBJ text under construction: quads given by four corners, wound so that their normal points up.
class ObjWriter {
  public:
    /// A horizontal or sloped quad over [x0, x1] x [z0, z1] whose height varies linearly along z from y_z0 to
    /// y_z1.
    void quad(double x0, double x1, double z0, double z1, double y_z0, double y_z1) {
        vertex(x0, y_z0, z0);
        vertex(x0, y_z1, z1);
        vertex(x1, y_z1, z1);
        vertex(x1, y_z0, z0);
        text_ += "f -4 -3 -2 -1\n";
    }
    void floor(double x0, double x1, double z0, double z1, double y) { quad(x0, x1, z0, z1, y, y); }
    /// A triangle through three (x, y, z) corners, wound so that its normal points up when the corners run
    /// clockwise seen from above in (x, z) (as quad() does).
    void triangle(double ax, double ay, double az, double bx, double by, double bz, double cx, double cy,
                  double cz) {
        vertex(ax, ay, az);
        vertex(bx, by, bz);
        vertex(cx, cy, cz);
        text_ += "f -3 -2 -1\n";
    }
    /// A vertical wall in the plane x = const over [z0, z1] x [y0, y1]: not walkable, but unlike a missing
    /// floor it is no ledge, so Recast keeps the floor beside it (less the agent radius).
    void wall(double x, double z0, double z1, double y0, double y1) {
        vertex(x, y0, z0);
        vertex(x, y1, z0);
        vertex(x, y1, z1);
        vertex(x, y0, z1);
        text_ += "f -4 -3 -2 -1\n";
    }
    /// Every later vertex is turned by `degrees` about the y axis (through the origin) and then moved by
    /// `offset`: a proper rotation, so up-facing faces stay up-facing.
    void transform(double degrees, double dx, double dy, double dz) {
        const double a = degrees * std::numbers::pi / 180.0;
        cos_ = std::cos(a);
        sin_ = std::sin(a);
        dx_ = dx;
        dy_ = dy;
        dz_ = dz;
    }
    const std::string& text() const { return text_; }
    levels::TriangleMesh mesh() const { return levels::parse_obj(text_, "test.obj"); }
    /// Writes the OBJ file to a scratch path unique to this test process and returns that path.
    std::filesystem::path write(const std::string& name) const {
        const auto path = test::scratch_path(name);
        test::write_file(path, text_);
        return path;
    }

  private:
    void vertex(double x, double y, double z) {
        const double rx = cos_ * x + sin_ * z + dx_;
        const double rz = -sin_ * x + cos_ * z + dz_;
        text_ += "v " + std::to_string(rx) + " " + std::to_string(y + dy_) + " " + std::to_string(rz) + "\n";
    }
    std::string text_ = "# kinema nav test level\n";
    double cos_ = 1.0;
    double sin_ = 0.0;
    double dx_ = 0.0;
    double dy_ = 0.0;
    double dz_ = 0.0;
};

// The bridge level, seen from above (x right, z down), all floors 6 m wide:
//   G  ground corridor, y = 0:    x in [0, 36],  z in [0, 6]
//   R  ramp, y 0 -> 4.5:          x in [30, 36], z in [6, 21]   (slope atan(4.5 / 15) = 16.7 degrees)
//   L  landing, y = 4.5:          x in [12, 36], z in [21, 27]
//   B  bridge, y = 4.5:           x in [12, 18], z in [-10, 21], crossing 4.5 m above G at z in [0, 6]
// The only way between G and the upper floors (L, B) is the ramp R.
inline constexpr double kUpper = 4.5;
inline ObjWriter bridge_level(bool with_ramp = true) {
    ObjWriter w;
    w.floor(0.0, 36.0, 0.0, 6.0, 0.0);
    if (with_ramp) {
        w.quad(30.0, 36.0, 6.0, 21.0, 0.0, kUpper);
    }
    w.floor(12.0, 36.0, 21.0, 27.0, kUpper);
    w.floor(12.0, 18.0, -10.0, 21.0, kUpper);
    return w;
}

// A two-storey building: ground floor y = 0 over x in [0, 12], z in [0, 14]; upper floor y = 3.5
// over the same plan except a 2 m wide stairwell at x in [0, 2], z in [0, 8.06], where a 30 degree ramp rises
// along +z from y = 0 at z = 2 to y = 3.5 at z = 2 + 3.5 / tan(30 deg) = 8.06. Detour walks from one floor to
// the other over the ramp only. Walls line the stairwell (x = 0 and x = 2, up to 1 m above the upper floor),
// so that the ramp keeps its width less the agent radius: without them its sides are ledges and Recast's
// ledge filter and erosion leave 0.2 m of the 2 m.
inline constexpr double kStorey = 3.5;
inline ObjWriter two_storey_building() {
    ObjWriter w;
    const double top = 2.0 + kStorey / std::tan(30.0 * std::numbers::pi / 180.0);
    w.floor(0.0, 12.0, 0.0, 14.0, 0.0);
    w.quad(0.0, 2.0, 2.0, top, 0.0, kStorey);
    w.floor(2.0, 12.0, 0.0, 14.0, kStorey);
    w.floor(0.0, 2.0, top, 14.0, kStorey);
    w.wall(0.0, 2.0, top, 0.0, kStorey + 1.0);
    w.wall(2.0, 2.0, top, 0.0, kStorey + 1.0);
    return w;
}

// Rolling terrain, far from the origin: y = A (sin(2 pi x / L) + sin(2 pi z / L)) sampled every
// `step` m over size x size m. The steepest gradient is A (2 pi / L) sqrt(2); A = tan(40 deg) L / (2 pi
// sqrt(2)) makes it 40 degrees (the facets, chords of the surface, are no steeper).
inline ObjWriter rolling_terrain(double size = 48.0, double step = 1.0, double ox = 2000.0, double oy = 150.0,
                                 double oz = -3000.0) {
    constexpr double kWave = 16.0;
    const double amplitude =
        std::tan(40.0 * std::numbers::pi / 180.0) * kWave / (2.0 * std::numbers::pi * std::numbers::sqrt2);
    const auto h = [&](double x, double z) {
        return amplitude *
               (std::sin(2.0 * std::numbers::pi * x / kWave) + std::sin(2.0 * std::numbers::pi * z / kWave));
    };
    ObjWriter w;
    w.transform(0.0, ox, oy, oz);
    const int n = static_cast<int>(size / step);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            const double x0 = i * step;
            const double x1 = x0 + step;
            const double z0 = j * step;
            const double z1 = z0 + step;
            w.triangle(x0, h(x0, z0), z0, x0, h(x0, z1), z1, x1, h(x1, z1), z1);
            w.triangle(x0, h(x0, z0), z0, x1, h(x1, z1), z1, x1, h(x1, z0), z0);
        }
    }
    return w;
}

// Two 10 x 10 m rooms joined by a doorway `width` m wide through a 0.3 m gap (the wall: no floor, so Recast
// erodes the agent radius from it), the door's left side at x = 3 + shift; the whole level turned by
// `degrees` about y. With radius 0.6 the navmesh strip through a 1.8 m door is 0.6 m wide: narrower than a
// 0.75 m column (influence-maps-and-levels.md section 7).
inline ObjWriter doorway_rooms(double width, double shift, double degrees) {
    ObjWriter w;
    w.transform(degrees, 0.0, 0.0, 0.0);
    w.floor(0.0, 10.0, 0.0, 10.0, 0.0);
    w.floor(3.0 + shift, 3.0 + shift + width, 10.0, 10.3, 0.0);
    w.floor(0.0, 10.0, 10.3, 20.3, 0.0);
    return w;
}

}  // namespace kinema::nav_test
