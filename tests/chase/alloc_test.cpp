// "No heap allocation per flood after the first": counts every global operator new in this binary.
#include <gtest/gtest.h>

#include "allocation_counter.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace kinema::chase {
namespace {

void expect_no_allocation_after_first(const GridSpace& grid, int floods) {
    Flood flood;
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<CellId> cell(0, static_cast<CellId>(grid.cells().size() - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    flood.start(grid.cells(), cell(rng), Vec2{1.0, 0.0});
    flood.run();
    const long before = kinema::test::allocation_count();
    double checksum = 0.0;
    for (int i = 0; i < floods; ++i) {
        const double a = angle(rng);
        flood.start(grid.cells(), cell(rng), Vec2{std::cos(a), std::sin(a)});
        if (i % 3 == 0) {
            while (!flood.advance(2)) {
                checksum += flood.result().centroid.x;
            }
        } else if (i % 3 == 1) {
            flood.advance_until(0.1 * i, 7.0, [&](const Flood& f) { checksum += f.steps(); });
            flood.restart({cell(rng), false}, Vec2{-1.0, 0.5});
        }
        const FloodResult r = flood.run();
        checksum += r.centroid.y + flood.value(r.destination_cell);
    }
    EXPECT_EQ(kinema::test::allocation_count() - before, 0) << "allocations in " << floods << " floods";
    EXPECT_TRUE(std::isfinite(checksum));
}

TEST(FloodAllocations, NoneAfterTheFirstFloodOnOurLevel) {
    const levels::GridLevel level = levels::default_level();
    expect_no_allocation_after_first(GridSpace(level), 2000);
}

TEST(FloodAllocations, NoneAfterTheFirstFloodOnASharedMap) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den520d.map";
    if (!std::ifstream(path)) {
        GTEST_SKIP() << "shared map " << path << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    expect_no_allocation_after_first(GridSpace(levels::load_moving_ai_map(path)), 2000);
}

// The whole chase query (flood, destination, dead reckoning) adds no allocation on grids.
TEST(FloodAllocations, NoneInAGridChaseQueryAfterTheFirst) {
    const GridSpace grid(levels::default_level());
    const GridChaseSpace space(grid);
    Flood flood;
    ChaseQuery q;
    q.position = {3.5, 2.5, 0.0};
    q.direction = {1.0, 0.0, 0.0};
    run_chase(space, flood, q);
    const long before = kinema::test::allocation_count();
    double checksum = 0.0;
    for (int i = 0; i < 500; ++i) {
        q.position = {1.0 + 0.037 * i, 1.0 + 0.061 * i, 0.0};
        q.direction = {std::cos(0.1 * i), std::sin(0.1 * i), 0.0};
        const ChaseResult r = run_chase(space, flood, q);
        checksum += r.flood.centroid.x + r.dead_reckoning.position.y;
    }
    EXPECT_EQ(kinema::test::allocation_count() - before, 0);
    EXPECT_TRUE(std::isfinite(checksum));
}

// A 256 x 256 Moving AI map, open but for a wall every 7th tile of every 5th row (cells with 3 to 8
// neighbours).
levels::GridLevel open_map_with_posts() {
    std::string text = "type octile\nheight 256\nwidth 256\nmap\n";
    for (int row = 0; row < 256; ++row) {
        for (int col = 0; col < 256; ++col) {
            text += row % 5 == 2 && col % 7 == 3 ? '@' : '.';
        }
        text += '\n';
    }
    return levels::parse_moving_ai_map(text, "posts.map");
}

// Issue 24, M6: a grid's planar positions and padded neighbour lists (all the pursuit's search and paths ask
// for) are built without the world positions and CSR lists: 16 + 32 bytes a cell, not the 108 of all of
// them (a pursuit on a 4096 x 4096 map held 1.8 GB of them). The arrays are the graph's, entry for entry.
TEST(GridCellArrays, PlanarPositionsAndPaddedListsWithoutTheGraph) {
    const GridSpace grid(open_map_with_posts());
    const CellSpace& cells = grid.cells();
    const std::size_t n = cells.size();
    const long long before = kinema::test::allocated_bytes();
    const auto planar = cells.planar_positions();
    const auto padded = cells.padded_neighbour_ids();
    const long long bytes = kinema::test::allocated_bytes() - before;
    EXPECT_LE(bytes, static_cast<long long>(n * (sizeof(Vec2) + 8 * sizeof(CellId)) + 4096));
    ASSERT_EQ(cells.padded_stride(), 8u);
    ASSERT_EQ(planar.size(), n);
    ASSERT_EQ(padded.size(), n * 8);
    for (CellId c = 0; c < n; ++c) {
        const Vec3 p = cells.positions()[c];
        EXPECT_EQ(planar[c].x, p.x);
        EXPECT_EQ(planar[c].y, p.y);
        const auto list = cells.neighbours(c);
        for (std::size_t i = 0; i < 8; ++i) {
            EXPECT_EQ(padded[c * 8 + i], i < list.size() ? list[i] : static_cast<CellId>(n)) << c << " " << i;
        }
    }
    // The cell at row 1, column 3 sits above a post (row 2, column 3): 5 neighbours (no post, no diagonal
    // past it).
    const CellId above = grid.cell_at(3, 1);
    EXPECT_EQ(cells.neighbours(above).size(), 5u);
    EXPECT_EQ(planar[above].x, 3.5);
    EXPECT_EQ(planar[above].y, 1.5);
}

// Issue 24, M9: the generic flood on a grid's space (M_S > 62 leaves the grid path) reads the planar
// positions and padded lists only, never the world positions and CSR lists (60 bytes a cell: 1 GB of
// `chase --max-steps 1000000` on a 4096 x 4096 map): its seeding walks the padded lists and its result takes
// the world position from the planar one. Its own scratch is about 12 bytes a cell.
TEST(GridCellArrays, TheGenericFloodOnAGridBuildsNoGraph) {
    const GridSpace grid(open_map_with_posts());
    const CellSpace& cells = grid.cells();
    const std::size_t n = cells.size();
    (void)cells.planar_positions();  // the arrays the pursuit builds too: not counted here
    (void)cells.padded_neighbour_ids();
    FloodSettings settings;
    settings.max_heated = 1000000;
    settings.max_steps = 1000;
    const long long before = kinema::test::allocated_bytes();
    Flood flood(settings);
    flood.start(cells, grid.cell_at(100, 100), Vec2{1.0, 0.0});
    const FloodResult r = flood.run();
    const long long bytes = kinema::test::allocated_bytes() - before;
    EXPECT_FALSE(flood.on_grid_path());
    EXPECT_EQ(r.stop_reason, StopReason::exhausted);
    EXPECT_GT(r.heated_cells + r.barrier_cells, n * 9 / 10);  // nearly the whole level
    EXPECT_LE(bytes, static_cast<long long>(n * 16 + 64 * 1024));
    // The same result as the flood on the space's full graph (a plain CSR copy of it).
    const CellSpace plain =
        CellSpace::from_csr(std::vector<Vec3>(cells.positions().begin(), cells.positions().end()),
                            std::vector<std::uint32_t>(cells.offsets().begin(), cells.offsets().end()),
                            std::vector<CellId>(cells.neighbour_ids().begin(), cells.neighbour_ids().end()));
    Flood on_plain(settings);
    on_plain.start(plain, grid.cell_at(100, 100), Vec2{1.0, 0.0});
    const FloodResult p = on_plain.run();
    EXPECT_EQ(r.centroid.x, p.centroid.x);
    EXPECT_EQ(r.centroid.y, p.centroid.y);
    EXPECT_EQ(r.centroid.z, p.centroid.z);
    EXPECT_EQ(r.destination_cell, p.destination_cell);
    EXPECT_EQ(r.steps, p.steps);
    EXPECT_TRUE(std::equal(flood.barrier_cells().begin(), flood.barrier_cells().end(),
                           on_plain.barrier_cells().begin(), on_plain.barrier_cells().end()));
    EXPECT_TRUE(std::equal(flood.heated_cells().begin(), flood.heated_cells().end(),
                           on_plain.heated_cells().begin(), on_plain.heated_cells().end()));
}

TEST(FloodAllocations, CounterSeesAllocations) {
    const long before = kinema::test::allocation_count();
    const GridSpace grid(levels::default_level());  // builds vectors
    EXPECT_GT(kinema::test::allocation_count() - before, 0);
    EXPECT_GT(grid.cells().size(), 0u);
}

// The audit's seeds (docs/audit.md "Cost"): once every seed of a level has run on a scratch (its caches --
// the hidden cells per destination, the junctions behind seeds, the queues' capacity -- filled), running them
// all again allocates nothing; with barrier_blocks_exit's junction search (side_exit_behind and the T
// junction flag seeds) and without it.
TEST(AuditAllocations, NoneWhenTheSeedsRunAgain) {
    for (const char* name : {"side_exit_behind", "t_junction_equal", "warehouse_loop"}) {
        for (const bool junction : {true, false}) {
            SCOPED_TRACE(std::string(name) + (junction ? "" : " exit_junction 0"));
            const levels::GridLevel level = testing::our_level(name);
            const GridSpace grid(level);
            const GridChaseSpace space(grid);
            AuditSettings settings;
            settings.exit_junction = junction;
            const auto scratch = make_audit_scratch(space, FloodSettings{});
            const auto run_all = [&] {
                std::size_t flagged = 0;
                for (CellId c = 0; c < grid.cells().size(); ++c) {
                    for (int k = 0; k < settings.directions; ++k) {
                        flagged += audit_seed(space, *scratch, settings, c, k).findings != 0 ? 1 : 0;
                    }
                }
                return flagged;
            };
            const std::size_t first = run_all();
            const long before = kinema::test::allocation_count();
            const std::size_t again = run_all();
            EXPECT_EQ(kinema::test::allocation_count() - before, 0);
            EXPECT_EQ(again, first);
            EXPECT_GT(first, 0u);
        }
    }
}

}  // namespace
}  // namespace kinema::chase
