// The strategy comparison (docs/pursuit.md "Comparing strategies"). Randomness: splitmix64 (Steele, Lea and
// Flood 2014) seeded from (seed, scenario index), reduced by modulo; std's distributions are left out because
// their results differ between standard libraries.
#include "kinema/pursuit/batch.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <utility>

#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/pursuit/runner.hpp"
#include "path.hpp"

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

class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t state) : state_(state) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint32_t below(std::size_t n) { return static_cast<std::uint32_t>(next() % n); }

  private:
    std::uint64_t state_;
};

double path_length(const chase::CellSpace& cells, const std::vector<chase::CellId>& path, std::size_t from) {
    double total = 0.0;
    for (std::size_t i = from + 1; i < path.size(); ++i) {
        total += length(cells.planar_positions()[path[i]] - cells.planar_positions()[path[i - 1]]);
    }
    return total;
}

BatchRun summarise_run(int scenario, Strategy strategy, TeamMode team, const PursuitResult& r) {
    const auto chases = std::count_if(r.events.begin(), r.events.end(),
                                      [](const PursuitEvent& e) { return e.kind == EventKind::chase; });
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
                    .search_npc_seconds = r.search_npc_seconds};
}

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

// A scenario's random numbers: scenario i depends on (seed, i) alone.
SplitMix64 scenario_rng(const BatchSettings& settings, int index) {
    return SplitMix64(static_cast<std::uint64_t>(settings.seed) * 0x100000001B3ull +
                      static_cast<std::uint64_t>(index));
}

constexpr int kMaxAttempts = 1000;  // cells drawn per scenario before it counts as not fitting

// 2D spaces: batch_scenario with a planner of the caller's (a batch's workspace: no per-scenario A* arrays).
// Whether a drawn scenario is kept (a team's NPCs placed in it); else the next is drawn.
using AcceptScenario = std::function<bool(PursuitScenario&)>;

std::optional<PursuitScenario> cell_path_scenario(const chase::ChaseSpace& space, const PursuitConfig& config,
                                                  const BatchSettings& settings, int index,
                                                  detail::PathPlanner& planner,
                                                  const AcceptScenario& accept) {
    const chase::CellSpace& cells = space.cells();
    SplitMix64 rng = scenario_rng(settings, index);
    std::vector<Vec2> corners;
    const auto behind = static_cast<std::size_t>(settings.npc_behind);
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        const Vec2 from = cells.planar_position(rng.below(cells.size()));
        const Vec2 goal = cells.planar_position(rng.below(cells.size()));
        if (!planner.plan(space, from, goal, corners) || planner.cell_path().size() <= behind ||
            path_length(cells, planner.cell_path(), behind) < settings.min_route) {
            continue;
        }
        PursuitScenario s;
        s.npc = from;
        const Vec2 player = cells.planar_position(planner.cell_path()[behind]);
        if (length(player - from) > config.settings.view_range || !detail::clear_line(space, from, player) ||
            !planner.plan(space, player, goal, corners)) {
            continue;
        }
        s.route.push_back(player);
        s.route.insert(s.route.end(), corners.begin(), corners.end());
        if (accept(s)) {
            return s;
        }
    }
    return std::nullopt;
}

// A point `distance` along a polyline in plan: the index of the segment it lies on (the last point's when
// the polyline is shorter) and the point. The polyline has at least two points.
std::pair<std::size_t, Vec2> point_along(const chase::CellSpace& cells, const std::vector<Vec3>& line,
                                         double distance) {
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const Vec2 a = cells.planar(line[i]);
        const Vec2 d = cells.planar(line[i + 1]) - a;
        const double l = length(d);
        if (distance < l) {
            return {i, a + d * (distance / l)};
        }
        distance -= l;
    }
    return {line.size() - 1, cells.planar(line.back())};
}

// The planar length of the polyline from point p on segment i to its end.
double rest_length(const chase::CellSpace& cells, const std::vector<Vec3>& line, std::size_t i, Vec2 p) {
    double total = 0.0;
    for (std::size_t k = i + 1; k < line.size(); ++k) {
        total += length(cells.planar(line[k]) - p);
        p = cells.planar(line[k]);
    }
    return total;
}

// 3D spaces: the space's own path between two random cells' positions (on the navmesh). The NPC starts at
// the path's start and the player npc_behind cell sizes along it in plan (its height where a straight walk
// from the segment's start ends), so the NPC stands where the player just was, as on grids; the player's
// route is the rest of the path.
std::optional<PursuitScenario> space_path_scenario(PursuitSpace& ps, const PursuitConfig& config,
                                                   const BatchSettings& settings, int index,
                                                   std::vector<Vec3>& corners, std::vector<Vec3>& line,
                                                   const AcceptScenario& accept) {
    const chase::CellSpace& cells = ps.chase_space().cells();
    SplitMix64 rng = scenario_rng(settings, index);
    const double behind = settings.npc_behind * cells.cell_size();
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        const Vec3 from_cell = cells.position(rng.below(cells.size()));
        const Vec3 goal_cell = cells.position(rng.below(cells.size()));
        if (!ps.walkable(from_cell) || !ps.walkable(goal_cell)) {
            continue;  // a cell centre beside the navmesh (a column on its border)
        }
        const Vec3 from = ps.place(from_cell);
        if (!ps.plan(from, ps.place(goal_cell), corners)) {
            continue;
        }
        line.assign(1, from);
        line.insert(line.end(), corners.begin(), corners.end());
        const auto [segment, player] = point_along(cells, line, behind);
        if (segment + 1 >= line.size() || rest_length(cells, line, segment, player) < settings.min_route) {
            continue;
        }
        const Vec3 player3{player.x, ps.surface_height(line[segment], player), player.y};
        if (length(player3 - from) > config.settings.view_range || !ps.clear_line(from, player3)) {
            continue;
        }
        PursuitScenario s;
        s.npc = cells.planar(from);
        s.npc_height = from.y;
        s.route.push_back(player);
        s.route_heights.push_back(player3.y);
        for (std::size_t k = segment + 1; k < line.size(); ++k) {
            s.route.push_back(cells.planar(line[k]));
            s.route_heights.push_back(line[k].y);
        }
        if (s.validate(ps).empty() && accept(s)) {
            return s;
        }
    }
    return std::nullopt;
}

// What a worker keeps between scenarios besides the pursuit's workspace.
struct ScenarioScratch {
    detail::PathPlanner planner;  // 2D: the scenarios' A*
    std::vector<Vec3> corners;    // 3D: the path's corners
    std::vector<Vec3> line;       // and the path from its start
};

// A team's other NPCs on the cells nearest NPC 0 (breadth first over the neighbour lists, at most
// kTeamSearchCells cells), each on walkable space, seeing the player as NPC 0 does (in view range, a clear
// line) and npc_separation from the others. False when fewer fit.
constexpr std::size_t kTeamSearchCells = 256;

bool place_teammates(PursuitSpace& ps, const PursuitConfig& config, int npcs, PursuitScenario& s) {
    const chase::CellSpace& cells = ps.chase_space().cells();
    const PlanarFrame frame = ps.frame();
    const Vec3 player = frame.world(s.route.front(), s.route_height(0));
    const chase::CellId start = ps.cell_of(frame.world(s.npc, s.npc_height));
    if (start == chase::no_cell) {
        return false;
    }
    std::vector<chase::CellId> seen{start};
    for (std::size_t next = 0; next < seen.size() && seen.size() <= kTeamSearchCells; ++next) {
        for (const chase::CellId n : cells.neighbours(seen[next])) {
            if (std::find(seen.begin(), seen.end(), n) == seen.end()) {
                seen.push_back(n);
            }
        }
        const Vec3 cell = cells.position(seen[next]);
        if (next == 0 || !ps.walkable(cell)) {
            continue;
        }
        const Vec3 p = ps.place(cell);
        const Vec2 flat = frame.flat(p);
        const bool apart = std::all_of(s.teammates.begin(), s.teammates.end(), [&](const NpcStart& t) {
            return length(t.position - flat) >= npc_separation;
        });
        if (apart && length(flat - s.npc) >= npc_separation &&
            length(flat - s.route.front()) <= config.settings.view_range && ps.clear_line(p, player)) {
            s.teammates.push_back(NpcStart{flat, std::nullopt, frame.height(p)});
            if (s.npcs() == npcs) {
                return true;
            }
        }
    }
    s.teammates.clear();
    return false;
}

std::optional<PursuitScenario> make_scenario(PursuitSpace& ps, const PursuitConfig& config,
                                             const BatchSettings& settings, int index,
                                             ScenarioScratch& scratch) {
    const AcceptScenario accept = [&](PursuitScenario& s) {
        return settings.npcs == 1 || place_teammates(ps, config, settings.npcs, s);
    };
    if (ps.dimensions() == 2) {
        return cell_path_scenario(ps.chase_space(), config, settings, index, scratch.planner, accept);
    }
    return space_path_scenario(ps, config, settings, index, scratch.corners, scratch.line, accept);
}

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<BatchSettings>) noexcept {
    return kBatchDescription;
}

std::optional<PursuitScenario> batch_scenario(const chase::ChaseSpace& space, const PursuitConfig& config,
                                              const BatchSettings& settings, int index) {
    ChasePursuitSpace ps(space);
    return batch_scenario(ps, config, settings, index);
}

std::span<const TeamMode> batch_team_modes(int npcs) {
    static constexpr TeamMode every[] = {TeamMode::independent, TeamMode::shared, TeamMode::split};
    static constexpr TeamMode alone[] = {TeamMode::split};
    return npcs > 1 ? std::span<const TeamMode>(every) : std::span<const TeamMode>(alone);
}

std::optional<PursuitScenario> batch_scenario(PursuitSpace& space, const PursuitConfig& config,
                                              const BatchSettings& settings, int index) {
    ScenarioScratch scratch;
    return make_scenario(space, config, settings, index, scratch);
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
                  std::size_t row, std::optional<PursuitRunner>& runner, ScenarioScratch& scratch,
                  BatchRows& rows) {
    std::optional<PursuitScenario> sc = make_scenario(ps, config, settings, i, scratch);
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
            rows.runs[at++] = summarise_run(i, strategy, mode, runner->run(*sc));
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
    for (const Strategy s : all_strategies) {
        for (const TeamMode mode : batch_team_modes(npcs)) {
            result.summaries.push_back(summarise(s, mode, result.runs));
            result.summaries.back().npcs = npcs;
        }
    }
    return result;
}

// How many of the scenarios 0..n-1 are i with i mod count = index - 1.
int shard_scenario_count(int n, int index, int count) {
    return index - 1 >= n ? 0 : (n - (index - 1) + count - 1) / count;
}

// Known before any scenario is drawn: on a grid a route is an A* path of distinct cells, each step at most a
// diagonal, so none is longer than (cells - 1) x sqrt(2) x cell size. A --min-route beyond that cannot fit,
// and drawing kMaxAttempts paths per scenario to find out took 17 s on a batch of 1000. Nor can a view range
// shorter than the cell size: the player starts npc_behind >= 1 path cells from the NPC, on another tile,
// whose centre is at least one cell size away, out of sight.
bool no_route_can_fit(const PursuitSpace& ps, const PursuitConfig& config, const BatchSettings& settings) {
    const chase::CellSpace& cells = ps.chase_space().cells();
    if (ps.dimensions() != 2 || cells.grid() == nullptr || cells.size() == 0) {
        return false;
    }
    const double longest = static_cast<double>(cells.size() - 1) * std::sqrt(2.0) * cells.cell_size();
    return settings.min_route > longest || config.settings.view_range < cells.cell_size();
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
    // One space per worker, made here (the factory need not be thread safe).
    std::vector<std::unique_ptr<PursuitSpace>> spaces;
    for (int t = 0; t < std::min(settings.threads, n); ++t) {
        spaces.push_back(make_space());
        if (!spaces.back()) {
            throw std::invalid_argument("run_batch: the space factory returned no space");
        }
    }
    if (spaces.empty() || no_route_can_fit(*spaces.front(), config, settings)) {
        return collect(std::move(rows), settings.npcs);  // every row unmade: as drawing them all, at once
    }
    std::atomic<int> next{0};
    std::mutex mutex;
    int done = 0;
    std::exception_ptr failure;
    auto work = [&](PursuitSpace& ps) {
        std::optional<PursuitRunner> runner;  // this thread's parts and buffers, reused by all its pursuits
        ScenarioScratch scratch;              // and the scenarios'
        for (int k = next++; k < n; k = next++) {
            try {
                run_scenario(ps, config, settings, shard_index - 1 + k * shard_count,
                             static_cast<std::size_t>(k), runner, scratch, rows);
            } catch (...) {
                const std::lock_guard lock(mutex);
                failure = failure ? failure : std::current_exception();
                next = n;  // the others stop after their current scenario
                return;
            }
            const std::lock_guard lock(mutex);
            ++done;
            if (progress) {
                progress(done, n);
            }
        }
    };
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < spaces.size(); ++t) {
        workers.emplace_back(work, std::ref(*spaces[t]));
    }
    work(*spaces.front());
    for (std::thread& w : workers) {
        w.join();
    }
    if (failure) {
        std::rethrow_exception(failure);
    }
    return collect(std::move(rows), settings.npcs);
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

void write_batch_json(const BatchResult& r, std::string& out, const BatchTextSink& sink,
                      std::size_t chunk_bytes) {
    JsonWriter w(out);
    w.begin_object().number("scenarios", r.scenarios).key("summaries").begin_array();
    for (const StrategySummary& s : r.summaries) {
        w.begin_object()
            .string("strategy", to_string(s.strategy))
            .number("runs", s.runs)
            .number("reacquired_chase", s.reacquired_chase)
            .number("reacquired_search", s.reacquired_search)
            .number("gave_up", s.gave_up)
            .number("timeout", s.timeout)
            .number("median_time_to_reacquire", s.median_time_to_reacquire)
            .number("mean_npc_distance", s.mean_npc_distance)
            .number("destination_changes_per_chase", s.destination_changes_per_chase)
            .number("max_heading_rate", s.max_heading_rate);
        if (s.npcs > 1) {
            w.number("npcs", s.npcs)
                .string("team", to_string(s.team))
                .number("search_cells_per_npc_second", s.search_cells_per_npc_second);
        }
        w.end_object();
    }
    w.end_array().key("runs").begin_array();
    for (const BatchRun& run : r.runs) {
        w.begin_object()
            .number("scenario", run.scenario)
            .string("strategy", to_string(run.strategy))
            .string("outcome", to_string(run.outcome))
            .string("reacquired_in", run.outcome == Outcome::reacquired ? to_string(run.reacquired_in) : "")
            .number("time_to_reacquire", run.time_to_reacquire)
            .number("npc_distance", run.npc_distance)
            .number("destination_changes", run.destination_changes)
            .number("chases", run.chases)
            .number("max_heading_rate", run.max_heading_rate);
        if (run.npcs > 1) {
            w.number("npcs", run.npcs)
                .string("team", to_string(run.team))
                .number("searched_cells", static_cast<double>(run.searched_cells))
                .number("search_npc_seconds", run.search_npc_seconds);
        }
        w.end_object();
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    w.end_array().end_object();
    sink(out);
}

void write_batch_csv(const BatchResult& r, std::string& out, const BatchTextSink& sink,
                     std::size_t chunk_bytes) {
    const bool team = !r.runs.empty() && r.runs.front().npcs > 1;
    out +=
        "scenario,strategy,outcome,reacquired_in,time_to_reacquire,npc_distance,destination_changes,chases,"
        "max_heading_rate";
    out += team ? ",npcs,team\n" : "\n";
    for (const BatchRun& run : r.runs) {
        append_number(out, run.scenario);
        out += ',';
        out += to_string(run.strategy);
        out += ',';
        out += to_string(run.outcome);
        out += ',';
        out += run.outcome == Outcome::reacquired ? to_string(run.reacquired_in) : "";
        for (const double v :
             {run.time_to_reacquire, run.npc_distance, static_cast<double>(run.destination_changes),
              static_cast<double>(run.chases), run.max_heading_rate}) {
            out += ',';
            append_number(out, v);
        }
        if (team) {
            out += ',';
            append_number(out, run.npcs);
            out += ',';
            out += to_string(run.team);
        }
        out += '\n';
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    sink(out);
}

namespace {

// The whole text of a streamed report.
template <typename Write>
std::string whole_text(const Write& write) {
    std::string whole;
    std::string buffer;
    write(buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

}  // namespace

std::string batch_json(const BatchResult& r) {
    return whole_text(
        [&](std::string& buffer, const BatchTextSink& sink) { write_batch_json(r, buffer, sink); });
}

std::string batch_csv(const BatchResult& r) {
    return whole_text(
        [&](std::string& buffer, const BatchTextSink& sink) { write_batch_csv(r, buffer, sink); });
}

}  // namespace kinema::pursuit
