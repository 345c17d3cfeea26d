// Shared by the loader fuzz targets: whatever a loader accepts must also survive the next stages -- a grid
// space, a flood from a seed chosen by the input bytes, and dead reckoning -- and satisfy the flood's
// invariants (chase-flood-spec.md "Result"). A violated invariant aborts, which libFuzzer reports as a crash.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::fuzz {

inline void check(bool ok) {
    if (!ok) {
        std::abort();
    }
}

inline void exercise_level(const levels::GridLevel& level, const std::uint8_t* data, std::size_t size) {
    check(level.width >= 1 && level.height >= 1);
    check(level.passable.size() ==
          static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height));
    // A few input bytes choose the run; the rest is the level text. Derived values stay deterministic.
    std::uint32_t h = 2166136261u;
    for (std::size_t i = 0; i < size; ++i) {
        h = (h ^ data[i]) * 16777619u;
    }
    chase::GridSpaceSettings grid_settings;
    grid_settings.connectivity = (h & 1u) != 0 ? chase::Connectivity::four : chase::Connectivity::eight;
    const chase::GridSpace grid(level, grid_settings);  // the loader guarantees a passable tile
    check(grid.cells().size() == level.passable_count());

    Vec2 p{static_cast<double>((h >> 1) % static_cast<std::uint32_t>(level.width + 2)) - 0.5,
           static_cast<double>((h >> 9) % static_cast<std::uint32_t>(level.height + 2)) - 0.5};
    Vec2 dir{static_cast<double>(static_cast<int>((h >> 17) % 5u) - 2),
             static_cast<double>(static_cast<int>((h >> 20) % 5u) - 2)};
    if (level.seed) {
        p = level.seed->position;
        dir = level.seed->direction;
    }
    chase::FloodSettings settings;
    settings.hot = 1 + static_cast<int>((h >> 23) % 20u);
    settings.max_heated = 1 + static_cast<int>((h >> 11) % 40u);
    settings.max_steps = static_cast<int>((h >> 3) % 41u);
    const chase::SeedLocation seed = grid.locate(p);
    check(seed.cell < grid.cells().size());

    chase::Flood flood(settings);
    flood.start(grid.cells(), seed, dir);
    const chase::FloodResult r = flood.run();
    check(r.finished && r.steps <= settings.max_steps);
    check(r.seed_cell == seed.cell);
    check(r.heated_cells >= 1 && r.warm_cells >= 1 && r.warm_cells <= r.heated_cells);
    check(r.destination_cell < grid.cells().size() && flood.value(r.destination_cell) >= 0);
    check(flood.heated_cells().size() == r.heated_cells && flood.barrier_cells().size() == r.barrier_cells);
    for (const chase::CellId c : flood.barrier_cells()) {
        check(flood.value(c) == chase::barrier_value);
    }

    // Time-sliced in steps of 3 gives the same result (spec "Beyond").
    chase::Flood sliced(settings);
    sliced.start(grid.cells(), seed, dir);
    while (!sliced.advance(3)) {
    }
    const chase::FloodResult s = sliced.result();
    check(s.steps == r.steps && s.destination_cell == r.destination_cell &&
          s.heated_cells == r.heated_cells && s.barrier_cells == r.barrier_cells &&
          s.centroid.x == r.centroid.x && s.centroid.y == r.centroid.y);

    const chase::DeadReckoningResult dr = chase::dead_reckoning(grid, p, dir, 40.0);
    check(dr.cell < grid.cells().size());
}

}  // namespace kinema::fuzz
