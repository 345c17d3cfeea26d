// kinema: the command-line tool. `kinema --help` lists the commands; `kinema COMMAND --help` explains one.
#include "kinema/output/output_files.hpp"
#include "run_cli.hpp"

int main(int argc, char** argv) {
    // The tool owns its signals: SIGINT or SIGTERM during a write leaves no temporary file (docs/errors.md).
    kinema::output::remove_pending_files_on_signals();
    return kinema::cli::run_cli(argc, argv);
}
