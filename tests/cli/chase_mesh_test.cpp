// The CLI's 3D chase glue (apps/kinema/chase_mesh.*): JSON fields, error messages naming file and option.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "chase_mesh.hpp"
#include "cli_common.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::cli::mesh_chase_json;
using kinema::cli::MeshChaseInput;
using kinema::cli::run_mesh_chase;
using kinema::nav_test::bridge_level;

MeshChaseInput bridge_input() {
    MeshChaseInput in;
    in.map_path = bridge_level().write("kinema_chase_mesh_bridge.obj").string();
    in.from = {33.0, 2.25, 13.5};  // halfway up the ramp
    in.dir = {0.0, 0.0, 1.0};      // running up it
    in.npc = Vec3{3.0, 0.0, 3.0};
    return in;
}

TEST(ChaseMesh, JsonHasWorldPositionsIntegerCellsAndThePath) {
    const MeshChaseInput in = bridge_input();
    const auto run = run_mesh_chase(in);
    const nlohmann::json j = mesh_chase_json(in, run);
    ASSERT_TRUE(j["centroid"].is_array());
    ASSERT_EQ(j["centroid"].size(), 3u);
    ASSERT_EQ(j["destination"].size(), 3u);
    ASSERT_EQ(j["dead_reckoning"].size(), 3u);
    // The seed cell's integer coordinates: column x = floor(33 / 0.75) = 44, z = floor((13.5 + 10) / 0.75) =
    // 31; floor height in 0.2 m voxels on the ramp at z 13.875 (the column centre): 4.5 * 7.875 / 15 = 2.3625
    // m, so the voxel top is ceil(2.3625 / 0.2) = 12 (give or take one for the ramp's slope inside the
    // column).
    ASSERT_TRUE(j["seed"].is_array());
    EXPECT_EQ(j["seed"][0].get<int>(), 44);
    EXPECT_EQ(j["seed"][2].get<int>(), 31);
    EXPECT_NEAR(j["seed"][1].get<int>(), 12, 1);
    EXPECT_TRUE(j["destination_cell"][0].is_number_integer());
    EXPECT_EQ(j["stop_reason"], std::string(kinema::chase::to_string(run.result.flood.stop_reason)));
    EXPECT_EQ(j["path_status"], "found");
    ASSERT_GE(j["path"].size(), 2u);
    EXPECT_DOUBLE_EQ(j["path_length"].get<double>(), run.result.path->length);
    // The path ends at the destination (snapped onto the navmesh, within half a 0.75 m cell's diagonal).
    const auto& end = j["path"].back();
    EXPECT_LE(std::hypot(end[0].get<double>() - j["destination"][0].get<double>(),
                         end[2].get<double>() - j["destination"][2].get<double>()),
              0.75 * std::sqrt(0.5) + 1e-6);
    // Touched cells are listed once each with their value; their count is heated + barrier.
    EXPECT_EQ(j["touched"].size(), run.result.flood.heated_cells + run.result.flood.barrier_cells);
    // Without an NPC there is no path.
    MeshChaseInput no_npc = in;
    no_npc.npc.reset();
    const nlohmann::json k = mesh_chase_json(no_npc, run_mesh_chase(no_npc));
    EXPECT_FALSE(k.contains("path"));
    EXPECT_FALSE(k.contains("path_length"));
}

std::string error_of(const MeshChaseInput& in) {
    try {
        run_mesh_chase(in);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "no error";
}

TEST(ChaseMesh, ErrorsNameTheFileOrTheOption) {
    MeshChaseInput in = bridge_input();
    in.from = {100.0, 0.0, 100.0};
    EXPECT_EQ(error_of(in),
              "--from: (100, 0, 100) is farther than 2 from every walkable cell of " + in.map_path);
    in = bridge_input();
    in.npc = Vec3{100.0, 0.0, 100.0};
    EXPECT_EQ(error_of(in), "--npc: (100, 0, 100) is not on the navmesh of " + in.map_path +
                                " (searched (2, 4, 2) around it)");
    in = bridge_input();
    const auto walls = kinema::test::scratch_path("chase_mesh_walls.obj");
    std::ofstream(walls) << "v 0 0 0\nv 0 3 0\nv 5 3 0\nf 1 2 3\n";
    in.map_path = walls.string();
    EXPECT_EQ(error_of(in),
              in.map_path +
                  ": no walkable surface: none of the 1 triangles is flatter than agent_max_slope = "
                  "45.000000 degrees (y is up)");
    in.map_path = "/nonexistent/level.obj";
    EXPECT_EQ(error_of(in), "/nonexistent/level.obj: cannot open file: No such file or directory");
    EXPECT_TRUE(kinema::cli::is_mesh_path("a/B.OBJ"));
    EXPECT_FALSE(kinema::cli::is_mesh_path("a/b.map"));
}

TEST(ChaseMesh, PngIsDrawn) {
#if defined(KINEMA_HAVE_RENDER)
    const MeshChaseInput in = bridge_input();
    const std::string png = kinema::cli::mesh_chase_png(in, run_mesh_chase(in));
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
#else
    GTEST_SKIP() << "kinema::render not built";
#endif
}

}  // namespace
