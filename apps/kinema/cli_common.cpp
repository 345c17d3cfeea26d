#include "cli_common.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <utility>

#include <fmt/format.h>

#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/core/format.hpp"
#include "kinema/levels/level_formats.hpp"

namespace kinema::cli {

namespace {

/// `count` finite numbers separated by commas (kinema::read_finite_numbers); `what` names the argument in the
/// error.
std::vector<double> parse_numbers(std::string_view text, std::string_view what, std::size_t count,
                                  std::string_view shape) {
    ReadNumbers numbers = read_finite_numbers(text, count, shape);
    if (!numbers.problem.empty()) {
        throw UsageError(fmt::format("{}: {}", what, numbers.problem));
    }
    return std::move(numbers.values);
}

}  // namespace

double parse_number(std::string_view text, std::string_view what) {
    return parse_numbers(text, what, 1, "a number")[0];
}

Vec2 parse_vec2(std::string_view text, std::string_view what) {
    const std::vector<double> v = parse_numbers(text, what, 2, "X,Y");
    return {v[0], v[1]};
}

bool LevelSource::is_3d() const {
    return (!map.empty() && levels::is_3d_level_file(map)) || !navmesh.empty();
}

void LevelSource::refuse_map_with_navmesh() const {
    if (!navmesh.empty() && !map.empty()) {
        throw UsageError("--navmesh: cannot be combined with --map (the navmesh is the level)");
    }
}

void refuse_pictures_without_render([[maybe_unused]] bool asked, [[maybe_unused]] std::string_view flags) {
#if !KINEMA_HAVE_RENDER
    if (asked) {
        throw UsageError(
            fmt::format("{}: this kinema was built without pictures (cairo); its JSON and CSV reports "
                        "are all there (docs/windows.md)",
                        flags));
    }
#endif
}

void refuse_3d_level_without_nav(const std::string& map) {
    throw UsageError(
        fmt::format("--map: {} is a 3D level; this kinema was built without 3D levels (Recast/Detour)", map));
}

CLI::App* add_level_command(CLI::App& app, const std::string& name, const std::string& description,
                            std::string_view help, const std::string& map_help, LevelSource& level) {
    CLI::App* cmd = app.add_subcommand(name, description);
    cmd->footer(fmt::format("{}\n{}", help, help_page("level-flags")));
    add_file_option(cmd, "--map", level.map, map_help);
    add_level_flags(cmd, level.flags);
    return cmd;
}

void add_navmesh_option(CLI::App* cmd, LevelSource& level) {
    add_file_option(
        cmd, "--navmesh", level.navmesh,
        "3D level from a .nav navmesh file (kinema navmesh build; Recast demo layout) instead of --map");
}

void add_level_flags(CLI::App* cmd, LevelFlags& flags) {
    cmd->add_option("--level", flags.level,
                    "Which level of a file holding several: an LDtk level's identifier (default: the first)")
        ->type_name("NAME");
    cmd->add_option("--walls", flags.walls,
                    "What marks walls besides the file's conventions: a Tiled tile layer's name, an LDtk "
                    "IntGrid value's identifier, a collision image's wall colour #rrggbb")
        ->type_name("NAME");
    cmd->add_option("--scale", flags.scale,
                    "A 3D mesh's metres per unit of its file: 0.01 for centimetres, 0.001 millimetres "
                    "(default 1: the numbers are metres)")
        ->type_name("METRES_PER_UNIT");
    cmd->add_option("--up", flags.up,
                    "A 3D mesh's up axis in its file: z for a Blender or CAD export with z up (default y)")
        ->type_name("y|z");
}

levels::LevelReadOptions LevelSource::read_options() const {
    // The flags as the library's refusals name them: the level flags, then the flags that give the level.
    static constexpr levels::LevelOptionNames names{"--level", "--walls", "--scale",
                                                    "--up",    "--map",   "--navmesh"};
    return levels::level_options_of(flags, names, map, navmesh);
}

void write_to_stdout(std::string& text) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    text.clear();
}

namespace {

// The options that name a file the command reads (a positional argument by its lower-case name).
constexpr std::string_view input_flags[] = {"--map",        "--navmesh", "--gmst", "--trace",
                                            "--input-file", "log",       "level"};

}  // namespace

std::vector<output::InputFile> input_files(const CLI::App& command) {
    // Outermost command first (`morrowind`, then `jump`), as the flags were typed; the tool itself reads
    // none.
    std::vector<const CLI::App*> chain;
    for (const CLI::App* at = &command; at->get_parent() != nullptr; at = at->get_parent()) {
        chain.push_back(at);
    }
    std::reverse(chain.begin(), chain.end());
    std::vector<output::InputFile> inputs;
    for (const CLI::App* at : chain) {
        for (const CLI::Option* option : at->get_options()) {
            const std::string name = option->get_name();
            if (std::find(std::begin(input_flags), std::end(input_flags), name) == std::end(input_flags)) {
                continue;
            }
            std::string shown = name;
            if (!option->nonpositional()) {
                std::transform(shown.begin(), shown.end(), shown.begin(),
                               [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
            }
            for (const std::string& path : option->results()) {
                inputs.push_back({shown, path});
            }
        }
    }
    return inputs;
}

}  // namespace kinema::cli
