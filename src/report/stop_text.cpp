// `kinema stop`'s answers composed from the analysis part, and their human text.
#include <cstdint>
#include <iterator>
#include <utility>

#include <fmt/format.h>

#include "kinema/report/stop.hpp"
#include "kinema/report/text.hpp"

namespace kinema::report {
namespace {

// A distance, or "never stops" when the motion has no end.
std::string distance_or_never(const analysis::StopPrediction& p, int decimals) {
    return p.stops ? fmt::format("{:.{}f}", p.distance, decimals) : "never stops";
}

// Epic's error as a share of the exact distance; "-" where there is no distance to share.
std::string percent_of(double error, double distance) {
    return distance > 0.0 ? fmt::format("{:+.1f}", 100.0 * error / distance) : "-";
}

constexpr const char* kNeverStops = "  never stops: no braking friction and no braking deceleration\n";

// Why a prediction has no stop: no braking at all, or (issue 40: a braking friction of 1e-6 1/s alone at
// 10^-6 s frames) more frames than the exact predictor steps, which this line said was no braking.
std::string no_stop_text(const analysis::StopPrediction& p) {
    return p.at_limit ? fmt::format(
                            "  does not stop within {} frames (the predictor's bound): the braking is "
                            "too weak at this frame rate\n",
                            p.frames)
                      : kNeverStops;
}

}  // namespace

UnrealStopBasics unreal_stop_basics(const movement::UnrealSettings& settings, double speed) {
    UnrealStopBasics b;
    b.speed = speed;
    b.braking = analysis::unreal_braking(settings);
    b.epic_distance = analysis::epic_stop_distance(b.braking.friction, b.braking.deceleration, speed);
    b.continuous = analysis::unreal_stop_continuous(settings, speed);
    return b;
}

std::vector<StopRow> unreal_stop_rows(const movement::UnrealSettings& settings, double speed,
                                      std::span<const double> fps) {
    std::vector<StopRow> rows;
    for (const double rate : fps) {
        rows.push_back({rate, analysis::unreal_stop(settings, speed, 1.0 / rate)});
    }
    return rows;
}

TraceStop unreal_trace_stop(const movement::UnrealSettings& settings, double speed, std::string trace,
                            std::span<const double> frame_times) {
    TraceStop t;
    t.trace = std::move(trace);
    t.trace_frames = frame_times.size();
    t.mean_frame_time = analysis::mean_frame_time(frame_times);
    t.exact = analysis::unreal_stop_trace(settings, speed, frame_times);
    t.at_mean = analysis::unreal_stop(settings, speed, t.mean_frame_time);
    return t;
}

PivotStop unreal_pivot_stop(const movement::UnrealSettings& settings, double speed, double fps) {
    PivotStop p;
    p.speed = speed;
    p.fps = fps;
    p.pivot = analysis::unreal_pivot(settings, speed, 1.0 / fps);
    p.epic_distance = length(analysis::epic_pivot_location({-settings.max_acceleration, 0.0}, {speed, 0.0},
                                                           settings.ground_friction));
    p.max_acceleration = settings.max_acceleration;
    p.ground_friction = settings.ground_friction;
    return p;
}

analysis::GenericStopSettings stepped_stop_defaults() {
    analysis::GenericStopSettings limits;
    limits.rest_speed = analysis::SweepSettings{}.rest_speed;
    return limits;
}

SteppedStop stepped_stop(const movement::AnyModel& model, double speed, std::span<const double> fps,
                         const analysis::GenericStopSettings& limits, bool table) {
    SteppedStop stop{
        movement::model_name(model), movement::length_unit(model), speed, limits.rest_speed, {}, table};
    for (const double rate : fps) {
        stop.rows.push_back(
            {rate, analysis::predict_stop_by_stepping(model, {speed, 0.0}, 1.0 / rate, limits)});
    }
    return stop;
}

std::string unreal_stop_heading(const UnrealStopBasics& basics) {
    return fmt::format("Unreal CMC stop from {} cm/s (beta = {} 1/s, a_B = {} cm/s^2)",
                       number_text(basics.speed), number_text(basics.braking.friction),
                       number_text(basics.braking.deceleration));
}

std::string unreal_stop_text(const UnrealStopBasics& basics, const StopRow& at_fps) {
    const analysis::StopPrediction& p = at_fps.prediction;
    std::string out = fmt::format("{} at {} fps\n", unreal_stop_heading(basics), number_text(at_fps.fps));
    if (!p.stops) {
        return out + no_stop_text(p);
    }
    out += fmt::format("  exact: {:.6f} cm, {} frames ({:.6f} s)\n", p.distance, p.frames, p.time);
    out += fmt::format("  Epic's estimate: {:.6f} cm (error {:+.6f} cm)\n", basics.epic_distance,
                       basics.epic_distance - p.distance);
    out += fmt::format("  continuous limit: {} cm\n", distance_or_never(basics.continuous, 6));
    return out;
}

std::string unreal_stop_table_text(const UnrealStopBasics& basics, std::span<const StopRow> rows) {
    const double epic = basics.epic_distance;
    const double cont = basics.continuous.distance;
    std::string out = unreal_stop_heading(basics) + "\n";
    out += fmt::format("Epic's PredictGroundMovementStopLocation: {:.4f} cm; continuous limit: {} cm\n", epic,
                       distance_or_never(basics.continuous, 4));
    out += fmt::format("{:>7} {:>11} {:>7} {:>9} {:>11} {:>8} {:>11} {:>8}\n", "fps", "exact cm", "frames",
                       "time s", "Epic err", "Epic %", "cont. err", "cont. %");
    for (const StopRow& r : rows) {
        const double d = r.prediction.distance;
        out += fmt::format("{:>7} {:>11.4f} {:>7} {:>9.4f} {:>+11.4f} {:>8} {:>+11.4f} {:>8}\n",
                           number_text(r.fps), d, r.prediction.frames, r.prediction.time, epic - d,
                           percent_of(epic - d, d), cont - d, percent_of(cont - d, d));
    }
    return out;
}

std::string unreal_stop_continuous_text(const UnrealStopBasics& basics) {
    const analysis::StopPrediction& cont = basics.continuous;
    std::string out =
        fmt::format("{}, continuous time (dv/dt = -(a_B + beta v))\n", unreal_stop_heading(basics));
    if (cont.stops) {
        out += fmt::format("  distance {:.6f} cm, time {:.6f} s\n", cont.distance, cont.time);
    } else {
        out += fmt::format("  never stops (limit distance {} cm)\n", number_text(cont.distance));
    }
    out += fmt::format("  Epic's estimate {:.6f} cm (error {:+.6f} cm)\n", basics.epic_distance,
                       basics.epic_distance - cont.distance);
    return out;
}

std::string unreal_stop_trace_text(const UnrealStopBasics& basics, const TraceStop& t) {
    std::string out = fmt::format("{} over the frame times of {} ({} rows)\n", unreal_stop_heading(basics),
                                  t.trace, t.trace_frames);
    if (!t.exact.stops) {
        return out + no_stop_text(t.exact);
    }
    // unreal_stop_trace repeats the last frame time when the trace ends before the stop.
    const bool repeats = t.exact.frames > static_cast<std::int64_t>(t.trace_frames);
    out += fmt::format("  exact over the trace: {:.6f} cm, {} frames, {:.6f} s{}\n", t.exact.distance,
                       t.exact.frames, t.exact.time,
                       repeats ? " (the last frame time repeated after the trace)" : "");
    out +=
        fmt::format("  constant mean rate ({:.6f} s, {:.2f} fps): {:.6f} cm, {} frames (error {:+.6f} cm)\n",
                    t.mean_frame_time, 1.0 / t.mean_frame_time, t.at_mean.distance, t.at_mean.frames,
                    t.at_mean.distance - t.exact.distance);
    out += fmt::format("  continuous limit: {} cm\n", distance_or_never(basics.continuous, 6));
    return out;
}

std::string unreal_pivot_text(const PivotStop& p) {
    std::string out =
        fmt::format("Unreal CMC pivot from {} cm/s at {} fps (input reversed, A = {} cm/s^2, F = {} 1/s)\n",
                    number_text(p.speed), number_text(p.fps), number_text(p.max_acceleration),
                    number_text(p.ground_friction));
    out += fmt::format("  exact: turns round after {:.6f} cm, velocity points back in frame {}\n",
                       p.pivot.distance, p.pivot.frames);
    out += fmt::format("  Epic's PredictGroundMovementPivotLocation: {:.6f} cm (error {:+.6f} cm)\n",
                       p.epic_distance, p.epic_distance - p.pivot.distance);
    return out;
}

std::string stepped_stop_text(const SteppedStop& stop) {
    const std::string_view unit = stop.length_unit;
    std::string out =
        fmt::format("{} stop from {} {}/s by stepping with zero input (rest at <= {} {}/s)\n", stop.model,
                    number_text(stop.speed), unit, number_text(stop.rest_speed), unit);
    out +=
        fmt::format("{:>7} {:>12} {:>9} {:>10}\n", "fps", fmt::format("dist {}", unit), "frames", "time s");
    for (const StopRow& r : stop.rows) {
        const analysis::StopPrediction& p = r.prediction;
        if (p.stops) {
            out += fmt::format("{:>7} {:>12.4f} {:>9} {:>10.4f}\n", number_text(r.fps), p.distance, p.frames,
                               p.time);
        } else {
            out += fmt::format("{:>7} {:>12} {:>9} {:>10}\n", number_text(r.fps), "no stop", p.frames, "-");
        }
    }
    return out;
}

std::string unreal_stop_report(const movement::UnrealSettings& settings, double speed,
                               const UnrealStopQuery& query, bool json) {
    if (!query.trace.empty()) {
        // The trace first: its refusal (a frame time the engine would repeat forever) is the trace's.
        const TraceStop trace = unreal_trace_stop(settings, speed, query.trace, query.frame_times);
        const UnrealStopBasics basics = unreal_stop_basics(settings, speed);
        return json ? unreal_stop_trace_json(basics, trace) : unreal_stop_trace_text(basics, trace);
    }
    if (query.pivot) {
        const PivotStop pivot = unreal_pivot_stop(settings, speed, query.fps);
        return json ? unreal_pivot_json(pivot) : unreal_pivot_text(pivot);
    }
    const UnrealStopBasics basics = unreal_stop_basics(settings, speed);
    if (!query.table.empty()) {
        const std::vector<StopRow> rows = unreal_stop_rows(settings, speed, query.table);
        return json ? unreal_stop_table_json(basics, rows) : unreal_stop_table_text(basics, rows);
    }
    if (query.fps == 0.0) {
        return json ? unreal_stop_continuous_json(basics) : unreal_stop_continuous_text(basics);
    }
    const StopRow row{query.fps, analysis::unreal_stop(settings, speed, 1.0 / query.fps)};
    return json ? unreal_stop_json(basics, row) : unreal_stop_text(basics, row);
}

}  // namespace kinema::report
