// kinema::nav speed, on the Recast demo meshes (influence-maps-and-levels.md 4.3):
// - build/<mesh>: Level::build (the single-tile navmesh at 0.3 m, then the navmesh cells at 0.75 m), ms;
// - flood/<mesh>: one complete chase flood (default constants H 20, M_H 25, M_S 40) per iteration on the next
//   of 10,000 random seed cells and horizontal directions; counters as bench/chase (touched, ns_per_touched);
// - flood/scalar_rows/<mesh>: the same without the AVX2 neighbour rows (the generic flood's scalar loops);
// - flood/grid/<map>: the same flood on Moving AI grid maps in the same run, for the per-touched-cell ratio
//   (target: 3D within 2x of grids); grids take the word-parallel grid path;
// - flood/grid_generic/<map>: the same grids on the generic flood (GridPath::never), the one 3D levels run:
//   the ratio of the same code on both kinds of space;
// - chase/<mesh>: a full run_chase query (flood, navmesh raycast, NPC path to the destination from a random
//   cell), per iteration.
// The generated 512 m level (scripts/make-big-level.py, written into the build tree):
// - big/build/threads:N: Level::build in 256-voxel tiles on N threads, s (wall time, and CPU time of all
//   threads); counters cells_s and cells_cpu_s (NavCells::build timed alone on the result), peak_rss_MB
//   (VmHWM of one build in a forked child holding the loaded mesh), build_rss_MB (that peak less the child's
//   VmRSS before the build), tiles, polygons, cells;
// - flood/big: floods on its cells; flood/grid/open: an open grid of the same columns in the same run, for
//   the per-touched-cell ratio (target: within 1.5x of the grid's); flood/grid_generic/open: that grid on
//   the generic flood.
#include <benchmark/benchmark.h>
#include <malloc.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <recastnavigation/DetourNavMeshQuery.h>

#include "chase/flood_vector_rows.hpp"  // detail::allow_vector_rows, private (src/)
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/nav_cells.hpp"

namespace {

using namespace kinema;

constexpr int kSeeds = 10000;
const std::string kData = KINEMA_SHARED_DATA_DIR;

struct Seed {
    chase::CellId cell;
    Vec2 dir;
};

std::vector<Seed> random_seeds(std::size_t cells) {
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<chase::CellId> cell(0, static_cast<chase::CellId>(cells - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    std::vector<Seed> seeds;
    for (int i = 0; i < kSeeds; ++i) {
        const double a = angle(rng);
        seeds.push_back({cell(rng), {std::cos(a), std::sin(a)}});
    }
    return seeds;
}

void time_floods(benchmark::State& state, const chase::CellSpace& space,
                 chase::GridPath grid_path = chase::GridPath::automatic) {
    const std::vector<Seed> seeds = random_seeds(space.size());
    chase::Flood flood;
    flood.set_grid_path(grid_path);
    flood.start(space, seeds[0].cell, seeds[0].dir);
    flood.run();
    std::size_t i = 0;
    std::size_t touched = 0;
    const auto start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        const Seed& s = seeds[i];
        i = i + 1 == seeds.size() ? 0 : i + 1;
        flood.start(space, s.cell, s.dir);
        const chase::FloodResult r = flood.run();
        benchmark::DoNotOptimize(r);
        touched += r.heated_cells + r.barrier_cells;
    }
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
    state.counters["touched"] = static_cast<double>(touched) / static_cast<double>(state.iterations());
    state.counters["ns_per_touched"] = ns / static_cast<double>(touched);
    state.counters["cells"] = static_cast<double>(space.size());
}

void bm_build(benchmark::State& state, const std::string& path) {
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("shared mesh not found: " + path).c_str());
        return;
    }
    const levels::TriangleMesh mesh = levels::load_obj(path);
    std::size_t cells = 0;
    std::size_t polygons = 0;
    for (auto _ : state) {
        const nav::Level level = nav::Level::build(mesh, nav::NavSettings{});
        cells = level.nav_cells().size();
        polygons = level.stats().nav_polygons;
        benchmark::DoNotOptimize(cells);
    }
    state.counters["cells"] = static_cast<double>(cells);
    state.counters["polygons"] = static_cast<double>(polygons);
}

void bm_flood_mesh(benchmark::State& state, const std::string& path) {
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("shared mesh not found: " + path).c_str());
        return;
    }
    const nav::Level level = nav::Level::build(levels::load_obj(path), nav::NavSettings{});
    time_floods(state, level.nav_cells().cell_space());
}

/// The same with the generic flood's scalar neighbour loops (detail::allow_vector_rows(false)), for the
/// AVX2 rows' gain in the same run.
void bm_flood_mesh_scalar(benchmark::State& state, const std::string& path) {
    const bool previous = chase::detail::allow_vector_rows(false);
    bm_flood_mesh(state, path);
    chase::detail::allow_vector_rows(previous);
}

void bm_flood_grid(benchmark::State& state, const std::string& path, chase::GridPath grid_path) {
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("shared map not found: " + path).c_str());
        return;
    }
    const chase::GridSpace grid(levels::load_moving_ai_map(path));
    time_floods(state, grid.cells(), grid_path);
}

void bm_chase(benchmark::State& state, const std::string& path) {
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("shared mesh not found: " + path).c_str());
        return;
    }
    const nav::Level level = nav::Level::build(levels::load_obj(path), nav::NavSettings{});
    const nav::NavCells& cells = level.nav_cells();
    const std::vector<Seed> seeds = random_seeds(cells.size());
    const std::vector<Seed> npcs = [&] {
        std::vector<Seed> s = random_seeds(cells.size());
        std::reverse(s.begin(), s.end());
        return s;
    }();
    nav::PathFinder finder(level);
    chase::Flood flood;
    std::size_t i = 0;
    std::size_t found = 0;
    for (auto _ : state) {
        nav::ChaseQuery q;
        q.position = cells.position(seeds[i].cell);
        q.direction = {seeds[i].dir.x, 0.0, seeds[i].dir.y};
        q.npc = cells.position(npcs[i].cell);
        i = i + 1 == seeds.size() ? 0 : i + 1;
        const nav::ChaseResult r = nav::run_chase(level, finder, flood, q);
        found += r.path && r.path->status == nav::NavPath::Status::found ? 1 : 0;
        benchmark::DoNotOptimize(r);
    }
    state.counters["paths_found"] = static_cast<double>(found) / static_cast<double>(state.iterations());
}

#ifdef KINEMA_BIG_LEVEL_512
const std::string kBigLevel = KINEMA_BIG_LEVEL_512;
#else
const std::string kBigLevel;
#endif

nav::NavSettings big_settings(int threads) {
    nav::NavSettings s;
    s.tile_size = 256.0;  // 76.8 m tiles: 7 x 7 over 512 m
    s.threads = threads;
    return s;
}

/// A field of /proc/self/status ("VmRSS", "VmHWM") in MiB.
double status_mib(const std::string& field) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(field + ":", 0) == 0) {
            return std::stod(line.substr(field.size() + 1)) / 1024.0;  // kB
        }
    }
    return 0.0;
}

/// Resident memory before and at the peak of one build, in a forked child (the parent's peak would hide it).
std::pair<double, double> build_memory(const levels::TriangleMesh& mesh, int threads) {
    int fds[2];
    if (pipe(fds) != 0) {
        return {0.0, 0.0};
    }
    const pid_t child = fork();
    if (child == 0) {
        // The heap the parent freed but kept (earlier benchmarks) is returned first, and the peak is reset
        // (Linux clear_refs 5), so that the peak is this build's, plus what the process really holds.
        malloc_trim(0);
        std::ofstream("/proc/self/clear_refs") << "5";
        double out[2] = {status_mib("VmRSS"), 0.0};
        { const nav::Level level = nav::Level::build(mesh, big_settings(threads)); }
        out[1] = status_mib("VmHWM");
        const ssize_t written = write(fds[1], out, sizeof out);
        _exit(written == sizeof out ? 0 : 1);
    }
    close(fds[1]);
    double in[2] = {0.0, 0.0};
    const ssize_t got = read(fds[0], in, sizeof in);
    close(fds[0]);
    int status = 0;
    waitpid(child, &status, 0);
    return got == sizeof in ? std::pair{in[0], in[1]} : std::pair{0.0, 0.0};
}

void bm_big_build(benchmark::State& state) {
    if (kBigLevel.empty() || !std::filesystem::exists(kBigLevel)) {
        state.SkipWithError("generated level not found (python3 and scripts/make-big-level.py)");
        return;
    }
    const levels::TriangleMesh mesh = levels::load_obj(kBigLevel);
    const int threads = static_cast<int>(state.range(0));
    std::optional<nav::Level> level;
    for (auto _ : state) {
        level.emplace(nav::Level::build(mesh, big_settings(threads)));
    }
    const auto start = std::chrono::steady_clock::now();
    const std::clock_t cpu_start = std::clock();
    nav::NavCellSettings cell_settings;
    const nav::NavCells cells = nav::NavCells::build(level->detour_navmesh(), dtQueryFilter(), cell_settings);
    const double cells_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.counters["cells_s"] = cells_s;
    state.counters["cells_cpu_s"] = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
    state.counters["tiles"] = static_cast<double>(level->stats().nav_tiles);
    state.counters["polygons"] = static_cast<double>(level->stats().nav_polygons);
    state.counters["cells"] = static_cast<double>(cells.size());
    level.reset();  // the child starts with the mesh only
    const auto [before, peak] = build_memory(mesh, threads);
    state.counters["peak_rss_MB"] = peak;
    state.counters["build_rss_MB"] = peak - before;
}

void bm_flood_big(benchmark::State& state) {
    if (kBigLevel.empty() || !std::filesystem::exists(kBigLevel)) {
        state.SkipWithError("generated level not found (python3 and scripts/make-big-level.py)");
        return;
    }
    const nav::Level level = nav::Level::build(levels::load_obj(kBigLevel), big_settings(2));
    time_floods(state, level.nav_cells().cell_space());
}

/// An open grid as large as the big level's chase columns (683 x 683 at 0.75 m over 512 m).
void bm_flood_open_grid(benchmark::State& state, chase::GridPath grid_path) {
    levels::GridLevel open;
    open.name = "open";
    open.width = 683;
    open.height = 683;
    open.passable.assign(static_cast<std::size_t>(open.width) * static_cast<std::size_t>(open.height), 1);
    const chase::GridSpace grid(open);
    time_floods(state, grid.cells(), grid_path);
}

const bool registered = [] {
    for (const char* mesh : {"dungeon", "nav_test"}) {
        const std::string path = kData + "/meshes/" + mesh + ".obj";
        benchmark::RegisterBenchmark((std::string("build/") + mesh).c_str(), bm_build, path)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((std::string("flood/") + mesh).c_str(), bm_flood_mesh, path)
            ->Iterations(kSeeds)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((std::string("flood/scalar_rows/") + mesh).c_str(), bm_flood_mesh_scalar,
                                     path)
            ->Iterations(kSeeds)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((std::string("chase/") + mesh).c_str(), bm_chase, path)
            ->Iterations(kSeeds / 10)
            ->Unit(benchmark::kMicrosecond);
    }
    for (const char* map : {"den011d", "ht_chantry", "maze-128-128-2"}) {
        const std::string path = kData + "/maps/" + map + ".map";
        benchmark::RegisterBenchmark((std::string("flood/grid/") + map).c_str(), bm_flood_grid, path,
                                     chase::GridPath::automatic)
            ->Iterations(kSeeds)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((std::string("flood/grid_generic/") + map).c_str(), bm_flood_grid, path,
                                     chase::GridPath::never)
            ->Iterations(kSeeds)
            ->Unit(benchmark::kMicrosecond);
    }
    benchmark::RegisterBenchmark("big/build", bm_big_build)
        ->Arg(1)
        ->Arg(2)
        ->ArgName("threads")
        ->Iterations(1)
        ->UseRealTime()
        ->MeasureProcessCPUTime()
        ->Unit(benchmark::kSecond);
    benchmark::RegisterBenchmark("flood/big", bm_flood_big)
        ->Iterations(kSeeds)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("flood/grid/open", bm_flood_open_grid, chase::GridPath::automatic)
        ->Iterations(kSeeds)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark("flood/grid_generic/open", bm_flood_open_grid, chase::GridPath::never)
        ->Iterations(kSeeds)
        ->Unit(benchmark::kMicrosecond);
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
