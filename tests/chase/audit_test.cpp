// chase::audit: each finding on one of our levels built to show it, at cells and
// directions whose floods are worked out by hand below; the same rows for any thread count; the summaries and
// totals against the rows; the directions; the settings in the registry.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "registry_checks.hpp"

namespace kinema::chase {
namespace {

using testing::our_level;

// The row of tile (col, row) in direction k.
const AuditRow& row_at(const GridSpace& grid, const AuditResult& r, int col, int row, int k) {
    const CellId c = grid.cell_at(col, row);
    EXPECT_NE(c, no_cell);
    return r.rows.at(static_cast<std::size_t>(c) * static_cast<std::size_t>(r.directions) +
                     static_cast<std::size_t>(k));
}

struct Audited {
    explicit Audited(const std::string& name, FloodSettings flood = {}, AuditSettings settings = {},
                     int threads = 1)
        : level(our_level(name)), grid(level), space(grid), result(audit(space, flood, settings, threads)) {}
    levels::GridLevel level;
    GridSpace grid;
    GridChaseSpace space;
    AuditResult result;
};

// D = 8: k = 0 east (1, 0), 2 south (0, 1) (y grows downwards), 4 west, 6 north (0, -1).
constexpr int east = 0;
constexpr int west = 4;
constexpr int north = 6;

TEST(AuditDirection, AxesAndDiagonalsAreExact) {
    const double h = std::sqrt(0.5);
    const Vec2 expected[8] = {{1, 0}, {h, h}, {0, 1}, {-h, h}, {-1, 0}, {-h, -h}, {0, -1}, {h, -h}};
    for (int k = 0; k < 8; ++k) {
        EXPECT_EQ(audit_direction(k, 8).x, expected[k].x) << k;
        EXPECT_EQ(audit_direction(k, 8).y, expected[k].y) << k;
    }
    // D = 3: 120 degrees apart; D = 12: cos 30 degrees = sin 60 degrees, the same double by symmetry.
    EXPECT_NEAR(audit_direction(1, 3).x, -0.5, 1e-15);
    EXPECT_NEAR(audit_direction(1, 3).y, std::sqrt(3.0) / 2.0, 1e-15);
    EXPECT_EQ(audit_direction(1, 12).x, audit_direction(2, 12).y);
    EXPECT_EQ(audit_direction(1, 12).y, audit_direction(2, 12).x);
    EXPECT_EQ(audit_direction(0, 1).x, 1.0);
}

// t_junction_equal: the stem at column 16 meets the bar (row 2, columns 1..31) at (16, 2). Seed (15, 2)
// facing north: no barrier (row 1 is wall, (15, 3) is wall, and the diagonal to (16, 3) would cut that
// corner). The heat runs west 14 tiles, east 16 tiles (the far end at step 16) and down the 7-tile stem, so
// the flood is exhausted after 16 steps; a cell heated at step j keeps 20 - (16 - j). The weighted centroid
// is (17.061, 3.154) (weight 428), in the wall under the bar; the nearest heated centre is (16.5, 3.5), the
// stem's first tile: the destination lies behind a player running north (dot((1, 1), (0, -1)) = -1).
TEST(AuditFindings, WrongWayAtATJunction) {
    const Audited a("t_junction_equal");
    for (const int col : {15, 17}) {  // the mirror image gives the same tile
        const AuditRow& r = row_at(a.grid, a.result, col, 2, north);
        EXPECT_EQ(r.steps, 16);
        EXPECT_EQ(r.stop_reason, StopReason::exhausted);
        EXPECT_EQ(r.destination_cell, a.grid.cell_at(16, 3));
        EXPECT_TRUE(r.has(Finding::wrong_way)) << col;
        EXPECT_DOUBLE_EQ(r.chase_distance, std::sqrt(2.0));
        EXPECT_DOUBLE_EQ(r.along_cells_distance, 2.0);  // (col, 2) -> (16, 2) -> (16, 3): no corner cutting
    }
    // Right above the stem the two branches balance: the centroid is the seed's own centre.
    const AuditRow& middle = row_at(a.grid, a.result, 16, 2, north);
    EXPECT_EQ(middle.destination_cell, a.grid.cell_at(16, 2));
    EXPECT_FALSE(middle.has(Finding::wrong_way));
    EXPECT_EQ(middle.chase_distance, 0.0);
    // Up the stem, as the level's marked seed runs: ahead, at the junction.
    const AuditRow& stem = row_at(a.grid, a.result, 16, 8, north);
    EXPECT_EQ(stem.destination_cell, a.grid.cell_at(16, 2));
    EXPECT_FALSE(stem.has(Finding::wrong_way));
    EXPECT_EQ(a.result.totals.findings[0], 2u);  // exactly these two seeds of the level
}

// corridor_into_room, with M_H = 10. Seed (10, 12), the last corridor tile, facing east: the barrier takes
// (9, 11..13); step 1 heats (10, 11), (10, 13) and (11, 11..13): 5; step 2 heats (11, 10), (12, 10..14),
// (11, 14): 7; step 3 would heat columns 11..13 of rows 9 and 15 and (13, 10..14): 11 > 10, so the flood
// stops too_many_heated after 2 steps <= K = 3. From (3, 12) deep in the corridor the heat crosses the
// corridor 3 tiles a step and overflows only in the room, after 9 steps.
TEST(AuditFindings, GivesUpAtOnceAtARoomEntrance) {
    FloodSettings flood;
    flood.max_heated = 10;
    const Audited a("corridor_into_room", flood);
    const AuditRow& entrance = row_at(a.grid, a.result, 10, 12, east);
    EXPECT_EQ(entrance.stop_reason, StopReason::too_many_heated);
    EXPECT_EQ(entrance.steps, 2);
    EXPECT_TRUE(entrance.has(Finding::gives_up_at_once));
    const AuditRow& corridor = row_at(a.grid, a.result, 3, 12, east);
    EXPECT_EQ(corridor.stop_reason, StopReason::too_many_heated);
    EXPECT_EQ(corridor.steps, 9);
    EXPECT_FALSE(corridor.has(Finding::gives_up_at_once));
    // K = 1 no longer counts the entrance.
    AuditSettings strict;
    strict.give_up_steps = 1;
    const Audited b("corridor_into_room", flood, strict);
    EXPECT_FALSE(row_at(b.grid, b.result, 10, 12, east).has(Finding::gives_up_at_once));
}

// corridor_end_corner: seed (1, 5) facing east; the corridor runs to (9, 5), then the stub (9, 4..1). A tile
// heated at step j keeps 8 + j (exhausted after 12 steps): corridor weights 8..16 (sum 108), stub 17..20
// (sum 74). Centroid (1357 / 182, 811 / 182) = (7.456, 4.456): the nearest heated centre is (7.5, 5.5), two
// tiles before the corner. (9, 4) is 3 cell steps away ((8, 5), (9, 5), (9, 4)) and the segment from (7.5,
// 5.5) to (9.5, 4.5) crosses the wall tile (8, 4): short of a corner. Dead reckoning runs to the east wall,
// (9.5, 5.5), 2 from the destination.
TEST(AuditFindings, ShortOfACornerAtACorridorsEnd) {
    const Audited a("corridor_end_corner");
    const AuditRow& r = row_at(a.grid, a.result, 1, 5, east);
    EXPECT_EQ(r.steps, 12);
    EXPECT_EQ(r.destination_cell, a.grid.cell_at(7, 5));
    EXPECT_TRUE(r.has(Finding::short_of_a_corner));
    EXPECT_EQ(r.chase_distance, 6.0);
    EXPECT_EQ(r.along_cells_distance, 6.0);
    EXPECT_EQ(r.dead_reckoning.x, 9.5);
    EXPECT_EQ(r.dead_reckoning.y, 5.5);
    EXPECT_EQ(r.dead_reckoning_gap, 2.0);
    // R = 2 does not reach (9, 4).
    AuditSettings near;
    near.corner_radius = 2;
    const Audited b("corridor_end_corner", {}, near);
    EXPECT_FALSE(row_at(b.grid, b.result, 1, 5, east).has(Finding::short_of_a_corner));
    // Facing west into the end wall the seed is the destination: nothing to see around.
    EXPECT_EQ(row_at(a.grid, a.result, 1, 5, west).findings, 0);
}

// side_exit_behind: seed (8, 5) facing east; the exit goes north from (6, 4) to the room on row 1. The
// barrier takes (7, 5), then (6, 5), (5, 5), ... west. (6, 4) is untouched, its only barrier neighbour (6, 5)
// lies straight south of it (dot((0, -1), (1, 0)) = 0: the barrier cannot spread into it), and its region --
// (6, 2..4) and the room's 9 tiles -- has no tile next to a heated one: the barrier blocks that exit. Facing
// west the heat itself goes up the exit: no finding.
TEST(AuditFindings, BarrierBlocksASideExit) {
    const Audited a("side_exit_behind");
    EXPECT_TRUE(row_at(a.grid, a.result, 8, 5, east).has(Finding::barrier_blocks_exit));
    EXPECT_FALSE(row_at(a.grid, a.result, 8, 5, west).has(Finding::barrier_blocks_exit));
    // A region smaller than exit_cells (12 tiles here) does not count.
    AuditSettings big;
    big.exit_cells = 13;
    const Audited b("side_exit_behind", {}, big);
    EXPECT_FALSE(row_at(b.grid, b.result, 8, 5, east).has(Finding::barrier_blocks_exit));
}

// The junction behind the seed (exit_junction, at the defaults: within corner_radius + exit_cells = 6 cell
// steps, three ways out reaching exit_cells = 3 deep). side_exit_behind's only junction on row 5 is (6, 5),
// where the exit leaves the corridor (ways out west, east and north; (5, 4) and (7, 4) are wall, so no
// diagonal joins them). Facing east the barrier runs west past it, so the first form flags every seed from
// (7, 5) to (13, 5) and beyond; the junction is 6 steps behind (12, 5) and 7 behind (13, 5).
TEST(AuditFindings, BarrierBlocksExitNeedsAJunctionBehindTheSeed) {
    AuditSettings old_form;
    old_form.exit_junction = false;
    const Audited first("side_exit_behind", {}, old_form);
    const Audited a("side_exit_behind");
    for (int col = 7; col <= 13; ++col) {
        SCOPED_TRACE(col);
        EXPECT_TRUE(row_at(first.grid, first.result, col, 5, east).has(Finding::barrier_blocks_exit));
        EXPECT_EQ(row_at(a.grid, a.result, col, 5, east).has(Finding::barrier_blocks_exit), col <= 12);
    }
    // corner_radius + exit_cells is the reach: one more step finds (6, 5) from (13, 5).
    AuditSettings wider;
    wider.corner_radius = 4;
    const Audited b("side_exit_behind", {}, wider);
    EXPECT_TRUE(row_at(b.grid, b.result, 13, 5, east).has(Finding::barrier_blocks_exit));
    // t_junction_equal: seed (20, 2) facing east; the barrier runs west past the stem's top (16, 3), whose
    // only barrier neighbour (16, 2) is straight north (dot 0): the stem is closed off, and (16, 2), 4 steps
    // behind, has three ways out (west, east, the stem).
    const Audited t("t_junction_equal");
    EXPECT_TRUE(row_at(t.grid, t.result, 20, 2, east).has(Finding::barrier_blocks_exit));
}

// A corridor without a side way out: the first form flags seeds whose way back turns a corner (the barrier
// closes it round the bend, its known limit), the default flags none, on an L-shaped corridor and on
// long_corridor (three tiles wide: the cells round any cell join into one ring, never three ways).
TEST(AuditFindings, NoBarrierBlocksExitWithoutAJunction) {
    AuditSettings old_form;
    old_form.exit_junction = false;
    const levels::GridLevel bend = levels::parse_ascii_level(testing::l_bend_corridor, "bend");
    const GridSpace grid(bend);
    const GridChaseSpace space(grid);
    const std::size_t f = 3;  // barrier_blocks_exit in all_findings
    ASSERT_EQ(all_findings[f], Finding::barrier_blocks_exit);
    EXPECT_GT(audit(space, {}, old_form, 1).totals.findings[f], 0u);
    EXPECT_EQ(audit(space, {}, {}, 1).totals.findings[f], 0u);
    const Audited first("long_corridor", {}, old_form);
    const Audited now("long_corridor");
    EXPECT_GT(first.result.totals.findings[f], 0u);
    EXPECT_EQ(now.result.totals.findings[f], 0u);
}

bool same_rows(const AuditResult& a, const AuditResult& b) {
    if (a.rows.size() != b.rows.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        const AuditRow& x = a.rows[i];
        const AuditRow& y = b.rows[i];
        if (x.cell != y.cell || x.direction != y.direction || x.steps != y.steps ||
            x.stop_reason != y.stop_reason || x.destination_cell != y.destination_cell ||
            x.chase_distance != y.chase_distance || x.along_cells_distance != y.along_cells_distance ||
            x.dead_reckoning_gap != y.dead_reckoning_gap || x.findings != y.findings) {
            return false;
        }
    }
    return true;
}

TEST(Audit, SameResultsForAnyThreadCount) {
    for (const char* name : {"corridor_into_room", "side_exit_behind", "corner"}) {
        const Audited one(name, {}, {}, 1);
        for (const int threads : {2, 3}) {
            const Audited many(name, {}, {}, threads);
            EXPECT_TRUE(same_rows(one.result, many.result)) << name << " " << threads;
            EXPECT_EQ(audit_json(one.space, {}, {}, one.result), audit_json(many.space, {}, {}, many.result));
        }
    }
}

TEST(Audit, SummariesAndTotalsFollowTheRows) {
    const Audited a("side_exit_behind");
    const std::size_t d = 8;
    ASSERT_EQ(a.result.rows.size(), a.grid.cells().size() * d);
    std::array<std::size_t, 4> counts{};
    for (std::size_t c = 0; c < a.result.cells.size(); ++c) {
        double sum = 0.0;
        std::size_t exits = 0;
        for (std::size_t k = 0; k < d; ++k) {
            const AuditRow& r = a.result.rows[c * d + k];
            EXPECT_EQ(r.cell, c);
            EXPECT_EQ(r.direction, static_cast<int>(k));
            sum += r.chase_distance;
            exits += r.has(Finding::barrier_blocks_exit) ? 1 : 0;
            for (std::size_t i = 0; i < 4; ++i) {
                counts[i] += r.has(all_findings[i]) ? 1 : 0;
            }
        }
        EXPECT_DOUBLE_EQ(a.result.cells[c].mean_chase_distance, sum / 8.0);
        EXPECT_EQ(a.result.cells[c].finding_share[3], static_cast<double>(exits) / 8.0);
    }
    EXPECT_EQ(a.result.totals.findings, counts);
    EXPECT_EQ(a.result.totals.cells, a.grid.cells().size());
}

TEST(Audit, CallbacksSeeEveryRowAndCancelStops) {
    const auto level = our_level("side_exit_behind");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    std::atomic<std::size_t> rows{0};
    std::atomic<std::size_t> last{0};
    AuditOptions options;
    options.on_row = [&](const AuditRow& row, const Flood& flood) {
        EXPECT_EQ(flood.result().destination_cell, row.destination_cell);
        ++rows;
    };
    options.on_progress = [&](std::size_t done, std::size_t total) {
        EXPECT_LE(done, total);
        last = std::max<std::size_t>(last, done);
    };
    const AuditResult r = audit(space, {}, {}, 2, options);
    EXPECT_EQ(rows.load(), r.rows.size());
    EXPECT_EQ(last.load(), r.rows.size());
    std::atomic<bool> cancel{true};
    AuditOptions cancelled;
    cancelled.cancel = &cancel;
    EXPECT_THROW((void)audit(space, {}, {}, 2, cancelled), AuditCancelled);
}

TEST(Audit, RunsOnAPlainGraph) {
    // A path 0 - 1 - 2 - 3 along x: from cell 0 facing +x the heat runs to the end (exhausted after 3 steps,
    // weights 17, 18, 19, 20): centroid x = (0*17 + 1*18 + 2*19 + 3*20) / 74 = 1.568, destination cell 2.
    const CellSpace cells =
        CellSpace::from_adjacency({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}}, {{1}, {0, 2}, {1, 3}, {2}});
    const GraphChaseSpace space(cells);
    AuditSettings s;
    s.directions = 2;
    const AuditResult r = audit(space, {}, s, 1);
    ASSERT_EQ(r.rows.size(), 8u);
    EXPECT_EQ(r.rows[0].destination_cell, 2u);
    EXPECT_EQ(r.rows[0].steps, 3);
    EXPECT_EQ(r.rows[0].along_cells_distance, 2.0);
    EXPECT_EQ(r.rows[0].findings, 0);
}

TEST(AuditSettings, RegisteredWithRanges) {
    AuditSettings s;
    EXPECT_TRUE(s.validate().empty());
    s.directions = 0;
    s.corner_radius = 0;
    const FieldErrors errors = s.validate();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].field, "directions");
    EXPECT_EQ(errors[1].field, "corner_radius");
    const auto level = our_level("side_exit_behind");
    const GridSpace grid(level);
    EXPECT_THROW((void)audit(GridChaseSpace(grid), {}, s, 1), SettingsError);
    kinema::test::check_registry<AuditSettings>(5);
}

// Every row is held until the report is written: an audit of more than audit_max_rows rows is refused before
// any seed runs (a 4096 x 4096 map at one direction once reserved 4.2 GB and ran for 17 s before writing).
TEST(AuditLimits, MoreRowsThanTheLimitAreRefusedBeforeAnySeed) {
    static_assert(audit_max_rows == 1048576);
    EXPECT_EQ(audit_row_count(1025u * 1025u, 1), 1050625u);
    levels::GridLevel level;
    level.name = "open";
    level.width = 1025;
    level.height = 1025;
    level.passable.assign(1025u * 1025u, 1);
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    AuditSettings settings;
    settings.directions = 1;
    std::atomic<long> rows_run{0};
    AuditOptions options;
    options.on_row = [&](const AuditRow&, const Flood&) { ++rows_run; };
    try {
        (void)audit(space, FloodSettings{}, settings, 1, options);
        ADD_FAILURE() << "an audit of 1050625 rows ran";
    } catch (const SettingsError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("directions"), std::string::npos) << message;
        EXPECT_NE(message.find("1050625 cells x 1 directions = 1050625 rows, more than the 1048576"),
                  std::string::npos)
            << message;
    }
    EXPECT_EQ(rows_run.load(), 0);
    // At the limit itself (1024 x 1024 cells, one direction) the audit is allowed: checked on the count only.
    EXPECT_LE(audit_row_count(1024u * 1024u, 1), audit_max_rows);
    EXPECT_GT(audit_row_count(1024u * 1024u, 2), audit_max_rows);
}

// The reports written in pieces are the whole reports' bytes, cut wherever a piece reached the chunk size.
TEST(Audit, ReportsWrittenInPiecesAreTheWholeReports) {
    const Audited a("corner");
    for (const bool json : {true, false}) {
        std::string joined;
        int pieces = 0;
        std::string buffer;
        const AuditTextSink sink = [&](std::string& piece) {
            joined += piece;
            ++pieces;
            piece.clear();
        };
        if (json) {
            write_audit_json(a.space, {}, {}, a.result, buffer, sink, 200);
        } else {
            write_audit_csv(a.space, a.result, buffer, sink, 200);
        }
        EXPECT_EQ(joined, json ? audit_json(a.space, {}, {}, a.result) : audit_csv(a.space, a.result));
        EXPECT_GT(pieces, static_cast<int>(a.result.rows.size()) / 4);
        EXPECT_TRUE(buffer.empty());
    }
}

}  // namespace
}  // namespace kinema::chase

namespace kinema::chase {
namespace {

// floor(cells i / N) for i = 0..N: 10 cells in 3 shards are [0, 3), [3, 6), [6, 10); 2 cells in 5 shards
// leave shards 1, 2 and 4 empty.
TEST(AuditShards, ShardCellsAreContiguousFloorBands) {
    EXPECT_EQ(audit_shard_cells(10, 1, 3).first, 0u);
    EXPECT_EQ(audit_shard_cells(10, 1, 3).end, 3u);
    EXPECT_EQ(audit_shard_cells(10, 2, 3).first, 3u);
    EXPECT_EQ(audit_shard_cells(10, 2, 3).end, 6u);
    EXPECT_EQ(audit_shard_cells(10, 3, 3).first, 6u);
    EXPECT_EQ(audit_shard_cells(10, 3, 3).end, 10u);
    const std::size_t empty[] = {1, 2, 4};
    for (const std::size_t i : empty) {
        const AuditCellRange r = audit_shard_cells(2, static_cast<int>(i), 5);
        EXPECT_EQ(r.first, r.end) << i;
    }
    EXPECT_EQ(audit_shard_cells(2, 3, 5).first, 0u);
    EXPECT_EQ(audit_shard_cells(2, 5, 5).end, 2u);
    // No overflow: 2^40 cells in 100000 shards, the last band ends at the last cell.
    const std::size_t big = std::size_t{1} << 40;
    EXPECT_EQ(audit_shard_cells(big, 100000, 100000).end, big);
    EXPECT_EQ(audit_shard_cells(big, 1, 100000).end, big / 100000);
    EXPECT_THROW((void)audit_shard_cells(10, 0, 3), std::invalid_argument);
    EXPECT_THROW((void)audit_shard_cells(10, 4, 3), std::invalid_argument);
}

// The rows of the shards one after another are audit()'s rows, field for field, and the result rebuilt from
// them has audit()'s summaries and totals.
TEST(AuditShards, ShardRowsConcatenateToTheWholeAudit) {
    const levels::GridLevel level = our_level("side_exit_behind");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const FloodSettings flood;
    const AuditSettings settings;
    const AuditResult whole = audit(space, flood, settings);
    const std::vector<const ChaseSpace*> spaces(2, &space);
    std::vector<AuditRow> rows;
    for (int i = 1; i <= 4; ++i) {
        const std::vector<AuditRow> part =
            audit_rows(spaces, flood, settings, audit_shard_cells(space.cells().size(), i, 4));
        rows.insert(rows.end(), part.begin(), part.end());
    }
    ASSERT_EQ(rows.size(), whole.rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(rows[i].cell, whole.rows[i].cell) << i;
        EXPECT_EQ(rows[i].direction, whole.rows[i].direction) << i;
        EXPECT_EQ(rows[i].destination_cell, whole.rows[i].destination_cell) << i;
        EXPECT_EQ(rows[i].chase_distance, whole.rows[i].chase_distance) << i;
        EXPECT_EQ(rows[i].dead_reckoning_gap, whole.rows[i].dead_reckoning_gap) << i;
        EXPECT_EQ(rows[i].findings, whole.rows[i].findings) << i;
    }
    const AuditResult rebuilt = audit_result_from_rows(rows, settings.directions, space.cells().size());
    EXPECT_EQ(rebuilt.totals.findings, whole.totals.findings);
    EXPECT_EQ(rebuilt.totals.stop_reasons, whole.totals.stop_reasons);
    EXPECT_EQ(rebuilt.totals.mean_chase_distance, whole.totals.mean_chase_distance);
    ASSERT_EQ(rebuilt.cells.size(), whole.cells.size());
    for (std::size_t c = 0; c < rebuilt.cells.size(); ++c) {
        EXPECT_EQ(rebuilt.cells[c].mean_chase_distance, whole.cells[c].mean_chase_distance) << c;
        EXPECT_EQ(rebuilt.cells[c].finding_share, whole.cells[c].finding_share) << c;
    }
    rows.pop_back();
    EXPECT_THROW((void)audit_result_from_rows(rows, settings.directions, space.cells().size()),
                 std::invalid_argument);
}

}  // namespace
}  // namespace kinema::chase
