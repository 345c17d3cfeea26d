// kinema stop: how far a character slides once its input is released -- exactly for the Unreal CMC at a frame
// rate (closed form) or over a recorded frame-time trace, in continuous time, Epic's estimate beside it; any
// model by stepping.
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/report/stop.hpp"
#include "settings_options.hpp"

namespace kinema::cli {

namespace {

using namespace analysis_cli;
using report::StopRow;

// The stepping models' defaults: the sweep's rest speed, so that stop and sweep report the same distances,
// and the library's frame cap (10^6, also the upper bound: 16 rates of a model that never stops take about
// 0.5 s; a run that reaches it is reported as at_limit).
analysis::GenericStopSettings stepping_defaults() {
    analysis::GenericStopSettings limits;
    limits.rest_speed = analysis::SweepSettings{}.rest_speed;
    return limits;
}

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

// The documented ranges of --fps and --speed (docs/errors.md, "Limits"): the library's own.
constexpr double kMinFps = 1.0 / analysis::stop_max_frame_time;
constexpr double kMaxFps = 1.0 / movement::unreal_min_tick_time;
constexpr std::size_t kMaxFpsList = 16;

double parse_fps(const std::string& text, std::string_view flag) {
    return parse_in_range(text, flag, kMinFps, kMaxFps);
}

// The whole list is checked before any work.
std::vector<double> parse_fps_list(const std::string& list) {
    std::vector<double> out;
    for (const std::string& part : split(list, ',')) {
        out.push_back(parse_fps(part, "--fps-list"));
    }
    if (out.size() > kMaxFpsList) {
        throw UsageError(fmt::format("--fps-list: at most {} frame rates, got {}", kMaxFpsList, out.size()));
    }
    return out;
}

// The stop over the frame times of a trace file (`--trace`), beside the constant rate of the trace's mean
// frame time (docs/analysis.md "Stop over a recorded frame-time trace").
report::TraceStop compute_trace_stop(const std::string& path, const movement::UnrealSettings& s, double v0) {
    report::TraceStop t;
    t.trace = path;
    const std::vector<double> frame_times = movement::read_frame_times(path);  // CsvError names FILE:LINE
    t.trace_frames = frame_times.size();
    try {
        t.mean_frame_time = analysis::mean_frame_time(frame_times);
        t.exact = analysis::unreal_stop_trace(s, v0, frame_times);
        t.at_mean = analysis::unreal_stop(s, v0, t.mean_frame_time);
    } catch (const SettingsError& e) {
        // E.g. a last frame time below the engine's 1e-6 s minimum tick: it would repeat forever.
        throw UsageError(fmt::format("--trace: {}: {}", path, e.what()));
    }
    return t;
}

// What every Unreal stop report shows: the braking, Epic's estimate and the continuous limit.
struct UnrealStop {
    report::UnrealStopBasics basics;
    std::string header;
};

void run_unreal_trace(const StopOptions& o, const movement::UnrealSettings& s, double v0,
                      const UnrealStop& u) {
    const report::TraceStop t = compute_trace_stop(o.trace, s, v0);
    const analysis::StopPrediction& cont = u.basics.continuous;
    const std::string& header = u.header;
    const std::size_t recorded = t.trace_frames;
    if (o.json) {
        fmt::print("{}", report::unreal_stop_trace_json(u.basics, t));
        return;
    }
    std::string out = fmt::format("{} over the frame times of {} ({} rows)\n", header, o.trace, recorded);
    if (!t.exact.stops) {
        out += "  never stops: no braking friction and no braking deceleration\n";
        fmt::print("{}", out);
        return;
    }
    out += fmt::format("  exact over the trace: {:.6f} cm, {} frames, {:.6f} s{}\n", t.exact.distance,
                       t.exact.frames, t.exact.time,
                       t.exact.frames > static_cast<std::int64_t>(recorded)
                           ? " (the last frame time repeated after the trace)"
                           : "");
    out +=
        fmt::format("  constant mean rate ({:.6f} s, {:.2f} fps): {:.6f} cm, {} frames (error {:+.6f} cm)\n",
                    t.mean_frame_time, 1.0 / t.mean_frame_time, t.at_mean.distance, t.at_mean.frames,
                    t.at_mean.distance - t.exact.distance);
    out += fmt::format("  continuous limit: {} cm\n",
                       cont.stops ? fmt::format("{:.6f}", cont.distance) : "never stops");
    fmt::print("{}", out);
}

UnrealStop unreal_stop_basics(const movement::UnrealSettings& s, double v0) {
    UnrealStop u;
    report::UnrealStopBasics& b = u.basics;
    b.speed = v0;
    b.braking = analysis::unreal_braking(s);
    b.epic_distance = analysis::epic_stop_distance(b.braking.friction, b.braking.deceleration, v0);
    b.continuous = analysis::unreal_stop_continuous(s, v0);
    u.header = fmt::format("Unreal CMC stop from {} cm/s (beta = {} 1/s, a_B = {} cm/s^2)", text(v0),
                           text(b.braking.friction), text(b.braking.deceleration));
    return u;
}

// --pivot: the input reverses at full strength: where does the character turn round? (unreal-cmc.md
// section 6.2)
void print_unreal_pivot(const StopOptions& o, const movement::UnrealSettings& s, double v0) {
    const double fps = parse_fps(o.fps, "--fps");
    if (v0 > s.max_walk_speed) {
        throw UsageError(fmt::format("--speed: --pivot needs a speed <= max_walk_speed ({}), got {}",
                                     text(s.max_walk_speed), text(v0)));
    }
    if (!(s.max_acceleration > 0.0)) {
        throw UsageError("--set: --pivot needs max_acceleration > 0");
    }
    const analysis::StopPrediction p = analysis::unreal_pivot(s, v0, 1.0 / fps);
    const double epic_pivot =
        length(analysis::epic_pivot_location({-s.max_acceleration, 0.0}, {v0, 0.0}, s.ground_friction));
    if (o.json) {
        fmt::print("{}", report::unreal_pivot_json({v0, fps, p, epic_pivot}));
        return;
    }
    fmt::print("Unreal CMC pivot from {} cm/s at {} fps (input reversed, A = {} cm/s^2, F = {} 1/s)\n",
               text(v0), text(fps), text(s.max_acceleration), text(s.ground_friction));
    fmt::print("  exact: turns round after {:.6f} cm, velocity points back in frame {}\n", p.distance,
               p.frames);
    fmt::print("  Epic's PredictGroundMovementPivotLocation: {:.6f} cm (error {:+.6f} cm)\n", epic_pivot,
               epic_pivot - p.distance);
}

// --table: exact vs Epic vs continuous at every frame rate of --fps-list.
void print_unreal_table(const StopOptions& o, const movement::UnrealSettings& s, double v0,
                        const UnrealStop& u) {
    const double epic = u.basics.epic_distance;
    const analysis::StopPrediction& cont = u.basics.continuous;
    const std::string& header = u.header;
    std::vector<StopRow> rows;
    for (const double fps : parse_fps_list(o.fps_list)) {
        rows.push_back({fps, analysis::unreal_stop(s, v0, 1.0 / fps)});
    }
    if (o.json) {
        fmt::print("{}", report::unreal_stop_table_json(u.basics, rows));
        return;
    }
    std::string out = header + "\n";
    out += fmt::format("Epic's PredictGroundMovementStopLocation: {:.4f} cm; continuous limit: {} cm\n", epic,
                       cont.stops ? fmt::format("{:.4f}", cont.distance) : "never stops");
    out += fmt::format("{:>7} {:>11} {:>7} {:>9} {:>11} {:>8} {:>11} {:>8}\n", "fps", "exact cm", "frames",
                       "time s", "Epic err", "Epic %", "cont. err", "cont. %");
    for (const StopRow& r : rows) {
        const double d = r.prediction.distance;
        auto pct = [&](double err) { return d > 0.0 ? fmt::format("{:+.1f}", 100.0 * err / d) : "-"; };
        out += fmt::format("{:>7} {:>11.4f} {:>7} {:>9.4f} {:>+11.4f} {:>8} {:>+11.4f} {:>8}\n", text(r.fps),
                           d, r.prediction.frames, r.prediction.time, epic - d, pct(epic - d),
                           cont.distance - d, pct(cont.distance - d));
    }
    fmt::print("{}", out);
}

// --continuous: continuous time.
void print_unreal_continuous(const StopOptions& o, const UnrealStop& u) {
    const double epic = u.basics.epic_distance;
    const analysis::StopPrediction& cont = u.basics.continuous;
    const std::string& header = u.header;
    if (o.json) {
        fmt::print("{}", report::unreal_stop_continuous_json(u.basics));
        return;
    }
    fmt::print("{}, continuous time (dv/dt = -(a_B + beta v))\n", header);
    if (cont.stops) {
        fmt::print("  distance {:.6f} cm, time {:.6f} s\n", cont.distance, cont.time);
    } else {
        fmt::print("  never stops (limit distance {} cm)\n", text(cont.distance));
    }
    fmt::print("  Epic's estimate {:.6f} cm (error {:+.6f} cm)\n", epic, epic - cont.distance);
}

// One frame rate (--fps).
void print_unreal_fps(const StopOptions& o, const movement::UnrealSettings& s, double v0,
                      const UnrealStop& u) {
    const double epic = u.basics.epic_distance;
    const analysis::StopPrediction& cont = u.basics.continuous;
    const double fps = parse_fps(o.fps, "--fps");
    const analysis::StopPrediction p = analysis::unreal_stop(s, v0, 1.0 / fps);
    if (o.json) {
        fmt::print("{}", report::unreal_stop_json(u.basics, {fps, p}));
        return;
    }
    fmt::print("{} at {} fps\n", u.header, text(fps));
    if (!p.stops) {
        fmt::print("  never stops: no braking friction and no braking deceleration\n");
        return;
    }
    fmt::print("  exact: {:.6f} cm, {} frames ({:.6f} s)\n", p.distance, p.frames, p.time);
    fmt::print("  Epic's estimate: {:.6f} cm (error {:+.6f} cm)\n", epic, epic - p.distance);
    fmt::print("  continuous limit: {} cm\n",
               cont.stops ? fmt::format("{:.6f}", cont.distance) : "never stops");
}

void run_unreal(const StopOptions& o, const movement::UnrealSettings& s, double v0) {
    const UnrealStop u = unreal_stop_basics(s, v0);
    if (!o.trace.empty()) {
        run_unreal_trace(o, s, v0, u);
    } else if (o.pivot) {
        print_unreal_pivot(o, s, v0);
    } else if (o.table) {
        print_unreal_table(o, s, v0, u);
    } else if (o.continuous) {
        print_unreal_continuous(o, u);
    } else {
        print_unreal_fps(o, s, v0, u);
    }
}

void run_generic(const StopOptions& o, const movement::AnyModel& model, double v0) {
    if (o.continuous) {
        throw UsageError("--continuous: only the unreal model has a continuous stop model here");
    }
    if (o.pivot) {
        throw UsageError("--pivot: only the unreal model has a pivot prediction here");
    }
    if (!o.trace.empty()) {
        throw UsageError("--trace: only the unreal model has an exact stop over a frame-time trace");
    }
    analysis::GenericStopSettings limits = stepping_defaults();
    o.flags.apply(limits);
    o.flags.require_valid(limits.validate());
    std::vector<double> fps_values;
    if (o.table) {
        fps_values = parse_fps_list(o.fps_list);
    } else {
        fps_values.push_back(parse_fps(o.fps, "--fps"));
    }
    std::vector<StopRow> rows;
    for (const double fps : fps_values) {
        rows.push_back({fps, analysis::predict_stop_by_stepping(model, {v0, 0.0}, 1.0 / fps, limits)});
    }
    const std::string unit(movement::length_unit(model));
    if (o.json) {
        fmt::print("{}", report::stepped_stop_json({movement::model_name(model), movement::length_unit(model),
                                                    v0, limits.rest_speed, rows, o.table}));
        return;
    }
    std::string out = fmt::format("{} stop from {} {}/s by stepping with zero input (rest at <= {} {}/s)\n",
                                  movement::model_name(model), text(v0), unit, text(limits.rest_speed), unit);
    out +=
        fmt::format("{:>7} {:>12} {:>9} {:>10}\n", "fps", fmt::format("dist {}", unit), "frames", "time s");
    for (const StopRow& r : rows) {
        const analysis::StopPrediction& p = r.prediction;
        if (p.stops) {
            out +=
                fmt::format("{:>7} {:>12.4f} {:>9} {:>10.4f}\n", text(r.fps), p.distance, p.frames, p.time);
        } else {
            out += fmt::format("{:>7} {:>12} {:>9} {:>10}\n", text(r.fps), "no stop", p.frames, "-");
        }
    }
    fmt::print("{}", out);
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
        for (const std::string_view field : {"rest_speed", "max_frames"}) {
            if (o.flags.given(field)) {
                throw UsageError(fmt::format("{}: only the stepping models use it (unreal's stop is exact)",
                                             flag_of_field(field, kStopRenames)));
            }
        }
        run_unreal(o, *unreal, v0);
    } else {
        run_generic(o, model, v0);
    }
}

}  // namespace

void add_stop_command(CLI::App& app) {
    auto o = std::make_shared<StopOptions>();
    CLI::App* cmd = app.add_subcommand("stop", "Stop distance, time and frames after the input is released");
    add_model_options(cmd, o->model,
                      "unreal (exact closed form, default) | dishonored | crosscode (stepping)");
    o->flags.add(cmd, "speed", "starting speed in the model's length unit per second, [0, 1e6]")
        ->type_name("V");
    CLI::Option* fps = cmd->add_option("--fps", o->fps, "constant frame rate, [0.1, 1e6]")->type_name("FPS");
    CLI::Option* cont =
        cmd->add_flag("--continuous", o->continuous, "continuous time instead of a frame rate");
    CLI::Option* table =
        cmd->add_flag("--table", o->table, "exact vs Epic vs continuous at every frame rate of --fps-list");
    cmd->add_option("--fps-list", o->fps_list, "frame rates for --table (at most 16, each [0.1, 1e6])")
        ->type_name("LIST")
        ->capture_default_str();
    const analysis::GenericStopSettings limits = stepping_defaults();
    const SettingsDescription& stepping = settings_description<analysis::GenericStopSettings>();
    o->flags.add_field(cmd, stepping, &limits, "rest_speed", "stepping models: ")->type_name("V");
    o->flags.add_field(cmd, stepping, &limits, "max_frames", "stepping models: ")->type_name("N");
    CLI::Option* pivot =
        cmd->add_flag("--pivot", o->pivot, "unreal: where a reversed input turns the character round");
    CLI::Option* trace =
        cmd->add_option("--trace", o->trace,
                        "unreal: exact stop over the frame times of a CSV file (column dt, one row per "
                        "frame), beside the constant rate of their mean")
            ->type_name("FILE.csv");
    trace->excludes(fps)->excludes(cont)->excludes(table)->excludes(pivot);
    pivot->excludes(cont)->excludes(table);
    fps->excludes(cont);
    table->excludes(fps)->excludes(cont);
    cmd->add_flag("--json", o->json, "print JSON");
    cmd->footer(
        "Unreal: cm, cm/s, s. beta = braking friction x braking_friction_factor, a_B = "
        "braking_deceleration_walking.\n"
        "--trace FILE.csv: a header row naming a column dt (s, > 0), one frame per row, other columns "
        "ignored;\n"
        "  when the character still moves after the last row, the last dt repeats. JSON adds: trace, "
        "trace_frames,\n"
        "  stops, distance (cm), time (s), frames (the exact stop over the trace), repeats_last_frame_time,\n"
        "  mean_frame_time (s), mean_fps, mean_rate {stops, distance, time, frames} (unreal_stop at the mean "
        "frame\n"
        "  time), mean_rate_error (cm, mean rate - exact), continuous_distance (cm).\n"
        "Example: kinema stop --model unreal --speed 600 --fps 60\n"
        "         kinema stop --model unreal --speed 600 --trace frame_times.csv");
    // Library checks name their arguments; the message names the flag instead.
    cmd->callback([o] { o->flags.name_errors([&] { run_stop(*o); }); });
}

}  // namespace kinema::cli
