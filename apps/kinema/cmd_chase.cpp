// kinema chase: the chase flood of Couvidou's Dishonored 2 chapter (chase-flood-spec.md) on a 2D grid level
// or a 3D level (.obj, through kinema::nav) -- where did the player go? This file turns the options into
// typed values, validates them once through the settings' validate() (errors name the flag: flag_binder.hpp),
// builds the space and runs the library's chase::run_chase; chase_report.cpp presents the result.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "chase_report.hpp"
#include "cli_common.hpp"
#include "command_settings.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/chase/query_text.hpp"
#include "kinema/core/point_text.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/output/output_files.hpp"
#include "nav_level.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/chase_pictures.hpp"
#endif
#if KINEMA_HAVE_NAV
#include "kinema/nav/chase.hpp"
#endif

namespace kinema::cli {

namespace {

// The settings of `kinema chase`: the library's grid chase and, where built, the navmesh.
#if KINEMA_HAVE_NAV
using ChaseSettings = nav::ChaseSettings;
#else
using ChaseSettings = chase::GridChaseSettings;
#endif

// The flags that are not settings fields: outputs and the level's file.
struct ChaseOptions {
    LevelSource level;
    std::string max_file_bytes;
    ChaseOutputs outputs;  // inputs: the files read (no output may overwrite one)
};

// The options as typed values. Positions are Vec3 for both kinds of level (z = 0 on grids).
struct ChaseArgs {
    std::string map;  ///< empty: the built-in default level
    bool mesh = false;
    std::uintmax_t max_file_bytes = levels::default_max_level_bytes;  ///< the --map loader's byte cap
    std::string navmesh;                    ///< a navmesh file instead of a mesh (map = navmesh then)
    levels::LevelReadOptions read_options;  ///< --level, --walls
    bool from_given = false;                ///< --from typed (else, on grids, the level's seed)
    bool dir_given = false;                 ///< --dir typed (else, from the level's seed, its direction)
    /// --from and --dir (each else zero), --npc and --destinations K (the split for a team, chase/split.hpp),
    /// read by the library (chase/query_text.hpp).
    chase::ChaseQuery query;
    ChaseSettings settings;
};

// The chase query's fields typed under other names (the rest follow the binder's rule).
constexpr FieldFlag chase_renames[] = {{"position", "--from"}, {"direction", "--dir"}};

struct ChaseCommand {
    FlagBinder flags{chase_renames, "field"};
    ChaseOptions options;
};

// Options of the other kind of level are refused rather than ignored.
void refuse_foreign_options(const ChaseCommand& c, bool mesh) {
    const ChaseOutputs& o = c.options.outputs;
    const FlagBinder& f = c.flags;
    if (mesh) {
        refuse_given({given_text(o.animate, "--animate"), given_text(o.frames, "--frames"),
                      f.given_flag("grid.connectivity"), f.given_flag("grid.cell_size")},
                     "not available for 3D (.obj) levels");
    }
    const auto measures = agent_measure_fields();
    if (!mesh && (f.given("npc") || std::any_of(measures.begin(), measures.end(),
                                                [&](std::string_view field) { return f.given(field); }))) {
        throw UsageError("--npc/--agent-*: only for 3D (.obj) levels");
    }
    if ((!mesh || !c.options.level.navmesh.empty()) && (f.given("tile_size") || f.given("threads"))) {
        throw UsageError("--tile-size/--threads: only for --map LEVEL.obj (the navmesh is built from it)");
    }
    refuse_pictures_without_render(o.pictures(), "--png/--svg/--animate/--frames");
}

// --max-file-bytes: a whole number of bytes in [1, kMaxFileBytesLimit] (docs/errors.md, "Limits").
constexpr double kMaxFileBytesLimit = 1024.0 * 1024 * 1024;

std::uintmax_t parse_max_file_bytes(const std::string& text) {
    const double value = parse_number(text, "--max-file-bytes");
    if (!(value >= 1.0 && value <= kMaxFileBytesLimit) || value != std::floor(value)) {
        throw UsageError(fmt::format("--max-file-bytes: expected a whole number in [1, {}], got {}",
                                     format_number(kMaxFileBytesLimit), text));
    }
    return static_cast<std::uintmax_t>(value);
}

ChaseArgs parse_options(const ChaseCommand& c) {
    const ChaseOptions& o = c.options;
    ChaseArgs a;
    a.mesh = o.level.is_3d();
    o.level.refuse_map_with_navmesh();
    a.map = o.level.file();
    a.navmesh = o.level.navmesh;
    refuse_foreign_options(c, a.mesh);
    a.read_options = o.level.read_options();
    apply_difficulty(c.flags, a.settings.flood);
    c.flags.apply(a.settings);
    if (!o.max_file_bytes.empty()) {
        a.max_file_bytes = parse_max_file_bytes(o.max_file_bytes);
    }
    const FlagBinder& f = c.flags;
    a.from_given = f.given("position");
    a.dir_given = f.given("direction");
    a.query = chase::parse_chase_query(
        {f.text("position"), f.text("direction"), f.text("npc"), f.text("destinations")}, a.mesh ? 3 : 2);
    output::check_output_directory("--frames", o.outputs.frames);
    // Validation lives in the settings' validate(); bad fields come back named by their flag.
    c.flags.require_valid(a.settings.validate());
    return a;
}

// The seed: --from, else the position marked in the level (tile units, scaled by the cell size).
chase::ChaseQuery grid_query(const ChaseArgs& a, const levels::GridLevel& level) {
    chase::ChaseQuery q = a.query;
    if (a.from_given) {
        return q;
    }
    const std::optional<chase::ChaseQuery> seed = chase::marked_seed_query(level, a.settings.grid.cell_size);
    if (!seed) {
        throw UsageError(fmt::format("{}: the map marks no seed position; give --from X,Y", a.map));
    }
    if (!chase::within_chase_range(seed->position)) {
        // The query would blame --from, which the user did not type.
        throw UsageError(fmt::format(
            "{}: the player marker at tile ({}, {}) x --cell-size {} is outside [-1e9, 1e9]; give --from X,Y "
            "or a smaller --cell-size",
            a.map, format_number(level.seed->position.x), format_number(level.seed->position.y),
            format_number(a.settings.grid.cell_size)));
    }
    q.position = seed->position;
    q.direction = a.dir_given ? q.direction : seed->direction;
    return q;
}

#if KINEMA_HAVE_RENDER
// The steps --animate/--frames show (render::plan_chase_animation), refused before a step is recorded when
// too many to draw.
std::vector<int> animation_steps(const chase::GridChaseSpace& space, chase::Flood& flood,
                                 const chase::ChaseQuery& query, const ChaseOutputs& outputs) {
    const render::AnimationPlan plan = render::plan_chase_animation(space, flood, query);
    if (plan.too_large()) {
        throw UsageError(fmt::format("{}: {}; lower --max-steps or --max-heated",
                                     outputs.animate.empty() ? "--frames" : "--animate", plan.refusal()));
    }
    return plan.shown;
}
#endif

void run_grid_chase(const ChaseArgs& a, const ChaseOutputs& outputs) {
    // Everything is parsed, checked and computed before any output, so an error leaves no trace.
    const levels::GridLevel level =
        a.map.empty() ? levels::default_level() : levels::load_level(a.map, a.max_file_bytes, a.read_options);
    const chase::GridSpace grid(level, a.settings.grid);
    const chase::GridChaseSpace space(grid);
    chase::Flood flood(a.settings.flood);
    ChaseReport report;
    report.title = a.map.empty() ? std::string("built-in default level (") + level.name + ")"
                                 : titled_file_name(a.map, level.title);
    report.map = a.map.empty() ? report.title : a.map;
    report.space = &space;
    report.flood = &flood;
    report.grid = &space;
    const chase::ChaseQuery query = grid_query(a, level);
#if KINEMA_HAVE_RENDER
    const std::vector<int> shown =
        outputs.animated() ? animation_steps(space, flood, query, outputs) : std::vector<int>{};
    report.result = render::run_recorded_chase(space, flood, query, shown, report.frames);
#else
    report.result = chase::run_chase(space, flood, query);
#endif
    write_chase_report(report, outputs);
}

#if KINEMA_HAVE_NAV
void run_level_chase(const ChaseArgs& a, const ChaseOutputs& outputs) {
    if (!a.from_given) {
        throw UsageError(fmt::format("--from: required for a 3D level ({}): X,Y,Z", a.map));
    }
    const nav::Level level =
        load_nav_level(a.map, a.navmesh, a.settings.nav, a.max_file_bytes, a.read_options);
    nav::PathFinder finder(level);
    const nav::LevelChaseSpace space(level, finder);
    chase::Flood flood(a.settings.flood);
    ChaseReport report;
    report.map = a.map;
    report.title = a.map;
    report.space = &space;
    report.flood = &flood;
    report.level = &level;
    report.result = chase::run_chase(space, flood, a.query);
    const auto& path = report.result.path;
    if (path && path->status == nav::NavPath::Status::start_off_mesh) {
        throw UsageError(fmt::format("--npc: {} is not on the navmesh of {} (searched {} around it)",
                                     point_text(*a.query.npc), a.map,
                                     point_text(a.settings.nav.snap_extents)));
    }
    write_chase_report(report, outputs);
}
#else
void run_level_chase(const ChaseArgs& a, const ChaseOutputs&) {
    refuse_3d_level_without_nav(a.map);
}
#endif

void run_chase_command(const ChaseCommand& command) {
    // FloodSettings::difficulty and the query ("--from: ... is farther than ...") report SettingsError.
    command.flags.name_errors([&] {
        const ChaseArgs args = parse_options(command);
        if (args.mesh) {
            run_level_chase(args, command.options.outputs);
        } else {
            run_grid_chase(args, command.options.outputs);
        }
    });
}

}  // namespace

void add_chase_command(CLI::App& app) {
    auto command = std::make_shared<ChaseCommand>();
    ChaseOptions& o = command->options;
    FlagBinder& flags = command->flags;
    CLI::App* cmd = add_level_command(
        app, "chase",
        "Dishonored 2 chase flood on a 2D grid level (.map, .txt) or a 3D level (.obj mesh, .nav navmesh): "
        "where did the player go? (summary, JSON, pictures)",
        help_page("chase"),
        "Level file: .map Moving AI or .txt kinema ASCII (2D), .obj mesh or .nav navmesh (3D); default: "
        "built-in",
        o.level);
    flags.add(cmd, "position", "Player's last known position: X,Y in tiles (2D), X,Y,Z in metres (3D)",
              ValueKind::point2_or_3);
    flags.add(cmd, "direction", "Player's last known direction (any length; 0,0 = no barrier)",
              ValueKind::point2_or_3);
    flags.add_fields<ChaseSettings>(cmd, {"hot", "max_heated", "max_steps"});
    add_difficulty_option(flags, cmd);
    flags.add_fields<ChaseSettings>(cmd, {"grid.connectivity", "grid.cell_size"});
    typed(cmd->add_option("--max-file-bytes", o.max_file_bytes,
                          "Largest --map file read, bytes, [1, 1073741824] (default 67108864 = 64 MiB)"),
          ValueKind::integer);
    cmd->add_flag("--json", o.outputs.json, "Print the result as JSON (fields: see below)");
    add_file_option(cmd, "--png", o.outputs.png, "Write the flood picture as PNG");
    add_file_option(cmd, "--svg", o.outputs.svg, "Write the flood picture as SVG");
    add_file_option(cmd, "--animate", o.outputs.animate, "Write an animated SVG of the steps");
    typed(cmd->add_option("--frames", o.outputs.frames, "Write one PNG per step into this directory"),
          ValueKind::directory);
    add_navmesh_option(cmd, o.level);
    flags.add(cmd, "npc", "3D levels: the NPC's position; adds its path to the destination",
              ValueKind::point3);
    flags.add(cmd, "destinations",
              "K, [1, 16]: split the heat into K regions along the level, one destination each (a team's "
              "destinations; default: the one destination)",
              ValueKind::integer);
#if KINEMA_HAVE_NAV
    const ChaseSettings defaults;
    flags.add_fields(cmd, settings_description<ChaseSettings>(), &defaults, agent_fields, "3D levels: ");
#endif
    cmd->callback([command, cmd] {
        command->options.outputs.inputs = input_files(*cmd);
        run_chase_command(*command);
    });
}

}  // namespace kinema::cli
