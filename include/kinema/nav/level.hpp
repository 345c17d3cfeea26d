// A level built from a triangle mesh with Recast/Detour: a Detour navmesh (one tile, or tiles built on
// several threads) for paths, and the sparse 3D chase cells sampled from it (influence-maps-and-levels.md
// sections 5.2 and 6; Couvidou's Dishonored 2 chase chapter section 3).
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/query.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/mesh_arrays.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/nav_cells.hpp"
#include "kinema/nav/settings.hpp"

namespace kinema::nav {

/// What the build found, for reports and benchmarks.
struct LevelStats {
    std::size_t triangles = 0;             ///< triangles in the mesh
    std::size_t degenerate_triangles = 0;  ///< zero-area triangles, skipped
    std::size_t walkable_triangles = 0;    ///< triangles no steeper than agent_max_slope
    int nav_grid_width = 0;                ///< navmesh voxel columns along x
    int nav_grid_depth = 0;                ///< navmesh voxel columns along z
    std::size_t nav_tiles = 0;             ///< Detour tiles that hold polygons (1 for a solo build)
    std::size_t nav_polygons = 0;          ///< Detour polygons
    std::size_t nav_data_bytes = 0;        ///< size of the Detour tiles' data
};

/// A polyline on the navmesh: the chase query's NPC path type (kinema/chase/query.hpp), so that chase's
/// run_chase reports nav's paths without knowing nav.
using NavPath = chase::NpcPath;

/// Where a straight walk along the navmesh surface stops (Detour's raycast).
struct NavRay {
    bool on_mesh = false;  ///< false when the start is farther than snap_extents from the navmesh
    bool blocked = false;  ///< a navmesh border (wall, ledge) stopped the walk before the full distance
    Vec3 start;            ///< the start snapped onto the navmesh, world units
    Vec3 end;              ///< where the walk stops, on the navmesh surface, world units
};

class Level {
  public:
    /// Builds the navmesh (one tile, or tiles of settings.tile_size voxels on settings.threads threads: the
    /// same navmesh for any thread count) and samples the chase cells from it. Throws SettingsError for bad
    /// settings and levels::LevelError for a mesh that cannot become a level. Deterministic: the same mesh
    /// and settings give the same level.
    static Level build(const levels::TriangleMesh& mesh, const NavSettings& settings);

    /// A level from a navmesh file's bytes (the Recast demo tile-set layout, docs/nav.md "Navmesh files"):
    /// the navmesh as stored, the chase cells sampled from it with settings.chase_cell_size and cell_height,
    /// snap_extents for paths; the agent settings are the file's.
    /// `name` names the file in errors. Throws levels::LevelError "NAME: ..." for a corrupt or truncated
    /// file.
    static Level from_navmesh(std::string_view bytes, const std::string& name, const NavSettings& settings);
    /// A level from an engine's own navmesh polygons (Unity's triangulation, Godot's NavigationMesh, Recast
    /// tiles; docs/nav.md "Polygons from memory"), not voxelised again: one Detour tile of the polygons as
    /// given, neighbours where two polygons share an edge (its two end points, equal coordinates being one
    /// point), the chase cells sampled from it as from any navmesh. Of the settings only the agent's height,
    /// radius and climb, chase_cell_size, cell_height, max_chase_columns and snap_extents apply. Throws
    /// SettingsError for bad settings and levels::LevelError "level: polygon P ..." for a polygon Detour
    /// cannot take: more than 6 corners, a point used twice, no area in plan view (x, z), not convex; and for
    /// an edge of three polygons or more than 32767 polygons or 65534 points.
    static Level from_polygons(const levels::PolygonMesh& polygons, const NavSettings& settings);

    /// The navmesh in that file layout: from_navmesh(save_navmesh(), ...) gives the same navmesh and cells.
    std::string save_navmesh() const;

    Level(Level&&) noexcept;
    Level& operator=(Level&&) noexcept;
    ~Level();

    /// The chase cells sampled from the level's navmesh (NavCells::build with chase_cell_size and
    /// cell_height): what LevelChaseSpace floods.
    const NavCells& nav_cells() const noexcept { return nav_cells_; }
    /// The navmesh's ground polygons, each as its corners (world units), tile by tile: for pictures.
    std::vector<std::vector<Vec3>> navmesh_polygons() const;
    /// The Detour navmesh itself, for callers that query it directly.
    const dtNavMesh& detour_navmesh() const noexcept;
    const NavSettings& settings() const noexcept { return settings_; }
    const LevelStats& stats() const noexcept { return stats_; }
    /// Bounds of the mesh (world units).
    Vec3 bounds_min() const noexcept { return bounds_min_; }
    Vec3 bounds_max() const noexcept { return bounds_max_; }

    /// The navmesh, for PathFinder (an opaque Detour object).
    struct Navmesh;
    const Navmesh& navmesh() const noexcept { return *navmesh_; }

  private:
    Level() = default;
    void sample_cells(const std::string& name);
    /// Bounds and stats from the navmesh's tiles, then the chase cells; errors name `name`.
    void adopt_navmesh(const std::string& name);
    NavCells nav_cells_;
    NavSettings settings_;
    LevelStats stats_;
    Vec3 bounds_min_;
    Vec3 bounds_max_;
    std::unique_ptr<Navmesh> navmesh_;
};

/// Path queries on a level's navmesh. Holds Detour's search nodes (about 2048), so keep one per thread and
/// reuse it; it must not outlive the level.
class PathFinder {
  public:
    explicit PathFinder(const Level& level);
    PathFinder(PathFinder&&) noexcept;
    PathFinder& operator=(PathFinder&&) noexcept;
    ~PathFinder();

    /// The point of the navmesh nearest to p within the level's snap_extents, if any.
    std::optional<Vec3> snap(Vec3 p);
    /// Straight path (Detour's findNearestPoly, findPath, findStraightPath) from `from` to `to`, both
    /// snapped.
    NavPath find_path(Vec3 from, Vec3 to);
    /// Walks straight from `from` (snapped) along the horizontal part (x, z) of `direction` for `distance`
    /// world units, [0, inf), on the navmesh surface, stopping at the first border: the "navmesh
    /// line-of-sight check" of Dishonored 2's dead reckoning (Couvidou's Dishonored 2 chase chapter section
    /// 2). A zero horizontal direction or distance stays at the start. Throws std::invalid_argument for
    /// non-finite input or a negative distance.
    NavRay raycast(Vec3 from, Vec3 direction, double distance);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace kinema::nav
