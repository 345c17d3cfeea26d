// The audit's shared and cached work (src/chase/audit.cpp: one shortest-path tree per seed cell, the hidden
// cells per destination, the states as bytes, the bucket queue, the exit search's marks and early answer;
// docs/performance.md "Level audit") against the first definitions kept in audit_reference.cpp: every field
// of every row the same, bit for bit, on our levels, random grids (both connectivities, several cell sizes,
// dense ones with every exit size), random plain graphs and shared maps, for several settings and thread
// counts, and with seeds audited out of order on one scratch.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "audit_reference.hpp"
#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace kinema::chase {
namespace {

using testing::our_level;
using testing::random_level;
using testing::ReferenceAudit;

bool same_bits(double a, double b) {
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool same_bits(Vec3 a, Vec3 b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y) && same_bits(a.z, b.z);
}

// Every field of two rows, doubles by their bits.
::testing::AssertionResult same_row(const AuditRow& a, const AuditRow& b) {
    const bool same = a.cell == b.cell && a.direction == b.direction && a.steps == b.steps &&
                      a.stop_reason == b.stop_reason && a.seed_cell == b.seed_cell &&
                      a.destination_cell == b.destination_cell && same_bits(a.destination, b.destination) &&
                      same_bits(a.dead_reckoning, b.dead_reckoning) &&
                      same_bits(a.chase_distance, b.chase_distance) &&
                      same_bits(a.along_cells_distance, b.along_cells_distance) &&
                      same_bits(a.dead_reckoning_gap, b.dead_reckoning_gap) && a.findings == b.findings;
    if (same) {
        return ::testing::AssertionSuccess();
    }
    return ::testing::AssertionFailure()
           << "cell " << a.cell << " direction " << a.direction << ": along " << a.along_cells_distance
           << " vs " << b.along_cells_distance << ", findings " << int{a.findings} << " vs "
           << int{b.findings} << ", destination " << a.destination_cell << " vs " << b.destination_cell;
}

// The whole audit with `threads` threads against the reference, row by row; returns the rows with findings
// (so that a test can show it compared something).
std::size_t expect_reference_rows(const ChaseSpace& space, const FloodSettings& flood,
                                  const AuditSettings& settings, int threads) {
    const AuditResult fast = audit(space, flood, settings, threads);
    ReferenceAudit reference(space, flood, settings);
    const std::vector<AuditRow> expected = reference.rows();
    EXPECT_EQ(fast.rows.size(), expected.size());
    std::size_t flagged = 0;
    for (std::size_t i = 0; i < std::min(fast.rows.size(), expected.size()); ++i) {
        EXPECT_TRUE(same_row(fast.rows[i], expected[i]));
        if (!same_row(fast.rows[i], expected[i])) {
            return flagged;  // one message is enough
        }
        flagged += expected[i].findings != 0 ? 1 : 0;
    }
    return flagged;
}

struct Variant {
    FloodSettings flood;
    AuditSettings audit;
};

std::vector<Variant> variants() {
    std::vector<Variant> v(5);
    v[1].audit.directions = 5;
    v[1].audit.corner_radius = 1;
    v[1].audit.exit_cells = 1;
    v[2].audit.directions = 12;
    v[2].audit.corner_radius = 5;
    v[2].audit.exit_cells = 6;
    v[2].flood.max_heated = 10;
    v[3].audit.directions = 3;
    v[3].flood.max_steps = 12;
    v[3].flood.hot = 5;
    v[4].audit.exit_junction = false;  // the first barrier_blocks_exit, any closed-off region
    return v;
}

TEST(AuditFast, OurLevelsAsTheFirstDefinitions) {
    std::size_t flagged = 0;
    for (const char* name :
         {"corner", "corridor_end_corner", "corridor_into_room", "long_corridor", "side_exit_behind",
          "t_junction_equal", "t_junction_unequal", "warehouse_loop"}) {
        SCOPED_TRACE(name);
        const levels::GridLevel level = our_level(name);
        const GridSpace grid(level);
        const GridChaseSpace space(grid);
        const std::vector<Variant> all = variants();
        for (std::size_t i = 0; i < all.size(); ++i) {
            flagged += expect_reference_rows(space, all[i].flood, all[i].audit, 1 + static_cast<int>(i % 3));
        }
    }
    EXPECT_GT(flagged, 100u);
}

TEST(AuditFast, RandomGridsAsTheFirstDefinitions) {
    std::mt19937 random(45);
    std::size_t flagged = 0;
    for (int i = 0; i < 12; ++i) {
        const double walls = 0.05 + 0.05 * (i % 6);
        const levels::GridLevel level = random_level(random, 20 + i, 14 + 2 * i, walls);
        GridSpaceSettings grid_settings;
        grid_settings.connectivity = i % 3 == 2 ? Connectivity::four : Connectivity::eight;
        grid_settings.cell_size = i % 4 == 1 ? 2.5 : i % 4 == 3 ? 0.3 : 1.0;
        const GridSpace grid(level, grid_settings);
        const GridChaseSpace space(grid);
        const Variant v = variants()[static_cast<std::size_t>(i) % variants().size()];
        SCOPED_TRACE("level " + std::to_string(i));
        flagged += expect_reference_rows(space, v.flood, v.audit, 1 + i % 3);
    }
    EXPECT_GT(flagged, 100u);
}

// The exit search's early "closed off" (src/chase/audit.cpp closed_off_region: every cell next to the heat
// stamped, min_cells cells queued) and the marks of the last heat frontier: dense random walls make many
// floods run out of cells (spec step B.2) beside pockets of every size, searched with every exit size from
// one cell to the whole walk.
TEST(AuditFast, ExhaustedFloodsAndEveryExitSizeAsTheFirstDefinitions) {
    std::mt19937 random(4502);
    std::size_t exhausted_blocked = 0;
    std::size_t flagged = 0;
    const int exit_sizes[] = {1, 2, 3, 4, 9, 256};
    for (int i = 0; i < 12; ++i) {
        const levels::GridLevel level = random_level(random, 18 + i, 16, 0.3 + 0.025 * (i % 6));
        GridSpaceSettings grid_settings;
        grid_settings.connectivity = i % 2 == 1 ? Connectivity::four : Connectivity::eight;
        grid_settings.cell_size = i % 3 == 2 ? 0.5 : 1.0;
        const GridSpace grid(level, grid_settings);
        const GridChaseSpace space(grid);
        AuditSettings settings;
        settings.exit_cells = exit_sizes[i % 6];
        settings.exit_junction = i % 4 != 1;
        FloodSettings flood;
        flood.max_heated = i % 4 == 3 ? 6 : 25;
        SCOPED_TRACE("level " + std::to_string(i));
        flagged += expect_reference_rows(space, flood, settings, 1 + i % 2);
        for (const AuditRow& row : audit(space, flood, settings, 1).rows) {
            exhausted_blocked +=
                row.stop_reason == StopReason::exhausted && row.has(Finding::barrier_blocks_exit) ? 1 : 0;
        }
    }
    EXPECT_GT(flagged, 1000u);
    EXPECT_GT(exhausted_blocked, 100u);  // the early answer was taken and compared
}

// Random points in the plane, each joined to the points within a radius (one-way links dropped): a plain
// graph, so the queue is the binary heap and the sight lines are the graph's.
TEST(AuditFast, RandomGraphsAsTheFirstDefinitions) {
    std::mt19937 random(7);
    std::uniform_real_distribution<double> coordinate(0.0, 12.0);
    for (int g = 0; g < 4; ++g) {
        std::vector<Vec3> points(120);
        for (Vec3& p : points) {
            p = {coordinate(random), coordinate(random), 0.0};
        }
        std::vector<std::vector<CellId>> neighbours(points.size());
        for (std::size_t a = 0; a < points.size(); ++a) {
            for (std::size_t b = 0; b < points.size(); ++b) {
                const double dx = points[a].x - points[b].x;
                const double dy = points[a].y - points[b].y;
                if (a != b && dx * dx + dy * dy < 2.4) {
                    neighbours[a].push_back(static_cast<CellId>(b));
                }
            }
        }
        const CellSpace cells = CellSpace::from_adjacency(points, neighbours);
        const GraphChaseSpace space(cells);
        SCOPED_TRACE("graph " + std::to_string(g));
        const Variant v = variants()[static_cast<std::size_t>(g)];
        (void)expect_reference_rows(space, v.flood, v.audit, 1 + g % 2);
    }
}

// One scratch, seeds in a shuffled order: the per-seed-cell tree and the per-destination hidden cells must
// not depend on which seed came before.
TEST(AuditFast, SeedsInAnyOrderOnOneScratch) {
    const levels::GridLevel level = our_level("warehouse_loop");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const AuditSettings settings;
    ReferenceAudit reference(space, {}, settings);
    auto scratch = make_audit_scratch(space, {});
    std::vector<std::pair<CellId, int>> seeds;
    for (CellId c = 0; c < grid.cells().size(); ++c) {
        for (int k = 0; k < settings.directions; ++k) {
            seeds.emplace_back(c, k);
        }
    }
    std::shuffle(seeds.begin(), seeds.end(), std::mt19937(3));
    for (const auto& [c, k] : seeds) {
        ASSERT_TRUE(same_row(audit_seed(space, *scratch, settings, c, k), reference.row(c, k)));
    }
}

std::string shared_map(const std::string& name) {
    return std::string(KINEMA_SHARED_DATA_DIR) + "/maps/" + name + ".map";
}

// Real levels: the small shared maps whole, and a band of cells of two large ones (audit_rows).
TEST(AuditFast, SharedMapsAsTheFirstDefinitions) {
    if (!std::filesystem::exists(shared_map("arena"))) {
        GTEST_SKIP() << "no shared maps in " << KINEMA_SHARED_DATA_DIR << " (set KINEMA_SHARED_DATA_DIR)";
    }
    for (const char* name : {"arena", "maze-32-32-2", "random-32-32-10", "room-32-32-4"}) {
        SCOPED_TRACE(name);
        const GridSpace grid(levels::load_moving_ai_map(shared_map(name)));
        const GridChaseSpace space(grid);
        EXPECT_GT(expect_reference_rows(space, {}, {}, 2), 0u);
    }
    for (const char* name : {"den011d", "lak202d"}) {
        SCOPED_TRACE(name);
        const GridSpace grid(levels::load_moving_ai_map(shared_map(name)));
        const GridChaseSpace space(grid);
        const AuditSettings settings;
        const AuditCellRange band{grid.cells().size() / 2, grid.cells().size() / 2 + 400};
        const std::vector<const ChaseSpace*> spaces{&space, &space};
        const std::vector<AuditRow> fast = audit_rows(spaces, {}, settings, band);
        ReferenceAudit reference(space, {}, settings);
        for (std::size_t i = 0; i < fast.size(); ++i) {
            const auto c = static_cast<CellId>(band.first + i / 8);
            ASSERT_TRUE(same_row(fast[i], reference.row(c, static_cast<int>(i % 8))));
        }
    }
}

}  // namespace
}  // namespace kinema::chase
