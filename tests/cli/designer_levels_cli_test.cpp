// Designers' levels on the command line (issue 41): --level and --walls on every command that reads a level
// file, refused where the file's format ignores them (docs/errors.md: a flag that changes nothing is
// refused), and documented in --help.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";
const std::string corner = "'" + levels_dir + "/corner.txt'";

std::string holds_one_level(const std::string& file, const std::string& format) {
    return "--level: has no effect on " + file + ": the " + format + " format holds one level (";
}

std::string marks_own_walls(const std::string& file, const std::string& format) {
    return "--walls: has no effect on " + file + ": the " + format + " format marks its own walls (";
}

TEST(DesignerLevelsCli, LevelAndWallsAreRefusedForAGridFormatThatIgnoresThem) {
    const std::string txt = levels_dir + "/corner.txt";
    const std::string route = " --route '3.5,2.5;10.5,2.5' --npc 1.5,2.5";
    expect_one_line_error(run_kinema("chase --map " + corner + " --level Level_1"),
                          holds_one_level(txt, "kinema ASCII level"));
    expect_one_line_error(run_kinema("audit --quiet --map " + corner + " --walls lava"),
                          marks_own_walls(txt, "kinema ASCII level"));
    expect_one_line_error(run_kinema("pursue --map " + corner + route + " --walls lava"),
                          marks_own_walls(txt, "kinema ASCII level"));
    expect_one_line_error(run_kinema("pursue --map " + corner + " --batch 2 --level L"),
                          holds_one_level(txt, "kinema ASCII level"));
    const fs::path map = scratch_path("room.MAP");
    write_file(map, "type octile\nheight 1\nwidth 3\nmap\n...\n");
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(map) + " --from 0.5,0.5 --walls '#000000'"),
                          marks_own_walls(map.string(), "Moving AI map"));
    fs::remove(map);
    // Without --map, the built-in level.
    expect_one_line_error(run_kinema("chase --level Level_1"),
                          "--level: has no effect without --map (the built-in level)");
    // The same flags read nothing and change nothing where they are not given.
    EXPECT_EQ(run_kinema("chase --map " + corner).exit_code, 0);
}

#if KINEMA_HAVE_NAV
TEST(DesignerLevelsCli, LevelAndWallsAreRefusedForMeshesAndNavmeshes) {
    const std::string obj = levels_dir + "/corner_ramp.obj";
    expect_one_line_error(run_kinema("chase --map '" + obj + "' --from 1,0,1 --walls w"),
                          marks_own_walls(obj, "OBJ triangle mesh"));
    expect_one_line_error(
        run_kinema("navmesh build '" + obj + "' -o " + sh_quoted(scratch_path("x.nav")) + " --level L"),
        holds_one_level(obj, "OBJ triangle mesh"));
    EXPECT_FALSE(fs::exists(scratch_path("x.nav")));
    const fs::path nav = scratch_path("never-read.nav");
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(nav) + " --from 1,0,1 --level L"),
                          holds_one_level(nav.string(), "navmesh"));
    // --navmesh reads a navmesh whatever the file's extension.
    expect_one_line_error(
        run_kinema("pursue --navmesh " + sh_quoted(scratch_path("never-read.navmesh")) +
                   " --route '1,0,1;2,0,1' --npc 0,0,1 --walls w"),
        "--walls: has no effect with --navmesh (a navmesh holds one level and marks its own "
        "walls)");
}
#endif

TEST(DesignerLevelsCli, HelpDocumentsLevelAndWalls) {
    for (const char* command : {"chase", "audit", "pursue"}) {
        const CliRun help = run_kinema(std::string(command) + " --help");
        EXPECT_EQ(help.exit_code, 0);
        EXPECT_NE(help.out.find("--level NAME"), std::string::npos) << command;
        EXPECT_NE(help.out.find("--walls NAME"), std::string::npos) << command;
        EXPECT_NE(help.out.find("--map world.ldtk --level Level_2"), std::string::npos) << command;
    }
}

// A data/levels file, or the test skipped naming it.
#define REQUIRE_DATA(path)                                                      \
    if (!fs::exists(path)) {                                                    \
        GTEST_SKIP() << (path) << " is not in data/ yet (a loader not merged)"; \
    }

/// Every occurrence of `from` in `text` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

std::string ok_out(const CliRun& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
}

const std::string all_levels = levels_dir + "/ldtk/all_levels.ldtk";

TEST(DesignerLevelsCli, LevelPicksAProjectsLevelInChaseAndAudit) {
    REQUIRE_DATA(all_levels);
    for (const std::string name : {"t_junction_equal", "warehouse_loop", "corner"}) {
        const std::string txt = levels_dir + "/" + name + ".txt";
        const std::string picked = "'" + all_levels + "' --level " + name;
        EXPECT_EQ(replaced(ok_out(run_kinema("chase --json --map " + picked)), all_levels, txt),
                  ok_out(run_kinema("chase --json --map '" + txt + "'")))
            << name;
        // The summary names the project and the level ("all_levels.ldtk (corner)"), the ASCII file alone.
        EXPECT_EQ(replaced(ok_out(run_kinema("audit --quiet --directions 2 --map " + picked)),
                           "all_levels.ldtk (" + name + ")", name + ".txt"),
                  ok_out(run_kinema("audit --quiet --directions 2 --map '" + txt + "'")))
            << name;
    }
    const CliRun unknown = run_kinema("chase --map '" + all_levels + "' --level no_such_level");
    expect_one_line_error(unknown, all_levels);
    EXPECT_NE(unknown.err.find("no_such_level"), std::string::npos) << unknown.err;
}

TEST(DesignerLevelsCli, AuditShardsRecordTheLevelAndMergeRereadsIt) {
    REQUIRE_DATA(all_levels);
    const std::string level = " --quiet --directions 2 --map '" + all_levels + "' --level t_junction_unequal";
    const fs::path whole = scratch_path("whole.json");
    ASSERT_EQ(run_kinema("audit" + level + " --json " + sh_quoted(whole)).exit_code, 0);
    std::string parts;
    for (int i = 1; i <= 3; ++i) {
        const fs::path part = scratch_path("part-" + std::to_string(i) + ".json");
        ASSERT_EQ(
            run_kinema("audit" + level + " --shard " + std::to_string(i) + "/3 --json " + sh_quoted(part))
                .exit_code,
            0);
        EXPECT_NE(read_file(part).find("\"level\":\"t_junction_unequal\"}"), std::string::npos);
        parts += " " + sh_quoted(part);
    }
    const fs::path merged = scratch_path("merged.json");
    const CliRun merge = run_kinema("merge" + parts + " --json " + sh_quoted(merged));
    EXPECT_EQ(merge.exit_code, 0) << merge.err;
    EXPECT_EQ(read_file(merged), read_file(whole));
    // A part of another level of the same project does not merge with them.
    const fs::path other = scratch_path("part-other.json");
    ASSERT_EQ(run_kinema("audit --quiet --directions 2 --map '" + all_levels +
                         "' --level t_junction_equal --shard 3/3 --json " + sh_quoted(other))
                  .exit_code,
              0);
    expect_one_line_error(run_kinema("merge " + sh_quoted(scratch_path("part-1.json")) + " " +
                                     sh_quoted(scratch_path("part-2.json")) + " " + sh_quoted(other) +
                                     " --json " + sh_quoted(scratch_path("never.json"))),
                          other.string() + ": read with other level options than ");
    for (const fs::path& file : {whole, merged, other, scratch_path("part-1.json"),
                                 scratch_path("part-2.json"), scratch_path("part-3.json")}) {
        fs::remove(file);
    }
}

// The corridor of level_options_cli_test.cpp as a Tiled map with an npc point object at tile (1, 1).
constexpr const char* tiled_npc_map = R"(<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="7" height="5" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="tiles" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <tile id="1"><properties><property name="collides" type="bool" value="true"/></properties></tile>
 </tileset>
 <layer id="1" name="ground" width="7" height="5"><data encoding="csv">
2,2,2,2,2,2,2,
2,1,1,1,1,1,2,
2,2,2,2,2,1,2,
0,0,0,0,2,1,2,
0,0,0,0,2,2,2
</data></layer>
 <objectgroup id="2" name="markers"><object id="1" name="npc" x="48" y="48"><point/></object></objectgroup>
</map>
)";

TEST(DesignerLevelsCli, PursueStartsAtATiledMapsNpcObject) {
    REQUIRE_DATA(levels_dir + "/tiled/corner.tmx");
    const fs::path tmx = scratch_path("npc.tmx");
    const fs::path txt = scratch_path("npc.txt");
    write_file(tmx, tiled_npc_map);
    write_file(txt, "#######\n#.....#\n#####.#\n    #.#\n    ###\n");
    const std::string scene = " --route '3.5,1.5;5.5,1.5;5.5,3.5' --max-time 4 --json";
    const std::string marked = ok_out(run_kinema("pursue --map " + sh_quoted(tmx) + scene));
    EXPECT_NE(marked.find("\"npc\":[1.5,1.5]"), std::string::npos) << marked.substr(0, 200);
    EXPECT_EQ(replaced(marked, tmx.string(), txt.string()),
              ok_out(run_kinema("pursue --map " + sh_quoted(txt) + " --npc 1.5,1.5" + scene)));
    fs::remove(tmx);
    fs::remove(txt);
}

TEST(DesignerLevelsCli, WallsReachTheImageLoader) {
    const std::string png = levels_dir + "/images/corner.png";
    REQUIRE_DATA(png);
    const std::string chase = "chase --json --map '" + png + "' --from 3.5,2.5 --dir 1,0";
    const std::string plain = ok_out(run_kinema(chase));
    EXPECT_NE(plain.find("\"cells\":135,"), std::string::npos) << plain.substr(0, 120);
    // Black is what the image's walls are drawn in: named, it is the same level.
    EXPECT_EQ(ok_out(run_kinema(chase + " --walls '#000000'")), plain);
    // White named the wall colour: the 537 black wall pixels of corner.txt's drawing become the floor.
    const CliRun inverted = run_kinema(chase + " --walls '#FFFFFF'");
    EXPECT_EQ(inverted.exit_code, 0) << inverted.err;
    EXPECT_NE(inverted.out.find("\"cells\":537,"), std::string::npos) << inverted.out.substr(0, 120);
}

}  // namespace
}  // namespace kinema::test
