// kinema simulate: runs one movement model at a fixed frame time over an input schedule and prints every
// frame.
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"
#include "settings_options.hpp"

namespace kinema::cli {
namespace {

namespace mv = kinema::movement;

// Longer runs are almost certainly a typo; the limit keeps the report (built in memory, ~100 bytes a frame)
// near 100 MB (docs/errors.md, "Limits").
constexpr std::size_t max_frames = 1'000'000;
// Inputs are wish directions; a little slack lets users type 0.7071,0.7071 for a full diagonal.
constexpr double max_input_length = 1.0 + 1e-6;
// Frames are simulated and printed in chunks so that memory stays bounded for long runs.
constexpr std::size_t chunk_frames = 4096;

struct SimulateOptions {
    ModelOptions model;
    std::string dt;
    std::string frames;
    std::string input;
    std::string start_velocity;
    bool json = false;
    bool csv = false;
};

std::size_t parse_count(std::string_view text, std::string_view what, std::size_t max) {
    std::size_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value > max) {
        throw UsageError(fmt::format("{}: expected a whole number in [0, {}], got '{}'", what, max, text));
    }
    return value;
}

std::vector<mv::InputChange> parse_schedule(std::string_view text) {
    std::vector<mv::InputChange> schedule;
    for (const std::string& entry : split(text, ';')) {
        const std::size_t colon = entry.find(':');
        if (colon == std::string::npos) {
            throw UsageError(fmt::format("--input: expected FRAME:X,Y, got '{}'", entry));
        }
        mv::InputChange change;
        change.frame = parse_count(std::string_view(entry).substr(0, colon), "--input frame", max_frames);
        change.input = parse_vec2(std::string_view(entry).substr(colon + 1), "--input");
        if (length(change.input) > max_input_length) {
            throw UsageError(
                fmt::format("--input: the input at frame {} has length {} > 1 (inputs are wish "
                            "directions, e.g. 0.7071,0.7071 for a full diagonal)",
                            change.frame, format_number(length(change.input))));
        }
        if (!schedule.empty() && change.frame <= schedule.back().frame) {
            throw UsageError(
                fmt::format("--input: frame {} follows frame {}; frames must be strictly increasing",
                            change.frame, schedule.back().frame));
        }
        schedule.push_back(change);
    }
    if (schedule.front().frame != 0) {
        throw UsageError(fmt::format("--input: the schedule starts at frame {}; it must start at frame 0",
                                     schedule.front().frame));
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

void write_table_header(std::string& out, const mv::AnyModel& model, double dt) {
    const std::string_view unit = mv::length_unit(model);
    fmt::format_to(std::back_inserter(out), "model {}, dt {} s, lengths in {}, velocities in {}/s\n",
                   mv::model_name(model), format_number(dt), unit, unit);
    fmt::format_to(std::back_inserter(out), "{:>8} {:>10} {:>14} {:>14} {:>12} {:>12} {:>12}\n", "frame",
                   "time", "x", "y", "vx", "vy", "speed");
}

void write_row(std::string& out, const mv::FrameRecord& r, bool json, bool csv, bool first) {
    if (json) {
        nlohmann::ordered_json frame;
        frame["frame"] = r.frame;
        frame["time"] = r.time;
        frame["position"] = {r.position.x, r.position.y};
        frame["velocity"] = {r.velocity.x, r.velocity.y};
        frame["speed"] = r.speed;
        out += first ? "\n  " : ",\n  ";
        out += frame.dump();
    } else if (csv) {
        fmt::format_to(std::back_inserter(out), "{},{},{},{},{},{},{}\n", r.frame, format_number(r.time),
                       format_number(r.position.x), format_number(r.position.y), format_number(r.velocity.x),
                       format_number(r.velocity.y), format_number(r.speed));
    } else {
        fmt::format_to(std::back_inserter(out),
                       "{:>8} {:>10.5f} {:>14.6f} {:>14.6f} {:>12.5f} {:>12.5f} {:>12.5f}\n", r.frame, r.time,
                       r.position.x, r.position.y, r.velocity.x, r.velocity.y, r.speed);
    }
}

void run_simulate(const SimulateOptions& options) {
    // Parse and validate everything before printing anything: errors leave stdout empty.
    mv::AnyModel model = model_option(single_model(options.model, ""));
    const double dt = parse_number(options.dt, "--dt");
    if (!(dt > 0.0 && dt <= mv::max_step_dt)) {
        throw UsageError(fmt::format("--dt: must be in (0, {}] seconds, got {}",
                                     format_number(mv::max_step_dt), options.dt));
    }
    const std::size_t frames = parse_count(options.frames, "--frames", max_frames);
    const std::vector<mv::InputChange> schedule = parse_schedule(options.input);
    apply_set_options(model, options.model.sets);
    mv::PlanarState start;
    if (!options.start_velocity.empty()) {
        start.velocity = parse_vec2(options.start_velocity, "--start-velocity");
    }
    mv::Simulation simulation(model, start, schedule, dt);

    Output output(stdout);
    std::string& out = output.buffer();
    if (options.json) {
        out += "{\"model\": " + nlohmann::json(mv::model_name(model)).dump() +
               ", \"dt\": " + nlohmann::json(dt).dump() + ", \"frames\": [";
    } else if (options.csv) {
        out += "frame,time,x,y,vx,vy,speed\n";
    } else {
        write_table_header(out, model, dt);
    }
    write_row(out, simulation.record(), options.json, options.csv, true);
    std::vector<mv::FrameRecord> chunk;
    chunk.reserve(chunk_frames);
    // An explicit integrator can blow up at long frame times (e.g. CrossCode's friction factor 1 - 12 dt <
    // -1); the numbers are still printed as the model computes them (JSON has no infinity: null), with a
    // warning.
    std::optional<std::size_t> diverged_at;
    for (std::size_t done = 0; done < frames;) {
        const std::size_t count = std::min(chunk_frames, frames - done);
        simulation.advance(count, chunk);
        for (const mv::FrameRecord& record : chunk) {
            write_row(out, record, options.json, options.csv, false);
            if (!diverged_at &&
                !(is_finite(record.position) && is_finite(record.velocity) && std::isfinite(record.speed))) {
                diverged_at = record.frame;
            }
        }
        done += count;
        output.maybe_flush();
    }
    if (options.json) {
        out += "\n]}\n";
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
        "\n";
    text += model_fields_help();
    text +=
        "\nExample: kinema simulate --model unreal --dt 0.016666666666666666 --frames 60 --input "
        "\"0:1,0;30:0,0\"";
    return text;
}

}  // namespace

void add_simulate_command(CLI::App& app) {
    auto options = std::make_shared<SimulateOptions>();
    CLI::App* cmd =
        app.add_subcommand("simulate", "Run a movement model at a fixed frame time and print each frame");
    add_model_options(cmd, options->model, "dishonored | crosscode | unreal")->required();
    cmd->add_option("--dt", options->dt,
                    "frame time in seconds, (0, 10] (e.g. 0.016666666666666666 for 60 FPS)")
        ->type_name("SECONDS")
        ->required();
    cmd->add_option("--frames", options->frames, "number of steps, [0, 1000000]")->type_name("N")->required();
    cmd->add_option("--input", options->input, "input SCHEDULE, e.g. \"0:1,0;30:0,0\" (see below)")
        ->type_name("SCHEDULE")
        ->required();
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
