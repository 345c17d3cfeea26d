// kinema's chase flood side by side with the straightforward baseline (bench/chase/baseline_flood.hpp) on
// identical work: per shared map the same 10,000 random floor seeds and
// directions (mt19937_64 seed 7, as bench/chase/flood_bench.cpp), default constants, 8-connected, cell
// size 1.
//
// Timing: R rounds, each timing all seeds with the baseline and then with kinema; the fastest round of each
// is reported (on a shared VM the minimum is the least disturbed). Agreement: every flood's FloodResult and
// the value of every touched cell are compared after the timing.
//
// Usage: flood_compare [--seeds N] [--rounds R] [--maps DIR] [--grid-path automatic|always|never] [MAP ...]
//        (MAP without ".map"; --grid-path as Flood::set_grid_path, default automatic)
// scripts/bench-flood.sh runs it, and again under callgrind for instruction counts: the timed loops are the
// non-inlined functions timed_baseline_floods and timed_kinema_floods (--toggle-collect).
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "baseline_flood.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace {

using namespace kinema;
using namespace kinema::chase;

// Keeps the timed loops' results alive.
volatile std::size_t sink_ = 0;

struct Seed {
    CellId cell;
    Vec2 dir;
};

struct Options {
    int seeds = 10000;
    int rounds = 5;
    std::string dir = std::string(KINEMA_SHARED_DATA_DIR) + "/maps";
    std::vector<std::string> maps;
    GridPath grid_path = GridPath::automatic;
};

const char* const default_maps[] = {"arena",           "den011d",      "den520d",      "ht_chantry",
                                    "lak202d",         "ost003d",      "AR0205SR",     "swampofsorrows",
                                    "maze-128-128-2",  "room-64-64-8", "maze-32-32-2", "room-32-32-4",
                                    "random-32-32-10", "empty-32-32"};

std::vector<Seed> make_seeds(const CellSpace& space, int count) {
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<CellId> cell(0, static_cast<CellId>(space.size() - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    std::vector<Seed> seeds;
    for (int i = 0; i < count; ++i) {
        const double a = angle(rng);
        seeds.push_back({cell(rng), {std::cos(a), std::sin(a)}});
    }
    return seeds;
}

// The timed loops. noinline so that callgrind can count exactly their instructions.
[[gnu::noinline]] std::size_t timed_baseline_floods(bench::BaselineFlood& flood, const CellSpace& space,
                                                    const std::vector<Seed>& seeds) {
    std::size_t touched = 0;
    for (const Seed& s : seeds) {
        const FloodResult r = flood.run(space, s.cell, s.dir);
        touched += r.heated_cells + r.barrier_cells + r.destination_cell;
    }
    return touched;
}

[[gnu::noinline]] std::size_t timed_kinema_floods(Flood& flood, const CellSpace& space,
                                                  const std::vector<Seed>& seeds) {
    std::size_t touched = 0;
    for (const Seed& s : seeds) {
        flood.start(space, s.cell, s.dir);
        const FloodResult r = flood.run();
        touched += r.heated_cells + r.barrier_cells + r.destination_cell;
    }
    return touched;
}

template <class F>
double seconds_of(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

bool same(const FloodResult& a, const FloodResult& b) {
    return a.seed_cell == b.seed_cell && a.steps == b.steps && a.finished == b.finished &&
           a.stop_reason == b.stop_reason && a.centroid.x == b.centroid.x && a.centroid.y == b.centroid.y &&
           a.centroid.z == b.centroid.z && a.destination_cell == b.destination_cell &&
           a.heated_cells == b.heated_cells && a.warm_cells == b.warm_cells &&
           a.barrier_cells == b.barrier_cells;
}

// Every flood of both implementations: same result and the same value on every touched cell (the counts
// being equal, the touched sets are then equal too). Returns the number of floods that differ.
int count_disagreements(bench::BaselineFlood& base, const CellSpace& plain, Flood& flood,
                        const CellSpace& space, const std::vector<Seed>& seeds) {
    int bad = 0;
    for (const Seed& s : seeds) {
        const FloodResult a = base.run(plain, s.cell, s.dir);
        flood.start(space, s.cell, s.dir);
        const FloodResult b = flood.run();
        bool ok = same(a, b);
        for (const CellId c : flood.heated_cells()) {
            ok = ok && base.value(c) == flood.value(c);
        }
        for (const CellId c : flood.barrier_cells()) {
            ok = ok && base.value(c) == flood.value(c);
        }
        bad += ok ? 0 : 1;
    }
    return bad;
}

void compare_map(const Options& options, const std::string& name) {
    const std::string path = options.dir + "/" + name + ".map";
    if (!std::filesystem::exists(path)) {
        std::printf("%-16s absent (%s)\n", name.c_str(), path.c_str());
        return;
    }
    const GridSpace grid(levels::load_moving_ai_map(path));
    // kinema runs on the grid's space as a user's code would (the grid path unless --grid-path never); the
    // baseline on a plain copy of the same arrays, as it would hold them itself.
    const CellSpace& space = grid.cells();
    const CellSpace plain = CellSpace::from_csr({space.positions().begin(), space.positions().end()},
                                                {space.offsets().begin(), space.offsets().end()},
                                                {space.neighbour_ids().begin(), space.neighbour_ids().end()});
    const std::vector<Seed> seeds = make_seeds(space, options.seeds);
    bench::BaselineFlood base;
    Flood flood;
    flood.set_grid_path(options.grid_path);
    // Warm-up (first-run allocations, caches), also the touched count.
    std::size_t touched = 0;
    for (const Seed& s : seeds) {
        const FloodResult r = base.run(plain, s.cell, s.dir);
        touched += r.heated_cells + r.barrier_cells;
    }
    for (const Seed& s : seeds) {  // not timed_kinema_floods: callgrind counts every call of that
        flood.start(space, s.cell, s.dir);
        flood.run();
    }

    double base_best = 1e300;
    double kinema_best = 1e300;
    std::size_t sink = 0;
    for (int round = 0; round < options.rounds; ++round) {
        base_best =
            std::min(base_best, seconds_of([&] { sink += timed_baseline_floods(base, plain, seeds); }));
        kinema_best =
            std::min(kinema_best, seconds_of([&] { sink += timed_kinema_floods(flood, space, seeds); }));
    }
    const int bad = count_disagreements(base, plain, flood, space, seeds);
    const auto n = static_cast<double>(seeds.size());
    const auto t = static_cast<double>(touched);
    sink_ = sink;
    const std::string agreement = bad == 0 ? "agree" : "DIFFER in " + std::to_string(bad) + " floods";
    std::printf("%-16s %8zu %8.1f %10.2f %10.2f %7.2fx %9.2f %9.2f  %s\n", name.c_str(), space.size(), t / n,
                base_best * 1e6 / n, kinema_best * 1e6 / n, base_best / kinema_best, base_best * 1e9 / t,
                kinema_best * 1e9 / t, agreement.c_str());
}

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if ((a == "--seeds" || a == "--rounds" || a == "--maps") && i + 1 < argc) {
            const std::string v = argv[++i];
            if (a == "--seeds") {
                o.seeds = std::max(1, std::atoi(v.c_str()));
            } else if (a == "--rounds") {
                o.rounds = std::max(1, std::atoi(v.c_str()));
            } else {
                o.dir = v;
            }
        } else if (a == "--grid-path" && i + 1 < argc) {
            const std::string v = argv[++i];
            o.grid_path = v == "always"  ? GridPath::always
                          : v == "never" ? GridPath::never
                                         : GridPath::automatic;
        } else {
            o.maps.push_back(a);
        }
    }
    if (o.maps.empty()) {
        o.maps.assign(std::begin(default_maps), std::end(default_maps));
    }
    return o;
}

}  // namespace

int main(int argc, char** argv) {
    const Options options = parse(argc, argv);
    std::printf("%d seeds per map, default constants, 8-connected; fastest of %d side-by-side rounds\n",
                options.seeds, options.rounds);
    std::printf("%-16s %8s %8s %10s %10s %8s %9s %9s  %s\n", "map", "cells", "touched", "base us",
                "kinema us", "ratio", "base ns/t", "kin ns/t", "results");
    for (const std::string& name : options.maps) {
        compare_map(options, name);
    }
    return 0;
}
