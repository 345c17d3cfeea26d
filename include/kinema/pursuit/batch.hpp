// Comparing the chase strategies on a level: N random scenarios from a
// seed, each run with every strategy, summarised per strategy, on grid levels and (through a space per
// thread, e.g. nav::NavPursuitSpace) on 3D levels. Scenario i depends only on (seed, i) and each run only on
// its scenario, so the result is identical for any thread count.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "kinema/pursuit/pursuit.hpp"

namespace kinema::pursuit {

struct BatchSettings;
/// The registry of BatchSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<BatchSettings>) noexcept;

struct BatchSettings {
    int scenarios = 100;    ///< count, [1, 1000000]: N
    std::int64_t seed = 1;  ///< [0, 2^53]: the random scenarios' seed
    int threads = 1;        ///< [1, 256]
    double min_route =
        20.0;  ///< level units, [0, 1e6]: the player's goal is at least this far along its path
    /// Cells, [1, 1000]: the NPC starts this many path cells behind the player (3D levels: this many cell
    /// sizes along the path).
    int npc_behind = 3;
    /// NPCs per scenario, [1, max_team_npcs]: NPC 0 as above, the others on the cells nearest it (breadth
    /// first over the neighbour lists) that see the player and keep npc_separation; with more than one, every
    /// strategy runs with every TeamMode (docs/pursuit.md "Teams in the batch").
    int npcs = 1;

    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// Scenario `index` of a batch: the player starts on a random floor cell and runs the (smoothed) shortest
/// path to a random cell at least min_route away; the NPC starts npc_behind cells behind it on that path,
/// facing and seeing the player (cells are drawn again until one fits, at most 1000 times). nullopt when none
/// fits.
[[nodiscard]] std::optional<PursuitScenario> batch_scenario(const chase::ChaseSpace& space,
                                                            const PursuitConfig& config,
                                                            const BatchSettings& settings, int index);
/// The same on any pursuit space: 2D spaces as above (the cells' shortest path); 3D levels on the space's
/// own path (PursuitSpace::plan, Detour's straight path) between two random cells' positions: the NPC at
/// its start, the player npc_behind x cell_size along it (in plan), at least min_route before its end, the
/// route the rest of the path. A drawn scenario that fails PursuitScenario::validate is drawn again.
[[nodiscard]] std::optional<PursuitScenario> batch_scenario(PursuitSpace& space, const PursuitConfig& config,
                                                            const BatchSettings& settings, int index);

/// One run of a batch.
struct BatchRun {
    int scenario = 0;
    Strategy strategy = Strategy::flood;
    Outcome outcome = Outcome::never_lost;
    NpcState reacquired_in = NpcState::chase;
    double time_to_reacquire = -1.0;
    double npc_distance = 0.0;
    int destination_changes = 0;
    int chases = 0;  ///< chase events
    double max_heading_rate = 0.0;
    int npcs = 1;                     ///< the team's size (BatchSettings::npcs)
    TeamMode team = TeamMode::split;  ///< the team mode (read with npcs > 1)
    std::size_t searched_cells = 0;   ///< PursuitResult::searched_cells (in the JSON with npcs > 1)
    double search_npc_seconds = 0.0;  ///< PursuitResult::search_npc_seconds (in the JSON with npcs > 1)
    /// The run's first loss of sight (its first lost_sight event): where the player was last seen and the
    /// direction they were running then (PursuitEvent's position, direction and height); zeros when the NPC
    /// never lost sight. Written only by `--sightings-csv` (report::write_batch_sightings_csv), for the
    /// audit's lift (docs/audit.md "Does a finding predict anything?"); not in the JSON or shard parts.
    Vec2 last_seen;
    Vec2 last_seen_direction;
    double last_seen_height = 0.0;
};

/// A strategy's numbers over the batch (with a team: a strategy and team mode's).
struct StrategySummary {
    Strategy strategy = Strategy::flood;
    int npcs = 1;
    TeamMode team = TeamMode::split;
    /// Cells the searches saw per NPC-second of search, over every run (all runs' cells / all their
    /// NPC-seconds; 0 without a search): how fast the team covers the level.
    double search_cells_per_npc_second = 0.0;
    int runs = 0;                    ///< scenarios that lost sight at least once (never_lost runs excluded)
    double reacquired_chase = 0.0;   ///< share of runs re-acquired during the chase
    double reacquired_search = 0.0;  ///< share re-acquired during the search
    double gave_up = 0.0;            ///< share that gave up
    double timeout = 0.0;            ///< share that ran out of time
    double median_time_to_reacquire = -1.0;  ///< s over re-acquired runs (mean of the middle two); -1 if none
    double mean_npc_distance = 0.0;          ///< level units, NPC to player at the end
    double destination_changes_per_chase = 0.0;
    double max_heading_rate = 0.0;  ///< deg/s, the largest over the runs
};

struct BatchResult {
    int scenarios = 0;  ///< scenarios made (those that fit)
    /// Scenario by scenario, strategies in all_strategies order; with a team, each strategy's runs in the
    /// order independent, shared, split.
    std::vector<BatchRun> runs;
    std::vector<StrategySummary> summaries;  ///< in the runs' order within a scenario
};

/// The team modes a batch runs: the three with npcs > 1, else one (split, which one NPC ignores).
[[nodiscard]] std::span<const TeamMode> batch_team_modes(int npcs);

/// Makes one pursuit space for one worker thread: a space may hold planner state (ChasePursuitSpace's A*
/// arrays, NavPursuitSpace's Detour query, which is not thread safe), so each thread gets its own.
using SpaceFactory = std::function<std::unique_ptr<PursuitSpace>()>;

/// Runs the batch on `threads` threads; `progress(done, total)` is called after each scenario (from any
/// thread, serialised). Throws SettingsError for bad settings; an exception of a worker is rethrown here.
[[nodiscard]] BatchResult run_batch(const chase::ChaseSpace& space, const PursuitConfig& config,
                                    const BatchSettings& settings,
                                    const std::function<void(int, int)>& progress = {});
/// The same on spaces from `make_space`, called on the calling thread once per worker before any starts
/// (the spaces must be independent: e.g. nav::NavPursuitSpace(level), each with its own path finder).
[[nodiscard]] BatchResult run_batch(const SpaceFactory& make_space, const PursuitConfig& config,
                                    const BatchSettings& settings,
                                    const std::function<void(int, int)>& progress = {});

/// Shard `shard_index` of `shard_count` of the batch (docs/scale.md): only the scenarios i with i mod
/// shard_count = shard_index - 1, each exactly as run_batch runs it (scenario i depends only on the seed and
/// i). Interleaved rather than contiguous ranges, so that every shard gets its share of short and long
/// scenarios. The result's runs are the shard's; merge shards with batch_result_from_runs. Throws
/// std::invalid_argument unless 1 <= shard_index <= shard_count.
[[nodiscard]] BatchResult run_batch_shard(const SpaceFactory& make_space, const PursuitConfig& config,
                                          const BatchSettings& settings, int shard_index, int shard_count,
                                          const std::function<void(int, int)>& progress = {});
/// Why a batch made no scenario (BatchResult::scenarios == 0).
enum class NoScenario {
    /// On a 2D space the player starts on another cell than the NPC, at least one cell size away
    /// (batch_scenario), so a view range shorter than a cell never sees it.
    view_range,
    /// Otherwise: no path of min_route with the NPC in sight behind the player.
    min_route,
};
/// The reason for a batch on spaces from `make_space` with `config` that made no scenario.
[[nodiscard]] NoScenario why_no_scenario(const SpaceFactory& make_space, const PursuitConfig& config);
/// The batch's result from all its runs in any order (e.g. every shard's): the runs in scenario order and
/// the summaries recomputed from them (medians of the merged runs, never averaged from shards' summaries),
/// so equal to run_batch's. Throws std::invalid_argument when the count is not a whole number of scenarios.
[[nodiscard]] BatchResult batch_result_from_runs(std::vector<BatchRun> runs);

// Its JSON and CSV are the report part's (kinema/report/batch_report.hpp).

}  // namespace kinema::pursuit
