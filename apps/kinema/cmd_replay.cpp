// kinema replay: re-simulates an engine log (dt, input, recorded position and velocity per frame) with a
// kinema model from the log's start row and reports where the engine and the model differ: per frame and
// overall, the first frame beyond --tolerance. Exit 1 when a frame differs (for CI diffs), 2 for bad input.
// Table by default, JSON with --json, a chart of the differences over time with --png/--svg.
#include <memory>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/analysis/replay.hpp"
#include "kinema/report/replay.hpp"
#include "settings_options.hpp"

namespace kinema::cli {

namespace {

using analysis_cli::parse_non_negative;

struct ReplayOptions {
    ModelOptions model;
    std::string log;
    std::string tolerance = "1e-6";
    bool json = false;
    analysis_cli::ChartFiles chart;
};

void run_replay(const ReplayOptions& o) {
    // Everything is parsed and checked before any output.
    const movement::AnyModel model = model_from_options(single_model(o.model, ""), o.model.sets);
    analysis::ReplaySettings settings;
    settings.tolerance = parse_non_negative(o.tolerance, "--tolerance");
    o.chart.check_render_available();
    const analysis::EngineLog log = analysis::read_engine_log(o.log);
    const analysis::ReplayResult result = analysis::replay(model, log, settings);
    // The table is short enough to hold; the JSON (a log may have 2,000,000 frames) is written as it goes,
    // after the pictures, so that a picture that cannot be written leaves stdout empty.
    const std::string table = o.json ? std::string() : report::replay_text(result, o.log);
    o.chart.write([&] { return report::replay_chart(result, o.log); });
    if (o.json) {
        std::string buffer;
        report::write_replay_json(result, o.log, buffer, write_to_stdout);
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
    add_file_option(cmd, "log", o->log,
                    "CSV log: header with dt,input_x,input_y,x,y,vx,vy (any order, extra columns ignored), a "
                    "start row with dt 0, then one row per frame")
        ->required();
    typed(cmd->add_option(
              "--tolerance", o->tolerance,
              "largest allowed position (length unit) and velocity (length unit/s) difference, default 1e-6"),
          ValueKind::number);
    cmd->add_flag("--json", o->json, "print JSON: totals and one entry per frame");
    o->chart.add_options(cmd, "the differences over time");
    cmd->footer(help_page("replay"));
    cmd->callback([o, cmd] {
        o->chart.inputs = input_files(*cmd);
        run_replay(*o);
    });
}

}  // namespace kinema::cli
