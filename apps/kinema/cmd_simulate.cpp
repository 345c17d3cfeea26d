// kinema simulate: runs one movement model over an input schedule and prints every frame. Frame times: one
// --dt, a --dt-schedule (the frame time changing at given frames, as DhTas scripts do), or an --input-file
// with one dt and one input per frame (docs/analysis.md "Real frame times").
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
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

mv::PlanarState start_state(const SimulateOptions& options) {
    mv::PlanarState start;
    if (!options.start_velocity.empty()) {
        start.velocity = parse_vec2(options.start_velocity, "--start-velocity");
    }
    return start;
}

// A run whose explicit friction overshoots (CrossCode past 12 f dt = 2: its coasting velocity grows every
// frame, with no speed cap) is stepped once before anything is written and refused when its speed passes
// every speed's bound (report::runaway_refusal): it printed NaN frames before (issue 40).
void refuse_divergence(const mv::AnyModel& model, const report::SimulationRun& run, std::string_view flag) {
    if (const std::optional<std::string> refusal = report::runaway_refusal(model, run)) {
        throw UsageError(fmt::format("{}: {}", flag, *refusal));
    }
}

// Writes the run to stdout, with a warning (stderr) when the state stops being finite.
void write_run(const SimulateOptions& options, const mv::AnyModel& model, const report::SimulationRun& run) {
    const report::SimulationFormat format = options.json  ? report::SimulationFormat::json
                                            : options.csv ? report::SimulationFormat::csv
                                                          : report::SimulationFormat::table;
    const std::optional<std::size_t> diverged_at =
        report::write_simulation(format, model, run.times, run.first, run.frames(), write_to_stdout);
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
    const auto frames =
        static_cast<std::size_t>(analysis_cli::parse_whole(options.frames, "--frames", 0, max_frames));
    const std::vector<mv::InputChange> schedule = parse_schedule(options.input);
    apply_set_options(model, options.model.sets);
    const mv::PlanarState start = start_state(options);
    const report::SimulationRun run =
        dt_schedule.empty()
            ? report::scheduled_run(model, start, schedule, dt, frames)
            : report::scheduled_run(model, start, schedule, dt_schedule, options.dt_schedule, frames);
    refuse_divergence(model, run, dt_schedule.empty() ? "--dt" : "--dt-schedule");
    write_run(options, model, run);
}

// --input-file: one dt and one input per frame (report::input_file_frames).
void run_input_file(const SimulateOptions& options, mv::AnyModel model) {
    refuse_given({given_text(options.dt, "--dt"), given_text(options.dt_schedule, "--dt-schedule"),
                  given_text(options.frames, "--frames"), given_text(options.input, "--input")},
                 "not allowed with --input-file (the file gives every frame's dt and input)");
    apply_set_options(model, options.model.sets);
    const mv::PlanarState start = start_state(options);
    const report::SimulationRun run =
        report::input_file_run(model, start, mv::read_frame_inputs(options.input_file), options.input_file);
    refuse_divergence(model, run, "--input-file");
    write_run(options, model, run);
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

}  // namespace

void add_simulate_command(CLI::App& app) {
    auto options = std::make_shared<SimulateOptions>();
    CLI::App* cmd =
        app.add_subcommand("simulate", "Run a movement model over an input schedule and print each frame");
    add_model_options(cmd, options->model, "dishonored | crosscode | unreal")->required();
    typed(cmd->add_option("--dt", options->dt,
                          "frame time in seconds, (0, 10] (e.g. 0.016666666666666666 for 60 FPS)"),
          ValueKind::number);
    cmd->add_option("--dt-schedule", options->dt_schedule,
                    "frame times changing at given frames, e.g. \"0:1/60;30:0.004\" (instead of --dt)")
        ->type_name("FRAME:DT;...");
    add_file_option(cmd, "--input-file", options->input_file,
                    "CSV with columns dt,x,y, one row per step (instead of --dt, --frames, --input)");
    typed(cmd->add_option("--frames", options->frames, fmt::format("number of steps, [0, {}]", max_frames)),
          ValueKind::integer);
    cmd->add_option("--input", options->input, "input SCHEDULE, e.g. \"0:1,0;30:0,0\" (see below)")
        ->type_name("SCHEDULE");
    typed(cmd->add_option("--start-velocity", options->start_velocity,
                          "velocity at frame 0, length at most 1e6 (default 0,0)"),
          ValueKind::point2);
    CLI::Option* json = cmd->add_flag("--json", options->json, "print JSON instead of a table");
    CLI::Option* csv = cmd->add_flag("--csv", options->csv, "print CSV instead of a table");
    json->excludes(csv);
    // The page, then the settable fields of every model (unit, valid range, default, doc), then the examples.
    cmd->footer(
        std::string(help_page("simulate")) +
        "Settable fields (--set name=value; booleans 0/1 or true/false), unit, valid range, default:\n" +
        movement::models_settings_help() + help_page("simulate-examples"));
    // Library checks name their arguments; the message names the flag instead.
    static constexpr FieldFlag kArgumentFlags[] = {{"dt", "--dt"},
                                                   {"input.x", "--input"},
                                                   {"input.y", "--input"},
                                                   {"start.velocity", "--start-velocity"}};
    cmd->callback([options] { FlagBinder(kArgumentFlags).name_errors([&] { run_simulate(*options); }); });
}

}  // namespace kinema::cli
