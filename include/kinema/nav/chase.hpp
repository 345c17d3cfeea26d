// The Dishonored 2 chase on a 3D level (seed 002 section 3: the flood ran on a sparse 3D structure built from
// the navmesh): the flood of kinema::chase on the level's column cells, the dead-reckoning baseline as a
// navmesh raycast, and the NPC's path to the flood's destination.
#pragma once

#include <optional>

#include "kinema/chase/flood.hpp"
#include "kinema/nav/level.hpp"

namespace kinema::nav {

struct ChaseQuery {
    Vec3 position;   ///< the player's last known position (feet), world units
    Vec3 direction;  ///< the last known direction, world units; only (x, z) counts; zero = no barrier
    std::optional<Vec3> npc;  ///< when set: the NPC's position, and the result holds its path
    /// How far `position` may be from the nearest cell when it is on none (in a wall, above a pit), world
    /// units, [0, inf). 2 m: the horizontal half extent of RecastDemo's pick box.
    double max_seed_distance = 2.0;
    /// Length of the dead-reckoning ray, world units; negative = max_steps * chase_cell_size, as far as the
    /// flood's heat front can travel straight ahead (the chapter gives no number).
    double dead_reckoning_distance = -1.0;
};

struct ChaseResult {
    chase::FloodResult flood;  ///< seed, steps, stop reason, centroid, destination (positions in world units)
    CellCoord seed;            ///< integer coordinates of flood.seed_cell
    CellCoord destination;     ///< integer coordinates of flood.destination_cell
    NavRay dead_reckoning;     ///< the baseline: a navmesh raycast from the last known position
    std::optional<NavPath> path;  ///< the NPC's path to the destination (when the query has an npc)
};

/// Runs one chase. The flood object is reused (no allocation after its first run on this level); the finder
/// must belong to `level`. Throws std::invalid_argument for non-finite input and LevelError when the last
/// known position is farther than max_seed_distance from every cell.
ChaseResult run_chase(const Level& level, PathFinder& finder, chase::Flood& flood, const ChaseQuery& query);

/// One-shot convenience for tools: makes its own PathFinder and Flood. Throws SettingsError for bad flood
/// settings.
ChaseResult run_chase(const Level& level, const ChaseQuery& query, const chase::FloodSettings& settings = {});

}  // namespace kinema::nav
