// chase::audit_reusing against a full audit: on our levels and shared maps, random edits (one tile, a block,
// the border, walls added, walls removed) re-audited from the old report's JSON give the full audit's JSON,
// CSV and rows (the reach included), while fewer cells run again on a larger map; and every report that
// must not be reused is refused with its reason (truncated, hand-edited, another version, no record,
// another size or settings, a graph).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "forged_report.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_reuse.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::chase {
namespace {

using testing::our_level;

struct Audit {
    explicit Audit(levels::GridLevel l, const FloodSettings& flood = {}, const AuditSettings& settings = {})
        : level(std::move(l)),
          grid(level),
          space(grid),
          result(audit(space, flood, settings, 1)),
          json(audit_json(space, flood, settings, result)) {}
    levels::GridLevel level;
    GridSpace grid;
    GridChaseSpace space;
    AuditResult result;
    std::string json;
};

enum class Edit { one_tile, block, border, add_walls, remove_walls };

// Flips tiles of `level` as `edit` says, chosen by `rng`; keeps at least one floor tile.
void apply(levels::GridLevel& level, Edit edit, std::mt19937& rng) {
    const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const auto at = [&](int col, int row) -> std::uint8_t& {
        return level.passable[static_cast<std::size_t>(row * level.width + col)];
    };
    const auto flip = [&](int col, int row) { at(col, row) = at(col, row) != 0 ? 0 : 1; };
    switch (edit) {
        case Edit::one_tile:
            flip(pick(level.width), pick(level.height));
            break;
        case Edit::block: {
            const int c0 = pick(level.width);
            const int r0 = pick(level.height);
            const std::uint8_t to = pick(2) == 0 ? 0 : 1;
            for (int r = r0; r < std::min(level.height, r0 + 4); ++r) {
                for (int c = c0; c < std::min(level.width, c0 + 5); ++c) {
                    at(c, r) = to;
                }
            }
            break;
        }
        case Edit::border:
            for (int i = 0; i < 3; ++i) {
                pick(2) == 0 ? flip(pick(level.width), pick(2) == 0 ? 0 : level.height - 1)
                             : flip(pick(2) == 0 ? 0 : level.width - 1, pick(level.height));
            }
            break;
        case Edit::add_walls:
        case Edit::remove_walls:
            for (int i = 0; i < 4; ++i) {
                at(pick(level.width), pick(level.height)) = edit == Edit::add_walls ? 0 : 1;
            }
            break;
    }
    if (level.passable_count() == 0) {
        at(0, 0) = 1;
    }
}

void expect_same_rows(const AuditResult& a, const AuditResult& b) {
    ASSERT_EQ(a.rows.size(), b.rows.size());
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        const AuditRow& x = a.rows[i];
        const AuditRow& y = b.rows[i];
        EXPECT_TRUE(x.cell == y.cell && x.direction == y.direction && x.seed_cell == y.seed_cell &&
                    x.destination_cell == y.destination_cell && x.steps == y.steps &&
                    x.findings == y.findings && x.reach.min_dx == y.reach.min_dx &&
                    x.reach.max_dx == y.reach.max_dx && x.reach.min_dy == y.reach.min_dy &&
                    x.reach.max_dy == y.reach.max_dy)
            << "row " << i;
    }
}

// Old level, edited level: the re-audit from the old JSON is the full audit of the edited level.
AuditReuseStats expect_reuse_equals_full(const levels::GridLevel& old_level, const levels::GridLevel& edited,
                                         const FloodSettings& flood = {},
                                         const AuditSettings& settings = {}) {
    const Audit old_audit(old_level, flood, settings);
    const Audit full(edited, flood, settings);
    const AuditReport report = parse_audit_report(old_audit.json);
    const std::vector<const ChaseSpace*> spaces{&full.space, &full.space};
    AuditReuseStats stats;
    const AuditResult reused = audit_reusing(spaces, flood, settings, report, {}, &stats);
    expect_same_rows(reused, full.result);
    EXPECT_EQ(audit_json(full.space, flood, settings, reused), full.json);
    EXPECT_EQ(audit_csv(full.space, reused), audit_csv(full.space, full.result));
    EXPECT_EQ(stats.cells, full.grid.cells().size());
    // Read with its text kept (as `kinema audit --reuse` reads it), the kept rows' bytes are copied: the
    // same JSON, with every row known but those run again and those whose dead reckoning was redone.
    const AuditResult copied = audit_reusing(
        spaces, flood, settings, parse_audit_report(std::make_shared<const std::string>(old_audit.json)));
    EXPECT_NE(copied.known_rows, nullptr);
    if (copied.known_rows != nullptr) {
        const std::size_t known = static_cast<std::size_t>(std::count_if(copied.known_rows->length.begin(),
                                                                         copied.known_rows->length.end(),
                                                                         [](auto n) { return n > 0; }));
        EXPECT_EQ(
            known + stats.cells_rerun * static_cast<std::size_t>(settings.directions) + stats.rows_reckoned,
            copied.rows.size());
    }
    EXPECT_EQ(audit_json(full.space, flood, settings, copied), full.json);
    return stats;
}

TEST(AuditReuse, RandomEditsGiveTheFullAuditsReports) {
    std::mt19937 rng(45);
    std::size_t reckoned = 0;
    for (const char* name :
         {"warehouse_loop", "side_exit_behind", "corridor_into_room", "t_junction_unequal"}) {
        for (const Edit edit :
             {Edit::one_tile, Edit::block, Edit::border, Edit::add_walls, Edit::remove_walls}) {
            for (int trial = 0; trial < 2; ++trial) {
                const levels::GridLevel old_level = our_level(name);
                levels::GridLevel edited = old_level;
                apply(edited, edit, rng);
                SCOPED_TRACE(std::string(name) + " edit " + std::to_string(static_cast<int>(edit)) +
                             " trial " + std::to_string(trial));
                reckoned += expect_reuse_equals_full(old_level, edited, {}, {5, 3, 3, 3}).rows_reckoned;
            }
        }
    }
    EXPECT_GT(reckoned, 0u) << "some edit crossed only a row's dead-reckoning walk";
}

// The re-audit moves the kept rows to their new cells in place: a wall added before them moves them down,
// floor added before them moves them up. One edit that does both (the first floor tile walled, the last two
// wall tiles of the level's inner rows opened), and its reverse, still give the full audit's reports.
TEST(AuditReuse, KeptRowsMovedDownAndUpInOneEdit) {
    for (const char* name : {"warehouse_loop", "corridor_into_room"}) {
        const levels::GridLevel old_level = our_level(name);
        levels::GridLevel edited = old_level;
        auto& tiles = edited.passable;
        const auto first_floor = std::find(tiles.begin(), tiles.end(), std::uint8_t{1});
        ASSERT_NE(first_floor, tiles.end());
        *first_floor = 0;
        int opened = 0;
        for (std::size_t i = tiles.size() - static_cast<std::size_t>(edited.width) - 2; opened < 2 && i > 0;
             --i) {
            const auto col = static_cast<int>(i % static_cast<std::size_t>(edited.width));
            if (tiles[i] == 0 && col > 0 && col < edited.width - 1) {
                tiles[i] = 1;
                ++opened;
            }
        }
        ASSERT_EQ(opened, 2) << name;
        SCOPED_TRACE(name);
        const FloodSettings flood{20, 25, 5};  // a short flood: its rows reach a few tiles, most are kept
        const AuditSettings settings{4, 3, 3, 3};
        const AuditReuseStats there = expect_reuse_equals_full(old_level, edited, flood, settings);
        EXPECT_LT(there.cells_rerun, there.cells) << "some rows kept, so moved";
        expect_reuse_equals_full(edited, old_level, flood, settings);
    }
}

// The dead reckoning a re-audit redoes alone is audit()'s, bit for bit, in every direction of every cell.
TEST(AuditReuse, DeadReckoningAgainIsTheAuditsOwn) {
    const FloodSettings flood{20, 25, 12};
    const AuditSettings settings{7, 3, 3, 3};
    const Audit done(our_level("warehouse_loop"), flood, settings);
    for (const AuditRow& row : done.result.rows) {
        AuditRow again = row;
        again.dead_reckoning = {-1.0, -1.0, 0.0};
        again.dead_reckoning_gap = -1.0;
        audit_dead_reckoning_again(done.space, flood, settings, again);
        ASSERT_EQ(again.dead_reckoning.x, row.dead_reckoning.x)
            << "cell " << row.cell << " k " << row.direction;
        ASSERT_EQ(again.dead_reckoning.y, row.dead_reckoning.y)
            << "cell " << row.cell << " k " << row.direction;
        ASSERT_EQ(again.dead_reckoning_gap, row.dead_reckoning_gap) << "cell " << row.cell;
    }
}

// Whether tile (col, row) lies within 1 tile (Chebyshev; 1.01 for the sampling's step) of a row's dead
// reckoning segment, from the seed's centre to the centre of the tile it stopped in: the corridor the
// re-audit tests apart from the box. Sampled, not solved, so that the test does not share the re-audit's
// arithmetic.
bool near_dead_reckoning(Tile seed, const AuditRow& row, int col, int row_) {
    const double ax = seed.col + 0.5;
    const double ay = seed.row + 0.5;
    for (int i = 0; i <= 8000; ++i) {
        const double t = i / 8000.0;
        const double x = ax + t * (row.dead_reckoning.x - ax);
        const double y = ay + t * (row.dead_reckoning.y - ay);
        if (std::max(std::abs(x - (col + 0.5)), std::abs(y - (row_ + 0.5))) <= 1.01) {
            return true;
        }
    }
    return false;
}

// The reach's claim checked directly, without the re-audit's machinery: a tile flipped just outside a row's
// box (the ring around it, where a box one tile too small would show) and away from its dead reckoning's
// corridor leaves that seed's row as it was, on random grids dense with walls (many barrier-blocked exits,
// so the exit search's early answer is taken; the junction search behind the seed runs on those, answering
// yes on some rows and no on others).
TEST(AuditReuse, ATileFlippedJustOutsideARowsReachLeavesTheRow) {
    std::mt19937 rng(451);
    const AuditSettings settings{4, 3, 2, 3};
    AuditSettings old_form = settings;
    old_form.exit_junction = false;
    const FloodSettings flood{12, 16, 24};
    int rows_checked = 0;
    int junction_found = 0;  // checked rows with barrier_blocks_exit: a junction behind
    int junction_none = 0;   // checked rows with the closed-off region but no junction behind
    const auto bit = [](const AuditRow& row) { return row.has(Finding::barrier_blocks_exit); };
    for (int trial = 0; trial < 6; ++trial) {
        levels::GridLevel level;
        level.width = 18;
        level.height = 16;
        level.passable.resize(static_cast<std::size_t>(level.width * level.height));
        for (std::uint8_t& t : level.passable) {
            t = rng() % 100 < 30 ? 0 : 1;
        }
        const Audit old_audit(level, flood, settings);
        const AuditResult region_only = audit(old_audit.space, flood, old_form, 1);
        for (std::size_t i = trial; i < old_audit.result.rows.size(); i += 11) {
            const AuditRow& row = old_audit.result.rows[i];
            junction_found += bit(row) ? 1 : 0;
            junction_none += bit(region_only.rows[i]) && !bit(row) ? 1 : 0;
            const Tile at = old_audit.grid.tile_of(row.cell);
            const AuditReach& r = row.reach;
            for (int dy = r.min_dy - 1; dy <= r.max_dy + 1; ++dy) {
                for (int dx = r.min_dx - 1; dx <= r.max_dx + 1; ++dx) {
                    const bool ring = dx < r.min_dx || dx > r.max_dx || dy < r.min_dy || dy > r.max_dy;
                    const int col = at.col + dx;
                    const int row_ = at.row + dy;
                    if (!ring || col < 0 || row_ < 0 || col >= level.width || row_ >= level.height ||
                        near_dead_reckoning(at, row, col, row_)) {
                        continue;
                    }
                    levels::GridLevel edited = level;
                    std::uint8_t& t = edited.passable[static_cast<std::size_t>(row_ * level.width + col)];
                    t = t != 0 ? 0 : 1;
                    const GridSpace grid(edited);
                    const GridChaseSpace space(grid);
                    const auto scratch = make_audit_scratch(space, flood);
                    const AuditRow again =
                        audit_seed(space, *scratch, settings, grid.cell_at(at.col, at.row), row.direction);
                    SCOPED_TRACE("trial " + std::to_string(trial) + " row " + std::to_string(i) +
                                 " flipped tile " + std::to_string(col) + "," + std::to_string(row_));
                    ASSERT_EQ(grid.tile_of(again.destination_cell),
                              old_audit.grid.tile_of(row.destination_cell));
                    EXPECT_EQ(again.steps, row.steps);
                    EXPECT_EQ(again.stop_reason, row.stop_reason);
                    EXPECT_EQ(again.findings, row.findings);
                    EXPECT_EQ(again.along_cells_distance, row.along_cells_distance);
                    EXPECT_EQ(again.dead_reckoning.x, row.dead_reckoning.x);
                    EXPECT_EQ(again.dead_reckoning.y, row.dead_reckoning.y);
                    ++rows_checked;
                }
            }
        }
    }
    EXPECT_GT(rows_checked, 1000);
    EXPECT_GT(junction_found, 20);
    EXPECT_GT(junction_none, 20);
}

TEST(AuditReuse, OnASharedMapFewCellsRunAgain) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/room-64-64-8.map";
    if (!std::filesystem::exists(path)) {
        GTEST_SKIP() << "shared map " << path << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    const levels::GridLevel old_level = levels::load_level(path);
    std::mt19937 rng(7);
    for (const Edit edit : {Edit::one_tile, Edit::add_walls, Edit::remove_walls, Edit::block, Edit::border}) {
        levels::GridLevel edited = old_level;
        apply(edited, edit, rng);
        const AuditReuseStats stats = expect_reuse_equals_full(old_level, edited, {}, {2, 3, 3, 3});
        if (edit == Edit::one_tile && stats.tiles_changed == 1) {
            EXPECT_LT(stats.cells_rerun * 4, stats.cells) << "a one-tile edit re-audits under a quarter";
        }
    }
    // No edit: nothing runs again.
    EXPECT_EQ(expect_reuse_equals_full(old_level, old_level, {}, {2, 3, 3, 3}).cells_rerun, 0u);
}

TEST(AuditReuse, LowMaxStepsAndOtherRadiiStayExact) {
    std::mt19937 rng(3);
    for (const FloodSettings flood :
         {FloodSettings{20, 25, 5}, FloodSettings{10, 6, 60}, FloodSettings{20, 25, 0}}) {
        for (int trial = 0; trial < 4; ++trial) {
            const levels::GridLevel old_level = our_level("warehouse_loop");
            levels::GridLevel edited = old_level;
            apply(edited, trial % 2 == 0 ? Edit::one_tile : Edit::block, rng);
            expect_reuse_equals_full(old_level, edited, flood, {6, 2, 5, 1});
        }
    }
}

TEST(AuditReuse, TheReportInMemoryIsTheReportReadBack) {
    const Audit a(our_level("warehouse_loop"));
    const AuditReport read = parse_audit_report(a.json);
    const AuditReport made = audit_report_of(a.space, {}, {}, a.result);
    EXPECT_EQ(made.settings_head, read.settings_head);
    EXPECT_EQ(made.level.floor, read.level.floor);
    EXPECT_EQ(made.level.cells, read.level.cells);
    ASSERT_EQ(made.rows.size(), read.rows.size());
    AuditResult from_made;
    from_made.rows = made.rows;
    AuditResult from_read;
    from_read.rows = read.rows;
    expect_same_rows(from_made, from_read);
    for (std::size_t i = 0; i < made.rows.size(); ++i) {
        EXPECT_EQ(made.rows[i].chase_distance, read.rows[i].chase_distance);
        EXPECT_EQ(made.rows[i].dead_reckoning_gap, read.rows[i].dead_reckoning_gap);
        EXPECT_EQ(made.rows[i].destination.x, read.rows[i].destination.x);
    }
}

std::string why_unusable(std::string_view text) {
    try {
        (void)parse_audit_report(text);
    } catch (const AuditReportUnusable& e) {
        return e.what();
    }
    return "";
}

TEST(AuditReuse, RefusesTruncatedEditedAndForeignReports) {
    const Audit a(our_level("corner"));
    ASSERT_EQ(why_unusable(a.json), "");
    EXPECT_EQ(why_unusable(""), "empty");
    EXPECT_NE(why_unusable(a.json.substr(0, a.json.size() / 2)).find("truncated"), std::string::npos);
    // One digit of a row changed: the digest catches it.
    std::string edited = a.json;
    const std::size_t steps = edited.find("\"steps\":") + 8;
    edited[steps] = edited[steps] == '1' ? '2' : '1';
    EXPECT_NE(why_unusable(edited).find("changed after kinema wrote it"), std::string::npos);
    // A report of an older kinema, without the record.
    const std::string older = a.json.substr(0, a.json.rfind(",\"reuse\":")) + "}";
    EXPECT_NE(why_unusable(older).find("written by an older kinema"), std::string::npos);
}

TEST(AuditReuse, RefusesAnotherVersionEvenWithAMatchingDigest) {
    const Audit a(our_level("corner"));
    // Rewrite the format to the next and the digest to match, as another kinema would write it.
    std::string text = a.json;
    const std::string format = "{\"format\":" + std::to_string(audit_reuse_format);
    const std::size_t digit = text.rfind(format) + format.size() - 1;
    text[digit] = static_cast<char>(text[digit] + 1);
    EXPECT_EQ(why_unusable(test::with_digest_made_right(text)),
              "written in reuse format " + std::to_string(audit_reuse_format + 1) + ", this kinema reads " +
                  std::to_string(audit_reuse_format));
}

// A report of the format before (3: its digest one chain of FNV-1a over words, under the key fnv1a64_words)
// is refused for its format, not as a report edited after it was written: its digest is another hash.
TEST(AuditReuse, RefusesTheFormatBeforeForItsFormat) {
    const Audit a(our_level("corner"));
    std::string older = a.json;
    const std::string format = "{\"format\":" + std::to_string(audit_reuse_format);
    older.replace(older.rfind(format), format.size(), "{\"format\":3");
    const std::string key = "\"" + std::string(audit_digest_key) + "\"";
    older.replace(older.rfind(key), key.size(), "\"fnv1a64_words\"");
    EXPECT_EQ(why_unusable(older),
              "written in reuse format 3, this kinema reads " + std::to_string(audit_reuse_format));
}

// What the reuse report fuzzer (fuzz/audit_report_fuzz.cpp) found, behind a digest made right: neither may
// get past the reader.
TEST(AuditReuse, RefusesForgedSizesPointsAndEmptyNumbers) {
    const Audit a(our_level("corner"));
    // A level claimed far larger than its floor rows: refused before a floor of 65536 x 65536 (4 GiB) is
    // made.
    std::string huge = a.json;
    const std::string size =
        "\"width\":" + std::to_string(a.grid.width()) + ",\"height\":" + std::to_string(a.grid.height());
    ASSERT_NE(huge.rfind(size), std::string::npos);
    huge.replace(huge.rfind(size), size.size(), "\"width\":65536,\"height\":65536");
    EXPECT_NE(why_unusable(test::with_digest_made_right(huge)).find("floor is shorter than its size"),
              std::string::npos);
    // Every directions count up to 360 allows: more rows than the text could hold, refused before the reach
    // and rows are made for them.
    std::string many = a.json;
    many.replace(0, many.find(','), "{\"directions\":360");
    EXPECT_NE(why_unusable(test::with_digest_made_right(many)).find("more rows than its text can hold"),
              std::string::npos);
    // A row's distance emptied: a number the reader refuses (an empty token once reached memcmp with a null
    // pointer: UndefinedBehaviorSanitizer's find).
    std::string empty = a.json;
    const std::string key = "\"chase_distance\":";
    const std::size_t from = empty.find(key) + key.size();
    empty.erase(from, empty.find(',', from) - from);
    EXPECT_NE(why_unusable(test::with_digest_made_right(empty)).find("a bad number"), std::string::npos);
    // A row's dead reckoning sent far outside the level: its walk is what a re-audit tests for changes, and
    // 1e62 tiles is no int (UndefinedBehaviorSanitizer's find).
    std::string far = a.json;
    const std::string walk = "\"dead_reckoning\":[";
    const std::size_t x = far.find(walk) + walk.size();
    far.replace(x, far.find(',', x) - x, "3.5e62");
    EXPECT_NE(why_unusable(test::with_digest_made_right(far)).find("a row's point lies outside its level"),
              std::string::npos);
}

// A report saved with a byte-order mark (an editor's "UTF-8 with BOM"): read as without it, and its kept rows
// copied from their own places in the text (they were copied from three bytes before, the reuse fuzzer's
// find).
TEST(AuditReuse, AByteOrderMarkIsSkippedAndTheKeptRowsCopiedWhole) {
    const Audit a(our_level("warehouse_loop"));
    const std::vector<const ChaseSpace*> spaces{&a.space};
    const AuditResult again = audit_reusing(
        spaces, {}, {}, parse_audit_report(std::make_shared<const std::string>("\xEF\xBB\xBF" + a.json)));
    ASSERT_NE(again.known_rows, nullptr);
    EXPECT_EQ(audit_json(a.space, {}, {}, again), a.json);
}

TEST(AuditReuse, SaysWhyAnotherLevelOrOtherSettingsAreNotReused) {
    const Audit a(our_level("corner"));
    const AuditReport report = parse_audit_report(a.json);
    EXPECT_EQ(audit_report_mismatch(report, a.space, {}, {}), "");
    const Audit other(our_level("warehouse_loop"));
    EXPECT_NE(audit_report_mismatch(report, other.space, {}, {}).find("its level is"), std::string::npos);
    FloodSettings flood;
    flood.max_steps = 30;
    const std::string why = audit_report_mismatch(report, a.space, flood, {});
    EXPECT_NE(why.find("other settings"), std::string::npos) << why;
    AuditSettings settings;
    settings.directions = 4;
    EXPECT_NE(audit_report_mismatch(report, a.space, {}, settings).find("other settings"), std::string::npos);
    AuditSettings old_exit;
    old_exit.exit_junction = false;
    EXPECT_NE(audit_report_mismatch(report, a.space, {}, old_exit).find("other settings"), std::string::npos);
    EXPECT_THROW((void)audit_reusing(std::vector<const ChaseSpace*>{&other.space}, {}, {}, report),
                 AuditReportUnusable);
    // A graph (as a navmesh's cells): audited in full.
    const GraphChaseSpace graph(a.grid.cells());
    EXPECT_NE(audit_report_mismatch(report, graph, {}, {}).find("3D level"), std::string::npos);
    const AuditResult on_graph = audit(graph, {}, {}, 1);
    const AuditReport graph_report = parse_audit_report(audit_json(graph, {}, {}, on_graph));
    EXPECT_FALSE(graph_report.level.grid);
    EXPECT_NE(audit_report_mismatch(graph_report, graph, {}, {}).find("audited in full"), std::string::npos);
}

}  // namespace
}  // namespace kinema::chase
