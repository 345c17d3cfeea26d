// The navmesh build (src/nav/navmesh_build.cpp, recast_voxels.cpp, recast_tile.cpp): the same bytes on any
// number of workers and on a host's task system, and the errors of meshes that cannot become a navmesh.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "error_of.hpp"
#include "kinema/core/parallel_for.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::TaskFunction;
using kinema::TaskSystem;
using kinema::Vec3;
using kinema::levels::LevelError;
using kinema::levels::TriangleMesh;
using kinema::nav::Level;
using kinema::nav::NavSettings;
using kinema::nav_test::bridge_level;

/// A host that runs each task as soon as it is handed one (enqueue_task returns no handle), recording the
/// workers it ran: a job system with no free thread.
struct InlineHost {
    std::vector<int> workers;
    static void* enqueue(TaskFunction task, int worker, void* task_context, void* host) {
        static_cast<InlineHost*>(host)->workers.push_back(worker);
        task(worker, task_context);
        return nullptr;
    }
    static void finish(void* /*task*/, void* /*host*/) { ADD_FAILURE() << "finish_task for no handle"; }
};

/// A host that runs each task only when kinema waits for it (finish_task), as a job system whose threads are
/// all busy until then.
struct DeferredHost {
    struct Task {
        TaskFunction run;
        int worker;
        void* context;
    };
    std::vector<Task> tasks;
    int finished = 0;
    DeferredHost() { tasks.reserve(8); }  // room for every worker: the handles (addresses) stay valid
    static void* enqueue(TaskFunction task, int worker, void* task_context, void* host) {
        auto& self = *static_cast<DeferredHost*>(host);
        self.tasks.push_back({task, worker, task_context});
        return &self.tasks.back();
    }
    static void finish(void* task, void* host) {
        const auto& t = *static_cast<Task*>(task);
        t.run(t.worker, t.context);
        ++static_cast<DeferredHost*>(host)->finished;
    }
};

TEST(NavmeshBuild, TheSameBytesOnOneOrFourThreadsAndOnAHostsTaskSystem) {
    const TriangleMesh mesh = kinema::nav_test::two_storey_building().mesh();
    NavSettings s;
    s.tile_size = 16.0;
    const Level one = Level::build(mesh, s);
    ASSERT_GT(one.stats().nav_tiles, 8u);
    const std::string bytes = one.save_navmesh();

    s.threads = 4.0;
    EXPECT_EQ(Level::build(mesh, s).save_navmesh(), bytes);

    InlineHost inline_host;
    s.tasks = {&InlineHost::enqueue, &InlineHost::finish, &inline_host};
    EXPECT_EQ(Level::build(mesh, s).save_navmesh(), bytes);
    EXPECT_EQ(inline_host.workers, (std::vector<int>{1, 2, 3}));

    DeferredHost deferred;
    s.tasks = {&DeferredHost::enqueue, &DeferredHost::finish, &deferred};
    EXPECT_EQ(Level::build(mesh, s).save_navmesh(), bytes);
    EXPECT_EQ(deferred.tasks.size(), 3u);
    EXPECT_EQ(deferred.finished, 3);
}

TEST(NavmeshBuild, ATileErrorReachesTheCallerOnAnyThreadCount) {
    // Every tile of a floor at y = 9999999 reaches past the navmesh file's 1e7 once the agent's height is
    // added (recast_tile.cpp, check_readable): the same error on one worker or four.
    kinema::nav_test::ObjWriter w;
    w.floor(0.0, 20.0, 0.0, 20.0, 9999999.0);
    NavSettings s;
    s.tile_size = 16.0;
    std::string first;
    for (const double threads : {1.0, 4.0}) {
        s.threads = threads;
        try {
            Level::build(w.mesh(), s);
            ADD_FAILURE() << "a floor at y = 9999999 built on " << threads << " threads";
        } catch (const LevelError& e) {
            first = first.empty() ? e.what() : first;
            EXPECT_EQ(e.what(), first);
            EXPECT_NE(std::string(e.what()).find("a navmesh tile reaches"), std::string::npos) << e.what();
        }
    }
}

std::string build_error(const TriangleMesh& mesh, const NavSettings& settings = {}) {
    return kinema::test::error_of([&] { (void)Level::build(mesh, settings); });
}

TEST(NavmeshBuild, BadMeshesGiveClearErrors) {
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
TEST(NavmeshBuild, MeshesLessThanHalfAVoxelAcrossAreRefused) {
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
TEST(NavmeshBuild, MeshesTooFarFromTheOriginForSinglePrecisionAreRefused) {
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
TEST(NavmeshBuild, BuildsOverTheVoxelBudgetAreRefusedBeforeRecastStarts) {
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

}  // namespace
