// kinema simulate: runs one movement model over an input schedule and prints every frame. Frame times: one
// --dt, a --dt-schedule (the frame time changing at given frames, as DhTas scripts do), or an --input-file
// with one dt and one input per frame (docs/analysis.md "Real frame times").
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/report/simulation.hpp"
#include "settings_options.hpp"

namespace kinema::cli {
namespace {

namespace mv = kinema::movement;

// The library's cap on one run (docs/errors.md, "Limits"): the worst run steps and prints in well under a
// second.
constexpr std::size_t max_frames = mv::max_simulation_frames;
// Frames are simulated and printed in chunks so that memory stays bounded for long runs.
constexpr std::size_t chunk_frames = 4096;

struct SimulateOptions {
    ModelOptions model;
    std::string dt;
    std::string dt_schedule;
    std::string input_file;
    std::string frames;
    std::string input;
    std::string start_velocity;
    bool json = false;
    bool csv = false;
};

std::size_t parse_count(std::string_view text, std::string_view what, std::size_t max) {
    const ReadNumber n = read_number(text);  // the one number rule: "+5" and "1e3" as every flag reads them
    if (n.status != NumberText::ok || !(n.value >= 0.0 && n.value <= static_cast<double>(max)) ||
        n.value != std::floor(n.value)) {
        throw UsageError(fmt::format("{}: expected a whole number in [0, {}], got {}", what, max,
                                     quote_for_message(text)));
    }
    return static_cast<std::size_t>(n.value);
}

// --input through the library's parser (movement::parse_input_schedule, the one description of the syntax).
std::vector<mv::InputChange> parse_schedule(std::string_view text) {
    std::vector<mv::InputChange> schedule;
    try {
        schedule = mv::parse_input_schedule(text);
    } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--input: {}", e.what()));
    }
    if (schedule.back().frame > max_frames) {
        throw UsageError(fmt::format("--input: frame {} is beyond the limit of {} frames",
                                     schedule.back().frame, max_frames));
    }
    return schedule;
}

// Output sinks: everything goes through one buffer flushed in large writes.
class Output {
  public:
    explicit Output(std::FILE* file) : file_(file) {}
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;
    ~Output() { flush(); }
    std::string& buffer() { return buffer_; }
    void maybe_flush() {
        if (buffer_.size() >= (1u << 20)) {
            flush();
        }
    }
    void flush() {
        std::fwrite(buffer_.data(), 1, buffer_.size(), file_);
        buffer_.clear();
    }

  private:
    std::FILE* file_;
    std::string buffer_;
};

// How the run's frame times were given, for the table header and the JSON head: "dt 0.016 s" and
// "\"dt\": 0.016" for one dt (unchanged from before per-frame dts existed).
struct FrameTimes {
    std::string table;  // after "model NAME, "
    std::string json;   // a "key": value member
};

FrameTimes describe_dt(double dt) {
    return {fmt::format("dt {} s", format_number(dt)), report::frame_times_dt(dt)};
}

FrameTimes describe_dt_schedule(std::string_view text, const std::vector<mv::DtChange>& schedule) {
    return {fmt::format("dt schedule \"{}\" (s)", text), report::frame_times_dt_schedule(schedule)};
}

FrameTimes describe_input_file(const std::string& path) {
    return {fmt::format("dt and input per frame from {}", path), report::frame_times_input_file(path)};
}

void write_table_header(std::string& out, const mv::AnyModel& model, const FrameTimes& times) {
    const std::string_view unit = mv::length_unit(model);
    fmt::format_to(std::back_inserter(out), "model {}, {}, lengths in {}, velocities in {}/s\n",
                   mv::model_name(model), times.table, unit, unit);
    fmt::format_to(std::back_inserter(out), "{:>8} {:>10} {:>14} {:>14} {:>12} {:>12} {:>12}\n", "frame",
                   "time", "x", "y", "vx", "vy", "speed");
}

void write_row(std::string& out, const mv::FrameRecord& r, bool json, bool csv, bool first) {
    if (json) {
        report::append_frame_json(out, r, first);
    } else if (csv) {
        report::append_frame_csv(out, r);
    } else {
        fmt::format_to(std::back_inserter(out),
                       "{:>8} {:>10.5f} {:>14.6f} {:>14.6f} {:>12.5f} {:>12.5f} {:>12.5f}\n", r.frame, r.time,
                       r.position.x, r.position.y, r.velocity.x, r.velocity.y, r.speed);
    }
}

mv::PlanarState start_state(const SimulateOptions& options) {
    mv::PlanarState start;
    if (!options.start_velocity.empty()) {
        start.velocity = parse_vec2(options.start_velocity, "--start-velocity");
    }
    return start;
}

// Streams the run's frames: frame 0, then chunks of `next(chunk)` until it returns false. Warns (stderr)
// when the state stops being finite.
template <class Next>
void write_run(const SimulateOptions& options, const mv::AnyModel& model, const FrameTimes& times,
               const mv::FrameRecord& first, Next next) {
    Output output(stdout);
    std::string& out = output.buffer();
    if (options.json) {
        report::begin_simulation_json(out, mv::model_name(model), times.json);
    } else if (options.csv) {
        out += report::simulation_csv_header;
    } else {
        write_table_header(out, model, times);
    }
    write_row(out, first, options.json, options.csv, true);
    std::vector<mv::FrameRecord> chunk;
    chunk.reserve(chunk_frames + 1);
    // An explicit integrator can blow up at long frame times (e.g. CrossCode's friction factor 1 - 12 dt <
    // -1); the numbers are still printed as the model computes them (JSON has no infinity: null), with a
    // warning.
    std::optional<std::size_t> diverged_at;
    while (next(chunk)) {
        for (const mv::FrameRecord& record : chunk) {
            write_row(out, record, options.json, options.csv, false);
            if (!diverged_at &&
                !(is_finite(record.position) && is_finite(record.velocity) && std::isfinite(record.speed))) {
                diverged_at = record.frame;
            }
        }
        output.maybe_flush();
    }
    if (options.json) {
        report::end_simulation_json(out);
    }
    output.flush();
    if (diverged_at) {
        std::fprintf(
            stderr,
            "kinema: warning: the state is not finite from frame %zu on: the model diverges at this dt "
            "with these settings\n",
            *diverged_at);
    }
}

// --dt or --dt-schedule with --frames and --input.
void run_scheduled(const SimulateOptions& options, mv::AnyModel model) {
    if (options.dt.empty() == options.dt_schedule.empty()) {
        throw UsageError(options.dt.empty() ? "--dt: required (or --dt-schedule, or --input-file)"
                                            : "--dt-schedule: give either --dt or --dt-schedule, not both");
    }
    if (options.frames.empty()) {
        throw UsageError("--frames: required (unless --input-file is given)");
    }
    if (options.input.empty()) {
        throw UsageError("--input: required (unless --input-file is given)");
    }
    double dt = 0.0;
    std::vector<mv::DtChange> dt_schedule;
    if (!options.dt.empty()) {
        dt = parse_number(options.dt, "--dt");
        if (!(dt > 0.0 && dt <= mv::max_step_dt)) {
            throw UsageError(fmt::format("--dt: must be in (0, {}] seconds, got {}",
                                         format_number(mv::max_step_dt), options.dt));
        }
    } else {
        try {
            dt_schedule = mv::parse_dt_schedule(options.dt_schedule);
        } catch (const std::invalid_argument& e) {
            throw UsageError(fmt::format("--dt-schedule: {}", e.what()));
        }
    }
    const std::size_t frames = parse_count(options.frames, "--frames", max_frames);
    const std::vector<mv::InputChange> schedule = parse_schedule(options.input);
    apply_set_options(model, options.model.sets);
    const mv::PlanarState start = start_state(options);
    std::optional<mv::Simulation> simulation;
    if (dt_schedule.empty()) {
        simulation.emplace(model, start, schedule, dt);
    } else {
        simulation.emplace(model, start, schedule, dt_schedule);
    }
    const FrameTimes times =
        dt_schedule.empty() ? describe_dt(dt) : describe_dt_schedule(options.dt_schedule, dt_schedule);
    std::size_t done = 0;
    write_run(options, model, times, simulation->record(), [&](std::vector<mv::FrameRecord>& chunk) {
        if (done == frames) {
            return false;
        }
        const std::size_t count = std::min(chunk_frames, frames - done);
        simulation->advance(count, chunk);
        done += count;
        return true;
    });
}

// --input-file: one dt and one input per frame. Stepped in chunks from the last state with
// movement::simulate_frames; frame numbers and times (running sums of the dts, as simulate_frames forms
// them) continue across chunks.
void run_input_file(const SimulateOptions& options, mv::AnyModel model) {
    for (const auto& [text, flag] :
         {std::pair{&options.dt, "--dt"}, std::pair{&options.dt_schedule, "--dt-schedule"},
          std::pair{&options.frames, "--frames"}, std::pair{&options.input, "--input"}}) {
        if (!text->empty()) {
            throw UsageError(
                fmt::format("{}: not allowed with --input-file (the file gives every frame's dt "
                            "and input)",
                            flag));
        }
    }
    apply_set_options(model, options.model.sets);
    const mv::PlanarState start = start_state(options);
    const mv::FrameInputs file = mv::read_frame_inputs(options.input_file);
    std::vector<mv::FrameRecord> first;
    mv::simulate_frames(model, start, {}, {}, first);
    std::size_t done = 0;
    double time = 0.0;
    mv::PlanarState state = start;
    write_run(options, model, describe_input_file(options.input_file), first.front(),
              [&](std::vector<mv::FrameRecord>& chunk) {
                  if (done == file.dt.size()) {
                      return false;
                  }
                  const std::size_t count = std::min(chunk_frames, file.dt.size() - done);
                  mv::simulate_frames(model, state, std::span(file.input).subspan(done, count),
                                      std::span(file.dt).subspan(done, count), chunk);
                  chunk.erase(chunk.begin());  // the chunk's start state, already printed
                  for (std::size_t i = 0; i < count; ++i) {
                      time += file.dt[done + i];
                      chunk[i].frame = done + i + 1;
                      chunk[i].time = time;
                  }
                  state = {chunk.back().position, chunk.back().velocity};
                  done += count;
                  return true;
              });
}

void run_simulate(const SimulateOptions& options) {
    // Parse and validate everything before printing anything: errors leave stdout empty.
    const mv::AnyModel model = model_option(single_model(options.model, ""));
    if (!options.input_file.empty()) {
        run_input_file(options, model);
    } else {
        run_scheduled(options, model);
    }
}

std::string help_footer() {
    std::string text =
        "Models (lengths in the game's own unit, speeds per second, time in seconds):\n"
        "  dishonored  Dishonored's frame step (seed 000): u (unreal units). Full input accelerates at 2000 "
        "u/s^2;\n"
        "              max speed 400 * speed_scale.\n"
        "  crosscode   CrossCode's movement physics (seed 001): px (pixels); top speed max_vel.\n"
        "  unreal      Unreal CMC walking on flat ground (UE 5.8 defaults): cm; frames split into "
        "PhysWalking\n"
        "              ticks and braking sub-steps as the engine does.\n"
        "\n"
        "SCHEDULE is FRAME:X,Y[;FRAME:X,Y...]: from FRAME on, the step leaving each frame uses the wish "
        "direction\n"
        "(X,Y), length <= 1 (analog). Frame 0 must be given; frames strictly increasing.\n"
        "Output: frame 0 is the start, frame i the state after i steps (time = i * dt).\n"
        "\n"
        "Frame times: exactly one of --dt, --dt-schedule or --input-file.\n"
        "  --dt-schedule FRAME:DT[;FRAME:DT...]: from FRAME on, every step takes DT seconds (a decimal "
        "number\n"
        "    or a fraction such as 1/60, > 0). Frame 0 must be given; frames strictly increasing. A frame's\n"
        "    time is the time at the latest change plus (frames since) * its DT.\n"
        "  --input-file FILE.csv: a header row naming the columns dt,x,y (any order, other columns "
        "ignored),\n"
        "    then one row per step: row i is the step leaving frame i, its dt (s, > 0) and input (x, y; "
        "longer\n"
        "    than 1 is clamped by the model). Replaces --dt, --frames and --input; times are running sums.\n"
        "    Format: docs/analysis.md \"CSV files\"; errors name FILE:LINE.\n"
        "JSON: {\"model\", then \"dt\" (--dt), \"dt_schedule\" ([{\"frame\", \"dt\"}...], --dt-schedule) or\n"
        "\"input_file\" (the path), then \"frames\": [{\"frame\", \"time\", \"position\", \"velocity\", "
        "\"speed\"}...]}.\n"
        "\n";
    text += model_fields_help();
    text +=
        "\nExample: kinema simulate --model unreal --dt 0.016666666666666666 --frames 60 --input "
        "\"0:1,0;30:0,0\"\n"
        "         kinema simulate --model unreal --dt-schedule \"0:1/60;30:1/8\" --frames 40 --input 0:1,0";
    return text;
}

}  // namespace

void add_simulate_command(CLI::App& app) {
    auto options = std::make_shared<SimulateOptions>();
    CLI::App* cmd =
        app.add_subcommand("simulate", "Run a movement model over an input schedule and print each frame");
    add_model_options(cmd, options->model, "dishonored | crosscode | unreal")->required();
    cmd->add_option("--dt", options->dt,
                    "frame time in seconds, (0, 10] (e.g. 0.016666666666666666 for 60 FPS)")
        ->type_name("SECONDS");
    cmd->add_option("--dt-schedule", options->dt_schedule,
                    "frame times changing at given frames, e.g. \"0:1/60;30:0.004\" (instead of --dt)")
        ->type_name("FRAME:DT;...");
    cmd->add_option("--input-file", options->input_file,
                    "CSV with columns dt,x,y, one row per step (instead of --dt, --frames, --input)")
        ->type_name("FILE.csv");
    cmd->add_option("--frames", options->frames, fmt::format("number of steps, [0, {}]", max_frames))
        ->type_name("N");
    cmd->add_option("--input", options->input, "input SCHEDULE, e.g. \"0:1,0;30:0,0\" (see below)")
        ->type_name("SCHEDULE");
    cmd->add_option("--start-velocity", options->start_velocity, "velocity at frame 0 (default 0,0)")
        ->type_name("X,Y");
    CLI::Option* json = cmd->add_flag("--json", options->json, "print JSON instead of a table");
    CLI::Option* csv = cmd->add_flag("--csv", options->csv, "print CSV instead of a table");
    json->excludes(csv);
    cmd->footer(help_footer());
    // Library checks name their arguments; the message names the flag instead.
    static constexpr FieldFlag kArgumentFlags[] = {
        {"dt", "--dt"}, {"input.x", "--input"}, {"input.y", "--input"}};
    cmd->callback([options] { name_library_errors(kArgumentFlags, [&] { run_simulate(*options); }); });
}

}  // namespace kinema::cli
