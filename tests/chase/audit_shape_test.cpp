// Advice that holds (kinema/chase/audit_shape.hpp, docs/audit.md "Why: what the level shows"): on levels
// drawn so that the reason is known by construction, the audit names that reason, and no place names a
// cause the level does not have (a loop, a corner, a side way out).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <numeric>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_shape.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace kinema::chase {
namespace {

struct Audited {
    explicit Audited(levels::GridLevel l, const AuditSettings& settings = {})
        : level(std::move(l)),
          grid(level),
          space(grid),
          result(audit(space, FloodSettings{}, settings, 2)),
          places(audit_places(space, result, FloodSettings{}, settings)) {}
    levels::GridLevel level;
    GridSpace grid;
    GridChaseSpace space;
    AuditResult result;
    std::vector<AuditPlace> places;
    Audited(const Audited&) = delete;  // the spaces point at the level and the grid: never moved
    Audited& operator=(const Audited&) = delete;

    std::vector<const AuditPlace*> of(Finding f) const {
        std::vector<const AuditPlace*> out;
        for (const AuditPlace& p : places) {
            if (p.finding == f) {
                out.push_back(&p);
            }
        }
        return out;
    }
    std::string reason(const AuditPlace& p) const { return place_reason(space, p, result.directions); }
    Tile tile(CellId c) const { return grid.grid_cells().tile_of(c); }
};

levels::GridLevel ascii(const char* text) {
    return levels::parse_ascii_level(text, "inline");
}
levels::GridLevel ours(const char* name) {
    return testing::our_level(name);
}

bool has(const std::string& text, const char* words) {
    return text.find(words) != std::string::npos;
}

// A ring corridor round a 6 x 2 block: the only loop. Facing along the ring the barrier closes the way back,
// the heat runs both ways round and the destination lies behind the player: every wrong_way place names the
// loop and a ring cell to close it.
constexpr const char* ring =
    "##########\n"
    "#........#\n"
    "#.######.#\n"
    "#.######.#\n"
    "#........#\n"
    "##########\n";

TEST(AuditShape, ALoopLevelNamesTheLoopAndWhereToCloseIt) {
    const Audited a(ascii(ring));
    EXPECT_TRUE(level_has_loop(a.space.cells()));
    ASSERT_FALSE(a.of(Finding::wrong_way).empty());
    for (const AuditPlace* p : a.of(Finding::wrong_way)) {
        ASSERT_NE(p->loop_cell, no_cell);
        EXPECT_TRUE(has(a.reason(*p), "a wall or a door at (")) << a.reason(*p);
        EXPECT_TRUE(has(a.reason(*p), "closes the loop")) << a.reason(*p);
    }
    const std::vector<ShareReading> r = read_shares(FloodSettings{}, AuditSettings{}, a.result, true);
    EXPECT_TRUE(has(r[3].to_change, "break the loop in the level"));
}

// Levels without any loop (a T junction, a corridor into a room, a straight corridor, a corridor ending in
// a corner, a side exit, a ramp-shaped room): wrong_way, where it happens, says only that the destination
// lies behind, and neither the places nor the summary mention a loop.
TEST(AuditShape, NoPlaceOnALevelWithoutLoopsNamesALoop) {
    constexpr const char* ramp =
        "#############\n"
        "#...........#\n"
        "##.........##\n"
        "###.......###\n"
        "####.....####\n"
        "#####...#####\n"
        "######.######\n"
        "######.######\n"
        "#############\n";
    std::deque<Audited> levels;
    for (const char* name : {"t_junction_equal", "corridor_into_room", "long_corridor", "corridor_end_corner",
                             "side_exit_behind"}) {
        levels.emplace_back(ours(name));
    }
    levels.emplace_back(ascii(ramp));
    std::size_t wrong_way_places = 0;
    for (const Audited& a : levels) {
        SCOPED_TRACE(a.level.name);
        EXPECT_FALSE(level_has_loop(a.space.cells()));
        for (const AuditPlace& p : a.places) {
            EXPECT_EQ(p.loop_cell, no_cell);
            EXPECT_FALSE(has(a.reason(p), "loop")) << a.reason(p);
            if (p.finding == Finding::wrong_way) {
                ++wrong_way_places;
                EXPECT_TRUE(has(a.reason(p), ": the destination lies behind the seed")) << a.reason(p);
            }
        }
        for (const ShareReading& r : read_shares(FloodSettings{}, AuditSettings{}, a.result, false)) {
            EXPECT_FALSE(has(r.meaning + r.to_change, "loop")) << r.meaning << r.to_change;
        }
    }
    EXPECT_GT(wrong_way_places, 0u);  // the test sees wrong_way places, not only their absence
}

// data/levels/corridor_end_corner.txt: from the corridor facing east the destination is (7, 5), and the
// stub's (9, 4) is 3 steps from it behind the wall tile (8, 4) (docs/audit.md, short_of_a_corner). The place
// names that destination and a cell of the stub out of its sight.
TEST(AuditShape, ACornerLevelNamesTheCornerTheHeatWentRound) {
    const Audited a(ours("corridor_end_corner"));
    const std::vector<const AuditPlace*> corners = a.of(Finding::short_of_a_corner);
    ASSERT_FALSE(corners.empty());
    const AuditPlace& p = *corners.front();
    EXPECT_EQ(a.tile(p.destination_cell), (Tile{7, 5}));
    ASSERT_NE(p.corner_cell, no_cell);
    EXPECT_EQ(a.tile(p.corner_cell).col, 9);  // in the stub, round the corner
    EXPECT_TRUE(has(a.reason(p), "at (7, 5) the heat went on to (9, ")) << a.reason(p);
}

// data/levels/side_exit_behind.txt: a corridor (row 5) with a side exit up column 6 (rows 2-4) into a
// one-row room (row 1, columns 2-10). Seeds in the exit facing south (out of the room) have the room closed
// behind them: the place names the junction (6, 1), where the room's two ways leave the exit. A T of our own
// (a corridor, row 1, with a stem down column 11) the same at (11, 1). An L-shaped corridor and a straight
// one have no junction: no barrier_blocks_exit at all by default (it needs a junction behind the seed), and
// with the first form (exit_junction 0) their places (the barrier closing the way back round the bend) say
// so.
TEST(AuditShape, ASideExitIsNamedOnlyWhereItExists) {
    constexpr const char* tee =
        "#########################\n"
        "#.......................#\n"
        "###########.#############\n"
        "###########.#############\n"
        "###########.#############\n"
        "###########.#############\n"
        "###########.#############\n"
        "###########.#############\n"
        "###########.#############\n"
        "#########################\n";
    std::deque<Audited> junctions;
    junctions.emplace_back(ours("side_exit_behind"));
    junctions.emplace_back(ascii(tee));
    const Tile expected[] = {{6, 1}, {11, 1}};
    for (std::size_t i = 0; i < junctions.size(); ++i) {
        const Audited& a = junctions[i];
        const std::vector<const AuditPlace*> exits = a.of(Finding::barrier_blocks_exit);
        ASSERT_FALSE(exits.empty());
        ASSERT_NE(exits.front()->junction_cell, no_cell);
        EXPECT_EQ(a.tile(exits.front()->junction_cell), expected[i]);
        const std::string words = "the side ways out at (" + std::to_string(expected[i].col) + ", 1)";
        EXPECT_TRUE(has(a.reason(*exits.front()), words.c_str())) << a.reason(*exits.front());
    }

    const char* const bend = testing::l_bend_corridor;
    std::size_t places = 0;
    AuditSettings first_form;
    first_form.exit_junction = false;
    std::deque<Audited> levels;
    levels.emplace_back(ascii(bend), first_form);
    levels.emplace_back(ours("long_corridor"), first_form);
    const Audited bend_now(ascii(bend));
    const Audited corridor_now(ours("long_corridor"));
    EXPECT_TRUE(bend_now.of(Finding::barrier_blocks_exit).empty());
    EXPECT_TRUE(corridor_now.of(Finding::barrier_blocks_exit).empty());
    for (const Audited& a : levels) {
        for (const AuditPlace& p : a.places) {
            EXPECT_FALSE(has(a.reason(p), "side ways out at")) << a.reason(p);
            if (p.finding == Finding::barrier_blocks_exit) {
                ++places;
                EXPECT_EQ(p.junction_cell, no_cell);
                EXPECT_TRUE(has(a.reason(p), "no side way out here")) << a.reason(p);
            }
        }
    }
    EXPECT_GT(places, 0u);
}

// Loops by hand: a pillar in a room is one (the cells run round it), a wall touching the border is not, two
// wall tiles touching at a corner are one obstacle (no cell passes between them: no corner cutting).
TEST(AuditShape, LoopsAreCellsRunningRoundAnObstacle) {
    const auto loop = [](const char* text) {
        const levels::GridLevel level = levels::parse_ascii_level(text, "inline");
        const GridSpace grid(level);
        return level_has_loop(GridChaseSpace(grid).cells());
    };
    EXPECT_TRUE(loop(".....\n..#..\n.....\n"));
    EXPECT_FALSE(loop(".....\n.....\n.....\n"));
    EXPECT_FALSE(loop("..#..\n..#..\n.....\n"));
    EXPECT_TRUE(loop("......\n.#....\n..#...\n......\n"));
    EXPECT_FALSE(loop(".#....\n..#...\n...#..\n......\n"));  // one diagonal wall from the border
}

// Rooms: two rooms joined by a one-tile door are three rooms (the door is narrow); a 1-wide corridor with a
// bend is one.
TEST(AuditShape, RoomsSplitAtDoorsAndNarrowPassages) {
    const levels::GridLevel level = levels::parse_ascii_level(
        "...#...\n"
        ".......\n"
        "...#...\n"
        "####.##\n"
        "####...\n",
        "inline");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const std::vector<std::uint32_t> rooms = cell_rooms(space.cells());
    const auto room = [&](int c, int r) { return rooms[grid.cell_at(c, r)]; };
    EXPECT_NE(room(0, 0), room(6, 0));  // left and right rooms
    EXPECT_NE(room(3, 1), room(0, 0));  // the door
    EXPECT_NE(room(3, 1), room(6, 0));
    EXPECT_EQ(room(4, 3), room(6, 4));  // the corridor, round its bend
    EXPECT_NE(room(4, 3), room(6, 0));
}

// The same cells without their grid (a plain graph: the grid's positions and neighbour lists), so that
// loops and rooms are read from the cell graph (cell_complex.hpp) as on 3D levels.
CellSpace graph_copy(const CellSpace& cells) {
    const auto offsets = cells.offsets();
    const auto ids = cells.neighbour_ids();
    const auto positions = cells.positions();
    return CellSpace::from_csr({positions.begin(), positions.end()}, {offsets.begin(), offsets.end()},
                               {ids.begin(), ids.end()}, cells.frame(), cells.cell_size());
}

// One implementation against another: on 8-connected grids without corner cutting, the cell graph's loops
// (a cycle its triangles and chordless 4-cycles do not fill) are the tiles' holes (a group of tiles outside
// the cells, 8-connected, enclosed, holding a wall), and its open floor (a K4, or a chordless square no cell
// centres) is the tiles' fully open 2 x 2 blocks: the same rooms, and a loop within the same balls (radius
// 10 and max_steps' 40 round every 7th cell), on our levels, hand-drawn obstacles and six shared maps.
TEST(AuditShape, TheCellGraphTellsLoopsAndRoomsAsTheTilesDo) {
    std::vector<levels::GridLevel> levels;
    for (const char* name : {"t_junction_equal", "corridor_into_room", "long_corridor", "corridor_end_corner",
                             "side_exit_behind", "warehouse_loop", "corner"}) {
        levels.push_back(ours(name));
    }
    levels.push_back(ascii(ring));
    for (const char* text :
         {"......\n.#....\n..#...\n......\n", ".#....\n..#...\n...#..\n......\n",
          ".......\n.##....\n.##..#.\n.......\n", "...#...\n.......\n...#...\n####.##\n"}) {
        levels.push_back(ascii(text));
    }
    const std::filesystem::path maps = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "maps";
    for (const char* name :
         {"random-32-32-10", "room-32-32-4", "maze-32-32-2", "empty-32-32", "arena", "den011d"}) {
        if (std::filesystem::exists(maps / (std::string(name) + ".map"))) {
            levels.push_back(levels::load_moving_ai_map((maps / (std::string(name) + ".map")).string()));
        }
    }
    std::size_t loops = 0;
    std::size_t balls = 0;
    std::size_t edge_cases = 0;
    for (const levels::GridLevel& level : levels) {
        SCOPED_TRACE(level.name);
        const GridSpace grid(level);
        const GridChaseSpace space(grid);
        const CellSpace& tiles = space.cells();
        const CellSpace graph = graph_copy(tiles);
        ASSERT_EQ(graph.grid(), nullptr);
        EXPECT_EQ(level_has_loop(graph), level_has_loop(tiles));
        EXPECT_EQ(cell_rooms(graph), cell_rooms(tiles));
        const auto loop_on = [](const CellSpace& cells, CellId c, int radius) {
            return loop_cell(cells, cell_ball(cells, {c}, radius)) != no_cell;
        };
        for (CellId c = 0; c < tiles.size(); c += 7) {
            for (const int radius : {10, 40}) {
                const bool on_tiles = loop_on(tiles, c, radius);
                const bool on_graph = loop_on(graph, c, radius);
                // At the ball's edge a diagonal link between two of its cells closes a loop on the graph
                // that the tiles close one step later: the tiles' outside is 8-connected, and slips between
                // them past the floor cell just outside the ball (arena, den011d: 3 balls of 6,056 here).
                EXPECT_TRUE(on_graph == on_tiles || (on_graph && loop_on(tiles, c, radius + 1)))
                    << "cell " << c << " radius " << radius;
                edge_cases += on_graph != on_tiles ? 1 : 0;
                loops += on_tiles ? 1 : 0;
                ++balls;
            }
        }
    }
    EXPECT_GT(loops, 0u);
    EXPECT_LT(loops, balls);
    EXPECT_LE(edge_cases * 100, balls);  // rare: under 1 % of the balls
}

// Graphs (GraphChaseSpace): a ring of 12 waypoints is a loop, closing at the waypoint opposite the one the
// ball grows from (6 steps both ways round); a 4-connected lattice of 5 x 5 (open floor: its squares) holds
// none, and the same lattice without its middle does (the 8 cells round it).
TEST(AuditShape, LoopsOnGraphs) {
    const auto space_of = [](std::size_t n, const auto& linked) {
        std::vector<Vec3> at;
        std::vector<std::vector<CellId>> around(n);
        for (std::size_t i = 0; i < n; ++i) {
            at.push_back({static_cast<double>(i), 0.0, 0.0});
            for (std::size_t j = 0; j < n; ++j) {
                if (i != j && linked(i, j)) {
                    around[i].push_back(static_cast<CellId>(j));
                }
            }
        }
        return CellSpace::from_adjacency(at, around);
    };
    const CellSpace ring12 =
        space_of(12, [](std::size_t i, std::size_t j) { return (i + 1) % 12 == j || (j + 1) % 12 == i; });
    EXPECT_TRUE(level_has_loop(ring12));
    EXPECT_EQ(loop_cell(ring12, cell_ball(ring12, {0}, 40)), 6u);
    EXPECT_EQ(loop_cell(ring12, cell_ball(ring12, {3}, 40)), 9u);
    EXPECT_EQ(loop_cell(ring12, cell_ball(ring12, {0}, 5)), no_cell);  // the two ways do not meet yet

    const auto lattice = [](std::size_t i, std::size_t j) {
        const std::size_t di = i / 5 > j / 5 ? i / 5 - j / 5 : j / 5 - i / 5;
        const std::size_t dj = i % 5 > j % 5 ? i % 5 - j % 5 : j % 5 - i % 5;
        return di + dj == 1;
    };
    const CellSpace open = space_of(25, lattice);
    EXPECT_FALSE(level_has_loop(open));
    const CellSpace pillar =
        space_of(25, [&](std::size_t i, std::size_t j) { return i != 12 && j != 12 && lattice(i, j); });
    EXPECT_TRUE(level_has_loop(pillar));
    // From the corner (0, 0) the ring round the middle closes at (3, 3), cell 18, 6 steps away both ways
    // round (by (3, 2) and by (2, 3)): every cycle round the middle passes a cell (k, k) with k >= 3.
    const CellBall ball = cell_ball(pillar, {0}, 40);
    const CellId meet = loop_cell(pillar, ball);
    ASSERT_NE(meet, no_cell);
    EXPECT_EQ(meet, 18u);
    // The lattice's cells all lie on a square: one room; the graph audit runs on it.
    const std::vector<std::uint32_t> rooms = cell_rooms(open);
    EXPECT_EQ(std::count(rooms.begin(), rooms.end(), rooms[0]), 25);
}

// The audit on a graph (GraphChaseSpace): 40 waypoints 1 apart round a circle, each linked to the next.
// Facing along the ring the barrier closes the way back, the heat runs round and the destination lies
// behind: the wrong_way places name the loop and a waypoint on it, and the summary says to break it.
TEST(AuditShape, AGraphAuditNamesItsLoop) {
    constexpr std::size_t n = 40;
    const double radius = 0.5 / std::sin(3.14159265358979323846 / static_cast<double>(n));
    std::vector<Vec3> at;
    std::vector<std::vector<CellId>> around(n);
    for (std::size_t i = 0; i < n; ++i) {
        const double angle = 2.0 * 3.14159265358979323846 * static_cast<double>(i) / static_cast<double>(n);
        at.push_back({radius * std::cos(angle), radius * std::sin(angle), 0.0});
        around[i] = {static_cast<CellId>((i + n - 1) % n), static_cast<CellId>((i + 1) % n)};
    }
    const CellSpace cells = CellSpace::from_adjacency(at, around);
    const GraphChaseSpace space(cells);
    const AuditResult result = audit(space, FloodSettings{}, AuditSettings{}, 1);
    const std::vector<AuditPlace> places = audit_places(space, result);
    EXPECT_TRUE(level_has_loop(cells));
    std::size_t named = 0;
    for (const AuditPlace& p : places) {
        if (p.finding == Finding::wrong_way) {
            ASSERT_NE(p.loop_cell, no_cell);
            EXPECT_TRUE(
                has(place_reason(space, p, result.directions), "closes the loop the heat runs round"));
            ++named;
        }
    }
    EXPECT_GT(named, 0u);
    const std::vector<ShareReading> r =
        read_shares(FloodSettings{}, AuditSettings{}, result, level_has_loop(cells));
    EXPECT_TRUE(has(r[3].to_change, "break the loop in the level"));
}

// The medoid of a C-shaped group is one of its cells, where the mean of their centres falls in the wall.
TEST(AuditShape, TheMedoidIsACellOfTheGroup) {
    const levels::GridLevel level = levels::parse_ascii_level(
        ".....\n"
        ".####\n"
        ".####\n"
        ".####\n"
        ".....\n",
        "inline");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    std::vector<CellId> all;
    for (CellId c = 0; c < space.cells().size(); ++c) {
        all.push_back(c);
    }
    const CellId m = medoid(space.cells(), all);
    // By hand: the mean of the 13 centres is (26.5 / 13, 2.5) = (2.04, 2.5), inside the wall tile (2, 2); the
    // sum of distances is least at (0, 2), the C's middle, which the two arms balance.
    EXPECT_EQ(grid.grid_cells().tile_of(m), (Tile{0, 2}));
}

}  // namespace
}  // namespace kinema::chase
