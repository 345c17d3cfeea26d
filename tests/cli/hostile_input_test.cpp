// The command line against hostile but realistic use (issue 14): unknown commands, parser errors, and
// standard output that cannot be written (a full disk, a closed descriptor) or whose reader goes away.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

/// Runs `sh -c` with KINEMA standing for the quoted binary; returns exit code and stderr.
CliRun run_shell(const std::string& script) {
    const auto err_path = scratch_path("stderr");
    std::string command = "LSAN_OPTIONS=print_suppressions=0:suppressions='";
    command.append(KINEMA_LSAN_SUPPRESSIONS).append("' KINEMA='").append(KINEMA_CLI_PATH).append("' sh -c '");
    command.append(script).append("' 2>'").append(err_path.string()).append("'");
    const int status = std::system(command.c_str());
    CliRun result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.err = read_file(err_path);
    std::error_code ignored;
    std::filesystem::remove(err_path, ignored);
    return result;
}

TEST(HostileCli, AnUnknownCommandIsNamed) {
    const CliRun r = run_kinema("foo --x 1");
    expect_one_line_error(r,
                          "unknown command 'foo' (commands: simulate, morrowind, turn, stop, sweep, chase");
}

TEST(HostileCli, ParserErrorsTakeOneLine) {
    expect_one_line_error(run_kinema("stop --speed 600 --fps 60 --no-such-flag"), "The following argument");
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

}  // namespace
}  // namespace kinema::test
