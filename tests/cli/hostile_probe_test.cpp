// The hostile-input suite of issue 14: one table of probes per command, each run through the built binary in
// a scratch directory that holds earlier outputs. Every probe must end the kinema way: exit code 2, nothing
// on standard output, exactly one stderr line that names the flag or file given, every pre-existing file
// byte-identical and no file added (no temporary, no partial output). A `timeout` around each run turns a
// hang (issue 14 item 3: `stop --speed 5e307`, `--fps 1e-10`) into a failure instead of a stuck test.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

/// One hostile run: the arguments after the command ({DIR} is the scratch directory) and the text the single
/// error line must contain (the flag or file the user gave).
struct Probe {
    std::string args;
    std::string names;
};

void write(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

/// Every file under `dir` with its contents (directories as "<dir>").
std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
        const std::string name = fs::relative(entry.path(), dir).string();
        files[name] = entry.is_directory() ? "<dir>" : read_file(entry.path());
    }
    return files;
}

/// The scratch directory every probe starts from: earlier pictures and reports, a directory, bad inputs.
fs::path make_scratch(const std::string& name) {
    const fs::path dir = scratch_path("hostile-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir / "adir");
    write(dir / "keep.png", "an earlier picture");
    write(dir / "keep.svg", "<svg>an earlier picture</svg>");
    write(dir / "keep.json", "{\"earlier\": true}");
    write(dir / "huge.json", "{\"fMinWalkSpeed\": 1e999}");
    write(dir / "list.json", "[1, 2]");
    write(dir / "bad.csv", "this is not a replay log\n\x01\x02\n");
    write(dir / "big.obj", "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n");
    write(dir / "map.txt", "#####\n#P..#\n#####\n");
    return dir;
}

std::string replace_dir(std::string args, const std::string& dir) {
    for (std::size_t at = args.find("{DIR}"); at != std::string::npos; at = args.find("{DIR}")) {
        args.replace(at, 5, dir);
    }
    return args;
}

CliRun run_in(const fs::path& dir, const std::string& args) {
    const auto out_path = scratch_path("probe-stdout");
    const auto err_path = scratch_path("probe-stderr");
    std::string command = "cd '" + dir.string() + "' && LSAN_OPTIONS=print_suppressions=0:suppressions='";
    command.append(KINEMA_LSAN_SUPPRESSIONS).append("' timeout 20 '").append(KINEMA_CLI_PATH).append("' ");
    command.append(args).append(" >'").append(out_path.string()).append("' 2>'");
    command.append(err_path.string()).append("'");
    const int status = std::system(command.c_str());
    CliRun result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    std::error_code ignored;
    fs::remove(out_path, ignored);
    fs::remove(err_path, ignored);
    return result;
}

void run_probes(const std::string& command, const std::vector<Probe>& probes) {
    const fs::path dir = make_scratch(command);
    const auto before = snapshot(dir);
    for (const Probe& probe : probes) {
        const std::string args = command + " " + replace_dir(probe.args, dir.string());
        const CliRun r = run_in(dir, args);
        EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.err;
        EXPECT_EQ(r.out, "") << args;
        EXPECT_EQ(r.err.rfind("kinema: error: ", 0), 0u) << args << "\n" << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << args << "\n" << r.err;
        EXPECT_NE(r.err.find(probe.names), std::string::npos)
            << args << "\nexpected to name " << probe.names << "\n"
            << r.err;
        EXPECT_EQ(snapshot(dir), before) << args << ": a file was changed, added or removed";
    }
    fs::remove_all(dir);
}

TEST(HostileProbes, Simulate) {
    const std::string run = "--model unreal --frames 3 --input 0:1,0 ";
    run_probes("simulate", {
                               {run + "--dt 1e10", "--dt"},
                               {run + "--dt 1e-320x", "--dt"},
                               {run + "--dt nan", "--dt"},
                               {run + "--dt inf", "--dt"},
                               {run + "--dt -0.1", "--dt"},
                               {run + "--dt ''", "--dt"},
                               {"--model unreal --dt 0.1 --frames 1e99 --input 0:1,0", "--frames"},
                               {"--model unreal --dt 0.1 --frames -3 --input 0:1,0", "--frames"},
                               {"--model unreal --dt 0.1 --frames 3 --input 0:inf,0", "--input"},
                               {"--model unreal --dt 0.1 --frames 3 --input 0:nan,0", "--input"},
                               {run + "--dt 0.1 --start-velocity 1e999,0", "--start-velocity"},
                               {run + "--dt 0.1 --start-velocity ''", "--start-velocity"},
                               {"--model nosuch --dt 0.1 --frames 3 --input 0:1,0", "--model"},
                               {run + "--dt 0.1 --set ground_friction=1e300", "ground_friction"},
                               {run + "--dt 0.1 --set max_walk_speed=-1", "max_walk_speed"},
                               {run + "--dt 0.1 --set nosuch=1", "nosuch"},
                               {run + "--dt 0.1 --no-such-flag", "--no-such-flag"},
                               {run + "--dt 0.1 ''", "argument 9 of 'simulate' is empty"},
                               {"--model unreal --dt 0.1 --frames 200001 --input 0:1,0", "--frames"},
                           });
}

TEST(HostileProbes, Morrowind) {
    run_probes("morrowind", {
                                {"speed --gmst {DIR}/huge.json", "huge.json"},
                                {"speed --gmst {DIR}/list.json", "list.json"},
                                {"speed --gmst {DIR}/adir", "adir"},
                                {"speed --gmst {DIR}/missing.json", "missing.json"},
                                {"speed --gmst ''", "--gmst"},
                                {"speed --speed nan", "--speed"},
                                {"speed --speed 1e999", "--speed"},
                                {"speed --athletics -1e308", "--athletics"},
                                {"speed --input 1,", "--input"},
                                {"jump --jump-magnitude 1e300", "--jump-magnitude"},
                                {"fall --height inf", "--height"},
                                {"fall --height -1e308", "--height"},
                                {"speed --set nosuch=1", "nosuch"},
                                {"speed --rules nosuch", "--rules"},
                                {"nosuch", "unknown morrowind command 'nosuch'"},
                            });
}

TEST(HostileProbes, Turn) {
    run_probes("turn", {
                           {"--fps 1e-10 --max", "--fps"},
                           {"--fps 1e300 --max", "--fps"},
                           {"--fps nan --max", "--fps"},
                           {"--fps -60 --max", "--fps"},
                           {"--fps '' --max", "--fps"},
                           {"--fps 60 --angle nan", "--angle"},
                           {"--fps 60 --angle inf", "--angle"},
                           {"--fps 60 --scale -1 --max", "--scale"},
                           {"--fps 60 --scale inf --max", "--scale"},
                           {"--fps 60 --friction -8 --max", "--friction"},
                           {"--fps 60", "--angle"},
                           {"--fps 60 --max --bogus", "--bogus"},
                       });
}

TEST(HostileProbes, Stop) {
    // Issue 14 item 3: the first three never returned.
    run_probes("stop",
               {
                   {"--model unreal --speed 5e307 --fps 60", "--speed"},
                   {"--model unreal --speed 600 --fps 1e-10", "--fps"},
                   {"--model unreal --speed 600 --fps 1e300", "--fps"},
                   {"--model unreal --speed 600 --fps nan", "--fps"},
                   {"--model unreal --speed -1 --fps 60", "--speed"},
                   {"--model unreal --speed inf --fps 60", "--speed"},
                   {"--model unreal --speed '' --fps 60", "--speed"},
                   {"--model unreal --speed 600 --table --fps-list 60,1e9", "--fps-list"},
                   {"--model unreal --speed 600 --table --fps-list 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17",
                    "--fps-list"},
                   {"--model dishonored --speed 600 --fps 60 --max-frames 1e12", "--max-frames"},
                   {"--model dishonored --speed 600 --fps 60 --rest-speed nan", "--rest-speed"},
                   {"--model unreal --speed 600 --fps 60 --set braking_deceleration_walking=1e300",
                    "braking_deceleration_walking"},
                   {"--model unreal --speed 600 --fps 60 --set max_simulation_time_step=1e9",
                    "max_simulation_time_step"},
                   {"--model unreal --speed 600 --pivot --fps 60 --set max_walk_speed=100", "--speed"},
               });
}

TEST(HostileProbes, Sweep) {
    run_probes("sweep", {
        // Issue 14 item 5: 26 s of work before the list was rejected.
        {"--model unreal --fps 60,1e9 --png {DIR}/keep.png", "--fps"},
            {"--model unreal --fps 1e-10", "--fps"}, {"--model unreal --fps nan", "--fps"},
            {"--model unreal --fps 60,", "--fps"},
            {"--fps-from 1 --fps-to 1000 --fps-step 0.001", "--fps-step"},
            {"--fps-from 1 --fps-to 1e9", "--fps-to"}, {"--fps-from 0 --fps-to 10", "--fps-from"},
            {"--model unreal --fps 60 --rest-speed nan", "--rest-speed"},
            {"--model unreal --fps 60 --metric nosuch", "--metric"},
#if KINEMA_HAVE_RENDER
            // The PNG was written before the SVG failed (two separate atomic writes).
            {"--model unreal --fps 60 --png {DIR}/keep.png --svg /no/such/dir/x.svg", "/no/such/dir/x.svg"},
            {"--model unreal --fps 60 --png {DIR}/keep.png --svg {DIR}/adir", "adir"},
#endif
            {"--model unreal --fps 60 --set braking_friction_factor=1e9", "braking_friction_factor"},
            // An empty argument (an unset shell variable) hung CLI11 2.1: it took "" for the name of the
            // Morrowind option group.
            {"'' --csv", "argument 1 of 'sweep' is empty"},
            {"--model unreal '' --json", "argument 3 of 'sweep' is empty"},
            {"--json ''", "argument 2 of 'sweep' is empty"}, {"x --json", "not expected: x"},
    });
}

TEST(HostileProbes, Chase) {
    run_probes("chase", {
                            {"--from 1e155,0", "--from"},
                            {"--from nan,0", "--from"},
                            {"--from 1,2,3", "--from"},
                            {"--dir 1e300,0", "--dir"},
                            {"--map {DIR}/adir", "adir"},
                            {"--map {DIR}/missing.txt", "missing.txt"},
                            {"--map {DIR}/map.txt --max-file-bytes 10", "map.txt"},
                            {"--map {DIR}/big.obj --from 0,0,0 --max-file-bytes 10", "big.obj"},
                            {"--max-file-bytes 0", "--max-file-bytes"},
                            {"--max-file-bytes 1.5", "--max-file-bytes"},
                            {"--max-file-bytes 1e30", "--max-file-bytes"},
                            {"--map ''", "--map"},
                            {"--png {DIR}/keep.png --svg /no/such/dir/x.svg", "/no/such/dir/x.svg"},
                            {"--svg /no/such/dir/x.svg --png {DIR}/keep.png", "/no/such/dir/x.svg"},
                            {"--png {DIR}/keep.png --frames {DIR}/keep.json", "keep.json"},
                            {"--cell-size 1e300", "--cell-size"},
                            {"--cell-size 0", "--cell-size"},
                            {"--max-steps 1e12", "--max-steps"},
                            {"--hot -1", "--hot"},
                            {"--difficulty 7", "--difficulty"},
                        });
}

TEST(HostileProbes, Replay) {
    std::string example = KINEMA_DATA_DIR;
    example.append("/replay/example.csv").insert(example.begin(), '\'');
    example.push_back('\'');
    run_probes("replay", {
        {"--model unreal {DIR}/missing.csv", "missing.csv"}, {"--model unreal {DIR}/adir", "adir"},
            {"--model unreal {DIR}/bad.csv", "bad.csv"},
            {"--model unreal {DIR}/bad.csv --png {DIR}/keep.png", "bad.csv"},
#if KINEMA_HAVE_RENDER
            // The PNG was written before the SVG failed (two separate atomic writes).
            {"--model unreal " + example + " --png {DIR}/keep.png --svg /no/such/dir/x.svg",
             "/no/such/dir/x.svg"},
#endif
            {"--model nosuch {DIR}/bad.csv", "--model"}, {"--model unreal ''", "log"},
            {"{DIR}/bad.csv", "--model"},
    });
}

}  // namespace
}  // namespace kinema::test
