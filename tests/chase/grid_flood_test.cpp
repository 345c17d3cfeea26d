// The grid fast path of the flood (flood.hpp; issue 10, "Speed of the flood") against the generic CellSpace
// flood on a plain copy of the same grid's arrays: random maps (some larger than the flood's window, walls at
// the edges or not), seeds, directions (axis-aligned, exact diagonals, zero), constants, cell sizes and both
// connectivities, run in one shot, time sliced (every step's new cells compared as sets), restarted and
// paced. Results must be bit-identical; cells within a step are in ascending id order on the fast path.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <latch>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "bits_equal.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"

namespace kinema::chase {
namespace {

using test::bits_equal;

void expect_same(const FloodResult& a, const FloodResult& b, const char* where) {
    EXPECT_EQ(a.seed_cell, b.seed_cell) << where;
    EXPECT_EQ(a.steps, b.steps) << where;
    EXPECT_EQ(a.finished, b.finished) << where;
    EXPECT_EQ(a.stop_reason, b.stop_reason) << where;
    EXPECT_TRUE(bits_equal(a.centroid, b.centroid)) << where;
    EXPECT_EQ(a.destination_cell, b.destination_cell) << where;
    EXPECT_TRUE(bits_equal(a.destination, b.destination)) << where;
    EXPECT_EQ(a.heated_cells, b.heated_cells) << where;
    EXPECT_EQ(a.warm_cells, b.warm_cells) << where;
    EXPECT_EQ(a.barrier_cells, b.barrier_cells) << where;
}

std::vector<CellId> sorted(std::span<const CellId> cells) {
    std::vector<CellId> v(cells.begin(), cells.end());
    std::sort(v.begin(), v.end());
    return v;
}

// Every cell's value and state, and the touched sets.
void expect_same_cells(const Flood& fast, const Flood& plain, std::size_t cells, const char* where) {
    for (CellId c = 0; c < cells; ++c) {
        ASSERT_EQ(fast.value(c), plain.value(c)) << where << ", cell " << c;
        ASSERT_EQ(fast.state(c), plain.state(c)) << where << ", cell " << c;
    }
    EXPECT_EQ(sorted(fast.heated_cells()), sorted(plain.heated_cells())) << where;
    EXPECT_EQ(sorted(fast.barrier_cells()), sorted(plain.barrier_cells())) << where;
}

// The same grid's cells as a plain graph (CSR lists, no grid): the generic flood there scans every
// candidate for the destination and never takes the grid path.
CellSpace plain_copy(const CellSpace& grid_cells, double cell_size) {
    return CellSpace::from_csr({grid_cells.positions().begin(), grid_cells.positions().end()},
                               {grid_cells.offsets().begin(), grid_cells.offsets().end()},
                               {grid_cells.neighbour_ids().begin(), grid_cells.neighbour_ids().end()},
                               PlanarFrame::xy, cell_size);
}

levels::GridLevel random_level(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> size(1, 3);
    const int kind = size(rng);
    levels::GridLevel level;
    level.name = "random";
    // Small maps, and maps wider and taller than the largest window (127 tiles).
    level.width = kind == 3 ? 150 + static_cast<int>(rng() % 60) : 1 + static_cast<int>(rng() % 70);
    level.height = kind == 3 ? 140 + static_cast<int>(rng() % 40) : 1 + static_cast<int>(rng() % 70);
    const double open = std::uniform_real_distribution<double>(0.55, 1.0)(rng);
    level.passable.resize(static_cast<std::size_t>(level.width) * static_cast<std::size_t>(level.height));
    for (auto& p : level.passable) {
        p = std::uniform_real_distribution<double>(0.0, 1.0)(rng) < open ? 1 : 0;
    }
    level.passable[rng() % level.passable.size()] = 1;
    return level;
}

Vec2 random_direction(std::mt19937_64& rng) {
    static const Vec2 special[] = {{1, 0},  {0, 1},   {-1, 0}, {0, -1}, {1, 1},      {1, -1},
                                   {-1, 1}, {-1, -1}, {0, 0},  {2, 2},  {0.5, -0.5}, {3, 1e-300}};
    if (rng() % 3 == 0) {
        return special[rng() % std::size(special)];
    }
    const double a = std::uniform_real_distribution<double>(0.0, 6.283185307179586)(rng);
    return {std::cos(a), std::sin(a)};
}

FloodSettings random_settings(std::mt19937_64& rng) {
    FloodSettings s;
    s.hot = 1 + static_cast<int>(rng() % 30);
    s.max_heated = 1 + static_cast<int>(rng() % 60);
    const int steps[] = {0, 1, 2, 5, 20, 40, 62, 63, 70};  // 63 and 70: beyond the fast path's window
    s.max_steps = rng() % 2 == 0 ? steps[rng() % std::size(steps)] : static_cast<int>(rng() % 63);
    s.destination = rng() % 4 == 0 ? DestinationRule::nearest_warm : DestinationRule::nearest_heated;
    return s;
}

TEST(GridFloodFastPath, MatchesTheGenericFloodOnRandomMaps) {
    std::mt19937_64 rng(2026);
    const double cell_sizes[] = {1.0, 1.0, 1.0, 0.5, 2.0, 0.25, 0.3};  // 0.3: the generic path on a grid
    int floods = 0;
    for (int map = 0; map < 120; ++map) {
        const levels::GridLevel level = random_level(rng);
        GridSpaceSettings gs;
        gs.connectivity = rng() % 2 == 0 ? Connectivity::eight : Connectivity::four;
        gs.cell_size = cell_sizes[rng() % std::size(cell_sizes)];
        const GridSpace grid(level, gs);
        const CellSpace& fast = grid.cells();
        ASSERT_NE(fast.grid(), nullptr);
        const CellSpace plain = plain_copy(fast, gs.cell_size);
        ASSERT_EQ(plain.grid(), nullptr);
        for (int i = 0; i < 25; ++i, ++floods) {
            const FloodSettings settings = random_settings(rng);
            const bool fast_path = settings.max_steps <= 62 && gs.cell_size != 0.3;
            Flood a(settings);
            Flood b(settings);
            a.set_grid_path(GridPath::always);  // the default too; said here because the test is about it
            const CellId seed = static_cast<CellId>(rng() % fast.size());
            const Vec2 dir = random_direction(rng);
            a.start(fast, seed, dir);
            b.start(plain, seed, dir);
            switch (i % 4) {
                case 0:  // one shot
                    expect_same(a.run(), b.run(), "run");
                    break;
                case 1: {  // time sliced: every step's new heated cells as a set, and every value
                    std::size_t before = 1;
                    while (!a.advance(1)) {
                        b.advance(1);
                        const auto na = a.heated_cells().subspan(before);
                        const auto nb = b.heated_cells().subspan(before);
                        ASSERT_EQ(sorted(na), sorted(nb));
                        if (fast_path) {
                            ASSERT_TRUE(std::is_sorted(na.begin(), na.end()));
                        }
                        before = a.heated_cells().size();
                        expect_same(a.result(), b.result(), "sliced");
                    }
                    b.advance(1);
                    expect_same(a.result(), b.result(), "sliced end");
                    break;
                }
                case 2: {  // restart in the middle
                    a.advance(static_cast<int>(rng() % 5));
                    b.advance(a.steps());
                    const CellId again = static_cast<CellId>(rng() % fast.size());
                    const Vec2 dir2 = random_direction(rng);
                    ASSERT_TRUE(a.restart({again, true}, dir2));
                    ASSERT_TRUE(b.restart({again, true}, dir2));
                    expect_same_cells(a, b, fast.size(), "restarted, seeded");
                    expect_same(a.run(), b.run(), "restarted");
                    break;
                }
                default: {  // paced
                    int calls_a = 0;
                    int calls_b = 0;
                    a.advance_until(3.5, 2.0 / gs.cell_size, [&](const Flood&) { ++calls_a; });
                    b.advance_until(3.5, 2.0 / gs.cell_size, [&](const Flood&) { ++calls_b; });
                    EXPECT_EQ(calls_a, calls_b);
                    expect_same(a.result(), b.result(), "paced");
                    a.run();
                    b.run();
                    expect_same(a.result(), b.result(), "paced end");
                    break;
                }
            }
            expect_same_cells(a, b, fast.size(), "end");
            if (::testing::Test::HasFailure()) {
                FAIL() << "map " << map << " (" << level.width << " x " << level.height << "), flood " << i
                       << ", seed " << seed << ", dir " << dir.x << "," << dir.y << ", H " << settings.hot
                       << " M_H " << settings.max_heated << " M_S " << settings.max_steps << ", cell size "
                       << gs.cell_size;
            }
        }
    }
    EXPECT_EQ(floods, 3000);
}

// The generic flood on a grid's space takes the destination from the centroid's tile where that decides it
// (GenericFlood::destination_by_tile); on the plain copy it scans every candidate. Both rules, cell sizes
// whose centres are not exact in binary, and small maps where centroids fall on tile edges (symmetric heat).
TEST(GenericFloodOnAGrid, DestinationFromTheCentroidsTileIsTheFullScans) {
    std::mt19937_64 rng(20261201);
    const double cell_sizes[] = {1.0, 0.5, 0.3, 0.1, 3.0, 1.0 / 3.0, 1e-3, 1e3};
    int floods = 0;
    int on_the_tile = 0;  // floods whose destination is the cell of the centroid's tile
    for (int map = 0; map < 80; ++map) {
        const levels::GridLevel level = random_level(rng);
        GridSpaceSettings gs;
        gs.connectivity = rng() % 2 == 0 ? Connectivity::eight : Connectivity::four;
        gs.cell_size = cell_sizes[static_cast<std::size_t>(map) % std::size(cell_sizes)];
        const GridSpace grid(level, gs);
        const CellSpace& on_grid = grid.cells();
        const CellSpace plain = plain_copy(on_grid, gs.cell_size);
        for (int i = 0; i < 25; ++i, ++floods) {
            const FloodSettings settings = random_settings(rng);
            Flood a(settings);
            Flood b(settings);
            a.set_grid_path(GridPath::never);
            const CellId seed = static_cast<CellId>(rng() % on_grid.size());
            const Vec2 dir = random_direction(rng);
            a.start(on_grid, seed, dir);
            b.start(plain, seed, dir);
            const FloodResult ra = a.run();
            expect_same(ra, b.run(), "generic on the grid against the plain copy");
            const int col = static_cast<int>(std::floor(ra.centroid.x / gs.cell_size));
            const int row = static_cast<int>(std::floor(ra.centroid.y / gs.cell_size));
            on_the_tile += grid.cell_at(col, row) == ra.destination_cell ? 1 : 0;
            if (::testing::Test::HasFailure()) {
                FAIL() << "map " << map << ", flood " << i << ", cell size " << gs.cell_size;
            }
        }
    }
    EXPECT_EQ(floods, 2000);
    EXPECT_GT(on_the_tile, floods / 2);  // the tile decided most of them: the shortcut was exercised
}

// One Flood reused across maps of different sizes, both paths and restarts: the grid path forgets a run by
// clearing only the window blocks that run wrote, so every run must still read a clean window.
TEST(GridFloodFastPath, OneFloodReusedAcrossMapsAndPaths) {
    std::mt19937_64 rng(11);
    Flood reused;
    int floods = 0;
    for (int map = 0; map < 30; ++map) {
        const levels::GridLevel level = random_level(rng);
        GridSpaceSettings gs;
        gs.connectivity = map % 3 == 0 ? Connectivity::four : Connectivity::eight;
        const GridSpace grid(level, gs);
        const CellSpace& fast = grid.cells();
        const CellSpace plain = plain_copy(fast, gs.cell_size);
        for (int i = 0; i < 20; ++i, ++floods) {
            const FloodSettings settings = random_settings(rng);
            reused.set_settings(settings);
            reused.set_grid_path(rng() % 4 == 0 ? GridPath::never : GridPath::always);
            Flood plain_flood(settings);
            const CellId seed = static_cast<CellId>(rng() % fast.size());
            const Vec2 dir = random_direction(rng);
            reused.start(fast, seed, dir);
            plain_flood.start(plain, seed, dir);
            if (rng() % 3 == 0) {  // a restart after a few steps, from elsewhere
                reused.advance(static_cast<int>(rng() % 6));
                plain_flood.advance(reused.steps());
                const CellId again = static_cast<CellId>(rng() % fast.size());
                ASSERT_TRUE(reused.restart({again, false}, dir));
                ASSERT_TRUE(plain_flood.restart({again, false}, dir));
            }
            expect_same(reused.run(), plain_flood.run(), "reused");
            expect_same_cells(reused, plain_flood, fast.size(), "reused");
            if (::testing::Test::HasFailure()) {
                FAIL() << "map " << map << ", flood " << i << ", seed " << seed;
            }
        }
    }
    EXPECT_EQ(floods, 600);
}

// Destination ties on the grid path: a 3-tile corridor, H = 1, one step: the seed cools to 0 and its two
// neighbours hold 1, so the centroid is the seed's centre (1.5, 0.5). The nearest heated cell is the seed
// (found by the containing-tile shortcut); the nearest warm cells are tiles 0 and 2, both 1 away: the lower
// id, tile 0, wins (found by the scan).
TEST(GridFloodFastPath, DestinationShortcutAndTies) {
    levels::GridLevel level;
    level.name = "corridor";
    level.width = 3;
    level.height = 1;
    level.passable.assign(3, 1);
    const GridSpace grid(level);
    FloodSettings settings;
    settings.hot = 1;
    settings.max_steps = 1;
    for (const DestinationRule rule : {DestinationRule::nearest_heated, DestinationRule::nearest_warm}) {
        settings.destination = rule;
        Flood flood(settings);
        flood.set_grid_path(GridPath::always);
        flood.start(grid.cells(), CellId{1}, Vec2{0.0, 0.0});
        const FloodResult r = flood.run();
        ASSERT_TRUE(flood.on_grid_path());
        EXPECT_EQ(r.centroid.x, 1.5);
        EXPECT_EQ(r.centroid.y, 0.5);
        EXPECT_EQ(r.destination_cell, rule == DestinationRule::nearest_heated ? CellId{1} : CellId{0});
        EXPECT_EQ(r.warm_cells, 2u);
        EXPECT_EQ(r.heated_cells, 3u);
    }
}

// The fast path's within-step order: seed first, then each step's cells in ascending id.
TEST(GridFloodFastPath, HeatedCellsAreInStepOrderAndAscendingWithinAStep) {
    levels::GridLevel level;
    level.name = "open";
    level.width = 9;
    level.height = 9;
    level.passable.assign(81, 1);
    const GridSpace grid(level);
    Flood flood;
    flood.set_grid_path(GridPath::always);
    flood.start(grid.cells(), grid.cell_at(4, 4), Vec2{1.0, 0.0});
    flood.advance(1);
    // id = row * 9 + col. Seeding made the 3 tiles left of the seed (4,4) = 40 barrier (dot < 0): 30, 39,
    // 48; step 1 heats its 5 other neighbours in ascending id, then the barrier spreads one column left.
    const std::vector<CellId> heated{40, 31, 32, 41, 49, 50};
    EXPECT_EQ(std::vector<CellId>(flood.heated_cells().begin(), flood.heated_cells().end()), heated);
    const std::vector<CellId> barrier{30, 39, 48, 20, 29, 38, 47, 56};
    EXPECT_EQ(std::vector<CellId>(flood.barrier_cells().begin(), flood.barrier_cells().end()), barrier);
}

// GridPath::never: the generic flood on a grid's space, with the generic order (the audit relies on it);
// GridPath::automatic takes the fast path on every grid where it fits.
TEST(GridFloodFastPath, CanBeSwitchedOffForTheGenericOrder) {
    std::mt19937_64 rng(7);
    const levels::GridLevel level = random_level(rng);
    const GridSpace grid(level);
    const CellSpace& fast = grid.cells();
    const CellSpace plain = plain_copy(fast, 1.0);
    Flood on_grid;
    Flood generic;
    on_grid.set_grid_path(GridPath::never);
    for (int i = 0; i < 200; ++i) {
        const CellId seed = static_cast<CellId>(rng() % fast.size());
        const Vec2 dir = random_direction(rng);
        on_grid.start(fast, seed, dir);
        generic.start(plain, seed, dir);
        EXPECT_FALSE(on_grid.on_grid_path());
        expect_same(on_grid.run(), generic.run(), "switched off");
        EXPECT_TRUE(std::ranges::equal(on_grid.heated_cells(), generic.heated_cells()));
        EXPECT_TRUE(std::ranges::equal(on_grid.barrier_cells(), generic.barrier_cells()));
    }
    Flood default_flood;
    default_flood.start(fast, CellId{0}, Vec2{1.0, 0.0});
    EXPECT_TRUE(default_flood.on_grid_path()) << "every grid takes the grid path by default";
    Flood plain_flood;
    plain_flood.start(plain, CellId{0}, Vec2{1.0, 0.0});
    EXPECT_FALSE(plain_flood.on_grid_path()) << "a plain graph has no grid";
    FloodSettings long_chase;
    long_chase.max_steps = 63;  // beyond the window (grid_max_steps = 62)
    Flood long_flood(long_chase);
    long_flood.start(fast, CellId{0}, Vec2{1.0, 0.0});
    EXPECT_FALSE(long_flood.on_grid_path()) << "M_S > 62 runs the generic flood";

    levels::GridLevel big;
    big.name = "big open";
    big.width = 1024;
    big.height = 1024;
    big.passable.assign(std::size_t{1024} * 1024, 1);
    const GridSpace big_grid(big);
    default_flood.start(big_grid.cells(), big_grid.cell_at(512, 512), Vec2{0.0, 1.0});
    EXPECT_TRUE(default_flood.on_grid_path()) << "and so do 2^20 tiles";
    default_flood.run();
}

// heated_cells() and barrier_cells() are const and may be called from two threads at once: on the grid path
// the first call after a step writes the lists from the bit blocks, under a lock. Both threads must see the
// lists a flood read on one thread gives, for a finished run and for one in the middle of a time slice.
TEST(GridFloodFastPath, ListsReadFromTwoThreadsAtOnce) {
    std::mt19937_64 rng(23);
    const levels::GridLevel level = random_level(rng);
    const GridSpace grid(level);
    const CellSpace& space = grid.cells();
    for (const GridPath path : {GridPath::always, GridPath::never}) {
        Flood flood;
        Flood alone;  // the same runs, read on this thread only
        flood.set_grid_path(path);
        alone.set_grid_path(path);
        for (int i = 0; i < 100; ++i) {
            const CellId seed = static_cast<CellId>(rng() % space.size());
            const Vec2 dir = random_direction(rng);
            flood.start(space, seed, dir);
            alone.start(space, seed, dir);
            if (i % 2 == 0) {
                flood.advance(3 + i % 7);
                alone.advance(3 + i % 7);
            } else {
                flood.run();
                alone.run();
            }
            ASSERT_EQ(flood.on_grid_path(), path == GridPath::always);
            std::vector<CellId> heated[2];
            std::vector<CellId> barrier[2];
            std::latch go(2);
            const auto read = [&](int t) {
                go.arrive_and_wait();
                const std::span<const CellId> h = flood.heated_cells();
                const std::span<const CellId> b = flood.barrier_cells();
                heated[t].assign(h.begin(), h.end());
                barrier[t].assign(b.begin(), b.end());
            };
            std::thread first(read, 0);
            std::thread second(read, 1);
            first.join();
            second.join();
            const std::vector<CellId> heated_alone(alone.heated_cells().begin(), alone.heated_cells().end());
            const std::vector<CellId> barrier_alone(alone.barrier_cells().begin(),
                                                    alone.barrier_cells().end());
            ASSERT_FALSE(heated_alone.empty());
            EXPECT_EQ(heated[0], heated_alone) << "flood " << i;
            EXPECT_EQ(heated[1], heated_alone) << "flood " << i;
            EXPECT_EQ(barrier[0], barrier_alone) << "flood " << i;
            EXPECT_EQ(barrier[1], barrier_alone) << "flood " << i;
            EXPECT_EQ(heated_alone.size(), alone.result().heated_cells);
            EXPECT_EQ(barrier_alone.size(), alone.result().barrier_cells);
        }
    }
}

// A copy carries the run on (same lists, same next steps); a moved-from Flood reads as never started and
// can start again.
TEST(GridFloodFastPath, CopiesCarryTheRunOn) {
    std::mt19937_64 rng(29);
    const levels::GridLevel level = random_level(rng);
    const GridSpace grid(level);
    const CellSpace& space = grid.cells();
    Flood flood;
    flood.start(space, static_cast<CellId>(rng() % space.size()), Vec2{0.6, -0.8});
    flood.advance(2);
    Flood copy = flood;
    ASSERT_TRUE(copy.on_grid_path());
    EXPECT_TRUE(std::ranges::equal(copy.heated_cells(), flood.heated_cells()));
    expect_same(copy.run(), flood.run(), "copy");
    EXPECT_TRUE(std::ranges::equal(copy.heated_cells(), flood.heated_cells()));
    EXPECT_TRUE(std::ranges::equal(copy.barrier_cells(), flood.barrier_cells()));
    Flood moved = std::move(copy);
    EXPECT_TRUE(moved.started());
    EXPECT_FALSE(copy.started());  // NOLINT(bugprone-use-after-move): what a moved-from Flood reads as
    EXPECT_TRUE(copy.heated_cells().empty());
    copy.start(space, CellId{0}, Vec2{1.0, 0.0});
    EXPECT_GE(copy.run().heated_cells, 1u);
}

}  // namespace
}  // namespace kinema::chase
