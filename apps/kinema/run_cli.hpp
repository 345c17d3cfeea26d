// The kinema command line as a function: main() calls it, and so do the CLI fuzzers (fuzz/cli_fuzz.cpp).
#pragma once

namespace kinema::cli {

/// Parses argv (argv[0] the program name) and runs the command it names; returns the exit code: 0 success,
/// 2 bad input or an output that cannot be written (one stderr line naming it), 1 an internal error. Never
/// calls exit(); help and --version print and return 0.
int run_cli(int argc, char** argv);

}  // namespace kinema::cli
