// What an NPC perceives (docs/pursuit.md "Perception"): the player or a search cell is seen within the view
// range, inside the view cone (or within contact range, Couvidou's "direct sight or contact" in the
// Dishonored 2 chase chapter, section 5), along a clear line. Every NPC has its own eye; the perception's
// constants and the space are shared. Private to the pursuit part.
#pragma once

#include <cmath>

#include "frame.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit::detail {

/// Where an NPC looks from: its planar position, its height and its facing (unit).
struct Eye {
    Vec2 position;
    double height = 0.0;
    Vec2 facing;
};

class Perception {
  public:
    /// PursuitSettings or PursuerSettings: view_range, view_angle, contact_range.
    template <class Settings>
    Perception(PursuitSpace& space, const Settings& settings)
        : space_(&space),
          frame_(space.frame()),
          view_range_(settings.view_range),
          view_angle_(settings.view_angle),
          contact_range_(settings.contact_range),
          cos_half_view_(std::cos(settings.view_angle * kPi / 360.0)) {}

    double view_range() const { return view_range_; }

    bool sees(const Eye& eye, Vec2 target, double target_h) const {
        const Vec2 d = target - eye.position;
        const double dh = target_h - eye.height;  // 0 on grids: the distance is the planar one, bit for bit
        const double dist2 = length_squared(d) + dh * dh;
        if (dist2 > view_range_ * view_range_) {
            return false;  // the cheap test first: most cells a search checks are out of range
        }
        const double dist = std::sqrt(dist2);
        const bool contact = dist <= contact_range_;
        if (!contact && dist > 0.0 && dot(eye.facing, d / dist) < cos_half_view_ && view_angle_ < 360.0) {
            return false;
        }
        return space_->clear_line(frame_.world(eye.position, eye.height), frame_.world(target, target_h));
    }

    static constexpr double kPi = 3.14159265358979323846;

  private:
    PursuitSpace* space_;
    PlanarFrame frame_;
    double view_range_;
    double view_angle_;
    double contact_range_;
    double cos_half_view_;
};

}  // namespace kinema::pursuit::detail
