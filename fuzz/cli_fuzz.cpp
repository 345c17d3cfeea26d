// libFuzzer target over the command line's argument parsing, one binary per command (KINEMA_FUZZ_COMMAND,
// e.g. "stop"; fuzz/CMakeLists.txt builds one for each). The input is split at newlines into arguments after
// `kinema COMMAND`; kinema::cli::run_cli parses them and runs the command in-process, so any crash, sanitizer
// report, hang or leak in parsing, validation, the analyses or the output files is found. Every run must
// end with exit code 0 or 2 (1 is an internal error: a message the user cannot act on).
//
// Outputs go to a scratch directory: the process works in a fresh temporary directory and an argument that
// holds a '/' or ".." (a path out of it) skips the input, so no run writes elsewhere.
//
// Inputs: before every run the scratch directory holds the files of fuzz/fixtures (KINEMA_FUZZ_FIXTURES):
// level.txt (a grid level), ramp.obj and ramp.navmesh (a 3D level and its navmesh), log.csv (an engine log),
// and the meshes Recast cannot build (tiny.obj, thin.obj, far.obj, huge.obj), so that audit, pursue, navmesh,
// replay and chase reach their loaders and builds by name.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "run_cli.hpp"

#ifndef KINEMA_FUZZ_COMMAND
#error "define KINEMA_FUZZ_COMMAND, e.g. -DKINEMA_FUZZ_COMMAND=\"stop\""
#endif
#ifndef KINEMA_FUZZ_FIXTURES
#error "define KINEMA_FUZZ_FIXTURES, the directory of the input files (fuzz/fixtures)"
#endif

namespace {

constexpr std::size_t kMaxArguments = 24;
constexpr std::size_t kMaxArgumentBytes = 200;

std::filesystem::path scratch;
std::vector<std::pair<std::string, std::string>> fixtures;  // file name, bytes

void empty_scratch() {
    std::error_code ignored;
    for (const auto& entry : std::filesystem::directory_iterator(scratch, ignored)) {
        std::filesystem::remove_all(entry.path(), ignored);
    }
}

void write_fixtures() {
    for (const auto& [name, bytes] : fixtures) {
        std::ofstream(scratch / name, std::ios::binary) << bytes;
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    char pattern[] = "/tmp/kinema-cli-fuzz-XXXXXX";
    if (mkdtemp(pattern) == nullptr || chdir(pattern) != 0) {
        std::abort();
    }
    scratch = pattern;
    for (const auto& entry : std::filesystem::directory_iterator(KINEMA_FUZZ_FIXTURES)) {
        std::ifstream in(entry.path(), std::ios::binary);
        fixtures.emplace_back(
            entry.path().filename().string(),
            std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
    }
    if (fixtures.empty()) {
        std::abort();
    }
    // Reports are not what is fuzzed: standard output goes nowhere (a write to it still succeeds).
    if (std::freopen("/dev/null", "w", stdout) == nullptr) {
        std::abort();
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::string> args{"kinema", KINEMA_FUZZ_COMMAND};
    std::string_view text(reinterpret_cast<const char*>(data), size);
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view arg = text.substr(0, end);
        // No '/' and no "..": every path stays inside the scratch directory.
        if (arg.size() > kMaxArgumentBytes || arg.find('/') != std::string_view::npos ||
            arg.find("..") != std::string_view::npos || args.size() == kMaxArguments + 2) {
            return -1;  // outside the fuzzed space: not added to the corpus
        }
        args.emplace_back(arg);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    }
    std::vector<char*> argv;
    for (std::string& a : args) {
        argv.push_back(a.data());
    }
    argv.push_back(nullptr);
    write_fixtures();
    const int code = kinema::cli::run_cli(static_cast<int>(args.size()), argv.data());
    std::clearerr(stdout);
    empty_scratch();
    // `replay` exits 1 when some frame differs from the log (its documented result, reached now that the
    // scratch directory holds log.csv); everywhere else exit code 1 is an internal error, not a message
    // naming the input.
    const bool differs_is_a_result = std::string_view(KINEMA_FUZZ_COMMAND) == "replay";
    if (code != 0 && code != 2 && !(code == 1 && differs_is_a_result)) {
        std::abort();
    }
    return 0;
}
