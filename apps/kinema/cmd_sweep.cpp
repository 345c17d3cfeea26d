// kinema sweep: frame-rate dependence of each movement model -- top speed, time to 90 % of it, stop distance
// and full-speed turn rate across frame rates, beside the continuous-time limit; table, CSV or JSON, and a
// chart (PNG/SVG) with one line per model. `--model morrowind` sweeps a Morrowind jump against OpenMW's
// physics rate instead: apex height, airtime and distance beside the continuous limit.
#include <algorithm>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/analysis/frame_rates.hpp"
#include "kinema/analysis/morrowind_sweep.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/report/morrowind.hpp"
#include "kinema/report/sweep.hpp"
#include "morrowind_options.hpp"
#include "settings_options.hpp"

namespace kinema::cli {

namespace {

using Metric = report::SweepMetric;
using report::FlightMetric;

// The physics rate and the library's arguments, and the flags they are typed as.
constexpr FieldFlag kSweepRenames[] = {{"physics_rate", "--fps"}, {"frame_time", "--fps"},
                                       {"fps", "--fps"},          {"fps_from", "--fps-from"},
                                       {"fps_to", "--fps-to"},    {"fps_step", "--fps-step"}};

struct SweepOptions {
    FlagBinder flags{kSweepRenames};  // --rest-speed, --frame-rate, --max-steps-per-frame, --max-time
    ModelOptions model;
    std::vector<std::string> metrics;
    std::string fps_from = "5";
    std::string fps_to = "240";
    std::string fps_step = "1";
    std::string fps;
    analysis_cli::ChartFiles chart;
    bool csv = false;
    bool json = false;
    bool fps_range_given = false;  // --fps-from, --fps-to or --fps-step typed
    // --model morrowind.
    MorrowindArgs morrowind;
    std::string drop = "0";
    std::string morrowind_flag_given;  // the first Morrowind option typed, for the error without it
};

// ---- --model morrowind: the physics-rate sweep of one jump ------------------------------------------------

// The metrics --metric names (report::sweep_metrics_named, flight_metrics_named), an unknown one named in
// the message with `context` after it.
template <class Choose>
auto chosen_metrics(Choose choose, const std::vector<std::string>& names, std::string_view context) {
    try {
        return choose(names);
    } catch (const report::UnknownMetric& e) {
        throw UsageError(
            fmt::format("--metric: unknown metric '{}'{}; valid metrics: {}", e.name, context, e.valid));
    }
}

// The rates a sweep takes: [sweep_min_fps, sweep_max_fps]. A Morrowind sweep's rates are physics rates too
// (MorrowindPhysicsSettings::physics_rate, [1, 10000]), so its range is the overlap of the two, named in one
// message ("[1, 1000] for --model morrowind") rather than whichever of the two ranges a rate missed: every
// rate it takes is then a valid physics rate.
constexpr analysis::RateLimits morrowind_rate_limits{1.0, analysis::sweep_max_fps, analysis::sweep_max_rates,
                                                     " for --model morrowind"};

// The frame (or physics) rates of a sweep: --fps LIST, else the --fps-from/--fps-to/--fps-step range -- its
// defaults too, unless `defaults` is given and no range flag was typed. The library checks the whole list
// before any work (analysis::read_sweep_rates; docs/errors.md, "Limits").
std::vector<double> frame_rates(const SweepOptions& o, std::span<const double> defaults = {},
                                const analysis::RateLimits& limits = {}) {
    if (o.fps.empty() && !defaults.empty() && !o.fps_range_given) {
        return {defaults.begin(), defaults.end()};
    }
    return analysis::read_sweep_rates({o.fps, o.fps_from, o.fps_to, o.fps_step},
                                      {"--fps", "--fps-from", "--fps-to", "--fps-step"}, limits);
}

void run_morrowind_sweep(const SweepOptions& o) {
    // Everything is parsed and checked before any output.
    if (o.flags.given("rest_speed")) {
        throw UsageError("--rest-speed: not used with --model morrowind");
    }
    MorrowindArgs args = o.morrowind;
    args.sets = o.model.sets;  // sweep's --set: MorrowindSettings fields, as `kinema morrowind --set`
    const MorrowindInputs in = morrowind_inputs(args);
    const Vec2 direction = parse_vec2(args.direction, "--direction");
    const double drop = parse_number(o.drop, "--drop");
    const std::vector<const FlightMetric*> metrics =
        chosen_metrics(report::flight_metrics_named, o.metrics, " for --model morrowind");
    const std::vector<double> rates =
        frame_rates(o, analysis::morrowind_default_rates(), morrowind_rate_limits);
    movement::MorrowindPhysicsSettings physics;  // its physics_rate is each of `rates` in turn
    o.flags.apply(physics);
    o.flags.require_valid(physics.validate());
    o.chart.check_render_available();
    constexpr FieldFlag kLaunchFlags[] = {{"drop", "--drop"}, {"max_time", "--max-time"}};
    report::MorrowindJumpSweep jump;
    name_take_off_errors(args, kLaunchFlags, [&] {
        jump = report::sweep_morrowind_jump(in.model, in.actor, in.stance, direction, drop, rates, physics);
    });
    const analysis::MorrowindRateSweep& sweep = jump.sweep;
    const std::string out =
        o.json  ? report::morrowind_sweep_json(jump.setup, sweep, metrics)
        : o.csv ? report::morrowind_sweep_csv(sweep, metrics)
                : report::morrowind_sweep_text(jump.setup, sweep, metrics,
                                               report::describe_morrowind_actor(in.actor, in.model));
    o.chart.write([&] { return report::morrowind_sweep_chart(sweep, metrics); });
    fmt::print("{}", out);
}

// The swept models: --model (repeatable, or all), each with --set applied (one model only).
std::vector<movement::AnyModel> sweep_models(const SweepOptions& o) {
    std::vector<std::string> names =
        o.model.models.empty() ? std::vector<std::string>{"all"} : o.model.models;
    if (std::find(names.begin(), names.end(), "all") != names.end()) {
        if (names.size() > 1) {
            throw UsageError("--model: 'all' cannot be combined with other models");
        }
        names.assign(movement::model_names.begin(), movement::model_names.end());
    }
    if (!o.model.sets.empty() && names.size() != 1) {
        throw UsageError("--set: needs exactly one --model");
    }
    std::vector<movement::AnyModel> models;
    for (const std::string& name : names) {
        models.push_back(model_from_options(name, o.model.sets));
    }
    return models;
}

// --rest-speed ends the stepped stops of the models without a snap (Dishonored, CrossCode): with none of
// them, or without the stop distance, it would change nothing.
void refuse_unused_rest_speed(const SweepOptions& o, const std::vector<movement::AnyModel>& models,
                              const std::vector<const Metric*>& metrics) {
    if (!o.flags.given("rest_speed")) {
        return;
    }
    if (std::all_of(models.begin(), models.end(), [](const movement::AnyModel& m) {
            return std::holds_alternative<movement::UnrealSettings>(m);
        })) {
        throw UsageError(
            "--rest-speed: has no effect with --model unreal (its stop is exact; the stepping models "
            "dishonored and crosscode use it)");
    }
    if (std::none_of(metrics.begin(), metrics.end(),
                     [](const Metric* m) { return std::string_view(m->name) == "stop_distance"; })) {
        throw UsageError("--rest-speed: has no effect without --metric stop_distance (it ends the stop)");
    }
}

void run_sweep(const SweepOptions& o) {
    if (std::find(o.model.models.begin(), o.model.models.end(), "morrowind") != o.model.models.end()) {
        if (o.model.models.size() != 1) {
            throw UsageError(
                "--model: morrowind is swept against the physics rate; give it as the only --model");
        }
        run_morrowind_sweep(o);
        return;
    }
    if (!o.morrowind_flag_given.empty()) {
        throw UsageError(fmt::format("{}: only with --model morrowind", o.morrowind_flag_given));
    }
    // Everything is parsed and checked before any output.
    const std::vector<movement::AnyModel> models = sweep_models(o);
    const std::vector<const Metric*> metrics = chosen_metrics(report::sweep_metrics_named, o.metrics, "");
    const std::vector<double> fps = frame_rates(o);
    analysis::SweepSettings settings;
    o.flags.apply(settings);
    o.flags.require_valid(settings.validate());
    refuse_unused_rest_speed(o, models, metrics);
    o.chart.check_render_available();

    std::vector<analysis::SweepResult> results;
    for (const movement::AnyModel& m : models) {
        results.push_back(analysis::sweep(m, fps, settings));
    }
    const std::string out = o.json  ? report::sweep_json(results, metrics, settings.rest_speed)
                            : o.csv ? report::sweep_csv(results, metrics)
                                    : report::sweep_text(results, metrics, settings.rest_speed);
    o.chart.write([&] { return report::sweep_chart(results, metrics); });
    fmt::print("{}", out);
}

}  // namespace

void add_sweep_command(CLI::App& app) {
    auto o = std::make_shared<SweepOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sweep",
        "Frame-rate sweep: top speed, time to 90%, stop distance, turn rate vs the continuous limit");
    add_model_options(cmd, o->model,
                      "dishonored | crosscode | unreal | all (repeatable; default all) | morrowind (alone)");
    cmd->add_option("--metric", o->metrics, "top_speed | time_to_90 | stop_distance | turn_rate (repeatable)")
        ->type_name("METRIC");
    CLI::Option* from =
        typed(cmd->add_option("--fps-from", o->fps_from, "first frame rate, [0.1, 1000]"), ValueKind::number)
            ->capture_default_str();
    CLI::Option* to =
        typed(cmd->add_option("--fps-to", o->fps_to, "last frame rate, [0.1, 1000]"), ValueKind::number)
            ->capture_default_str();
    CLI::Option* step =
        typed(cmd->add_option("--fps-step", o->fps_step, "frame-rate step"), ValueKind::number)
            ->capture_default_str();
    CLI::Option* list =
        typed(cmd->add_option("--fps", o->fps,
                              "explicit frame rates, e.g. 30,60,144 (at most 1000, each [0.1, 1000])"),
              ValueKind::number_list);
    list->excludes(from)->excludes(to)->excludes(step);
    o->flags.add_field<analysis::SweepSettings>(cmd, "rest_speed");
    CLI::Option* csv = cmd->add_flag("--csv", o->csv, "print CSV");
    CLI::Option* json = cmd->add_flag("--json", o->json, "print JSON");
    csv->excludes(json);
    o->chart.add_options(cmd, "the chart");
    CLI::Option_group* mw = cmd->add_option_group(
        "Morrowind (--model morrowind)",
        "one jump, as `kinema morrowind jump` takes it, stepped at each physics rate (--fps LIST or the "
        "--fps-from/--fps-to/--fps-step range, default 5..240 Hz); --set takes MorrowindSettings fields");
    add_morrowind_options(mw, o->morrowind, true, false);
    typed(mw->add_option("--direction", o->morrowind.direction,
                         "ground movement direction X,Y at take-off and held in the air; 0,0 = standing"),
          ValueKind::point2)
        ->capture_default_str();
    typed(mw->add_option("--drop", o->drop,
                         "how far below the take-off height the landing ground lies, u, [-1e9, 1e9]"),
          ValueKind::number)
        ->capture_default_str();
    o->flags.add_fields<movement::MorrowindPhysicsSettings>(
        mw, {"frame_rate", "max_steps_per_frame", "max_time"});
    cmd->footer(help_page("sweep"));
    // Library checks name their arguments; the message names the flag instead.
    cmd->callback([o, cmd, from, to, step, mw] {
        o->chart.inputs = input_files(*cmd);
        o->fps_range_given = from->count() + to->count() + step->count() > 0;
        for (const CLI::Option* option : mw->get_options()) {
            if (option->count() > 0) {
                o->morrowind_flag_given = option->get_name();
                break;
            }
        }
        o->flags.name_errors([&] { run_sweep(*o); });
    });
}

}  // namespace kinema::cli
