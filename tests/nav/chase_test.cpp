// The chase flood on 3D levels (kinema::nav::run_chase): floods climb stairs and ramps, destinations are
// heated cells, the NPC's path ends at the destination, the plain graph space, bad seeds.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <optional>

#include "kinema/chase/cell_space.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/nav/chase.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec2;
using kinema::Vec3;
using kinema::chase::CellSpace;
using kinema::chase::CellState;
using kinema::chase::Flood;
using kinema::chase::FloodSettings;
using kinema::chase::StopReason;
using kinema::nav::CellId;
using kinema::nav::ChaseQuery;
using kinema::nav::ChaseResult;
using kinema::nav::Level;
using kinema::nav::NavPath;
using kinema::nav::NavSettings;
using kinema::nav::PathFinder;
using kinema::nav::run_chase;
using kinema::nav_test::bridge_level;
using kinema::nav_test::kUpper;

const std::filesystem::path kMeshes = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "meshes";

/// Lowest and highest floor among the cells the flood heated.
struct HeightRange {
    double low = 1e300;
    double high = -1e300;
};
HeightRange heated_heights(const Level& level, const Flood& flood) {
    HeightRange r;
    for (CellId c : flood.heated_cells()) {
        r.low = std::min(r.low, level.nav_cells().position(c).y);
        r.high = std::max(r.high, level.nav_cells().position(c).y);
    }
    return r;
}

/// The flood's destination is a heated cell, the NPC's path is found and ends there.
void expect_consistent(const Level& level, const Flood& flood, const ChaseResult& r) {
    ASSERT_NE(r.flood.destination_cell, kinema::chase::no_cell);
    EXPECT_EQ(flood.state(r.flood.destination_cell), CellState::heated);
    EXPECT_GE(flood.value(r.flood.destination_cell), 0);
    EXPECT_EQ(r.flood.destination, level.nav_cells().position(r.flood.destination_cell));
    const kinema::nav::CellCoord dest = level.nav_cells().coord(r.flood.destination_cell);
    EXPECT_EQ((kinema::chase::CellCoords{{dest.x, dest.y, dest.z}, 3}), r.destination);
    ASSERT_TRUE(r.path.has_value());
    ASSERT_EQ(r.path->status, NavPath::Status::found);
    ASSERT_FALSE(r.path->points.empty());
    // The path ends at the destination snapped onto the navmesh (where the cell centre is on the navmesh, the
    // centre itself; a chase cell is 0.75 m wide, so its centre can lie just beyond the navmesh's border,
    // which Recast draws from finer 0.3 m voxels): within half a cell diagonal horizontally and within the
    // detail mesh error plus a cell height vertically.
    const Vec3 end = r.path->points.back();
    const double half_diagonal = 0.75 * std::sqrt(0.5);
    EXPECT_LE(std::hypot(end.x - r.flood.destination.x, end.z - r.flood.destination.z), half_diagonal + 1e-6);
    EXPECT_NEAR(end.y, r.flood.destination.y, 0.5);
    // A path is never shorter than the straight line between its ends.
    EXPECT_GE(r.path->length + 1e-9, kinema::length(end - r.path->points.front()));
}

TEST(Chase3d, OnTheBridgeLevelTheFloodClimbsTheRampAndTheNpcFollows) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    Flood flood;
    // Halfway up the ramp (x 33, z 13.5: height 4.5 * 7.5 / 15 = 2.25), running up it (+z).
    ChaseQuery q;
    q.position = {33.0, 2.25, 13.5};
    q.direction = {0.0, 0.0, 1.0};
    q.npc = Vec3{3.0, 0.0, 3.0};
    const ChaseResult up = run_chase(level, finder, flood, q);
    expect_consistent(level, flood, up);
    EXPECT_FALSE(up.flood.seed_snapped);
    // The barrier holds everything down-ramp: nothing on the ground corridor gets heated, the upper floors
    // do.
    EXPECT_GT(heated_heights(level, flood).low, 0.3);
    EXPECT_GT(heated_heights(level, flood).high, kUpper - 0.3);
    EXPECT_GT(up.flood.destination.y, kUpper - 0.3);
    // The NPC at the corridor's far end walks to the ramp's foot and up.
    EXPECT_GT(up.path->length, 30.0);

    // Running down the ramp (-z): the flood stays below the landing and ends on the ground corridor.
    q.direction = {0.0, 0.0, -1.0};
    const ChaseResult down = run_chase(level, finder, flood, q);
    expect_consistent(level, flood, down);
    EXPECT_LT(heated_heights(level, flood).high, kUpper - 0.3);
    EXPECT_LT(down.flood.destination.y, 0.3);

    // Dead reckoning up the ramp runs max_steps * 0.75 = 30 m along +z from z 13.5: the landing ends at z 27
    // minus the agent radius, so the ray is blocked there, on the upper floor.
    q.direction = {0.0, 0.0, 1.0};
    const ChaseResult again = run_chase(level, finder, flood, q);
    EXPECT_TRUE(again.dead_reckoning.on_space);
    EXPECT_TRUE(again.dead_reckoning.blocked);
    // Recast erodes the landing's edge (z 27) by the radius in 0.3 m voxels, ceil(0.6 / 0.3) = 2 voxels, and
    // the partly covered last voxel and contour simplification can move the border up to 2 voxels further in.
    EXPECT_LE(again.dead_reckoning.end_point.z, 27.0 - 0.6 + 1e-4);
    EXPECT_GE(again.dead_reckoning.end_point.z, 27.0 - 0.6 - 2 * 0.3 - 1e-4);
    EXPECT_NEAR(again.dead_reckoning.end_point.x, 33.0, 1e-4);
    EXPECT_NEAR(again.dead_reckoning.end_point.y, kUpper, 0.3);
}

TEST(Chase3d, SeedsFarFromEveryCellAreErrors) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    ChaseQuery q;
    q.position = {100.0, 0.0, 100.0};
    q.direction = {1.0, 0.0, 0.0};
    try {
        run_chase(level, q);
        FAIL() << "expected an error";
    } catch (const kinema::SettingsError& e) {
        // Named as the query's field, so a front end can name its own option (the CLI: --from).
        ASSERT_EQ(e.errors().size(), 1u);
        EXPECT_EQ(e.errors()[0].field, "position");
        EXPECT_EQ(e.errors()[0].message, "(100, 0, 100) is farther than 2 from every walkable cell");
    }
    q.position = {3.0, 0.0, std::nan("")};
    EXPECT_THROW(run_chase(level, q), std::invalid_argument);
    // Just off the corridor's edge (z -0.5; the floor starts at z 0 and its border cells are eroded): snapped
    // onto a ground cell on the corridor's near side.
    q.position = {3.0, 0.0, -0.5};
    PathFinder finder(level);
    EXPECT_THROW(kinema::nav::LevelChaseSpace(level, finder, -1.0), kinema::SettingsError);
    Flood flood;
    const ChaseResult snapped =
        kinema::chase::run_chase(kinema::nav::LevelChaseSpace(level, finder, 3.0), flood, q);
    EXPECT_TRUE(snapped.flood.seed_snapped);
    const Vec3 seed = level.nav_cells().position(snapped.flood.seed_cell);
    EXPECT_NEAR(seed.y, 0.0, 0.21);  // the navmesh lies on top of the floor's 0.2 m voxel
    EXPECT_GT(seed.z, 0.0);
    EXPECT_LT(seed.z, 2.5);
    EXPECT_NEAR(seed.x, 3.0, 0.375 + 1e-9);
}

// The 3D level as a chase space (moved from the CLI's former chase_mesh glue): cells by integer coordinates,
// positions [x, y, z], the NPC's path, and the same JSON writer as grids with the 3D fields added.
TEST(Chase3d, LevelSpaceCoordinatesPathAndJson) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    const kinema::nav::LevelChaseSpace space(level, finder);
    Flood flood;
    ChaseQuery q;
    q.position = {33.0, 2.25, 13.5};  // halfway up the ramp
    q.direction = {0.0, 0.0, 1.0};    // running up it
    q.npc = Vec3{3.0, 0.0, 3.0};
    const ChaseResult r = kinema::chase::run_chase(space, flood, q);
    // The seed cell's integer coordinates: the columns are anchored at multiples of 0.75 (x from 0, z from
    // floor(-10 / 0.75) * 0.75 = -10.5), so column x = floor(33 / 0.75) = 44, z = floor((13.5 + 10.5) / 0.75)
    // = 32; floor height in 0.2 m voxels on the ramp at z 13.875 (the column centre): 4.5 * 7.875 / 15
    // = 2.3625 m, so the voxel top is ceil(2.3625 / 0.2) = 12 (give or take one for the ramp's slope inside
    // the column).
    ASSERT_EQ(r.seed.count, 3);
    EXPECT_EQ(r.seed.values[0], 44);
    EXPECT_EQ(r.seed.values[2], 32);
    EXPECT_NEAR(r.seed.values[1], 12, 1);
    EXPECT_EQ(r.seed_position, level.nav_cells().position(r.flood.seed_cell));
    expect_consistent(level, flood, r);
    EXPECT_EQ(r.dead_reckoning.distance, 40 * 0.75);

    const std::string json = kinema::chase::chase_json(space, flood, r, "bridge.obj");
    const auto has = [&](const std::string& text) { return json.find(text) != std::string::npos; };
    EXPECT_EQ(
        json.rfind(R"({"map":"bridge.obj","cells":)" + std::to_string(level.nav_cells().size()) +
                       R"(,"cell_size":0.75,"cell_height":0.2,"max_levels":)" +
                       std::to_string(level.nav_cells().max_column_size()) + R"(,"from":[33,2.25,13.5],)",
                   0),
        0u)
        << json;
    const auto& c = r.seed.values;
    EXPECT_TRUE(has(R"("seed_cell":[)" + std::to_string(c[0]) + "," + std::to_string(c[1]) + "," +
                    std::to_string(c[2]) + "],"));
    EXPECT_TRUE(has(R"("npc":[3,0,3],"path_status":"found","path":[[)"));
    EXPECT_TRUE(has(R"("path_length":)" + kinema::format_number(r.path->length) + R"(,"touched":[[)"));
    EXPECT_TRUE(has(R"("dead_reckoning_distance":30,)"));
    // Without an NPC there is no path and no npc field.
    q.npc.reset();
    const ChaseResult no_npc = kinema::chase::run_chase(space, flood, q);
    EXPECT_FALSE(no_npc.path.has_value());
    const std::string plain = kinema::chase::chase_json(space, flood, no_npc, "bridge.obj");
    EXPECT_EQ(plain.find("path"), std::string::npos);
    EXPECT_EQ(plain.find("npc"), std::string::npos);
}

TEST(Chase3d, DeterministicAcrossRunsAndFloodObjects) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    ChaseQuery q;
    q.position = {33.0, 2.25, 13.5};
    q.direction = {0.3, 0.0, 1.0};
    q.npc = Vec3{3.0, 0.0, 3.0};
    const ChaseResult a = run_chase(level, q);
    const ChaseResult b = run_chase(level, q);
    EXPECT_EQ(a.flood.centroid, b.flood.centroid);
    EXPECT_EQ(a.flood.destination_cell, b.flood.destination_cell);
    EXPECT_EQ(a.flood.steps, b.flood.steps);
    EXPECT_EQ(a.path->points, b.path->points);
    EXPECT_EQ(a.dead_reckoning.end_point, b.dead_reckoning.end_point);
}

// The Recast demo meshes. Seeds are on staircases found by looking at the cells (floor heights at 0.75 m
// cells): dungeon's stairs from its bottom floor (y 0.2) to the main hall (y 10.2) wind through (-15.6, 1.4,
// 1.1), (-19.4, 3.8, -2.7), (-21.6, 5.8, -13.9), (-17.1, 8.8, -19.2), climbing towards -z; nav_test's wide
// ramp at x 37..47 climbs from y 1 at z 1 towards the upper floor (y 7.3..7.9) along +z.
struct StairCase {
    const char* file;
    Vec3 seed;
    Vec3 up;       ///< the direction up the stairs
    double upper;  ///< the upper floor's height (cells at least this high are on it)
    double lower;  ///< cells at most this high are below the stairs' seed
};

class DemoStairs : public ::testing::TestWithParam<StairCase> {};

TEST_P(DemoStairs, FloodsFromTheStairsReachTheOtherFloorAndPathsEndAtTheDestination) {
    const StairCase s = GetParam();
    if (!std::filesystem::exists(kMeshes / s.file)) {
        GTEST_SKIP() << "shared mesh " << (kMeshes / s.file) << " not found (KINEMA_SHARED_DATA_DIR)";
    }
    const Level level = Level::build(kinema::levels::load_obj(kMeshes / s.file), NavSettings{});
    PathFinder finder(level);
    Flood flood;
    ChaseQuery q;
    q.position = s.seed;
    q.direction = s.up;
    q.npc = s.seed;
    const ChaseResult up = run_chase(level, finder, flood, q);
    EXPECT_FALSE(up.flood.seed_snapped);
    expect_consistent(level, flood, up);
    EXPECT_GE(heated_heights(level, flood).high, s.upper);
    EXPECT_GE(up.flood.destination.y, s.upper);

    // Determinism: the same query again, on the same flood object and on a fresh one.
    const ChaseResult again = run_chase(level, finder, flood, q);
    EXPECT_EQ(again.flood.destination_cell, up.flood.destination_cell);
    EXPECT_EQ(again.flood.centroid, up.flood.centroid);
    EXPECT_EQ(again.path->points, up.path->points);
    EXPECT_EQ(run_chase(level, q).flood.centroid, up.flood.centroid);

    // Every 97th cell as a seed, in four directions: destinations are heated cells and the NPC standing at
    // the seed finds a path there, ending at the destination.
    std::size_t runs = 0;
    std::size_t found = 0;
    for (CellId c = 0; c < level.nav_cells().size(); c += 97) {
        for (const Vec3 dir : {Vec3{1, 0, 0}, Vec3{0, 0, 1}, Vec3{-1, 0, -1}, Vec3{0, 0, 0}}) {
            q.position = level.nav_cells().position(c);
            q.direction = dir;
            q.npc = q.position;
            const ChaseResult r = run_chase(level, finder, flood, q);
            ASSERT_EQ(r.flood.seed_cell, c);
            ASSERT_EQ(flood.state(r.flood.destination_cell), CellState::heated);
            ++runs;
            if (r.path && r.path->status == NavPath::Status::found) {
                ++found;
                const Vec3 end = r.path->points.back();
                EXPECT_EQ(std::optional<Vec3>(end), finder.snap(r.flood.destination));
                EXPECT_LE(std::hypot(end.x - r.flood.destination.x, end.z - r.flood.destination.z),
                          0.75 * std::sqrt(0.5) + 1e-6);
            }
        }
    }
    EXPECT_GT(runs, 50u);
    EXPECT_EQ(found, runs);
}

INSTANTIATE_TEST_SUITE_P(
    Recast, DemoStairs,
    ::testing::Values(StairCase{"dungeon.obj", {-19.39, 3.8, -2.67}, {0, 0, -1}, 9.5, 3.0},
                      StairCase{"nav_test.obj", {41.98, 2.8, 2.82}, {0, 0, 1}, 5.0, 1.0}),
    [](const auto& param_info) {
        std::string name = param_info.param.file;
        return name.substr(0, name.find('.'));
    });

TEST(Chase3d, DownTheDungeonStairsTheFloodStaysBelow) {
    if (!std::filesystem::exists(kMeshes / "dungeon.obj")) {
        GTEST_SKIP() << "shared mesh " << (kMeshes / "dungeon.obj") << " not found (KINEMA_SHARED_DATA_DIR)";
    }
    const Level level = Level::build(kinema::levels::load_obj(kMeshes / "dungeon.obj"), NavSettings{});
    PathFinder finder(level);
    Flood flood;
    ChaseQuery q;
    q.position = {-19.39, 3.8, -2.67};
    q.direction = {0.0, 0.0, 1.0};
    const ChaseResult down = run_chase(level, finder, flood, q);
    // The barrier closes the stairs above: nothing on the main hall (y 10.2) is heated; the destination is
    // below the seed's floor (3.8).
    EXPECT_LT(heated_heights(level, flood).high, 9.5);
    EXPECT_LT(down.flood.destination.y, 3.8);
    // Without a direction there is no barrier and the heat reaches both floors. The navmesh cells cover the
    // staircase's whole width (the voxel cells lost its eroded edges), so a flood spreading both ways heats
    // more than M_H = 25 cells in its 5th step: allow 60.
    q.direction = {0.0, 0.0, 0.0};
    kinema::chase::FloodSettings wide;
    wide.max_heated = 60;
    Flood wide_flood(wide);
    run_chase(level, finder, wide_flood, q);
    EXPECT_GT(heated_heights(level, wide_flood).high, 9.5);
    EXPECT_LT(heated_heights(level, wide_flood).low, 1.0);
}

// A game's own navigation graph runs the flood without Recast (chase::CellSpace::from_adjacency): a corridor
// of 6 waypoints 2 m apart along x with a branch of 2 going up a staircase (+y) from waypoint 2.
TEST(Chase3d, PlainGraphSpaceFromPositionsAndAdjacency) {
    std::vector<Vec3> positions = {{0, 0, 0}, {2, 0, 0},  {4, 0, 0},   {6, 0, 0},
                                   {8, 0, 0}, {10, 0, 0}, {4, 1.5, 2}, {4, 3, 4}};
    std::vector<std::vector<CellId>> adjacency = {{1}, {0, 2}, {1, 3, 6}, {2, 4}, {3, 5}, {4}, {2, 7}, {6}};
    const CellSpace space = CellSpace::from_adjacency(positions, adjacency, kinema::PlanarFrame::xz, 2.0);
    FloodSettings settings;
    settings.hot = 3;
    Flood flood(settings);
    // Seed at waypoint 1 running +x: barrier = waypoint 0 (dot((0-2, 0), (1, 0)) = -2 < 0).
    flood.start(space, CellId{1}, Vec2{1.0, 0.0});
    const auto result = flood.run();
    // Step 1 heats {2}; step 2 heats {3, 6}; step 3 heats {4, 7}; step 4 heats {5}; step 5 finds nothing:
    // exhausted after 4 steps. With H = 3 and lazy cooling, values are 3 - (4 - heated step) clipped at 0:
    // 1 -> 0, 2 -> 0, 3 and 6 -> 1, 4 and 7 -> 2, 5 -> 3.
    EXPECT_EQ(result.stop_reason, StopReason::exhausted);
    EXPECT_EQ(result.steps, 4);
    EXPECT_EQ(flood.value(0), kinema::chase::barrier_value);
    EXPECT_EQ(flood.value(2), 0);
    EXPECT_EQ(flood.value(6), 1);
    EXPECT_EQ(flood.value(7), 2);
    EXPECT_EQ(flood.value(5), 3);
    // Centroid: (1*(6,0,0) + 1*(4,1.5,2) + 2*(8,0,0) + 2*(4,3,4) + 3*(10,0,0)) / 9 = (64, 7.5, 10) / 9.
    EXPECT_DOUBLE_EQ(result.centroid.x, 64.0 / 9.0);
    EXPECT_DOUBLE_EQ(result.centroid.y, 7.5 / 9.0);
    EXPECT_DOUBLE_EQ(result.centroid.z, 10.0 / 9.0);
    // Nearest heated waypoint to (7.11, 0.83, 1.11): waypoint 4 (8,0,0) at d^2 = 0.79+0.69+1.23 = 2.72;
    // waypoint 3 (6,0,0) at 1.23+0.69+1.23 = 3.16.
    EXPECT_EQ(result.destination_cell, 4u);
}

}  // namespace

namespace {

// On a flat floor the cells sampled from the navmesh must be the 2D grid of chase-flood-spec.md (issue 9:
// "with the default constants it spreads as on flat ground"): same cells in the same order (row-major with
// rows along z), 8 neighbours without corner cutting, so every flood gives the same values, steps, stop
// reason and destination as kinema::chase::GridSpace on the grid of its occupied columns.
TEST(Chase3d, OnAFlatFloorTheNavmeshCellsFloodExactlyLikeTheGrid) {
    // A plain rectangle: the navmesh's contour is simplified (edge_max_error) and cuts the corners of a hole,
    // so around one the straight walks of the navmesh cells drop a few diagonals that the grid keeps.
    kinema::nav_test::ObjWriter w;
    w.floor(0.0, 15.0, 0.0, 12.0, 0.0);
    const Level level = Level::build(w.mesh(), NavSettings{});
    const kinema::nav::NavCells& cells = level.nav_cells();
    ASSERT_EQ(cells.grid().origin.x, 0.0);
    ASSERT_EQ(cells.grid().origin.z, 0.0);
    ASSERT_EQ(cells.max_column_size(), 1u);

    kinema::levels::GridLevel grid_level;
    grid_level.name = "columns";
    grid_level.width = cells.grid().width;
    grid_level.height = cells.grid().depth;
    grid_level.passable.assign(static_cast<std::size_t>(grid_level.width) * grid_level.height, 0);
    for (int z = 0; z < grid_level.height; ++z) {
        for (int x = 0; x < grid_level.width; ++x) {
            grid_level.passable[static_cast<std::size_t>(z) * grid_level.width + x] =
                cells.column(x, z).count > 0;
        }
    }
    kinema::chase::GridSpaceSettings grid_settings;
    grid_settings.cell_size = 0.75;
    const kinema::chase::GridSpace grid(grid_level, grid_settings);
    ASSERT_EQ(grid.cells().size(), cells.size());
    EXPECT_EQ(grid.cells().edge_count(), cells.cell_space().edge_count());

    Flood on_grid;
    Flood on_columns;
    std::size_t runs = 0;
    for (CellId seed = 0; seed < cells.size(); seed += 5) {
        for (const Vec2 dir : {Vec2{1, 0}, Vec2{0, 1}, Vec2{-1, -1}, Vec2{0.3, -1}, Vec2{0, 0}}) {
            const auto g = (on_grid.start(grid.cells(), seed, dir), on_grid.run());
            const auto c = (on_columns.start(cells.cell_space(), seed, dir), on_columns.run());
            ASSERT_EQ(g.steps, c.steps);
            ASSERT_EQ(g.stop_reason, c.stop_reason);
            ASSERT_EQ(g.heated_cells, c.heated_cells);
            ASSERT_EQ(g.barrier_cells, c.barrier_cells);
            ASSERT_EQ(g.destination_cell, c.destination_cell);
            ASSERT_NEAR(g.centroid.x, c.centroid.x, 1e-12);
            ASSERT_NEAR(g.centroid.y, c.centroid.z, 1e-12);
            for (CellId k = 0; k < cells.size(); ++k) {
                ASSERT_EQ(on_grid.value(k), on_columns.value(k)) << "seed " << seed << " cell " << k;
            }
            ++runs;
        }
    }
    EXPECT_GT(runs, 100u);
}

// One space per thread (nav::per_thread_chase_spaces): each its own finder over the one level, the same chase
// on each.
TEST(NavChase, PerThreadSpacesEachHaveTheirOwnFinder) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    const kinema::nav::PerThreadChaseSpaces spaces = kinema::nav::per_thread_chase_spaces(level, 3);
    ASSERT_EQ(spaces.spaces.size(), 3u);
    ASSERT_EQ(spaces.finders.size(), 3u);
    EXPECT_NE(spaces.finders[0].get(), spaces.finders[1].get());
    ChaseQuery q;
    q.position = {33.0, 2.25, 13.5};
    q.direction = {0.0, 0.0, 1.0};
    const ChaseResult expected = run_chase(level, q);
    for (const kinema::chase::ChaseSpace* space : spaces.spaces) {
        EXPECT_EQ(space->cells().size(), level.nav_cells().size());
        Flood flood;
        const ChaseResult r = kinema::chase::run_chase(*space, flood, q);
        EXPECT_EQ(r.flood.destination_cell, expected.flood.destination_cell);
        EXPECT_EQ(r.flood.steps, expected.flood.steps);
    }
}

// A chase's settings on either kind of level (nav::ChaseSettings): the grid chase's fields and the navmesh's,
// validated in that order.
TEST(NavChase, ChaseSettingsAreTheGridChasesAndTheNavmeshs) {
    const auto fields = kinema::list_fields(kinema::settings_description<kinema::nav::ChaseSettings>());
    ASSERT_EQ(fields.size(), 28u);  // the flood's 5, the grid's 2, the navmesh's 21
    EXPECT_EQ(fields[0].name, "hot");
    EXPECT_EQ(fields[5].name, "grid.connectivity");
    EXPECT_EQ(fields[7].name, "agent_height");
    kinema::nav::ChaseSettings s;
    kinema::set_field_text(s, "grid.cell_size", "2");
    kinema::set_field_text(s, "agent_radius", "0.25");
    EXPECT_EQ(s.grid.cell_size, 2.0);
    EXPECT_EQ(s.nav.agent_radius, 0.25);
    s.flood.hot = 0;
    s.nav.agent_radius = -1.0;
    const kinema::FieldErrors errors = s.validate();
    ASSERT_EQ(errors.size(), 2u);
    EXPECT_EQ(errors[0].field, "hot");
    EXPECT_EQ(errors[1].field, "agent_radius");
}

}  // namespace
