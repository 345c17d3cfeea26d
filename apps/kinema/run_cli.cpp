// The whole command line in one call: the commands, the parser and the one place errors become exit codes.
// main() and the CLI fuzzers (fuzz/cli_fuzz.cpp) both call run_cli; nothing here calls exit().
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "kinema/core/text.hpp"
#include "run_cli.hpp"

#if KINEMA_HAVE_FORMATS
#include "kinema/formats/designer_formats.hpp"
#endif

namespace kinema::cli {
namespace {

int report_error(std::string_view message) {
    std::fprintf(stderr, "kinema: error: %s\n", one_line(message).c_str());
    return 2;
}

/// A write to standard output that failed (a full disk, a closed descriptor) is an error, not a silent
/// success with missing output. A reader that went away (`| head`) ends the process by SIGPIPE before this,
/// quietly, as every Unix tool does.
int check_standard_output() {
    if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
        const int error = errno;  // before anything else can change it
        return report_error(std::string("cannot write to standard output: ") + std::strerror(error));
    }
    return 0;
}

/// The commands of an app. CLI11 keeps option groups (`sweep`'s Morrowind flags) as nameless subcommands;
/// they are not commands, and an empty argument would match their empty name.
std::vector<const CLI::App*> named_commands(const CLI::App& app) {
    return app.get_subcommands([](const CLI::App* command) { return !command->get_name().empty(); });
}

/// The command (or `morrowind` subcommand) argv names and the index of its first argument; nullptr when none.
std::pair<const CLI::App*, int> named_command(const CLI::App& app, int argc, char** argv, int at = 1) {
    for (const CLI::App* command : named_commands(app)) {
        if (argc > at && command->check_name(argv[at])) {
            const auto inner = named_command(*command, argc, argv, at + 1);
            return inner.first != nullptr ? inner : std::pair{command, at + 1};
        }
    }
    return {nullptr, 0};
}

/// `kinema foo` (and `kinema morrowind foo`): CLI11 would only say that a subcommand is required. Returns the
/// app whose command argv names none of its commands, or nullptr.
const CLI::App* names_unknown_command(const CLI::App& app, int argc, char** argv) {
    const auto [named, first] = named_command(app, argc, argv);
    const CLI::App& parent = named != nullptr ? *named : app;
    const int at = named != nullptr ? first : 1;
    if (at > 2 || argc <= at || argv[at][0] == '-' || named_commands(parent).empty()) {
        return nullptr;
    }
    return &parent;
}

/// An empty argument that is not an option's value (`kinema sweep "$UNSET"`) is an error. CLI11 2.1 would
/// ignore it, or loop forever when the command has an option group (it takes "" for the group's empty name).
/// Commands with positional arguments (`replay LOG`) are left to CLI11, which rejects an empty value.
/// Returns the position of the first such argument after the command name (1-based), or 0.
int empty_positional(const CLI::App& app, int argc, char** argv) {
    const auto [command, first] = named_command(app, argc, argv);
    if (command == nullptr ||
        !command->get_options([](const CLI::Option* o) { return !o->nonpositional(); }).empty()) {
        return 0;
    }
    for (int i = first; i < argc; ++i) {
        if (argv[i][0] != '\0') {
            continue;
        }
        const CLI::Option* option = command->get_option_no_throw(argv[i - 1]);
        if (option == nullptr || option->get_items_expected_max() == 0) {
            return i - first + 1;
        }
    }
    return 0;
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

std::vector<std::string> command_names(const CLI::App& app) {
    std::vector<std::string> names;
    for (const CLI::App* command : named_commands(app)) {
        names.push_back(command->get_name());
    }
    return names;
}

/// "; did you mean X?" when `known` holds a word near `typed`, else "".
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known) {
    const std::string nearest = nearest_word(typed, known);
    return nearest.empty() ? std::string() : fmt::format("; did you mean {}?", nearest);
}

/// `kinema chse`: "unknown command 'chse'; did you mean chase? (commands: ...)".
std::string unknown_command_message(const CLI::App& app, const CLI::App& parent, char** argv) {
    const bool top = &parent == &app;
    const std::string_view typed = argv[top ? 1 : 2];
    const std::vector<std::string> names = command_names(parent);
    return fmt::format("unknown {}{}command {}{} (commands: {})", top ? "" : parent.get_name(),
                       top ? "" : " ", quote_for_message(typed), did_you_mean(typed, names),
                       fmt::join(names, ", "));
}

/// The options of `command`, its option groups' included.
std::vector<const CLI::Option*> all_options(const CLI::App& command) {
    std::vector<const CLI::Option*> options = command.get_options();
    for (const CLI::App* group :
         command.get_subcommands([](const CLI::App* g) { return g->get_name().empty(); })) {
        const std::vector<const CLI::Option*> inner = all_options(*group);
        options.insert(options.end(), inner.begin(), inner.end());
    }
    return options;
}

/// The flags `command` takes, as typed ("--from", "-o"), its option groups' included.
std::vector<std::string> known_flags(const CLI::App& command) {
    std::vector<std::string> flags;
    for (const CLI::Option* option : all_options(command)) {
        for (const std::string& name : option->get_lnames()) {
            flags.push_back("--" + name);
        }
        for (const std::string& name : option->get_snames()) {
            flags.push_back("-" + name);
        }
    }
    return flags;
}

/// "kinema", "kinema chase", "kinema morrowind jump": how `command` is typed.
std::string command_path(const CLI::App& command) {
    const CLI::App* parent = command.get_parent();
    return parent == nullptr ? command.get_name() : command_path(*parent) + " " + command.get_name();
}

/// "unknown chase option '--form'; did you mean --from? (see kinema chase --help)".
std::string unknown_option_message(const CLI::App& command, std::string_view typed) {
    const std::string path = command_path(command);
    return fmt::format("unknown {} option {}{} (see {} --help)",
                       command.get_parent() == nullptr ? path : path.substr(7), quote_for_message(typed),
                       did_you_mean(typed, known_flags(command)), path);
}

/// A word that looks like a flag: "-x" or "--x", not a negative number ("-45", "-1.5,2").
bool looks_like_flag(std::string_view arg) {
    return arg.size() > 1 && arg[0] == '-' && std::isdigit(static_cast<unsigned char>(arg[1])) == 0 &&
           arg[1] != '.';
}

/// `kinema chase --form 1,2`: "unknown chase option '--form'; did you mean --from? (see kinema chase
/// --help)". CLI11 would list every word it did not take ("1,2 --form"). Empty when no flag among the
/// words left over was mistyped (an extra positional word): CLI11's message then.
std::string unknown_flag_message(const CLI::App& app, int argc, char** argv) {
    const auto [named, first] = named_command(app, argc, argv);
    const CLI::App& command = named != nullptr ? *named : app;
    const std::vector<std::string> left = app.remaining(true);
    for (int i = named != nullptr ? first : 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (!looks_like_flag(arg) || std::find(left.begin(), left.end(), arg) == left.end()) {
            continue;
        }
        return unknown_option_message(command, arg.substr(0, arg.find('=')));
    }
    return "";
}

/// `--set friction=1 --set friction=2`: the first would be silently lost.
void refuse_repeated_fields(const std::vector<std::string>& sets) {
    std::vector<std::string_view> names;
    for (const std::string& set : sets) {
        const std::string_view name = std::string_view(set).substr(0, set.find('='));
        if (std::find(names.begin(), names.end(), name) != names.end()) {
            throw UsageError(fmt::format("--set {}: given twice (give each field once)", name));
        }
        names.push_back(name);
    }
}

/// `pursue --view-range 50 --set view_range=3`: the --set would silently win over the flag (or the flag over
/// it), so a field given by both is refused, naming both. The flags' fields come from the FlagBinders that
/// bound them (fields_set_by), so every command with --set is covered by this one check.
void refuse_flag_and_set(const std::vector<const CLI::Option*>& options,
                         const std::vector<std::string>& sets) {
    for (const std::string& set : sets) {
        const std::string_view name = std::string_view(set).substr(0, set.find('='));
        for (const CLI::Option* option : options) {
            if (option->count() == 0 || option->get_name() == "--set") {
                continue;
            }
            const std::vector<std::string> fields = fields_set_by(*option);
            if (std::find(fields.begin(), fields.end(), name) != fields.end()) {
                throw UsageError(fmt::format("{} and --set {}: both set the field {} (give it once)",
                                             option->get_name(), name, name));
            }
        }
    }
}

/// The commands argv named, outermost first (`morrowind`, then `jump`).
std::vector<const CLI::App*> parsed_commands(const CLI::App& app) {
    std::vector<const CLI::App*> chain;
    for (const CLI::App* at = &app;;) {
        const std::vector<CLI::App*> inner = at->get_subcommands();
        const auto named = std::find_if(inner.begin(), inner.end(),
                                        [](const CLI::App* c) { return !c->get_name().empty(); });
        if (named == inner.end()) {
            return chain;
        }
        chain.push_back(*named);
        at = *named;
    }
}

/// After parsing, before the command runs: refuses a flag given twice and a field given by its flag and
/// --set (UsageErrors: the second would silently win or be ignored).
void check_parsed_flags(const CLI::App& app) {
    for (const CLI::App* command : parsed_commands(app)) {
        const std::vector<const CLI::Option*> options = all_options(*command);
        for (const CLI::Option* option : options) {
            const std::string name = option->get_name();
            if (option->count() > 1 && option->get_items_expected_max() <= 1) {
                throw UsageError(fmt::format("{}: given {} times (give it once)", name, option->count()));
            }
            if (name == "--set") {
                refuse_repeated_fields(option->results());
                refuse_flag_and_set(options, option->results());
            }
        }
    }
}

/// The errors seen before CLI11 parses (an unknown command, an unknown first flag, an empty argument), or "".
std::string refuse_before_parsing(const CLI::App& app, int argc, char** argv) {
    if (const CLI::App* parent = names_unknown_command(app, argc, argv)) {
        return unknown_command_message(app, *parent, argv);
    }
    // `kinema --verison`: CLI11 would only say that a command is required.
    if (argc > 1 && looks_like_flag(argv[1]) && app.get_option_no_throw(argv[1]) == nullptr) {
        return unknown_option_message(app, argv[1]);
    }
    if (const int at = empty_positional(app, argc, argv)) {
        return fmt::format("argument {} of '{}' is empty (an unset shell variable?)", at,
                           named_command(app, argc, argv).first->get_name());
    }
    return "";
}

}  // namespace

int run_cli(int argc, char** argv) {
#if KINEMA_HAVE_FORMATS
    // Tiled, LDtk, images and 3D scenes join the registry every --map goes through.
    formats::register_designer_formats();
#endif
    CLI::App app{
        "kinema: game character movement models (Dishonored, CrossCode, Unreal CMC, Morrowind), movement "
        "analysis and the Dishonored 2 chase flood.\nUnits are each game's own; every command documents its "
        "own.",
        "kinema"};
    app.require_subcommand(1);
    // One syntax everywhere: CLI11 on Windows would read a value starting with / (a path in Git Bash or
    // MSYS2) as a /option. Set before the commands are added, which inherit it.
    app.allow_windows_style_options(false);
    app.set_version_flag("--version", "kinema 0.1.0");

    // Commands, in the order --help lists them (each defined in cmd_<name>.cpp). When the first argument
    // names one, only that one is built: every command's options took about 1.5 ms, a third of the program's
    // start (CLI11 checks each new option's names against the command's others). Otherwise (--help, a
    // mistyped command) all of them, for the list and the nearest name.
    const std::vector<std::pair<std::string_view, void (*)(CLI::App&)>> commands = {
        {"simulate", &add_simulate_command},
        {"morrowind", &add_morrowind_command},
        {"turn", &add_turn_command},
        {"stop", &add_stop_command},
        {"sweep", &add_sweep_command},
        {"chase", &add_chase_command},
        {"replay", &add_replay_command},
        {"audit", &add_audit_command},
        {"pursue", &add_pursue_command},
        {"merge", &add_merge_command},
#if KINEMA_HAVE_NAV
        {"navmesh", &add_navmesh_command},
#endif
    };
    const std::string_view named = argc > 1 ? std::string_view(argv[1]) : std::string_view();
    const bool one =
        std::any_of(commands.begin(), commands.end(), [&](const auto& c) { return c.first == named; });
    for (const auto& [name, add] : commands) {
        if (!one || name == named) {
            add(app);
        }
    }

    reject_empty_values(app);
    app.parse_complete_callback([&app] { check_parsed_flags(app); });
    if (const std::string error = refuse_before_parsing(app, argc, argv); !error.empty()) {
        return report_error(error);
    }
    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        // --help, --help-all and --version.
        return app.exit(e) == 0 ? check_standard_output() : 2;
    } catch (const ExitRequest& e) {
        return e.code;
    } catch (const CLI::ExtrasError& e) {
        const std::string message = unknown_flag_message(app, argc, argv);
        return report_error(message.empty() ? std::string(e.what()) + " (see --help)" : message);
    } catch (const CLI::ParseError& e) {
        // One line, as every other error: CLI11's message already names the argument.
        return report_error(std::string(e.what()) + " (see --help)");
    } catch (const UsageError& e) {
        return report_error(e.what());
    } catch (const output::OutputError& e) {
        return report_error(e.what());
    } catch (const std::invalid_argument& e) {
        // Loaders and library entry points report bad input data this way (the message names file and line),
        // and invalid settings as a SettingsError.
        return report_error(e.what());
    } catch (const std::system_error& e) {
        // {fmt} throws when a write to standard output fails part way.
        if (std::ferror(stdout) != 0) {
            return report_error("cannot write to standard output: " + e.code().message());
        }
        report_error(e.what());
        return 1;
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "kinema: error: out of memory\n");
        return 1;
    } catch (const std::exception& e) {
        report_error(e.what());
        return 1;
    }
    return check_standard_output();
}

}  // namespace kinema::cli
