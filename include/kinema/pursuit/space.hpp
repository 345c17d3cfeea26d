// What the pursuit simulation needs from the space it runs on: a walkable straight line (route
// segments, line of sight, the NPC's moves), a path, the surface height, the cell of a point and the chase
// cell space. One simulation loop runs on every space through this interface: grids implement it here
// (ChasePursuitSpace, on any 2D chase::ChaseSpace), navmeshes in kinema::nav (nav/pursuit_space.hpp), so the
// pursuit part stays standard-library only and never includes Detour (house plan: pursuit reaches navmeshes
// only through an interface it declares).
//
// Points are world points (grids: (x, y, 0); 3D levels: (x, y, z), y up). The simulation moves in the
// planar coordinates of the chase cells (grids: x, y; 3D: x, z) and carries the height beside them.
#pragma once

#include <memory>
#include <vector>

#include "kinema/chase/query.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::pursuit {

namespace detail {
class PathPlanner;
}

class PursuitSpace {
  public:
    virtual ~PursuitSpace() = default;

    /// The chase's space: the flood, dead reckoning and the chase events' JSON run on it, and the search's
    /// occupancy map runs over its cells.
    virtual const chase::ChaseSpace& chase_space() const = 0;
    /// The chase cells' plane: xz on Y-up levels (positions [x, y, z], the height y), else xy (grids and xy
    /// graphs: positions [x, y], the height 0 and not reported).
    PlanarFrame frame() const { return chase_space().cells().frame(); }
    /// 3 on an xz frame, 2 on an xy frame: how many numbers a position has.
    int dimensions() const { return frame().dimensions(); }

    /// True when p is on walkable space (grids: inside a floor tile; 3D: on the navmesh in plan view, at
    /// the floor nearest p's height).
    virtual bool walkable(Vec3 p) = 0;
    /// p moved onto the walkable surface at its planar position (grids: p; 3D: the navmesh's height there).
    /// Only for walkable points.
    virtual Vec3 place(Vec3 p) = 0;
    /// True when the straight line a -> b (planar) stays on walkable space without cutting a wall corner
    /// (grids: the exact tile traversal; 3D: a Detour raycast from a that ends at b's floor). Also the line
    /// of sight.
    virtual bool clear_line(Vec3 a, Vec3 b) = 0;
    /// The surface height (grids 0; 3D: y) at the planar position `to`, reached by a straight walk from
    /// `from` (so stacked floors resolve to the one the walker is on).
    virtual double surface_height(Vec3 from, Vec2 to) = 0;
    /// The NPC's path from `from` to `to`: the corners after `from`, the last one `to` (world points).
    /// False when `to` cannot be reached (corners empty).
    virtual bool plan(Vec3 from, Vec3 to, std::vector<Vec3>& corners) = 0;
    /// The chase cell of a point (the chase's locate).
    virtual chase::CellId cell_of(Vec3 p) = 0;
};

/// A 2D chase space (grids, position_dimensions() == 2) as a pursuit space: lines by the space's exact
/// dead reckoning (no corner cutting), walkability by locate, paths by A* over its cells with string
/// pulling (docs/pursuit.md "Locomotion"). A view: the chase space must outlive it; single-threaded.
class ChasePursuitSpace final : public PursuitSpace {
  public:
    explicit ChasePursuitSpace(const chase::ChaseSpace& space);
    ~ChasePursuitSpace() override;
    ChasePursuitSpace(const ChasePursuitSpace&) = delete;
    ChasePursuitSpace& operator=(const ChasePursuitSpace&) = delete;

    const chase::ChaseSpace& chase_space() const override { return *space_; }
    bool walkable(Vec3 p) override;
    Vec3 place(Vec3 p) override { return p; }
    bool clear_line(Vec3 a, Vec3 b) override;
    double surface_height(Vec3, Vec2) override { return 0.0; }
    bool plan(Vec3 from, Vec3 to, std::vector<Vec3>& corners) override;
    chase::CellId cell_of(Vec3 p) override { return space_->locate(p).cell; }

  private:
    const chase::ChaseSpace* space_;
    std::unique_ptr<detail::PathPlanner> planner_;
    std::vector<Vec2> corners2_;
};

}  // namespace kinema::pursuit
