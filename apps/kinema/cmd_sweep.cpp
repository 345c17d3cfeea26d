// kinema sweep: frame-rate dependence of each movement model -- top speed, time to 90 % of it, stop distance
// and full-speed turn rate across frame rates, beside the continuous-time limit; table, CSV or JSON, and a
// chart (PNG/SVG) with one line per model.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "kinema/analysis/sweep.hpp"
#include "output_files.hpp"
#include "settings_options.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/chart.hpp"
#endif

namespace kinema::cli {

namespace {

using analysis_cli::number;
using analysis_cli::parse_in_range;
using analysis_cli::parse_positive;
using analysis_cli::text;
using nlohmann::ordered_json;

// The flags of SweepSettings's fields.
constexpr FieldFlag kSweepFlags[] = {{"rest_speed", "--rest-speed"}};

struct SweepOptions {
    ModelOptions model;
    std::vector<std::string> metrics;
    std::string fps_from = "5";
    std::string fps_to = "240";
    std::string fps_step = "1";
    std::string fps;
    std::string rest_speed;
    std::string png;
    std::string svg;
    bool csv = false;
    bool json = false;
};

struct Metric {
    const char* name;
    const char* title;
    const char* unit;  // "L" = the model's length unit
    double analysis::SweepRow::*field;
};

constexpr Metric kMetrics[] = {
    {"top_speed", "Top speed", "L/s", &analysis::SweepRow::top_speed},
    {"time_to_90", "Time to 90% of top speed", "s", &analysis::SweepRow::time_to_90},
    {"stop_distance", "Stop distance from top speed", "L", &analysis::SweepRow::stop_distance},
    {"turn_rate", "Full-speed turn rate", "deg/s", &analysis::SweepRow::turn_rate},
};

std::string unit_for(const Metric& m, std::string_view length_unit) {
    std::string u = m.unit;
    if (!u.empty() && u[0] == 'L') {
        u = std::string(length_unit) + u.substr(1);
    }
    return u;
}

void run_sweep(const SweepOptions& o) {
    // Everything is parsed and checked before any output.
    std::vector<std::string> names =
        o.model.models.empty() ? std::vector<std::string>{"all"} : o.model.models;
    if (std::find(names.begin(), names.end(), "all") != names.end()) {
        if (names.size() > 1) {
            throw UsageError("--model: 'all' cannot be combined with other models");
        }
        names.assign(movement::model_names.begin(), movement::model_names.end());
    }
    if (!o.model.sets.empty() && names.size() != 1) {
        throw UsageError("--set: needs exactly one --model");
    }
    std::vector<movement::AnyModel> models;
    for (const std::string& name : names) {
        models.push_back(model_from_options(name, o.model.sets));
    }
    std::vector<const Metric*> metrics;
    for (const std::string& name : o.metrics) {
        const auto it = std::find_if(std::begin(kMetrics), std::end(kMetrics),
                                     [&](const Metric& m) { return name == m.name; });
        if (it == std::end(kMetrics)) {
            throw UsageError(
                fmt::format("--metric: unknown metric '{}'; valid metrics: top_speed, time_to_90, "
                            "stop_distance, turn_rate",
                            name));
        }
        metrics.push_back(&*it);
    }
    if (metrics.empty()) {
        for (const Metric& m : kMetrics) {
            metrics.push_back(&m);
        }
    }
    std::vector<double> fps;
    if (!o.fps.empty()) {
        // The whole list is checked before any work (docs/errors.md, "Limits").
        for (const std::string& part : split(o.fps, ',')) {
            fps.push_back(parse_in_range(part, "--fps", analysis::sweep_min_fps, analysis::sweep_max_fps));
        }
        if (fps.size() > analysis::sweep_max_rates) {
            throw UsageError(
                fmt::format("--fps: at most {} frame rates, got {}", analysis::sweep_max_rates, fps.size()));
        }
    } else {
        const double from =
            parse_in_range(o.fps_from, "--fps-from", analysis::sweep_min_fps, analysis::sweep_max_fps);
        const double to =
            parse_in_range(o.fps_to, "--fps-to", analysis::sweep_min_fps, analysis::sweep_max_fps);
        const double step = parse_positive(o.fps_step, "--fps-step");
        if (to < from) {
            throw UsageError(
                fmt::format("--fps-to: must be >= --fps-from, got {} < {}", o.fps_to, o.fps_from));
        }
        if ((to - from) / step >= static_cast<double>(analysis::sweep_max_rates)) {
            throw UsageError(fmt::format("--fps-step: more than {} frame rates", analysis::sweep_max_rates));
        }
        fps = analysis::fps_range(from, to, step);
    }
    analysis::SweepSettings settings;
    if (!o.rest_speed.empty()) {
        set_from_flag(settings, "rest_speed", o.rest_speed, kSweepFlags);
    }
    require_valid(settings.validate(), kSweepFlags);
#if !KINEMA_HAVE_RENDER
    if (!o.png.empty() || !o.svg.empty()) {
        throw UsageError(fmt::format("{}: this kinema was built without kinema::render (cairo)",
                                     o.png.empty() ? "--svg" : "--png"));
    }
#endif

    std::vector<analysis::SweepResult> results;
    for (const movement::AnyModel& m : models) {
        results.push_back(analysis::sweep(m, fps, settings));
    }

    std::string out;
    if (o.json) {
        ordered_json list = ordered_json::array();
        for (const analysis::SweepResult& r : results) {
            auto row_json = [&](const analysis::SweepRow& row) {
                ordered_json j{{"fps", number(row.fps)}};
                for (const Metric* m : metrics) {
                    j[m->name] = number(row.*(m->field));
                }
                return j;
            };
            ordered_json rows = ordered_json::array();
            for (const analysis::SweepRow& row : r.rows) {
                rows.push_back(row_json(row));
            }
            ordered_json cont = row_json(r.continuous);
            cont.erase("fps");
            list.push_back(ordered_json{{"model", r.model},
                                        {"length_unit", r.length_unit},
                                        {"rest_speed", settings.rest_speed},
                                        {"continuous", cont},
                                        {"rows", rows}});
        }
        out = ordered_json{{"models", list}}.dump(2) + "\n";
    } else if (o.csv) {
        out = "model,fps";
        for (const Metric* m : metrics) {
            out += fmt::format(",{}", m->name);
        }
        out += "\n";
        for (const analysis::SweepResult& r : results) {
            for (const analysis::SweepRow& row : r.rows) {
                out += fmt::format("{},{}", r.model, text(row.fps));
                for (const Metric* m : metrics) {
                    out += "," + text(row.*(m->field));
                }
                out += "\n";
            }
            out += fmt::format("{},inf", r.model);
            for (const Metric* m : metrics) {
                out += "," + text(r.continuous.*(m->field));
            }
            out += "\n";
        }
    } else {
        for (const analysis::SweepResult& r : results) {
            out += fmt::format("{} ({}; stop distance to rest at {} {}/s for stepping models)\n", r.model,
                               r.length_unit, text(settings.rest_speed), r.length_unit);
            out += fmt::format("{:>8}", "fps");
            for (const Metric* m : metrics) {
                out += fmt::format(" {:>22}", fmt::format("{} {}", m->name, unit_for(*m, r.length_unit)));
            }
            out += "\n";
            auto line = [&](const analysis::SweepRow& row, const std::string& label) {
                out += fmt::format("{:>8}", label);
                for (const Metric* m : metrics) {
                    const double v = row.*(m->field);
                    out += std::isfinite(v) ? fmt::format(" {:>22.4f}", v) : fmt::format(" {:>22}", text(v));
                }
                out += "\n";
            };
            for (const analysis::SweepRow& row : r.rows) {
                line(row, text(row.fps));
            }
            line(r.continuous, "limit");
        }
    }

#if KINEMA_HAVE_RENDER
    std::string png;
    std::string svg;
    if (!o.png.empty() || !o.svg.empty()) {
        std::vector<render::ChartPanel> panels;
        for (const Metric* m : metrics) {
            render::ChartPanel panel;
            panel.title = std::string(m->title) + " / continuous limit";
            panel.y_label = "ratio to the dt -> 0 limit";
            panel.reference_y = 1.0;
            panel.reference_label = "continuous";
            for (const analysis::SweepResult& r : results) {
                const double limit = r.continuous.*(m->field);
                render::ChartSeries s;
                s.label = std::string(r.model);
                if (!(std::isfinite(limit) && limit != 0.0)) {
                    s.label += " (no limit)";
                }
                for (const analysis::SweepRow& row : r.rows) {
                    s.x.push_back(row.fps);
                    s.y.push_back(std::isfinite(limit) && limit != 0.0
                                      ? row.*(m->field) / limit
                                      : std::numeric_limits<double>::quiet_NaN());
                }
                panel.series.push_back(std::move(s));
            }
            panels.push_back(std::move(panel));
        }
        render::ChartSettings chart;
        chart.title = "Frame-rate dependence (kinema sweep)";
        chart.x_label = "frames per second";
        if (!o.png.empty()) {
            png = render::chart_png(panels, chart);
        }
        if (!o.svg.empty()) {
            svg = render::chart_svg(panels, chart);
        }
    }
    // Both pictures under one rule (output_files.hpp): if either cannot be written, neither target changes.
    OutputFiles files;
    if (!o.png.empty()) {
        files.add("--png", o.png, std::move(png));
    }
    if (!o.svg.empty()) {
        files.add("--svg", o.svg, std::move(svg));
    }
    files.commit();
#endif
    fmt::print("{}", out);
}

}  // namespace

void add_sweep_command(CLI::App& app) {
    auto o = std::make_shared<SweepOptions>();
    CLI::App* cmd = app.add_subcommand(
        "sweep",
        "Frame-rate sweep: top speed, time to 90%, stop distance, turn rate vs the continuous limit");
    add_model_options(cmd, o->model, "dishonored | crosscode | unreal | all (repeatable; default all)");
    cmd->add_option("--metric", o->metrics, "top_speed | time_to_90 | stop_distance | turn_rate (repeatable)")
        ->type_name("METRIC");
    CLI::Option* from = cmd->add_option("--fps-from", o->fps_from, "first frame rate, [0.1, 1000]")
                            ->type_name("FPS")
                            ->capture_default_str();
    CLI::Option* to = cmd->add_option("--fps-to", o->fps_to, "last frame rate, [0.1, 1000]")
                          ->type_name("FPS")
                          ->capture_default_str();
    CLI::Option* step = cmd->add_option("--fps-step", o->fps_step, "frame-rate step")
                            ->type_name("FPS")
                            ->capture_default_str();
    CLI::Option* list =
        cmd->add_option("--fps", o->fps,
                        "explicit frame rates, e.g. 30,60,144 (at most 1000, each [0.1, 1000])")
            ->type_name("LIST");
    list->excludes(from)->excludes(to)->excludes(step);
    cmd->add_option("--rest-speed", o->rest_speed, field_help<analysis::SweepSettings>("rest_speed"))
        ->type_name("V");
    CLI::Option* csv = cmd->add_flag("--csv", o->csv, "print CSV");
    CLI::Option* json = cmd->add_flag("--json", o->json, "print JSON");
    csv->excludes(json);
    cmd->add_option("--png", o->png, "also draw the chart as PNG")->type_name("FILE");
    cmd->add_option("--svg", o->svg, "also draw the chart as SVG")->type_name("FILE");
    cmd->footer(
        "Lengths in each model's unit (u, px, cm); the chart plots each metric divided by its continuous "
        "limit.\n"
        "Example: kinema sweep --model unreal --metric stop_distance --fps 20,30,60,144,240 --csv");
    // Library checks name their arguments; the message names the flag instead.
    static constexpr FieldFlag kArgumentFlags[] = {
        {"fps", "--fps"},       {"frame_time", "--fps"},    {"fps_from", "--fps-from"},
        {"fps_to", "--fps-to"}, {"fps_step", "--fps-step"}, {"rest_speed", "--rest-speed"}};
    cmd->callback([o] { name_library_errors(kArgumentFlags, [&] { run_sweep(*o); }); });
}

}  // namespace kinema::cli
