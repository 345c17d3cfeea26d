// Shared plumbing for the kinema commands: strict argument parsing, the error convention and safe output.
//
// Error convention (README "Errors"): bad arguments, bad settings and bad input files print one line
// "kinema: error: ..." on stderr and exit with code 2, writing nothing to stdout and no output file.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_read_options.hpp"
#include "kinema/output/output_files.hpp"

namespace kinema::cli {

/// A bad command-line argument. The message names the argument (e.g. "--dt: must be > 0, got -1").
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Thrown by a command that has printed its report and must still exit with `code` (kinema replay: 1 when a
/// frame differs). Not an error: main() prints nothing more.
struct ExitRequest {
    int code = 0;
};

/// Parses a finite double; `what` names the argument in the error.
double parse_number(std::string_view text, std::string_view what);
/// Parses "X,Y" (two finite numbers).
Vec2 parse_vec2(std::string_view text, std::string_view what);

/// Refuses the picture flags `flags` ("--png/--svg") when `asked` in a kinema built without kinema::render:
/// UsageError "--png/--svg: this kinema was built without pictures (cairo); ...". Does nothing in a build
/// with it.
void refuse_pictures_without_render(bool asked, std::string_view flags);
/// UsageError "--map: MAP is a 3D level; this kinema was built without 3D levels (Recast/Detour)".
[[noreturn]] void refuse_3d_level_without_nav(const std::string& map);

/// --level NAME, --walls NAME, --scale METRES_PER_UNIT and --up y|z, on every command that reads a --map
/// (docs/levels.md "Which loader reads a file"), as typed: empty when not given.
using LevelFlags = levels::LevelOptionText;

/// Adds --level, --walls, --scale and --up to `cmd`, bound to `flags`.
void add_level_flags(CLI::App* cmd, LevelFlags& flags);

/// Where a command's level comes from (chase, audit, pursue; navmesh build's LEVEL as its map): --map FILE,
/// or
/// --navmesh FILE (chase and pursue), and the level flags for its loader; each empty when not given.
struct LevelSource {
    std::string map;
    std::string navmesh;
    LevelFlags flags;

    /// The file the level is read from: --navmesh when given, else --map.
    [[nodiscard]] const std::string& file() const { return navmesh.empty() ? map : navmesh; }
    /// True for a 3D level, run in 3D: a --map that names one (an .obj mesh or a .nav navmesh, any case: the
    /// one registry of levels/level_formats.hpp, which refuses an extension no loader reads: LevelError
    /// "FILE: format not supported: ..."; --map is looked at first), or --navmesh.
    [[nodiscard]] bool is_3d() const;
    /// The loader options of the level flags for the map (empty: no --map, the built-in level) or the navmesh
    /// (whatever its extension): levels::level_options_of, which refuses a flag the file's format does not
    /// read ("--level: has no effect on corner.txt: ...") and a bad --scale or --up.
    [[nodiscard]] levels::LevelReadOptions read_options() const;
    /// UsageError "--navmesh: cannot be combined with --map (the navmesh is the level)" when both are given.
    void refuse_map_with_navmesh() const;
};

/// A command that reads a level (chase, audit, pursue): the subcommand `name` of `app`, its --help footer
/// `help` then the level flags' page (docs/cli/level-flags.txt), --map FILE (help `map_help`) bound to
/// `level.map`, and the level flags bound to `level.flags`. Returns the command; its --map option is
/// `get_option("--map")`.
CLI::App* add_level_command(CLI::App& app, const std::string& name, const std::string& description,
                            std::string_view help, const std::string& map_help, LevelSource& level);
/// --navmesh FILE (chase, pursue), bound to `level.navmesh`.
void add_navmesh_option(CLI::App* cmd, LevelSource& level);

/// The files `command` (and the commands it sits in) read, as named on its command line: ("--map",
/// "level.map"), a positional argument by its upper-case name ("LOG"). Every OutputFiles of the command is
/// given them, so that no output overwrites an input (kinema/output/output_files.hpp).
std::vector<output::InputFile> input_files(const CLI::App& command);

/// Writes `text` to stdout and empties it: the sink of a report written as it goes (frames, a flood's JSON).
void write_to_stdout(std::string& text);

/// The shortest decimal form that reads back to the same double: kinema::format_number
/// (kinema/core/format.hpp), the one formatter of tables, JSON, messages and pictures.
using kinema::format_number;

/// The level's file name for the summaries and the pictures, with its title ("warehouse.txt (The Old
/// Warehouse)"): the library's (kinema/levels/grid_level.hpp).
using levels::titled_file_name;

// Command registration: each cmd_<name>.cpp defines one of these; main.cpp calls them.
void add_simulate_command(CLI::App& app);
void add_morrowind_command(CLI::App& app);
void add_turn_command(CLI::App& app);
void add_stop_command(CLI::App& app);
void add_sweep_command(CLI::App& app);
void add_chase_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_audit_command(CLI::App& app);
void add_pursue_command(CLI::App& app);
void add_merge_command(CLI::App& app);
/// Only in builds with kinema::nav.
void add_navmesh_command(CLI::App& app);

}  // namespace kinema::cli
