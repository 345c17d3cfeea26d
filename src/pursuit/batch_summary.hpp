// A batch's summaries (batch_summary.cpp): one run's row and every strategy's (and team mode's) numbers over
// the runs, for the batch runner (batch.cpp). Private to the pursuit part.
#pragma once

#include <vector>

#include "kinema/pursuit/batch.hpp"

namespace kinema::pursuit::detail {

/// The row of one run of scenario `scenario`.
[[nodiscard]] BatchRun summarise_run(int scenario, Strategy strategy, TeamMode team,
                                     const PursuitResult& result);

/// One summary per strategy (all_strategies order) and team mode (batch_team_modes(npcs) order) over `runs`.
[[nodiscard]] std::vector<StrategySummary> summarise_strategies(const std::vector<BatchRun>& runs, int npcs);

}  // namespace kinema::pursuit::detail
