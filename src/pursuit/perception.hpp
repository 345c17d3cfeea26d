// What an NPC perceives (docs/pursuit.md "Perception"): the player or a search cell is seen within the view
// range, inside the view cone (or within contact range, Couvidou's "direct sight or contact" in the
// Dishonored 2 chase chapter, section 5), along a clear line. Every NPC has its own eye; the perception's
// constants and the space are shared. Private to the pursuit part.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>

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
    /// The reasoning's view_range, view_angle and contact_range (PursuitSettings is one, PursuerSettings
    /// holds one).
    Perception(PursuitSpace& space, const ReasoningSettings& settings)
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

    /// A planar box {lo, hi} holding every target position sees() can accept from `eye` (within the view
    /// range: the view cone, or the contact range), a little wider than exact: a search skips what lies
    /// outside without testing it. A cone wider than 180 degrees, or a zero or non-finite facing, gets the
    /// view range's square.
    std::pair<Vec2, Vec2> sight_box(const Eye& eye) const {
        const double r = view_range_;
        Vec2 lo{-r, -r};
        Vec2 hi{r, r};
        const double facing = length(eye.facing);
        if (view_angle_ <= 180.0 && facing > 0.0 && std::isfinite(facing)) {
            // The cone sees() accepts around the unit facing: cos >= cos(half) / |facing| (wider when the
            // facing is a little longer than unit), and a little more for the roundings.
            const double half = std::acos(std::clamp(cos_half_view_ / facing, -1.0, 1.0)) + 1e-9;
            cone_box(eye.facing / facing, half, lo, hi);
        }
        const Vec2 margin{1e-6 * (1.0 + r), 1e-6 * (1.0 + r)};
        return {eye.position + lo - margin, eye.position + hi + margin};
    }

    static constexpr double kPi = 3.14159265358979323846;

  private:
    // The box of the sector of `half` radians around unit facing f (its apex, its arc's ends and the arc's
    // points on the axes) and of the contact square, relative to the eye. sees() accepts only inside: its
    // cosine test needs dot(f, d) >= |d| cos(half) (a 3D level divides by a longer distance, which only
    // narrows a cone of at most 180 degrees).
    void cone_box(Vec2 f, double half, Vec2& lo, Vec2& hi) const {
        const double r = view_range_;
        const double k = std::min(contact_range_, r);
        lo = Vec2{-k, -k};
        hi = Vec2{k, k};
        const auto add = [&](Vec2 q) {
            lo = Vec2{std::min(lo.x, q.x), std::min(lo.y, q.y)};
            hi = Vec2{std::max(hi.x, q.x), std::max(hi.y, q.y)};
        };
        const double c = std::cos(half);
        const double s = std::sin(half);
        add(r * Vec2{f.x * c - f.y * s, f.x * s + f.y * c});
        add(r * Vec2{f.x * c + f.y * s, f.y * c - f.x * s});
        const double within = c - 1e-12;  // an axis direction u is on the arc when dot(f, u) >= cos(half)
        if (f.x >= within) {
            add(Vec2{r, 0.0});
        }
        if (-f.x >= within) {
            add(Vec2{-r, 0.0});
        }
        if (f.y >= within) {
            add(Vec2{0.0, r});
        }
        if (-f.y >= within) {
            add(Vec2{0.0, -r});
        }
    }

    PursuitSpace* space_;
    PlanarFrame frame_;
    double view_range_;
    double view_angle_;
    double contact_range_;
    double cos_half_view_;
};

}  // namespace kinema::pursuit::detail
