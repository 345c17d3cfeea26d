// `--map X.gltf` and the other 3D scenes Assimp reads (src/formats/assimp_scene.cpp) through
// nav::load_level_3d: chase, audit, pursue and navmesh build give the OBJ's answers, byte for byte apart from
// the file's name, for every twin of data/levels/corner_ramp.obj (scripts/make-mesh-levels.sh). The twins
// hold exactly the OBJ's coordinates (whole metres are exact in float32; tests/formats/assimp_test.cpp), so
// Recast builds the same navmesh and cells. Bad files: exit 2, one line naming the file, nothing on stdout.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

/// Every occurrence of `from` in `text` replaced by `to`.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

/// `kinema ARGS` with MAP the level `name` and OUT a scratch file: its stdout and the file, with the level's
/// path and name (summaries name the file alone) written as "LEVEL".
std::string answer(const std::string& name, const std::string& args) {
    const std::string path = levels_dir + "/" + name;
    const fs::path out = scratch_path("answer.json");
    fs::remove(out);
    const CliRun run = run_kinema(replaced(replaced(args, "MAP", sh_quoted(path)), "OUT", sh_quoted(out)));
    EXPECT_EQ(run.exit_code, 0) << name << ": " << run.err;
    EXPECT_EQ(run.err, "") << name;
    const std::string written = fs::exists(out) ? read_file(out) : "";
    fs::remove(out);
    return replaced(replaced(run.out + written, path, "LEVEL"), name, "LEVEL");
}

const char* const twins[] = {"corner_ramp.gltf",    "corner_ramp_embedded.gltf", "corner_ramp.glb",
                             "corner_ramp_cm.gltf", "corner_ramp.fbx",           "corner_ramp.dae",
                             "corner_ramp.ply",     "corner_ramp.stl",           "corner_ramp.3ds"};

TEST(SceneLevelsCli, ChaseGivesTheObjsJsonForEveryTwin) {
    const std::string args = "chase --map MAP --from 1,0,2 --dir 1,0,0 --json";
    const std::string obj = answer("corner_ramp.obj", args);
    ASSERT_NE(obj.find("\"cells\":"), std::string::npos);
    for (const char* twin : twins) {
        EXPECT_EQ(answer(twin, args), obj) << twin;
    }
}

TEST(SceneLevelsCli, AuditAndPursueGiveTheObjsJson) {
    const std::string audit = "audit --quiet --map MAP --directions 2 --json OUT";
    const std::string pursue =
        "pursue --map MAP --route '10,0,2;18,0,2;18,3,16;18,3,30' --npc 1,0,2 "
        "--view-range 10 --json";
    const std::string obj_audit = answer("corner_ramp.obj", audit);
    const std::string obj_pursue = answer("corner_ramp.obj", pursue);
    ASSERT_NE(obj_audit.find("\"rows\":"), std::string::npos) << obj_audit.substr(0, 300);
    for (const char* twin :
         {"corner_ramp.gltf", "corner_ramp.glb", "corner_ramp.fbx", "corner_ramp_cm.gltf"}) {
        EXPECT_TRUE(answer(twin, audit) == obj_audit) << twin;  // (not EXPECT_EQ: 200 KB of JSON)
        EXPECT_TRUE(answer(twin, pursue) == obj_pursue) << twin;
    }
}

TEST(SceneLevelsCli, NavmeshBuildWritesTheObjsNavmesh) {
    const fs::path from_obj = scratch_path("obj.navmesh");
    const fs::path from_fbx = scratch_path("fbx.navmesh");
    ASSERT_EQ(
        run_kinema("navmesh build '" + levels_dir + "/corner_ramp.obj' -o " + sh_quoted(from_obj)).exit_code,
        0);
    const CliRun fbx =
        run_kinema("navmesh build '" + levels_dir + "/corner_ramp.fbx' -o " + sh_quoted(from_fbx));
    ASSERT_EQ(fbx.exit_code, 0) << fbx.err;
    EXPECT_EQ(read_file(from_fbx), read_file(from_obj));
    fs::remove(from_obj);
    fs::remove(from_fbx);
}

TEST(SceneLevelsCli, BadScenesAreOneLineNamingTheFile) {
    const fs::path cut = scratch_path("cut.glb");
    write_file(cut, read_file(levels_dir + "/corner_ramp.glb").substr(0, 1000));
    expect_one_line_error(
        run_kinema("chase --map " + sh_quoted(cut) + " --from 1,0,2"),
        cut.string() + ": glb header: truncated: the header says 1436 bytes, the file has 1000");
    const fs::path alone = scratch_path("alone.gltf");
    fs::copy_file(levels_dir + "/corner_ramp.gltf", alone, fs::copy_options::overwrite_existing);
    expect_one_line_error(run_kinema("audit --map " + sh_quoted(alone)),
                          alone.string() + ": buffers[0].uri: cannot open 'corner_ramp.bin': no such file");
    const fs::path garbage = scratch_path("garbage.fbx");
    write_file(garbage, "this is not a scene\n");
    expect_one_line_error(
        run_kinema("pursue --map " + sh_quoted(garbage) + " --route '10,0,2;14,0,2' --npc 8,0,2"),
        garbage.string() + ": Assimp could not read the scene: FBX-Parser");
    const fs::path empty = scratch_path("empty.gltf");
    write_file(empty, R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{}]})");
    expect_one_line_error(run_kinema("navmesh build " + sh_quoted(empty) + " -o /dev/null"),
                          empty.string() + ": the scene has no triangles");
    for (const fs::path& path : {cut, alone, garbage, empty}) {
        fs::remove(path);
    }
}

}  // namespace
}  // namespace kinema::test
