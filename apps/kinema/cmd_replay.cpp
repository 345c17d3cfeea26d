// kinema replay: re-simulates an engine log (dt, input, recorded position and velocity per frame) with a
// kinema model from the log's start row and reports where the engine and the model differ: per frame and
// overall, the first frame beyond --tolerance. Exit 1 when a frame differs (for CI diffs), 2 for bad input.
// Table by default, JSON with --json, a chart of the differences over time with --png/--svg.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "kinema/analysis/replay.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/replay.hpp"
#include "settings_options.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/chart.hpp"
#endif

namespace kinema::cli {

namespace {

using analysis_cli::parse_positive;

struct ReplayOptions {
    ModelOptions model;
    std::string log;
    std::string tolerance = "1e-6";
    std::string png;
    std::string svg;
    bool json = false;
    std::vector<output::InputFile> inputs;  // the files read: no picture may overwrite one
};

std::string report_table(const analysis::ReplayResult& r, const std::string& file) {
    const std::string_view u = r.length_unit;
    std::string out =
        fmt::format("replay of {} with model {} ({} frames, lengths in {}, velocities in {}/s)\n", file,
                    r.model, r.frames.size() - 1, u, u);
    out += fmt::format("{:>8} {:>6} {:>10} {:>14} {:>14} {:>14} {:>14}\n", "frame", "line", "time",
                       "engine x", "engine y", "pos diff", "vel diff");
    for (const analysis::ReplayFrame& f : r.frames) {
        out +=
            fmt::format("{:>8} {:>6} {:>10.5f} {:>14.6f} {:>14.6f} {:>14.6g} {:>14.6g}{}\n", f.frame, f.line,
                        f.time, f.engine_position.x, f.engine_position.y, f.position_error, f.velocity_error,
                        (f.position_error > r.tolerance || f.velocity_error > r.tolerance) ? "  *" : "");
    }
    out += fmt::format("largest position difference: {} {} at frame {}\n",
                       format_number(r.max_position_error), u, r.max_position_frame);
    out += fmt::format("largest velocity difference: {} {}/s at frame {}\n",
                       format_number(r.max_velocity_error), u, r.max_velocity_frame);
    if (r.first_differing) {
        const analysis::ReplayFrame& f = r.frames[*r.first_differing];
        out += fmt::format("DIFFERS: frame {} (line {}) is the first beyond the tolerance {}\n", f.frame,
                           f.line, format_number(r.tolerance));
    } else {
        out += fmt::format("matches: every frame within the tolerance {}\n", format_number(r.tolerance));
    }
    return out;
}

#if KINEMA_HAVE_RENDER
std::vector<render::ChartPanel> chart_panels(const analysis::ReplayResult& r) {
    render::ChartSeries position{"|kinema - engine|", {}, {}};
    render::ChartSeries velocity{"|kinema - engine|", {}, {}};
    for (const analysis::ReplayFrame& f : r.frames) {
        position.x.push_back(f.time);
        position.y.push_back(f.position_error);
        velocity.x.push_back(f.time);
        velocity.y.push_back(f.velocity_error);
    }
    std::vector<render::ChartPanel> panels(2);
    panels[0].title = "Position difference";
    panels[0].y_label = std::string(r.length_unit);
    panels[0].series.push_back(std::move(position));
    panels[1].title = "Velocity difference";
    panels[1].y_label = std::string(r.length_unit) + "/s";
    panels[1].series.push_back(std::move(velocity));
    for (render::ChartPanel& p : panels) {
        p.reference_y = r.tolerance;
        p.reference_label = "tolerance";
    }
    return panels;
}
#endif

void run_replay(const ReplayOptions& o) {
    // Everything is parsed and checked before any output.
    const movement::AnyModel model = model_from_options(single_model(o.model, ""), o.model.sets);
    analysis::ReplaySettings settings;
    settings.tolerance = parse_positive(o.tolerance, "--tolerance", true);
#if !KINEMA_HAVE_RENDER
    if (!o.png.empty() || !o.svg.empty()) {
        throw UsageError(fmt::format("{}: this kinema was built without kinema::render (cairo)",
                                     o.png.empty() ? "--svg" : "--png"));
    }
#endif
    const analysis::EngineLog log = analysis::read_engine_log(o.log);
    const analysis::ReplayResult result = analysis::replay(model, log, settings);
    // The table is short enough to hold; the JSON (a log may have 2,000,000 frames) is written as it goes,
    // after the pictures, so that a picture that cannot be written leaves stdout empty.
    const std::string table = o.json ? std::string() : report_table(result, o.log);
#if KINEMA_HAVE_RENDER
    if (!o.png.empty() || !o.svg.empty()) {
        const std::vector<render::ChartPanel> panels = chart_panels(result);
        render::ChartSettings chart;
        chart.title = fmt::format("kinema replay: {} against {}", result.model, o.log);
        chart.x_label = "time (s)";
        // Both pictures under one rule (output_files.hpp): if either cannot be written, neither changes.
        output::OutputFiles files(o.inputs);
        if (!o.png.empty()) {
            files.add("--png", o.png, render::chart_png(panels, chart));
        }
        if (!o.svg.empty()) {
            files.add("--svg", o.svg, render::chart_svg(panels, chart));
        }
        files.commit();
    }
#endif
    if (o.json) {
        std::string buffer;
        report::write_replay_json(result, o.log, buffer, [](std::string& text) {
            std::fwrite(text.data(), 1, text.size(), stdout);
            text.clear();
        });
    } else {
        fmt::print("{}", table);
    }
    if (!result.matches()) {
        throw ExitRequest{1};
    }
}

}  // namespace

void add_replay_command(CLI::App& app) {
    auto o = std::make_shared<ReplayOptions>();
    CLI::App* cmd = app.add_subcommand(
        "replay",
        "Re-simulate an engine log with a model and report where they differ (exit 1 if any frame does)");
    add_model_options(cmd, o->model, "dishonored | crosscode | unreal")->required();
    cmd->add_option("log", o->log,
                    "CSV log: header with dt,input_x,input_y,x,y,vx,vy (any order, extra columns ignored), a "
                    "start row with dt 0, then one row per frame")
        ->type_name("LOG.csv")
        ->required();
    cmd->add_option(
           "--tolerance", o->tolerance,
           "largest allowed position (length unit) and velocity (length unit/s) difference, default 1e-6")
        ->type_name("T");
    cmd->add_flag("--json", o->json, "print JSON: totals and one entry per frame");
    cmd->add_option("--png", o->png, "also draw the differences over time as PNG")->type_name("FILE");
    cmd->add_option("--svg", o->svg, "also draw the differences over time as SVG")->type_name("FILE");
    cmd->footer(
        "Rows after the start row hold the frame's dt (s), the input held during it and the engine's state "
        "after "
        "it.\nExit codes: 0 every frame within the tolerance, 1 some frame differs, 2 bad arguments or log.\n"
        "Example: kinema replay --model unreal data/replay/example.csv --tolerance 1e-4 --json");
    cmd->callback([o, cmd] {
        o->inputs = input_files(*cmd);
        run_replay(*o);
    });
}

}  // namespace kinema::cli
