// The audit's places (kinema/chase/audit_places.hpp): the wrong_way place of the warehouse loop where the
// level's drawing puts it, places as maximal groups above the threshold, the same places from a merged
// audit's rows, headings in words.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_shape.hpp"

namespace kinema::chase {
namespace {

using testing::our_level;

struct Audited {
    explicit Audited(const std::string& name)
        : level(our_level(name)),
          grid(level),
          space(grid),
          result(audit(space, FloodSettings{}, {}, 2)),
          places(audit_places(space, result)) {}
    levels::GridLevel level;
    GridSpace grid;
    GridChaseSpace space;
    AuditResult result;
    std::vector<AuditPlace> places;

    const AuditPlace* place_with(Finding f, int col, int row) const {
        const CellId c = grid.cell_at(col, row);
        for (const AuditPlace& p : places) {
            if (p.finding == f && std::binary_search(p.cells.begin(), p.cells.end(), c)) {
                return &p;
            }
        }
        return nullptr;
    }
};

// data/levels/warehouse_loop.txt, by hand: the main corridor is row 2, columns 10 to 26 (the bay ends at
// column 9, the passage is column 27). From (16, 2) facing east the barrier closes the way west; the heat
// runs east 11 steps to the passage, 5 down it, and west along the back corridor (row 7) 17 more into the bay
// at step 33 < M_S = 40, where the flood's destination lies: west of the seed, behind the player's heading.
// Every cell of the main corridor does the same facing east, so the main corridor is one wrong_way place
// whose open heading is east.
TEST(AuditPlaces, TheWarehouseLoopSendsTheNpcBackAlongTheMainCorridor) {
    const Audited a("warehouse_loop");
    const AuditRow& seed = a.result.rows[a.grid.cell_at(16, 2) * 8 + 0];
    EXPECT_TRUE(seed.has(Finding::wrong_way));
    EXPECT_LE(a.space.coords(seed.destination_cell).values[0], 9);  // in the bay

    const AuditPlace* corridor = a.place_with(Finding::wrong_way, 16, 2);
    ASSERT_NE(corridor, nullptr);
    EXPECT_EQ(corridor->cells.size(), 17u);
    EXPECT_EQ(corridor->low_cell, (CellCoords{{10, 2, 0}, 2}));
    EXPECT_EQ(corridor->high_cell, (CellCoords{{26, 2, 0}, 2}));
    EXPECT_EQ(corridor->centre.x, 18.5);
    EXPECT_EQ(corridor->centre.y, 2.5);
    EXPECT_EQ(corridor->centre_cell, a.grid.cell_at(18, 2));
    EXPECT_EQ(heading_word(corridor->main_direction, 8), "east");
    // Its seeds, counted from the rows.
    std::size_t seeds = 0;
    for (int col = 10; col <= 26; ++col) {
        for (int k = 0; k < 8; ++k) {
            seeds += a.result.rows[a.grid.cell_at(col, 2) * 8 + static_cast<std::size_t>(k)].has(
                         Finding::wrong_way)
                         ? 1
                         : 0;
        }
    }
    EXPECT_EQ(corridor->seeds, seeds);
    EXPECT_EQ(corridor->score, static_cast<double>(seeds) / 8.0);
    EXPECT_NE(place_reason(a.space, *corridor, 8).find("heading east"), std::string::npos);
    // The back corridor is the mirror image: facing east the heat goes up the passage and back along row 2.
    const AuditPlace* back = a.place_with(Finding::wrong_way, 16, 7);
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(back->low_cell, (CellCoords{{10, 7, 0}, 2}));
    EXPECT_EQ(back->high_cell, (CellCoords{{26, 7, 0}, 2}));
    EXPECT_EQ(heading_word(back->main_direction, 8), "east");
}

// Every place is a maximal connected group of cells of one room (cell_rooms) at or above its finding's
// threshold, ranked by seeds.
TEST(AuditPlaces, PlacesAreMaximalGroupsAboveTheThresholdRankedBySeeds) {
    for (const char* name : {"warehouse_loop", "corridor_into_room", "side_exit_behind"}) {
        SCOPED_TRACE(name);
        const Audited a(name);
        ASSERT_FALSE(a.places.empty());
        const std::vector<std::uint32_t> rooms = cell_rooms(a.space.cells());
        std::vector<int> owner(a.space.cells().size() * 4, -1);
        for (std::size_t i = 0; i < a.places.size(); ++i) {
            const AuditPlace& p = a.places[i];
            const auto f = static_cast<std::size_t>(
                std::find(all_findings.begin(), all_findings.end(), p.finding) - all_findings.begin());
            const double threshold = place_threshold(a.result, p.finding);
            EXPECT_GE(threshold, 0.25);
            EXPECT_LE(threshold, 0.5);
            if (i > 0) {
                EXPECT_GE(a.places[i - 1].seeds, p.seeds);
            }
            for (const CellId c : p.cells) {
                EXPECT_GE(a.result.cells[c].finding_share[f], threshold);
                EXPECT_EQ(owner[c * 4 + f], -1);
                owner[c * 4 + f] = static_cast<int>(i);
                for (const CellId n : a.space.cells().neighbours(c)) {
                    const bool inside = std::binary_search(p.cells.begin(), p.cells.end(), n);
                    EXPECT_TRUE(inside || a.result.cells[n].finding_share[f] < threshold ||
                                rooms[n] != rooms[c]);
                    EXPECT_TRUE(!inside || rooms[n] == rooms[c]);
                }
            }
        }
    }
}

// The threshold: twice the level's share, clamped to [1/4, 1/2].
TEST(AuditPlaces, ThresholdIsTwiceTheLevelShareClamped) {
    const Audited a("corridor_into_room");
    for (std::size_t f = 0; f < all_findings.size(); ++f) {
        const double share =
            static_cast<double>(a.result.totals.findings[f]) / static_cast<double>(a.result.totals.rows);
        EXPECT_EQ(place_threshold(a.result, all_findings[f]), std::clamp(2.0 * share, 0.25, 0.5));
    }
}

// The merge of a sharded audit rebuilds the result from its rows: the same places, byte for byte.
TEST(AuditPlaces, SameFromTheRowsAsFromTheAudit) {
    const Audited a("warehouse_loop");
    const AuditResult rebuilt = audit_result_from_rows(a.result.rows, 8, a.space.cells().size());
    const std::vector<AuditPlace> again = audit_places(a.space, rebuilt);
    EXPECT_EQ(audit_places_json(a.space, rebuilt, again), audit_places_json(a.space, a.result, a.places));
    EXPECT_EQ(audit_places_csv(a.space, rebuilt, again), audit_places_csv(a.space, a.result, a.places));
}

TEST(AuditPlaces, CsvHasOneLinePerPlaceAndCell) {
    const Audited a("warehouse_loop");
    const std::string csv = audit_places_csv(a.space, a.result, a.places);
    EXPECT_EQ(csv.rfind("place,finding,col,row,share\n", 0), 0u);
    std::size_t cells = 0;
    for (const AuditPlace& p : a.places) {
        cells += p.cells.size();
    }
    EXPECT_EQ(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')), cells + 1);
}

TEST(AuditPlaces, HeadingsInWords) {
    // y grows downwards on grids: k = 2 of 8 is (0, 1), south.
    EXPECT_EQ(heading_word(0, 8), "east");
    EXPECT_EQ(heading_word(1, 8), "south-east");
    EXPECT_EQ(heading_word(2, 8), "south");
    EXPECT_EQ(heading_word(4, 8), "west");
    EXPECT_EQ(heading_word(6, 8), "north");
    EXPECT_EQ(heading_word(1, 4), "south");
    EXPECT_EQ(heading_word(3, 4), "north");
    EXPECT_EQ(heading_word(7, 16), "west");  // 157.5 degrees rounds to the nearer eighth, 180
}

}  // namespace
}  // namespace kinema::chase
