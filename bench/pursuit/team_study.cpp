// Does a team chase better? (docs/pursuit.md "Does a team chase better?"). On every shared map and 3D level,
// with K = 1, 2 and 4 NPCs, N scenarios drawn as `kinema pursue --batch N --npcs K` draws them (seed 1,
// min_route 20, the pursuit's defaults), the flood strategy (or --strategy's) runs with every team mode. Per
// level, K and mode it prints the share of runs re-acquired during the chase and during the search, the
// median time to re-acquire and the search's coverage (cells seen per NPC-second of search), as Markdown
// table rows, then the same pooled over the levels, and writes a chart of the pooled re-acquired share and
// coverage against K per mode. A run counts when the team lost the player (no NPC saw them), in every mode
// alike. Scenario i's runs depend only on (seed, i), and the tallies add them in scenario order: the output
// is the same on any machine and thread count.
//
// Usage: team_study [N] [--png FILE] [--only NAME] [--player-speed V] [--view-range R] [--strategy S]
//   N: scenarios per level and K (default 200); V, R: the pursuit's player_speed and view_range (defaults 6
//   and 20; the chapter's sprint past a CMC NPC is 7.5 and 10, as its Figure 1 on our corner level); S: a
//   strategy's name as the CLI spells it (default flood; intercept for the intercept teams)
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/pursuit_space.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/runner.hpp"
#include "kinema/render/chart.hpp"

namespace {

using namespace kinema;
namespace fs = std::filesystem;
using pursuit::TeamMode;

constexpr int kTeamSizes[] = {1, 2, 4};
constexpr TeamMode kModes[] = {TeamMode::independent, TeamMode::shared, TeamMode::split};

// One level: its name and a factory of pursuit spaces over it (one per thread), with what they view.
struct StudyLevel {
    std::string name;
    std::shared_ptr<void> keep;  // the level, grid and chase space (grids) or the nav level (meshes)
    std::function<std::unique_ptr<pursuit::PursuitSpace>()> make;
};

StudyLevel grid_level(const fs::path& path) {
    struct Grid {
        explicit Grid(const fs::path& p)
            : level(levels::load_moving_ai_map(p.string())), grid(level), space(grid) {}
        levels::GridLevel level;
        chase::GridSpace grid;
        chase::GridChaseSpace space;
    };
    auto g = std::make_shared<Grid>(path);
    return {path.filename().string(), g,
            [g] { return std::make_unique<pursuit::ChasePursuitSpace>(g->space); }};
}

StudyLevel mesh_level(const fs::path& path) {
    auto level = std::make_shared<nav::Level>(nav::Level::build(levels::load_obj(path), nav::NavSettings{}));
    return {path.filename().string(), level,
            [level] { return std::make_unique<nav::NavPursuitSpace>(*level); }};
}

// One run's numbers, kept by scenario and mode so that the tallies add them in order.
struct RunNumbers {
    bool made = false;
    pursuit::Outcome outcome = pursuit::Outcome::never_lost;
    pursuit::NpcState reacquired_in = pursuit::NpcState::chase;
    double time = -1.0;
    double cells = 0.0;
    double npc_seconds = 0.0;
};

struct Tally {
    int runs = 0;  // runs where the team lost the player
    double chase = 0.0, search = 0.0;
    double median = -1.0;
    double coverage = -1.0;  // cells per NPC-second of search; -1: no search (as median: none re-acquired)
};

// The median of v (the mean of the middle two for an even count); -1 for none.
double median_of(std::vector<double> v) {
    if (v.empty()) {
        return -1.0;
    }
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2.0;
}

// A row's team: "(alone)" for one NPC, else the mode's name.
std::string team_label(std::size_t j, std::size_t m) {
    return kTeamSizes[j] == 1 ? "(alone)" : std::string(pursuit::to_string(kModes[m]));
}

Tally tally(const std::vector<RunNumbers>& runs) {
    Tally t;
    std::vector<double> times;
    double cells = 0.0, seconds = 0.0;
    for (const RunNumbers& r : runs) {
        if (!r.made || r.outcome == pursuit::Outcome::never_lost) {
            continue;
        }
        ++t.runs;
        const bool found = r.outcome == pursuit::Outcome::reacquired;
        t.chase += found && r.reacquired_in == pursuit::NpcState::chase ? 1.0 : 0.0;
        t.search += found && r.reacquired_in != pursuit::NpcState::chase ? 1.0 : 0.0;
        if (found) {
            times.push_back(r.time);
        }
        cells += r.cells;
        seconds += r.npc_seconds;
    }
    if (t.runs > 0) {
        t.chase /= t.runs;
        t.search /= t.runs;
    }
    t.median = median_of(std::move(times));
    t.coverage = seconds > 0.0 ? cells / seconds : -1.0;
    return t;
}

// Scenarios x modes of one level and team size on 2 threads; results[mode][scenario].
std::vector<std::vector<RunNumbers>> run_level(const StudyLevel& level, int k, int scenarios,
                                               pursuit::PursuitConfig config) {
    config.map = level.name;
    pursuit::BatchSettings batch;
    batch.npcs = k;
    const std::span<const TeamMode> modes = pursuit::batch_team_modes(k);
    std::vector<std::vector<RunNumbers>> results(modes.size(), std::vector<RunNumbers>(scenarios));
    std::atomic<int> next{0};
    const auto work = [&] {
        const std::unique_ptr<pursuit::PursuitSpace> space = level.make();
        pursuit::PursuitRunner runner(*space, config);
        for (int i = next++; i < scenarios; i = next++) {
            std::optional<pursuit::PursuitScenario> sc = pursuit::batch_scenario(*space, config, batch, i);
            for (std::size_t m = 0; sc && m < modes.size(); ++m) {
                sc->team = modes[m];
                const pursuit::PursuitResult& r = runner.run(*sc);
                results[m][i] = {true,
                                 r.outcome,
                                 r.reacquired_in,
                                 r.time_to_reacquire,
                                 static_cast<double>(r.searched_cells),
                                 r.search_npc_seconds};
            }
        }
    };
    std::thread other(work);
    work();
    other.join();
    return results;
}

std::string percent(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", 100.0 * share);
    return text;
}

// Pooled over the levels (each level where the team lost the player counts once): the mean of the levels'
// shares, and the median of their median times and of their coverages. A median, since a level whose teams
// hardly searched divides a few cells by a fraction of a second.
struct Pool {
    std::vector<Tally> levels[3][3];  // [mode][K index], the levels with runs
    int level_count = 0;

    double mean_found(std::size_t m, std::size_t j) const {
        return mean(m, j, [](const Tally& t) { return t.chase + t.search; });
    }
    double mean_chase(std::size_t m, std::size_t j) const {
        return mean(m, j, [](const Tally& t) { return t.chase; });
    }
    double mean_search(std::size_t m, std::size_t j) const {
        return mean(m, j, [](const Tally& t) { return t.search; });
    }
    double median_time(std::size_t m, std::size_t j) const {
        return median(m, j, [](const Tally& t) { return t.median; });
    }
    double median_coverage(std::size_t m, std::size_t j) const {
        return median(m, j, [](const Tally& t) { return t.coverage; });
    }

  private:
    template <class Of>
    double mean(std::size_t m, std::size_t j, Of of) const {
        double sum = 0.0;
        for (const Tally& t : levels[m][j]) {
            sum += of(t);
        }
        return levels[m][j].empty() ? 0.0 : sum / static_cast<double>(levels[m][j].size());
    }
    // Over the levels where the value exists (a median time needs a re-acquired run).
    template <class Of>
    double median(std::size_t m, std::size_t j, Of of) const {
        std::vector<double> v;
        for (const Tally& t : levels[m][j]) {
            if (of(t) >= 0.0) {
                v.push_back(of(t));
            }
        }
        return median_of(std::move(v));
    }
};

void print_pool(const Pool& pool) {
    std::printf(
        "\nPooled over the %d levels (shares: the mean of the levels'; median s and cells/NPC-s: "
        "the median of the levels')\n\n",
        pool.level_count);
    std::printf(
        "| K | team | re-acquired | chase | search | median s | cells/NPC-s "
        "|\n|---|---|---|---|---|---|---|\n");
    for (std::size_t j = 0; j < std::size(kTeamSizes); ++j) {
        for (std::size_t m = 0; m < 3; ++m) {
            if (kTeamSizes[j] == 1 && m > 0) {
                continue;
            }
            std::printf("| %d | %s | %s | %s | %s | %.2f | %.1f |\n", kTeamSizes[j], team_label(j, m).c_str(),
                        percent(pool.mean_found(m, j)).c_str(), percent(pool.mean_chase(m, j)).c_str(),
                        percent(pool.mean_search(m, j)).c_str(), pool.median_time(m, j),
                        pool.median_coverage(m, j));
        }
    }
}

void write_chart(const Pool& pool, const std::string& png, pursuit::Strategy strategy) {
    render::ChartPanel found;
    found.title = "Re-acquired (chase or search)";
    found.y_label = "share of runs, mean over the levels";
    found.reference_y = 1.0;  // also keeps the legend clear of the lines
    found.reference_label = "every run";
    render::ChartPanel covered;
    covered.title = "Search coverage";
    covered.y_label = "cells seen per NPC-second (median of levels)";
    for (std::size_t m = 0; m < 3; ++m) {
        render::ChartSeries a{std::string(pursuit::to_string(kModes[m])), {}, {}};
        render::ChartSeries b = a;
        for (std::size_t j = 0; j < std::size(kTeamSizes); ++j) {
            a.x.push_back(kTeamSizes[j]);
            a.y.push_back(pool.mean_found(m, j));
            b.x.push_back(kTeamSizes[j]);
            b.y.push_back(pool.median_coverage(m, j));
        }
        found.series.push_back(a);
        covered.series.push_back(b);
    }
    render::ChartSettings settings;
    settings.title = "Does a team chase better? The " + std::string(pursuit::to_string(strategy)) +
                     " strategy on " + std::to_string(pool.level_count) +
                     " levels (one NPC: every mode is the same)";
    settings.x_label = "NPCs in the team (K)";
    const render::ChartPanel panels[] = {found, covered};
    std::ofstream(png, std::ios::binary) << render::chart_png(panels, settings);
    std::printf("wrote %s\n", png.c_str());
}

std::vector<StudyLevel> shared_levels(const std::string& only) {
    std::vector<fs::path> maps, meshes;
    const fs::path data(KINEMA_SHARED_DATA_DIR);
    for (const auto& e : fs::directory_iterator(data / "maps")) {
        if (e.path().extension() == ".map") {
            maps.push_back(e.path());
        }
    }
    for (const auto& e : fs::directory_iterator(data / "meshes")) {
        if (e.path().extension() == ".obj") {
            meshes.push_back(e.path());
        }
    }
    std::sort(maps.begin(), maps.end());
    std::sort(meshes.begin(), meshes.end());
    std::vector<StudyLevel> levels;
    for (const fs::path& p : maps) {
        if (only.empty() || p.filename() == only) {
            levels.push_back(grid_level(p));
        }
    }
    for (const fs::path& p : meshes) {
        if (only.empty() || p.filename() == only) {
            levels.push_back(mesh_level(p));
        }
    }
    return levels;
}

}  // namespace

int main(int argc, char** argv) {
    int scenarios = 200;
    std::string png = "team_study.png";
    std::string only;
    pursuit::PursuitConfig config;  // the flood strategy, the pursuit's defaults
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
            png = argv[++i];
        } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (std::strcmp(argv[i], "--player-speed") == 0 && i + 1 < argc) {
            config.settings.player_speed = std::atof(argv[++i]);
        } else if (std::strcmp(argv[i], "--view-range") == 0 && i + 1 < argc) {
            config.settings.view_range = std::atof(argv[++i]);
        } else if (std::strcmp(argv[i], "--strategy") == 0 && i + 1 < argc) {
            const std::optional<pursuit::Strategy> s = pursuit::parse_strategy(argv[++i]);
            if (!s) {
                std::fprintf(stderr, "team_study: --strategy: unknown strategy '%s'\n", argv[i]);
                return 2;
            }
            config.settings.strategy = *s;
        } else {
            scenarios = std::max(1, std::atoi(argv[i]));
        }
    }
    if (!fs::exists(fs::path(KINEMA_SHARED_DATA_DIR) / "maps")) {
        std::printf("no shared maps under %s\n", KINEMA_SHARED_DATA_DIR);
        return 0;
    }
    Pool pool;
    std::printf("player speed %g level units/s, view range %g level units, %d scenarios per level and K\n\n",
                config.settings.player_speed, config.settings.view_range, scenarios);
    std::printf(
        "| level | K | team | runs | chase | search | median s | cells/NPC-s "
        "|\n|---|---|---|---|---|---|---|---|\n");
    for (const StudyLevel& level : shared_levels(only)) {
        for (std::size_t j = 0; j < std::size(kTeamSizes); ++j) {
            const std::vector<std::vector<RunNumbers>> results =
                run_level(level, kTeamSizes[j], scenarios, config);
            for (std::size_t m = 0; m < 3; ++m) {
                // One NPC: the modes are one run (batch_team_modes(1)), shown once and pooled for each.
                const Tally t = tally(results[std::min(m, results.size() - 1)]);
                if (t.runs > 0) {
                    pool.levels[m][j].push_back(t);
                }
                if (kTeamSizes[j] == 1 && m > 0) {
                    continue;
                }
                std::printf("| %s | %d | %s | %d | %s | %s | %.2f | %.1f |\n", level.name.c_str(),
                            kTeamSizes[j], team_label(j, m).c_str(), t.runs, percent(t.chase).c_str(),
                            percent(t.search).c_str(), t.median, t.coverage);
            }
            std::fflush(stdout);
        }
        ++pool.level_count;
    }
    if (pool.level_count > 0) {
        print_pool(pool);
        write_chart(pool, png, config.settings.strategy);
    }
    return 0;
}
