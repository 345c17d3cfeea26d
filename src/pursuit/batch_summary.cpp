// A batch's summaries (docs/pursuit.md "Comparing strategies"): the shares, the median time to re-acquire and
// the means of every strategy's runs, never_lost runs left out.
#include "batch_summary.hpp"

#include <algorithm>
#include <cstddef>

namespace kinema::pursuit::detail {

namespace {

StrategySummary summarise(Strategy strategy, TeamMode team, const std::vector<BatchRun>& runs) {
    StrategySummary s;
    s.strategy = strategy;
    s.team = team;
    s.npcs = runs.empty() ? 1 : runs.front().npcs;
    std::vector<double> times;
    int chases = 0;
    int changes = 0;
    double searched = 0.0;
    double search_seconds = 0.0;
    for (const BatchRun& r : runs) {
        if (r.strategy != strategy || r.team != team || r.outcome == Outcome::never_lost) {
            continue;
        }
        searched += static_cast<double>(r.searched_cells);
        search_seconds += r.search_npc_seconds;
        ++s.runs;
        const bool reacquired = r.outcome == Outcome::reacquired;
        s.reacquired_chase += reacquired && r.reacquired_in == NpcState::chase ? 1.0 : 0.0;
        s.reacquired_search += reacquired && r.reacquired_in != NpcState::chase ? 1.0 : 0.0;
        s.gave_up += r.outcome == Outcome::gave_up ? 1.0 : 0.0;
        s.timeout += r.outcome == Outcome::timeout ? 1.0 : 0.0;
        if (reacquired) {
            times.push_back(r.time_to_reacquire);
        }
        s.mean_npc_distance += r.npc_distance;
        chases += r.chases;
        changes += r.destination_changes;
        s.max_heading_rate = std::max(s.max_heading_rate, r.max_heading_rate);
    }
    if (s.runs > 0) {
        const double n = s.runs;
        s.reacquired_chase /= n;
        s.reacquired_search /= n;
        s.gave_up /= n;
        s.timeout /= n;
        s.mean_npc_distance /= n;
    }
    s.destination_changes_per_chase = chases > 0 ? static_cast<double>(changes) / chases : 0.0;
    s.search_cells_per_npc_second = search_seconds > 0.0 ? searched / search_seconds : 0.0;
    if (!times.empty()) {
        std::sort(times.begin(), times.end());
        const std::size_t m = times.size() / 2;
        s.median_time_to_reacquire = times.size() % 2 ? times[m] : (times[m - 1] + times[m]) / 2.0;
    }
    return s;
}

}  // namespace

BatchRun summarise_run(int scenario, Strategy strategy, TeamMode team, const PursuitResult& r) {
    const auto chases = std::count_if(r.events.begin(), r.events.end(),
                                      [](const PursuitEvent& e) { return e.kind == EventKind::chase; });
    const auto lost = std::find_if(r.events.begin(), r.events.end(),
                                   [](const PursuitEvent& e) { return e.kind == EventKind::lost_sight; });
    const bool seen = lost != r.events.end();
    return BatchRun{.scenario = scenario,
                    .strategy = strategy,
                    .outcome = r.outcome,
                    .reacquired_in = r.reacquired_in,
                    .time_to_reacquire = r.time_to_reacquire,
                    .npc_distance = r.npc_distance,
                    .destination_changes = r.destination_changes,
                    .chases = static_cast<int>(chases),
                    .max_heading_rate = r.max_heading_rate,
                    .npcs = r.npcs,
                    .team = team,
                    .searched_cells = r.searched_cells,
                    .search_npc_seconds = r.search_npc_seconds,
                    .last_seen = seen ? lost->position : Vec2{},
                    .last_seen_direction = seen ? lost->direction : Vec2{},
                    .last_seen_height = seen ? lost->height : 0.0};
}

std::vector<StrategySummary> summarise_strategies(const std::vector<BatchRun>& runs, int npcs) {
    std::vector<StrategySummary> summaries;
    for (const Strategy s : all_strategies) {
        for (const TeamMode mode : batch_team_modes(npcs)) {
            summaries.push_back(summarise(s, mode, runs));
            summaries.back().npcs = npcs;
        }
    }
    return summaries;
}

}  // namespace kinema::pursuit::detail
