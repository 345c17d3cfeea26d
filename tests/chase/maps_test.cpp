// The flood on every shared real-game map (KINEMA_SHARED_DATA_DIR/maps): thousands of random seeds and
// directions, checked against a deliberately naive implementation of chase-flood-spec.md (explicit values,
// explicit cooling of every heated cell, ordered sets) and against the invariants of issue 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/moving_ai.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define KINEMA_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KINEMA_TEST_SANITIZED 1
#endif
#endif

namespace kinema::chase {
namespace {

#ifdef KINEMA_TEST_SANITIZED
constexpr int floods_per_map = 150;  // sanitizers are ~10x slower; the Release build runs the full count
#else
constexpr int floods_per_map = 2000;
#endif

constexpr int U = untouched_value;
constexpr int B = barrier_value;

struct Reference {
    std::vector<int> value;
    std::vector<CellId> touched;
    int steps = 0;
    StopReason reason = StopReason::exhausted;
    Vec3 centroid;
    CellId destination = no_cell;
    std::size_t heated = 0;
    std::size_t warm = 0;
    std::size_t barrier = 0;
};

// The spec, literally. Slow on purpose: sets, explicit cooling, a full scan for the result.
Reference reference_flood(const CellSpace& space, CellId seed, Vec2 dir, const FloodSettings& s) {
    Reference r;
    r.value.assign(space.size(), U);
    std::vector<CellId> heated{seed};
    r.value[seed] = s.hot;
    r.touched.push_back(seed);
    std::set<CellId> heat_frontier{seed};
    std::set<CellId> barrier_frontier;
    for (const CellId n : space.neighbours(seed)) {
        if (r.value[n] == U && dot(space.planar_position(n) - space.planar_position(seed), dir) < 0.0) {
            barrier_frontier.insert(n);
        }
    }
    for (const CellId n : barrier_frontier) {
        r.value[n] = B;
        r.touched.push_back(n);
    }
    if (s.max_steps == 0) {
        r.reason = StopReason::max_steps;
    }
    for (int k = 1; k <= s.max_steps; ++k) {
        std::set<CellId> fresh;
        for (const CellId c : heat_frontier) {
            for (const CellId n : space.neighbours(c)) {
                if (r.value[n] == U) {
                    fresh.insert(n);
                }
            }
        }
        if (fresh.empty()) {
            r.reason = StopReason::exhausted;
            break;
        }
        if (fresh.size() > static_cast<std::size_t>(s.max_heated)) {
            r.reason = StopReason::too_many_heated;
            break;
        }
        for (const CellId c : heated) {
            if (r.value[c] > 0) {
                --r.value[c];
            }
        }
        for (const CellId n : fresh) {
            r.value[n] = s.hot;
            heated.push_back(n);
            r.touched.push_back(n);
        }
        heat_frontier = fresh;
        std::set<CellId> next_barrier;
        for (const CellId b : barrier_frontier) {
            for (const CellId n : space.neighbours(b)) {
                if (r.value[n] == U && dot(space.planar_position(n) - space.planar_position(b), dir) < 0.0) {
                    next_barrier.insert(n);
                }
            }
        }
        for (const CellId n : next_barrier) {
            r.value[n] = B;
            r.touched.push_back(n);
        }
        barrier_frontier = next_barrier;
        r.steps = k;
        if (k == s.max_steps) {
            r.reason = StopReason::max_steps;
        }
    }
    Vec3 sum;
    double weight = 0.0;
    for (const CellId c : r.touched) {
        const int v = r.value[c];
        r.heated += v >= 0 ? 1 : 0;
        r.warm += v > 0 ? 1 : 0;
        r.barrier += v == B ? 1 : 0;
        if (v > 0) {
            sum = sum + space.position(c) * static_cast<double>(v);
            weight += v;
        }
    }
    r.centroid = sum / weight;
    double best = INFINITY;
    std::vector<CellId> by_id = r.touched;
    std::sort(by_id.begin(), by_id.end());
    for (const CellId c : by_id) {
        if (r.value[c] >= 0 && length_squared(space.position(c) - r.centroid) < best) {
            best = length_squared(space.position(c) - r.centroid);
            r.destination = c;
        }
    }
    return r;
}

bool same(const FloodResult& a, const FloodResult& b) {
    return a.seed_cell == b.seed_cell && a.seed_snapped == b.seed_snapped && a.steps == b.steps &&
           a.finished == b.finished && a.stop_reason == b.stop_reason && a.centroid == b.centroid &&
           a.destination_cell == b.destination_cell && a.destination == b.destination &&
           a.heated_cells == b.heated_cells && a.warm_cells == b.warm_cells &&
           a.barrier_cells == b.barrier_cells;
}

std::vector<std::string> shared_maps() {
    std::vector<std::string> maps;
    const std::filesystem::path dir = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "maps";
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
        if (entry.path().extension() == ".map") {
            maps.push_back(entry.path().string());
        }
    }
    std::sort(maps.begin(), maps.end());
    return maps;
}

class SharedMap : public ::testing::TestWithParam<Connectivity> {};

TEST_P(SharedMap, RandomFloodsMatchTheSpecAndKeepInvariants) {
    const std::vector<std::string> maps = shared_maps();
    if (maps.empty()) {
        GTEST_SKIP() << "no shared maps in " << KINEMA_SHARED_DATA_DIR
                     << "/maps (set KINEMA_SHARED_DATA_DIR)";
    }
    std::size_t total = 0;
    for (const std::string& path : maps) {
        SCOPED_TRACE(path);
        const levels::GridLevel level = levels::load_moving_ai_map(path);
        const GridSpace grid(level, {GetParam(), 1.0});
        const CellSpace& space = grid.cells();
        std::mt19937_64 rng(20260521);
        std::uniform_real_distribution<double> px(0.0, level.width), py(0.0, level.height);
        std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
        std::uniform_int_distribution<int> slice(1, 5), preset(0, 3);
        Flood flood, sliced, again;
        // The time-sliced copy runs the grid path (8 x 8 tile blocks), so it is checked against the generic
        // flood bit for bit, against the spec through it, and by the step-by-step invariants below.
        sliced.set_grid_path(GridPath::always);
        flood.set_grid_path(GridPath::never);  // the default would take the grid path too
        again.set_grid_path(GridPath::never);
        std::vector<std::uint32_t> seen(space.size(), 0);
        std::uint32_t seen_mark = 0;
        std::vector<CellId> queue;
        for (int i = 0; i < floods_per_map; ++i) {
            const Vec2 point{px(rng), py(rng)};
            const SeedLocation seed = grid.locate(point);
            if (seed.snapped) {
                EXPECT_EQ(nearest_cell(space, {point.x, point.y, 0.0}).cell, seed.cell);
            }
            const double a = angle(rng);
            // One in ten floods has no direction (no barrier); one in four runs along one of the 8 grid
            // directions, where cells lie exactly on the half-plane's line (dot = 0).
            static constexpr Vec2 compass[] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                               {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
            const Vec2 dir = i % 10 == 0  ? Vec2{}
                             : i % 4 == 1 ? compass[static_cast<std::size_t>(i / 4) % 8]
                                          : Vec2{std::cos(a), std::sin(a)} * 2.5;
            FloodSettings settings;
            const int p = preset(rng);
            if (p > 0) {
                settings = FloodSettings::difficulty(p);
            }
            if (i % 7 == 0) {
                settings.hot = 1 + i % 23;
                settings.max_heated = 1 + i % 40;
            }
            flood.set_settings(settings);
            sliced.set_settings(settings);
            again.set_settings(settings);

            flood.start(space, seed, dir);
            const FloodResult r = flood.run();
            ASSERT_TRUE(r.finished);

            // Against the literal spec.
            const Reference ref = reference_flood(space, seed.cell, dir, settings);
            ASSERT_EQ(r.steps, ref.steps) << "flood " << i;
            ASSERT_EQ(r.stop_reason, ref.reason) << "flood " << i;
            ASSERT_EQ(r.destination_cell, ref.destination) << "flood " << i;
            ASSERT_EQ(r.heated_cells, ref.heated);
            ASSERT_EQ(r.warm_cells, ref.warm);
            ASSERT_EQ(r.barrier_cells, ref.barrier);
            for (const CellId c : ref.touched) {
                ASSERT_EQ(flood.value(c), ref.value[c]) << "cell " << c << " flood " << i;
            }
            EXPECT_NEAR(r.centroid.x, ref.centroid.x, 1e-9 * (1.0 + std::abs(ref.centroid.x)));
            EXPECT_NEAR(r.centroid.y, ref.centroid.y, 1e-9 * (1.0 + std::abs(ref.centroid.y)));

            // Invariants: the destination is heated; steps and counts are consistent.
            EXPECT_EQ(flood.state(r.destination_cell), CellState::heated);
            EXPECT_LE(r.steps, settings.max_steps);
            EXPECT_EQ(flood.heated_cells().size(), r.heated_cells);
            EXPECT_EQ(flood.barrier_cells().size(), r.barrier_cells);
            EXPECT_LE(r.heated_cells,
                      1u + static_cast<std::size_t>(r.steps) * static_cast<std::size_t>(settings.max_heated));
            for (const CellId c : flood.barrier_cells()) {
                ASSERT_EQ(flood.value(c), barrier_value);
            }
            // No heat crosses walls: every heated cell is reachable from the seed through heated cells.
            ++seen_mark;
            queue.assign(1, seed.cell);
            seen[seed.cell] = seen_mark;
            for (std::size_t q = 0; q < queue.size(); ++q) {
                for (const CellId n : space.neighbours(queue[q])) {
                    if (seen[n] != seen_mark && flood.state(n) == CellState::heated) {
                        seen[n] = seen_mark;
                        queue.push_back(n);
                    }
                }
            }
            EXPECT_EQ(queue.size(), r.heated_cells);

            // Time-sliced (random K per call) equals one-shot, bit for bit.
            sliced.start(space, seed, dir);
            while (!sliced.advance(slice(rng))) {
            }
            ASSERT_TRUE(same(sliced.result(), r)) << "flood " << i;
            ASSERT_TRUE(sliced.on_grid_path());
            for (const CellId c : ref.touched) {
                ASSERT_EQ(sliced.value(c), ref.value[c]) << "grid path, cell " << c << " flood " << i;
            }
            // Deterministic: a second run from scratch gives identical results and the same heating order.
            again.start(space, seed, dir);
            ASSERT_TRUE(same(again.run(), r));
            ASSERT_TRUE(std::equal(again.heated_cells().begin(), again.heated_cells().end(),
                                   flood.heated_cells().begin(), flood.heated_cells().end()));

            // Every 25th flood: step by step, heated cells cool by exactly one (to 0), new cells get H, and
            // touched cells never change kind (barrier stays barrier, heat never turns to barrier).
            if (i % 25 == 0) {
                sliced.start(space, seed, dir);
                std::vector<std::pair<CellId, int>> before;
                std::size_t heated_before = 0;
                std::size_t barrier_before = 0;
                const auto snapshot = [&](const Flood& f) {
                    before.clear();
                    for (const CellId c : f.heated_cells()) {
                        before.emplace_back(c, f.value(c));
                    }
                    for (const CellId c : f.barrier_cells()) {
                        before.emplace_back(c, f.value(c));
                    }
                    heated_before = f.heated_cells().size();
                    barrier_before = f.barrier_cells().size();
                };
                snapshot(sliced);
                sliced.run([&](const Flood& f) {
                    for (const auto& [c, v] : before) {
                        const int expected = v == barrier_value ? barrier_value : std::max(0, v - 1);
                        ASSERT_EQ(f.value(c), expected);
                    }
                    for (std::size_t k = heated_before; k < f.heated_cells().size(); ++k) {
                        ASSERT_EQ(f.value(f.heated_cells()[k]), settings.hot);
                    }
                    for (std::size_t k = barrier_before; k < f.barrier_cells().size(); ++k) {
                        ASSERT_EQ(f.value(f.barrier_cells()[k]), barrier_value);
                    }
                    EXPECT_LE(f.heated_cells().size() - heated_before,
                              static_cast<std::size_t>(settings.max_heated));
                    snapshot(f);
                });
            }
            ++total;
        }
    }
    std::printf("checked %zu floods on %zu maps\n", total, maps.size());
}

// Grids take the flood's padded fixed-stride path; a cell with 9 neighbours forces the plain CSR path. Add
// one such cell that no other cell lists (neighbour relations may be one-way), so no flood from a grid cell
// can reach it: both paths must agree bit for bit.
TEST(SharedMapPaths, PaddedAndCsrNeighbourListsAgree) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den011d.map";
    if (!std::filesystem::exists(path)) {
        GTEST_SKIP() << "shared map " << path << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    const GridSpace grid(levels::load_moving_ai_map(path));
    // A plain copy of the grid's arrays: grid.cells() itself runs the grid fast path (grid_flood_test.cpp),
    // which orders cells within a step by id.
    const CellSpace& g = grid.cells();
    const CellSpace padded = CellSpace::from_csr({g.positions().begin(), g.positions().end()},
                                                 {g.offsets().begin(), g.offsets().end()},
                                                 {g.neighbour_ids().begin(), g.neighbour_ids().end()});
    ASSERT_EQ(padded.padded_stride(), 8u);
    std::vector<Vec3> positions(padded.positions().begin(), padded.positions().end());
    std::vector<std::vector<CellId>> adjacency(padded.size());
    for (CellId c = 0; c < padded.size(); ++c) {
        adjacency[c].assign(padded.neighbours(c).begin(), padded.neighbours(c).end());
    }
    positions.push_back({-5.0, -5.0, 0.0});
    adjacency.push_back({0, 1, 2, 3, 4, 5, 6, 7, 8});
    const CellSpace csr = CellSpace::from_adjacency(positions, adjacency);
    ASSERT_EQ(csr.padded_stride(), 0u);
    std::mt19937_64 rng(99);
    std::uniform_int_distribution<CellId> cell(0, static_cast<CellId>(padded.size() - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    Flood a, b;
    for (int i = 0; i < floods_per_map / 4; ++i) {
        const CellId seed = cell(rng);
        const double t = angle(rng);
        const Vec2 dir{std::cos(t), std::sin(t)};
        a.start(padded, seed, dir);
        b.start(csr, seed, dir);
        ASSERT_TRUE(same(a.run(), b.run())) << "seed " << seed;
        ASSERT_TRUE(std::equal(a.heated_cells().begin(), a.heated_cells().end(), b.heated_cells().begin(),
                               b.heated_cells().end()));
        ASSERT_TRUE(std::equal(a.barrier_cells().begin(), a.barrier_cells().end(), b.barrier_cells().begin(),
                               b.barrier_cells().end()));
    }
}

INSTANTIATE_TEST_SUITE_P(Connectivity, SharedMap, ::testing::Values(Connectivity::eight, Connectivity::four),
                         [](const auto& param_info) {
                             return param_info.param == Connectivity::eight ? "eight" : "four";
                         });

}  // namespace
}  // namespace kinema::chase
