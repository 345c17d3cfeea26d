// --scale and --up (issue 41): a mesh whose file states no units or axes read as metres with y up. Each test
// writes a twin of data/levels/corner_ramp.obj in other units or axes (whole numbers and halves, exact in
// float32, so Recast builds the same navmesh) and checks that the flag gives the original's answers, byte for
// byte apart from the file's name; the flags are refused where they change nothing (docs/errors.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <sstream>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";
const std::string corner_ramp = levels_dir + "/corner_ramp.obj";

/// Every occurrence of `from` in `text` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

/// corner_ramp.obj with every vertex (x, y, z) written as `moved(x, y, z)`, at scratch `name`.
fs::path twin(const std::string& name, const std::function<std::string(double, double, double)>& moved) {
    std::istringstream lines(read_file(corner_ramp));
    std::string out;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("v ", 0) == 0) {
            std::istringstream v(line.substr(2));
            double x = 0;
            double y = 0;
            double z = 0;
            v >> x >> y >> z;
            line = "v " + moved(x, y, z);
        }
        out += line + "\n";
    }
    const fs::path path = scratch_path(name);
    write_file(path, out);
    return path;
}

std::string xyz(double x, double y, double z) {
    std::ostringstream s;
    s << x << ' ' << y << ' ' << z;
    return s.str();
}

/// `kinema ARGS` on the level `map` (MAP in ARGS): stdout, with the level's path written as "LEVEL".
std::string answer(const fs::path& map, const std::string& args) {
    const CliRun run = run_kinema(replaced(args, "MAP", sh_quoted(map)));
    EXPECT_EQ(run.exit_code, 0) << map << ": " << run.err;
    EXPECT_EQ(run.err, "") << map;
    return replaced(replaced(run.out, map.string(), "LEVEL"), map.filename().string(), "LEVEL");
}

const std::string chase = "chase --map MAP --from 1,0,2 --dir 1,0,0 --npc 18,3,30 --json";

TEST(MeshOptionsCli, ScaleReadsALevelInOtherUnitsAsTheMetresOne) {
    const std::string original = answer(corner_ramp, chase);
    ASSERT_NE(original.find("\"cells\":"), std::string::npos) << original.substr(0, 300);
    ASSERT_NE(original.find("\"path_status\":\"found\""), std::string::npos) << original.substr(0, 300);
    // Centimetres (a ramp 1600 x 300 x 1200) with --scale 0.01, and half metres with --scale 2.
    const fs::path cm =
        twin("ramp_cm.obj", [](double x, double y, double z) { return xyz(x * 100, y * 100, z * 100); });
    const fs::path halves =
        twin("ramp_2m.obj", [](double x, double y, double z) { return xyz(x / 2, y / 2, z / 2); });
    EXPECT_EQ(answer(cm, chase + " --scale 0.01"), original);
    EXPECT_EQ(answer(halves, chase + " --scale 2"), original);
    // Without the flag the centimetre file is a level a hundred times larger: too large for one tile.
    expect_one_line_error(run_kinema(replaced(chase, "MAP", sh_quoted(cm))),
                          cm.string() +
                              ": the mesh spans 2000.000000 x 3200.000000 world units on x and z: "
                              "too many columns for cell size 0.300000 in one tile");
    for (const fs::path& path : {cm, halves}) {
        fs::remove(path);
    }
}

TEST(MeshOptionsCli, UpZReadsAZUpCopyAsTheOriginal) {
    const std::string original = answer(corner_ramp, chase);
    // Blender's z-up axes: (x, y, z) -> (x, -z, y); --up z turns them back.
    const fs::path z_up = twin("ramp_z_up.obj", [](double x, double y, double z) { return xyz(x, -z, y); });
    EXPECT_EQ(answer(z_up, chase + " --up z"), original);
    // Without it the walls are the floor and the floor a wall: nothing to walk on.
    expect_one_line_error(run_kinema(replaced(chase, "MAP", sh_quoted(z_up))),
                          z_up.string() +
                              ": no walkable surface: none of the 8 triangles is flatter than "
                              "agent_max_slope");
    const fs::path both = twin("ramp_z_up_cm.obj",
                               [](double x, double y, double z) { return xyz(x * 100, -z * 100, y * 100); });
    EXPECT_EQ(answer(both, chase + " --up z --scale 0.01"), original);
    for (const fs::path& path : {z_up, both}) {
        fs::remove(path);
    }
}

TEST(MeshOptionsCli, AuditPursueAndNavmeshBuildTakeThem) {
    const fs::path cm =
        twin("ramp_cm.obj", [](double x, double y, double z) { return xyz(x * 100, y * 100, z * 100); });
    const std::string pursue = "pursue --map MAP --route '10,0,2;18,0,2;18,3,16;18,3,30' --npc 1,0,2 --json";
    EXPECT_EQ(answer(cm, pursue + " --scale 0.01"), answer(corner_ramp, pursue));
    const fs::path from_obj = scratch_path("obj.navmesh");
    const fs::path from_cm = scratch_path("cm.navmesh");
    ASSERT_EQ(run_kinema("navmesh build " + sh_quoted(corner_ramp) + " -o " + sh_quoted(from_obj)).exit_code,
              0);
    const CliRun built =
        run_kinema("navmesh build " + sh_quoted(cm) + " --scale 0.01 -o " + sh_quoted(from_cm));
    ASSERT_EQ(built.exit_code, 0) << built.err;
    EXPECT_EQ(read_file(from_cm), read_file(from_obj));
    for (const fs::path& path : {cm, from_obj, from_cm}) {
        fs::remove(path);
    }
}

TEST(MeshOptionsCli, AuditShardsRecordThemOnlyWhenSetAndMergeRereadsWithThem) {
    const fs::path cm =
        twin("ramp_cm.obj", [](double x, double y, double z) { return xyz(x * 100, y * 100, z * 100); });
    const std::string audit = "audit --quiet --directions 2 --map " + sh_quoted(cm) + " --scale 0.01";
    const fs::path whole = scratch_path("whole.json");
    ASSERT_EQ(run_kinema(audit + " --json " + sh_quoted(whole)).exit_code, 0);
    std::string parts;
    for (int i = 1; i <= 2; ++i) {
        const fs::path part = scratch_path("part-" + std::to_string(i) + ".json");
        const CliRun run =
            run_kinema(audit + " --shard " + std::to_string(i) + "/2 --json " + sh_quoted(part));
        ASSERT_EQ(run.exit_code, 0) << run.err;
        EXPECT_NE(read_file(part).find("\"scale\":0.01}"), std::string::npos);
        parts += " " + sh_quoted(part);
    }
    const fs::path merged = scratch_path("merged.json");
    const CliRun merge = run_kinema("merge" + parts + " --json " + sh_quoted(merged));
    EXPECT_EQ(merge.exit_code, 0) << merge.err;
    EXPECT_EQ(read_file(merged), read_file(whole));
    // The defaults are not written: a part of the metres file names no scale or up axis.
    const fs::path plain = scratch_path("plain.json");
    ASSERT_EQ(run_kinema("audit --quiet --directions 2 --map " + sh_quoted(corner_ramp) +
                         " --scale 1 --up y " + "--shard 1/2 --json " + sh_quoted(plain))
                  .exit_code,
              0);
    EXPECT_EQ(read_file(plain).find("\"scale\""), std::string::npos);
    EXPECT_EQ(read_file(plain).find("\"up\""), std::string::npos);
    // A part read with another scale does not merge with them.
    const fs::path other = scratch_path("part-other.json");
    ASSERT_EQ(run_kinema("audit --quiet --directions 2 --map " + sh_quoted(cm) +
                         " --scale 0.02 --shard 2/2 --json " + sh_quoted(other))
                  .exit_code,
              0);
    expect_one_line_error(run_kinema("merge " + sh_quoted(scratch_path("part-1.json")) + " " +
                                     sh_quoted(other) + " --json " + sh_quoted(scratch_path("never.json"))),
                          other.string() + ": read with other mesh options than " +
                              scratch_path("part-1.json").string() +
                              ": scale 0.01, up y there, scale 0.02, up y here");
    for (const fs::path& file :
         {cm, whole, merged, plain, other, scratch_path("part-1.json"), scratch_path("part-2.json")}) {
        fs::remove(file);
    }
}

TEST(MeshOptionsCli, PursueBatchShardsRecordThemAndMergeAsTheOriginal) {
    const fs::path cm =
        twin("ramp_cm.obj", [](double x, double y, double z) { return xyz(x * 100, y * 100, z * 100); });
    const std::string batch = "pursue --batch 4 --threads 1 --scale 0.01 --map " + sh_quoted(cm);
    std::string parts;
    for (int i = 1; i <= 2; ++i) {
        const fs::path part = scratch_path("batch-" + std::to_string(i) + ".json");
        const CliRun run =
            run_kinema(batch + " --shard " + std::to_string(i) + "/2 --json " + sh_quoted(part));
        ASSERT_EQ(run.exit_code, 0) << run.err;
        EXPECT_NE(read_file(part).find("\"fnv1a64\":\"1ca2fc5853b345c3\",\"scale\":0.01}"),
                  std::string::npos);
        parts += " " + sh_quoted(part);
    }
    const fs::path merged = scratch_path("batch-merged.json");
    const fs::path whole = scratch_path("batch-whole.json");
    ASSERT_EQ(run_kinema("merge" + parts + " --json " + sh_quoted(merged)).exit_code, 0);
    ASSERT_EQ(run_kinema("pursue --batch 4 --threads 1 --map " + sh_quoted(corner_ramp) + " --json " +
                         sh_quoted(whole))
                  .exit_code,
              0);
    const std::string scenarios = read_file(whole);
    ASSERT_NE(scenarios.find("\"scenarios\":4"), std::string::npos) << scenarios.substr(0, 300);
    EXPECT_EQ(replaced(read_file(merged), cm.string(), "LEVEL"), replaced(scenarios, corner_ramp, "LEVEL"));
    for (const fs::path& file :
         {cm, merged, whole, scratch_path("batch-1.json"), scratch_path("batch-2.json")}) {
        fs::remove(file);
    }
}

TEST(MeshOptionsCli, RefusedWhereTheyChangeNothingOrOutOfRange) {
    const std::string corner = levels_dir + "/corner.txt";
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(corner) + " --scale 0.01"),
                          "--scale: has no effect on " + corner +
                              ": the kinema ASCII level format is a grid level (--scale is read for .obj");
    expect_one_line_error(
        run_kinema("audit --map " + sh_quoted(corner) + " --up z"),
        "--up: has no effect on " + corner + ": the kinema ASCII level format is a grid level");
    expect_one_line_error(run_kinema("chase --scale 2"),
                          "--scale: has no effect without --map (the built-in level)");
    const fs::path nav = scratch_path("ramp.nav");
    ASSERT_EQ(run_kinema("navmesh build " + sh_quoted(corner_ramp) + " -o " + sh_quoted(nav)).exit_code, 0);
    expect_one_line_error(
        run_kinema("pursue --navmesh " + sh_quoted(nav) + " --route '10,0,2;18,0,2' --npc 1,0,2 --up z"),
        "--up: has no effect with --navmesh (a navmesh is in metres with y up already)");
    expect_one_line_error(
        run_kinema("chase --map " + sh_quoted(nav) + " --scale 2"),
        "--scale: has no effect on " + nav.string() +
            ": the navmesh format is in metres with y up already (--scale is read for .obj");
    fs::remove(nav);
    for (const char* scale : {"0", "2e6", "-1", "nan", "1cm", "inf"}) {
        expect_one_line_error(
            run_kinema("chase --map " + sh_quoted(corner_ramp) + " --scale " + scale),
            std::string("--scale: must be a number in [1e-06, 1e+06] (metres per unit of the "
                        "file: 0.01 for centimetres), got '") +
                scale + "'");
    }
    expect_one_line_error(run_kinema("navmesh build " + sh_quoted(corner_ramp) + " --up x -o /dev/null"),
                          "--up: must be y or z (the file's up axis), got 'x'");
}

}  // namespace
}  // namespace kinema::test
