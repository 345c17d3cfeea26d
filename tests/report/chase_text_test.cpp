// The chase and audit text, checked by hand: a chase along a 5 x 5 corridor level (every value of the flood
// derived from chase.md's algorithm below), hand-built results for the 3D summary and the audit table.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/report/chase_text.hpp"

namespace kinema::report {
namespace {

// Row 2 is a corridor of five tiles, (0, 2) .. (4, 2), cell size 1. From the centre of tile (1, 2) running
// right with H = 4, M_S = 3: seeding heats (1, 2) to 4 and makes (0, 2) barrier (behind the direction); each
// step heats the next tile right and cools the others by 1, so after 3 steps (1..4, 2) hold 1, 2, 3, 4.
// Centroid x = (1 x 1.5 + 2 x 2.5 + 3 x 3.5 + 4 x 4.5) / 10 = 3.5: the destination is tile (3, 2); dead
// reckoning runs M_S = 3 units from x = 1.5 to x = 4.5, tile (4, 2). Tile (2, 2) shows its heat 2 as
// ceil(9 x 2 / 4) = 5.
constexpr const char* corridor = "#####\n#####\n.....\n#####\n#####\n";

struct CorridorChase {
    explicit CorridorChase(int hot = 4, int max_steps = 3) : flood(settings(hot, max_steps)) {}

    levels::GridLevel level = levels::parse_ascii_level(corridor, "corridor");
    chase::GridSpace grid{level, chase::GridSpaceSettings{chase::Connectivity::four, 1.0}};
    chase::GridChaseSpace space{grid};
    chase::Flood flood;

    static chase::FloodSettings settings(int hot, int max_steps) {
        chase::FloodSettings s;
        s.hot = hot;
        s.max_steps = max_steps;
        return s;
    }
    chase::ChaseResult run(Vec3 from, Vec3 direction = {1.0, 0.0, 0.0}) {
        chase::ChaseQuery q;
        q.position = from;
        q.direction = direction;
        return chase::run_chase(space, flood, q);
    }
};

TEST(ChaseText, GridSummaryOfAHandCheckedCorridorChase) {
    CorridorChase c;
    const chase::ChaseResult r = c.run({1.5, 2.5, 0.0});
    EXPECT_EQ(grid_chase_summary(c.space, c.flood, r, "corridor"),
              "map          corridor (5 x 5 tiles, 5 cells, cell size 1, 4-connected)\n"
              "seed         tile (1, 2) at (1.5, 2.5), direction (1, 0)\n"
              "constants    H = 4, M_H = 25, M_S = 3\n"
              "steps        3 (stop: max_steps)\n"
              "cells        4 heated, 4 warm, 1 barrier\n"
              "centroid     (3.5, 2.5)\n"
              "destination  tile (3, 2) at (3.5, 2.5)\n"
              "dead reckon  tile (4, 2) at (4.5, 2.5)\n"
              "\n"
              "#####\n#####\nxS5DR\n#####\n#####\n"
              "S seed  D destination  R dead reckoning  1-9 heat (9 = hottest)  : cooled  x barrier  "
              ". not reached  # wall\n");
    EXPECT_EQ(seed_snap_note(r), "");
}

// The summary's last lines (kinema chase --png/--svg/--animate/--frames).
TEST(ChaseText, PicturesWrittenOneLineEachInOrder) {
    EXPECT_EQ(chase_pictures_text({}), "");
    EXPECT_EQ(chase_pictures_text({"a.png", "", "", ""}), "wrote PNG a.png\n");
    EXPECT_EQ(
        chase_pictures_text({"a.png", "b.svg", "c.svg", "steps"}),
        "wrote PNG a.png\nwrote SVG b.svg\nwrote animated SVG c.svg\nwrote one PNG per step in steps\n");
    EXPECT_EQ(chase_pictures_text({"", "", "", "out dir"}), "wrote one PNG per step in out dir\n");
}

TEST(ChaseText, ASeedOnAWallIsSnappedAndSaysSo) {
    CorridorChase c;
    // (1.5, 1.5) is on the wall tile (1, 1); the nearest cell centre is tile (1, 2)'s, 1 unit below.
    const chase::ChaseResult r = c.run({1.5, 1.5, 0.0});
    EXPECT_EQ(
        seed_snap_note(r),
        "kinema: note: the seed point (1.5, 1.5) is not on a passable tile; snapped to the nearest cell, "
        "tile (1, 2) centred at (1.5, 2.5)\n");
}

TEST(ChaseText, AsciiPictureShowsHeatInNinthsOfH) {
    // From the middle tile (2, 2) with no direction (no barrier), H = 9, M_S = 2: step 1 heats (1, 2) and
    // (3, 2), step 2 (0, 2) and (4, 2), so the row holds 9 8 7 8 9 (heat v shows as ceil(9 v / 9) = v). The
    // centroid is the middle, (0.5 x 9 + 1.5 x 8 + 2.5 x 7 + 3.5 x 8 + 4.5 x 9) / 41 = 2.5, so the
    // destination is the seed, and dead reckoning without a direction stays there too: S covers all three.
    CorridorChase c(9, 2);
    const chase::ChaseResult r = c.run({2.5, 2.5, 0.0}, {});
    EXPECT_EQ(ascii_chase_picture(c.grid, c.flood, r),
              "#####\n#####\n98S89\n#####\n#####\n"
              "S seed  D destination  R dead reckoning  1-9 heat (9 = hottest)  : cooled  x barrier  "
              ". not reached  # wall\n");
}

// A 3D space of three cells for the level summary: only the counts and report fields matter to it.
class ThreeCells final : public chase::ChaseSpace {
  public:
    explicit ThreeCells(double max_levels = 2.0) : max_levels_(max_levels) {}
    const chase::CellSpace& cells() const override { return cells_; }
    int position_dimensions() const override { return 3; }
    chase::SeedLocation locate(Vec3 p) const override { return chase::nearest_cell(cells_, p); }
    chase::CellCoords coords(chase::CellId c) const override { return {{static_cast<int>(c), 0, 0}, 3}; }
    chase::DeadReckoning dead_reckoning(Vec3, Vec3, double) const override { return {}; }
    std::vector<chase::SpaceField> report_fields() const override {
        return {{"cell_height", 0.25}, {"max_levels", max_levels_}};
    }

  private:
    double max_levels_;
    chase::CellSpace cells_ = chase::CellSpace::from_adjacency(
        {{0.0, 0.0, 0.0}, {0.5, 0.0, 0.0}, {1.0, 0.0, 0.0}}, {{1}, {0, 2}, {1}}, PlanarFrame::xz, 0.5);
};

chase::ChaseResult level_result() {
    chase::ChaseResult r;
    r.seed_position = {0.5, 1.0, -2.0};
    r.flood.seed_snapped = true;
    r.flood.steps = 7;
    r.flood.stop_reason = chase::StopReason::too_many_heated;
    r.flood.heated_cells = 9;
    r.flood.warm_cells = 8;
    r.flood.barrier_cells = 3;
    r.flood.centroid = {0.25, 1.0, -1.5};
    r.flood.destination = {0.5, 1.0, -1.5};
    r.dead_reckoning.position = {3.0, 1.0, -2.0};
    r.dead_reckoning.blocked = true;
    return r;
}

TEST(ChaseText, LevelSummaryListsThePathWhenThereIsOne) {
    const ThreeCells space;
    const chase::Flood flood{chase::FloodSettings{}};  // M_S = 40
    chase::ChaseResult r = level_result();
    const std::string head =
        "map          level.obj (3 cells of 0.5 m, up to 2 levels per column)\n"
        "seed         (0.5, 1, -2) (snapped)\n"
        "steps        7 of 40, stopped: too_many_heated\n"
        "cells        9 heated, 8 warm, 3 barrier\n"
        "centroid     (0.25, 1, -1.5)\n"
        "destination  (0.5, 1, -1.5)\n"
        "dead reckon  (3, 1, -2) (blocked)\n";
    EXPECT_EQ(level_chase_summary(space, flood, r, "level.obj"), head);
    r.path = chase::NpcPath{chase::NpcPath::Status::partial, {{0.0, 0.0, 0.0}, {3.0, 0.0, 4.0}}, 5.0};
    EXPECT_EQ(level_chase_summary(space, flood, r, "level.obj"),
              head + "path         partial, 2 corners, 5 m\n");
}

TEST(ChaseText, LevelSummarySaysLevelInTheSingularForOneLevelPerColumn) {
    const ThreeCells space(1.0);
    const chase::Flood flood{chase::FloodSettings{}};
    const std::string summary = level_chase_summary(space, flood, level_result(), "flat.obj");
    EXPECT_EQ(summary.substr(0, summary.find('\n')),
              "map          flat.obj (3 cells of 0.5 m, up to 1 level per column)");
}

TEST(ChaseText, LevelLegendNamesTheFileAndTheRun) {
    chase::ChaseResult r = level_result();
    const chase::FloodSettings settings;
    const std::vector<std::string> head{"level.obj: top view (x right, z down), floors lighter when higher",
                                        "7 steps of 40, too_many_heated; 9 heated, 8 warm, 3 barrier"};
    EXPECT_EQ(level_chase_legend(settings, r, "data/levels/level.obj"), head);
    r.path = chase::NpcPath{chase::NpcPath::Status::found, {}, 12.345};
    const std::vector<std::string> legend = level_chase_legend(settings, r, "level.obj");
    ASSERT_EQ(legend.size(), 3u);
    EXPECT_EQ(legend[2], "black line: NPC path, 12.35 m");
}

TEST(ChaseText, AuditSummaryCountsSharesAndRoundsDistances) {
    chase::AuditResult r;
    r.directions = 4;
    r.totals.cells = 2;
    r.totals.rows = 8;
    r.totals.stop_reasons = {1, 3, 4};
    r.totals.findings = {2, 0, 1, 8};
    r.totals.mean_chase_distance = 1.23456;
    r.totals.mean_along_cells_distance = 2.0;
    r.totals.mean_dead_reckoning_gap = 0.0004;
    // Cell 0 has wrong_way and barrier_blocks_exit, cell 1 short_of_a_corner and barrier_blocks_exit.
    r.cells = {{1.0, {0.5, 0.0, 0.0, 1.0}}, {2.0, {0.0, 0.0, 0.25, 1.0}}};
    chase::FloodSettings flood;
    flood.hot = 20;
    flood.max_heated = 25;
    flood.max_steps = 30;
    const chase::AuditSettings settings;  // K = 3, R = 3
    EXPECT_EQ(audit_summary("rooms.txt", flood, settings, r),
              "kinema audit: rooms.txt\n"
              "  2 cells x 4 directions = 8 seeds (H = 20, M_H = 25, M_S = 30; K = 3, R = 3)\n"
              "\n"
              "  stop reason                seeds    share\n"
              "  exhausted                      1    12.5%\n"
              "  too_many_heated                3    37.5%\n"
              "  max_steps                      4    50.0%\n"
              "\n"
              "  finding                    seeds    share  cells with any\n"
              "  wrong_way                      2    25.0%               1\n"
              "  gives_up_at_once               0     0.0%               0\n"
              "  short_of_a_corner              1    12.5%               1\n"
              "  barrier_blocks_exit            8   100.0%               2\n"
              "\n"
              "  mean chase distance     1.235 (straight), 2 (along the cells)\n"
              "  mean dead reckoning gap 0\n");
}

}  // namespace
}  // namespace kinema::report
