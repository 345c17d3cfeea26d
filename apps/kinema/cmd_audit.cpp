// kinema audit: the chase from every cell of a level in D directions (library:
// kinema/chase/audit.hpp, docs/audit.md) -- where do guards give up, where do they run the wrong way? This
// file turns the options into typed values (the flags bound by a FlagBinder, validation in the settings'
// validate(), errors named by the flag typed), runs chase::audit on a grid level or a 3D level (.obj through
// kinema::nav, one PathFinder per thread), prints a table and writes the reports and pictures together at the
// end (output::OutputFiles: all or nothing; an interrupted run writes nothing).

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "command_settings.hpp"
#include "flag_binder.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_sweep.hpp"
#include "kinema/chase/flood_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_shards.hpp"
#include "kinema/report/audit_text.hpp"
#include "kinema/report/chase_text.hpp"
#include "nav_level.hpp"
#include "progress_bar.hpp"
#include "shards.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/audit_picture.hpp"
#endif

namespace kinema::cli {

namespace {

// The flags that are not settings fields.
struct AuditCliOptions {
    std::string map;
    LevelFlags level_flags;
    std::string json;
    std::string csv;
    std::string places_csv;
    std::string png;
    std::string svg;
    std::string shard;  // "I/N" or empty
    bool quiet = false;
    std::vector<output::InputFile> inputs;  // the files read: no output may overwrite one
};

struct AuditCommand {
    FlagBinder flags{{}, "field"};
    AuditCliOptions options;
};

using SweepAxis = chase::AuditSweepAxis;  // one `--sweep FIELD=V1,V2,...`, each value checked

struct AuditArgs {
    std::vector<SweepAxis> sweeps;
    std::string map;
    levels::LevelReadOptions read_options;  ///< --level, --walls (a merge: as the parts recorded them)
    bool mesh = false;
    int threads = 1;
    AuditCommandSettings settings;
    AuditCliOptions outputs;
    std::optional<report::ShardId> shard;
};

int default_threads() {
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

int parse_threads(const std::string& text) {
    if (text.empty()) {
        return default_threads();
    }
    const double n = parse_number(text, "--threads");
    if (n != std::floor(n) || n < 1.0 || n > 256.0) {
        throw UsageError(fmt::format("--threads: must be a whole number in [1, 256], got {}", text));
    }
    return static_cast<int>(n);
}

// "--sweep F: ..." for a field that is not a flood field, with the nearest field's name.
[[noreturn]] void unknown_sweep_field(std::string_view field) {
    std::vector<std::string> names;
    for (const NamedField& f : list_fields(settings_description<chase::FloodSettings>())) {
        names.push_back(f.name);
    }
    const std::string nearest = nearest_word(field, names);
    throw UsageError(fmt::format("--sweep {}: is not a flood field{}; flood fields: {}", field,
                                 nearest.empty() ? "" : fmt::format(" (did you mean {}?)", nearest),
                                 fmt::join(names, ", ")));
}

// One value of a swept field, set on a copy of the flood settings and validated by the registry.
void check_sweep_value(const chase::FloodSettings& base, const std::string& field, const std::string& value) {
    if (value.empty()) {
        throw UsageError(fmt::format("--sweep {}: empty value (expected {}=V1,V2,...)", field, field));
    }
    chase::FloodSettings flood = base;
    const FlagBinder sweep_names({}, "--sweep");  // no flag bound: "--sweep FIELD: ..."
    sweep_names.name_errors([&] { set_field_text(flood, field, value); });
    sweep_names.require_valid(flood.validate());
}

std::vector<SweepAxis> parse_sweeps(const std::vector<std::string>& texts, const chase::FloodSettings& base) {
    std::vector<SweepAxis> axes;
    std::size_t combinations = 1;
    for (const std::string& text : texts) {
        const std::size_t equals = text.find('=');
        if (equals == std::string::npos || equals == 0) {
            throw UsageError(
                fmt::format("--sweep: expected FIELD=V1,V2,..., got {}", quote_for_message(text)));
        }
        SweepAxis axis{text.substr(0, equals), split(std::string_view(text).substr(equals + 1), ',')};
        if (find_field(settings_description<chase::FloodSettings>(), axis.field) == nullptr) {
            unknown_sweep_field(axis.field);
        }
        if (std::any_of(axes.begin(), axes.end(),
                        [&](const SweepAxis& s) { return s.field == axis.field; })) {
            throw UsageError(fmt::format("--sweep {}: given twice (list every value once: {}=V1,V2,...)",
                                         axis.field, axis.field));
        }
        for (const std::string& value : axis.values) {
            check_sweep_value(base, axis.field, value);
        }
        combinations *= axis.values.size();
        if (combinations > chase::audit_sweep_max_combinations) {
            throw UsageError(
                fmt::format("--sweep: more than {} combinations", chase::audit_sweep_max_combinations));
        }
        axes.push_back(std::move(axis));
    }
    return axes;
}

// With --sweep, only --json (the sweep's list) is written.
void refuse_with_sweep(const AuditCliOptions& o) {
    for (const auto& [flag, value] : {std::pair{"--csv", &o.csv},
                                      {"--places-csv", &o.places_csv},
                                      {"--png", &o.png},
                                      {"--svg", &o.svg},
                                      {"--shard", &o.shard}}) {
        if (!value->empty()) {
            throw UsageError(
                fmt::format("{}: not with --sweep (a sweep writes its table, and --json)", flag));
        }
    }
}

AuditArgs parse_options(const AuditCommand& c) {
    const AuditCliOptions& o = c.options;
    AuditArgs a;
    a.map = o.map;
    a.mesh = is_3d_level_path(o.map);
    a.read_options = level_read_options(o.level_flags, o.map);
    a.threads = parse_threads(c.flags.text("threads"));
    c.flags.apply(a.settings);
    c.flags.require_valid(a.settings.validate());
    a.sweeps = parse_sweeps(c.flags.texts("sweep"), a.settings.flood);
    if (!a.sweeps.empty()) {
        refuse_with_sweep(o);
    }
    // `--sweep hot=10,20 --hot 30`: the sweep sets the field to each of its values, the flag would change
    // nothing.
    for (const SweepAxis& axis : a.sweeps) {
        if (c.flags.given(axis.field)) {
            throw UsageError(
                fmt::format("{}: has no effect with --sweep {}=... (the sweep sets {} to each of its "
                            "values)",
                            flag_of_field(axis.field), axis.field, axis.field));
        }
    }
    refuse_pictures_without_render(!o.png.empty() || !o.svg.empty(), "--png/--svg");
    if (!o.shard.empty()) {
        const OutputFlag whole_run_outputs[] = {
            {"--csv", &o.csv}, {"--places-csv", &o.places_csv}, {"--png", &o.png}, {"--svg", &o.svg}};
        a.shard = check_shard_outputs(o.shard, o.json, whole_run_outputs);
    }
    a.outputs = o;
    return a;
}

#if KINEMA_HAVE_RENDER
void add_pictures(const chase::ChaseSpace& space, const chase::AuditResult& r,
                  const std::vector<chase::AuditPlace>& places, const AuditArgs& a, const std::string& title,
                  output::OutputFiles& files) {
    if (a.outputs.png.empty() && a.outputs.svg.empty()) {
        return;
    }
    if (space.cells().empty()) {
        throw UsageError(fmt::format("--png/--svg: {} has no cells to draw", a.map));
    }
    for (const auto& [name, map] : render::audit_maps(space, r, title, places)) {
        const render::Scene scene = render::audit_map_scene(map);
        if (!a.outputs.png.empty()) {
            files.add("--png", a.outputs.png + "-" + name + ".png", render::scene_png(scene));
        }
        if (!a.outputs.svg.empty()) {
            files.add("--svg", a.outputs.svg + "-" + name + ".svg", render::scene_svg(scene));
        }
    }
}
#endif

void write_reports(const chase::ChaseSpace& space, const chase::AuditResult& r, const AuditArgs& a,
                   const std::string& title) {
    output::OutputFiles files(a.outputs.inputs);
    const std::vector<chase::AuditPlace> places = chase::audit_places(space, r);
    // The reports' text is made while it is written (a row at a time, in 1 MiB pieces): only the rows are
    // held.
    if (!a.outputs.json.empty()) {
        files.add_written("--json", a.outputs.json, [&](const output::PieceSink& sink) {
            std::string buffer;
            chase::write_audit_json(space, a.settings.flood, a.settings.audit, r, buffer, sink);
            buffer = "\n";
            sink(buffer);
        });
    }
    if (!a.outputs.csv.empty()) {
        files.add_written("--csv", a.outputs.csv, [&](const output::PieceSink& sink) {
            std::string buffer;
            chase::write_audit_csv(space, r, buffer, sink);
        });
    }
    if (!a.outputs.places_csv.empty()) {
        files.add("--places-csv", a.outputs.places_csv, chase::audit_places_csv(space, r, places));
    }
#if KINEMA_HAVE_RENDER
    add_pictures(space, r, places, a, title, files);
#endif
    files.commit();
    fmt::print("{}", report::audit_summary(title, a.settings.flood, a.settings.audit, r));
    fmt::print("{}", report::audit_meanings_text(a.settings.flood, a.settings.audit, r));
    fmt::print("{}", report::audit_places_text(space, r, places));
}

// Every combination of the --sweep values (the first --sweep varies slowest), one audit each, one progress
// bar over all their seeds; the table on stdout and the list to --json.
void run_sweep(std::span<const chase::ChaseSpace* const> spaces, const AuditArgs& a,
               const std::string& title) {
    ProgressBar bar("audit --sweep", "seeds", !a.outputs.quiet);
    const std::vector<report::AuditSweepPoint> points =
        chase::audit_sweep(spaces, a.settings.flood, a.settings.audit, a.sweeps,
                           [&](std::size_t done, std::size_t total) { bar.update(done, total); });
    bar.finish();
    if (!a.outputs.json.empty()) {
        output::OutputFiles files(a.outputs.inputs);
        files.add("--json", a.outputs.json, report::audit_sweep_json(points) + "\n");
        files.commit();
    }
    std::vector<std::string> fields;
    for (const SweepAxis& axis : a.sweeps) {
        fields.push_back(axis.field);
    }
    fmt::print("{}", report::audit_sweep_text(title, fields, points, a.settings.audit.directions));
}

// The whole audit, or with --shard only the shard's cells written as a partial report (nothing on stdout).
void run_audit(std::span<const chase::ChaseSpace* const> spaces, const AuditArgs& a,
               const std::string& title) {
    if (!a.sweeps.empty()) {
        run_sweep(spaces, a, title);
        return;
    }
    ProgressBar bar("audit", "seeds", !a.outputs.quiet);
    chase::AuditOptions options;
    options.on_progress = [&](std::size_t done, std::size_t total) { bar.update(done, total); };
    const std::size_t cell_count = spaces[0]->cells().size();
    if (!a.shard) {
        const chase::AuditResult result = chase::audit(spaces, a.settings.flood, a.settings.audit, options);
        bar.finish();
        write_reports(*spaces[0], result, a, title);
        return;
    }
    const chase::AuditCellRange range = chase::audit_shard_cells(cell_count, a.shard->index, a.shard->count);
    const std::vector<chase::AuditRow> rows =
        chase::audit_rows(spaces, a.settings.flood, a.settings.audit, range, options);
    bar.finish();
    const report::LevelId level{a.map, report::file_fnv1a64(a.map), a.read_options};
    write_streamed_file(a.outputs.inputs, "--json", a.outputs.json, [&](const output::PieceSink& sink) {
        std::string buffer;
        report::write_audit_part(level, cell_count, a.settings.flood, a.settings.audit, *a.shard, range, rows,
                                 buffer, sink);
    });
}

// The level's spaces (one per thread) and its title for the summary and pictures (titled_file_name).
using SpacesUser = std::function<void(std::span<const chase::ChaseSpace* const>, const std::string& title)>;

void on_grid(const AuditArgs& a, const SpacesUser& use) {
    const levels::GridLevel level =
        levels::load_level(a.map, levels::default_max_level_bytes, a.read_options);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    // A grid space's const calls are thread-safe: every thread reads the same one.
    const std::vector<const chase::ChaseSpace*> spaces(static_cast<std::size_t>(a.threads), &space);
    use(spaces, titled_file_name(a.map, level.title));
}

#if KINEMA_HAVE_NAV
void on_level(const AuditArgs& a, const SpacesUser& use) {
    const nav::Level level =
        load_nav_level(a.map, "", nav::NavSettings{}, levels::default_max_obj_bytes, a.read_options);
    const PerThreadChaseSpaces spaces = per_thread_chase_spaces(level, a.threads);
    use(spaces.spaces, std::filesystem::path(a.map).filename().string());
}
#else
void on_level(const AuditArgs& a, const SpacesUser&) {
    refuse_3d_level_without_nav(a.map);
}
#endif

void audit_map(const AuditArgs& args) {
    try {
        const SpacesUser use = [&](std::span<const chase::ChaseSpace* const> spaces,
                                   const std::string& title) { run_audit(spaces, args, title); };
        if (args.mesh) {
            on_level(args, use);
        } else {
            on_grid(args, use);
        }
    } catch (const std::bad_alloc&) {
        // Running out of memory is a limit of this machine, not a bug: say what holds it and how to
        // shrink it.
        throw UsageError(
            fmt::format("{}: out of memory: the audit holds every row (cells x --directions) until "
                        "the end; lower --directions or --threads",
                        args.map));
    }
}

}  // namespace

void merge_audit_parts(const std::vector<std::string>& paths, const MergeOutputs& outputs) {
    std::vector<report::AuditPart> parts;
    for (const std::string& path : paths) {
        parts.push_back(report::read_audit_part(path));
    }
    const report::MergedAudit merged = report::merge_audit_parts(std::move(parts));
    AuditArgs a;
    a.map = merged.level.file;
    a.read_options = merged.level.options;
    a.mesh = is_3d_level_path(a.map);
    a.settings.flood = merged.flood;
    a.settings.audit = merged.settings;
    refuse_pictures_without_render(!outputs.png.empty() || !outputs.svg.empty(), "--png/--svg");
    a.outputs.json = outputs.json;
    a.outputs.csv = outputs.csv;
    a.outputs.places_csv = outputs.places_csv;
    a.outputs.png = outputs.png;
    a.outputs.svg = outputs.svg;
    a.outputs.inputs = outputs.inputs;
    a.outputs.inputs.push_back({"--map", a.map});
    report::require_level_unchanged(merged.level);
    const SpacesUser use = [&](std::span<const chase::ChaseSpace* const> spaces, const std::string& title) {
        report::require_merged_cells(merged, spaces[0]->cells().size());
        write_reports(*spaces[0], merged.result, a, title);
    };
    if (a.mesh) {
        on_level(a, use);
    } else {
        on_grid(a, use);
    }
}

namespace {

void run_audit_command(const AuditCommand& command) {
    command.flags.name_errors([&] { audit_map(parse_options(command)); });
}

constexpr const char* audit_help = R"(
The chase (as `kinema chase`) from the centre of every cell of the level, in D evenly spaced last known
directions: k = 0..D-1 is (cos(2 pi k/D), sin(2 pi k/D)) in the level's plane (x right and y down on grids, x
and z on 3D levels). docs/audit.md has the definitions.

Findings per seed: wrong_way (the destination lies behind the seed), gives_up_at_once (too_many_heated after
at most K = --give-up-steps steps), short_of_a_corner (a heated cell within R = --corner-radius cell steps
of the destination is out of its line of sight), barrier_blocks_exit (the barrier closed off a region of at
least --exit-cells cells the heat never got next to, and could not spread into it itself).

Output: a table on stdout, what each share means and what would change it, then the places: neighbouring
cells where one finding is on at least twice its share on the level (at least a quarter of the directions, at
most half), ranked by flagged seeds, each with its centre, cells and a reason in words (the first ten).
--json FILE: {"directions", "settings", "rows": [{"cell", "direction", "steps", "stop_reason",
"destination_cell", "destination", "chase_distance", "chase_distance_along_cells", "dead_reckoning",
"dead_reckoning_gap", "findings"}, ...], "totals", "summary", "places"}, one row per cell and direction,
values as `kinema chase --json` prints them for that seed; every place. --csv FILE: the same rows.
--places-csv FILE: place,finding,col,row,share, one line per cell of each place. --png/--svg PREFIX: per-cell
heat maps PREFIX-distance, PREFIX-wrong_way, PREFIX-gives_up_at_once, PREFIX-short_of_a_corner,
PREFIX-barrier_blocks_exit, the first ten places numbered on them. Files are written together at the end: on
an error or Ctrl-C none is written. Results do not depend on --threads.

--sweep FIELD=V1,V2,... (repeatable; any flood field: hot, max_heated, max_steps, max_restarts,
destination): one audit per combination of the values (the first --sweep varies slowest; at most 1000), a
table of the shares of seeds per stop reason and finding for each; --json FILE: [{"settings", "shares":
{"stop_reasons", "findings"}}, ...]. Tunes the handful of constants of Couvidou's Dishonored 2 chase chapter
(Game AI Pro Online Edition 2021) per level.

--shard I/N (1 <= I <= N <= 100000): only the I-th of N contiguous bands of cells (in id order), written as a
partial report to --json (no table, no other file); `kinema merge` joins the N parts into the files above,
byte for byte. docs/scale.md has the farm recipes.)";

}  // namespace

void add_audit_command(CLI::App& app) {
    auto command = std::make_shared<AuditCommand>();
    AuditCliOptions& o = command->options;
    FlagBinder& flags = command->flags;
    CLI::App* cmd = add_level_command(
        app, "audit",
        "The chase flood (kinema chase) from every cell of a 2D grid or 3D level in D directions: where NPCs "
        "give up or run the wrong way (table, JSON, CSV, pictures)",
        audit_help, "Level file (.map Moving AI, .txt kinema ASCII, .obj mesh or .nav navmesh)", o.map,
        o.level_flags);
    cmd->get_option("--map")->required();
    flags.add_fields<AuditCommandSettings>(cmd, {"directions"});
    flags.add(cmd, "threads",
              fmt::format("Worker threads, [1, 256] (default: the machine's, {})", default_threads()),
              ValueKind::integer);
    flags.add_fields<AuditCommandSettings>(
        cmd, {"hot", "max_heated", "max_steps", "give_up_steps", "corner_radius", "exit_cells"});
    typed(cmd->add_option("--json", o.json, "Write the report as JSON to this file"), ValueKind::file);
    typed(cmd->add_option("--csv", o.csv, "Write the rows as CSV to this file"), ValueKind::file);
    typed(cmd->add_option("--places-csv", o.places_csv,
                          "Write the places as CSV to this file (one line per place and cell)"),
          ValueKind::file);
    cmd->add_option("--png", o.png, "Write the per-cell pictures as PREFIX-<summary>.png")
        ->type_name("PREFIX");
    cmd->add_option("--svg", o.svg, "Write the per-cell pictures as PREFIX-<summary>.svg")
        ->type_name("PREFIX");
    cmd->add_option("--shard", o.shard,
                    "I/N: audit only the I-th of N contiguous bands of cells and write the partial report to "
                    "--json (kinema merge joins them)")
        ->type_name("I/N");
    flags
        .add_repeated(cmd, "sweep",
                      "Run the audit for every combination of these values of a flood field (repeatable: "
                      "--sweep hot=10,20 --sweep max_steps=20,40) and print the shares per combination")
        ->type_name("FIELD=V1,V2,...");
    cmd->add_flag("--quiet", o.quiet, "No progress bar");
    cmd->callback([command, cmd] {
        command->options.inputs = input_files(*cmd);
        run_audit_command(*command);
    });
}

}  // namespace kinema::cli
