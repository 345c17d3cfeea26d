// Designers' levels on the command line (issue 41): --level and --walls on every command that reads a level
// file, refused where the file's format ignores them (docs/errors.md: a flag that changes nothing is
// refused), and documented in --help.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

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

}  // namespace
}  // namespace kinema::test
