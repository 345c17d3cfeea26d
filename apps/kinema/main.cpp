// kinema: the command-line tool. `kinema --help` lists the commands; `kinema COMMAND --help` explains one.
#include <cstdio>
#include <exception>
#include <new>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "kinema/core/validation.hpp"

int main(int argc, char** argv) {
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
        std::fprintf(stderr, "kinema: error: %s\nRun with --help for usage.\n", e.what());
        return 2;
    } catch (const kinema::cli::UsageError& e) {
        std::fprintf(stderr, "kinema: error: %s\n", e.what());
        return 2;
    } catch (const kinema::SettingsError& e) {
        std::fprintf(stderr, "kinema: error: %s\n", e.what());
        return 2;
    } catch (const std::invalid_argument& e) {
        // Loaders and library entry points report bad input data this way (the message names file and line).
        std::fprintf(stderr, "kinema: error: %s\n", e.what());
        return 2;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "kinema: error: out of memory\n");
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "kinema: error: %s\n", e.what());
        return 1;
    }
    return 0;
}
