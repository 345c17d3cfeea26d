// The pursuit's speed targets: one pursuit of 120 simulated seconds on den520d at 60 Hz at least
// 1000 times faster than real time, and a batch of 1000 scenarios x 5 strategies on den520d in under a
// minute on 2 threads; a team of 4 (split) pursuing for 120 simulated seconds at least 250 times faster than
// real time, and 1000 scenarios x 3 team modes with 4 NPCs (flood strategy) in under 90 s on 2 threads. A
// plain program: each measurement is timed once with steady_clock (wall) and std::clock (the process's CPU
// time, all threads), since a shared machine's load inflates the wall time: the batch's CPU seconds / 2 is
// what 2 otherwise idle cores would take.
//
// Usage: pursuit_bench [--quick | N]   (--quick: a batch of 50 scenarios; N: N scenarios; the 1000-scenario
// time is extrapolated from N)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/runner.hpp"

namespace {

using namespace kinema;
namespace fs = std::filesystem;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double cpu_seconds_since(std::clock_t start) {
    return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

// `repeats` runs of one pursuit, timed: wall and CPU seconds and simulated seconds, each per run.
struct Timed {
    double wall = 0.0, cpu = 0.0, simulated = 0.0;
};

Timed time_runs(const chase::GridChaseSpace& space, const pursuit::PursuitScenario& scenario,
                const pursuit::PursuitConfig& config, int repeats) {
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    double simulated = 0.0;
    for (int r = 0; r < repeats; ++r) {
        simulated += pursuit::run_pursuit(space, scenario, config).frames.back().t;
    }
    return {seconds_since(start) / repeats, cpu_seconds_since(cpu_start) / repeats, simulated / repeats};
}

// The first batch scenario whose flood pursuit runs the whole 120 s (a search that never finds the player).
void one_pursuit(const chase::GridChaseSpace& space) {
    pursuit::PursuitConfig config;
    config.settings.max_time = 120.0;
    config.settings.search_time = 120.0;
    config.settings.player_speed = 9.0;
    config.settings.view_range = 12.0;
    pursuit::BatchSettings batch;
    batch.min_route = 30.0;
    for (int i = 0; i < 200; ++i) {
        const auto scenario = pursuit::batch_scenario(space, config, batch, i);
        if (!scenario) {
            continue;
        }
        const auto probe = pursuit::run_pursuit(space, *scenario, config);
        if (probe.outcome != pursuit::Outcome::timeout) {
            continue;
        }
        const Timed t = time_runs(space, *scenario, config, 5);
        std::printf(
            "one pursuit (scenario %d, flood, %g simulated s, %zu frames): %.4f s wall each, %.0f x real "
            "time; %.4f s CPU each, %.0f x real time by CPU time (target >= 1000)\n",
            i, t.simulated, probe.frames.size(), t.wall, t.simulated / t.wall, t.cpu, t.simulated / t.cpu);
        return;
    }
    std::printf("one pursuit: no scenario ran the full 120 s\n");
}

void batch_run(const chase::GridChaseSpace& space, int scenarios) {
    pursuit::PursuitConfig config;
    config.settings.player_speed = 9.0;
    config.settings.view_range = 12.0;
    pursuit::BatchSettings batch;
    batch.scenarios = scenarios;
    batch.threads = 2;
    batch.min_route = 30.0;
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    const pursuit::BatchResult r = pursuit::run_batch(space, config, batch);
    const double wall = seconds_since(start);
    const double cpu = cpu_seconds_since(cpu_start);
    const double scale = 1000.0 / r.scenarios;
    std::printf(
        "batch: %d scenarios x 5 strategies on 2 threads: %.2f s wall (%.2f ms per run), %.2f s CPU; "
        "1000 scenarios (x %g): %.1f s wall, %.1f s by CPU time / 2 threads (target < 60)\n",
        r.scenarios, wall, 1000.0 * wall / static_cast<double>(r.runs.size()), cpu, scale, wall * scale,
        cpu / 2.0 * scale);
}

pursuit::PursuitConfig team_config() {
    pursuit::PursuitConfig config;
    config.settings.max_time = 120.0;
    config.settings.search_time = 120.0;
    config.settings.player_speed = 9.0;
    config.settings.view_range = 12.0;
    return config;
}

pursuit::BatchSettings team_batch_settings() {
    pursuit::BatchSettings batch;
    batch.min_route = 30.0;
    batch.npcs = 4;
    return batch;
}

// The first team scenario whose split pursuit runs the whole 120 s (four NPCs searching one map).
void team_pursuit(const chase::GridChaseSpace& space) {
    const pursuit::PursuitConfig config = team_config();
    const pursuit::BatchSettings batch = team_batch_settings();
    for (int i = 0; i < 200; ++i) {
        auto scenario = pursuit::batch_scenario(space, config, batch, i);
        if (!scenario) {
            continue;
        }
        scenario->team = pursuit::TeamMode::split;
        const auto probe = pursuit::run_pursuit(space, *scenario, config);
        if (probe.outcome != pursuit::Outcome::timeout) {
            continue;
        }
        const Timed t = time_runs(space, *scenario, config, 3);
        std::printf(
            "team of 4 (scenario %d, split, flood, %g simulated s): %.4f s wall each, %.0f x real time; "
            "%.4f s CPU each, %.0f x real time by CPU time (target >= 250)\n",
            i, t.simulated, t.wall, t.simulated / t.wall, t.cpu, t.simulated / t.cpu);
        return;
    }
    std::printf("team of 4: no scenario ran the full 120 s\n");
}

// Scenarios x 3 team modes with 4 NPCs, flood strategy, on 2 threads (each its own space and runner).
void team_batch(const chase::GridChaseSpace& space, int scenarios) {
    pursuit::PursuitConfig config = team_config();
    config.settings.max_time = pursuit::PursuitSettings{}.max_time;
    config.settings.search_time = pursuit::PursuitSettings{}.search_time;
    const pursuit::BatchSettings batch = team_batch_settings();
    int made[2] = {0, 0};
    const auto work = [&](int thread) {
        pursuit::ChasePursuitSpace ps(space);
        pursuit::PursuitRunner runner(ps, config);
        for (int i = thread; i < scenarios; i += 2) {
            auto scenario = pursuit::batch_scenario(space, config, batch, i);
            if (!scenario) {
                continue;
            }
            ++made[thread];
            for (const pursuit::TeamMode mode : pursuit::batch_team_modes(batch.npcs)) {
                scenario->team = mode;
                (void)runner.run(*scenario);
            }
        }
    };
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    std::thread other(work, 1);
    work(0);
    other.join();
    const double wall = seconds_since(start);
    const double cpu = cpu_seconds_since(cpu_start);
    const int runs = 3 * (made[0] + made[1]);
    const double scale = 1000.0 / (made[0] + made[1]);
    std::printf(
        "team batch: %d scenarios x 3 team modes, 4 NPCs, flood, 2 threads: %.2f s wall (%.2f ms per run), "
        "%.2f s CPU; 1000 scenarios (x %g): %.1f s wall, %.1f s by CPU time / 2 threads (target < 90)\n",
        made[0] + made[1], wall, 1000.0 * wall / runs, cpu, scale, wall * scale, cpu / 2.0 * scale);
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const int scenarios = quick ? 50 : argc > 1 ? std::max(1, std::atoi(argv[1])) : 1000;
    const fs::path map = fs::path(KINEMA_SHARED_DATA_DIR) / "maps" / "den520d.map";
    if (!fs::exists(map)) {
        std::printf("den520d.map not found under %s\n", KINEMA_SHARED_DATA_DIR);
        return 0;
    }
    const levels::GridLevel level = levels::load_moving_ai_map(map.string());
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    std::printf("den520d: %zu cells\n", grid.cells().size());
    one_pursuit(space);
    batch_run(space, scenarios);
    team_pursuit(space);
    team_batch(space, scenarios);
    return 0;
}
