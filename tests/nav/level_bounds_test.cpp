// Issue 40's 3D level bounds: a column of more stacked floors than Recast connects is refused, naming the
// limit and the column (it kept 63 floors without a word, and 256 failed with a false reason); a level whose
// navmesh tiles a navmesh file could not hold is refused at build time (navmesh build wrote a floor at
// y = 9999999 that it could not read back); and a floor wound clockwise seen from above is the same level as
// the same floor wound counter-clockwise (it was refused as "none is flatter than 45 degrees").
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>

#include "kinema/levels/level_error.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"

namespace kinema::nav {
namespace {

using levels::TriangleMesh;

// `floors` square floors of 10 x 10 m, 2.5 m apart from y = 0 up, each two triangles; clockwise seen from
// above when `clockwise` (its normals face down as wound).
TriangleMesh stacked_floors(int floors, bool clockwise = false, double base = 0.0) {
    TriangleMesh mesh;
    for (int i = 0; i < floors; ++i) {
        const double y = base + 2.5 * i;
        const auto v = static_cast<std::uint32_t>(mesh.vertices.size());
        mesh.vertices.insert(mesh.vertices.end(), {{0, y, 0}, {0, y, 10}, {10, y, 10}, {10, y, 0}});
        if (clockwise) {
            mesh.triangles.push_back({v, v + 3, v + 2});
            mesh.triangles.push_back({v, v + 2, v + 1});
        } else {
            mesh.triangles.push_back({v, v + 1, v + 2});
            mesh.triangles.push_back({v, v + 2, v + 3});
        }
    }
    return mesh;
}

std::string build_error(const TriangleMesh& mesh) {
    try {
        (void)Level::build(mesh, NavSettings{});
    } catch (const levels::LevelError& e) {
        return e.what();
    }
    return "(built)";
}

TEST(StackedFloors, SixtyThreeFloorsAreKeptEveryOne) {
    const Level level = Level::build(stacked_floors(63), NavSettings{});
    // Every floor has chase cells, the top one (y = 155) included.
    std::set<long> floors;
    for (CellId c = 0; c < level.nav_cells().size(); ++c) {
        floors.insert(std::lround(level.nav_cells().position(c).y / 2.5));
    }
    EXPECT_EQ(floors.size(), 63U);
    EXPECT_EQ(*floors.rbegin(), 62);
}

TEST(StackedFloors, MoreThanSixtyThreeInAColumnAreRefusedNamingTheColumn) {
    // 64 kept 63 floors silently (a seed at y = 157.5 was "farther than 2 from every walkable cell").
    EXPECT_EQ(build_error(stacked_floors(64)),
              "level: the voxel column at x = 0.45, z = 0.45 holds 64 walkable floors one above another (the "
              "highest at y = 157.6), more than the 63 Recast connects in one column (those above would be "
              "lost): build the level in parts, a range of heights each");
    // 256 failed with a false reason ("every walkable region is smaller than region_min_size^2").
    EXPECT_EQ(build_error(stacked_floors(256))
                  .find("level: the voxel column at x = 0.45, z = 0.45 holds 256 "
                        "walkable floors one above another"),
              0U);
}

TEST(NavmeshFileBound, ALevelWhoseTilesAFileCannotHoldIsRefusedAtBuild) {
    // A floor at y = 9999999: its tile reaches 10000001 (the agent's 2 m above it); the file reader refuses
    // beyond 1e7, so the build does too.
    EXPECT_EQ(
        build_error(stacked_floors(1, false, 9999999.0)),
        "level: a navmesh tile reaches 10000001 world units from the origin (its bounds: the floors, and "
        "the agent's height above the highest), more than the 10000000 of a navmesh file: move the level "
        "nearer the origin");
    // Just inside: built, written and read back.
    const Level level = Level::build(stacked_floors(1, false, 9999990.0), NavSettings{});
    const Level again = Level::from_navmesh(level.save_navmesh(), "high.nav", NavSettings{});
    EXPECT_EQ(again.save_navmesh(), level.save_navmesh());
}

TEST(Winding, AClockwiseFloorIsTheSameLevelAsACounterClockwiseOne) {
    for (const int floors : {1, 3}) {
        const Level ccw = Level::build(stacked_floors(floors), NavSettings{});
        const Level cw = Level::build(stacked_floors(floors, true), NavSettings{});
        EXPECT_EQ(cw.save_navmesh(), ccw.save_navmesh()) << floors;
        EXPECT_EQ(cw.stats().walkable_triangles, ccw.stats().walkable_triangles) << floors;
    }
}

TEST(Winding, WallsAreNoFloorInEitherWinding) {
    TriangleMesh walls;
    walls.vertices = {{0, 0, 0}, {0, 3, 0}, {5, 3, 0}, {5, 0, 0}};
    walls.triangles = {{0, 1, 2}, {0, 2, 3}};
    EXPECT_EQ(
        build_error(walls),
        "level: no walkable surface: none of the 2 triangles is flatter than agent_max_slope = 45.000000 "
        "degrees, in either winding (y is up)");
}

}  // namespace
}  // namespace kinema::nav
