// The Dishonored 2 chase on a 3D level (Couvidou's Dishonored 2 chase chapter section 3: the flood ran on a
// sparse 3D structure built from the navmesh): a nav::Level as a chase::ChaseSpace, so chase::run_chase
// floods the level's column cells, runs the dead-reckoning baseline as a navmesh raycast and plans the NPC's
// path to the flood's destination
// -- the same code and result type as on 2D grids (kinema/chase/query.hpp).
#pragma once

#include <memory>
#include <type_traits>
#include <vector>

#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/settings.hpp"

namespace kinema::nav {

using ChaseQuery = chase::ChaseQuery;
using ChaseResult = chase::ChaseResult;

/// A level and a path finder as a chase space: positions [x, y, z] (world units, y up), cells [x, y, z]
/// (column x, floor height in cell heights, column z). Holds references: the level and the finder must
/// outlive it, and the finder makes it single-threaded (one space per thread).
class LevelChaseSpace final : public chase::ChaseSpace {
  public:
    /// `max_seed_distance`: how far the last known position may be from the nearest cell when it is on none
    /// (in a wall, above a pit), world units, [0, inf); 2: the horizontal half extent of RecastDemo's pick
    /// box. Throws SettingsError for a negative or non-finite distance. `finder` must belong to `level`.
    LevelChaseSpace(const Level& level, PathFinder& finder, double max_seed_distance = 2.0);

    const Level& level() const { return *level_; }
    double max_seed_distance() const { return max_seed_distance_; }

    const chase::CellSpace& cells() const override { return level_->nav_cells().cell_space(); }
    int position_dimensions() const override { return 3; }
    /// NavCells::locate; beyond max_seed_distance, SettingsError naming "position": "(x, y, z) is farther
    /// than 2 from every walkable cell".
    chase::SeedLocation locate(Vec3 p) const override;
    chase::CellCoords coords(chase::CellId cell) const override;
    /// PathFinder::raycast: a straight walk on the navmesh surface (the chapter's "navmesh line-of-sight
    /// check"); position = end_point = where the walk stops.
    chase::DeadReckoning dead_reckoning(Vec3 from, Vec3 direction, double distance) const override;
    /// PathFinder::find_path to the destination snapped onto the navmesh.
    std::optional<chase::NpcPath> plan_path(Vec3 from, Vec3 to) const override;
    /// cell_height, max_levels.
    std::vector<chase::SpaceField> report_fields() const override;

  private:
    const Level* level_;
    PathFinder* finder_;
    double max_seed_distance_;
};

/// One space per thread over `level`: Detour's queries are not thread-safe, so each LevelChaseSpace has its
/// own PathFinder. `spaces` points into `owned` (for chase::audit's span); the level must outlive them.
struct PerThreadChaseSpaces {
    std::vector<std::unique_ptr<PathFinder>> finders;
    std::vector<std::unique_ptr<LevelChaseSpace>> owned;
    std::vector<const chase::ChaseSpace*> spaces;
};
[[nodiscard]] PerThreadChaseSpaces per_thread_chase_spaces(const Level& level, int threads);

/// The settings of a chase on either kind of level (`kinema chase`): the grid chase's (the flood, and the
/// grid under "grid.": its cell_size is not the navmesh's) and the navmesh's.
struct ChaseSettings : chase::GridChaseSettings {
    NavSettings nav;
    /// Every part's validate(), field names without the parts' prefixes.
    [[nodiscard]] FieldErrors validate() const;
};
/// The registry of ChaseSettings: GridChaseSettings' fields and NavSettings'.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<ChaseSettings>) noexcept;

/// chase::run_chase on a level: convenience for callers that keep a finder and a flood per thread.
ChaseResult run_chase(const Level& level, PathFinder& finder, chase::Flood& flood, const ChaseQuery& query);

/// One-shot convenience for tools: makes its own PathFinder and Flood. Throws SettingsError for bad flood
/// settings.
ChaseResult run_chase(const Level& level, const ChaseQuery& query, const chase::FloodSettings& settings = {});

}  // namespace kinema::nav
