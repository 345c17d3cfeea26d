// Hand-made levels for the nav tests, written as OBJ text (y up, metres, RecastDemo agent: height 2, radius
// 0.6, climb 0.9, slope 45 degrees).
#pragma once

#include <filesystem>
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
        text_ += "v " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z) + "\n";
    }
    std::string text_ = "# kinema nav test level\n";
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

}  // namespace kinema::nav_test
