// chase::run_chase, the one chase query on any space: on grids it gives exactly what the flood and dead
// reckoning give when called one by one (the CLI's numbers before issue 8) on our levels and the shared maps;
// on a hand-worked graph every number is derived below; and chase_json prints the documented fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/format.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace kinema::chase {
namespace {

namespace fs = std::filesystem;

ChaseQuery query_at(Vec2 p, Vec2 dir) {
    ChaseQuery q;
    q.position = {p.x, p.y, 0.0};
    q.direction = {dir.x, dir.y, 0.0};
    return q;
}

// The pieces called one by one, as the CLI did before run_chase existed.
void expect_same_as_pieces(const GridSpace& grid, Vec2 from, Vec2 dir, const FloodSettings& settings) {
    const FloodResult f = run_flood(grid.cells(), grid.locate(from), dir, settings);
    const DeadReckoningResult dr = dead_reckoning(
        grid, from, dir, default_dead_reckoning_distance(settings.max_steps, grid.cell_size()));
    Flood flood(settings);
    const ChaseResult r = run_chase(GridChaseSpace(grid), flood, query_at(from, dir));
    ASSERT_EQ(r.flood.seed_cell, f.seed_cell);
    EXPECT_EQ(r.flood.seed_snapped, f.seed_snapped);
    EXPECT_EQ(r.flood.steps, f.steps);
    EXPECT_EQ(r.flood.stop_reason, f.stop_reason);
    EXPECT_EQ(r.flood.centroid, f.centroid);
    EXPECT_EQ(r.flood.destination_cell, f.destination_cell);
    EXPECT_EQ(r.flood.destination, f.destination);
    EXPECT_EQ(r.flood.heated_cells, f.heated_cells);
    EXPECT_EQ(r.flood.warm_cells, f.warm_cells);
    EXPECT_EQ(r.flood.barrier_cells, f.barrier_cells);
    const Tile seed = grid.tile_of(f.seed_cell);
    const Tile dest = grid.tile_of(f.destination_cell);
    EXPECT_EQ(r.seed, (CellCoords{{seed.col, seed.row, 0}, 2}));
    EXPECT_EQ(r.destination, (CellCoords{{dest.col, dest.row, 0}, 2}));
    EXPECT_EQ(r.seed_position, grid.cells().position(f.seed_cell));
    EXPECT_EQ(r.dead_reckoning.cell, dr.cell);
    EXPECT_EQ(r.dead_reckoning.position, (Vec3{dr.position.x, dr.position.y, 0.0}));
    EXPECT_EQ(r.dead_reckoning.end_point, (Vec3{dr.end_point.x, dr.end_point.y, 0.0}));
    EXPECT_EQ(r.dead_reckoning.blocked, dr.blocked);
    EXPECT_EQ(r.dead_reckoning.distance, settings.max_steps * grid.cell_size());
    EXPECT_FALSE(r.path.has_value());
}

TEST(ChaseQuery, DefaultLevelGivesTheChaptersCorner) {
    const levels::GridLevel level = levels::default_level();
    const GridSpace grid(level);
    Flood flood;
    const ChaseResult r =
        run_chase(GridChaseSpace(grid), flood, query_at(level.seed->position, level.seed->direction));
    // docs/levels.md: 40 steps, max_steps, destination (17,24) down the south leg; dead reckoning stops at
    // the east wall, (18,2), after M_S x cell size = 40 map units asked for.
    EXPECT_EQ(r.flood.steps, 40);
    EXPECT_EQ(r.flood.stop_reason, StopReason::max_steps);
    EXPECT_EQ(r.seed, (CellCoords{{3, 2, 0}, 2}));
    EXPECT_EQ(r.destination, (CellCoords{{17, 24, 0}, 2}));
    EXPECT_EQ(r.dead_reckoning.position, (Vec3{18.5, 2.5, 0.0}));
    EXPECT_TRUE(r.dead_reckoning.blocked);
    EXPECT_EQ(r.dead_reckoning.distance, 40.0);
    // An explicit distance replaces the default: 5 map units east of (3.5, 2.5) is tile (8, 2), open.
    ChaseQuery q = query_at(level.seed->position, level.seed->direction);
    q.dead_reckoning_distance = 5.0;
    const ChaseResult short_line = run_chase(GridChaseSpace(grid), flood, q);
    EXPECT_EQ(short_line.dead_reckoning.position, (Vec3{8.5, 2.5, 0.0}));
    EXPECT_FALSE(short_line.dead_reckoning.blocked);
}

TEST(ChaseQuery, StartAdvanceResultEqualsRunChase) {
    // start_chase + the caller's own steps + chase_result is run_chase cut in two (time slicing, Python).
    const levels::GridLevel level = levels::default_level();
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const ChaseQuery q = query_at(level.seed->position, level.seed->direction);
    Flood whole;
    const ChaseResult expected = run_chase(space, whole, q);
    Flood sliced;
    start_chase(space, sliced, q);
    EXPECT_EQ(chase_result(space, sliced, q).flood.steps, 0);
    while (!sliced.advance(3)) {
    }
    const ChaseResult got = chase_result(space, sliced, q);
    EXPECT_EQ(chase_json(space, sliced, got, "x"), chase_json(space, whole, expected, "x"));
    EXPECT_EQ(got.destination, (CellCoords{{17, 24, 0}, 2}));
}

TEST(ChaseQuery, OurLevelsEqualTheFloodAndDeadReckoningCalledOneByOne) {
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(KINEMA_DATA_DIR "/levels")) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        SCOPED_TRACE(entry.path().string());
        const levels::GridLevel level = levels::load_ascii_level(entry.path().string());
        ASSERT_TRUE(level.seed);
        expect_same_as_pieces(GridSpace(level), level.seed->position, level.seed->direction, {});
        // 4-connected, cell size 2, difficulty 1 with H = 7 (the CLI test's second configuration).
        FloodSettings settings = FloodSettings::difficulty(1);
        settings.hot = 7;
        const GridSpace coarse(level, {Connectivity::four, 2.0});
        expect_same_as_pieces(coarse, level.seed->position * 2.0, level.seed->direction, settings);
        ++checked;
    }
    EXPECT_GE(checked, 6);
}

TEST(ChaseQuery, SharedMapsEqualTheFloodAndDeadReckoningCalledOneByOne) {
    const fs::path maps = fs::path(KINEMA_SHARED_DATA_DIR) / "maps";
    if (!fs::exists(maps)) {
        GTEST_SKIP() << "no shared maps in " << maps << " (set KINEMA_SHARED_DATA_DIR)";
    }
    int checked = 0;
    for (const auto& entry : fs::directory_iterator(maps)) {
        if (entry.path().extension() != ".map") {
            continue;
        }
        SCOPED_TRACE(entry.path().string());
        const levels::GridLevel level = levels::load_level(entry.path().string());
        const GridSpace grid(level);
        // A lattice of seeds, walls included (they snap), in four directions.
        for (int row = 3; row < level.height; row += 29) {
            for (int col = 5; col < level.width; col += 31) {
                const Vec2 dir =
                    std::array{Vec2{1, 0}, Vec2{1, 1}, Vec2{0, -1}, Vec2{-0.3, 0.7}}[checked % 4];
                expect_same_as_pieces(grid, {col + 0.25, row + 0.75}, dir, {});
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 100);
}

// A game's own waypoint graph (the one of tests/nav/chase_test.cpp): a corridor of 6 waypoints 2 m apart
// along x, and a branch of 2 up a staircase (+y) from waypoint 2; Y-up, cell size 2.
CellSpace waypoints() {
    return CellSpace::from_adjacency(
        {{0, 0, 0}, {2, 0, 0}, {4, 0, 0}, {6, 0, 0}, {8, 0, 0}, {10, 0, 0}, {4, 1.5, 2}, {4, 3, 4}},
        {{1}, {0, 2}, {1, 3, 6}, {2, 4}, {3, 5}, {4}, {2, 7}, {6}}, PlanarFrame::xz, 2.0);
}

// H = 3, so that values are small enough to derive by hand.
FloodSettings hot_three() {
    FloodSettings s;
    s.hot = 3;
    return s;
}

// Last seen exactly at waypoint 1 (so not snapped).
ChaseQuery at_waypoint_1(Vec3 direction) {
    ChaseQuery q;
    q.position = {2.0, 0.0, 0.0};
    q.direction = direction;
    return q;
}

TEST(ChaseQuery, GraphSpaceHandWorked) {
    const CellSpace cells = waypoints();
    const GraphChaseSpace space(cells);
    Flood flood(hot_three());
    ChaseQuery q = at_waypoint_1({1.0, 5.0, 0.0});  // y does not count in an xz space
    int observed = 0;
    const ChaseResult r = run_chase(space, flood, q, [&](const Flood&) { ++observed; });
    // Barrier {0}; steps heat {2}, {3, 6}, {4, 7}, {5}; the fifth finds nothing: exhausted after 4 steps.
    EXPECT_EQ(observed, 1 + 4);  // after seeding, then after each step
    EXPECT_EQ(r.flood.steps, 4);
    EXPECT_EQ(r.flood.stop_reason, StopReason::exhausted);
    EXPECT_EQ(r.seed, (CellCoords{{1, 0, 0}, 1}));
    EXPECT_FALSE(r.flood.seed_snapped);
    EXPECT_EQ(r.flood.heated_cells, 7u);
    EXPECT_EQ(r.flood.warm_cells, 5u);  // 3 and 6 at 1, 4 and 7 at 2, 5 at 3
    EXPECT_EQ(r.flood.barrier_cells, 1u);
    // Centroid (64, 7.5, 10) / 9; nearest heated waypoint: 4 at (8, 0, 0) (tests/nav/chase_test.cpp).
    EXPECT_EQ(r.destination, (CellCoords{{4, 0, 0}, 1}));
    // Dead reckoning: no walls, 40 x 2 = 80 m along +x from (2, 0, 0) ends at (82, 0, 0); the NPC goes to the
    // nearest waypoint, 5.
    EXPECT_EQ(r.dead_reckoning.end_point, (Vec3{82.0, 0.0, 0.0}));
    EXPECT_EQ(r.dead_reckoning.cell, 5u);
    EXPECT_EQ(r.dead_reckoning.position, (Vec3{10.0, 0.0, 0.0}));
    EXPECT_FALSE(r.dead_reckoning.blocked);
    // 5 m ends at (7, 0, 0), 1 m from waypoints 3 and 4: the tie goes to the lower id.
    q.dead_reckoning_distance = 5.0;
    q.npc = Vec3{0.0, 0.0, 0.0};
    const ChaseResult short_line = run_chase(space, flood, q);
    EXPECT_EQ(short_line.dead_reckoning.cell, 3u);
    EXPECT_FALSE(short_line.path.has_value());  // a graph plans no paths
}

TEST(ChaseQuery, GraphJsonIsExact) {
    const CellSpace cells = waypoints();
    const GraphChaseSpace space(cells);
    Flood flood(hot_three());
    ChaseQuery q = at_waypoint_1({1.0, 0.0, 0.0});
    q.npc = Vec3{0.0, 0.0, 0.0};
    const ChaseResult r = run_chase(space, flood, q);
    const Vec3 c = r.flood.centroid;
    const std::string expected =
        R"({"map":"way\"points\\","cells":8,"cell_size":2,"from":[2,0,0],"dir":[1,0,0],"seed_cell":[1],)"
        R"("seed":[1],"seed_position":[2,0,0],"seed_snapped":false,"hot":3,"max_heated":25,"max_steps":40,)"
        R"("steps":4,"stop_reason":"exhausted","centroid":[)" +
        format_number(c.x) + "," + format_number(c.y) + "," + format_number(c.z) +
        R"(],"destination_cell":[4],"destination":[8,0,0],"heated_cells":7,"warm_cells":5,"barrier_cells":1,)"
        R"("dead_reckoning":[10,0,0],"dead_reckoning_blocked":false,"dead_reckoning_distance":80,)"
        R"("npc":[0,0,0],"touched":[[0,-1],[1,0],[2,0],[3,1],[4,2],[5,3],[6,1],[7,2]]})";
    EXPECT_EQ(chase_json(space, flood, r, "way\"points\\"), expected);
    EXPECT_DOUBLE_EQ(c.x, 64.0 / 9.0);
}

TEST(ChaseQuery, GridJsonHasTheGridFieldsAsTheCliPrintedThem) {
    const levels::GridLevel level = levels::default_level();
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    Flood flood;
    const ChaseResult r = run_chase(space, flood, query_at(level.seed->position, level.seed->direction));
    const std::string json = chase_json(space, flood, r, "corner");
    // Positions [x, y], cells [col, row], and the fields of /tmp/base/chase.json with today's values.
    EXPECT_EQ(
        json.rfind(R"({"map":"corner","cells":135,"cell_size":1,"connectivity":8,"from":[3.5,2.5],)", 0), 0u)
        << json;
    for (const char* field :
         {R"("seed_cell":[3,2],)",
          R"("steps":40,"stop_reason":"max_steps","centroid":[17.5,24.166666666666668],)",
          R"("destination_cell":[17,24],"destination":[17.5,24.5],"heated_cells":129,"warm_cells":60,)",
          R"("barrier_cells":6,"dead_reckoning":[18.5,2.5],"dead_reckoning_blocked":true,)",
          R"("touched":[[1,1,-1],[2,1,-1],[3,1,0],)"}) {
        EXPECT_NE(json.find(field), std::string::npos) << field << "\n" << json;
    }
    // One entry per touched cell.
    EXPECT_EQ(static_cast<std::size_t>(std::count(json.begin(), json.end(), '[')) - 1,
              // every array's '[': from, dir, seed_cell, seed, seed_position, centroid, destination_cell,
              // destination, dead_reckoning (9), the touched list and one per touched cell
              9 + r.flood.heated_cells + r.flood.barrier_cells);
}

TEST(ChaseQuery, BadQueriesNameTheirFields) {
    const GridSpace grid(levels::default_level());
    Flood flood;
    ChaseQuery q = query_at({3.5, 2.5}, {1.0, 0.0});
    q.direction.x = std::numeric_limits<double>::infinity();
    q.dead_reckoning_distance = -1.0;
    try {
        run_chase(GridChaseSpace(grid), flood, q);
        FAIL() << "expected SettingsError";
    } catch (const SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 2u);
        EXPECT_EQ(e.errors()[0].field, "direction");
        EXPECT_EQ(e.errors()[1].field, "dead_reckoning_distance");
    }
    EXPECT_EQ(to_string(NpcPath::Status::goal_off_mesh), "goal_off_mesh");
}

TEST(ChaseQueryBounds, CoordinatesHaveAFiniteRange) {
    // Issue 14: `chase --from 1e155,0` squared to inf and seeded "cell 4294967295". The range ends are
    // accepted, one step past them is an error naming the field.
    ChaseQuery q;
    q.position = {chase_max_coordinate, -chase_max_coordinate, 0.0};
    q.direction = {chase_max_coordinate, 0.0, 0.0};
    q.dead_reckoning_distance = chase_max_coordinate;
    EXPECT_TRUE(q.validate().empty());
    q.position = {1e155, 0.0, 0.0};
    const FieldErrors errors = q.validate();
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].field, "position");
    q.position = {};
    q.dead_reckoning_distance = chase_max_coordinate * 1.000001;
    EXPECT_EQ(q.validate().size(), 1u);
}

// "touched" as the ids sorted from the flood's lists, each [coordinates..., value] (what chase_json printed
// before it learnt to scan the cells in id order when a flood covers much of the level).
std::string touched_by_sorting(const ChaseSpace& space, const Flood& flood) {
    std::vector<CellId> ids(flood.heated_cells().begin(), flood.heated_cells().end());
    ids.insert(ids.end(), flood.barrier_cells().begin(), flood.barrier_cells().end());
    std::sort(ids.begin(), ids.end());
    std::string out = R"("touched":[)";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const CellCoords c = space.coords(ids[i]);
        out += i == 0 ? "[" : ",[";
        for (int k = 0; k < c.count; ++k) {
            out += std::to_string(c.values[static_cast<std::size_t>(k)]) + ",";
        }
        out += std::to_string(flood.value(ids[i])) + "]";
    }
    return out + "]}";
}

// The JSON written in pieces is chase_json's bytes; "touched" is the same whether the cells are scanned in id
// order (a flood over more than a sixteenth of the level: an open 128 x 128 map with M_H and M_S out of the
// way, on the generic flood since M_S > 62) or the touched ids sorted (the default constants).
TEST(ChaseQuery, JsonInPiecesAndTouchedCellsEitherWay) {
    std::string text = "type octile\nheight 128\nwidth 128\nmap\n";
    for (int row = 0; row < 128; ++row) {
        text += std::string(128, '.') + "\n";
    }
    const levels::GridLevel level = levels::parse_moving_ai_map(text, "open.map");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const Vec2 from{64.5, 64.5};
    const Vec2 east{1.0, 0.0};
    FloodSettings wide;
    wide.max_heated = 1000000;
    wide.max_steps = 1000;
    for (const FloodSettings& settings : {FloodSettings{}, wide}) {
        Flood flood(settings);
        const ChaseResult r = run_chase(space, flood, query_at(from, east));
        const std::size_t touched = flood.heated_cells().size() + flood.barrier_cells().size();
        EXPECT_EQ(touched > grid.cells().size() / 16, settings.max_steps == 1000);
        const std::string whole = chase_json(space, flood, r, "open");
        EXPECT_TRUE(whole.ends_with(touched_by_sorting(space, flood)));
        std::string joined;
        std::string buffer;
        int pieces = 0;
        write_chase_json(
            space, flood, r, "open", buffer,
            [&](std::string& piece) {
                joined += piece;
                ++pieces;
                piece.clear();
            },
            64);
        EXPECT_TRUE(joined == whole);  // (not EXPECT_EQ: a failure would print 300 KB)
        EXPECT_GT(pieces, static_cast<int>(touched) / 8);
    }
}

// A grid level's marked seed (ASCII '>' at tile (3, 1): the tile's centre, running east) in the world units
// of a grid of cell size 2, and the range check that lets a face name the marker.
TEST(ChaseQuery, MarkedSeedIsScaledByTheCellSize) {
    const levels::GridLevel level = levels::parse_ascii_level("######\n#..>.#\n######\n", "seeded");
    const std::optional<ChaseQuery> q = marked_seed_query(level, 2.0);
    ASSERT_TRUE(q.has_value());
    EXPECT_EQ(q->position, (Vec3{7.0, 3.0, 0.0}));
    EXPECT_EQ(q->direction, (Vec3{1.0, 0.0, 0.0}));
    EXPECT_FALSE(q->npc.has_value());
    EXPECT_FALSE(q->destinations.has_value());
    EXPECT_TRUE(within_chase_range(q->position));
    const std::optional<ChaseQuery> far = marked_seed_query(level, 1e9);
    ASSERT_TRUE(far.has_value());
    EXPECT_EQ(far->position.x, 3.5e9);
    EXPECT_FALSE(within_chase_range(far->position));
    EXPECT_FALSE(marked_seed_query(levels::parse_ascii_level("####\n#..#\n####\n", "plain"), 1.0));
    EXPECT_TRUE(within_chase_range({-chase_max_coordinate, chase_max_coordinate, 0.0}));
    EXPECT_FALSE(within_chase_range({0.0, 0.0, -2e9}));
}

}  // namespace
}  // namespace kinema::chase
