// The whole command line in one call: the commands, the parser and the one place errors become exit codes.
// main() and the CLI fuzzers (fuzz/cli_fuzz.cpp) both call run_cli; nothing here calls exit().
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string_view>
#include <system_error>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "kinema/core/validation.hpp"
#include "run_cli.hpp"

namespace {

int report_error(const char* message) {
    std::fprintf(stderr, "kinema: error: %s\n", message);
    return 2;
}

/// A write to standard output that failed (a full disk, a closed descriptor) is an error, not a silent
/// success with missing output. A reader that went away (`| head`) ends the process by SIGPIPE before this,
/// quietly, as every Unix tool does.
int check_standard_output() {
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        const int error = errno;
        std::fprintf(stderr, "kinema: error: cannot write to standard output: %s\n", std::strerror(error));
        return 2;
    }
    return 0;
}

/// `kinema foo` (and `kinema morrowind foo`): CLI11 would only say that a subcommand is required. Returns the
/// app whose command argv[at] is not, or nullptr.
const CLI::App* names_unknown_command(const CLI::App& app, int argc, char** argv, int at = 1) {
    if (argc <= at || argv[at][0] == '-' || app.get_subcommands({}).empty()) {
        return nullptr;
    }
    for (const CLI::App* command : app.get_subcommands({})) {
        if (command->check_name(argv[at])) {
            return at == 1 ? names_unknown_command(*command, argc, argv, 2) : nullptr;
        }
    }
    return &app;
}

/// An empty value (`--map ''`, often an unset shell variable) is an error for every option that takes one,
/// never silently the default.
void reject_empty_values(CLI::App& app) {
    const CLI::Validator non_empty(
        [](const std::string& value) { return value.empty() ? std::string("empty value") : std::string(); },
        "", "non-empty");
    for (CLI::Option* option : app.get_options()) {
        if (option->get_type_size_max() > 0) {
            option->check(non_empty);
        }
    }
    for (CLI::App* command : app.get_subcommands({})) {
        reject_empty_values(*command);
    }
}

std::string command_names(const CLI::App& app) {
    std::string names;
    for (const CLI::App* command : app.get_subcommands({})) {
        names += (names.empty() ? "" : ", ") + command->get_name();
    }
    return names;
}

}  // namespace

namespace kinema::cli {

int run_cli(int argc, char** argv) {
    CLI::App app{
        "kinema: game character movement models (Dishonored, CrossCode, Unreal CMC, Morrowind), movement "
        "analysis and the Dishonored 2 chase flood.\nUnits are each game's own; every command documents its "
        "own.",
        "kinema"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "kinema 0.1.0");

    // Commands, in the order --help lists them (each defined in cmd_<name>.cpp).
    kinema::cli::add_simulate_command(app);
    kinema::cli::add_morrowind_command(app);
    kinema::cli::add_turn_command(app);
    kinema::cli::add_stop_command(app);
    kinema::cli::add_sweep_command(app);
    kinema::cli::add_chase_command(app);
    kinema::cli::add_replay_command(app);
    kinema::cli::add_audit_command(app);
    kinema::cli::add_pursue_command(app);
#if KINEMA_HAVE_NAV
    kinema::cli::add_navmesh_command(app);
#endif

    reject_empty_values(app);
    if (const CLI::App* parent = names_unknown_command(app, argc, argv)) {
        const bool top = parent == &app;
        std::fprintf(stderr, "kinema: error: unknown %s%scommand '%s' (commands: %s)\n",
                     top ? "" : parent->get_name().c_str(), top ? "" : " ", argv[top ? 1 : 2],
                     command_names(*parent).c_str());
        return 2;
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const kinema::cli::ExitRequest& e) {
        return e.code;
    } catch (const CLI::ParseError& e) {
        // One line, as every other error: CLI11's message already names the argument.
        std::fprintf(stderr, "kinema: error: %s (see --help)\n", e.what());
        return 2;
    } catch (const kinema::cli::UsageError& e) {
        return report_error(e.what());
    } catch (const kinema::SettingsError& e) {
        return report_error(e.what());
    } catch (const std::invalid_argument& e) {
        // Loaders and library entry points report bad input data this way (the message names file and line).
        return report_error(e.what());
    } catch (const std::system_error& e) {
        // {fmt} throws when a write to standard output fails part way.
        if (std::ferror(stdout) != 0) {
            return report_error(("cannot write to standard output: " + e.code().message()).c_str());
        }
        std::fprintf(stderr, "kinema: error: %s\n", e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "kinema: error: out of memory\n");
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kinema: error: %s\n", e.what());
        return 1;
    }
    return check_standard_output();
}

}  // namespace kinema::cli
