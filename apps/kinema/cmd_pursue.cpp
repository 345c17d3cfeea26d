// kinema pursue: a whole pursuit on a grid level or a 3D level (issue 16; library:
// kinema/pursuit/pursuit.hpp, docs/pursuit.md) -- the player runs a scripted route, the NPC engages, chases
// with a strategy, searches and gives up. This file turns the options into typed values (validation in the
// settings' and the scenario's validate(), errors named by their flag through one FieldFlag table), runs
// pursuit::run_pursuit and prints a table or the JSON; pictures go through kinema::render (pursuit_picture)
// and are written all or nothing.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "chase_report.hpp"
#include "cli_common.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/json.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "nav_level.hpp"
#include "output_files.hpp"
#include "progress_bar.hpp"
#include "settings_options.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/pursuit_picture.hpp"
#endif
#if KINEMA_HAVE_NAV
#include "kinema/nav/pursuit_space.hpp"
#endif

namespace kinema::cli {

namespace {

struct PursueOptions {
    std::string map;
    std::string route;
    std::string npc;
    std::string npc_dir;
    std::string player_speed;
    std::string npc_model;
    std::string model_scale;
    std::vector<std::string> sets;
    std::string hz;
    std::string max_time;
    std::string view_range;
    std::string view_angle;
    std::string search_time;
    std::vector<std::string> stimuli;
    std::string strategy;
    std::string hot;
    std::string max_heated;
    std::string max_steps;
    std::string difficulty;
    bool json = false;      // --json given (single pursuit: print JSON)
    std::string json_file;  // --json F (batch: the report's file)
    std::string batch;
    std::string seed;
    std::string threads;
    std::string min_route;
    std::string csv;
    std::string png;
    std::string svg;
    std::string animate;
    // 3D levels (--map LEVEL.obj or --navmesh FILE), as `kinema chase`.
    std::string navmesh;
    std::string agent_height;
    std::string agent_radius;
    std::string agent_max_climb;
    std::string agent_max_slope;
    std::string tile_size;
};

// The agent's flags and the NavSettings fields they set (3D levels; `kinema chase`'s).
constexpr std::tuple<std::string_view, std::string_view, std::string PursueOptions::*> agent_options[] = {
    {"--agent-height", "agent_height", &PursueOptions::agent_height},
    {"--agent-radius", "agent_radius", &PursueOptions::agent_radius},
    {"--agent-max-climb", "agent_max_climb", &PursueOptions::agent_max_climb},
    {"--agent-max-slope", "agent_max_slope", &PursueOptions::agent_max_slope},
    {"--tile-size", "tile_size", &PursueOptions::tile_size},
    {"--threads", "threads", &PursueOptions::threads},
};

// Settings and scenario fields as the user types them: the library's table (pursuit/parse.hpp, shared with
// the web) plus the 3D agent's.
const std::vector<FieldFlag>& pursue_flag_table() {
    static const std::vector<FieldFlag> table = [] {
        std::vector<FieldFlag> t;
        for (const pursuit::FlagName& f : pursuit::pursue_flag_names) {
            t.push_back({f.field, f.flag});
        }
        for (const auto& [flag, field, member] : agent_options) {
            if (field != "threads") {  // --threads is the batch's in pursuit's table
                t.push_back({field, flag});
            }
        }
        return t;
    }();
    return table;
}

template <class Settings>
void set_if_given(Settings& settings, std::string_view field, const std::string& text) {
    if (!text.empty()) {
        set_from_flag(settings, field, text, pursue_flag_table());
    }
}

movement::AnyModel parse_model(const std::string& name) {
    try {
        return movement::make_model(name.empty() ? "unreal" : name);
    } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--npc-model: {}", e.what()));
    }
}

// --set NAME=VALUE: a pursuit field without a flag of its own (spread, rest_speed, contact_range), the
// flood's max_restarts, or a field of the NPC's model.
void apply_sets(pursuit::PursuitConfig& c, const std::vector<std::string>& sets) {
    for (const std::string& set : sets) {
        const std::string name = set.substr(0, set.find('='));
        if (find_field(settings_description<pursuit::PursuitSettings>(), name) != nullptr) {
            apply_set_option(settings_description<pursuit::PursuitSettings>(), &c.settings, set);
        } else if (name == "max_restarts") {
            apply_set_option(settings_description<chase::FloodSettings>(), &c.flood, set);
        } else {
            movement::set_field_text(c.model, name, set.substr(std::min(set.size(), name.size() + 1)));
        }
    }
}

void parse_flood(const PursueOptions& o, chase::FloodSettings& flood) {
    if (!o.difficulty.empty()) {
        if (!o.max_steps.empty()) {
            throw UsageError("--difficulty: cannot be combined with --max-steps (it sets M_S)");
        }
        const double level = parse_number(o.difficulty, "--difficulty");
        if (level != 1.0 && level != 2.0 && level != 3.0) {
            throw UsageError(fmt::format("--difficulty: must be 1, 2 or 3, got {}", o.difficulty));
        }
        flood.max_steps = chase::FloodSettings::difficulty(static_cast<int>(level)).max_steps;
    }
    set_if_given(flood, "hot", o.hot);
    set_if_given(flood, "max_heated", o.max_heated);
    set_if_given(flood, "max_steps", o.max_steps);
}

pursuit::PursuitConfig parse_config(const PursueOptions& o) {
    pursuit::PursuitConfig c;
    c.map = o.map;
    c.model = parse_model(o.npc_model);
    pursuit::PursuitSettings& s = c.settings;
    set_if_given(s, "hz", o.hz);
    set_if_given(s, "max_time", o.max_time);
    set_if_given(s, "view_range", o.view_range);
    set_if_given(s, "view_angle", o.view_angle);
    set_if_given(s, "search_time", o.search_time);
    set_if_given(s, "player_speed", o.player_speed);
    set_if_given(s, "model_scale", o.model_scale);
    set_if_given(s, "strategy", o.strategy);
    parse_flood(o, c.flood);
    try {
        apply_sets(c, o.sets);
    } catch (const SettingsError& e) {
        throw UsageError(flag_message(e.errors(), {}));
    }
    FieldErrors errors = s.validate(c.model);  // the model against --hz and --model-scale too
    const FieldErrors flood_errors = c.flood.validate();
    errors.insert(errors.end(), flood_errors.begin(), flood_errors.end());
    require_valid(errors, pursue_flag_table());
    require_valid(movement::validate(c.model), {});
    return c;
}

// The scenario flags (X,Y on grids, X,Y,Z on 3D levels), parsed by the library (pursuit/parse.hpp).
pursuit::PursuitScenario parse_scenario(const PursueOptions& o, int dimensions) {
    try {
        return pursuit::parse_scenario({o.route, o.npc, o.npc_dir, o.stimuli}, dimensions);
    } catch (const pursuit::ParseError& e) {
        throw UsageError(e.what());
    }
}

std::string rounded(double v) {
    return format_number(std::round(v * 1000.0) / 1000.0);
}

// (x, y) on grids, (x, y, z) on 3D levels (p the planar (x, z), h the height).
std::string point_text(Vec2 p, double h = 0.0, int dimensions = 2) {
    if (dimensions == 3) {
        return fmt::format("({}, {}, {})", rounded(p.x), rounded(h), rounded(p.y));
    }
    return fmt::format("({}, {})", rounded(p.x), rounded(p.y));
}

std::string summary(const std::string& title, const pursuit::PursuitConfig& c,
                    const pursuit::PursuitResult& r) {
    std::string out = fmt::format("kinema pursue: {}\n", title);
    out += fmt::format("  strategy {}, NPC {} ({} {} per level unit), {} Hz, view {} units / {} deg\n",
                       pursuit::to_string(c.settings.strategy), movement::model_name(c.model),
                       format_number(c.settings.model_scale), movement::length_unit(c.model),
                       format_number(c.settings.hz), format_number(c.settings.view_range),
                       format_number(c.settings.view_angle));
    out += fmt::format("\n  {:>9}  {:<12} {}\n", "t (s)", "event", "where");
    for (const pursuit::PursuitEvent& e : r.events) {
        std::string where = point_text(e.position, e.height, r.dimensions);
        if (e.kind == pursuit::EventKind::lost_sight) {
            where += " running " + point_text(e.direction, 0.0, r.dimensions);
        } else if (e.kind == pursuit::EventKind::stimulus && !e.accepted) {
            where += " (ignored)";
        }
        out += fmt::format("  {:>9}  {:<12} {}\n", rounded(e.t), pursuit::to_string(e.kind), where);
    }
    std::string outcome(pursuit::to_string(r.outcome));
    if (r.outcome == pursuit::Outcome::reacquired) {
        outcome += fmt::format(" (during the {})", pursuit::to_string(r.reacquired_in));
    }
    out += fmt::format("\n  outcome              {}\n", outcome);
    if (r.time_to_reacquire >= 0.0) {
        out += fmt::format("  time to re-acquire   {} s\n", rounded(r.time_to_reacquire));
    }
    out += fmt::format("  NPC distance         {} level units (at the end)\n", rounded(r.npc_distance));
    out += fmt::format("  destination changes  {}\n", r.destination_changes);
    out += fmt::format("  max heading rate     {} deg/s\n", rounded(r.max_heading_rate));
    out +=
        fmt::format("  simulated            {} s ({} frames)\n", rounded(r.frames.back().t), r.frames.size());
    return out;
}

std::string share(double value) {
    return fmt::format("{:.1f}%", 100.0 * value);
}

// `behind_unit` names npc_behind's unit: path cells on grids, cell sizes along Detour's path on 3D levels.
std::string batch_table(const std::string& title, const pursuit::PursuitConfig& c,
                        const pursuit::BatchSettings& b, const pursuit::BatchResult& r,
                        std::string_view behind_unit) {
    std::string out = fmt::format("kinema pursue --batch: {}\n", title);
    out += fmt::format(
        "  {} scenarios (seed {}, route >= {} units, NPC {} {} behind), NPC {}, {} Hz, view {} "
        "units / {} deg, search {} s\n",
        r.scenarios, b.seed, format_number(b.min_route), b.npc_behind, behind_unit,
        movement::model_name(c.model), format_number(c.settings.hz), format_number(c.settings.view_range),
        format_number(c.settings.view_angle), format_number(c.settings.search_time));
    out += fmt::format("\n  {:<15}{:>6}{:>8}{:>8}{:>9}{:>9}{:>10}{:>10}{:>11}{:>11}\n", "strategy", "runs",
                       "chase", "search", "gave up", "timeout", "median s", "NPC dist", "dest/chase",
                       "max deg/s");
    for (const pursuit::StrategySummary& s : r.summaries) {
        out += fmt::format(
            "  {:<15}{:>6}{:>8}{:>8}{:>9}{:>9}{:>10}{:>10}{:>11}{:>11}\n", pursuit::to_string(s.strategy),
            s.runs, share(s.reacquired_chase), share(s.reacquired_search), share(s.gave_up), share(s.timeout),
            s.median_time_to_reacquire < 0.0 ? std::string("-")
                                             : fmt::format("{:.2f}", s.median_time_to_reacquire),
            fmt::format("{:.2f}", s.mean_npc_distance),
            fmt::format("{:.2f}", s.destination_changes_per_chase),
            fmt::format("{:.0f}", s.max_heading_rate));
    }
    out +=
        "\n  chase / search: share of runs re-acquired during the chase / the search; runs that never lost\n"
        "  sight are left out. median s: time to re-acquire; NPC dist: NPC to player at the end.\n";
    return out;
}

pursuit::BatchSettings parse_batch(const PursueOptions& o) {
    pursuit::BatchSettings b;
    b.threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 256u));
    set_if_given(b, "scenarios", o.batch);
    set_if_given(b, "seed", o.seed);
    set_if_given(b, "threads", o.threads);
    set_if_given(b, "min_route", o.min_route);
    require_valid(b.validate(), pursue_flag_table());
    return b;
}

// Options of the other mode are refused rather than ignored.
void refuse_foreign_options(const PursueOptions& o, bool batch, bool mesh) {
    const std::pair<bool, const char*> single_only[] = {
        {!o.route.empty(), "--route"},       {!o.npc.empty(), "--npc"},
        {!o.npc_dir.empty(), "--npc-dir"},   {!o.stimuli.empty(), "--stimulus"},
        {!o.strategy.empty(), "--strategy"}, {!o.png.empty(), "--png"},
        {!o.svg.empty(), "--svg"},           {!o.animate.empty(), "--animate"}};
    const std::pair<bool, const char*> batch_only[] = {{!o.seed.empty(), "--seed"},
                                                       {!mesh && !o.threads.empty(), "--threads"},
                                                       {!o.min_route.empty(), "--min-route"},
                                                       {!o.csv.empty(), "--csv"},
                                                       {!o.json_file.empty(), "--json"}};
    using Flags = std::span<const std::pair<bool, const char*>>;
    for (const auto& [given, name] : batch ? Flags(single_only) : Flags(batch_only)) {
        if (given) {
            throw UsageError(batch ? fmt::format("{}: not used with --batch (every strategy runs on random "
                                                 "scenarios)",
                                                 name)
                                   : fmt::format("{}{}: only with --batch", name,
                                                 std::string_view(name) == "--json" ? " FILE" : ""));
        }
    }
    if (batch && o.json && o.json_file.empty()) {
        throw UsageError("--json: --batch writes its report to a file: --json FILE");
    }
}

// The 3D level's options on grids.
void refuse_level_options(const PursueOptions& o, bool mesh) {
    if (!mesh && (!o.agent_height.empty() || !o.agent_radius.empty() || !o.agent_max_climb.empty() ||
                  !o.agent_max_slope.empty() || !o.tile_size.empty())) {
        throw UsageError("--agent-*/--tile-size: only for 3D levels (--map LEVEL.obj or --navmesh FILE)");
    }
    // With --batch, --threads also sets the batch's workers.
    if (!o.navmesh.empty() && (!o.tile_size.empty() || (!o.threads.empty() && o.batch.empty()))) {
        throw UsageError("--tile-size/--threads: only for --map LEVEL.obj (the navmesh is built from it)");
    }
}

// The batch on spaces from `make_space` (one per worker thread): the progress bar, the files all or nothing,
// then the table. `level` names the level file.
void report_batch(const PursueOptions& o, const pursuit::PursuitConfig& config,
                  const pursuit::BatchSettings& settings, const pursuit::SpaceFactory& make_space,
                  const std::string& level, std::string_view behind_unit) {
    ProgressBar bar("pursue", "scenarios");
    const pursuit::BatchResult result =
        pursuit::run_batch(make_space, config, settings, [&](int done, int total) {
            bar.update(static_cast<std::size_t>(done), static_cast<std::size_t>(total));
        });
    bar.finish();
    if (result.scenarios == 0) {
        throw UsageError(
            fmt::format("--min-route: no scenario fits on {} (no path of {} level units with the NPC "
                        "in sight behind the player)",
                        level, format_number(settings.min_route)));
    }
    OutputFiles files;
    if (!o.json_file.empty()) {
        files.add("--json", o.json_file, pursuit::batch_json(result) + "\n");
    }
    if (!o.csv.empty()) {
        files.add("--csv", o.csv, pursuit::batch_csv(result));
    }
    files.commit();
    fmt::print("{}", batch_table(std::filesystem::path(level).filename().string(), config, settings, result,
                                 behind_unit));
}

void run_batch_command(const PursueOptions& o, const levels::GridLevel& level) {
    const pursuit::PursuitConfig config = parse_config(o);
    const pursuit::BatchSettings settings = parse_batch(o);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    report_batch(
        o, config, settings, [&space] { return std::make_unique<pursuit::ChasePursuitSpace>(space); }, o.map,
        "cells");
}

// Pictures, then the JSON or the table: everything is computed before any output.
void write_outputs(const PursueOptions& o, const chase::ChaseSpace& space,
                   const pursuit::PursuitScenario& scenario, const pursuit::PursuitConfig& config,
                   const pursuit::PursuitResult& result,
                   const std::function<void(OutputFiles&, const std::string&)>& pictures) {
    OutputFiles files;
    const std::string title = std::filesystem::path(config.map).filename().string();
    if (!o.png.empty() || !o.svg.empty() || !o.animate.empty()) {
        pictures(files, title);
    }
    files.commit();
    if (o.json) {
        fmt::print("{}\n", pursuit::pursuit_json(space, scenario, config, result));
    } else {
        fmt::print("{}", summary(title, config, result));
    }
}

#if KINEMA_HAVE_RENDER
// --png, --svg and --animate of one picture, grid or 3D.
void add_pictures(OutputFiles& files, const PursueOptions& o, const render::PursuitPicture& picture) {
    if (!o.png.empty()) {
        files.add("--png", o.png, render::pursuit_png(picture));
    }
    if (!o.svg.empty()) {
        files.add("--svg", o.svg, render::pursuit_svg(picture));
    }
    if (!o.animate.empty()) {
        files.add("--animate", o.animate, render::pursuit_animated_svg(picture));
    }
}
#endif

void run_grid_pursue(const PursueOptions& o) {
    const pursuit::PursuitConfig config = parse_config(o);
    const pursuit::PursuitScenario scenario = parse_scenario(o, 2);
    const levels::GridLevel level = levels::load_level(o.map);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    require_valid(scenario.validate(space), pursue_flag_table());
    const pursuit::PursuitResult result = pursuit::run_pursuit(space, scenario, config);
    write_outputs(o, space, scenario, config, result, [&](OutputFiles& files, const std::string& title) {
#if KINEMA_HAVE_RENDER
        add_pictures(files, o, render::PursuitPicture{&grid, &scenario, &config, &result, title});
#else
        (void)files;
        (void)title;
#endif
    });
}

#if KINEMA_HAVE_NAV
// The top view of a 3D level with the pursuit over it: per column the highest cell the first chase's flood
// touched, else the highest cell (as `kinema chase --map X.obj --png`), the navmesh under it.
void add_level_pictures(const PursueOptions& o, const nav::Level& level,
                        const pursuit::PursuitScenario& scenario, const pursuit::PursuitConfig& config,
                        const pursuit::PursuitResult& result, const std::string& title, OutputFiles& files) {
#if KINEMA_HAVE_RENDER
    const std::vector<int>& heat = result.chase_heat;  // empty when the NPC never chased
    render::LevelView view = level_top_view(level, config.flood.hot, [&](chase::CellId c) {
        return heat.empty() ? chase::untouched_value : heat[c];
    });
    view.seed = scenario.route.front();
    for (const pursuit::PursuitEvent& e : result.events) {
        if (e.kind == pursuit::EventKind::lost_sight) {
            view.seed = e.position;
            view.direction = e.direction;
            break;
        }
    }
    view.legend.push_back(fmt::format("{}: top view (x right, z down), floors lighter when higher", title));
    view.legend.push_back("white disc: where sight was first lost; heat: the first chase's flood");
    const render::PursuitPicture picture{
        nullptr, &scenario, &config, &result, title, &view, &level.nav_cells().cell_space()};
    add_pictures(files, o, picture);
#else
    (void)o, (void)level, (void)scenario, (void)config, (void)result, (void)title, (void)files;
#endif
}

// A 3D level: the navmesh built as `kinema chase --map X.obj` builds it (same agent flags, --tile-size,
// --threads), or read from --navmesh; the pursuit runs through nav::NavPursuitSpace.
nav::Level load_level_of(const PursueOptions& o, const pursuit::BatchSettings* batch = nullptr) {
    nav::NavSettings settings;
    for (const auto& [flag, field, member] : agent_options) {
        if (batch == nullptr || field != "threads") {
            set_if_given(settings, field, o.*member);
        }
    }
    if (batch != nullptr && !o.threads.empty()) {
        // --threads is the batch's ([1, 256]); the navmesh is the same for any build thread count, so its
        // build takes as many as NavSettings allows.
        const double build_max = find_field(settings_description<nav::NavSettings>(), "threads")->range.max;
        settings.threads = std::min(static_cast<double>(batch->threads), build_max);
    }
    require_valid(settings.validate(), pursue_flag_table());
    return load_nav_level(o.map, o.navmesh, settings, levels::default_max_level_bytes);
}

void run_level_pursue(const PursueOptions& o) {
    pursuit::PursuitConfig config = parse_config(o);
    config.map = o.navmesh.empty() ? o.map : o.navmesh;  // as `kinema chase` names it in its JSON
    const pursuit::PursuitScenario scenario = parse_scenario(o, 3);
    const nav::Level level = load_level_of(o);
    nav::PathFinder finder(level);
    nav::NavPursuitSpace space(level, finder);
    require_valid(scenario.validate(space), pursue_flag_table());
    const pursuit::PursuitResult result = pursuit::run_pursuit(space, scenario, config);
    write_outputs(o, space.chase_space(), scenario, config, result,
                  [&](OutputFiles& files, const std::string& title) {
                      add_level_pictures(o, level, scenario, config, result, title, files);
                  });
}

// --batch on a 3D level: one NavPursuitSpace (with its own Detour query) per worker thread over the one
// level; --threads also builds the navmesh (the same navmesh for any thread count).
void run_level_batch(const PursueOptions& o) {
    pursuit::PursuitConfig config = parse_config(o);
    config.map = o.navmesh.empty() ? o.map : o.navmesh;
    const pursuit::BatchSettings settings = parse_batch(o);
    const nav::Level level = load_level_of(o, &settings);
    report_batch(
        o, config, settings, [&level] { return std::make_unique<nav::NavPursuitSpace>(level); }, config.map,
        "cell sizes");
}
#endif

void run_pursue(const PursueOptions& o) {
    // Everything is parsed, checked and computed before any output, so an error leaves no trace.
    if (o.map.empty() && o.navmesh.empty()) {
        throw UsageError("--map: required: a grid level (.map Moving AI, else kinema ASCII)");
    }
    if (!o.navmesh.empty() && !o.map.empty()) {
        throw UsageError("--navmesh: cannot be combined with --map (the navmesh is the level)");
    }
    const bool mesh = !o.navmesh.empty() || is_mesh_path(o.map);
#if !KINEMA_HAVE_RENDER
    if (!o.png.empty() || !o.svg.empty() || !o.animate.empty()) {
        throw UsageError("--png/--svg/--animate: this kinema was built without kinema::render");
    }
#endif
    refuse_foreign_options(o, !o.batch.empty(), mesh);
    refuse_level_options(o, mesh);
    if (!o.batch.empty() && !mesh) {
        run_batch_command(o, levels::load_level(o.map));
    } else if (mesh) {
#if KINEMA_HAVE_NAV
        o.batch.empty() ? run_level_pursue(o) : run_level_batch(o);
#else
        throw UsageError(fmt::format("--map: {} is a 3D level; this kinema was built without kinema::nav",
                                     o.map.empty() ? o.navmesh : o.map));
#endif
    } else {
        run_grid_pursue(o);
    }
}

constexpr const char* pursue_help = R"(
Units: level units (a tile is 1 x 1, x the column, y the row, y down), speeds in level units per second,
angles in degrees (--view-angle is the full cone), times in seconds. The NPC's model runs in its own unit:
--model-scale model units per level unit (default 100: 100 cm per tile for Unreal).

The player starts at the route's first waypoint, runs the straight segments at --player-speed and stands at
the last one; a segment through a wall or exactly through a wall corner is an error naming it. The NPC starts
at --npc facing --npc-dir (default: the player). States: engage (it sees the player: run at them), chase
(sight lost: run to the --strategy's destination: flood | flood-paced | dead-reckoning | breadcrumbs |
last-known), search (arrived without contact: an occupancy map, Isla 2013), gave_up (--search-time over).
The run ends at the first re-acquisition, at gave_up, or at --max-time. --stimulus T,X,Y (repeatable): a
noise at time T re-seeds the chase there (at most max_restarts = 3 times; --set max_restarts=N).

--set NAME=VALUE: spread, rest_speed, contact_range (pursuit), max_restarts (flood), or a field of the NPC's model
(`kinema simulate --help` lists them).

JSON (--json; docs/pursuit.md): settings, frames [{t, state, player, npc, npc_velocity, npc_input,
sees_player}], events [{t, kind, ...}] (lost_sight, chase with the flood's `result` exactly as `kinema chase
--json` prints it, arrived, search, reacquired, stimulus, gave_up), outcome, time_to_reacquire,
npc_distance, destination_changes, max_heading_rate.

3D levels (--map LEVEL.obj or --navmesh FILE, needs kinema::nav; docs/pursuit.md "3D levels"): the navmesh is
built as `kinema chase --map LEVEL.obj` builds it (--agent-*, --tile-size, --threads); points are X,Y,Z in the
mesh's world units, y up (--route X,Y,Z;..., --npc X,Y,Z, --npc-dir DX,DY,DZ, --stimulus T,X,Y,Z). The NPC
moves in x, z and its height follows the navmesh; lines of sight and route segments are Detour raycasts, paths
Detour's straight paths. JSON positions become [x, y, z]. --batch draws its scenarios on Detour's straight paths between random cells
(the NPC starts 3 chase cell sizes behind the player on the path); --threads then also builds the navmesh.)";

}  // namespace

void add_pursue_command(CLI::App& app) {
    auto options = std::make_shared<PursueOptions>();
    CLI::App* cmd = app.add_subcommand(
        "pursue", "A whole pursuit on a grid or 3D level: engage, chase with a strategy, search, give up");
    cmd->footer(pursue_help);
    cmd->add_option("--map", options->map,
                    "Level file (.map Moving AI, .obj 3D level (needs kinema::nav), else kinema ASCII)");
    cmd->add_option(
        "--navmesh", options->navmesh,
        "3D level from a navmesh file (kinema navmesh build; Recast demo layout) instead of --map");
    cmd->add_option("--route", options->route,
                    "The player's route X,Y;X,Y;... (level units; 3D levels X,Y,Z;..., y up)");
    cmd->add_option("--npc", options->npc, "The NPC's start X,Y (3D levels X,Y,Z)");
    cmd->add_option("--npc-dir", options->npc_dir,
                    "The NPC's initial facing DX,DY (3D levels DX,DY,DZ; default: the player)");
    cmd->add_option("--player-speed", options->player_speed,
                    field_help<pursuit::PursuitSettings>("player_speed"));
    cmd->add_option("--npc-model", options->npc_model,
                    "The NPC's movement model: unreal (default), dishonored, crosscode");
    cmd->add_option("--model-scale", options->model_scale,
                    field_help<pursuit::PursuitSettings>("model_scale"));
    cmd->add_option("--set", options->sets, "NAME=VALUE (repeatable; see below)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    cmd->add_option("--hz", options->hz, field_help<pursuit::PursuitSettings>("hz"));
    cmd->add_option("--max-time", options->max_time, field_help<pursuit::PursuitSettings>("max_time"));
    cmd->add_option("--view-range", options->view_range, field_help<pursuit::PursuitSettings>("view_range"));
    cmd->add_option("--view-angle", options->view_angle, field_help<pursuit::PursuitSettings>("view_angle"));
    cmd->add_option("--search-time", options->search_time,
                    field_help<pursuit::PursuitSettings>("search_time"));
    cmd->add_option("--stimulus", options->stimuli,
                    "A noise T,X,Y (s, level units; 3D levels T,X,Y,Z; repeatable)")
        ->type_name("T,X,Y")
        ->allow_extra_args(false);
    cmd->add_option("--strategy", options->strategy, field_help<pursuit::PursuitSettings>("strategy"));
    cmd->add_option("--hot", options->hot, field_help<chase::FloodSettings>("hot"));
    cmd->add_option("--max-heated", options->max_heated, field_help<chase::FloodSettings>("max_heated"));
    cmd->add_option("--max-steps", options->max_steps, field_help<chase::FloodSettings>("max_steps"));
    cmd->add_option("--difficulty", options->difficulty, "Preset 1|2|3: M_S = 20/30/40 (Dishonored 2)");
    // A flag for one pursuit, an option with the report's file for --batch (the issue's two forms).
    CLI::Option* json =
        cmd->add_option("--json", options->json_file,
                        "One pursuit: print it as JSON (fields: see below); --batch: write the "
                        "report to this file")
            ->expected(0, 1)
            ->type_name("[FILE]");
    cmd->add_option("--batch", options->batch, "Compare every strategy on N random scenarios");
    cmd->add_option("--seed", options->seed, field_help<pursuit::BatchSettings>("seed"));
    cmd->add_option(
        "--threads", options->threads,
        "--batch: worker threads, [1, 256] (default: all cores); 3D levels: also the navmesh build's "
        "(at most 64 of them; the navmesh is the same for any count)");
    cmd->add_option("--min-route", options->min_route, field_help<pursuit::BatchSettings>("min_route"));
    cmd->add_option("--csv", options->csv, "--batch: write one row per run to this file");
    cmd->add_option("--png", options->png, "Write the pursuit picture as PNG");
    cmd->add_option("--svg", options->svg, "Write the pursuit picture as SVG");
    cmd->add_option("--animate", options->animate, "Write an animated SVG of the pursuit");
#if KINEMA_HAVE_NAV
    for (const auto& [flag, field, member] : agent_options) {
        if (field != "threads") {
            cmd->add_option(std::string(flag), options.get()->*member,
                            std::string("3D levels: ") + field_help<nav::NavSettings>(field));
        }
    }
#endif
    cmd->callback([options, json] {
        options->json = json->count() > 0;
        run_pursue(*options);
    });
}

}  // namespace kinema::cli
