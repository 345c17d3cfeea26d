// A batch's random scenarios (batch_scenario.cpp; docs/pursuit.md "Comparing strategies"), for the batch
// runner (batch.cpp). Private to the pursuit part.
#pragma once

#include <optional>
#include <vector>

#include "kinema/pursuit/batch.hpp"
#include "path.hpp"

namespace kinema::pursuit::detail {

/// What a worker keeps between scenarios besides the pursuit's workspace.
struct ScenarioScratch {
    PathPlanner planner;        ///< 2D: the scenarios' A*
    std::vector<Vec3> corners;  ///< 3D: the path's corners
    std::vector<Vec3> line;     ///< and the path from its start
};

/// Scenario `index` of the batch on `space` (batch_scenario), drawn with the worker's scratch; with
/// settings.npcs > 1 the team's other NPCs placed too. nullopt when none fits.
[[nodiscard]] std::optional<PursuitScenario> make_scenario(PursuitSpace& space, const PursuitConfig& config,
                                                           const BatchSettings& settings, int index,
                                                           ScenarioScratch& scratch);

/// Whether it is known before any scenario is drawn that none can fit (a 2D grid too small for min_route,
/// or a view range shorter than a cell).
[[nodiscard]] bool no_route_can_fit(const PursuitSpace& space, const PursuitConfig& config,
                                    const BatchSettings& settings);

}  // namespace kinema::pursuit::detail
