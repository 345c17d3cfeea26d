// `--map` through the one registry of level formats (issue 40): a .nav is read as a navmesh by chase, audit
// and pursue, an extension nothing reads is refused as such, and a file without an extension is read by its
// first line (Moving AI or ASCII).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

/// The start of the refusal: the built-in formats, then kinema::formats' 2D ones; a build with Assimp lists
/// its 3D scenes after them (.gltf, .glb, ...), then "(a file without an extension as .txt)".
std::string unsupported(const fs::path& path, const std::string& typed) {
    return path.string() + ": format not supported: " + typed +
           "; kinema reads .map, .txt, .obj, .nav, .tmx, .tmj, .json, .ldtk, .png, .bmp";
}

TEST(LevelFormatsCli, AnUnknownExtensionIsRefusedByEveryCommand) {
    // Before: read as an ASCII level, so a picture or a renamed level failed with a character error or ran.
    const fs::path gif = scratch_path("corner.GIF");
    fs::copy_file(levels_dir + "/corner.txt", gif, fs::copy_options::overwrite_existing);
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(gif)), unsupported(gif, ".GIF"));
    expect_one_line_error(run_kinema("audit --quiet --map " + sh_quoted(gif)), unsupported(gif, ".GIF"));
    expect_one_line_error(
        run_kinema("pursue --map " + sh_quoted(gif) + " --route '3.5,2.5;10.5,2.5' --npc 1.5,2.5"),
        unsupported(gif, ".GIF"));
    fs::remove(gif);
}

#if KINEMA_HAVE_NAV
TEST(LevelFormatsCli, ANavmeshFileIsReadByMapInChaseAuditAndPursue) {
    // Before: `--map X.nav` was parsed as an ASCII level ("X.nav:1: unknown character ...").
    const fs::path nav = scratch_path("ramp.NAV");
    const std::string obj = levels_dir + "/corner_ramp.obj";
    ASSERT_EQ(run_kinema("navmesh build '" + obj + "' -o " + sh_quoted(nav)).exit_code, 0);
    const std::string query = " --from 10,0,2 --dir 1,0,0 --json";
    const CliRun by_map = run_kinema("chase --map " + sh_quoted(nav) + query);
    ASSERT_EQ(by_map.exit_code, 0) << by_map.err;
    const CliRun by_flag = run_kinema("chase --navmesh " + sh_quoted(nav) + query);
    ASSERT_EQ(by_flag.exit_code, 0) << by_flag.err;
    // The same flood: only the "map" field (the --map path, empty with --navmesh) differs.
    const std::string from_cells = "\"cells\":";
    ASSERT_NE(by_map.out.find(from_cells), std::string::npos);
    EXPECT_EQ(by_map.out.substr(by_map.out.find(from_cells)),
              by_flag.out.substr(by_flag.out.find(from_cells)));

    const CliRun audit = run_kinema("audit --quiet --map " + sh_quoted(nav) + " --directions 1");
    ASSERT_EQ(audit.exit_code, 0) << audit.err;
    EXPECT_NE(audit.out.find("ramp.NAV\n  227 cells x 1 directions = 227 seeds"), std::string::npos)
        << audit.out;

    const CliRun pursue =
        run_kinema("pursue --map " + sh_quoted(nav) + " --route '10,0,2;14,0,2' --npc 8,0,2 --max-time 1");
    EXPECT_EQ(pursue.exit_code, 0) << pursue.err;
    fs::remove(nav);
}

TEST(LevelFormatsCli, AGridLevelIsNotBuiltAsAMesh) {
    expect_one_line_error(run_kinema("navmesh build '" + levels_dir + "/corner.txt' -o /dev/null"),
                          levels_dir + "/corner.txt: a grid level (kinema ASCII level), not a 3D level");
}
#endif

TEST(LevelFormatsCli, AFileWithoutAnExtensionIsReadByItsFirstLine) {
    const fs::path map = fs::path(KINEMA_SHARED_DATA_DIR) / "maps" / "den011d.map";
    if (!fs::exists(map)) {
        GTEST_SKIP() << "no shared maps (set KINEMA_SHARED_DATA_DIR)";
    }
    // Before: a Moving AI map without its extension was read as ASCII ("den:1: unknown character 't' ...").
    const fs::path bare = scratch_path("den");
    fs::copy_file(map, bare, fs::copy_options::overwrite_existing);
    const CliRun with = run_kinema("chase --map " + sh_quoted(map) + " --from 10.5,19.5 --json");
    const CliRun without = run_kinema("chase --map " + sh_quoted(bare) + " --from 10.5,19.5 --json");
    ASSERT_EQ(without.exit_code, 0) << without.err;
    const std::string cells = "\"cells\":";
    EXPECT_EQ(with.out.substr(with.out.find(cells)), without.out.substr(without.out.find(cells)));
    fs::remove(bare);
    // An ASCII level without an extension stays ASCII.
    const fs::path ascii = scratch_path("corner");
    fs::copy_file(levels_dir + "/corner.txt", ascii, fs::copy_options::overwrite_existing);
    EXPECT_EQ(run_kinema("chase --map " + sh_quoted(ascii)).exit_code, 0);
    fs::remove(ascii);
}

}  // namespace
}  // namespace kinema::test
