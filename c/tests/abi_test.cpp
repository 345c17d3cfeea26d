// The C ABI against the C++ library it wraps: the settings' defaults and ranges against the registry, the
// chase JSON against chase_json on a shared map and on a 3D level, a grid from memory against the same map
// loaded from its file, a mesh from memory against the same OBJ file loaded, an engine's polygons against
// the grid of the same floor, the JSON buffer protocol and per-thread errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "flood_json.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/kinema.h"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/obj.hpp"
#include "range_edges.hpp"

#if KINEMA_TEST_HAVE_NAV
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema/nav/settings.hpp"
#include "nav_settings_fit.hpp"
#endif

namespace {

namespace ch = kinema::chase;

using kinema::c_test::c_chase_json;
using kinema::c_test::flood_json;

TEST(CAbiSettings, DefaultsAndRangesAreTheRegistrys) {
    // kinema_flood_settings mirrors FloodSettings (c/src/mirrors.hpp asserts the layout), so the registry's
    // own accessors read and write the C struct.
    const kinema::SettingsDescription& d = ch::describe_settings(std::type_identity<ch::FloodSettings>{});
    ASSERT_EQ(d.fields.size(), 5u);
    const kinema_flood_settings defaults = kinema_flood_settings_default();
    for (const kinema::FieldDescriptor& f : d.fields) {
        SCOPED_TRACE(std::string(f.name));
        EXPECT_EQ(f.get(&defaults), f.default_value);
        const auto create_with = [&](double value) {
            kinema_flood_settings s = defaults;
            f.put(&s, value);
            kinema_flood* flood = nullptr;
            const kinema_status status = kinema_flood_create(&s, &flood);
            kinema_flood_destroy(flood);
            return status;
        };
        if (f.type == kinema::FieldType::choice) {
            for (const kinema::FieldChoice& choice : f.choices) {
                EXPECT_EQ(create_with(choice.value), KINEMA_OK);
            }
            EXPECT_EQ(create_with(static_cast<double>(f.choices.size())), KINEMA_ERROR_ARGUMENT);
            continue;
        }
        kinema::c_test::expect_range_edges(
            f, [&](double value) { EXPECT_EQ(create_with(value), KINEMA_OK) << value; },
            [&](double value) {
                EXPECT_EQ(create_with(value), KINEMA_ERROR_ARGUMENT) << value;
                EXPECT_NE(std::string(kinema_last_error()).find(f.name), std::string::npos)
                    << kinema_last_error();
            });
    }
}

// kinema_dead_reckoning for the chase's own distance (M_S cell sizes) is the chase result's dead reckoning.
void expect_dead_reckoning(const kinema_space* space, kinema_vec3 from, kinema_vec3 dir,
                           const ch::DeadReckoning& expected) {
    kinema_dead_reckoning_result got{};
    ASSERT_EQ(kinema_dead_reckoning(space, from, dir, expected.distance, &got), KINEMA_OK)
        << kinema_last_error();
    EXPECT_EQ(got.position.x, expected.position.x);
    EXPECT_EQ(got.position.y, expected.position.y);
    EXPECT_EQ(got.position.z, expected.position.z);
    EXPECT_EQ(got.end_point.x, expected.end_point.x);
    EXPECT_EQ(got.end_point.y, expected.end_point.y);
    EXPECT_EQ(got.end_point.z, expected.end_point.z);
    EXPECT_EQ(got.cell, expected.cell == ch::no_cell ? -1 : static_cast<int64_t>(expected.cell));
    EXPECT_EQ(got.blocked, expected.blocked);
    EXPECT_EQ(got.on_space, expected.on_space);
    EXPECT_EQ(got.distance, expected.distance);
}

TEST(CAbiChase, JsonIsChaseJsonOnASharedMapAndTheGridFromMemoryIsTheFile) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den520d.map";
    if (!std::filesystem::exists(path)) {
        GTEST_SKIP() << "shared map " << path << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    const kinema_vec3 from{128.5, 180.5, 0.0};
    const kinema_vec3 dir{1.0, -0.5, 0.0};
    kinema_space* loaded = nullptr;
    ASSERT_EQ(kinema_space_load(path.c_str(), &loaded), KINEMA_OK) << kinema_last_error();
    const std::string c_json = c_chase_json(loaded, from, dir, nullptr);

    const kinema::levels::GridLevel level = kinema::levels::load_level(path);
    const ch::GridSpace grid(level);
    const ch::GridChaseSpace space(grid);
    ch::Flood flood;
    ch::ChaseQuery query;
    query.position = {from.x, from.y, from.z};
    query.direction = {dir.x, dir.y, dir.z};
    const ch::ChaseResult result = ch::run_chase(space, flood, query);
    EXPECT_EQ(c_json, ch::chase_json(space, flood, result, path));
    EXPECT_GT(result.flood.heated_cells, 20u);  // a real chase, not a seed boxed in
    expect_dead_reckoning(loaded, from, dir, result.dead_reckoning);

    kinema_space* memory = nullptr;
    ASSERT_EQ(kinema_space_from_grid(level.width, level.height, level.passable.data(), 8, &memory),
              KINEMA_OK);
    EXPECT_EQ(c_chase_json(memory, from, dir, path.c_str()), c_json);
    kinema_space_destroy(memory);
    kinema_space_destroy(loaded);
}

#if KINEMA_TEST_HAVE_NAV
TEST(CAbiChase, AMeshLevelFloodsLikeTheCli) {
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << kinema_last_error();
    int64_t cells = 0;
    ASSERT_EQ(kinema_space_cell_count(space, &cells), KINEMA_OK);
    EXPECT_GT(cells, 10);
    const std::string json = c_chase_json(space, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0}, "ramp");
    EXPECT_EQ(json.rfind("{\"map\":\"ramp\"", 0), 0u) << json.substr(0, 80);
    // Dead reckoning on the navmesh: the C++ level's own, for the chase's distance.
    const kinema::nav::Level level = kinema::nav::load_mesh_level(path, kinema::nav::NavSettings{});
    kinema::nav::PathFinder finder(level);
    const kinema::nav::LevelChaseSpace nav_space(level, finder);
    const double distance =
        ch::default_dead_reckoning_distance(ch::FloodSettings{}.max_steps, nav_space.cells().cell_size());
    expect_dead_reckoning(space, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0},
                          nav_space.dead_reckoning({1.0, 0.0, 2.0}, {1.0, 0.0, 0.0}, distance));
    kinema_dead_reckoning_result refused{};
    EXPECT_EQ(kinema_dead_reckoning(space, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0}, std::nan(""), &refused),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(std::string(kinema_last_error()).find("dead_reckoning_distance"), std::string::npos);
    EXPECT_EQ(kinema_dead_reckoning(nullptr, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0}, 1.0, &refused),
              KINEMA_ERROR_ARGUMENT);
    kinema_space_destroy(space);
}
#endif

#if KINEMA_TEST_HAVE_NAV
// The mesh of an OBJ file as the arrays an engine holds: xyz floats and index triples.
struct MeshArrays {
    std::vector<float> xyz;
    std::vector<int> triangles;
};
MeshArrays mesh_arrays(const std::string& path) {
    const kinema::levels::TriangleMesh mesh = kinema::levels::load_obj(path);
    MeshArrays out;
    for (const kinema::Vec3& v : mesh.vertices) {
        out.xyz.insert(out.xyz.end(),
                       {static_cast<float>(v.x), static_cast<float>(v.y), static_cast<float>(v.z)});
    }
    for (const auto& t : mesh.triangles) {
        out.triangles.insert(out.triangles.end(),
                             {static_cast<int>(t[0]), static_cast<int>(t[1]), static_cast<int>(t[2])});
    }
    return out;
}

struct kinema_flood_result finished_result(const kinema_space* space, kinema_vec3 from, kinema_vec3 dir) {
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    EXPECT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    EXPECT_EQ(kinema_flood_start(flood, space, from, dir), KINEMA_OK) << kinema_last_error();
    EXPECT_EQ(kinema_flood_advance(flood, 1000, nullptr), KINEMA_OK);
    struct kinema_flood_result result {};
    EXPECT_EQ(kinema_flood_get_result(flood, &result), KINEMA_OK);
    kinema_flood_destroy(flood);
    return result;
}

// Version 6's counts are integers (issue 42): NavSettings keeps them as doubles, the C struct as int64_t
// where 2^28 must fit and int otherwise.
static_assert(std::is_same_v<decltype(kinema_nav_settings::max_chase_columns), int64_t>);
static_assert(std::is_same_v<decltype(kinema_nav_settings::max_voxels), int64_t>);
static_assert(std::is_same_v<decltype(kinema_nav_settings::tile_size), int>);
static_assert(std::is_same_v<decltype(kinema_nav_settings::threads), int>);
static_assert(std::is_same_v<decltype(kinema_nav_settings::verts_per_poly), int>);

// The C struct's fields as NavSettings, so that the registry's accessors by name read them, and back (onto
// `base`, which keeps its task system and internal_check): written here field by field, apart from the
// library's own conversion, so that a field the library drops or mixes up shows.
kinema::nav::NavSettings as_cpp(const kinema_nav_settings& c) {
    kinema::nav::NavSettings s;
    s.agent_height = c.agent_height;
    s.agent_radius = c.agent_radius;
    s.agent_max_climb = c.agent_max_climb;
    s.agent_max_slope = c.agent_max_slope;
    s.cell_size = c.cell_size;
    s.cell_height = c.cell_height;
    s.chase_cell_size = c.chase_cell_size;
    s.max_chase_columns = static_cast<double>(c.max_chase_columns);
    s.max_voxels = static_cast<double>(c.max_voxels);
    s.tile_size = c.tile_size;
    s.threads = c.threads;
    s.region_min_size = c.region_min_size;
    s.region_merge_size = c.region_merge_size;
    s.edge_max_length = c.edge_max_length;
    s.edge_max_error = c.edge_max_error;
    s.verts_per_poly = c.verts_per_poly;
    s.detail_sample_distance = c.detail_sample_distance;
    s.detail_sample_max_error = c.detail_sample_max_error;
    s.snap_extents = {c.snap_extents.x, c.snap_extents.y, c.snap_extents.z};
    return s;
}

kinema_nav_settings as_c(const kinema::nav::NavSettings& s, kinema_nav_settings base) {
    base.agent_height = s.agent_height;
    base.agent_radius = s.agent_radius;
    base.agent_max_climb = s.agent_max_climb;
    base.agent_max_slope = s.agent_max_slope;
    base.cell_size = s.cell_size;
    base.cell_height = s.cell_height;
    base.chase_cell_size = s.chase_cell_size;
    base.max_chase_columns = static_cast<int64_t>(s.max_chase_columns);
    base.max_voxels = static_cast<int64_t>(s.max_voxels);
    base.tile_size = static_cast<int>(s.tile_size);
    base.threads = static_cast<int>(s.threads);
    base.region_min_size = s.region_min_size;
    base.region_merge_size = s.region_merge_size;
    base.edge_max_length = s.edge_max_length;
    base.edge_max_error = s.edge_max_error;
    base.verts_per_poly = static_cast<int>(s.verts_per_poly);
    base.detail_sample_distance = s.detail_sample_distance;
    base.detail_sample_max_error = s.detail_sample_max_error;
    base.snap_extents = {s.snap_extents.x, s.snap_extents.y, s.snap_extents.z};
    return base;
}

TEST(CAbiNavSettings, DefaultsAndRangesAreTheRegistrys) {
    const kinema::SettingsDescription& d = kinema::settings_description<kinema::nav::NavSettings>();
    const kinema_nav_settings defaults = kinema_nav_settings_default();
    EXPECT_EQ(defaults.internal_check, KINEMA_INTERNAL_CHECK);
    EXPECT_EQ(defaults.enqueue_task, nullptr);
    EXPECT_EQ(defaults.finish_task, nullptr);
    EXPECT_EQ(defaults.task_context, nullptr);
    // Two squares (docs/engines.md's example): a build that reads every setting it uses and is quick.
    const float xyz[] = {0, 0, 0, 1.5F, 0, 0, 3, 0, 0, 0, 0, 1.5F, 1.5F, 0, 1.5F, 3, 0, 1.5F};
    const int indices[] = {0, 1, 4, 3, 1, 2, 5, 4};
    const int sizes[] = {4, 4};
    const auto build = [&](const kinema_nav_settings& s) {
        kinema_space* space = nullptr;
        const kinema_status status = kinema_space_from_polygons(xyz, 6, indices, sizes, 2, &s, &space);
        kinema_space_destroy(space);
        return status;
    };
    ASSERT_EQ(build(defaults), KINEMA_OK) << kinema_last_error();
    const std::vector<kinema::NamedField> fields = kinema::list_fields(d);
    ASSERT_EQ(fields.size(), 21u);
    for (const kinema::NamedField& named : fields) {
        SCOPED_TRACE(named.name);
        const kinema::FieldDescriptor& f = *named.field;
        const kinema::nav::NavSettings cpp_defaults = as_cpp(defaults);
        EXPECT_EQ(kinema::get_field(d, &cpp_defaults, named.name), f.default_value);
        // The agent's and the voxel sizes are checked against each other: the others fit the value first.
        // At most 2^16 chase columns (but when that is the field asked about): chase_cell_size 0.001 would
        // sample 4.5 million of them over the 3 m floor, a minute here for a question about the setting.
        const auto with = [&](double value) {
            kinema::nav::NavSettings s = as_cpp(defaults);
            kinema::test::fit_nav_sizes_to(s, named.name, value);
            if (named.name != "max_chase_columns") {
                s.max_chase_columns = 65536.0;
            }
            kinema::set_field(d, &s, named.name, value);
            return build(as_c(s, defaults));
        };
        const auto expect_refused = [&](double value) {
            EXPECT_EQ(with(value), KINEMA_ERROR_ARGUMENT) << value;
            EXPECT_NE(std::string(kinema_last_error()).find(named.name), std::string::npos)
                << kinema_last_error();
        };
        // An end of a range is a valid setting: the build may still find no level with it (one chase column
        // over a 3 m floor), but never refuses the setting.
        const auto expect_accepted = [&](double value) {
            const kinema_status status = with(value);
            EXPECT_TRUE(status == KINEMA_OK || status == KINEMA_ERROR_INPUT)
                << value << ": " << kinema_last_error();
        };
        kinema::c_test::expect_range_edges(f, expect_accepted, expect_refused);
    }
}

TEST(CAbiMesh, AMeshFromMemoryIsTheObjFileLoaded) {
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
    const MeshArrays arrays = mesh_arrays(path);
    kinema_space* loaded = nullptr;
    ASSERT_EQ(kinema_space_load(path.c_str(), &loaded), KINEMA_OK) << kinema_last_error();
    kinema_space* memory = nullptr;
    ASSERT_EQ(kinema_space_from_mesh(arrays.xyz.data(), static_cast<int>(arrays.xyz.size() / 3),
                                     arrays.triangles.data(), static_cast<int>(arrays.triangles.size() / 3),
                                     nullptr, &memory),
              KINEMA_OK)
        << kinema_last_error();
    int64_t loaded_cells = 0;
    int64_t memory_cells = 0;
    ASSERT_EQ(kinema_space_cell_count(loaded, &loaded_cells), KINEMA_OK);
    ASSERT_EQ(kinema_space_cell_count(memory, &memory_cells), KINEMA_OK);
    EXPECT_EQ(memory_cells, loaded_cells);
    EXPECT_GT(memory_cells, 100);
    // Lost at the west end running east; the flood goes round the corner and up the ramp.
    const kinema_vec3 from{1.0, 0.0, 2.0};
    const kinema_vec3 dir{1.0, 0.0, 0.0};
    const struct kinema_flood_result a = finished_result(memory, from, dir);
    const struct kinema_flood_result b = finished_result(loaded, from, dir);
    EXPECT_EQ(a.steps, b.steps);
    EXPECT_EQ(a.heated_cells, b.heated_cells);
    EXPECT_EQ(a.barrier_cells, b.barrier_cells);
    EXPECT_EQ(a.destination_cell, b.destination_cell);
    EXPECT_EQ(a.destination.y, b.destination.y);
    EXPECT_GT(a.heated_cells, 20);
    EXPECT_EQ(c_chase_json(memory, from, dir, path.c_str()), c_chase_json(loaded, from, dir, nullptr));
    // Its own name is "mesh".
    EXPECT_EQ(c_chase_json(memory, from, dir, nullptr).rfind("{\"map\":\"mesh\"", 0), 0u);

    // Different settings make a different level: chase cells of 1.5 m, a quarter as many columns.
    kinema_nav_settings coarse = kinema_nav_settings_default();
    coarse.chase_cell_size = 1.5;
    kinema_space* coarse_space = nullptr;
    ASSERT_EQ(kinema_space_from_mesh(arrays.xyz.data(), static_cast<int>(arrays.xyz.size() / 3),
                                     arrays.triangles.data(), static_cast<int>(arrays.triangles.size() / 3),
                                     &coarse, &coarse_space),
              KINEMA_OK);
    int64_t coarse_cells = 0;
    ASSERT_EQ(kinema_space_cell_count(coarse_space, &coarse_cells), KINEMA_OK);
    EXPECT_LT(coarse_cells, memory_cells / 3);
    kinema_space_destroy(coarse_space);
    kinema_space_destroy(memory);
    kinema_space_destroy(loaded);
}

// "Any winding" (kinema_c.h): a floor wound clockwise seen from above (its normal faces down as given) was
// refused as "none of the 2 triangles is flatter than 45 degrees"; it is the same level as the floor wound
// counter-clockwise.
TEST(CAbiMesh, AFloorWoundClockwiseIsAFloor) {
    const float xyz[] = {0, 0, 0, 12, 0, 0, 12, 0, 12, 0, 0, 12};
    const int clockwise[] = {0, 1, 2, 0, 2, 3};
    const int counter_clockwise[] = {0, 2, 1, 0, 3, 2};
    kinema_space* cw = nullptr;
    kinema_space* ccw = nullptr;
    ASSERT_EQ(kinema_space_from_mesh(xyz, 4, clockwise, 2, nullptr, &cw), KINEMA_OK) << kinema_last_error();
    ASSERT_EQ(kinema_space_from_mesh(xyz, 4, counter_clockwise, 2, nullptr, &ccw), KINEMA_OK)
        << kinema_last_error();
    int64_t cw_cells = 0;
    int64_t ccw_cells = 0;
    ASSERT_EQ(kinema_space_cell_count(cw, &cw_cells), KINEMA_OK);
    ASSERT_EQ(kinema_space_cell_count(ccw, &ccw_cells), KINEMA_OK);
    EXPECT_GT(cw_cells, 0);
    EXPECT_EQ(cw_cells, ccw_cells);
    kinema_space_destroy(cw);
    kinema_space_destroy(ccw);
}

TEST(CAbiMesh, BadArraysAreErrorsNamingTheArgumentAndTheIndex) {
    const float xyz[] = {0, 0, 0, 4, 0, 0, 4, 0, 4, 0, 0, 4};
    const int triangles[] = {0, 1, 2, 0, 2, 3};
    kinema_space* space = nullptr;
    const auto fails = [&](kinema_status status, const float* v, int vertices, const int* t, int count,
                           const std::string& message) {
        EXPECT_EQ(kinema_space_from_mesh(v, vertices, t, count, nullptr, &space), status) << message;
        EXPECT_EQ(std::string(kinema_last_error()), message);
        EXPECT_EQ(space, nullptr);
    };
    fails(KINEMA_ERROR_ARGUMENT, nullptr, 4, triangles, 2, "kinema_space_from_mesh: xyz is NULL");
    fails(KINEMA_ERROR_ARGUMENT, xyz, 4, nullptr, 2, "kinema_space_from_mesh: triangles is NULL");
    fails(KINEMA_ERROR_ARGUMENT, xyz, 0, triangles, 2,
          "kinema_space_from_mesh: vertex_count must be in [1, 2147483647], got 0");
    fails(KINEMA_ERROR_ARGUMENT, xyz, 4, triangles, -1,
          "kinema_space_from_mesh: triangle_count must be in [1, 2147483647], got -1");
    const int out_of_range[] = {0, 1, 2, 0, 2, 4};
    fails(KINEMA_ERROR_ARGUMENT, xyz, 4, out_of_range, 2,
          "kinema_space_from_mesh: triangles[5] = 4 is not a vertex index: vertex_count is 4 (triangle 1)");
    const int negative[] = {0, -1, 2};
    fails(KINEMA_ERROR_ARGUMENT, xyz, 4, negative, 1,
          "kinema_space_from_mesh: triangles[1] = -1 is not a vertex index: vertex_count is 4 (triangle 0)");
    float nan_xyz[12];
    std::copy(std::begin(xyz), std::end(xyz), nan_xyz);
    nan_xyz[7] = std::numeric_limits<float>::quiet_NaN();
    fails(KINEMA_ERROR_ARGUMENT, nan_xyz, 4, triangles, 2,
          "kinema_space_from_mesh: xyz[7] is NaN (vertex 2, y)");
    nan_xyz[7] = -std::numeric_limits<float>::infinity();
    fails(KINEMA_ERROR_ARGUMENT, nan_xyz, 4, triangles, 2,
          "kinema_space_from_mesh: xyz[7] is infinite (vertex 2, y)");
    // A wall is no floor: the mesh makes no level (the builder's reason, named after the call).
    const float wall[] = {0, 0, 0, 4, 0, 0, 4, 4, 0, 0, 4, 0};
    fails(KINEMA_ERROR_INPUT, wall, 4, triangles, 2,
          "kinema_space_from_mesh: no walkable surface: none of the 2 triangles is flatter than "
          "agent_max_slope = "
          "45.000000 degrees, in either winding (y is up)");
    EXPECT_EQ(kinema_space_from_mesh(xyz, 4, triangles, 2, nullptr, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(std::string(kinema_last_error()), "kinema_space_from_mesh: out is NULL");
    kinema_nav_settings bad = kinema_nav_settings_default();
    bad.agent_radius = -1.0;
    EXPECT_EQ(kinema_space_from_mesh(xyz, 4, triangles, 2, &bad, &space), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(std::string(kinema_last_error()).find("agent_radius"), std::string::npos)
        << kinema_last_error();
}

TEST(CAbiPolygons, TwoSquaresFloodAsAFourByTwoGrid) {
    // docs/engines.md's example: two 1.5 m squares (x 0..3, z 0..1.5); chase cells of 0.75 m put 4 x 2 cell
    // centres on them. From the west corner running east, 8-connected heat reaches x = 1, 2, 3 in 3 steps,
    // as on the same 4 x 2 grid of tiles.
    const float xyz[] = {0, 0, 0, 1.5F, 0, 0, 3, 0, 0, 0, 0, 1.5F, 1.5F, 0, 1.5F, 3, 0, 1.5F};
    const int indices[] = {0, 1, 4, 3, 1, 2, 5, 4};
    const int sizes[] = {4, 4};
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_polygons(xyz, 6, indices, sizes, 2, nullptr, &space), KINEMA_OK)
        << kinema_last_error();
    int64_t cells = 0;
    ASSERT_EQ(kinema_space_cell_count(space, &cells), KINEMA_OK);
    EXPECT_EQ(cells, 8);
    const struct kinema_flood_result r = finished_result(space, {0.375, 0.0, 0.375}, {1.0, 0.0, 0.0});
    const unsigned char tiles[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    kinema_space* grid = nullptr;
    ASSERT_EQ(kinema_space_from_grid(4, 2, tiles, 8, &grid), KINEMA_OK);
    const struct kinema_flood_result g = finished_result(grid, {0.5, 0.5, 0.0}, {1.0, 0.0, 0.0});
    EXPECT_EQ(r.steps, 3);
    EXPECT_EQ(r.heated_cells, 8);
    EXPECT_EQ(r.steps, g.steps);
    EXPECT_EQ(r.barrier_cells, g.barrier_cells);
    EXPECT_EQ(r.stop_reason, g.stop_reason);
    EXPECT_EQ(r.destination.x, 0.75 * g.destination.x);
    EXPECT_EQ(r.destination.z, 0.75 * g.destination.y);
    EXPECT_EQ(
        c_chase_json(space, {0.375, 0.0, 0.375}, {1.0, 0.0, 0.0}, nullptr).rfind("{\"map\":\"polygons\"", 0),
        0u);
    kinema_space_destroy(grid);
    kinema_space_destroy(space);
    space = nullptr;

    // Errors name the argument and the index, or the polygon; a failing call leaves `space` untouched.
    const int bad_size[] = {4, 2};
    EXPECT_EQ(kinema_space_from_polygons(xyz, 6, indices, bad_size, 2, nullptr, &space),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(std::string(kinema_last_error()),
              "kinema_space_from_polygons: polygon_sizes[1] = 2: a polygon has at least 3 corners");
    const int beyond[] = {0, 1, 4, 3, 1, 2, 6, 4};
    EXPECT_EQ(kinema_space_from_polygons(xyz, 6, beyond, sizes, 2, nullptr, &space), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(std::string(kinema_last_error()),
              "kinema_space_from_polygons: polygon_indices[6] = 6 is not a vertex index: vertex_count is 6 "
              "(polygon 1)");
    // The second square as a bow tie (its corners 5 and 4 swapped): its two halves' areas cancel.
    const int crossed[] = {0, 1, 4, 3, 1, 2, 4, 5};
    EXPECT_EQ(kinema_space_from_polygons(xyz, 6, crossed, sizes, 2, nullptr, &space), KINEMA_ERROR_INPUT);
    EXPECT_EQ(std::string(kinema_last_error()),
              "kinema_space_from_polygons: polygon 1 has no area in plan view (x and z; y is up)");
    EXPECT_EQ(kinema_space_from_polygons(xyz, 6, indices, nullptr, 2, nullptr, &space),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(std::string(kinema_last_error()), "kinema_space_from_polygons: polygon_sizes is NULL");
    EXPECT_EQ(space, nullptr);
}

#endif

TEST(CAbiJson, BufferProtocolMeasuresRefusesTooSmallAndFillsExactly) {
    const unsigned char tiles[3] = {1, 1, 1};
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(3, 1, tiles, 4, &space), KINEMA_OK);
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    ASSERT_EQ(kinema_flood_start(flood, space, {0.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK);
    size_t length = 0;
    ASSERT_EQ(kinema_flood_json(flood, nullptr, nullptr, 0, &length), KINEMA_OK);
    std::vector<char> small(length, 'x');
    EXPECT_EQ(kinema_flood_json(flood, nullptr, small.data(), small.size(), &length), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(small.front(), 'x');
    std::vector<char> exact(length + 1);
    ASSERT_EQ(kinema_flood_json(flood, nullptr, exact.data(), exact.size(), &length), KINEMA_OK);
    EXPECT_EQ(exact.back(), '\0');
    EXPECT_EQ(std::string(exact.data()).rfind("{\"map\":\"grid\"", 0), 0u);
    EXPECT_EQ(kinema_flood_json(flood, nullptr, nullptr, 5, &length), KINEMA_ERROR_ARGUMENT);
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

TEST(CAbiJson, FollowsTheFloodAfterEveryAdvanceAndStart) {
    // The JSON is kept between the measuring and the filling call; an advance or a start must not leave the
    // text of an earlier state. A 5-cell corridor from its west end: after one step the JSON says 1 step,
    // after the rest 4 steps, and a start from the east end gives that run's JSON again.
    const unsigned char tiles[5] = {1, 1, 1, 1, 1};
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(5, 1, tiles, 8, &space), KINEMA_OK);
    const kinema_flood_settings settings = kinema_flood_settings_default();
    kinema_flood* flood = nullptr;
    ASSERT_EQ(kinema_flood_create(&settings, &flood), KINEMA_OK);
    ASSERT_EQ(kinema_flood_start(flood, space, {0.5, 0.5, 0.0}, {1.0, 0.0, 0.0}), KINEMA_OK);
    ASSERT_EQ(kinema_flood_advance(flood, 1, nullptr), KINEMA_OK);
    const std::string one_step = flood_json(flood, nullptr);
    EXPECT_NE(one_step.find("\"steps\":1,"), std::string::npos) << one_step;
    ASSERT_EQ(kinema_flood_advance(flood, 100, nullptr), KINEMA_OK);
    const std::string finished = flood_json(flood, nullptr);
    EXPECT_NE(finished.find("\"steps\":4,"), std::string::npos) << finished;
    EXPECT_NE(flood_json(flood, "other").rfind("{\"map\":\"other\"", 0), std::string::npos);
    ASSERT_EQ(kinema_flood_start(flood, space, {4.5, 0.5, 0.0}, {-1.0, 0.0, 0.0}), KINEMA_OK);
    ASSERT_EQ(kinema_flood_advance(flood, 100, nullptr), KINEMA_OK);
    const std::string from_east = flood_json(flood, nullptr);
    EXPECT_NE(from_east, finished);
    EXPECT_EQ(from_east, c_chase_json(space, {4.5, 0.5, 0.0}, {-1.0, 0.0, 0.0}, nullptr));
    kinema_flood_destroy(flood);
    kinema_space_destroy(space);
}

TEST(CAbiErrors, EachThreadKeepsItsOwnLastError) {
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_from_grid(0, 1, nullptr, 8, &space), KINEMA_ERROR_ARGUMENT);
    const std::string mine = kinema_last_error();
    std::string theirs;
    std::thread other([&] {
        kinema_space* s = nullptr;
        EXPECT_EQ(kinema_space_load("missing.map", &s), KINEMA_ERROR_INPUT);
        theirs = kinema_last_error();
    });
    other.join();
    EXPECT_EQ(kinema_last_error(), mine);
    EXPECT_NE(theirs.find("missing.map"), std::string::npos);
    EXPECT_NE(mine.find("tiles is NULL"), std::string::npos);
}

}  // namespace
