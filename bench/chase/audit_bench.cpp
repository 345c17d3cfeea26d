// The level audit's cost: per shared map, chases (run_chase: flood and dead reckoning) and audit
// seeds (the chase plus the findings' searches) per second on one core, over the same strided subset of
// cells and all 8 directions; then a full audit of the largest shared map with 8 directions on 1 and 2
// threads, with the scaling ratio. A plain program (no Google Benchmark loop): each measurement is one pass
// over a fixed work list, timed with steady_clock, so its numbers are comparable from map to map.
//
// Usage: audit_bench [--quick]   (--quick: 500 cells per map and no full audit)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace {

using namespace kinema;
using namespace kinema::chase;
namespace fs = std::filesystem;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<fs::path> shared_maps() {
    std::vector<fs::path> maps;
    const fs::path dir = fs::path(KINEMA_SHARED_DATA_DIR) / "maps";
    if (fs::is_directory(dir)) {
        for (const auto& entry : fs::directory_iterator(dir)) {
            if (entry.path().extension() == ".map") {
                maps.push_back(entry.path());
            }
        }
    }
    std::sort(maps.begin(), maps.end());
    return maps;
}

// Every stride-th cell, at most `limit` of them.
std::vector<CellId> sample_cells(std::size_t cells, std::size_t limit) {
    const std::size_t stride = std::max<std::size_t>(1, cells / limit);
    std::vector<CellId> out;
    for (std::size_t c = 0; c < cells && out.size() < limit; c += stride) {
        out.push_back(static_cast<CellId>(c));
    }
    return out;
}

void per_map(const fs::path& path, std::size_t limit) {
    const levels::GridLevel level = levels::load_moving_ai_map(path.string());
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const std::vector<CellId> cells = sample_cells(grid.cells().size(), limit);
    const AuditSettings settings;
    Flood flood;
    auto start = std::chrono::steady_clock::now();
    std::size_t chases = 0;
    for (const CellId c : cells) {
        for (int k = 0; k < settings.directions; ++k) {
            ChaseQuery q;
            q.position = grid.cells().position(c);
            q.direction = world_direction(grid.cells(), audit_direction(k, settings.directions));
            (void)run_chase(space, flood, q);
            ++chases;
        }
    }
    const double chase_s = seconds_since(start);
    auto scratch = make_audit_scratch(space, {});
    start = std::chrono::steady_clock::now();
    std::size_t seeds = 0;
    for (const CellId c : cells) {
        for (int k = 0; k < settings.directions; ++k) {
            (void)audit_seed(space, *scratch, settings, c, k);
            ++seeds;
        }
    }
    const double audit_s = seconds_since(start);
    std::printf("%-22s %9zu %9zu %14.0f %14.0f %9.2f\n", path.filename().string().c_str(),
                grid.cells().size(), chases, static_cast<double>(chases) / chase_s,
                static_cast<double>(seeds) / audit_s, audit_s / chase_s);
}

void full_audit(const fs::path& path) {
    const levels::GridLevel level = levels::load_moving_ai_map(path.string());
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const AuditSettings settings;  // 8 directions
    double times[2] = {};
    AuditResult results[2];
    for (int threads = 1; threads <= 2; ++threads) {
        const auto start = std::chrono::steady_clock::now();
        results[threads - 1] = audit(space, {}, settings, threads);
        times[threads - 1] = seconds_since(start);
    }
    const bool same =
        audit_json(space, {}, settings, results[0]) == audit_json(space, {}, settings, results[1]);
    std::printf("\nfull audit of the largest shared map, %s: %zu cells x 8 directions = %zu seeds\n",
                path.filename().string().c_str(), grid.cells().size(), results[0].rows.size());
    std::printf("  1 thread:  %.2f s (%.0f seeds/s)\n", times[0],
                static_cast<double>(results[0].rows.size()) / times[0]);
    std::printf("  2 threads: %.2f s (%.0f seeds/s)\n", times[1],
                static_cast<double>(results[1].rows.size()) / times[1]);
    std::printf("  scaling 1 -> 2 threads: %.2fx; results identical: %s\n", times[0] / times[1],
                same ? "yes" : "NO");
}

}  // namespace

int main(int argc, char** argv) {
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    const std::vector<fs::path> maps = shared_maps();
    if (maps.empty()) {
        std::printf("audit_bench: no shared maps in %s/maps; nothing to measure\n", KINEMA_SHARED_DATA_DIR);
        return 0;
    }
    const std::size_t limit = quick ? 500 : 2000;
    std::printf("per map, one core, %zu cells at most x 8 directions, default constants\n", limit);
    std::printf("%-22s %9s %9s %14s %14s %9s\n", "map", "cells", "seeds", "chases/s", "audit seeds/s",
                "audit/chase");
    fs::path largest;
    std::uintmax_t largest_cells = 0;
    for (const fs::path& path : maps) {
        per_map(path, limit);
        const levels::GridLevel level = levels::load_moving_ai_map(path.string());
        const std::size_t cells = GridSpace(level).cells().size();
        if (cells > largest_cells) {
            largest_cells = cells;
            largest = path;
        }
    }
    if (!quick) {
        full_audit(largest);
    }
    return 0;
}
