// The human text of a pursuit (what `kinema pursue` prints without --json): the summary of one pursuit (its
// events and outcome), the table of a batch (one row per strategy) and the legend of a 3D level's picture.
// Their JSON and CSV are pursuit_json.hpp's and batch_report.hpp's.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace kinema::report {

/// One pursuit: the settings line, a table of the events (time, kind, where; positions to 3 decimals) and
/// the outcome's numbers. `title` names the level.
[[nodiscard]] std::string pursuit_summary(std::string_view title, const pursuit::PursuitConfig& config,
                                          const pursuit::PursuitResult& result);

/// A batch: the settings line, one row per strategy (shares of the runs, median time to re-acquire, mean
/// NPC distance, destination changes per chase, largest heading rate) and the key. `behind_unit` names the
/// unit of npc_behind: path cells on grids, cell sizes along Detour's path on 3D levels.
[[nodiscard]] std::string batch_summary(std::string_view title, const pursuit::PursuitConfig& config,
                                        const pursuit::BatchSettings& settings,
                                        const pursuit::BatchResult& result, std::string_view behind_unit);

/// The legend of a pursuit drawn over a 3D level's top view (`title` names the level). Inline and without
/// {fmt}: the pursuit page's WebAssembly (web/src/pursuit_lab.cpp), which compiles no {fmt}, draws the
/// CLI's picture with it.
[[nodiscard]] inline std::vector<std::string> pursuit_level_legend(std::string_view title) {
    return {std::string(title) + ": top view (x right, z down), floors lighter when higher",
            "heat: the first chase's flood; its seed is where sight was first lost"};
}

/// Why a batch on `level` made no scenario (pursuit::why_no_scenario), as the error of the setting to change:
/// view_range "no scenario fits on LEVEL (the NPC starts at least one cell behind the player, out of a view
/// of V level units)", or min_route "no scenario fits on LEVEL (no path of M level units with the NPC in
/// sight behind the player)".
[[nodiscard]] FieldError no_scenario_error(pursuit::NoScenario why, std::string_view level,
                                           const pursuit::PursuitConfig& config,
                                           const pursuit::BatchSettings& batch);

}  // namespace kinema::report
