// `kinema pursue` end to end: the JSON contract of issue 16 (frames, events, outcome), a chase event's
// `result` equal to what `kinema chase --json` prints for the lost_sight position and direction, the table,
// the same output on every run, pictures, and one-line errors naming the flag with no file left behind.
#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"
#include "kinema/levels/grid_level.hpp"
#include "test_data.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

// The Figure 1 situation of tests/pursuit: a sprinting player lost on the way to the corner.
std::string corner_args(const std::string& strategy) {
    return "pursue --map '" + level_path("corner.txt") +
           "' --route '12.5,2.5;17.5,2.5;17.5,28.5' --npc 2.5,2.5 --view-range 10 --player-speed 7.5 "
           "--strategy " +
           strategy;
}

nlohmann::json pursue_json(const std::string& args) {
    const CliRun r = run_kinema(args + " --json");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    return nlohmann::json::parse(r.out);
}

TEST(CliPursue, JsonFollowsTheContract) {
    const nlohmann::json j = pursue_json(corner_args("flood"));
    for (const char* key : {"settings", "frames", "events", "outcome", "time_to_reacquire", "npc_distance",
                            "destination_changes", "max_heading_rate"}) {
        EXPECT_TRUE(j.contains(key)) << key;
    }
    EXPECT_EQ(j["settings"]["pursuit"]["hz"], 60);
    EXPECT_EQ(j["settings"]["strategy"], "flood");
    EXPECT_EQ(j["settings"]["npc_model"], "unreal");
    const auto& frames = j["frames"];
    ASSERT_GT(frames.size(), 2u);
    EXPECT_EQ(frames[0]["t"], 0);
    EXPECT_EQ(frames[0]["player"], nlohmann::json::parse("[12.5,2.5]"));
    EXPECT_EQ(frames[0]["npc"], nlohmann::json::parse("[2.5,2.5]"));
    EXPECT_EQ(frames[0]["state"], "engage");
    EXPECT_EQ(frames[0]["sees_player"], true);
    EXPECT_EQ(frames[1]["t"], 1.0 / 60.0);
    EXPECT_EQ(frames[1]["state"], "chase");
    EXPECT_EQ(frames[1]["sees_player"], false);
    for (const char* key : {"npc_velocity", "npc_input"}) {
        EXPECT_EQ(frames[1][key].size(), 2u);
    }
    EXPECT_EQ(j["events"][0]["kind"], "lost_sight");
    EXPECT_EQ(j["events"][1]["kind"], "chase");
    EXPECT_EQ(j["outcome"], "reacquired");
    EXPECT_EQ(j["events"].back()["kind"], "reacquired");
    EXPECT_EQ(j["time_to_reacquire"],
              j["events"].back()["t"].get<double>() - j["events"][0]["t"].get<double>());
}

TEST(CliPursue, ChaseResultIsWhatKinemaChasePrints) {
    for (const char* strategy : {"flood", "flood-paced"}) {
        const nlohmann::json j = pursue_json(corner_args(strategy));
        const auto& lost = j["events"][0];
        const auto& chase_event = j["events"][1];
        ASSERT_EQ(chase_event["kind"], "chase");
        const CliRun r =
            run_kinema("chase --json --map '" + level_path("corner.txt") + "' --from " +
                       lost["last_seen"][0].dump() + "," + lost["last_seen"][1].dump() + " --dir " +
                       lost["direction"][0].dump() + "," + lost["direction"][1].dump());
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(chase_event["result"], nlohmann::json::parse(r.out)) << strategy;
    }
    // The other strategies' chase events carry no flood result.
    EXPECT_FALSE(pursue_json(corner_args("dead-reckoning"))["events"][1].contains("result"));
}

TEST(CliPursue, TableAndDeterminism) {
    const CliRun a = run_kinema(corner_args("dead-reckoning"));
    const CliRun b = run_kinema(corner_args("dead-reckoning"));
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_NE(a.out.find("chase        (18.5, 2.5)"), std::string::npos) << a.out;
    EXPECT_NE(a.out.find("outcome              reacquired (during the search)"), std::string::npos) << a.out;
    EXPECT_EQ(run_kinema(corner_args("breadcrumbs") + " --json").out,
              run_kinema(corner_args("breadcrumbs") + " --json").out);
}

#if KINEMA_HAVE_RENDER
TEST(CliPursue, Pictures) {
    const fs::path png = scratch_path("pursuit.png");
    const fs::path svg = scratch_path("pursuit.svg");
    const fs::path animated = scratch_path("pursuit-animated.svg");
    const CliRun r = run_kinema(corner_args("flood") + " --png '" + png.string() + "' --svg '" +
                                svg.string() + "' --animate '" + animated.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_file(png).substr(1, 3), "PNG");
    EXPECT_NE(read_file(svg).find("<svg"), std::string::npos);
    EXPECT_NE(read_file(animated).find("<animate"), std::string::npos);
    for (const fs::path& p : {png, svg, animated}) {
        fs::remove(p);
    }
}
#endif

TEST(CliPursue, ErrorsNameTheFlag) {
    const std::string map = "pursue --map '" + level_path("corner.txt") + "' ";
    const std::string ok = "--route '12.5,2.5;17.5,2.5' --npc 2.5,2.5 ";
    expect_one_line_error(run_kinema(map + "--route '2.5,2.5;17.5,2.5;2.5,10.5' --npc 2.5,2.5"),
                          "--route: waypoint 3 (2.5,10.5) is not on walkable space");
    expect_one_line_error(run_kinema(map + "--route '2.5,2.5;17.5,2.5;10.5,2.5;17.5,9.5' --npc 2.5,2.5"),
                          "--route: segment 3 (10.5,2.5)-(17.5,9.5) crosses a wall or cuts a wall corner");
    expect_one_line_error(run_kinema(map + "--route '12.5,2.5' --npc 0.5,0.5"),
                          "--npc: (0.5,0.5) is not on walkable space");
    expect_one_line_error(run_kinema(map + ok + "--strategy fastest"), "--strategy:");
    expect_one_line_error(run_kinema(map + "--route '12.5,nan' --npc 2.5,2.5"), "--route:");
    expect_one_line_error(run_kinema(map + ok + "--view-range nan"), "--view-range:");
    expect_one_line_error(run_kinema(map + ok + "--hz 0"), "--hz: must be in [1, 1000], got 0");
    expect_one_line_error(run_kinema(map + ok + "--max-time 3600 --hz 1000"),
                          "--max-time: 3600 s x --hz 1000 = 3600000 steps, more than the 216000 allowed (one "
                          "hour at 60 Hz): lower --max-time or --hz");
    expect_one_line_error(run_kinema(map + "--route '' --npc 2.5,2.5"), "--route");
    expect_one_line_error(run_kinema(map + "--route '12.5,2.5;;17.5,2.5' --npc 2.5,2.5"),
                          "--route: empty waypoint");
    expect_one_line_error(run_kinema(map + ok + "--npc-model quake"), "--npc-model:");
    expect_one_line_error(run_kinema(map + ok + "--stimulus 1,2"), "--stimulus:");
    expect_one_line_error(run_kinema(map + ok + "--stimulus 1,0.5,0.5"),
                          "--stimulus: stimulus 1 (0.5,0.5) is not on walkable space");
    expect_one_line_error(run_kinema(map + ok + "--set max_walk_speed=-1"), "--set max_walk_speed:");
    expect_one_line_error(run_kinema(map + "--npc 2.5,2.5"), "--route: required");
    expect_one_line_error(run_kinema("pursue --route '1,1' --npc 1,1"), "--map: required");
    // No picture is left behind by a failing run.
    const fs::path png = scratch_path("failed.png");
    expect_one_line_error(run_kinema(map + ok + "--hz 0 --png '" + png.string() + "'"), "--hz:");
    EXPECT_FALSE(fs::exists(png));
}

// A team on the equal T junction (Couvidou's Figure 5, left): two NPCs follow the player up the stem and
// lose them at the junction.
std::string team_args(const std::string& team) {
    return "pursue --map '" + level_path("t_junction_equal.txt") +
           "' --route '16.5,6.5;16.5,2.5;1.5,2.5' --npc 16.5,9.5 --npc 16.5,8.5 --team " + team;
}

// The README's team (view 3, a sprinting player) searches: the JSON gives the search's coverage, the NPCs'
// frames in the search state over hz; a one-NPC JSON has no such keys.
TEST(CliPursue, TeamJsonGivesTheSearchCoverage) {
    const nlohmann::json j = pursue_json(team_args("split") + " --view-range 3 --player-speed 7.5");
    int search_frames = 0;
    for (const auto& f : j["frames"]) {
        for (const auto& npc : f["npcs"]) {
            search_frames += npc["state"] == "search" ? 1 : 0;
        }
    }
    EXPECT_GT(search_frames, 0);
    EXPECT_DOUBLE_EQ(j["search_npc_seconds"].get<double>(),
                     search_frames / j["settings"]["pursuit"]["hz"].get<double>());
    EXPECT_GT(j["searched_cells"].get<double>(), 0.0);
    const nlohmann::json alone = pursue_json("pursue --map '" + level_path("t_junction_equal.txt") +
                                             "' --route '16.5,6.5;16.5,2.5;1.5,2.5' --npc 16.5,9.5 "
                                             "--view-range 3 --player-speed 7.5");
    EXPECT_FALSE(alone.contains("searched_cells"));
    EXPECT_FALSE(alone.contains("search_npc_seconds"));
}

TEST(CliPursue, TeamJsonHasEveryNpcInEveryFrameAndEventsNameTheirNpc) {
    const nlohmann::json j = pursue_json(team_args("split"));
    EXPECT_EQ(j["settings"]["team"], "split");
    EXPECT_EQ(j["settings"]["npcs"], nlohmann::json::parse("[[16.5,9.5],[16.5,8.5]]"));
    ASSERT_GT(j["frames"].size(), 2u);
    for (const auto& f : j["frames"]) {
        ASSERT_TRUE(f.contains("player"));
        ASSERT_FALSE(f.contains("npc"));
        ASSERT_EQ(f["npcs"].size(), 2u);
        for (const auto& npc : f["npcs"]) {
            for (const char* key : {"position", "velocity", "input", "state", "sees_player"}) {
                ASSERT_TRUE(npc.contains(key)) << key;
            }
        }
    }
    EXPECT_EQ(j["frames"][0]["npcs"][1]["position"], nlohmann::json::parse("[16.5,8.5]"));
    std::vector<int> chase_npcs;
    std::vector<double> chase_x;
    for (const auto& e : j["events"]) {
        ASSERT_TRUE(e.contains("npc"));
        if (e["kind"] == "chase") {
            chase_npcs.push_back(e["npc"].get<int>());
            chase_x.push_back(e["destination"][0].get<double>());
        }
    }
    // One chase each, to the two regions of the split flood (tests/pursuit/team_test.cpp by hand).
    EXPECT_EQ(chase_npcs, (std::vector<int>{0, 1}));
    std::sort(chase_x.begin(), chase_x.end());
    EXPECT_EQ(chase_x, (std::vector<double>{4.5, 12.5}));
    // Shared: the one destination for both.
    const nlohmann::json shared = pursue_json(team_args("shared"));
    for (const auto& e : shared["events"]) {
        if (e["kind"] == "chase") {
            EXPECT_EQ(e["destination"], nlohmann::json::parse("[7.5,2.5]"));
        }
    }
    // The table names each event's NPC.
    const CliRun table = run_kinema(team_args("split"));
    EXPECT_EQ(table.exit_code, 0);
    EXPECT_NE(table.out.find("a team of 2 NPCs, split"), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("NPC 2   chase        "), std::string::npos) << table.out;
}

TEST(CliPursue, BadTeamsAreOneLineErrors) {
    const std::string map =
        "pursue --map '" + level_path("t_junction_equal.txt") + "' --route '16.5,6.5;16.5,2.5' ";
    std::string seventeen;
    for (int i = 0; i < 17; ++i) {
        seventeen += "--npc " + std::to_string(1 + i) + ".5,2.5 ";
    }
    expect_one_line_error(run_kinema(map + seventeen), "--npc: at most 16 NPCs, got 17");
    expect_one_line_error(run_kinema(map + "--npc 16.5,9.5 --npc 16.5,8.5 --npc-dir 0,-1"),
                          "--npc-dir: 1 given for 2 NPCs (one per NPC, in order, or none)");
    expect_one_line_error(run_kinema(map + "--npc 16.5,9.5 --npc 0.5,0.5"),
                          "--npc: NPC 2 (0.5,0.5) is not on walkable space");
    expect_one_line_error(run_kinema(map + "--npc 16.5,9.5 --npc 16.5,9.2"),
                          "--npc: NPC 2 starts closer than 0.5 level units to NPC 1");
    expect_one_line_error(run_kinema(map + "--npc 16.5,9.5 --npc 16.5,8.5 --team crowd"),
                          "--team: expected independent, shared or split, got 'crowd'");
    expect_one_line_error(
        run_kinema("pursue --map '" + level_path("t_junction_equal.txt") + "' --batch 2 --team split"),
        "--team: not used with --batch");
}

// Settings that make the NPC model's state go non-finite are refused naming the flags and the reason: an
// explicit friction that overshoots at long steps (CrossCode below 6 Hz at friction 1, Dishonored below
// friction / 2 Hz) and a model scale that turns the model's top speed into more than 1e6 level units/s.
TEST(CliPursue, NpcModelThatWouldDivergeIsRefusedNamingTheFlag) {
    const std::string map =
        "pursue --map '" + level_path("corner.txt") + "' --route '12.5,2.5;17.5,2.5;17.5,28.5' ";
    const std::string ok = map + "--npc 2.5,2.5 ";
    expect_one_line_error(
        run_kinema(ok + "--npc-model crosscode --hz 5"),
        "--hz: must be at least 6 for the crosscode NPC model at its friction (steps longer "
        "than 0.1667 s make its explicit friction overshoot and diverge), got 5; or lower the "
        "model's friction");
    // The largest friction (1e308 is refused by its own range since issue 40).
    expect_one_line_error(run_kinema(ok + "--npc-model dishonored --hz 1 --set friction=1e6"),
                          "--hz: must be at least 500000 for the dishonored NPC model");
    expect_one_line_error(run_kinema(ok + "--npc-model dishonored --hz 3"), "--hz: must be at least 4 ");
    expect_one_line_error(
        run_kinema(ok + "--model-scale 4.9e-324"),
        "--model-scale: gives the unreal NPC model's top speed 600 cm/s as over 1e308 level units/s, "
        "more than the 1000000 allowed (the fastest player_speed), got 5e-324");
    // At and inside the bounds it runs: CrossCode at 6 Hz (12 x friction x dt = 2), a model scale of 1e-3.
    EXPECT_EQ(run_kinema(ok + "--npc-model crosscode --hz 6").exit_code, 0);
    EXPECT_EQ(run_kinema(ok + "--npc-model dishonored --hz 4").exit_code, 0);
    EXPECT_EQ(run_kinema(ok + "--npc-model crosscode --hz 5 --set friction=0.8").exit_code, 0);
    EXPECT_EQ(run_kinema(ok + "--model-scale 1e-3").exit_code, 0);
}

#if KINEMA_HAVE_NAV
// Our 3D corner (data/levels/corner_ramp.obj): the player sprints east, is lost at the view range on the way
// to the corner and runs round it and up the ramp.
std::string ramp_args(const std::string& strategy) {
    return "pursue --map '" + std::string(KINEMA_DATA_DIR) +
           "/levels/corner_ramp.obj' --route '10,0,2;18,0,2;18,3,16;18,3,30' --npc 1,0,2 --view-range 10 "
           "--player-speed 7.5 --strategy " +
           strategy;
}

TEST(CliPursue, ObjLevelJsonIsThreeDimensional) {
    const nlohmann::json j = pursue_json(ramp_args("flood"));
    const auto& frames = j["frames"];
    ASSERT_GT(frames.size(), 2u);
    for (const char* key : {"player", "npc", "npc_velocity", "npc_input"}) {
        EXPECT_EQ(frames[1][key].size(), 3u) << key;
    }
    EXPECT_EQ(frames[0]["npc"][0], 1);
    EXPECT_EQ(frames[0]["npc"][2], 2);
    // Recast lays the navmesh on top of the floor's voxel: up to one cell height (0.2) above the mesh.
    EXPECT_NEAR(frames[0]["npc"][1].get<double>(), 0.0, 0.25);
    EXPECT_EQ(j["settings"]["route"][3], nlohmann::json::parse("[18,3,30]"));
    EXPECT_EQ(j["outcome"], "reacquired");
    // Re-acquired on the upper corridor: the player is up there, 3 m higher.
    EXPECT_NEAR(j["frames"].back()["player"][1].get<double>(), 3.0, 0.25);
}

TEST(CliPursue, ObjLevelChaseResultIsWhatKinemaChasePrints) {
    for (const char* strategy : {"flood", "flood-paced"}) {
        const nlohmann::json j = pursue_json(ramp_args(strategy));
        const auto& lost = j["events"][0];
        const auto& chase_event = j["events"][1];
        ASSERT_EQ(lost["kind"], "lost_sight");
        ASSERT_EQ(chase_event["kind"], "chase");
        const auto xyz = [](const nlohmann::json& v) {
            return v[0].dump() + "," + v[1].dump() + "," + v[2].dump();
        };
        const CliRun r = run_kinema("chase --json --map '" + std::string(KINEMA_DATA_DIR) +
                                    "/levels/corner_ramp.obj' --from " + xyz(lost["last_seen"]) + " --dir " +
                                    xyz(lost["direction"]));
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(chase_event["result"], nlohmann::json::parse(r.out)) << strategy;
    }
}

// --navmesh FILE: the navmesh `kinema navmesh build` writes for the mesh gives the same pursuit as --map.
TEST(CliPursue, NavmeshFileRunsTheSamePursuit) {
    const fs::path navmesh = scratch_path("corner_ramp.navmesh");
    const std::string obj = level_path("corner_ramp.obj");
    ASSERT_EQ(run_kinema("navmesh build '" + obj + "' -o '" + navmesh.string() + "'").exit_code, 0);
    const std::string scenario =
        " --route '10,0,2;18,0,2;18,3,16;18,3,30' --npc 1,0,2 --view-range 10 "
        "--player-speed 7.5";
    const nlohmann::json from_file = pursue_json("pursue --navmesh '" + navmesh.string() + "'" + scenario);
    const nlohmann::json from_mesh = pursue_json("pursue --map '" + obj + "'" + scenario);
    EXPECT_EQ(from_file["frames"], from_mesh["frames"]);
    EXPECT_EQ(from_file["outcome"], "reacquired");
    expect_one_line_error(
        run_kinema("pursue --navmesh '" + navmesh.string() + "' --map '" + obj + "'" + scenario),
        "--navmesh: cannot be combined with --map");
    expect_one_line_error(run_kinema("pursue --navmesh '" + navmesh.string() + "' --tile-size 32" + scenario),
                          "--tile-size/--threads: only for --map LEVEL.obj");
    fs::remove(navmesh);
}

TEST(CliPursue, ObjLevelErrorsNameTheFlag) {
    const std::string map = "pursue --map " + sh_quoted(level_path("corner_ramp.obj")) + " ";
    const std::string ok = "--route '10,0,2;18,0,2' --npc 1,0,2 ";
    // Straight from the lower corridor to the upper one: over the void beside the ramp.
    expect_one_line_error(run_kinema(map + "--route '10,0,2;18,0,2;12,3,24' --npc 1,0,2"),
                          "--route: waypoint 3 (12,3,24) is not on walkable space");
    expect_one_line_error(
        run_kinema(map + "--route '10,0,2;18,0,2;2,0,2;17,3,20' --npc 1,0,2"),
        "--route: segment 3 (2,0,2)-(17,3,20) is blocked (the navmesh raycast hits a wall)");
    expect_one_line_error(run_kinema(map + "--route '10,0;18,0' --npc 1,0,2"),
                          "--route: expected X,Y,Z, got '10,0'");
    expect_one_line_error(run_kinema(map + "--route '10,0,2' --npc 1,2"), "--npc: expected X,Y,Z, got '1,2'");
    expect_one_line_error(run_kinema(map + ok + "--npc-dir 1,0"), "--npc-dir: expected X,Y,Z, got '1,0'");
    expect_one_line_error(run_kinema(map + ok + "--npc-dir 0,1,0"), "--npc-dir: must be finite and not zero");
    expect_one_line_error(run_kinema(map + ok + "--stimulus 1,2,0"), "--stimulus: expected T,X,Y,Z");
    expect_one_line_error(run_kinema(map + "--route '10,0,nan' --npc 1,0,2"),
                          "--route: must be a finite number");
    expect_one_line_error(run_kinema(map + "--route '10,0,2' --npc 50,0,50"),
                          "--npc: (50,0,50) is not on walkable space");
    expect_one_line_error(run_kinema(map + ok + "--agent-radius -1"), "--agent-radius: must be");
    expect_one_line_error(run_kinema(map + "--batch 3 --route '10,0,2'"), "--route: not used with --batch");
    expect_one_line_error(run_kinema(map + "--batch 3 --json"),
                          "--json: --batch writes its report to a file");
    expect_one_line_error(run_kinema("pursue --map '" + level_path("corner.txt") +
                                     "' --route '12.5,2.5' --npc 2.5,2.5 " + "--agent-radius 1"),
                          "--agent-*/--tile-size: only for 3D levels");
}

// --batch on a 3D level: the scenarios on Detour's paths, one space per thread; the same table, JSON and CSV
// for 1 and 2 threads, and from the navmesh file as from the mesh.
TEST(CliPursue, ObjLevelBatchIsTheSameForAnyThreadCount) {
    const fs::path json1 = scratch_path("batch3d1.json");
    const fs::path json2 = scratch_path("batch3d2.json");
    const fs::path json3 = scratch_path("batch3d3.json");
    const fs::path csv = scratch_path("batch3d.csv");
    const fs::path navmesh = scratch_path("batch3d.navmesh");
    const std::string obj = level_path("corner_ramp.obj");
    const std::string args = " --batch 4 --seed 3 --max-time 20 --search-time 5";
    const std::string map = "pursue --map '" + obj + "'" + args;
    const CliRun one =
        run_kinema(map + " --threads 1 --json '" + json1.string() + "' --csv '" + csv.string() + "'");
    const CliRun two = run_kinema(map + " --threads 2 --json '" + json2.string() + "'");
    ASSERT_EQ(one.exit_code, 0) << one.err;
    ASSERT_EQ(two.exit_code, 0) << two.err;
    EXPECT_EQ(one.out, two.out);
    EXPECT_EQ(read_file(json1), read_file(json2));
    // Above the navmesh build's 64 threads the batch still takes --threads (the build uses 64).
    const CliRun many = run_kinema(map + " --threads 100 --json '" + json3.string() + "'");
    ASSERT_EQ(many.exit_code, 0) << many.err;
    EXPECT_EQ(many.out, one.out);
    EXPECT_EQ(read_file(json3), read_file(json1));
    // On 3D levels npc_behind counts cell sizes along Detour's path, not path cells.
    EXPECT_EQ(
        one.out.rfind("kinema pursue --batch: corner_ramp.obj\n  4 scenarios (seed 3, route >= 20 units, "
                      "NPC 3 cell sizes behind)",
                      0),
        0u)
        << one.out;
    const nlohmann::json j = nlohmann::json::parse(read_file(json1));
    EXPECT_EQ(j["scenarios"], 4);
    EXPECT_EQ(j["runs"].size(), 24u);  // 4 scenarios x 6 strategies
    const std::string table = read_file(csv);
    EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 25);
    // Each run re-acquired, gave up or timed out, or never lost sight: the shares of every row sum to 1.
    for (const nlohmann::json& row : j["summaries"]) {
        if (row["runs"] > 0) {
            EXPECT_NEAR(row["reacquired_chase"].get<double>() + row["reacquired_search"].get<double>() +
                            row["gave_up"].get<double>() + row["timeout"].get<double>(),
                        1.0, 1e-12);
        }
    }
    // The navmesh file gives the same level, so the same batch (--threads sets the batch's workers there).
    ASSERT_EQ(run_kinema("navmesh build '" + obj + "' -o '" + navmesh.string() + "'").exit_code, 0);
    const CliRun file = run_kinema("pursue --navmesh '" + navmesh.string() + "'" + args +
                                   " --threads 2 --json '" + json3.string() + "'");
    ASSERT_EQ(file.exit_code, 0) << file.err;
    EXPECT_EQ(read_file(json3), read_file(json1));
    for (const fs::path& p : {json1, json2, json3, csv, navmesh}) {
        fs::remove(p);
    }
}

TEST(CliPursue, ObjLevelBatchErrors) {
    const std::string map = "pursue --map " + sh_quoted(level_path("corner_ramp.obj")) + " ";
    // The level's longest path (the lower corridor, the ramp, the upper corridor) is about 50 m.
    const fs::path json = scratch_path("batch3d-failed.json");
    expect_one_line_error(run_kinema(map + "--batch 2 --min-route 100 --json '" + json.string() + "'"),
                          "--min-route: no scenario fits on");
    EXPECT_FALSE(fs::exists(json));
    expect_one_line_error(run_kinema(map + "--batch 2 --threads 0"), "--threads: must be in [1, 256], got 0");
    expect_one_line_error(run_kinema(map + "--batch 2 --strategy flood"),
                          "--strategy: not used with --batch");
}

#if KINEMA_HAVE_RENDER
TEST(CliPursue, ObjLevelPictures) {
    const fs::path png = scratch_path("pursuit3d.png");
    const fs::path svg = scratch_path("pursuit3d.svg");
    const CliRun r = run_kinema(ramp_args("dead-reckoning") + " --png '" + png.string() + "' --svg '" +
                                svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_file(png).substr(1, 3), "PNG");
    EXPECT_NE(read_file(svg).find("player's route"), std::string::npos);
    for (const fs::path& p : {png, svg}) {
        fs::remove(p);
    }
}
#endif
#endif

// A batch run at 1 thread (with --json and --csv) and at 2 threads (with --json): both runs' outputs and the
// files' text, the files removed.
struct ThreadRuns {
    CliRun one, two;
    std::string json1, json2, csv;
};

ThreadRuns at_one_and_two_threads(const std::string& args, const std::string& name) {
    const fs::path json1 = scratch_path(name + "1.json");
    const fs::path json2 = scratch_path(name + "2.json");
    const fs::path csv = scratch_path(name + ".csv");
    ThreadRuns r;
    r.one = run_kinema(args + " --threads 1 --json '" + json1.string() + "' --csv '" + csv.string() + "'");
    r.two = run_kinema(args + " --threads 2 --json '" + json2.string() + "'");
    EXPECT_EQ(r.one.exit_code, 0) << r.one.err;
    EXPECT_EQ(r.two.exit_code, 0) << r.two.err;
    r.json1 = read_file(json1);
    r.json2 = read_file(json2);
    r.csv = read_file(csv);
    for (const fs::path& p : {json1, json2, csv}) {
        fs::remove(p);
    }
    return r;
}

TEST(CliPursue, BatchIsTheSameForAnyThreadCount) {
    const ThreadRuns r =
        at_one_and_two_threads("pursue --map '" + level_path("corridor_into_room.txt") +
                                   "' --batch 4 --seed 3 --min-route 10 --max-time 20 --search-time 5",
                               "batch");
    EXPECT_EQ(r.one.out, r.two.out);
    EXPECT_EQ(r.json1, r.json2);
    const nlohmann::json j = nlohmann::json::parse(r.json1);
    EXPECT_EQ(j["scenarios"], 4);
    EXPECT_EQ(j["summaries"].size(), 6u);  // one per strategy
    EXPECT_EQ(j["runs"].size(), 24u);
    EXPECT_EQ(j["summaries"][1]["strategy"], "flood-paced");
    EXPECT_EQ(j["summaries"][5]["strategy"], "intercept");
    EXPECT_EQ(std::count(r.csv.begin(), r.csv.end(), '\n'), 25);
    EXPECT_NE(r.one.out.find("dead-reckoning"), std::string::npos);
}

// --npcs K: every strategy with every team mode, the same at 1 and 2 threads; the JSON's summaries and runs
// name their team, the CSV gains npcs,team.
TEST(CliPursue, TeamBatchIsTheSameForAnyThreadCount) {
    const ThreadRuns r =
        at_one_and_two_threads("pursue --map '" + level_path("warehouse_loop.txt") +
                                   "' --batch 5 --npcs 3 --min-route 10 --max-time 20 --search-time 5",
                               "team");
    EXPECT_EQ(r.one.out, r.two.out);
    EXPECT_EQ(r.json1, r.json2);
    const nlohmann::json j = nlohmann::json::parse(r.json1);
    EXPECT_EQ(j["scenarios"], 5);
    ASSERT_EQ(j["summaries"].size(), 18u);  // 6 strategies x 3 modes
    EXPECT_EQ(j["runs"].size(), 90u);
    const char* modes[] = {"independent", "shared", "split"};
    for (std::size_t i = 0; i < 18; ++i) {
        EXPECT_EQ(j["summaries"][i]["team"], modes[i % 3]);
        EXPECT_EQ(j["summaries"][i]["npcs"], 3);
        EXPECT_EQ(j["runs"][i]["team"], modes[i % 3]);
    }
    EXPECT_EQ(j["summaries"][3]["strategy"], "flood-paced");
    EXPECT_EQ(
        r.csv.substr(0, r.csv.find('\n')),
        "scenario,strategy,outcome,reacquired_in,time_to_reacquire,npc_distance,destination_changes,chases,"
        "max_heading_rate,npcs,team");
    EXPECT_EQ(std::count(r.csv.begin(), r.csv.end(), '\n'), 91);
    EXPECT_NE(r.one.out.find("a team of 3 NPCs per scenario"), std::string::npos) << r.one.out;
    const std::string map = "pursue --map '" + level_path("warehouse_loop.txt") + "' ";
    expect_one_line_error(run_kinema(map + "--batch 2 --npcs 17"), "--npcs: must be in [1, 16], got 17");
    expect_one_line_error(run_kinema(map + "--route 5.5,4.5 --npc 2.5,4.5 --npcs 2"),
                          "--npcs: only with --batch");
}

// --sightings-csv: one row per run in the JSON's run order; a run's first loss of sight happens while the NPC
// still sees the player, before the strategies differ, so every strategy of a scenario has the same one; the
// point lies on the level (corridor_into_room's floor tiles) and the direction is a motion; never_lost runs
// have zeros. Refused without --batch and with --shard (the parts do not carry it).
TEST(CliPursue, BatchSightingsAreEachRunsFirstLossOfSight) {
    const std::string map = "pursue --map '" + level_path("corridor_into_room.txt") + "' ";
    const fs::path json = scratch_path("sightings.json");
    const fs::path csv = scratch_path("sightings.csv");
    const CliRun r =
        run_kinema(map + "--batch 6 --seed 3 --min-route 10 --max-time 20 --search-time 5 --json '" +
                   json.string() + "' --sightings-csv '" + csv.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json j = nlohmann::json::parse(read_file(json));
    std::istringstream lines(read_file(csv));
    fs::remove(json);
    fs::remove(csv);
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line,
              "scenario,strategy,outcome,last_seen_x,last_seen_y,last_seen_height,direction_x,direction_y");
    std::vector<std::vector<std::string>> rows;
    while (std::getline(lines, line)) {
        std::vector<std::string> cells;
        std::istringstream in(line);
        for (std::string cell; std::getline(in, cell, ',');) {
            cells.push_back(cell);
        }
        ASSERT_EQ(cells.size(), 8u) << line;
        rows.push_back(cells);
    }
    ASSERT_EQ(rows.size(), j["runs"].size());
    const levels::GridLevel level = levels::load_level(level_path("corridor_into_room.txt"));
    std::size_t lost = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const nlohmann::json& run = j["runs"][i];
        EXPECT_EQ(rows[i][0], std::to_string(run["scenario"].get<int>()));
        EXPECT_EQ(rows[i][1], run["strategy"].get<std::string>());
        EXPECT_EQ(rows[i][2], run["outcome"].get<std::string>());
        const double x = std::stod(rows[i][3]);
        const double y = std::stod(rows[i][4]);
        const double dx = std::stod(rows[i][6]);
        const double dy = std::stod(rows[i][7]);
        if (rows[i][2] == "never_lost") {
            EXPECT_EQ(x, 0.0);
            EXPECT_EQ(dx * dx + dy * dy, 0.0);
            continue;
        }
        ++lost;
        EXPECT_TRUE(level.is_passable(static_cast<int>(x), static_cast<int>(y))) << x << "," << y;
        EXPECT_GT(dx * dx + dy * dy, 0.0);
        if (i > 0 && rows[i - 1][0] == rows[i][0] && rows[i - 1][2] != "never_lost") {
            EXPECT_EQ(std::vector(rows[i - 1].begin() + 3, rows[i - 1].end()),
                      std::vector(rows[i].begin() + 3, rows[i].end()));
        }
    }
    EXPECT_GT(lost, 0u);
    expect_one_line_error(run_kinema(map + "--route '12.5,12.5' --npc 2.5,12.5 --sightings-csv x.csv"),
                          "--sightings-csv: only with --batch");
    expect_one_line_error(run_kinema(map + "--batch 2 --shard 1/2 --json p.json --sightings-csv x.csv"),
                          "--sightings-csv");
}

TEST(CliPursue, BatchErrors) {
    const std::string map = "pursue --map '" + level_path("corridor_into_room.txt") + "' ";
    expect_one_line_error(run_kinema(map + "--batch 0"), "--batch: must be in [1, 1000000], got 0");
    expect_one_line_error(run_kinema(map + "--batch 2 --threads 0"), "--threads: must be in [1, 256], got 0");
    expect_one_line_error(run_kinema(map + "--batch 2 --min-route nan"), "--min-route:");
    expect_one_line_error(run_kinema(map + "--batch 2 --json"),
                          "--json: --batch writes its report to a file");
    expect_one_line_error(run_kinema(map + "--batch 2 --route 1,1"), "--route: not used with --batch");
    expect_one_line_error(run_kinema(map + "--route '12.5,12.5' --npc 2.5,12.5 --seed 3"),
                          "--seed: only with --batch");
    expect_one_line_error(run_kinema(map + "--batch 2 --min-route 1000"), "--min-route: no scenario fits");
    // Issue 24, M9: known before any scenario is drawn, and blamed on the flag that decides it.
    expect_one_line_error(run_kinema(map + "--batch 2 --view-range 0.5"),
                          "--view-range: no scenario fits on ");
}

}  // namespace
}  // namespace kinema::test
