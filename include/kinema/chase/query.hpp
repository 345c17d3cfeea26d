// One chase query on any cell space: the flood from the player's last known position and direction
// (Couvidou's Dishonored 2 chase chapter section 3; chase-flood-spec.md), its destination, dead reckoning as
// the baseline (section 2) and, where the space can plan paths (a navmesh), the NPC's path to the
// destination. 2D grids, 3D levels and plain graphs run the same code (run_chase) and give the same result
// type (ChaseResult); a space says only how to place a point, name a cell, look straight ahead and plan a
// path (ChaseSpace).
//
// Layering: chase knows no navmesh. kinema::nav implements ChaseSpace for its levels (nav/chase.hpp), as
// GridChaseSpace and GraphChaseSpace below do for grids and graphs.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "kinema/chase/cell_space.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {

/// A cell's integer coordinates as its space names them: [col, row] on grids, [x, y, z] (column x, floor
/// height in cell heights, column z) on 3D levels, [id] on plain graphs.
struct CellCoords {
    std::array<int, 3> values{};
    int count = 0;  ///< 1, 2 or 3
    friend bool operator==(const CellCoords&, const CellCoords&) = default;
};

/// Where the dead-reckoning baseline sends the NPC: straight on from the last known position until the first
/// wall (grids: the last open tile; navmeshes: Detour's raycast; graphs have no walls).
struct DeadReckoning {
    Vec3 position;          ///< where the NPC is sent: the last open cell's centre, or the ray's end
    Vec3 end_point;         ///< where the straight line stops (at the wall, or after `distance`)
    CellId cell = no_cell;  ///< the cell of `position` when the space has one (grids, graphs)
    bool blocked = false;   ///< a wall (grid edge, navmesh border) stopped the line before `distance`
    bool on_space = true;   ///< false when the start is off the space (a navmesh: beyond the snap box)
    double distance = 0.0;  ///< the distance asked for, world units
};

/// The NPC's path on a navmesh (kinema::nav plans it; nav::NavPath is this type).
struct NpcPath {
    enum class Status {
        found,           ///< the path reaches the goal's polygon
        partial,         ///< the goal is not reachable; the path ends at the nearest reachable point
        start_off_mesh,  ///< no navmesh polygon within the snap box of the start
        goal_off_mesh,   ///< no navmesh polygon within the snap box of the goal
    };
    Status status = Status::start_off_mesh;
    std::vector<Vec3> points;  ///< corners from the snapped start to the snapped goal (world units)
    double length = 0.0;       ///< sum of the segment lengths, world units
};
/// "found", "partial", "start_off_mesh", "goal_off_mesh" (the JSON spelling).
std::string_view to_string(NpcPath::Status status);

/// A named number only one kind of space has, for reports ("connectivity" on grids, "cell_height" and
/// "max_levels" on 3D levels).
struct SpaceField {
    std::string name;
    double value = 0.0;
};

/// What run_chase needs from a space beyond its CellSpace. Implementations are views: they reference the
/// space (and, for nav, a PathFinder) and must not outlive it.
class ChaseSpace {
  public:
    virtual ~ChaseSpace() = default;

    virtual const CellSpace& cells() const = 0;
    /// 2 when positions are reported as [x, y] (grids, z = 0), 3 when as [x, y, z].
    virtual int position_dimensions() const = 0;
    /// The seed cell of a world point (spec "Inputs": the cell containing p, else the nearest cell centre,
    /// snapped). A space that limits snapping throws SettingsError naming the field "position".
    virtual SeedLocation locate(Vec3 p) const = 0;
    virtual CellCoords coords(CellId cell) const = 0;
    /// The baseline from `from` along `direction` (world units, any length; only the planar part counts) for
    /// `distance` world units.
    virtual DeadReckoning dead_reckoning(Vec3 from, Vec3 direction, double distance) const = 0;
    /// The NPC's path from `from` to `to`, where the space has a navmesh; nullopt elsewhere.
    virtual std::optional<NpcPath> plan_path(Vec3 from, Vec3 to) const;
    /// Numbers only this kind of space has, for reports.
    virtual std::vector<SpaceField> report_fields() const;
};

/// The largest world coordinate (and dead-reckoning distance) a query accepts: far beyond any level, small
/// enough that squared distances stay finite (docs/errors.md, "Limits").
inline constexpr double chase_max_coordinate = 1e9;

/// One chase: where the player was last seen, running where, and optionally where the NPC is.
struct ChaseQuery {
    Vec3 position;   ///< last known position, world units, each coordinate [-1e9, 1e9] (grids: z ignored)
    Vec3 direction;  ///< last known direction, any length (coordinates [-1e9, 1e9]); only the planar part
                     ///< counts; zero = no barrier
    std::optional<Vec3> npc;  ///< the NPC's position (coordinates [-1e9, 1e9]); on spaces with a navmesh the
                              ///< result holds its path
    /// Length of the dead-reckoning line, world units, [0, 1e9]. Unset: M_S x the space's cell size, as far
    /// as the heat front can run straight ahead (the chapter gives no number);
    /// default_dead_reckoning_distance.
    std::optional<double> dead_reckoning_distance;
    /// K: split the heat into K regions, one destination each, for a team (split.hpp), [1, 16]. Unset: no
    /// split (the result has no `split`); 1 gives the flood's own destination as the one region.
    std::optional<int> destinations;

    /// Named fields: position, direction, npc, dead_reckoning_distance, destinations.
    FieldErrors validate() const;
};

struct ChaseResult {
    Vec3 position;            ///< the query's last known position (echoed for reports)
    Vec3 direction;           ///< the query's direction
    std::optional<Vec3> npc;  ///< the query's NPC position
    FloodResult flood;        ///< seed cell and snap, steps, stop reason, centroid, destination, counts
    Vec3 seed_position;       ///< world centre of flood.seed_cell
    CellCoords seed;          ///< integer coordinates of flood.seed_cell
    CellCoords destination;   ///< integer coordinates of flood.destination_cell
    DeadReckoning dead_reckoning;
    std::optional<NpcPath> path;  ///< the NPC's path, when the query has an npc and the space plans paths
    std::optional<SplitDestinations> split;  ///< the K destinations, when the query asks for them
    std::vector<CellCoords> split_cells;     ///< integer coordinates of each split destination cell
};

/// Called after seeding and after every flood step that happened (for animations).
using FloodObserver = std::function<void(const Flood&)>;

/// Runs one chase: validates the query (SettingsError naming its fields), seeds and runs the flood (reused:
/// no allocation in the flood after its first run on this space), dead reckoning, and the NPC's path where
/// the space plans paths. The flood's per-cell values stay readable afterwards (flood.value(c)).
ChaseResult run_chase(const ChaseSpace& space, Flood& flood, const ChaseQuery& query,
                      const FloodObserver& on_step = {});

/// The first half of run_chase, for callers that step the flood themselves (time slicing, notebooks):
/// validates the query (SettingsError naming its fields) and seeds `flood` on the space.
void start_chase(const ChaseSpace& space, Flood& flood, const ChaseQuery& query);

/// The second half of run_chase: the result for the flood's current state (after the last step, exactly
/// run_chase's; in the middle of a run, the destination so far), with dead reckoning and, where the space
/// plans paths, the NPC's path. `flood` must have been started by start_chase(space, flood, query).
ChaseResult chase_result(const ChaseSpace& space, const Flood& flood, const ChaseQuery& query);

/// A 2D grid (GridSpace) as a chase space: positions [x, y], cells [col, row], dead reckoning by exact grid
/// traversal (dead_reckoning.hpp), no paths.
class GridChaseSpace final : public ChaseSpace {
  public:
    explicit GridChaseSpace(const GridSpace& grid) : grid_(&grid) {}
    const GridSpace& grid() const { return *grid_; }

    const CellSpace& cells() const override { return grid_->cells(); }
    int position_dimensions() const override { return 2; }
    SeedLocation locate(Vec3 p) const override;
    CellCoords coords(CellId cell) const override;
    DeadReckoning dead_reckoning(Vec3 from, Vec3 direction, double distance) const override;
    std::vector<SpaceField> report_fields() const override;

  private:
    const GridSpace* grid_;
};

/// A grid level's marked seed (levels::GridLevel::seed: tile units) as a query: the position times
/// `cell_size` (the grid's world units, as GridSpace's), the marked direction. nullopt when the level marks
/// none. The position may fall outside chase_max_coordinate (a marker far out times a large cell size): check
/// it with within_chase_range to name the marker rather than the position in the error.
std::optional<ChaseQuery> marked_seed_query(const levels::GridLevel& level, double cell_size);

/// Whether every coordinate of `p` is within [-chase_max_coordinate, chase_max_coordinate].
bool within_chase_range(Vec3 p);

/// A plain graph (CellSpace::from_adjacency: waypoints, navmesh polygon centres) as a chase space: positions
/// [x, y, z], cells [id], seeds by nearest_cell (O(N)). A graph has no walls, so dead reckoning is the
/// straight line's end point (never blocked) and the NPC is sent to the cell nearest to it.
class GraphChaseSpace final : public ChaseSpace {
  public:
    explicit GraphChaseSpace(const CellSpace& cells) : cells_(&cells) {}

    const CellSpace& cells() const override { return *cells_; }
    int position_dimensions() const override { return 3; }
    SeedLocation locate(Vec3 p) const override { return nearest_cell(*cells_, p); }
    CellCoords coords(CellId cell) const override;
    DeadReckoning dead_reckoning(Vec3 from, Vec3 direction, double distance) const override;

  private:
    const CellSpace* cells_;
};

}  // namespace kinema::chase
