// Advice that holds on 3D levels (kinema/chase/audit_shape.hpp, docs/audit.md "Why: what the level shows"):
// loops and rooms read from the chase cells' graph, on OBJ levels drawn so that the answer is known by
// construction (data/levels/ring_corridor.obj, u_corridor.obj, two_rooms_door.obj, corner_ramp.obj).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_shape.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level_files.hpp"

namespace kinema::nav {
namespace {

using chase::AuditPlace;
using chase::CellId;
using chase::Finding;
using chase::no_cell;

// A level of data/levels audited at the defaults, with its places.
struct Audited3d {
    explicit Audited3d(const char* name)
        : level(load_level_3d(std::string(KINEMA_DATA_DIR) + "/levels/" + name, NavSettings{})),
          finder(level),
          space(level, finder),
          result(chase::audit(space, chase::FloodSettings{}, chase::AuditSettings{}, 1)),
          places(chase::audit_places(space, result)) {}
    Level level;
    PathFinder finder;
    LevelChaseSpace space;
    chase::AuditResult result;
    std::vector<AuditPlace> places;
    Audited3d(const Audited3d&) = delete;  // the space points at the level and the finder: never moved
    Audited3d& operator=(const Audited3d&) = delete;

    const chase::CellSpace& cells() const { return space.cells(); }
    // The cell of the point (x, 0, z) on the level's floor (y 0 everywhere on these levels).
    CellId at(double x, double z) const { return space.locate({x, 0.0, z}).cell; }
    Vec3 position(CellId c) const { return cells().position(c); }
    std::string reason(const AuditPlace& p) const { return chase::place_reason(space, p, result.directions); }
    // The summary's advice on wrong_way, as the text report prints it.
    std::string wrong_way_advice() const {
        for (const chase::ShareReading& r : chase::read_shares(chase::FloodSettings{}, chase::AuditSettings{},
                                                               result, chase::level_has_loop(cells()))) {
            if (r.name == "wrong_way") {
                return r.meaning + " / " + r.to_change;
            }
        }
        return {};
    }
};

bool has(const std::string& text, const std::string& words) {
    return text.find(words) != std::string::npos;
}

// The ring corridor's one loop: from the middle of its south side (x 7, z 1.5) the two ways round the block
// (west and east, 1.8 m walkable strips) meet on the north side, opposite, at x = 7 by symmetry; the cell
// where the loop closes is there (the nearest cell centres are 0.375 m either side of x = 7).
TEST(AuditShape3d, TheRingCorridorsLoopClosesOppositeTheSources) {
    const Audited3d a("ring_corridor.obj");
    EXPECT_TRUE(chase::loops_known(a.cells()));
    EXPECT_TRUE(chase::level_has_loop(a.cells()));
    const CellId south = a.at(7.125, 1.125);
    ASSERT_NE(south, no_cell);
    const CellId meet = chase::loop_cell(a.cells(), chase::cell_ball(a.cells(), {south}, 40));
    ASSERT_NE(meet, no_cell);
    EXPECT_GT(a.position(meet).z, 11.0);                         // the north side (z 11..14)
    EXPECT_LE(std::abs(a.position(meet).x - 7.0), 0.75 + 1e-9);  // opposite the sources
    // Too small a ball does not reach round: the ring's cells 10 steps from the south side hold no loop.
    EXPECT_EQ(chase::loop_cell(a.cells(), chase::cell_ball(a.cells(), {south}, 10)), no_cell);
}

TEST(AuditShape3d, TheRingCorridorsPlacesAndSummaryNameTheLoop) {
    const Audited3d a("ring_corridor.obj");
    int wrong_way = 0;
    for (const AuditPlace& p : a.places) {
        if (p.finding == Finding::wrong_way) {
            ++wrong_way;
            ASSERT_NE(p.loop_cell, no_cell);
            EXPECT_TRUE(has(a.reason(p), "the heat runs round a loop of the level")) << a.reason(p);
            // The place's X in metres with the cell id beside: "(11.625, 0.2, 12.375) (cell 101)".
            EXPECT_TRUE(has(a.reason(p), "closes the loop")) << a.reason(p);
            EXPECT_TRUE(has(a.reason(p), " (cell " + std::to_string(p.loop_cell) + ")")) << a.reason(p);
        }
    }
    EXPECT_GT(wrong_way, 0);
    EXPECT_TRUE(has(a.wrong_way_advice(), "break the loop in the level")) << a.wrong_way_advice();
}

// The same block and bends without the east side: no loop anywhere, and no place or summary line says one.
TEST(AuditShape3d, TheUCorridorHasNoLoop) {
    const Audited3d a("u_corridor.obj");
    EXPECT_FALSE(chase::level_has_loop(a.cells()));
    const CellId south = a.at(7.125, 1.125);
    ASSERT_NE(south, no_cell);
    EXPECT_EQ(chase::loop_cell(a.cells(), chase::cell_ball(a.cells(), {south}, 40)), no_cell);
    for (const AuditPlace& p : a.places) {
        EXPECT_EQ(p.loop_cell, no_cell);
        EXPECT_FALSE(has(a.reason(p), "loop")) << a.reason(p);
    }
    EXPECT_FALSE(has(a.wrong_way_advice(), "loop")) << a.wrong_way_advice();
    EXPECT_TRUE(has(a.wrong_way_advice(), "the destination lies behind the seed")) << a.wrong_way_advice();
}

TEST(AuditShape3d, TheCornerRampAndTheTwoRoomsHaveNoLoop) {
    for (const char* name : {"corner_ramp.obj", "two_rooms_door.obj"}) {
        const Audited3d a(name);
        EXPECT_FALSE(chase::level_has_loop(a.cells())) << name;
        EXPECT_FALSE(has(a.wrong_way_advice(), "break the loop")) << name;
        for (const AuditPlace& p : a.places) {
            EXPECT_EQ(p.loop_cell, no_cell) << name;
        }
    }
}

// Two rooms of 8 x 8 m joined by a door whose walkable strip holds one row of cells (z 4.125): the door's
// middle cells are a narrow passage, the rooms are two rooms, and no place runs through the door.
TEST(AuditShape3d, TwoRoomsSplitAtTheDoor) {
    const Audited3d a("two_rooms_door.obj");
    const std::vector<std::uint32_t> rooms = chase::cell_rooms(a.cells());
    const CellId west = a.at(4.125, 4.125);
    const CellId east = a.at(13.875, 4.125);
    const CellId door = a.at(9.0, 4.125);
    ASSERT_NE(west, no_cell);
    ASSERT_NE(east, no_cell);
    ASSERT_NE(door, no_cell);
    EXPECT_DOUBLE_EQ(a.position(door).z, 4.125);
    EXPECT_NE(rooms[west], rooms[east]);
    EXPECT_NE(rooms[door], rooms[west]);
    EXPECT_NE(rooms[door], rooms[east]);
    // Every cell of a room's interior (x 1..7 m of the west room) is in the west room.
    for (CellId c = 0; c < a.cells().size(); ++c) {
        const Vec3 p = a.position(c);
        if (p.x > 1.0 && p.x < 7.0 && p.z > 1.0 && p.z < 7.0) {
            EXPECT_EQ(rooms[c], rooms[west]) << c;
        }
        if (p.x > 11.0 && p.x < 17.0 && p.z > 1.0 && p.z < 7.0) {
            EXPECT_EQ(rooms[c], rooms[east]) << c;
        }
    }
    ASSERT_FALSE(a.places.empty());
    for (const AuditPlace& p : a.places) {
        for (const CellId c : p.cells) {
            EXPECT_EQ(rooms[c], rooms[p.cells.front()]);
        }
    }
}

// The ring corridor is 1.8 m walkable (two or three cells): a room, not a narrow passage, all of one room.
TEST(AuditShape3d, AWideCorridorIsOneRoom) {
    const Audited3d a("ring_corridor.obj");
    const std::vector<std::uint32_t> rooms = chase::cell_rooms(a.cells());
    const CellId south = a.at(7.125, 1.125);
    std::size_t same = 0;
    for (CellId c = 0; c < a.cells().size(); ++c) {
        same += rooms[c] == rooms[south] ? 1 : 0;
    }
    EXPECT_GT(same, a.cells().size() * 9 / 10);
}

}  // namespace
}  // namespace kinema::nav
