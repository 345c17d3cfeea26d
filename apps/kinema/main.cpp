// kinema: the command-line tool. `kinema --help` lists the commands; `kinema COMMAND --help` explains one.
#include "run_cli.hpp"

int main(int argc, char** argv) {
    return kinema::cli::run_cli(argc, argv);
}
