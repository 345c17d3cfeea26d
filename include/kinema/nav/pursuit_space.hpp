// A 3D level as a pursuit space: the pursuit simulation (kinema/pursuit) runs on a navmesh
// through pursuit::PursuitSpace, so pursuit stays standard-library only and the one simulation loop serves
// grids and 3D levels. Lines are Detour raycasts (walkable segments and the line of sight), heights follow
// the navmesh surface, paths are Detour's straight paths (findPath + findStraightPath), and the chase and
// the search's occupancy map run on the level's chase cells (NavCells, as `kinema chase --map X.obj`).
#pragma once

#include <memory>

#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::nav {

/// A level and a path finder as a pursuit space: world points (x, y, z), y up; the simulation moves in
/// (x, z). Holds references (the level, and the finder when given, must outlive it); single-threaded (the
/// finder's Detour query is not thread safe), so a batch makes one space per thread (pursuit::run_batch).
class NavPursuitSpace final : public pursuit::PursuitSpace {
  public:
    /// `max_seed_distance`: LevelChaseSpace's (the chase's seed snapping), world units.
    NavPursuitSpace(const Level& level, PathFinder& finder, double max_seed_distance = 2.0);
    /// The same with a path finder of its own (one space per thread needs nothing else: the level's
    /// navmesh and cells are only read).
    explicit NavPursuitSpace(const Level& level, double max_seed_distance = 2.0);
    NavPursuitSpace(const NavPursuitSpace&) = delete;
    NavPursuitSpace& operator=(const NavPursuitSpace&) = delete;

    const chase::ChaseSpace& chase_space() const override { return chase_; }
    /// On the navmesh: a polygon within the level's snap box whose nearest point is p's plan position
    /// (within kPlanTolerance).
    bool walkable(Vec3 p) override;
    /// p at the navmesh's height under it (the polygon nearest p within the snap box).
    Vec3 place(Vec3 p) override;
    /// Detour's raycast from a (snapped) toward b's plan position is not blocked, and ends on b's floor
    /// (heights within the agent's climb: a line under a bridge does not reach the bridge).
    bool clear_line(Vec3 a, Vec3 b) override;
    /// The height where a straight walk on the surface from `from` toward `to` (x, z) ends.
    double surface_height(Vec3 from, Vec2 to) override;
    /// Detour's straight path; false unless it reaches the goal (status found). The last corner is `to`;
    /// the inner corners are moved kCornerClearance off the border vertices they turn round.
    bool plan(Vec3 from, Vec3 to, std::vector<Vec3>& corners) override;
    chase::CellId cell_of(Vec3 p) override { return chase_.locate(p).cell; }

    /// How far (world units, in plan) a point may be from the navmesh's nearest point and still be on it:
    /// Detour works in floats (about 1e-6 relative), the simulation in doubles.
    static constexpr double kPlanTolerance = 1e-3;
    /// How far (world units) the NPC's path corners are moved off the navmesh vertices they turn round
    /// (plan): a small fraction of the agent radius the navmesh is already eroded by.
    static constexpr double kCornerClearance = 0.05;

  private:
    std::unique_ptr<PathFinder> own_finder_;  // the second constructor's; declared first: chase_ uses it
    const Level* level_;
    PathFinder* finder_;
    LevelChaseSpace chase_;
};

}  // namespace kinema::nav
