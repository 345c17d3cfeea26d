// kinema::nav speed (issue 5, "Performance"), on the Recast demo meshes (influence-maps-and-levels.md 4.3):
// - build/<mesh>: Level::build (column cells at 0.75 m and the single-tile navmesh at 0.3 m), ms;
// - flood/<mesh>: one complete chase flood (default constants H 20, M_H 25, M_S 40) per iteration on the next
//   of 10,000 random seed cells and horizontal directions; counters as bench/chase (touched, ns_per_touched);
// - flood/grid/<map>: the same flood on Moving AI grid maps in the same run, for the per-touched-cell ratio
//   (target: 3D within 2x of grids);
// - chase/<mesh>: a full run_chase query (flood, navmesh raycast, NPC path to the destination from a random
//   cell), per iteration.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/chase.hpp"

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

void time_floods(benchmark::State& state, const chase::CellSpace& space) {
    const std::vector<Seed> seeds = random_seeds(space.size());
    chase::Flood flood;
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

void bm_flood_grid(benchmark::State& state, const std::string& path) {
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("shared map not found: " + path).c_str());
        return;
    }
    const chase::GridSpace grid(levels::load_moving_ai_map(path));
    time_floods(state, grid.cells());
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

const bool registered = [] {
    for (const char* mesh : {"dungeon", "nav_test"}) {
        const std::string path = kData + "/meshes/" + mesh + ".obj";
        benchmark::RegisterBenchmark((std::string("build/") + mesh).c_str(), bm_build, path)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((std::string("flood/") + mesh).c_str(), bm_flood_mesh, path)
            ->Iterations(kSeeds)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((std::string("chase/") + mesh).c_str(), bm_chase, path)
            ->Iterations(kSeeds / 10)
            ->Unit(benchmark::kMicrosecond);
    }
    for (const char* map : {"den011d", "ht_chantry", "maze-128-128-2"}) {
        const std::string path = kData + "/maps/" + map + ".map";
        benchmark::RegisterBenchmark((std::string("flood/grid/") + map).c_str(), bm_flood_grid, path)
            ->Iterations(kSeeds)
            ->Unit(benchmark::kMicrosecond);
    }
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
