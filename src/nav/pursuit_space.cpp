#include "kinema/nav/pursuit_space.hpp"

#include <cmath>

namespace kinema::nav {

NavPursuitSpace::NavPursuitSpace(const Level& level, PathFinder& finder, double max_seed_distance)
    : level_(&level), finder_(&finder), chase_(level, finder, max_seed_distance) {}

NavPursuitSpace::NavPursuitSpace(const Level& level, double max_seed_distance)
    : own_finder_(std::make_unique<PathFinder>(level)),
      level_(&level),
      finder_(own_finder_.get()),
      chase_(level, *own_finder_, max_seed_distance) {}

bool NavPursuitSpace::walkable(Vec3 p) {
    const std::optional<Vec3> q = finder_->snap(p);
    return q && std::hypot(q->x - p.x, q->z - p.z) <= kPlanTolerance;
}

Vec3 NavPursuitSpace::place(Vec3 p) {
    const std::optional<Vec3> q = finder_->snap(p);
    return q ? Vec3{p.x, q->y, p.z} : p;
}

bool NavPursuitSpace::clear_line(Vec3 a, Vec3 b) {
    const Vec3 d = b - a;
    const double distance = std::hypot(d.x, d.z);
    const NavRay ray = finder_->raycast(a, d, distance);
    return ray.on_mesh && !ray.blocked && std::abs(ray.end.y - b.y) <= level_->settings().agent_max_climb;
}

double NavPursuitSpace::surface_height(Vec3 from, Vec2 to) {
    const Vec3 d{to.x - from.x, 0.0, to.y - from.z};
    const NavRay ray = finder_->raycast(from, d, std::hypot(d.x, d.z));
    return ray.on_mesh ? ray.end.y : from.y;
}

bool NavPursuitSpace::plan(Vec3 from, Vec3 to, std::vector<Vec3>& corners) {
    corners.clear();
    const NavPath path = finder_->find_path(from, to);
    if (path.status != NavPath::Status::found || path.points.empty()) {
        return false;
    }
    // The first point is the snapped start; the last the snapped goal, replaced by the goal itself so that
    // the NPC brakes for exactly the point it was sent to.
    corners.assign(path.points.begin() + 1, path.points.end());
    if (corners.empty()) {
        corners.push_back(to);
    } else {
        corners.back() = to;
    }
    // Detour's corners are navmesh vertices on the border, where a raycast through the vertex itself may
    // stop on either edge (float ties): an NPC aiming exactly at one braked along a line Detour called clear
    // and then found a piece of it blocked. Each inner corner moves kCornerClearance away from the wall
    // corner it turns round (opposite the bisector of its two legs), when that point is on the navmesh.
    Vec3 before = path.points.front();
    for (std::size_t i = 0; i + 1 < corners.size(); ++i) {
        const Vec3 c = corners[i];
        const Vec3 after = corners[i + 1];
        const Vec2 a = normalized_or_zero(Vec2{before.x - c.x, before.z - c.z});
        const Vec2 b = normalized_or_zero(Vec2{after.x - c.x, after.z - c.z});
        const Vec2 away = normalized_or_zero(a + b) * -kCornerClearance;
        const Vec3 moved{c.x + away.x, c.y, c.z + away.y};
        if (walkable(moved)) {
            corners[i] = place(moved);
        }
        before = c;
    }
    return true;
}

}  // namespace kinema::nav
