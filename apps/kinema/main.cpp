// kinema: the command-line tool. `kinema --help` lists the commands; `kinema COMMAND --help` explains one.
#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
// After windows.h, which it needs.
#include <shellapi.h>

#include <string>
#include <vector>
#endif

#include "kinema/output/output_files.hpp"
#include "run_cli.hpp"

#ifdef _WIN32
namespace {

/// The command line as UTF-8, as kinema reads every argument: Windows hands main() its arguments in the ANSI
/// code page, where a file name such as "Été-日本.json" loses its characters ("?"), so they are taken again
/// from the UTF-16 command line.
std::vector<std::string> utf8_arguments() {
    int count = 0;
    wchar_t** wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
    std::vector<std::string> arguments;
    for (int i = 0; wide != nullptr && i < count; ++i) {
        const int size = ::WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
        std::string argument(static_cast<std::size_t>(size > 0 ? size - 1 : 0), '\0');
        ::WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, argument.data(), size, nullptr, nullptr);
        arguments.push_back(std::move(argument));
    }
    ::LocalFree(wide);
    return arguments;
}

}  // namespace
#endif

int main(int argc, char** argv) {
    // The tool owns its signals: SIGINT or SIGTERM during a write leaves no temporary file (docs/errors.md).
    kinema::output::remove_pending_files_on_signals();
#ifdef _WIN32
    std::vector<std::string> arguments = utf8_arguments();
    std::vector<char*> utf8_argv;
    for (std::string& argument : arguments) {
        utf8_argv.push_back(argument.data());
    }
    utf8_argv.push_back(nullptr);
    if (!arguments.empty()) {
        return kinema::cli::run_cli(static_cast<int>(arguments.size()), utf8_argv.data());
    }
#endif
    return kinema::cli::run_cli(argc, argv);
}
