// `kinema chase` end to end: the JSON equals the library's result on our levels and on a shared map, seeds
// snap with a note, every error exits 2 with one line and no output, and pictures are written whole or not at
// all.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#if KINEMA_HAVE_NAV
#include "kinema/levels/obj.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"
#endif

namespace kinema::chase {
namespace {

namespace fs = std::filesystem;

using RunResult = kinema::test::CliRun;
using kinema::test::read_file;
using kinema::test::write_file;

fs::path temp_path(const std::string& name) {
    return kinema::test::scratch_path(name);
}

RunResult run(const std::string& args) {
    return kinema::test::run_kinema("chase " + args);
}

nlohmann::json run_json(const std::string& args) {
    const RunResult r = run(args + " --json");
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    return nlohmann::json::parse(r.out);
}

void expect_error(const std::string& args, const std::string& message_start) {
    SCOPED_TRACE(args);
    kinema::test::expect_one_line_error(run(args), message_start);
}

// The JSON fields every chase prints (docs/chase.md "JSON contract"): a 2D grid adds connectivity, a 3D level
// cell_height and max_levels, and with --npc npc, path_status, path, path_length.
const std::vector<std::string> common_fields = {"map",
                                                "cells",
                                                "cell_size",
                                                "from",
                                                "dir",
                                                "seed_cell",
                                                "seed",
                                                "seed_position",
                                                "seed_snapped",
                                                "hot",
                                                "max_heated",
                                                "max_steps",
                                                "steps",
                                                "stop_reason",
                                                "centroid",
                                                "destination_cell",
                                                "destination",
                                                "heated_cells",
                                                "warm_cells",
                                                "barrier_cells",
                                                "dead_reckoning",
                                                "dead_reckoning_blocked",
                                                "dead_reckoning_distance",
                                                "touched"};
const std::size_t grid_json_fields = common_fields.size() + 1;  // + connectivity

// The keys of `kinema chase ARGS --json` in the order printed.
std::vector<std::string> printed_keys(const std::string& args) {
    std::vector<std::string> keys;
    const nlohmann::ordered_json j = nlohmann::ordered_json::parse(run(args + " --json").out);
    for (const auto& item : j.items()) {
        keys.push_back(item.key());
    }
    return keys;
}

// The library's answer for the same run, field by field as the JSON spells it.
void expect_json_matches(const nlohmann::json& j, const levels::GridLevel& level, Vec2 from, Vec2 dir,
                         const FloodSettings& settings = {}, GridSpaceSettings grid_settings = {}) {
    const GridSpace grid(level, grid_settings);
    const FloodResult r = run_flood(grid.cells(), grid.locate(from), dir, settings);
    const DeadReckoningResult dr = dead_reckoning(
        grid, from, dir, default_dead_reckoning_distance(settings.max_steps, grid_settings.cell_size));
    const Tile seed = grid.tile_of(r.seed_cell);
    const Tile dest = grid.tile_of(r.destination_cell);
    EXPECT_EQ(j.size(), grid_json_fields);
    EXPECT_EQ(j["seed_cell"], nlohmann::json::array({seed.col, seed.row}));
    EXPECT_EQ(j["steps"].get<int>(), r.steps);
    EXPECT_EQ(j["stop_reason"].get<std::string>(), to_string(r.stop_reason));
    EXPECT_EQ(j["centroid"][0].get<double>(), r.centroid.x);
    EXPECT_EQ(j["centroid"][1].get<double>(), r.centroid.y);
    EXPECT_EQ(j["destination_cell"], nlohmann::json::array({dest.col, dest.row}));
    EXPECT_EQ(j["destination"][0].get<double>(), r.destination.x);
    EXPECT_EQ(j["destination"][1].get<double>(), r.destination.y);
    EXPECT_EQ(j["heated_cells"].get<std::size_t>(), r.heated_cells);
    EXPECT_EQ(j["warm_cells"].get<std::size_t>(), r.warm_cells);
    EXPECT_EQ(j["barrier_cells"].get<std::size_t>(), r.barrier_cells);
    EXPECT_EQ(j["dead_reckoning"][0].get<double>(), dr.position.x);
    EXPECT_EQ(j["dead_reckoning"][1].get<double>(), dr.position.y);
}

TEST(CliChase, DefaultLevelMatchesLibrary) {
    const levels::GridLevel level = levels::default_level();
    const nlohmann::json j = run_json("");
    expect_json_matches(j, level, level.seed->position, level.seed->direction);
    // The chapter's corner (Couvidou's Dishonored 2 chase chapter Figure 4): the flood follows the corridor
    // south, dead reckoning stops at the east wall of the top corridor (row 2), so the destination is far
    // below it.
    EXPECT_GT(j["destination"][1].get<double>(), 10.0);
    EXPECT_EQ(j["dead_reckoning"][1].get<double>(), 2.5);
}

TEST(CliChase, OurLevelsMatchLibrary) {
    int levels_checked = 0;
    for (const auto& entry : fs::directory_iterator(KINEMA_DATA_DIR "/levels")) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        SCOPED_TRACE(entry.path().string());
        const levels::GridLevel level = levels::load_ascii_level(entry.path().string());
        ASSERT_TRUE(level.seed);
        expect_json_matches(run_json("--map '" + entry.path().string() + "'"), level, level.seed->position,
                            level.seed->direction);
        // Options reach the library: 4-connectivity, cell size 2, difficulty 1, H = 7.
        FloodSettings settings = FloodSettings::difficulty(1);
        settings.hot = 7;
        GridSpaceSettings grid_settings;
        grid_settings.connectivity = Connectivity::four;
        grid_settings.cell_size = 2.0;
        expect_json_matches(run_json("--map '" + entry.path().string() +
                                     "' --connectivity 4 --cell-size 2 --difficulty 1 --hot 7"),
                            level, level.seed->position * 2.0, level.seed->direction, settings,
                            grid_settings);
        ++levels_checked;
    }
    EXPECT_GE(levels_checked, 6);
}

TEST(CliChase, SharedMapMatchesLibrary) {
    const fs::path map = fs::path(KINEMA_SHARED_DATA_DIR) / "maps" / "den520d.map";
    if (!fs::exists(map)) {
        GTEST_SKIP() << "shared map " << map << " is absent";
    }
    const levels::GridLevel level = levels::load_level(map.string());
    // Seeds on a few passable tiles spread over the map, running south-east.
    int checked = 0;
    for (int row = 10; row < level.height && checked < 4; row += 37) {
        for (int col = 10; col < level.width && checked < 4; col += 53) {
            if (!level.is_passable(col, row)) {
                continue;
            }
            const Vec2 from{col + 0.25, row + 0.75};
            SCOPED_TRACE(testing::Message() << col << "," << row);
            expect_json_matches(run_json("--map '" + map.string() + "' --from " + std::to_string(col) +
                                         ".25," + std::to_string(row) + ".75 --dir 1,1 --max-heated 30"),
                                level, from, {1.0, 1.0}, [] {
                                    FloodSettings s;
                                    s.max_heated = 30;
                                    return s;
                                }());
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4);
}

TEST(CliChase, SeedOnAWallSnapsWithANote) {
    const levels::GridLevel level = levels::default_level();
    // (0.5, 2.5) is the west wall of the top corridor; the nearest cell is tile (1, 2).
    const RunResult r = run("--from 0.5,2.5 --dir 1,0 --json");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("snapped"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("tile (1, 2)"), std::string::npos) << r.err;
    const nlohmann::json j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["seed_cell"], nlohmann::json::array({1, 2}));
    expect_json_matches(j, level, {0.5, 2.5}, {1.0, 0.0});
    // A seed inside a cell says nothing.
    EXPECT_EQ(run("--from 3.5,2.5 --json").err, "");
}

TEST(CliChase, SummaryAndAsciiPicture) {
    const RunResult r = run("");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_NE(r.out.find("steps        40 (stop: max_steps)"), std::string::npos) << r.out;
    // The picture row of the seed: '#', barrier 'x' behind the seed, 'S' at column 3.
    EXPECT_NE(r.out.find("\n#xxS"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("D"), std::string::npos);
}

TEST(CliChase, Errors) {
    // Ranges are checked once, by the settings' validate(); the message names the flag.
    expect_error("--hot 0", "--hot: must be in [1, 1000000], got 0");
    expect_error("--hot 2.5", "--hot: must be a whole number, got 2.5");
    expect_error("--max-heated 0", "--max-heated: must be in [1, 2147483647], got 0");
    expect_error("--max-steps -1", "--max-steps: must be in [0, 1000000], got -1");
    expect_error("--hot 0 --max-steps -1",
                 "--hot: must be in [1, 1000000], got 0; --max-steps: must be in [0, 1000000], got -1");
    expect_error("--difficulty 4", "--difficulty: must be 1, 2 or 3, got 4");
    expect_error("--difficulty 2 --max-steps 10", "--difficulty: cannot be combined with --max-steps");
    expect_error("--connectivity 6", "--connectivity: must be 4 or 8");
    expect_error("--cell-size 0", "--cell-size: must be in [1e-06, 1000000], got 0");
    expect_error("--cell-size 2e6", "--cell-size: must be in [1e-06, 1000000], got 2000000");
    expect_error("--from 1,x", "--from: expected a number, got 'x'");
    expect_error("--from 1", "--from: expected X,Y, got '1'");
    expect_error("--dir 1,nan", "--dir:");

    const fs::path missing = temp_path("missing.txt");
    expect_error("--map '" + missing.string() + "'", missing.string() + ":0:");
    const fs::path bad = temp_path("bad.txt");
    write_file(bad, "#####\n#.>.#\n#.X.#\n#####\n");
    expect_error("--map '" + bad.string() + "'", bad.string() + ":3:");
    const fs::path bad_map = temp_path("bad.map");
    write_file(bad_map, "type octile\nheight 2\nwidth 3\nmap\n...\n..\n");
    expect_error("--map '" + bad_map.string() + "'", bad_map.string() + ":6:");
    const fs::path no_seed = temp_path("no_seed.map");
    write_file(no_seed, "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n");
    expect_error("--map '" + no_seed.string() + "'", no_seed.string() + ": the map marks no seed position");
    // Issue 24, L2: what the level file holds is blamed on the file, never on --dir or --from.
    const fs::path far_direction = temp_path("far_direction.txt");
    write_file(far_direction, "name: far\ndirection: 1e10,0\n####\n#P.#\n####\n");
    expect_error("--map '" + far_direction.string() + "'",
                 far_direction.string() + ":2: direction: every component must be in [-1e9, 1e9]");
    const fs::path marker = temp_path("marker.txt");
    write_file(marker, "#" + std::string(2000, '.') + ">#\n");
    expect_error(
        "--map '" + marker.string() + "' --cell-size 1e6",
        marker.string() + ": the player marker at tile (2001.5, 0.5) x --cell-size 1000000 is outside");
    // With --from the same map runs.
    EXPECT_EQ(run("--map '" + no_seed.string() + "' --from 0.5,0.5").exit_code, 0);
}

// --destinations K: the split of the library (chase::split_destinations) printed as `destinations` and
// `destination_regions` beside the usual fields, only when asked; K = 1 is the one destination.
TEST(CliChase, DestinationsSplitTheHeatForATeam) {
    const std::string t_junction = "--map '" KINEMA_DATA_DIR "/levels/t_junction_equal.txt'";
    const nlohmann::json plain = run_json(t_junction);
    EXPECT_FALSE(plain.contains("destinations"));
    const nlohmann::json one = run_json(t_junction + " --destinations 1");
    EXPECT_EQ(one["destinations"], nlohmann::json::array({plain["destination"]}));
    const nlohmann::json two = run_json(t_junction + " --destinations 2");
    // tests/chase/split_test.cpp derives these by hand: the east branch with the junction, the west branch.
    ASSERT_EQ(two["destinations"].size(), 2U);
    EXPECT_EQ(two["destinations"][1], nlohmann::json::array({6.5, 2.5}));
    EXPECT_GT(two["destinations"][0][0].get<double>(), 16.5);
    EXPECT_EQ(two["destination_regions"][0]["heat"].get<int>(), 216);
    EXPECT_EQ(two["destination_regions"][1]["heat"].get<int>(), 189);
    EXPECT_EQ(two["destination_regions"][1]["destination_cell"], nlohmann::json::array({6, 2}));
    EXPECT_EQ(two["destination"], plain["destination"]);  // the one destination is unchanged
    const RunResult text = run(t_junction + " --destinations 2");
    EXPECT_NE(text.out.find("split        2 destinations"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("  2          tile (6, 2) at (6.5, 2.5): 14 cells, heat 189\n"),
              std::string::npos)
        << text.out;
    expect_error("--destinations 0", "--destinations: must be in [1, 16], got 0");
    expect_error("--destinations 17", "--destinations: must be in [1, 16], got 17");
    expect_error("--destinations 2.5", "--destinations: must be a whole number in [1, 16], got 2.5");
    expect_error("--destinations two", "--destinations: expected a number, got 'two'");
}

#if KINEMA_HAVE_RENDER
TEST(CliChase, PicturesAreWrittenWholeAndDeterministic) {
    const fs::path png = temp_path("flood.png");
    const fs::path svg = temp_path("flood.svg");
    const fs::path animated = temp_path("flood-animated.svg");
    const fs::path frames = temp_path("frames");
    fs::remove_all(frames);
    const RunResult r = run("--png '" + png.string() + "' --svg '" + svg.string() + "' --animate '" +
                            animated.string() + "' --frames '" + frames.string() + "' --max-steps 5");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string png_bytes = read_file(png);
    ASSERT_GT(png_bytes.size(), 8u);
    EXPECT_EQ(png_bytes.substr(1, 3), "PNG");
    EXPECT_NE(read_file(svg).find(">Chase flood<"), std::string::npos);
    EXPECT_NE(read_file(animated).find("<animate "), std::string::npos);
    // One PNG per state: after seeding, then 5 steps.
    for (int i = 0; i <= 5; ++i) {
        EXPECT_TRUE(fs::exists(frames / ("step-00" + std::to_string(i) + ".png"))) << i;
    }
    EXPECT_FALSE(fs::exists(frames / "step-006.png"));
    ASSERT_EQ(run("--png '" + png.string() + "' --max-steps 5").exit_code, 0);
    EXPECT_EQ(read_file(png), png_bytes);
}

TEST(CliChase, NoPartialPictureOnFailure) {
    const fs::path png = temp_path("flood.png");
    fs::remove(png);
    // A bad argument: nothing is written.
    expect_error("--png '" + png.string() + "' --hot 0", "--hot:");
    EXPECT_FALSE(fs::exists(png));
    // A bad map: nothing is written.
    const fs::path bad = temp_path("bad.txt");
    write_file(bad, "#####\n#.>.#\n#.X.#\n#####\n");
    expect_error("--map '" + bad.string() + "' --png '" + png.string() + "'", bad.string() + ":3:");
    EXPECT_FALSE(fs::exists(png));
    // The second output cannot be written: the first one is removed again, no temporary file is left.
    expect_error("--png '" + png.string() + "' --svg /nonexistent-dir/flood.svg", "--svg: /nonexistent-dir");
    EXPECT_FALSE(fs::exists(png));
    EXPECT_FALSE(fs::exists(png.string() + ".kinema-tmp"));
}
#endif

#if KINEMA_HAVE_NAV
TEST(CliChase, ObjLevelMatchesNavLibrary) {
    const fs::path mesh = fs::path(KINEMA_SHARED_DATA_DIR) / "meshes" / "dungeon.obj";
    if (!fs::exists(mesh)) {
        GTEST_SKIP() << "shared mesh " << mesh << " is absent";
    }
    // The stairs query of docs/nav.md, at difficulty 2 (M_S = 30).
    const nlohmann::json j =
        run_json("--map '" + mesh.string() + "' --from -19.39,3.8,-2.67 --dir 0,0,-1 --difficulty 2");
    const nav::Level level = nav::Level::build(levels::load_obj(mesh), nav::NavSettings{});
    nav::ChaseQuery q;
    q.position = {-19.39, 3.8, -2.67};
    q.direction = {0.0, 0.0, -1.0};
    const nav::ChaseResult r = nav::run_chase(level, q, FloodSettings::difficulty(2));
    EXPECT_EQ(j["steps"].get<int>(), r.flood.steps);
    EXPECT_EQ(j["stop_reason"].get<std::string>(), to_string(r.flood.stop_reason));
    EXPECT_EQ(j["heated_cells"].get<std::size_t>(), r.flood.heated_cells);
    EXPECT_EQ(j["barrier_cells"].get<std::size_t>(), r.flood.barrier_cells);
    EXPECT_EQ(j["destination"],
              nlohmann::json::array({r.flood.destination.x, r.flood.destination.y, r.flood.destination.z}));
    // Grid-only options are refused for a 3D level, 3D-only options for a grid.
    expect_error("--map '" + mesh.string() + "' --from 0,0,0 --animate x.svg",
                 "--animate: not available for 3D");
    expect_error("--map '" + mesh.string() + "' --from 0,0", "--from: expected X,Y,Z");
    expect_error("--npc 1,2,3", "--npc/--agent-*: only for 3D (.obj) levels");
}

// On a 3D level the split's destinations have three coordinates and lie on the corner's two legs, every one
// on the level's heated cells (the touched list).
TEST(CliChase, DestinationsOnA3dLevel) {
    const nlohmann::json j = run_json("--map '" KINEMA_DATA_DIR
                                      "/levels/corner_ramp.obj' --from 1,0,2 --dir 1,0,0 --destinations 3");
    ASSERT_EQ(j["destinations"].size(), 3U);
    long long heat = 0;
    for (const nlohmann::json& region : j["destination_regions"]) {
        EXPECT_EQ(region["destination_cell"].size(), 3U);
        heat += region["heat"].get<long long>();
    }
    long long touched_heat = 0;
    for (const nlohmann::json& cell : j["touched"]) {
        touched_heat += std::max(0LL, cell[3].get<long long>());
    }
    EXPECT_EQ(heat, touched_heat);  // the regions share out all the heat
    for (const nlohmann::json& p : j["destinations"]) {
        EXPECT_EQ(p.size(), 3U);
    }
}

// A grid chase and a 3D chase print the same fields; each space adds only what only it has.
TEST(CliChase, GridAnd3dJsonShareTheCommonFields) {
    const fs::path mesh = fs::path(KINEMA_SHARED_DATA_DIR) / "meshes" / "dungeon.obj";
    if (!fs::exists(mesh)) {
        GTEST_SKIP() << "shared mesh " << mesh << " is absent";
    }
    std::vector<std::string> grid_keys = common_fields;
    grid_keys.insert(grid_keys.begin() + 3, "connectivity");
    const nlohmann::json grid = run_json("");
    EXPECT_EQ(printed_keys(""), grid_keys);
    std::vector<std::string> level_keys = common_fields;
    level_keys.insert(level_keys.begin() + 3, {std::string("cell_height"), std::string("max_levels")});
    const std::string stairs = "--map '" + mesh.string() + "' --from -19.39,3.8,-2.67 --dir 0,0,-1";
    const nlohmann::json level = run_json(stairs);
    EXPECT_EQ(printed_keys(stairs), level_keys);
    level_keys.insert(level_keys.end() - 1, {"npc", "path_status", "path", "path_length"});
    const nlohmann::json with_npc = run_json(stairs + " --npc 5,10.2,-6.4");
    EXPECT_EQ(printed_keys(stairs + " --npc 5,10.2,-6.4"), level_keys);
    // The stairs query of docs/nav.md and README on the navmesh cells: 34 steps, too_many_heated, a path of
    // 3 corners, 18.74 m.
    EXPECT_EQ(with_npc["steps"], 34);
    EXPECT_EQ(with_npc["stop_reason"], "too_many_heated");
    EXPECT_EQ(with_npc["path_status"], "found");
    EXPECT_EQ(with_npc["path"].size(), 3u);
    EXPECT_NEAR(with_npc["path_length"].get<double>(), 18.7391, 1e-4);
    EXPECT_EQ(with_npc["dead_reckoning_blocked"], true);
    EXPECT_EQ(with_npc["dead_reckoning_distance"], 30);
    // Positions [x, y] and [x, y, z]; cells [col, row] and [x, y, z]; touched adds the value.
    EXPECT_EQ(grid["centroid"].size(), 2u);
    EXPECT_EQ(level["centroid"].size(), 3u);
    EXPECT_EQ(grid["seed_cell"], grid["seed"]);
    EXPECT_EQ(level["seed_cell"].size(), 3u);
    EXPECT_EQ(grid["touched"][0].size(), 3u);
    EXPECT_EQ(level["touched"][0].size(), 4u);
    EXPECT_EQ(level["touched"].size(),
              level["heated_cells"].get<std::size_t>() + level["barrier_cells"].get<std::size_t>());
}

// kinema navmesh build writes the Recast demo tile-set file; chase --navmesh on it gives the chase --map
// gives (only the "map" field differs), and a truncated file is one error line naming it.
TEST(CliChase, NavmeshFileChasesLikeTheMesh) {
    const std::string bridge =
        kinema::nav_test::bridge_level().write("kinema_cli_navmesh_bridge.obj").string();
    const fs::path navmesh = temp_path("bridge.navmesh");
    fs::remove(navmesh);
    const RunResult built =
        kinema::test::run_kinema("navmesh build '" + bridge + "' -o '" + navmesh.string() + "'");
    ASSERT_EQ(built.exit_code, 0) << built.err;
    EXPECT_EQ(built.out, "");
    const std::string query = " --from 33,2.25,13.5 --dir 0,0,1 --npc 3,0,3";
    nlohmann::json from_mesh = run_json("--map '" + bridge + "'" + query);
    nlohmann::json from_file = run_json("--navmesh '" + navmesh.string() + "'" + query);
    EXPECT_EQ(from_file["map"], navmesh.string());
    from_mesh.erase("map");
    from_file.erase("map");
    EXPECT_EQ(from_mesh, from_file);
    const fs::path cut = temp_path("cut.navmesh");
    std::string bytes = kinema::test::read_file(navmesh);
    write_file(cut, bytes.substr(0, bytes.size() / 2));
    expect_error("--navmesh '" + cut.string() + "' --from 0,0,0",
                 cut.string() + ": not a valid navmesh file: truncated in tile 0");
    expect_error("--navmesh '" + cut.string() + "' --map x.obj --from 0,0,0",
                 "--navmesh: cannot be combined");
    const fs::path not_written = temp_path("never.navmesh");
    fs::remove(not_written);
    const RunResult bad = kinema::test::run_kinema("navmesh build '" + bridge + "' -o '" +
                                                   not_written.string() + "' --agent-radius -1");
    kinema::test::expect_one_line_error(bad, "--agent-radius: must be in [0, 250000], got -1");
    EXPECT_FALSE(fs::exists(not_written));
}

// Tiled builds: navmesh build --tile-size writes the same file for 1 and 2 threads; chase --map with the same
// --tile-size gives the chase on that file; the flags are refused where no navmesh is built.
TEST(CliChase, TiledNavmeshBuildsAreTheSameForAnyThreadCount) {
    const std::string bridge = kinema::nav_test::bridge_level().write("kinema_cli_tiled_bridge.obj").string();
    const fs::path one = temp_path("tiled1.navmesh");
    const fs::path two = temp_path("tiled2.navmesh");
    for (const auto& [file, threads] : {std::pair{one, "1"}, std::pair{two, "2"}}) {
        fs::remove(file);
        const RunResult built = kinema::test::run_kinema(
            "navmesh build '" + bridge + "' -o '" + file.string() + "' --tile-size 32 --threads " + threads);
        ASSERT_EQ(built.exit_code, 0) << built.err;
    }
    const std::string bytes = kinema::test::read_file(one);
    EXPECT_EQ(kinema::test::read_file(two), bytes);
    const std::string solo = temp_path("solo.navmesh").string();
    ASSERT_EQ(kinema::test::run_kinema("navmesh build '" + bridge + "' -o '" + solo + "'").exit_code, 0);
    EXPECT_NE(kinema::test::read_file(solo), bytes);  // several tiles, not one

    const std::string query = " --from 33,2.25,13.5 --dir 0,0,1 --npc 3,0,3";
    nlohmann::json from_mesh = run_json("--map '" + bridge + "' --tile-size 32 --threads 2" + query);
    nlohmann::json from_file = run_json("--navmesh '" + one.string() + "'" + query);
    EXPECT_EQ(from_mesh["path_status"], "found");
    from_mesh.erase("map");
    from_file.erase("map");
    EXPECT_EQ(from_mesh, from_file);

    expect_error("--map '" + bridge + "' --from 33,2.25,13.5 --tile-size 8",
                 "--tile-size: must be 0 (one tile) or an integer from 16 to 4096");
    expect_error("--map '" + bridge + "' --from 33,2.25,13.5 --threads 0",
                 "--threads: must be in [1, 64], got 0");
    expect_error("--tile-size 32", "--tile-size/--threads: only for --map LEVEL.obj");
    expect_error("--navmesh '" + one.string() + "' --from 33,2.25,13.5 --threads 2",
                 "--tile-size/--threads: only for --map LEVEL.obj");
}

// Errors of a 3D chase name the file or the option (formerly tests/cli/chase_mesh_test.cpp).
TEST(CliChase, ObjErrorsNameTheFileOrTheOption) {
    const std::string bridge = kinema::nav_test::bridge_level().write("kinema_cli_chase_bridge.obj").string();
    const std::string on_bridge = "--map '" + bridge + "' ";
    EXPECT_EQ(run_json(on_bridge + "--from 33,2.25,13.5 --dir 0,0,1 --npc 3,0,3")["path_status"], "found");
    expect_error(on_bridge + "--from 100,0,100",
                 "--from: (100, 0, 100) is farther than 2 from every walkable cell");
    expect_error(
        on_bridge + "--from 33,2.25,13.5 --npc 100,0,100",
        "--npc: (100, 0, 100) is not on the navmesh of " + bridge + " (searched (2, 4, 2) around it)");
    expect_error(on_bridge + "--from 33,2.25,13.5 --agent-radius -1",
                 "--agent-radius: must be in [0, 250000], got -1");
    expect_error(on_bridge + "--dir 0,0,1", "--from: required for a 3D level");
    const fs::path walls = temp_path("chase_walls.obj");
    write_file(walls, "v 0 0 0\nv 0 3 0\nv 5 3 0\nf 1 2 3\n");
    expect_error("--map '" + walls.string() + "' --from 0,0,0",
                 walls.string() +
                     ": no walkable surface: none of the 1 triangles is flatter than agent_max_slope = "
                     "45.000000 degrees, in either winding (y is up)");
    expect_error("--map /nonexistent/level.obj --from 0,0,0",
                 "/nonexistent/level.obj: cannot open file: No such file or directory");
#if KINEMA_HAVE_RENDER
    const fs::path png = temp_path("chase_bridge.png");
    const fs::path svg = temp_path("chase_bridge.svg");
    fs::remove(png);
    fs::remove(svg);
    const RunResult r = run(on_bridge + "--from 33,2.25,13.5 --dir 0,0,1 --npc 3,0,3 --png '" + png.string() +
                            "' --svg '" + svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("path         found, "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("wrote PNG " + png.string()), std::string::npos) << r.out;
    EXPECT_EQ(read_file(png).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
    // The 3D top view in SVG: the same scene as the PNG, with the legend as real text.
    EXPECT_NE(r.out.find("wrote SVG " + svg.string()), std::string::npos) << r.out;
    const std::string svg_text = read_file(svg);
    EXPECT_NE(svg_text.find("<svg "), std::string::npos) << svg_text.substr(0, 80);
    EXPECT_NE(svg_text.find("NPC path"), std::string::npos);
#endif
}
#endif

TEST(CliChase, HelpExplainsUnitsJsonAndPicture) {
    const RunResult r = run("--help");
    EXPECT_EQ(r.exit_code, 0);
    for (const char* text : {"map units", "destination_cell", "dead_reckoning", "stop_reason", "green ring",
                             "--animate", "snaps"}) {
        EXPECT_NE(r.out.find(text), std::string::npos) << text;
    }
}

}  // namespace
}  // namespace kinema::chase
