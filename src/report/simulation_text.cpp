// `kinema simulate`'s run, streamed: the frame sources, the table and the writer for the three formats.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "kinema/report/simulation.hpp"

namespace kinema::report {
namespace {

// Frames are stepped and written in chunks so that memory stays bounded for long runs.
constexpr std::size_t kChunkFrames = 4096;
// The text is handed to the sink in large pieces: one write per MiB.
constexpr std::size_t kFlushBytes = std::size_t{1} << 20;

bool state_is_finite(const movement::FrameRecord& r) {
    return is_finite(r.position) && is_finite(r.velocity) && std::isfinite(r.speed);
}

void append_frame(std::string& out, SimulationFormat format, const movement::FrameRecord& r, bool first) {
    switch (format) {
        case SimulationFormat::json:
            append_frame_json(out, r, first);
            break;
        case SimulationFormat::csv:
            append_frame_csv(out, r);
            break;
        case SimulationFormat::table:
            append_frame_text(out, r);
            break;
    }
}

}  // namespace

std::string simulation_table_header(std::string_view model, std::string_view length_unit,
                                    std::string_view frame_times) {
    return fmt::format("model {}, {}, lengths in {}, velocities in {}/s\n", model, frame_times, length_unit,
                       length_unit) +
           fmt::format("{:>8} {:>10} {:>14} {:>14} {:>12} {:>12} {:>12}\n", "frame", "time", "x", "y", "vx",
                       "vy", "speed");
}

void append_frame_text(std::string& out, const movement::FrameRecord& r) {
    fmt::format_to(std::back_inserter(out),
                   "{:>8} {:>10.5f} {:>14.6f} {:>14.6f} {:>12.5f} {:>12.5f} {:>12.5f}\n", r.frame, r.time,
                   r.position.x, r.position.y, r.velocity.x, r.velocity.y, r.speed);
}

// One dt keeps the head it had before per-frame dts existed: "dt 0.016 s" and "\"dt\": 0.016".
FrameTimesText describe_dt(double dt) {
    return {fmt::format("dt {} s", format_number(dt)), frame_times_dt(dt)};
}

FrameTimesText describe_dt_schedule(std::string_view text, std::span<const movement::DtChange> schedule) {
    return {fmt::format("dt schedule \"{}\" (s)", text), frame_times_dt_schedule(schedule)};
}

FrameTimesText describe_input_file(std::string_view path) {
    return {fmt::format("dt and input per frame from {}", path), frame_times_input_file(path)};
}

FrameSource scheduled_frames(movement::Simulation& simulation, std::size_t frames) {
    return [&simulation, frames, done = std::size_t{0}](std::vector<movement::FrameRecord>& chunk) mutable {
        if (done == frames) {
            return false;
        }
        const std::size_t count = std::min(kChunkFrames, frames - done);
        simulation.advance(count, chunk);
        done += count;
        return true;
    };
}

FrameSource input_file_frames(const movement::AnyModel& model, const movement::PlanarState& start,
                              const movement::FrameInputs& inputs) {
    return [&model, &inputs, state = start, done = std::size_t{0},
            time = 0.0](std::vector<movement::FrameRecord>& chunk) mutable {
        if (done == inputs.dt.size()) {
            return false;
        }
        const std::size_t count = std::min(kChunkFrames, inputs.dt.size() - done);
        movement::simulate_frames(model, state, std::span(inputs.input).subspan(done, count),
                                  std::span(inputs.dt).subspan(done, count), chunk);
        chunk.erase(chunk.begin());  // the chunk's start state, already written
        for (std::size_t i = 0; i < count; ++i) {
            time += inputs.dt[done + i];
            chunk[i].frame = done + i + 1;
            chunk[i].time = time;
        }
        state = {chunk.back().position, chunk.back().velocity};
        done += count;
        return true;
    };
}

std::optional<movement::FrameRecord> first_runaway_frame(const FrameSource& next) {
    std::vector<movement::FrameRecord> chunk;
    while (next(chunk)) {
        for (const movement::FrameRecord& f : chunk) {
            if (!(f.speed <= movement::max_start_speed && std::isfinite(f.position.x) &&
                  std::isfinite(f.position.y))) {
                return f;
            }
        }
    }
    return std::nullopt;
}

namespace {

// A run stepped by movement::Simulation: each source steps a Simulation of its own, which it keeps alive.
SimulationRun simulation_run(FrameTimesText times, double longest_dt, std::size_t frames,
                             const std::function<movement::Simulation()>& start) {
    const movement::FrameRecord first = start().record();  // validates settings, dt, schedule and start
    return {std::move(times), first, longest_dt, [start, frames] {
                auto simulation = std::make_shared<movement::Simulation>(start());
                return FrameSource([simulation, next = scheduled_frames(*simulation, frames)](
                                       std::vector<movement::FrameRecord>& chunk) { return next(chunk); });
            }};
}

}  // namespace

SimulationRun scheduled_run(const movement::AnyModel& model, const movement::PlanarState& start,
                            std::vector<movement::InputChange> schedule, double dt, std::size_t frames) {
    return simulation_run(describe_dt(dt), dt, frames,
                          [=] { return movement::Simulation(model, start, schedule, dt); });
}

SimulationRun scheduled_run(const movement::AnyModel& model, const movement::PlanarState& start,
                            std::vector<movement::InputChange> schedule,
                            std::vector<movement::DtChange> dt_schedule, std::string_view dt_schedule_text,
                            std::size_t frames) {
    double longest_dt = 0.0;
    for (const movement::DtChange& change : dt_schedule) {
        longest_dt = std::max(longest_dt, change.dt);
    }
    FrameTimesText times = describe_dt_schedule(dt_schedule_text, dt_schedule);
    return simulation_run(std::move(times), longest_dt, frames,
                          [=] { return movement::Simulation(model, start, schedule, dt_schedule); });
}

SimulationRun input_file_run(const movement::AnyModel& model, const movement::PlanarState& start,
                             movement::FrameInputs inputs, std::string_view path) {
    std::vector<movement::FrameRecord> first;
    movement::simulate_frames(model, start, {}, {}, first);  // validates the settings and the start state
    const double longest_dt = inputs.dt.empty() ? 0.0 : *std::max_element(inputs.dt.begin(), inputs.dt.end());
    const auto kept = std::make_shared<const std::pair<movement::AnyModel, movement::FrameInputs>>(
        model, std::move(inputs));
    return {describe_input_file(path), first.front(), longest_dt, [kept, start] {
                return FrameSource([kept, next = input_file_frames(kept->first, start, kept->second)](
                                       std::vector<movement::FrameRecord>& chunk) { return next(chunk); });
            }};
}

std::optional<movement::FrameRecord> runaway_frame(const movement::AnyModel& model,
                                                   const SimulationRun& run) {
    if (!(run.longest_dt > movement::longest_stable_dt(model)) ||
        !std::holds_alternative<movement::CrossCodeSettings>(model)) {
        return std::nullopt;
    }
    return first_runaway_frame(run.frames());
}

std::optional<std::string> runaway_refusal(const movement::AnyModel& model, const SimulationRun& run) {
    const std::optional<movement::FrameRecord> runaway = runaway_frame(model, run);
    if (!runaway) {
        return std::nullopt;
    }
    return fmt::format(
        "the {} model diverges at this frame time with these settings: its speed passes {} from "
        "frame {} on (frames longer than {} s make its explicit friction overshoot)",
        movement::model_name(model), format_number(movement::max_start_speed), runaway->frame,
        format_significant(movement::longest_stable_dt(model), 4));
}

std::optional<std::size_t> write_simulation(SimulationFormat format, const movement::AnyModel& model,
                                            const FrameTimesText& times, const movement::FrameRecord& first,
                                            const FrameSource& next, const TextSink& sink) {
    std::string out;
    if (format == SimulationFormat::json) {
        begin_simulation_json(out, movement::model_name(model), times.json);
    } else if (format == SimulationFormat::csv) {
        out += simulation_csv_header;
    } else {
        out +=
            simulation_table_header(movement::model_name(model), movement::length_unit(model), times.table);
    }
    append_frame(out, format, first, true);
    std::vector<movement::FrameRecord> chunk;
    chunk.reserve(kChunkFrames + 1);
    std::optional<std::size_t> diverged_at;
    while (next(chunk)) {
        for (const movement::FrameRecord& record : chunk) {
            append_frame(out, format, record, false);
            if (!diverged_at && !state_is_finite(record)) {
                diverged_at = record.frame;
            }
        }
        if (out.size() >= kFlushBytes) {
            sink(out);
        }
    }
    if (format == SimulationFormat::json) {
        end_simulation_json(out);
    }
    sink(out);
    return diverged_at;
}

}  // namespace kinema::report
