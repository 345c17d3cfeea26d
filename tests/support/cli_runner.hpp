// Runs the built `kinema` binary as a user would, capturing exit code, stdout and stderr. For test binaries
// made with kinema_add_cli_test() (tests/CMakeLists.txt), which defines KINEMA_CLI_PATH and
// KINEMA_LSAN_SUPPRESSIONS.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "scratch.hpp"

namespace kinema::test {

struct CliRun {
    int exit_code = -1;
    std::string out;
    std::string err;
};

/// Runs `kinema ARGS` through the shell; ARGS is already quoted for sh.
inline CliRun run_kinema(const std::string& args) {
    const auto out_path = scratch_path("stdout");
    const auto err_path = scratch_path("stderr");
    // Under LeakSanitizer, fontconfig's process-wide caches (cairo's text) would count as leaks.
    std::string command = "LSAN_OPTIONS=suppressions='";
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

}  // namespace kinema::test
