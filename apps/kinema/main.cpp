// kinema: the command-line tool. `kinema --help` lists the commands; `kinema COMMAND --help` explains one.
#include <string>
#include <vector>

#include "kinema/output/output_files.hpp"
#include "run_cli.hpp"

int main(int argc, char** argv) {
    // The tool owns its signals: SIGINT or SIGTERM during a write leaves no temporary file (docs/errors.md).
    kinema::output::remove_pending_files_on_signals();
    // Every argument as UTF-8, on Windows too (where main()'s own are in the ANSI code page).
    std::vector<std::string> arguments = kinema::output::utf8_arguments(argc, argv);
    std::vector<char*> pointers;
    for (std::string& argument : arguments) {
        pointers.push_back(argument.data());
    }
    pointers.push_back(nullptr);
    return kinema::cli::run_cli(static_cast<int>(arguments.size()), pointers.data());
}
