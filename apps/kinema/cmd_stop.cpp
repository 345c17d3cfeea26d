// kinema stop: how far a character slides once its input is released -- exactly for the Unreal CMC at a frame
// rate (closed form) or over a recorded frame-time trace, in continuous time, Epic's estimate beside it; any
// model by stepping.
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/analysis/frame_rates.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/report/stop.hpp"
#include "kinema/report/text.hpp"
#include "settings_options.hpp"

namespace kinema::cli {

namespace {

using namespace analysis_cli;

// The library's frame time is typed as a rate.
constexpr FieldFlag kStopRenames[] = {{"frame_time", "--fps"}};

struct StopOptions {
    FlagBinder flags{kStopRenames};  // --speed, --rest-speed, --max-frames
    ModelOptions model;
    std::string fps;
    std::string fps_list = "10,15,20,30,60,120,144,240,1000";
    std::string trace;
    bool continuous = false;
    bool pivot = false;
    bool table = false;
    bool json = false;
};

// The documented ranges of --fps and --fps-list (docs/errors.md, "Limits"): the library's own. The whole list
// is checked before any work (analysis::read_rate_list).
constexpr analysis::RateLimits kStopRates{
    .min = 1.0 / analysis::stop_max_frame_time, .max = 1.0 / movement::unreal_min_tick_time, .max_count = 16};

// The Unreal model's question: --trace (docs/analysis.md "Stop over a recorded frame-time trace"), --pivot
// (the input reverses at full strength: where does the character turn round?), --table (every rate of
// --fps-list), --continuous, or one --fps.
std::string unreal_text(const StopOptions& o, const movement::UnrealSettings& s, double v0) {
    report::UnrealStopQuery query;
    if (!o.trace.empty()) {
        query.trace = o.trace;
        query.frame_times = movement::read_frame_times(o.trace);  // CsvError names FILE:LINE
        try {
            return report::unreal_stop_report(s, v0, query, o.json);
        } catch (const SettingsError& e) {
            // E.g. a last frame time below the engine's 1e-6 s minimum tick: it would repeat forever.
            throw UsageError(fmt::format("--trace: {}: {}", o.trace, e.what()));
        }
    }
    if (o.pivot) {
        query.pivot = true;
        query.fps = analysis::read_rate(o.fps, "--fps", kStopRates);
        if (v0 > s.max_walk_speed) {
            throw UsageError(fmt::format("--speed: --pivot needs a speed <= max_walk_speed ({}), got {}",
                                         report::number_text(s.max_walk_speed), report::number_text(v0)));
        }
        if (!(s.max_acceleration > 0.0)) {
            throw UsageError("--set: --pivot needs max_acceleration > 0");
        }
    } else if (!o.continuous) {
        (void)report::unreal_stop_basics(s, v0);  // a braking too weak to predict: refused before the rates
        if (o.table) {
            query.table = analysis::read_rate_list(o.fps_list, "--fps-list", kStopRates);
        } else {
            query.fps = analysis::read_rate(o.fps, "--fps", kStopRates);
        }
    }
    return report::unreal_stop_report(s, v0, query, o.json);
}

std::string stepped_text(const StopOptions& o, const movement::AnyModel& model, double v0) {
    if (o.continuous) {
        throw UsageError("--continuous: only the unreal model has a continuous stop model here");
    }
    if (o.pivot) {
        throw UsageError("--pivot: only the unreal model has a pivot prediction here");
    }
    if (!o.trace.empty()) {
        throw UsageError("--trace: only the unreal model has an exact stop over a frame-time trace");
    }
    analysis::GenericStopSettings limits = report::stepped_stop_defaults();
    o.flags.apply(limits);
    o.flags.require_valid(limits.validate());
    const std::vector<double> fps =
        o.table ? analysis::read_rate_list(o.fps_list, "--fps-list", kStopRates)
                : std::vector<double>{analysis::read_rate(o.fps, "--fps", kStopRates)};
    const report::SteppedStop stop = report::stepped_stop(model, v0, fps, limits, o.table);
    return o.json ? report::stepped_stop_json(stop) : report::stepped_stop_text(stop);
}

void run_stop(const StopOptions& o) {
    const movement::AnyModel model = model_from_options(single_model(o.model, "unreal"), o.model.sets);
    if (!o.flags.given("speed")) {
        throw UsageError("--speed: required");
    }
    const double v0 = parse_in_range(o.flags.text("speed"), "--speed", 0.0, analysis::stop_max_speed);
    if (o.pivot && o.fps.empty()) {
        throw UsageError("--fps: required with --pivot");
    }
    if (!o.table && !o.continuous && o.trace.empty() && o.fps.empty()) {
        throw UsageError("--fps: required (or --continuous, or --table)");
    }
    if (const auto* unreal = std::get_if<movement::UnrealSettings>(&model)) {
        refuse_given({o.flags.given_flag("rest_speed"), o.flags.given_flag("max_frames")},
                     "only the stepping models use it (unreal's stop is exact)");
        fmt::print("{}", unreal_text(o, *unreal, v0));
    } else {
        fmt::print("{}", stepped_text(o, model, v0));
    }
}

}  // namespace

void add_stop_command(CLI::App& app) {
    auto o = std::make_shared<StopOptions>();
    CLI::App* cmd = app.add_subcommand("stop", "Stop distance, time and frames after the input is released");
    add_model_options(cmd, o->model,
                      "unreal (exact closed form, default) | dishonored | crosscode (stepping)");
    o->flags.add(cmd, "speed", "starting speed in the model's length unit per second, [0, 1e6]",
                 ValueKind::number);
    CLI::Option* fps =
        typed(cmd->add_option("--fps", o->fps, "constant frame rate, [0.1, 1e6]"), ValueKind::number);
    CLI::Option* cont =
        cmd->add_flag("--continuous", o->continuous, "continuous time instead of a frame rate");
    CLI::Option* table =
        cmd->add_flag("--table", o->table, "exact vs Epic vs continuous at every frame rate of --fps-list");
    typed(cmd->add_option("--fps-list", o->fps_list, "frame rates for --table (at most 16, each [0.1, 1e6])"),
          ValueKind::number_list)
        ->capture_default_str();
    o->flags.add_fields<analysis::GenericStopSettings>(cmd, {"rest_speed", "max_frames"},
                                                       "stepping models: ", report::stepped_stop_defaults());
    CLI::Option* pivot =
        cmd->add_flag("--pivot", o->pivot, "unreal: where a reversed input turns the character round");
    CLI::Option* trace =
        add_file_option(cmd, "--trace", o->trace,
                        "unreal: exact stop over the frame times of a CSV file (column dt, one row per "
                        "frame), beside the constant rate of their mean");
    trace->excludes(fps)->excludes(cont)->excludes(table)->excludes(pivot);
    pivot->excludes(cont)->excludes(table);
    fps->excludes(cont);
    table->excludes(fps)->excludes(cont);
    cmd->add_flag("--json", o->json, "print JSON");
    cmd->footer(help_page("stop"));
    // Library checks name their arguments; the message names the flag instead.
    cmd->callback([o] { o->flags.name_errors([&] { run_stop(*o); }); });
}

}  // namespace kinema::cli
