// Levels built with Recast/Detour: hand-made meshes (floors, ramp, bridge), the Recast demo meshes, and bad
// meshes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <functional>
#include <limits>
#include <vector>

#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::levels::LevelError;
using kinema::levels::TriangleMesh;
using kinema::nav::CellId;
using kinema::nav::Level;
using kinema::nav::NavCells;
using kinema::nav::NavPath;
using kinema::nav::NavSettings;
using kinema::nav::PathFinder;
using kinema::nav_test::bridge_level;
using kinema::nav_test::kUpper;

const std::filesystem::path kMeshes = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "meshes";

/// Cells reachable from `start` through cells accepted by `allowed`.
std::vector<bool> reachable(const NavCells& space, CellId start, const std::function<bool(CellId)>& allowed) {
    std::vector<bool> seen(space.size(), false);
    std::deque<CellId> queue{start};
    seen[start] = true;
    while (!queue.empty()) {
        const CellId c = queue.front();
        queue.pop_front();
        for (CellId n : space.neighbours(c)) {
            if (!seen[n] && allowed(n)) {
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    return seen;
}

CellId cell_under(const NavCells& space, Vec3 p) {
    const auto cell = space.cell_containing(p);
    EXPECT_TRUE(cell.has_value()) << p.x << "," << p.y << "," << p.z;
    return cell.value_or(0);
}

/// Every link goes both ways (no off-mesh connections in these meshes), and some links are diagonal.
void expect_symmetric(const NavCells& space) {
    std::size_t diagonals = 0;
    for (CellId a = 0; a < space.size(); ++a) {
        for (CellId b : space.neighbours(a)) {
            const auto back = space.neighbours(b);
            ASSERT_NE(std::find(back.begin(), back.end(), a), back.end()) << "link " << a << "->" << b;
            const auto ca = space.coord(a);
            const auto cb = space.coord(b);
            diagonals += std::abs(cb.x - ca.x) == 1 && std::abs(cb.z - ca.z) == 1 ? 1 : 0;
        }
    }
    EXPECT_GT(diagonals, 0u);
}

TEST(Level, BridgeOverACorridorKeepsItsFloorsApart) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    const auto& grid = cells.grid();
    // Chase cells are 0.75 m wide, columns anchored at world multiples of 0.75.
    EXPECT_EQ(grid.cell_size, 0.75);
    EXPECT_EQ(std::remainder(grid.origin.x, 0.75), 0.0);
    EXPECT_EQ(std::remainder(grid.origin.z, 0.75), 0.0);
    // Under the bridge (x 15.375, z 3.375: a column centre) the column holds the corridor floor and the deck.
    const auto column = cells.column(static_cast<int>(std::floor((15.375 - grid.origin.x) / 0.75)),
                                     static_cast<int>(std::floor((3.375 - grid.origin.z) / 0.75)));
    ASSERT_EQ(column.count, 2u);
    EXPECT_EQ(cells.max_column_size(), 2u);
    const CellId ground = column.first;
    const CellId deck = column.first + 1;
    // Floors are the navmesh's, which Recast lays on the voxel tops: the ground at 0 and the deck within one
    // cell height (0.2) above 4.5.
    EXPECT_NEAR(cells.position(ground).y, 0.0, 0.21);
    EXPECT_NEAR(cells.position(deck).y, kUpper, 0.21);
    for (CellId n : cells.neighbours(ground)) {
        EXPECT_LT(cells.position(n).y, 0.5) << "the corridor links to the bridge above it";
    }
    for (CellId n : cells.neighbours(deck)) {
        EXPECT_GT(cells.position(n).y, kUpper - 0.5) << "the bridge links to the corridor below it";
    }
    expect_symmetric(cells);

    // Through the ramp the ground reaches the bridge's far end; without the ramp's cells it reaches no upper
    // cell at all.
    const CellId start = cell_under(cells, {3.0, 0.0, 3.0});
    const CellId bridge_end = cell_under(cells, {15.0, kUpper, -8.0});
    EXPECT_TRUE(reachable(cells, start, [](CellId) { return true; })[bridge_end]);
    const auto on_ramp = [&](CellId c) {
        const Vec3 p = cells.position(c);
        return p.x > 29.0 && p.z > 5.0 && p.z < 22.0 && p.y > 0.3 && p.y < kUpper - 0.3;
    };
    const auto without_ramp = reachable(cells, start, [&](CellId c) { return !on_ramp(c); });
    for (CellId c = 0; c < cells.size(); ++c) {
        if (without_ramp[c]) {
            ASSERT_LT(cells.position(c).y, 0.9) << "reached an upper cell without the ramp";
        }
    }
}

TEST(Level, WithoutTheRampTheFloorsAreDisconnected) {
    const Level level = Level::build(bridge_level(false).mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    const auto seen = reachable(cells, cell_under(cells, {3.0, 0.0, 3.0}), [](CellId) { return true; });
    EXPECT_FALSE(seen[cell_under(cells, {15.0, kUpper, -8.0})]);
    PathFinder finder(level);
    const NavPath path = finder.find_path({3.0, 0.0, 3.0}, {15.0, kUpper, -8.0});
    EXPECT_EQ(path.status, NavPath::Status::partial);
}

TEST(Level, PathFromTheCorridorToTheBridgeTakesTheRamp) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    const Vec3 from{3.0, 0.0, 3.0};
    const Vec3 to{15.0, kUpper, -8.0};
    const NavPath path = finder.find_path(from, to);
    ASSERT_EQ(path.status, NavPath::Status::found);
    ASSERT_GE(path.points.size(), 3u);
    // Ends at the goal (snapped onto the navmesh: same x and z, y within the detail mesh error).
    EXPECT_NEAR(path.points.back().x, to.x, 1e-4);
    EXPECT_NEAR(path.points.back().z, to.z, 1e-4);
    EXPECT_NEAR(path.points.back().y, to.y, 0.3);
    EXPECT_NEAR(path.points.front().x, from.x, 1e-4);
    // The straight line is sqrt(12^2 + 4.5^2 + 11^2) = 16.9 m. Through the ramp the walk must cover at least
    // x 3 -> 30.6 (27.6 on the ground, since the ramp starts at x 30 and the agent keeps 0.6 from its side),
    // z up to 21 and back to -8 (18 + 29): more than 27.6 + 47 = 74.6 in x and z moves that cannot overlap,
    // by the triangle inequality at least sqrt(27.6^2 + 18^2) + 29 = 61.9. At most the axis-aligned detour:
    // 30 + 21 + 18 + 32 plus the ramp's climb, < 105.
    EXPECT_GT(path.length, 61.9);
    EXPECT_LT(path.length, 105.0);
    double sum = 0.0;
    for (std::size_t i = 1; i < path.points.size(); ++i) {
        sum += kinema::length(path.points[i] - path.points[i - 1]);
    }
    EXPECT_DOUBLE_EQ(path.length, sum);
    // Some corner is on the ramp's side of the level (x > 29).
    EXPECT_TRUE(std::any_of(path.points.begin(), path.points.end(), [](Vec3 p) { return p.x > 29.0; }));
}

TEST(Level, OffMeshPointsAreReported) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    EXPECT_EQ(finder.find_path({100.0, 0.0, 100.0}, {3.0, 0.0, 3.0}).status, NavPath::Status::start_off_mesh);
    EXPECT_EQ(finder.find_path({3.0, 0.0, 3.0}, {100.0, 0.0, 100.0}).status, NavPath::Status::goal_off_mesh);
    EXPECT_EQ(finder.find_path({3.0, 0.0, 3.0}, {3.0, std::nan(""), 3.0}).status,
              NavPath::Status::goal_off_mesh);
    EXPECT_FALSE(finder.snap({100.0, 0.0, 100.0}).has_value());
    const auto snapped = finder.snap({3.0, 1.0, 3.0});
    ASSERT_TRUE(snapped.has_value());
    EXPECT_NEAR(snapped->y, 0.0, 0.3);
}

TEST(Level, BuildIsDeterministic) {
    const TriangleMesh mesh = bridge_level().mesh();
    const Level a = Level::build(mesh, NavSettings{});
    const Level b = Level::build(mesh, NavSettings{});
    EXPECT_EQ(a.save_navmesh(), b.save_navmesh());
    ASSERT_EQ(a.nav_cells().size(), b.nav_cells().size());
    for (CellId c = 0; c < a.nav_cells().size(); ++c) {
        ASSERT_EQ(a.nav_cells().position(c), b.nav_cells().position(c));
        ASSERT_TRUE(std::ranges::equal(a.nav_cells().neighbours(c), b.nav_cells().neighbours(c)));
    }
    PathFinder fa(a);
    PathFinder fb(b);
    EXPECT_EQ(fa.find_path({3.0, 0.0, 3.0}, {15.0, kUpper, -8.0}).points,
              fb.find_path({3.0, 0.0, 3.0}, {15.0, kUpper, -8.0}).points);
}

std::string build_error(const TriangleMesh& mesh, const NavSettings& settings = {}) {
    try {
        Level::build(mesh, settings);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "no error";
}

TEST(Level, BadMeshesGiveClearErrors) {
    EXPECT_EQ(build_error(TriangleMesh{}), "level: the mesh is empty");
    // The grid loaders' one LevelError, with no file line of its own.
    try {
        Level::build(TriangleMesh{}, NavSettings{});
        FAIL() << "no error";
    } catch (const LevelError& e) {
        EXPECT_EQ(e.file(), "");
        EXPECT_EQ(e.naming_file("empty.obj"), "empty.obj: the mesh is empty");
    }

    TriangleMesh mesh = bridge_level().mesh();
    mesh.vertices[2].y = std::numeric_limits<double>::infinity();
    EXPECT_EQ(build_error(mesh), "level: vertex 3 is not finite (in single precision)");
    mesh = bridge_level().mesh();
    mesh.vertices[2].y = 1e300;  // finite in double, not in float
    EXPECT_EQ(build_error(mesh), "level: vertex 3 is not finite (in single precision)");

    mesh = bridge_level().mesh();
    mesh.triangles[1][2] = 999;
    EXPECT_EQ(build_error(mesh), "level: triangle 2 uses vertex index 999, but the mesh has 16 vertices");

    // All triangles degenerate: repeated corners and collinear corners.
    TriangleMesh flat;
    flat.vertices = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 0, 1}};
    flat.triangles = {{0, 1, 2}, {0, 0, 3}};
    EXPECT_EQ(build_error(flat), "level: all 2 triangles are degenerate (zero area)");

    // Only walls (normals horizontal): nothing walkable.
    TriangleMesh walls;
    walls.vertices = {{0, 0, 0}, {0, 3, 0}, {5, 3, 0}, {5, 0, 0}};
    walls.triangles = {{0, 1, 2}, {0, 2, 3}};
    EXPECT_EQ(
        build_error(walls),
        "level: no walkable surface: none of the 2 triangles is flatter than agent_max_slope = 45.000000 "
        "degrees, in either winding (y is up)");

    // A floor wound clockwise (facing down as given) is a floor: a mesh with nothing walkable as wound is
    // read with its winding reversed (level_bounds_test.cpp).
    TriangleMesh upside_down;
    upside_down.vertices = {{0, 0, 0}, {0, 0, 5}, {5, 0, 5}, {5, 0, 0}};
    upside_down.triangles = {{0, 2, 1}, {0, 3, 2}};
    EXPECT_EQ(build_error(upside_down), "no error");

    // A floor too small for the agent's radius: everything is eroded.
    kinema::nav_test::ObjWriter tiny;
    tiny.floor(0.0, 0.9, 0.0, 0.9, 0.0);
    EXPECT_EQ(build_error(tiny.mesh()),
              "level: no walkable surface left for an agent of height 2.000000 and "
              "radius 0.600000");

    // Huge extents for the cell size.
    mesh = bridge_level().mesh();
    mesh.vertices[0].x = -1e9;
    EXPECT_NE(build_error(mesh).find("too many columns"), std::string::npos);
    mesh = bridge_level().mesh();
    mesh.vertices[0].y = 5000.0;
    EXPECT_NE(build_error(mesh).find("more than 8000 cell heights"), std::string::npos);

    // Degenerate triangles among good ones are skipped and counted.
    mesh = bridge_level().mesh();
    mesh.triangles.push_back({0, 0, 1});
    const Level level = Level::build(mesh, NavSettings{});
    EXPECT_EQ(level.stats().degenerate_triangles, 1u);
    EXPECT_EQ(level.stats().triangles, 9u);
}

// A mesh less than half a voxel across on x or z: rcCalcGridSize rounds its grid to 0 columns, and before the
// check Recast's rasteriser wrote at index -1 (SIGSEGV in rcRasterizeTriangles).
TEST(Level, MeshesLessThanHalfAVoxelAcrossAreRefused) {
    TriangleMesh tiny;
    tiny.vertices = {{0, 0, 0}, {0, 0, 0.1}, {0.1, 0, 0}};
    tiny.triangles = {{0, 1, 2}};
    EXPECT_EQ(
        build_error(tiny),
        "level: the mesh is 0.1 x 0.1 world units on x and z: less than half a voxel (0.3) across on x, "
        "too small for a one-tile navmesh");
    kinema::nav_test::ObjWriter strip;
    strip.floor(0.0, 100.0, 0.0, 0.1, 0.0);  // 100 x 0.1: 333 voxels by 0
    EXPECT_EQ(
        build_error(strip.mesh()),
        "level: the mesh is 100 x 0.1 world units on x and z: less than half a voxel (0.3) across on z, "
        "too small for a one-tile navmesh");
    // Half a voxel (0.15) and more is one column: built (then eroded away by the agent's radius).
    kinema::nav_test::ObjWriter narrow;
    narrow.floor(0.0, 100.0, 0.0, 0.16, 0.0);
    EXPECT_NE(build_error(narrow.mesh()).find("no walkable surface left"), std::string::npos);
    // Tiles have a border of radius + 3 voxels around them: the tiny mesh is no error there.
    NavSettings tiled;
    tiled.tile_size = 16.0;
    EXPECT_NE(build_error(tiny, tiled).find("no walkable surface left"), std::string::npos);
}

// A 10 x 10 floor far from the origin: floats there are 1 apart (beyond 2^23), consecutive voxel boundaries
// round to the same float, and before the check Recast's clipping overflowed its stack buffers ("stack
// smashing detected", SIGABRT). The limit is 2^19 voxels: 157286.4 at 0.3.
TEST(Level, MeshesTooFarFromTheOriginForSinglePrecisionAreRefused) {
    const auto floor_at = [](double x, double z, double side = 10.0) {
        kinema::nav_test::ObjWriter w;
        w.floor(x, x + side, z, z + side, 0.0);
        return w.mesh();
    };
    EXPECT_EQ(
        build_error(floor_at(1e7, 1e7)),
        "level: the mesh reaches 10000010 world units from the origin on x or z, more than the 157286.4 "
        "that Recast rasterises in single precision (2^19 voxels of 0.3, at most 1e7): move the level "
        "nearer the origin");
    EXPECT_NE(build_error(floor_at(0.0, -1.6e7)).find("reaches 16000000 world units"), std::string::npos);
    EXPECT_NE(build_error(floor_at(8e6, 0.0)).find("more than the 157286.4"), std::string::npos);
    NavSettings tiled;
    tiled.tile_size = 64.0;
    EXPECT_NE(build_error(floor_at(1e7, 0.0), tiled).find("more than the 157286.4"), std::string::npos);
    // Just inside the limit the floor builds; with 1 m voxels the limit is 524288.
    EXPECT_GT(Level::build(floor_at(157270.0, -157270.0), NavSettings{}).nav_cells().size(), 0u);
    NavSettings coarse;
    coarse.cell_size = 1.0;
    coarse.cell_height = 0.5;
    EXPECT_GT(Level::build(floor_at(500000.0, 0.0, 40.0), coarse).nav_cells().size(), 0u);
    EXPECT_NE(build_error(floor_at(530000.0, 0.0), coarse).find("more than the 524288"), std::string::npos);
    // Heights beyond a navmesh file's 1e7.
    TriangleMesh high = floor_at(0.0, 0.0);
    for (Vec3& v : high.vertices) {
        v.y = 2e7;
    }
    EXPECT_EQ(
        build_error(high),
        "level: the mesh reaches 20000000 world units from the origin on y, more than the 1e7 of a navmesh "
        "file: move the level nearer the origin");
}

// An 86-byte OBJ can describe kilometres: before the estimate a 5 km square in 4096-voxel tiles ran past a
// minute at 1.6 GB and 2 km in 256-voxel tiles took 19.5 s and 2.5 GB. The voxels are counted first.
TEST(Level, BuildsOverTheVoxelBudgetAreRefusedBeforeRecastStarts) {
    const auto square = [](double side) {
        kinema::nav_test::ObjWriter w;
        w.floor(0.0, side, 0.0, side, 0.0);
        return w.mesh();
    };
    NavSettings s;
    s.tile_size = 4096.0;
    EXPECT_EQ(
        build_error(square(5000.0), s),
        "level: the triangles cover 25000000 square world units, about 277777778 voxels of 0.3, more than "
        "max_voxels = 4194304: raise cell_size or max_voxels, or build the level in parts");
    s.tile_size = 256.0;
    EXPECT_NE(build_error(square(2000.0), s).find("about 44444445 voxels of 0.3"), std::string::npos);
    // 615 m square: 4,202,500 voxels, just over; 614 m: 4,188,845, built below (not here: 2.3 s).
    EXPECT_NE(build_error(square(615.0), s).find("about 4202500 voxels"), std::string::npos);
    // Heightfields held at once: two tiles of 4096 + 2 x 5 voxels on two threads, 2 x 4106^2 = 33,718,472
    // over 8 x 4194304; one thread holds one.
    kinema::nav_test::ObjWriter strip;
    strip.floor(0.0, 1300.0, 0.0, 2.0, 0.0);  // 4334 voxels on x: two tiles
    s.tile_size = 4096.0;
    s.threads = 2.0;
    EXPECT_EQ(
        build_error(strip.mesh(), s),
        "level: 2 tiles building at once would hold 33718472 voxel columns at cell size 0.3, more than 8 x "
        "max_voxels = 33554432: lower tile_size or threads, or raise max_voxels");
}

TEST(Level, BadSettingsAreNamed) {
    NavSettings s;
    s.cell_size = 0.0;
    s.agent_max_slope = 90.0;
    s.verts_per_poly = 7.0;
    const std::string error = build_error(bridge_level().mesh(), s);
    EXPECT_NE(error.find("cell_size must be in [0.001, 1000], got 0"), std::string::npos) << error;
    EXPECT_NE(error.find("agent_max_slope must be in [0, 90)"), std::string::npos) << error;
    EXPECT_NE(error.find("verts_per_poly must be in [3, 6]"), std::string::npos) << error;
    s = NavSettings{};
    s.agent_height = 0.4;  // 2 cell heights of 0.2: Recast needs 3
    EXPECT_NE(build_error(bridge_level().mesh(), s)
                  .find("agent_height must be in (0.4, 50]: 3 to 250 cell heights of 0.2"),
              std::string::npos);
    EXPECT_TRUE(NavSettings{}.validate().empty());
}

// The Recast demo meshes. Counts measured in influence-maps-and-levels.md section 5.2 with RecastDemo
// defaults: dungeon 118 polygons, nav_test 153.
struct DemoMesh {
    const char* file;
    std::size_t polygons;
};

class DemoMeshes : public ::testing::TestWithParam<DemoMesh> {};

TEST_P(DemoMeshes, MatchRecastCounts) {
    const DemoMesh demo = GetParam();
    if (!std::filesystem::exists(kMeshes / demo.file)) {
        GTEST_SKIP() << "shared mesh " << (kMeshes / demo.file) << " not found (KINEMA_SHARED_DATA_DIR)";
    }
    const TriangleMesh mesh = kinema::levels::load_obj(kMeshes / demo.file);
    const Level level = Level::build(mesh, NavSettings{});
    EXPECT_EQ(level.stats().nav_polygons, demo.polygons);
    EXPECT_EQ(level.stats().degenerate_triangles, 0u);
    EXPECT_EQ(level.stats().nav_tiles, 1u);
    EXPECT_GE(level.nav_cells().max_column_size(), 2u) << "expected multi-level columns";
    expect_symmetric(level.nav_cells());

    // Snapped points stay inside the snap box (2, 4, 2) around the query, even where Detour's nearest polygon
    // is a long diagonal one whose bounding box covers the query (dungeon: (10, 10, -10) once snapped 6 m).
    PathFinder finder(level);
    std::size_t snapped = 0;
    for (CellId c = 0; c < level.nav_cells().size(); c += 7) {
        const Vec3 p = level.nav_cells().position(c) + Vec3{1.9, 0.5, -1.7};
        if (const auto s = finder.snap(p)) {
            ++snapped;
            EXPECT_LE(std::abs(s->x - p.x), 2.0 + 1e-6);
            EXPECT_LE(std::abs(s->y - p.y), 4.0 + 1e-6);
            EXPECT_LE(std::abs(s->z - p.z), 2.0 + 1e-6);
        }
    }
    EXPECT_GT(snapped, level.nav_cells().size() / 7 / 2);
    if (std::string(demo.file) == "dungeon.obj") {
        EXPECT_FALSE(finder.snap({10.0, 10.0, -10.0}).has_value());
    }
}

INSTANTIATE_TEST_SUITE_P(Recast, DemoMeshes,
                         ::testing::Values(DemoMesh{"dungeon.obj", 118}, DemoMesh{"nav_test.obj", 153}),
                         [](const auto& param_info) {
                             std::string name = param_info.param.file;
                             return name.substr(0, name.find('.'));
                         });

}  // namespace
