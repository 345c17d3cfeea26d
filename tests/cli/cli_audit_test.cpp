// `kinema audit` end to end: the JSON report's rows equal what `kinema chase --json` prints for the same
// seeds, the contract's keys, CSV and pictures, the same files for any --threads, one-line errors with no
// file left, and a run on every shared map and on the 3D meshes.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"
#include "test_data.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

// `value` right-aligned in `width` characters, as the places' table prints its counts.
std::string fmt_width(int value, std::size_t width) {
    const std::string text = std::to_string(value);
    return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

nlohmann::ordered_json audit_json(const std::string& map, const std::string& extra = "") {
    const fs::path out = scratch_path("audit.json");
    const CliRun r = run_kinema("audit --map '" + map + "' --quiet --json '" + out.string() + "' " + extra);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string text = read_file(out);
    fs::remove(out);
    return nlohmann::ordered_json::parse(text);
}

std::string exact(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.17g", v);
    return text;
}

// Row `row` of an audit against `kinema chase --json` from the cell's centre in the row's direction.
void expect_row_as_chase(const std::string& map, const nlohmann::ordered_json& row) {
    const double x = row["cell"][0].get<double>() + 0.5;
    const double y = row["cell"][1].get<double>() + 0.5;
    const std::string args = "chase --json --map '" + map + "' --from " + exact(x) + "," + exact(y) +
                             " --dir " + exact(row["direction"][0].get<double>()) + "," +
                             exact(row["direction"][1].get<double>());
    const CliRun r = run_kinema(args);
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    const nlohmann::json chase = nlohmann::json::parse(r.out);
    EXPECT_EQ(chase["seed_cell"], row["cell"]) << args;
    EXPECT_EQ(chase["dir"], row["direction"]) << args;
    for (const char* key : {"steps", "stop_reason", "destination_cell", "destination", "dead_reckoning"}) {
        EXPECT_EQ(chase[key], row[key]) << args << " " << key;
    }
}

TEST(CliAudit, RowsEqualChaseJsonForTheSameSeeds) {
    for (const char* name : {"side_exit_behind", "t_junction_equal", "corridor_end_corner"}) {
        const auto j = audit_json(level_path(std::string(name) + ".txt"));
        const auto& rows = j["rows"];
        // Every 13th row: all 8 directions come up over the level's cells (13 and 8 are coprime).
        for (std::size_t i = 0; i < rows.size(); i += 13) {
            expect_row_as_chase(level_path(std::string(name) + ".txt"), rows[i]);
        }
    }
}

TEST(CliAudit, RowsEqualChaseJsonOnASharedMap) {
    const std::string map = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den011d.map";
    if (!fs::exists(map)) {
        GTEST_SKIP() << "shared map " << map << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    const auto j = audit_json(map, "--directions 3");
    const auto& rows = j["rows"];
    for (std::size_t i = 0; i < rows.size(); i += rows.size() / 5 + 1) {
        expect_row_as_chase(map, rows[i]);
    }
}

TEST(CliAudit, ReportFollowsTheContract) {
    const auto j = audit_json(level_path("side_exit_behind.txt"), "--directions 4");
    std::vector<std::string> keys;
    for (const auto& [key, value] : j.items()) {
        keys.push_back(key);
    }
    // "summary" (the shares in words) and "places" follow the totals, then "reuse", the record --reuse reads
    // (docs/audit.md).
    EXPECT_EQ(keys, (std::vector<std::string>{"directions", "settings", "rows", "totals", "summary", "places",
                                              "reuse"}));
    for (const char* name : {"exhausted", "too_many_heated", "max_steps"}) {
        EXPECT_EQ(j["summary"]["stop_reasons"][name]["seeds"], j["totals"]["stop_reasons"][name]);
    }
    for (const char* name : {"wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"}) {
        const auto& reading = j["summary"]["findings"][name];
        EXPECT_EQ(reading["seeds"], j["totals"]["findings"][name]);
        EXPECT_EQ(reading["share"].get<double>(),
                  j["totals"]["findings"][name].get<double>() / j["totals"]["rows"].get<double>());
        EXPECT_TRUE(reading["meaning"].is_string());
        EXPECT_TRUE(reading["to_change"].is_string());
    }
    EXPECT_EQ(j["directions"], 4);
    EXPECT_EQ(j["settings"]["hot"], 20);
    EXPECT_EQ(j["settings"]["directions"], 4);
    EXPECT_EQ(j["settings"]["give_up_steps"], 3);
    EXPECT_EQ(j["settings"]["corner_radius"], 3);
    const std::size_t cells = j["totals"]["cells"].get<std::size_t>();
    EXPECT_EQ(j["rows"].size(), cells * 4);
    EXPECT_EQ(j["totals"]["rows"], cells * 4);
    std::vector<std::string> row_keys;
    for (const auto& [key, value] : j["rows"][0].items()) {
        row_keys.push_back(key);
    }
    EXPECT_EQ(row_keys,
              (std::vector<std::string>{"cell", "direction", "steps", "stop_reason", "destination_cell",
                                        "destination", "chase_distance", "chase_distance_along_cells",
                                        "dead_reckoning", "dead_reckoning_gap", "findings"}));
    // (8, 5) facing east (k = 0): the barrier blocks the side exit (tests/chase/audit_test.cpp).
    bool found = false;
    for (const auto& row : j["rows"]) {
        if (row["cell"] == nlohmann::json::array({8, 5}) && row["direction"][0] == 1) {
            EXPECT_EQ(row["findings"], nlohmann::json::array({"barrier_blocks_exit"}));
            found = true;
        }
    }
    EXPECT_TRUE(found);
}

// The warehouse loop (data/levels/warehouse_loop.txt; tests/chase/audit_places_test.cpp works it by hand):
// the main corridor, row 2 from column 10 to 26, is a wrong_way place; the text, the JSON and --places-csv
// list it the same way.
TEST(CliAudit, PlacesInTheTextTheJsonAndTheCsv) {
    const fs::path json = scratch_path("places.json");
    const fs::path csv = scratch_path("places.csv");
    const CliRun r = run_kinema("audit --quiet --threads 2 --map '" + level_path("warehouse_loop.txt") +
                                "' --json '" + json.string() + "' --places-csv '" + csv.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto j = nlohmann::ordered_json::parse(read_file(json));
    const std::string places_csv = read_file(csv);
    fs::remove(json);
    fs::remove(csv);
    ASSERT_TRUE(j["places"].is_array());
    const nlohmann::ordered_json* corridor = nullptr;
    for (const auto& p : j["places"]) {
        if (p["finding"] == "wrong_way" && p["box_cells"]["low"] == nlohmann::json::array({10, 2})) {
            corridor = &p;
        }
    }
    ASSERT_NE(corridor, nullptr) << j["places"].dump();
    std::vector<std::string> keys;
    for (const auto& [key, value] : corridor->items()) {
        keys.push_back(key);
    }
    EXPECT_EQ(keys,
              (std::vector<std::string>{"rank", "finding", "cells", "seeds", "score", "threshold", "centre",
                                        "centre_cell", "box", "box_cells", "findings", "heading", "reason"}));
    EXPECT_EQ((*corridor)["cells"], 17);
    EXPECT_EQ((*corridor)["box_cells"]["high"], nlohmann::json::array({26, 2}));
    EXPECT_EQ((*corridor)["centre"], nlohmann::json::array({18.5, 2.5}));
    EXPECT_EQ((*corridor)["centre_cell"], nlohmann::json::array({18, 2}));
    EXPECT_EQ((*corridor)["heading"]["most"], "east");
    EXPECT_EQ((*corridor)["findings"]["wrong_way"], (*corridor)["seeds"]);
    const int rank = (*corridor)["rank"].get<int>();
    // The text's line for it: rank, finding, cells, seeds, centre at its cell, the cells' box; the reason.
    const std::string line = std::to_string(rank) + "  wrong_way                17" +
                             fmt_width((*corridor)["seeds"].get<int>(), 7) +
                             "  (18.5, 2.5) at (18, 2); (10, 2) - (26, 2)\n";
    EXPECT_NE(r.out.find("\n  Places: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n  What the shares mean\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("      a lower max_steps (now 40) stops the heat before it comes round a loop"),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find(line), std::string::npos) << r.out;
    EXPECT_NE(
        r.out.find("the flood sends the NPC back behind the player (mostly when the player was last seen "
                   "heading east)"),
        std::string::npos);
    // --places-csv: one line per cell of each place, the corridor's 17 under its rank.
    EXPECT_EQ(places_csv.rfind("place,finding,col,row,share\n", 0), 0u);
    for (int col = 10; col <= 26; ++col) {
        std::string cell_line(1, '\n');
        cell_line += std::to_string(rank) + ",wrong_way," + std::to_string(col) + ",2,";
        EXPECT_NE(places_csv.find(cell_line), std::string::npos) << col;
    }
}

// `--sweep`: every combination's shares equal those of a separate audit run with those settings (one
// implementation against another), the first --sweep varying slowest, the same for any --threads.
TEST(CliAudit, SweepSharesEqualSeparateAudits) {
    const std::string map = level_path("warehouse_loop.txt");
    const fs::path json = scratch_path("sweep.json");
    const auto sweep = [&](const std::string& threads) {
        const CliRun r =
            run_kinema("audit --quiet --threads " + threads + " --map '" + map +
                       "' --sweep hot=10,40 --sweep max_steps=20,30,40 --json '" + json.string() + "'");
        EXPECT_EQ(r.exit_code, 0) << r.err;
        const std::string text = read_file(json);
        fs::remove(json);
        return std::pair{r.out, nlohmann::ordered_json::parse(text)};
    };
    const auto [table, j] = sweep("1");
    ASSERT_EQ(j.size(), 6u);
    EXPECT_EQ(sweep("3").second.dump(), j.dump());
    std::size_t i = 0;
    for (const int hot : {10, 40}) {
        for (const int max_steps : {20, 30, 40}) {
            const auto& point = j[i++];
            EXPECT_EQ(point["settings"]["hot"], hot);
            EXPECT_EQ(point["settings"]["max_steps"], max_steps);
            EXPECT_EQ(point["settings"]["max_heated"], 25);
            const auto alone = audit_json(map, "--threads 2 --hot " + std::to_string(hot) + " --max-steps " +
                                                   std::to_string(max_steps));
            const double rows = alone["totals"]["rows"].get<double>();
            for (const auto& [group, names] :
                 {std::pair{"stop_reasons",
                            std::vector<std::string>{"exhausted", "too_many_heated", "max_steps"}},
                  {"findings",
                   {"wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"}}}) {
                for (const std::string& name : names) {
                    EXPECT_EQ(point["shares"][group][name].get<double>(),
                              alone["totals"][group][name].get<double>() / rows)
                        << hot << " " << max_steps << " " << name;
                }
            }
        }
    }
    // The table: a line per combination, its values first. hot 10, max_steps 20: the share of wrong_way.
    EXPECT_NE(table.find("113 cells x 8 directions = 904 seeds per combination, 6 combinations"),
              std::string::npos)
        << table;
    char wrong_way[16];
    std::snprintf(wrong_way, sizeof wrong_way, "%.1f%%",
                  100.0 * j[0]["shares"]["findings"]["wrong_way"].get<double>());
    EXPECT_NE(table.find("\n        10         20 |"), std::string::npos) << table;
    EXPECT_NE(table.find(wrong_way), std::string::npos) << table;
}

TEST(CliAudit, BadSweepIsOneLine) {
    const std::string map = "audit --quiet --map '" + level_path("warehouse_loop.txt") + "' ";
    expect_one_line_error(
        run_kinema(map + "--sweep hott=10"),
        "--sweep hott: is not a flood field (did you mean hot?); flood fields: hot, max_heated, "
        "max_steps, max_restarts, destination");
    expect_one_line_error(run_kinema(map + "--sweep hot=10,0"),
                          "--sweep hot: must be in [1, 1000000], got 0");
    expect_one_line_error(run_kinema(map + "--sweep hot=10,x"), "--sweep hot: expected a number, got 'x'");
    expect_one_line_error(run_kinema(map + "--sweep max_steps=1.5"),
                          "--sweep max_steps: must be a whole number, got 1.5");
    expect_one_line_error(run_kinema(map + "--sweep hot=10,"), "--sweep hot: empty value");
    expect_one_line_error(run_kinema(map + "--sweep hot"), "--sweep: expected FIELD=V1,V2,..., got 'hot'");
    expect_one_line_error(run_kinema(map + "--sweep hot=1 --sweep hot=2"), "--sweep hot: given twice");
    expect_one_line_error(run_kinema(map + "--sweep hot=1 --csv '" + scratch_path("no.csv").string() + "'"),
                          "--csv: not with --sweep");
    expect_one_line_error(
        run_kinema(map + "--sweep hot=1,2,3,4,5,6,7,8,9,10 --sweep max_steps=1,2,3,4,5,6,7,8,9,10 "
                         "--sweep max_heated=1,2,3,4,5,6,7,8,9,10,11"),
        "--sweep: more than 1000 combinations");
}

TEST(CliAudit, CsvHasTheSameRows) {
    const fs::path csv = scratch_path("audit.csv");
    const CliRun r = run_kinema("audit --quiet --map '" + level_path("corridor_end_corner.txt") +
                                "' --directions 2 --csv '" + csv.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string text = read_file(csv);
    fs::remove(csv);
    EXPECT_EQ(text.rfind("col,row,dx,dy,steps,stop_reason,destination_col,destination_row,destination_x,"
                         "destination_y,chase_distance,chase_distance_along_cells,dead_reckoning_x,"
                         "dead_reckoning_y,dead_reckoning_gap,wrong_way,gives_up_at_once,short_of_a_corner,"
                         "barrier_blocks_exit\n",
                         0),
              0u);
    // 13 cells x 2 directions + the header. Cell (1, 5) is the first (row-major ids); facing east: the
    // hand-worked flood of audit_test.cpp, short of a corner.
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 27);
    EXPECT_NE(text.find("\n1,5,1,0,12,exhausted,7,5,7.5,5.5,6,6,9.5,5.5,2,0,0,1,0\n"), std::string::npos)
        << text;
}

TEST(CliAudit, SameFilesForAnyThreadCount) {
    const std::string map = level_path("corridor_into_room.txt");
    const auto one = audit_json(map, "--threads 1").dump();
    EXPECT_EQ(audit_json(map, "--threads 2").dump(), one);
    EXPECT_EQ(audit_json(map, "--threads 3").dump(), one);
}

#if KINEMA_HAVE_RENDER
TEST(CliAudit, WritesOnePicturePerSummary) {
    const fs::path prefix = scratch_path("pic");
    const CliRun r = run_kinema("audit --quiet --map '" + level_path("side_exit_behind.txt") + "' --png '" +
                                prefix.string() + "' --svg '" + prefix.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    for (const char* name :
         {"distance", "wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"}) {
        const std::string png = read_file(prefix.string() + "-" + name + ".png");
        EXPECT_EQ(png.substr(1, 3), "PNG") << name;
        const std::string svg = read_file(prefix.string() + "-" + name + ".svg");
        EXPECT_NE(svg.find("<svg"), std::string::npos) << name;
        fs::remove(prefix.string() + "-" + name + ".png");
        fs::remove(prefix.string() + "-" + name + ".svg");
    }
}
#endif

TEST(CliAudit, BadSettingsAreOneLineAndLeaveNoFile) {
    const fs::path out = scratch_path("bad.json");
    const CliRun r = run_kinema("audit --map '" + level_path("side_exit_behind.txt") +
                                "' --directions 0 --json '" + out.string() + "'");
    expect_one_line_error(r, "--directions: ");
    EXPECT_FALSE(fs::exists(out));
    expect_one_line_error(run_kinema("audit --map '" + level_path("side_exit_behind.txt") + "' --threads 0"),
                          "--threads: ");
    expect_one_line_error(run_kinema("audit --map /nonexistent.map"), "");
}

// An audit bigger than the rows it may hold (cells x --directions over 2^20) is refused at once, naming the
// size and the flag, with exit 2 and no file: a 4096 x 4096 map once reserved 4.2 GB (33 GB at 8 directions,
// exit 1 "internal error" under a memory limit).
TEST(CliAudit, TooManyRowsAreRefusedNamingTheSizeAndTheFlag) {
    const fs::path map = scratch_path("open-1025.map");
    {
        std::FILE* f = std::fopen(map.string().c_str(), "w");
        ASSERT_NE(f, nullptr);
        std::fputs("type octile\nheight 1025\nwidth 1025\nmap\n", f);
        const std::string row = std::string(1025, '.') + "\n";
        for (int r = 0; r < 1025; ++r) {
            std::fputs(row.c_str(), f);
        }
        std::fclose(f);
    }
    const fs::path out = scratch_path("too-big.json");
    const CliRun r =
        run_kinema("audit --quiet --map '" + map.string() + "' --directions 1 --json '" + out.string() + "'");
    expect_one_line_error(r,
                          "--directions: 1050625 cells x 1 directions = 1050625 rows, more than the 1048576");
    EXPECT_FALSE(fs::exists(out));
}

// Ctrl-C during the audit (SIGINT after 1 s, through timeout(1), on a run of several seconds) leaves no file:
// nothing is written before the end.
TEST(CliAudit, InterruptedRunLeavesNoFile) {
    const std::string map = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den520d.map";
    if (!fs::exists(map)) {
        GTEST_SKIP() << "shared map " << map << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    const fs::path dir = scratch_path("interrupted");
    fs::create_directories(dir);
    const std::string command =
        "timeout -s INT 1 '" + std::string(KINEMA_CLI_PATH) + "' audit --quiet --threads 1 --map '" + map +
        "' --json '" + (dir / "a.json").string() + "' --png '" + (dir / "a").string() + "' >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    EXPECT_NE(status, 0);
    EXPECT_TRUE(fs::is_empty(dir)) << "files left in " << dir;
    fs::remove_all(dir);
}

// Every shared map (skipped when absent), one direction to keep the test short: the table names the counts.
TEST(CliAudit, RunsOnEverySharedMap) {
    const fs::path dir = fs::path(KINEMA_SHARED_DATA_DIR) / "maps";
    if (!fs::is_directory(dir)) {
        GTEST_SKIP() << "no shared maps in " << dir << " (set KINEMA_SHARED_DATA_DIR)";
    }
    int maps = 0;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".map") {
            continue;
        }
        const CliRun r =
            run_kinema("audit --quiet --directions 1 --threads 2 --map '" + entry.path().string() + "'");
        EXPECT_EQ(r.exit_code, 0) << entry.path() << r.err;
        EXPECT_NE(r.out.find(" x 1 directions = "), std::string::npos) << entry.path();
        ++maps;
    }
    EXPECT_GT(maps, 0);
}

#if KINEMA_HAVE_NAV
TEST(CliAudit, RunsOnTheMeshes) {
    const fs::path dir = fs::path(KINEMA_SHARED_DATA_DIR) / "meshes";
    if (!fs::is_directory(dir)) {
        GTEST_SKIP() << "no shared meshes in " << dir;
    }
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".obj") {
            continue;
        }
        const auto j = audit_json(entry.path().string(), "--directions 2 --threads 2");
        ASSERT_GT(j["rows"].size(), 0u) << entry.path();
        const auto& row = j["rows"][0];
        EXPECT_EQ(row["cell"].size(), 3u);
        EXPECT_EQ(row["direction"], nlohmann::json::array({1, 0}));
        EXPECT_EQ(row["destination"].size(), 3u);
        EXPECT_EQ(j["rows"].size(), 2 * j["totals"]["cells"].get<std::size_t>());
    }
    const fs::path csv = scratch_path("mesh.csv");
    const CliRun r = run_kinema("audit --quiet --directions 1 --map '" + (dir / "nav_test.obj").string() +
                                "' --csv '" + csv.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(read_file(csv).rfind("cell_x,cell_y,cell_z,dx,dz,steps,stop_reason,destination_cell_x,", 0),
              0u);
    fs::remove(csv);
}

// The summary names a loop on a 3D level only where the level has one (docs/audit.md "Why: what the level
// shows"): the ring corridor round a block has one, and its places say where a wall closes it (in metres,
// with the cell id); the same corridor without its east side has none, and neither the summary nor a place
// mentions a loop.
TEST(CliAudit, LoopsOnA3dLevelAreNamedOnlyWhereTheLevelHasOne) {
    const CliRun ring = run_kinema("audit --threads 2 --map '" + level_path("ring_corridor.obj") + "'");
    ASSERT_EQ(ring.exit_code, 0) << ring.err;
    EXPECT_NE(ring.out.find("or break the loop in the level"), std::string::npos) << ring.out;
    EXPECT_NE(
        ring.out.find("the heat runs round a loop of the level and comes back behind; a wall or a door at ("),
        std::string::npos)
        << ring.out;
    EXPECT_NE(ring.out.find(") (cell "), std::string::npos) << ring.out;
    const CliRun u = run_kinema("audit --threads 2 --map '" + level_path("u_corridor.obj") + "'");
    ASSERT_EQ(u.exit_code, 0) << u.err;
    EXPECT_EQ(u.out.find("loop"), std::string::npos) << u.out;
    EXPECT_NE(u.out.find("the destination lies behind the seed"), std::string::npos) << u.out;
}
#endif

}  // namespace
}  // namespace kinema::test
