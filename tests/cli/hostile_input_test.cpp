// The command line against hostile but realistic use: unknown commands, parser errors, and
// standard output that cannot be written (a full disk, a closed descriptor) or whose reader goes away.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

TEST(HostileCli, AnUnknownCommandIsNamed) {
    const CliRun r = run_kinema("foo --x 1");
    expect_one_line_error(r,
                          "unknown command 'foo' (commands: simulate, morrowind, turn, stop, sweep, chase");
}

TEST(HostileCli, ParserErrorsTakeOneLine) {
    // The flag named as typed (CLI11 listed every word it did not take); nothing near it to suggest.
    expect_one_line_error(run_kinema("stop --speed 600 --fps 60 --no-such-flag"),
                          "unknown stop option '--no-such-flag' (see kinema stop --help)");
    expect_one_line_error(run_kinema("sweep --fps 30 --csv --json"), "--csv excludes --json");
}

TEST(HostileCli, AFullDiskOnStandardOutputIsAnError) {
    if (!std::filesystem::exists("/dev/full")) {
        GTEST_SKIP() << "no /dev/full on this system";
    }
    // Before the fix every one of these exited 0 with the output lost.
    for (const std::string args :
         {"chase --json", "chase", "simulate --model unreal --dt 0.1 --frames 3 --input 0:1,0",
          "turn --fps 60 --max", "stop --model unreal --speed 600 --fps 60",
          "morrowind speed --speed 50 --athletics 30 --json"}) {
        const CliRun r = run_shell("\"$KINEMA\" " + args + " >/dev/full");
        EXPECT_EQ(r.exit_code, 2) << args;
        EXPECT_EQ(r.err, "kinema: error: cannot write to standard output: No space left on device\n") << args;
    }
}

TEST(HostileCli, AClosedStandardOutputIsAnError) {
    const CliRun r = run_shell("\"$KINEMA\" chase --json >&-");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "kinema: error: cannot write to standard output: Bad file descriptor\n");
}

TEST(HostileCli, AReaderThatGoesAwayIsAQuietEnd) {
    // `| head -c 1` closes the pipe early: no message, whatever kinema's own exit status (SIGPIPE).
    const CliRun r = run_shell(
        "\"$KINEMA\" simulate --model unreal --dt 0.001 --frames 200000 --input 0:1,0 | head -c 1 "
        ">/dev/null");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err, "");
}

/// A scratch file holding `text`.
std::string write_scratch(const std::string& name, const std::string& text) {
    const auto path = scratch_path(name);
    std::ofstream(path, std::ios::binary) << text;
    return path.string();
}

/// `path` in single quotes, for run_kinema's command line.
std::string quoted(const std::string& path) {
    std::string out = "'";
    out.append(path).append("'");
    return out;
}

/// `path` in double quotes, for run_shell's script (which it wraps in single quotes).
std::string double_quoted(const std::string& path) {
    std::string out = "\"";
    out.append(path).append("\"");
    return out;
}

// Meshes Recast cannot build: before the fix a mesh less than half a voxel across crashed every command that
// builds a navmesh (SIGSEGV in rcRasterizeTriangles), and a floor 1e7 from the origin aborted ("stack
// smashing detected"). One line naming the file, exit 2, no output file.
TEST(HostileCli, MeshesRecastCannotBuildAreOneLineErrors) {
    const std::string tiny = write_scratch("tiny.obj", "v 0 0 0\nv 0 0 0.1\nv 0.1 0 0\nf 1 2 3\n");
    const std::string strip =
        write_scratch("strip.obj", "v 0 0 0\nv 0 0 0.1\nv 100 0 0.1\nv 100 0 0\nf 1 2 3 4\n");
    const std::string far = write_scratch(
        "far.obj", "v 1e7 0 1e7\nv 1e7 0 10000010\nv 10000010 0 10000010\nv 10000010 0 1e7\nf 1 2 3 4\n");
    const std::string out = scratch_path("out.navmesh").string();
    std::filesystem::remove(out);
    const std::string half =
        ": the mesh is 0.1 x 0.1 world units on x and z: less than half a voxel (0.3) across on x";
    expect_one_line_error(run_kinema("navmesh build " + quoted(tiny) + " -o " + quoted(out)), tiny + half);
    expect_one_line_error(run_kinema("chase --map " + quoted(tiny) + " --from 0,0,0 --dir 1,0,0"),
                          tiny + half);
    expect_one_line_error(run_kinema("pursue --map " + quoted(tiny) + " --route '0,0,0;0.1,0,0' --npc 0,0,0"),
                          tiny + ": ");
    expect_one_line_error(run_kinema("audit --map " + quoted(tiny)), tiny + ": ");
    expect_one_line_error(run_kinema("navmesh build " + quoted(strip) + " -o " + quoted(out)),
                          strip + ": the mesh is 100 x 0.1 world units");
    expect_one_line_error(run_kinema("navmesh build " + quoted(far) + " -o " + quoted(out)),
                          far + ": the mesh reaches 10000010 world units from the origin");
    EXPECT_FALSE(std::filesystem::exists(out));
}

// A navmesh whose polygon lists itself as a neighbour: before the fix `chase --navmesh` and `pursue
// --navmesh` hung for ever in Detour's raycast. The timeout turns a hang into a failure (exit 124).
TEST(HostileCli, ANavmeshWithASelfLinkedPolygonIsRefused) {
    const auto built = scratch_path("ramp.navmesh");
    const auto broken = scratch_path("self.navmesh");
    const CliRun b = run_kinema("navmesh build '" + std::string(KINEMA_DATA_DIR) +
                                "/levels/corner_ramp.obj' -o '" + built.string() + "'");
    ASSERT_EQ(b.exit_code, 0) << b.err;
    std::string bytes = read_file(built);
    ASSERT_GT(bytes.size(), 464u);
    bytes[464] = 4;  // polygon 3's first neighbour: polygon 3 (neighbours are numbered from 1)
    std::ofstream(broken, std::ios::binary) << bytes;
    const std::string message = broken.string() + ": not a valid navmesh file: tile 0: polygon ";
    // run_shell quotes the script in single quotes: the paths (scratch files, no blanks) go in double ones.
    const std::string file = double_quoted(broken.string());
    for (const std::string& command : {"chase --navmesh " + file + " --from 1,0,2 --dir 1,0,0",
                                       "pursue --navmesh " + file + " --route \"1,0,2;3,0,2\" --npc 1,0,2"}) {
        const CliRun r = run_shell("timeout 60 \"$KINEMA\" " + command);
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_EQ(r.err.rfind("kinema: error: " + message, 0), 0u) << r.err;
    }
}

// A FIFO without a writer as any file input: before the fix every loader blocked for ever in open().
TEST(HostileCli, AFifoAsAFileInputIsRefused) {
    const auto dir = scratch_path("fifos");
    std::filesystem::create_directories(dir);
    for (const char* name : {"level.map", "level.obj", "level.navmesh", "log.csv", "gmst.json"}) {
        std::filesystem::remove(dir / name);
        ASSERT_EQ(::mkfifo((dir / name).c_str(), 0600), 0) << name;
    }
    const std::string d = dir.string() + "/";
    const std::string fifo = ": is a FIFO, not a file (a pipe without a writer would block forever)";
    const std::string map = double_quoted(d + "level.map");
    const std::string obj = double_quoted(d + "level.obj");
    const std::string navmesh = double_quoted(d + "level.navmesh");
    const std::string csv = double_quoted(d + "log.csv");
    const std::pair<std::string, std::string> cases[] = {
        {"chase --map " + map, d + "level.map:0" + fifo},
        {"chase --map " + obj + " --from 0,0,0 --dir 1,0,0", d + "level.obj" + fifo},
        {"chase --navmesh " + navmesh + " --from 0,0,0 --dir 1,0,0", d + "level.navmesh" + fifo},
        {"navmesh build " + obj + " -o " + double_quoted(d + "out.navmesh"), d + "level.obj" + fifo},
        {"replay --model dishonored " + csv, d + "log.csv:0" + fifo},
        {"simulate --model unreal --input-file " + csv, d + "log.csv:0" + fifo},
        {"morrowind speed --speed 50 --athletics 30 --gmst " + double_quoted(d + "gmst.json"),
         d + "gmst.json"},
    };
    for (const auto& [command, message] : cases) {
        const CliRun r = run_shell("timeout 20 \"$KINEMA\" " + command);
        EXPECT_EQ(r.exit_code, 2) << command;
        EXPECT_EQ(r.err.rfind("kinema: error: " + message, 0), 0u) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kinema::test
