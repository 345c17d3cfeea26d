// The generic flood's AVX2 neighbour rows (flood.cpp, "Neighbour rows of 8 with AVX2") against its
// scalar loops (detail::allow_vector_rows(false)) on random 3D-like spaces padded to stride 8 (two floors of
// columns, links between them, jittered positions so that the centroid's sums depend on the heating order),
// and on CSR graphs with degrees above 8 (both runs take the scalar CSR loop there). Results, the heated and
// barrier lists in order and every cell's value must be identical, in one shot, time sliced and restarted.
// On a CPU without AVX2 both runs take the scalar path and the test checks nothing new.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "bits_equal.hpp"
#include "chase/flood_vector_rows.hpp"  // the test hook, private (src/)
#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"

namespace kinema::chase {
namespace {

using test::bits_equal;

// Columns w x h on two floors; a cell links to a random subset of its 8 column neighbours on its floor and,
// now and then, to the cell above or below or to a random far cell (a polygon or off-mesh link), at most
// max_degree links in all.
CellSpace random_space(std::mt19937_64& rng, int w, int h, std::size_t max_degree) {
    const auto id = [&](int x, int z, int f) { return static_cast<CellId>((f * h + z) * w + x); };
    const std::size_t n = static_cast<std::size_t>(2 * w * h);
    std::uniform_real_distribution<double> jitter(-0.2, 0.2);
    std::uniform_int_distribution<int> percent(0, 99);
    std::uniform_int_distribution<CellId> any(0, static_cast<CellId>(n - 1));
    const int keep = std::uniform_int_distribution<int>(55, 100)(rng);
    std::vector<Vec3> positions(n);
    std::vector<std::vector<CellId>> neighbours(n);
    for (int f = 0; f < 2; ++f) {
        for (int z = 0; z < h; ++z) {
            for (int x = 0; x < w; ++x) {
                const CellId c = id(x, z, f);
                positions[c] = {0.75 * x + jitter(rng), 3.0 * f + jitter(rng), 0.75 * z + jitter(rng)};
                for (const auto& [dx, dz] :
                     {std::pair{-1, 0}, {0, 1}, {1, 0}, {0, -1}, {-1, 1}, {1, 1}, {1, -1}, {-1, -1}}) {
                    if (x + dx >= 0 && x + dx < w && z + dz >= 0 && z + dz < h && percent(rng) < keep) {
                        neighbours[c].push_back(id(x + dx, z + dz, f));
                    }
                }
                if (percent(rng) < 5) {
                    neighbours[c].push_back(id(x, z, 1 - f));
                }
                while (percent(rng) < 3) {
                    const CellId far = any(rng);
                    if (far != c &&
                        std::find(neighbours[c].begin(), neighbours[c].end(), far) == neighbours[c].end()) {
                        neighbours[c].push_back(far);
                    }
                }
                std::shuffle(neighbours[c].begin(), neighbours[c].end(), rng);
                if (neighbours[c].size() > max_degree) {
                    neighbours[c].resize(max_degree);
                }
            }
        }
    }
    return CellSpace::from_adjacency(std::move(positions), neighbours, PlanarFrame::xz, 0.75);
}

// The flood's whole observable state.
struct Snapshot {
    FloodResult result;
    std::vector<CellId> heated;
    std::vector<CellId> barrier;
    std::vector<int> values;
};

Snapshot snapshot(const Flood& flood, std::size_t cells) {
    Snapshot s;
    s.result = flood.result();
    s.heated.assign(flood.heated_cells().begin(), flood.heated_cells().end());
    s.barrier.assign(flood.barrier_cells().begin(), flood.barrier_cells().end());
    for (CellId c = 0; c < cells; ++c) {
        s.values.push_back(flood.value(c));
    }
    return s;
}

void expect_same(const Snapshot& a, const Snapshot& b, const std::string& where) {
    EXPECT_EQ(a.result.seed_cell, b.result.seed_cell) << where;
    EXPECT_EQ(a.result.steps, b.result.steps) << where;
    EXPECT_EQ(a.result.finished, b.result.finished) << where;
    EXPECT_EQ(a.result.stop_reason, b.result.stop_reason) << where;
    EXPECT_TRUE(bits_equal(a.result.centroid, b.result.centroid)) << where;
    EXPECT_EQ(a.result.destination_cell, b.result.destination_cell) << where;
    EXPECT_TRUE(bits_equal(a.result.destination, b.result.destination)) << where;
    EXPECT_EQ(a.result.heated_cells, b.result.heated_cells) << where;
    EXPECT_EQ(a.result.warm_cells, b.result.warm_cells) << where;
    EXPECT_EQ(a.result.barrier_cells, b.result.barrier_cells) << where;
    EXPECT_EQ(a.heated, b.heated) << where;
    EXPECT_EQ(a.barrier, b.barrier) << where;
    EXPECT_EQ(a.values, b.values) << where;
}

// Runs a flood (one shot, then time sliced with a snapshot per step, then restarted) with the vector rows
// allowed or not.
std::vector<Snapshot> run_all(const CellSpace& space, const FloodSettings& settings, CellId seed, Vec2 dir,
                              CellId seed2, Vec2 dir2, bool vector_rows) {
    const bool previous = detail::allow_vector_rows(vector_rows);
    std::vector<Snapshot> out;
    Flood flood(settings);
    flood.start(space, seed, dir);
    flood.run();
    out.push_back(snapshot(flood, space.size()));
    flood.start(space, seed, dir);
    while (!flood.advance(1)) {
        out.push_back(snapshot(flood, space.size()));
    }
    out.push_back(snapshot(flood, space.size()));
    flood.restart(SeedLocation{seed2, false}, dir2);
    flood.run();
    out.push_back(snapshot(flood, space.size()));
    detail::allow_vector_rows(previous);
    return out;
}

void compare_on(std::mt19937_64& rng, const CellSpace& space, int floods, const char* what) {
    std::uniform_int_distribution<CellId> cell(0, static_cast<CellId>(space.size() - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    std::uniform_int_distribution<int> heated(1, 60);
    std::uniform_int_distribution<int> steps(0, 50);
    std::size_t touched = 0;
    for (int i = 0; i < floods; ++i) {
        FloodSettings s;
        s.max_heated = heated(rng);
        s.max_steps = steps(rng);
        s.hot = std::uniform_int_distribution<int>(1, 30)(rng);
        s.destination = i % 3 == 0 ? DestinationRule::nearest_warm : DestinationRule::nearest_heated;
        const double a = angle(rng);
        const double b = angle(rng);
        const Vec2 dir = i % 7 == 0 ? Vec2{1.0, 0.0} : Vec2{std::cos(a), std::sin(a)};
        const CellId seed = cell(rng);
        const CellId seed2 = cell(rng);
        const std::vector<Snapshot> vec =
            run_all(space, s, seed, dir, seed2, {std::cos(b), std::sin(b)}, true);
        const std::vector<Snapshot> plain =
            run_all(space, s, seed, dir, seed2, {std::cos(b), std::sin(b)}, false);
        ASSERT_EQ(vec.size(), plain.size()) << what << " flood " << i;
        for (std::size_t k = 0; k < vec.size(); ++k) {
            expect_same(vec[k], plain[k],
                        std::string(what) + " flood " + std::to_string(i) + " snapshot " + std::to_string(k));
        }
        touched += vec.front().heated.size() + vec.front().barrier.size();
    }
    // The floods did real work (not all stopped at the seed).
    EXPECT_GT(touched, static_cast<std::size_t>(floods) * 10) << what;
}

TEST(VectorRows, MatchScalarLoopsOnPaddedSpaces) {
    std::mt19937_64 rng(20261123);
    for (int k = 0; k < 12; ++k) {
        const int w = std::uniform_int_distribution<int>(3, 40)(rng);
        const int h = std::uniform_int_distribution<int>(3, 40)(rng);
        const CellSpace space = random_space(rng, w, h, 8);
        ASSERT_EQ(space.padded_stride(), 8u);
        compare_on(rng, space, 40, "padded");
    }
}

TEST(VectorRows, MatchScalarLoopsOnCsrGraphs) {
    std::mt19937_64 rng(7);
    int graphs = 0;
    for (int k = 0; k < 4; ++k) {
        CellSpace space = random_space(rng, 20, 20, 12);
        if (space.padded_stride() != 0) {
            continue;  // no cell got more than 8 links: not a CSR graph
        }
        compare_on(rng, space, 30, "csr");
        ++graphs;
    }
    EXPECT_GE(graphs, 2);  // the seed gives CSR graphs: the test compared something
}

// The audit's read bounds 8 cells at a time: the least and greatest column and row of the tiles of a list of
// cells, folded into a box already holding some, against a plain loop over the cells it takes (the whole
// groups of 8: the audit adds the rest one by one); lists of every length from 0 to 40, repeated cells and
// tiles at negative coordinates.
TEST(VectorRows, TileBoundsMatchAPlainLoop) {
    if (!detail::use_vector_rows()) {
        GTEST_SKIP() << "this CPU has no AVX2: the audit adds its tiles one by one";
    }
    std::mt19937_64 rng(11);
    std::vector<Tile> tiles(5000);
    for (Tile& t : tiles) {
        t = {std::uniform_int_distribution<int>(-300, 300)(rng),
             std::uniform_int_distribution<int>(-50, 900)(rng)};
    }
    std::uniform_int_distribution<CellId> any(0, static_cast<CellId>(tiles.size() - 1));
    for (std::size_t n = 0; n <= 40; ++n) {
        std::vector<CellId> ids(n);
        for (CellId& c : ids) {
            c = any(rng);
        }
        const int start[4] = {100, -100, 400, 300};  // a box holding tiles (100..-100 is empty in columns)
        int box[4] = {start[0], start[1], start[2], start[3]};
        const std::size_t taken = detail::add_tile_bounds(tiles.data(), ids.data(), ids.size(), box);
        EXPECT_EQ(taken, n - n % 8) << n << " cells";
        int expected[4] = {start[0], start[1], start[2], start[3]};
        for (std::size_t i = 0; i < n - n % 8; ++i) {
            const Tile t = tiles[ids[i]];
            expected[0] = std::min(expected[0], t.col);
            expected[1] = std::max(expected[1], t.col);
            expected[2] = std::min(expected[2], t.row);
            expected[3] = std::max(expected[3], t.row);
        }
        for (int k = 0; k < 4; ++k) {
            EXPECT_EQ(box[k], expected[k]) << n << " cells, bound " << k;
        }
    }
}

// The destination's scan 4 cells at a time: the heated cell nearest the centroid, ties to the lowest id,
// folded into a best already holding one, against the scalar loop (length_squared of Vec3 differences) over
// the cells it takes (whole groups of 4); grid centres, so that many cells tie, centroids on centres, on
// midpoints and anywhere, lists of 0 to 40 cells with repeats, and a centroid off the plane.
TEST(VectorRows, NearestCellMatchesAPlainLoop) {
    if (!detail::use_vector_rows()) {
        GTEST_SKIP() << "this CPU has no AVX2: the flood scans its heated cells one by one";
    }
    std::mt19937_64 rng(13);
    std::vector<Vec2> planar(900);
    for (std::size_t c = 0; c < planar.size(); ++c) {
        planar[c] = {(static_cast<double>(c % 30) + 0.5) * 0.75, (static_cast<double>(c / 30) + 0.5) * 0.75};
    }
    std::uniform_int_distribution<CellId> any(0, static_cast<CellId>(planar.size() - 1));
    std::size_t ties = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const std::size_t n = static_cast<std::size_t>(trial) % 41;
        std::vector<CellId> ids(n);
        for (CellId& c : ids) {
            c = any(rng);
        }
        const Vec2 a = planar[any(rng)];
        const Vec2 b = planar[any(rng)];
        const Vec3 centroid = trial % 3 == 0 ? Vec3{a.x, a.y, 0.0}
                              : trial % 3 == 1
                                  ? Vec3{(a.x + b.x) / 2, (a.y + b.y) / 2, 0.0}
                                  : Vec3{a.x + 0.1 * b.x, a.y - 0.01 * b.y, trial % 7 == 0 ? 0.25 : 0.0};
        const double start_best = trial % 4 == 0 ? 2.0 : std::numeric_limits<double>::infinity();
        const CellId start_cell = trial % 4 == 0 ? 450 : no_cell;
        double best = start_best;
        CellId best_cell = start_cell;
        const std::size_t taken =
            detail::nearest_cell_4(planar.data(), ids.data(), n, centroid, best, best_cell);
        ASSERT_EQ(taken, n - n % 4);
        double expected = start_best;
        CellId expected_cell = start_cell;
        std::size_t equal = 0;
        for (std::size_t i = 0; i < taken; ++i) {
            const double d2 = length_squared(Vec3{planar[ids[i]].x, planar[ids[i]].y, 0.0} - centroid);
            equal += d2 == expected ? 1 : 0;
            if (d2 < expected || (d2 == expected && ids[i] < expected_cell)) {
                expected = d2;
                expected_cell = ids[i];
            }
        }
        ties += equal;
        ASSERT_TRUE(bits_equal(best, expected)) << "trial " << trial;
        ASSERT_EQ(best_cell, expected_cell) << "trial " << trial;
    }
    EXPECT_GT(ties, 20u);  // cells tied with the best so far: the rule for ties was exercised
}

// The whole audit with the AVX2 rows (the read bounds, the destination's scan) and with the plain loops:
// every row the same, its reach too, on random grids of both connectivities and several cell sizes.
TEST(VectorRows, AuditRowsMatchThePlainLoops) {
    std::mt19937 rng(46);
    std::size_t flagged = 0;
    for (int i = 0; i < 6; ++i) {
        levels::GridLevel level;
        level.width = 24 + 3 * i;
        level.height = 18 + 2 * i;
        level.passable.resize(static_cast<std::size_t>(level.width * level.height));
        for (std::uint8_t& t : level.passable) {
            t = rng() % 100 < static_cast<unsigned>(10 + 6 * i) ? 0 : 1;
        }
        GridSpaceSettings settings;
        settings.connectivity = i == 4 ? Connectivity::four : Connectivity::eight;
        settings.cell_size = i == 3 ? 0.3 : i == 5 ? 2.5 : 1.0;
        const GridSpace grid(level, settings);
        const GridChaseSpace space(grid);
        const FloodSettings flood{12, 16, 24};
        const AuditSettings audit_settings;
        const AuditResult vector_rows = audit(space, flood, audit_settings, 1);
        const bool before = detail::allow_vector_rows(false);
        const AuditResult plain = audit(space, flood, audit_settings, 1);
        detail::allow_vector_rows(before);
        ASSERT_EQ(vector_rows.rows.size(), plain.rows.size());
        for (std::size_t r = 0; r < plain.rows.size(); ++r) {
            const AuditRow& a = vector_rows.rows[r];
            const AuditRow& b = plain.rows[r];
            SCOPED_TRACE("level " + std::to_string(i) + " row " + std::to_string(r));
            ASSERT_EQ(a.findings, b.findings);
            ASSERT_EQ(a.destination_cell, b.destination_cell);
            ASSERT_TRUE(bits_equal(a.along_cells_distance, b.along_cells_distance));
            ASSERT_EQ(a.reach.min_dx, b.reach.min_dx);
            ASSERT_EQ(a.reach.max_dx, b.reach.max_dx);
            ASSERT_EQ(a.reach.min_dy, b.reach.min_dy);
            ASSERT_EQ(a.reach.max_dy, b.reach.max_dy);
            flagged += b.has(Finding::barrier_blocks_exit) ? 1 : 0;
        }
    }
    EXPECT_GT(flagged, 50u);  // the exit search found closed-off regions: their reach was compared
}

TEST(VectorRows, SettingIsRestored) {
    const bool before = detail::allow_vector_rows(false);
    EXPECT_FALSE(detail::allow_vector_rows(true));
    EXPECT_TRUE(detail::allow_vector_rows(before));
}

}  // namespace
}  // namespace kinema::chase
