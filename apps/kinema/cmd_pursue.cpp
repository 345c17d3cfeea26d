// kinema pursue: a whole pursuit on a grid level or a 3D level (library:
// kinema/pursuit/pursuit.hpp, docs/pursuit.md) -- the player runs a scripted route, the NPC engages, chases
// with a strategy, searches and gives up. This file turns the options into typed values (validation in the
// settings' and the scenario's validate(), errors named by their flag through the FlagBinder), runs
// pursuit::run_pursuit and prints a table or the JSON; pictures go through kinema::render (pursuit_picture)
// and are written all or nothing.

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "command_settings.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/chase/flood_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/file.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/report/batch_files.hpp"
#include "kinema/report/batch_shards.hpp"
#include "kinema/report/pursuit_json.hpp"
#include "kinema/report/pursuit_text.hpp"
#include "nav_level.hpp"
#include "progress_bar.hpp"
#include "settings_options.hpp"
#include "shards.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/pursuit_picture.hpp"
#endif
#if KINEMA_HAVE_NAV
#include "kinema/nav/pursuit_space.hpp"
#endif
#if KINEMA_HAVE_NAV && KINEMA_HAVE_RENDER
#include "kinema/render/pursuit_picture_nav.hpp"
#endif

namespace kinema::cli {

namespace {

// The flags that are not settings or scenario fields.
struct PursueOptions {
    LevelSource level;  // --map, or --navmesh for a 3D level (as `kinema chase`), and the level flags
    std::string npc_model;
    std::vector<std::string> sets;
    bool json = false;      // --json given (single pursuit: print JSON)
    std::string json_file;  // --json F (batch: the report's file)
    std::string csv;
    std::string sightings_csv;  // --sightings-csv F (batch: each run's first loss of sight)
    std::string png;
    std::string svg;
    std::string animate;
    std::string shard;                      // --batch --shard I/N, or empty
    std::vector<output::InputFile> inputs;  // the files read: no output may overwrite one
};

// The fields typed under other names (the rest follow the binder's rule).
constexpr FieldFlag pursue_renames[] = {{"npc_direction", "--npc-dir"}, {"scenarios", "--batch"}};

struct PursueCommand {
    FlagBinder flags{pursue_renames};
    PursueOptions options;
};

// --set NAME=VALUE: a field of the pursuit or of its flood (the registry finds which), else of the NPC's
// model.
void apply_sets(pursuit::PursuitConfig& c, const std::vector<std::string>& sets) {
    const SettingsDescription& description = settings_description<pursuit::PursuitConfig>();
    for (const std::string& set : sets) {
        const std::string name = set.substr(0, set.find('='));
        if (find_field(description, name) != nullptr) {
            apply_set_option(description, &c, set);
        } else {
            movement::set_field_text(c.model, name, set.substr(std::min(set.size(), name.size() + 1)));
        }
    }
}

// The flood's fields change only the strategies that read them (pursuit::strategy_reads_flood_field: the
// flood strategies run the flood, dead reckoning reads M_S for its distance). With another strategy they are
// refused, not ignored.
void refuse_unused_flood_fields(const PursueCommand& command, pursuit::Strategy strategy) {
    const auto unused = [&](std::string_view field) {
        return !pursuit::strategy_reads_flood_field(strategy, field);
    };
    const std::string why = fmt::format(
        "has no effect with --strategy {} (only the flood strategies run the "
        "flood{})",
        pursuit::to_string(strategy), unused("max_steps") ? "" : "; dead reckoning reads only M_S");
    const FlagBinder& flags = command.flags;
    for (const std::string_view field : {"hot", "max_heated", "max_steps", "difficulty"}) {
        // --difficulty sets M_S.
        if (flags.given(field) && unused(field == "difficulty" ? "max_steps" : field)) {
            throw UsageError(fmt::format("{}: {}", flag_of_field(field), why));
        }
    }
    for (const std::string& set : command.options.sets) {
        const std::string name = set.substr(0, set.find('='));
        if (find_field(settings_description<chase::FloodSettings>(), name) != nullptr && unused(name)) {
            throw UsageError(fmt::format("--set {}: {}", name, why));
        }
    }
}

// The intercept strategy's constants change only its runs: a single pursuit with another strategy refuses
// them (a batch runs every strategy, intercept among them).
void refuse_unused_intercept_fields(const PursueCommand& command, pursuit::Strategy strategy) {
    if (strategy == pursuit::Strategy::intercept || command.flags.given("scenarios")) {
        return;
    }
    for (const std::string& set : command.options.sets) {
        const std::string name = set.substr(0, set.find('='));
        if (find_field(settings_description<pursuit::InterceptSettings>(), name) != nullptr) {
            throw UsageError(
                fmt::format("--set {}: has no effect with --strategy {} (only --strategy intercept "
                            "reads it)",
                            name, pursuit::to_string(strategy)));
        }
    }
}

pursuit::PursuitConfig parse_config(const PursueCommand& command) {
    const FlagBinder& flags = command.flags;
    pursuit::PursuitConfig c;
    // A 3D level read from --navmesh is named by it, as `kinema chase` names it in its JSON.
    c.map = command.options.level.file();
    c.model =
        model_option(command.options.npc_model.empty() ? "unreal" : command.options.npc_model, "--npc-model");
    apply_difficulty(flags, c.flood);
    flags.apply(settings_description<pursuit::PursuitConfig>(), &c);
    // The model's fields have no flags of their own: their errors name "--set FIELD".
    const FlagBinder set_names;
    set_names.name_errors([&] { apply_sets(c, command.options.sets); });
    refuse_unused_flood_fields(command, c.settings.strategy);
    refuse_unused_intercept_fields(command, c.settings.strategy);
    flags.require_valid(c.validate());
    set_names.require_valid(movement::validate(c.model));
    return c;
}

// The scenario flags (X,Y on grids, X,Y,Z on 3D levels), parsed by the library (pursuit/parse.hpp). Without
// --npc, the NPC starts where the level marks one (`marked_npc`: a Tiled object or LDtk entity named npc).
pursuit::PursuitScenario parse_scenario(const FlagBinder& flags, int dimensions,
                                        const std::optional<Vec2>& marked_npc = std::nullopt) {
    // --npc and --npc-dir repeat: the first is NPC 0, the rest its team (in order).
    pursuit::ScenarioText text =
        pursuit::team_scenario_text(flags.text("route"), flags.texts("npc"), flags.texts("npc_direction"),
                                    flags.texts("stimulus"), flags.text("team"));
    if (text.npc.empty() && marked_npc) {
        text.npc = format_number(marked_npc->x) + "," + format_number(marked_npc->y);
    }
    pursuit::PursuitScenario scenario;
    flags.name_errors([&] { scenario = pursuit::parse_scenario(text, dimensions); });
    return scenario;
}

pursuit::BatchSettings parse_batch(const FlagBinder& flags) {
    pursuit::BatchSettings b;
    b.threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 256u));
    for (const std::string_view field : {"scenarios", "seed", "threads", "min_route", "npcs"}) {
        flags.apply_to(settings_description<pursuit::BatchSettings>(), &b, field);
    }
    flags.require_valid(b.validate());
    return b;
}

// Options of the other mode are refused rather than ignored.
void refuse_foreign_options(const PursueCommand& c, bool batch, bool mesh) {
    const PursueOptions& o = c.options;
    const FlagBinder& f = c.flags;
    if (batch) {
        refuse_given(
            {f.given_flag("route"), f.given_flag("npc"), f.given_flag("npc_direction"), f.given_flag("team"),
             f.given_flag("stimulus"), f.given_flag("strategy"), given_text(o.png, "--png"),
             given_text(o.svg, "--svg"), given_text(o.animate, "--animate")},
            "not used with --batch (every strategy runs on random scenarios)");
    } else {
        refuse_given(
            {f.given_flag("seed"), mesh ? GivenFlag{} : f.given_flag("threads"), f.given_flag("min_route"),
             f.given_flag("npcs"), given_text(o.csv, "--csv"), given_text(o.sightings_csv, "--sightings-csv"),
             given_text(o.json_file, "--json FILE"), given_text(o.shard, "--shard")},
            "only with --batch");
    }
    if (batch && o.json && o.json_file.empty()) {
        throw UsageError("--json: --batch writes its report to a file: --json FILE");
    }
    if (batch && !o.shard.empty()) {
        const GivenFlag whole_run_outputs[] = {given_text(o.csv, "--csv"),
                                               given_text(o.sightings_csv, "--sightings-csv")};
        (void)check_shard_outputs(o.shard, o.json_file, whole_run_outputs);
    }
}

// The 3D level's options on grids.
void refuse_level_options(const PursueCommand& c, bool mesh) {
    const FlagBinder& f = c.flags;
    const auto agent = agent_fields_without_threads();
    if (!mesh &&
        std::any_of(agent.begin(), agent.end(), [&](std::string_view field) { return f.given(field); })) {
        throw UsageError("--agent-*/--tile-size: only for 3D levels (--map LEVEL.obj or --navmesh FILE)");
    }
    // With --batch, --threads also sets the batch's workers.
    if (!c.options.level.navmesh.empty() &&
        (f.given("tile_size") || (f.given("threads") && !f.given("scenarios")))) {
        throw UsageError("--tile-size/--threads: only for --map LEVEL.obj (the navmesh is built from it)");
    }
}

// The batch on spaces from `make_space` (one per worker thread) on the level file `level`: the progress bar,
// the files all or nothing, then the table; with --shard only the shard's partial report (nothing on stdout).
void report_batch(const PursueCommand& c, const report::BatchPartSettings& part,
                  const pursuit::SpaceFactory& make_space, const std::string& level) {
    const PursueOptions& o = c.options;
    ProgressBar bar("pursue", "scenarios");
    const auto progress = [&](int done, int total) {
        bar.update(static_cast<std::size_t>(done), static_cast<std::size_t>(total));
    };
    if (!o.shard.empty()) {
        const report::ShardId shard = parse_shard(o.shard);
        const pursuit::BatchResult result =
            pursuit::run_batch_shard(make_space, part.config, part.batch, shard.index, shard.count, progress);
        bar.finish();
        const report::LevelId id{level, report::file_fnv1a64(level), o.level.read_options()};
        report::write_batch_part_file({"--json", o.json_file}, o.inputs, id, part, shard, result.runs);
        return;
    }
    const pursuit::BatchResult result = pursuit::run_batch(make_space, part.config, part.batch, progress);
    bar.finish();
    if (result.scenarios == 0) {
        const pursuit::NoScenario why = pursuit::why_no_scenario(make_space, part.config);
        c.flags.require_valid({report::no_scenario_error(why, level, part.config, part.batch)});
    }
    fmt::print("{}", report::write_batch_reports({"--json", o.json_file}, {"--csv", o.csv}, o.inputs, part,
                                                 result, level, {"--sightings-csv", o.sightings_csv}));
}

void run_batch_command(const PursueCommand& c, const levels::GridLevel& level) {
    const pursuit::PursuitConfig config = parse_config(c);
    const pursuit::BatchSettings settings = parse_batch(c.flags);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    report_batch(
        c, {config, settings, "cells"},
        [&space] { return std::make_unique<pursuit::ChasePursuitSpace>(space); }, c.options.level.map);
}

// The pictures in `files`, then the JSON or the table: everything is computed before any output.
void write_outputs(output::OutputFiles& files, const PursueOptions& o, const chase::ChaseSpace& space,
                   const pursuit::PursuitScenario& scenario, const pursuit::PursuitConfig& config,
                   const pursuit::PursuitResult& result, const std::string& title) {
    files.commit();
    if (o.json) {
        fmt::print("{}\n", report::pursuit_json(space, scenario, config, result));
    } else {
        fmt::print("{}", report::pursuit_summary(title, config, result));
    }
}

#if KINEMA_HAVE_RENDER
// The pictures asked for: --png, --svg and --animate, grid or 3D.
render::PursuitPictureRequest pictures_of(const PursueOptions& o) {
    return {!o.png.empty(), !o.svg.empty(), !o.animate.empty()};
}

void add_pictures(output::OutputFiles& files, const PursueOptions& o, render::PursuitPictures drawn) {
    files.add_if_named("--png", o.png, std::move(drawn.png));
    files.add_if_named("--svg", o.svg, std::move(drawn.svg));
    files.add_if_named("--animate", o.animate, std::move(drawn.animated_svg));
}
#endif

void run_grid_pursue(const PursueCommand& c) {
    const PursueOptions& o = c.options;
    const pursuit::PursuitConfig config = parse_config(c);
    const levels::GridLevel level =
        levels::load_level(o.level.map, levels::default_max_level_bytes, o.level.read_options());
    const pursuit::PursuitScenario scenario = parse_scenario(c.flags, 2, level.npc_start);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    c.flags.require_valid(scenario.validate(space));
    const pursuit::PursuitResult result = pursuit::run_pursuit(space, scenario, config);
    const std::string title = titled_file_name(config.map, level.title);
    output::OutputFiles files(o.inputs);
#if KINEMA_HAVE_RENDER
    add_pictures(files, o,
                 render::pursuit_pictures({&grid, &scenario, &config, &result, title}, pictures_of(o)));
#endif
    write_outputs(files, o, space, scenario, config, result, title);
}

#if KINEMA_HAVE_NAV
// A 3D level: the navmesh built as `kinema chase --map X.obj` builds it (same agent flags, --tile-size,
// --threads), or read from --navmesh; the pursuit runs through nav::NavPursuitSpace.
nav::NavSettings nav_settings_of(const PursueCommand& c, const pursuit::BatchSettings* batch) {
    nav::NavSettings settings;
    c.flags.apply(settings);
    if (batch == nullptr) {
        c.flags.apply_to(settings_description<nav::NavSettings>(), &settings, "threads");
    } else if (c.flags.given("threads")) {
        // --threads is the batch's ([1, 256]); the navmesh is the same for any build thread count, so its
        // build takes as many as NavSettings allows.
        const double build_max = find_field(settings_description<nav::NavSettings>(), "threads")->range.max;
        settings.threads = std::min(static_cast<double>(batch->threads), build_max);
    }
    c.flags.require_valid(settings.validate());
    return settings;
}

nav::Level load_level_of(const PursueCommand& c, const nav::NavSettings& settings) {
    return load_nav_level(c.options.level.map, c.options.level.navmesh, settings,
                          levels::default_max_level_bytes, c.options.level.read_options());
}

void run_level_pursue(const PursueCommand& c) {
    const PursueOptions& o = c.options;
    const pursuit::PursuitConfig config = parse_config(c);
    const pursuit::PursuitScenario scenario = parse_scenario(c.flags, 3);
    const nav::Level level = load_level_of(c, nav_settings_of(c, nullptr));
    nav::PathFinder finder(level);
    nav::NavPursuitSpace space(level, finder);
    c.flags.require_valid(scenario.validate(space));
    const pursuit::PursuitResult result = pursuit::run_pursuit(space, scenario, config);
    const std::string title = utf8_text(utf8_path(config.map).filename());
    output::OutputFiles files(o.inputs);
#if KINEMA_HAVE_RENDER
    // The top view of the level with the pursuit over it (render/pursuit_picture_nav.hpp).
    add_pictures(files, o,
                 render::level_pursuit_pictures(level, scenario, config, result, title,
                                                report::pursuit_level_legend(title), pictures_of(o)));
#endif
    write_outputs(files, o, space.chase_space(), scenario, config, result, title);
}

// --batch on a 3D level: one NavPursuitSpace (with its own Detour query) per worker thread over the one
// level; --threads also builds the navmesh (the same navmesh for any thread count).
void run_level_batch(const PursueCommand& c) {
    const pursuit::PursuitConfig config = parse_config(c);
    const pursuit::BatchSettings settings = parse_batch(c.flags);
    nav::NavSettings level_settings = nav_settings_of(c, &settings);
    const nav::Level level = load_level_of(c, level_settings);
    // The navmesh's settings but its build threads (the navmesh is the same for any count).
    level_settings.threads = nav::NavSettings{}.threads;
    report_batch(
        c, {config, settings, "cell sizes", settings_json(level_settings)},
        [&level] { return std::make_unique<nav::NavPursuitSpace>(level); }, config.map);
}
#endif

void run_pursue(const PursueCommand& c) {
    // Everything is parsed, checked and computed before any output, so an error leaves no trace.
    const PursueOptions& o = c.options;
    if (o.level.file().empty()) {
        throw UsageError(
            "--map: required: a level (.map Moving AI, .txt kinema ASCII, .obj mesh or .nav navmesh)");
    }
    o.level.refuse_map_with_navmesh();
    const bool mesh = o.level.is_3d();
    const bool batch = c.flags.given("scenarios");
    refuse_pictures_without_render(!o.png.empty() || !o.svg.empty() || !o.animate.empty(),
                                   "--png/--svg/--animate");
    refuse_foreign_options(c, batch, mesh);
    refuse_level_options(c, mesh);
    (void)o.level.read_options();  // a flag without effect is refused before anything is read
    if (batch && !mesh) {
        run_batch_command(
            c, levels::load_level(o.level.map, levels::default_max_level_bytes, o.level.read_options()));
    } else if (mesh) {
#if KINEMA_HAVE_NAV
        batch ? run_level_batch(c) : run_level_pursue(c);
#else
        refuse_3d_level_without_nav(o.level.file());
#endif
    } else {
        run_grid_pursue(c);
    }
}

// The navmesh, the player's route and the NPCs (one, or a team).
void add_scene_options(CLI::App* cmd, PursueOptions& o, FlagBinder& flags) {
    add_navmesh_option(cmd, o.level);
    flags.add(cmd, "route", "The player's route X,Y;X,Y;... (level units; 3D levels X,Y,Z;..., y up)",
              ValueKind::point_list);
    typed(flags.add_repeated(cmd, "npc",
                             "The NPC's start X,Y (3D levels X,Y,Z; default: the level's npc marker); repeat "
                             "for a team of up to 16 NPCs"),
          ValueKind::point2_or_3);
    typed(flags.add_repeated(
              cmd, "npc_direction",
              "The NPC's initial facing DX,DY (3D levels DX,DY,DZ; default: the player); a team: "
              "one per --npc, in order"),
          ValueKind::point2_or_3);
    flags.add_choice(cmd, "team",
                     "How a team of NPCs shares what it knows: independent, shared or split (default split; "
                     "see below)",
                     pursuit::team_mode_names());
}

// --batch and what goes with it: the seed, threads, routes' length, team size, CSV and shards.
void add_batch_options(CLI::App* cmd, PursueOptions& o, FlagBinder& flags) {
    flags.add(cmd, "scenarios", "Compare every strategy on INT random scenarios", ValueKind::integer);
    flags.add_fields<pursuit::BatchSettings>(cmd, {"seed"});
    flags.add(cmd, "threads",
              "--batch: worker threads, [1, 256] (default: all cores); 3D levels: also the navmesh build's "
              "(at most 64 of them; the navmesh is the same for any count)",
              ValueKind::integer);
    flags.add_fields<pursuit::BatchSettings>(cmd, {"min_route", "npcs"});
    add_file_option(cmd, "--csv", o.csv, "--batch: write one row per run to this file");
    add_file_option(cmd, "--sightings-csv", o.sightings_csv,
                    "--batch: write each run's first loss of sight (where and heading where) to this file, "
                    "for the audit's lift (scripts/audit-lift.py)");
    cmd->add_option("--shard", o.shard,
                    "--batch: run only shard I of N (scenarios i mod N = I-1) and write its partial report "
                    "to --json (kinema merge joins the parts)")
        ->type_name("I/N");
}

}  // namespace

void add_pursue_command(CLI::App& app) {
    auto command = std::make_shared<PursueCommand>();
    PursueOptions& o = command->options;
    FlagBinder& flags = command->flags;
    CLI::App* cmd = add_level_command(
        app, "pursue",
        "A whole pursuit on a grid or 3D level: engage, chase with a strategy, search, give up",
        help_page("pursue"),
        "Level file (.map Moving AI, .txt kinema ASCII, .obj mesh or .nav navmesh (3D: kinema::nav))",
        o.level);
    add_scene_options(cmd, o, flags);
    flags.add_fields<pursuit::PursuitConfig>(cmd, {"player_speed"});
    cmd->add_option("--npc-model", o.npc_model,
                    "The NPC's movement model: unreal (default), dishonored, crosscode")
        ->type_name("unreal|dishonored|crosscode");
    flags.add_fields<pursuit::PursuitConfig>(cmd, {"model_scale"});
    cmd->add_option("--set", o.sets, "NAME=VALUE (repeatable; see below)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    flags.add_fields<pursuit::PursuitConfig>(cmd,
                                             {"hz", "max_time", "view_range", "view_angle", "search_time"});
    flags.add_repeated(cmd, "stimulus", "A noise T,X,Y (s, level units; 3D levels T,X,Y,Z; repeatable)")
        ->type_name("T,X,Y");
    flags.add_fields<pursuit::PursuitConfig>(cmd, {"strategy", "hot", "max_heated", "max_steps"});
    add_difficulty_option(flags, cmd);
    // A flag for one pursuit, an option with the report's file for --batch (the two forms).
    CLI::Option* json =
        cmd->add_option("--json", o.json_file,
                        "One pursuit: print it as JSON (fields: see below); --batch: write the "
                        "report to this file")
            ->expected(0, 1)
            ->type_name("[FILE]");
    add_batch_options(cmd, o, flags);
    add_file_option(cmd, "--png", o.png, "Write the pursuit picture as PNG");
    add_file_option(cmd, "--svg", o.svg, "Write the pursuit picture as SVG");
    add_file_option(cmd, "--animate", o.animate, "Write an animated SVG of the pursuit");
#if KINEMA_HAVE_NAV
    const nav::NavSettings nav_defaults;
    flags.add_fields(cmd, settings_description<nav::NavSettings>(), &nav_defaults,
                     agent_fields_without_threads(), "3D levels: ");
#endif
    cmd->callback([command, cmd, json] {
        command->options.json = json->count() > 0;
        command->options.inputs = input_files(*cmd);
        run_pursue(*command);
    });
}

}  // namespace kinema::cli
