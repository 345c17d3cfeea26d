// `kinema simulate`'s run, streamed: the frame sources, the table and the writer for the three formats.
#include <algorithm>
#include <cmath>
#include <iterator>

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
