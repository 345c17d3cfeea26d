// Runs the built `kinema` binary as a user would, capturing exit code, stdout and stderr. For test binaries
// made with kinema_add_cli_test() (tests/CMakeLists.txt), which defines KINEMA_CLI_PATH and
// KINEMA_LSAN_SUPPRESSIONS.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "scratch.hpp"

namespace kinema::test {

struct CliRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// A path in single quotes for sh (the tests' paths hold no single quote).
inline std::string sh_quoted(const std::filesystem::path& path) {
    std::string out(1, '\'');  // built by appends: GCC 12's -Wrestrict misfires on "'" + string
    out += path.string();
    out += '\'';
    return out;
}

/// Runs `kinema ARGS` through the shell; ARGS is already quoted for sh.
inline CliRun run_kinema(const std::string& args) {
    const auto out_path = scratch_path("stdout");
    const auto err_path = scratch_path("stderr");
    // Under LeakSanitizer, fontconfig's process-wide caches (cairo's text) would count as leaks, and the
    // statistics of the suppressions used would add lines to stderr.
    std::string command = "LSAN_OPTIONS=print_suppressions=0:suppressions='";
    command.append(KINEMA_LSAN_SUPPRESSIONS).append("' '").append(KINEMA_CLI_PATH).append("' ").append(args);
    command.append(" >'").append(out_path.string()).append("' 2>'").append(err_path.string()).append("'");
    const int status = std::system(command.c_str());
    CliRun result;
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = read_file(out_path);
    result.err = read_file(err_path);
    std::error_code ignored;
    std::filesystem::remove(out_path, ignored);
    std::filesystem::remove(err_path, ignored);
    return result;
}

/// Runs `sh -c SCRIPT` with $KINEMA standing for the binary (for redirections such as `>&-` or `>/dev/full`);
/// the script is wrapped in single quotes. Returns the exit code and stderr.
inline CliRun run_shell(const std::string& script) {
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

/// kinema's error convention: exit code 2, nothing on stdout, exactly one line on stderr that starts with
/// "kinema: error: " + message_start.
inline void expect_one_line_error(const CliRun& r, const std::string& message_start) {
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind("kinema: error: " + message_start, 0), 0u) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

}  // namespace kinema::test
