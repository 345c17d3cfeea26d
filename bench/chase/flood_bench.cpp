// Time per chase flood: default constants (H 20, M_H 25, M_S 40), 8-connected, cell
// size 1, 10,000 random seeds and directions per shared map. Each benchmark iteration is one complete flood
// (start, run, result) on the next seed, with Iterations(10000) so the reported time is the mean over the
// 10,000 seeds. After the timed loop a second pass times every flood on its own to find the worst one.
//
// Counters: worst_us (slowest single flood of the second pass, includes ~20 ns of
// clock overhead), p999_us (its 99.9th percentile), ns_per_touched (loop time / cells touched: heated +
// barrier), touched and heated (means per flood), allocs_per_flood (global operator new calls per flood after
// the first, counted in this binary).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace {
std::atomic<long> allocations{0};
}

void* operator new(std::size_t size) {
    allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(size == 0 ? 1 : size)) {
        return p;
    }
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}

namespace {

using namespace kinema;
using namespace kinema::chase;

constexpr int seeds_per_map = 10000;

struct Seed {
    CellId cell;
    Vec2 dir;
};

void bm_flood(benchmark::State& state, const std::string& path) {
    if (!std::filesystem::exists(path)) {
        state.SkipWithError(("shared map not found: " + path).c_str());
        return;
    }
    const GridSpace grid(levels::load_moving_ai_map(path));
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<CellId> cell(0, static_cast<CellId>(grid.cells().size() - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    std::vector<Seed> seeds;
    for (int i = 0; i < seeds_per_map; ++i) {
        const double a = angle(rng);
        seeds.push_back({cell(rng), {std::cos(a), std::sin(a)}});
    }
    Flood flood;
    flood.start(grid.cells(), seeds[0].cell, seeds[0].dir);
    flood.run();

    std::size_t i = 0;
    std::size_t touched = 0;
    std::size_t heated = 0;
    const long allocations_before = allocations.load();
    const auto loop_start = std::chrono::steady_clock::now();
    for (auto _ : state) {
        const Seed& s = seeds[i];
        i = i + 1 == seeds.size() ? 0 : i + 1;
        flood.start(grid.cells(), s.cell, s.dir);
        const FloodResult r = flood.run();
        benchmark::DoNotOptimize(r);
        touched += r.heated_cells + r.barrier_cells;
        heated += r.heated_cells;
    }
    const long loop_allocations = allocations.load() - allocations_before;
    const double loop_ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - loop_start).count();

    std::vector<double> each;
    each.reserve(seeds.size());
    for (const Seed& s : seeds) {
        const auto t0 = std::chrono::steady_clock::now();
        flood.start(grid.cells(), s.cell, s.dir);
        const FloodResult r = flood.run();
        benchmark::DoNotOptimize(r);
        const auto t1 = std::chrono::steady_clock::now();
        each.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    std::sort(each.begin(), each.end());
    const auto n = static_cast<double>(state.iterations());
    state.counters["touched"] = static_cast<double>(touched) / n;
    state.counters["heated"] = static_cast<double>(heated) / n;
    state.counters["ns_per_touched"] = loop_ns / static_cast<double>(touched);
    state.counters["worst_us"] = each.back();
    // The worst single flood on a shared 2-core machine is often a preemption; the 99.9th percentile is not.
    state.counters["p999_us"] = each[each.size() * 999 / 1000];
    state.counters["allocs_per_flood"] = static_cast<double>(loop_allocations) / n;
}

const char* const maps[] = {"arena",           "den011d",      "den520d",      "ht_chantry",
                            "lak202d",         "ost003d",      "AR0205SR",     "swampofsorrows",
                            "maze-128-128-2",  "room-64-64-8", "maze-32-32-2", "room-32-32-4",
                            "random-32-32-10", "empty-32-32"};

const bool registered = [] {
    for (const char* name : maps) {
        const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/" + name + ".map";
        benchmark::RegisterBenchmark((std::string("flood/") + name).c_str(), bm_flood, path)
            ->Iterations(seeds_per_map)
            ->Unit(benchmark::kMicrosecond);
    }
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
