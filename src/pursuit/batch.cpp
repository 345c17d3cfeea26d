// The strategy comparison's runner (docs/pursuit.md "Comparing strategies"): every scenario of the batch (or
// of one shard) run with every strategy on the workers of core's parallel_for, each row written to its own
// slot, so that the rows are the same at any thread count. The scenarios are batch_scenario.cpp's, the
// summaries batch_summary.cpp's.
#include "kinema/pursuit/batch.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <utility>

#include "batch_scenario.hpp"
#include "batch_summary.hpp"
#include "kinema/core/parallel_for.hpp"
#include "kinema/pursuit/runner.hpp"

namespace kinema::pursuit {

namespace {

using B = BatchSettings;
constexpr std::array kBatchFields{
    field<B, &B::scenarios>("scenarios", "count", closed_range(1, 1000000), "N random scenarios"),
    field<B, &B::seed>("seed", "1", closed_range(0, 9007199254740992.0), "the scenarios' random seed"),
    field<B, &B::threads>("threads", "count", closed_range(1, 256), "worker threads"),
    field<B, &B::min_route>("min_route", "level units", closed_range(0, 1e6),
                            "the player's goal is at least this far along its path"),
    field<B, &B::npc_behind>("npc_behind", "cells", closed_range(1, 1000),
                             "the NPC starts this many path cells (3D levels: cell sizes) behind the player"),
    field<B, &B::npcs>(
        "npcs", "count", closed_range(1, max_team_npcs),
        "NPCs per scenario: a team, the others on the cells nearest the first; every team mode "
        "runs"),
};
constexpr SettingsDescription kBatchDescription{"BatchSettings", kBatchFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<BatchSettings>) noexcept {
    return kBatchDescription;
}

std::span<const TeamMode> batch_team_modes(int npcs) {
    static constexpr TeamMode every[] = {TeamMode::independent, TeamMode::shared, TeamMode::split};
    static constexpr TeamMode alone[] = {TeamMode::split};
    return npcs > 1 ? std::span<const TeamMode>(every) : std::span<const TeamMode>(alone);
}

BatchResult run_batch(const chase::ChaseSpace& space, const PursuitConfig& config,
                      const BatchSettings& settings, const std::function<void(int, int)>& progress) {
    return run_batch([&space] { return std::make_unique<ChasePursuitSpace>(space); }, config, settings,
                     progress);
}

namespace {

constexpr std::size_t strategy_count = std::size(all_strategies);

// Every scenario's runs, strategies in all_strategies order (scenario i's at i x strategy_count); the rows
// of scenarios that did not fit stay unmade. One flat array, so that collect() hands it to the result in
// place instead of copying it (at --batch 10^6 the runs are 240 MB).
struct BatchRows {
    std::vector<BatchRun> runs;
    std::vector<char> made;
};

// The runs of one scenario: every strategy, each with every team mode the batch runs.
std::size_t runs_per_scenario(int npcs) {
    return strategy_count * batch_team_modes(npcs).size();
}

// Runs scenario i with every strategy (and team mode) into row `row`.
void run_scenario(PursuitSpace& ps, const PursuitConfig& config, const BatchSettings& settings, int i,
                  std::size_t row, std::optional<PursuitRunner>& runner, detail::ScenarioScratch& scratch,
                  BatchRows& rows) {
    std::optional<PursuitScenario> sc = detail::make_scenario(ps, config, settings, i, scratch);
    if (!sc) {
        return;
    }
    const std::span<const TeamMode> modes = batch_team_modes(settings.npcs);
    std::size_t at = row * runs_per_scenario(settings.npcs);
    for (const Strategy strategy : all_strategies) {
        PursuitConfig c = config;
        c.settings.strategy = strategy;
        if (runner) {
            runner->set_config(c);
        } else {
            runner.emplace(ps, c);  // validates as every run does: errors name the same field either way
        }
        for (const TeamMode mode : modes) {
            sc->team = mode;
            rows.runs[at++] = detail::summarise_run(i, strategy, mode, runner->run(*sc));
        }
    }
    rows.made[row] = 1;
}

// The made rows moved to the front, in scenario order, and the array handed to the result.
BatchResult collect(BatchRows&& rows, int npcs) {
    BatchResult result;
    const std::size_t stride = runs_per_scenario(npcs);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < rows.made.size(); ++i) {
        if (rows.made[i]) {
            const auto from = rows.runs.begin() + static_cast<std::ptrdiff_t>(i * stride);
            std::copy(from, from + static_cast<std::ptrdiff_t>(stride),
                      rows.runs.begin() + static_cast<std::ptrdiff_t>(kept * stride));
            ++kept;
        }
    }
    rows.runs.resize(kept * stride);
    result.scenarios = static_cast<int>(kept);
    result.runs = std::move(rows.runs);
    result.summaries = detail::summarise_strategies(result.runs, npcs);
    return result;
}

// How many of the scenarios 0..n-1 are i with i mod count = index - 1.
int shard_scenario_count(int n, int index, int count) {
    return index - 1 >= n ? 0 : (n - (index - 1) + count - 1) / count;
}

// What each worker of a batch keeps: its own space (a space may hold planner state that is not thread safe),
// its runner (parts and buffers reused by all its pursuits) and its scenarios' scratch.
struct BatchWorker {
    std::unique_ptr<PursuitSpace> space;
    std::optional<PursuitRunner> runner;
    detail::ScenarioScratch scratch;
};

// One worker per thread, up to one per scenario; the spaces made here, on the calling thread (the factory
// need not be thread safe).
std::vector<BatchWorker> make_workers(const SpaceFactory& make_space, int threads, int scenarios) {
    std::vector<BatchWorker> workers(static_cast<std::size_t>(std::max(0, std::min(threads, scenarios))));
    for (BatchWorker& worker : workers) {
        worker.space = make_space();
        if (!worker.space) {
            throw std::invalid_argument("run_batch: the space factory returned no space");
        }
    }
    return workers;
}

}  // namespace

BatchResult run_batch(const SpaceFactory& make_space, const PursuitConfig& config,
                      const BatchSettings& settings, const std::function<void(int, int)>& progress) {
    return run_batch_shard(make_space, config, settings, 1, 1, progress);
}

BatchResult run_batch_shard(const SpaceFactory& make_space, const PursuitConfig& config,
                            const BatchSettings& settings, int shard_index, int shard_count,
                            const std::function<void(int, int)>& progress) {
    throw_if_invalid("BatchSettings", settings.validate());
    throw_if_invalid("PursuitSettings", config.settings.validate(config.model));
    if (shard_count < 1 || shard_index < 1 || shard_index > shard_count) {
        throw std::invalid_argument("run_batch_shard: needs 1 <= shard_index <= shard_count");
    }
    // Row k holds scenario shard_index - 1 + k x shard_count.
    const int n = shard_scenario_count(settings.scenarios, shard_index, shard_count);
    BatchRows rows{std::vector<BatchRun>(static_cast<std::size_t>(n) * runs_per_scenario(settings.npcs)),
                   std::vector<char>(static_cast<std::size_t>(n), 0)};
    std::vector<BatchWorker> workers = make_workers(make_space, settings.threads, n);
    if (workers.empty() || detail::no_route_can_fit(*workers.front().space, config, settings)) {
        return collect(std::move(rows), settings.npcs);  // every row unmade: as drawing them all, at once
    }
    std::mutex progress_mutex;
    int done = 0;
    parallel_for(static_cast<std::size_t>(n), static_cast<int>(workers.size()), [&](int w, std::size_t k) {
        BatchWorker& worker = workers[static_cast<std::size_t>(w)];
        run_scenario(*worker.space, config, settings, shard_index - 1 + static_cast<int>(k) * shard_count, k,
                     worker.runner, worker.scratch, rows);
        const std::lock_guard lock(progress_mutex);
        ++done;
        if (progress) {
            progress(done, n);
        }
    });
    return collect(std::move(rows), settings.npcs);
}

NoScenario why_no_scenario(const SpaceFactory& make_space, const PursuitConfig& config) {
    const std::unique_ptr<PursuitSpace> space = make_space();
    const bool out_of_sight =
        space->dimensions() == 2 && config.settings.view_range < space->chase_space().cells().cell_size();
    return out_of_sight ? NoScenario::view_range : NoScenario::min_route;
}

BatchResult batch_result_from_runs(std::vector<BatchRun> runs) {
    const int npcs = runs.empty() ? 1 : runs.front().npcs;
    const std::size_t stride = runs_per_scenario(npcs);
    if (runs.size() % stride != 0) {
        throw std::invalid_argument(
            "batch_result_from_runs: not every strategy's (and team mode's) run of every scenario");
    }
    // Scenario order, strategies in all_strategies order within one, team modes in order within a strategy:
    // the unsharded batch's order, so that the summaries' sums add the same numbers in the same order.
    std::stable_sort(runs.begin(), runs.end(), [](const BatchRun& a, const BatchRun& b) {
        if (a.scenario != b.scenario) {
            return a.scenario < b.scenario;
        }
        return a.strategy != b.strategy ? static_cast<int>(a.strategy) < static_cast<int>(b.strategy)
                                        : static_cast<int>(a.team) < static_cast<int>(b.team);
    });
    const std::size_t scenarios = runs.size() / stride;
    return collect(BatchRows{std::move(runs), std::vector<char>(scenarios, 1)}, npcs);
}

}  // namespace kinema::pursuit
