// Helpers shared by the analysis commands (turn, stop, sweep): strict numbers and their text; their JSON and
// CSV are the report module's (kinema/report/). The model and its --set settings come from
// settings_options.hpp.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/chart.hpp"
#include "kinema/report/text.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/chart.hpp"
#endif

namespace kinema::cli::analysis_cli {

/// A finite number > 0 (or >= 0 when allow_zero), else UsageError naming the argument.
inline double parse_positive(std::string_view text, std::string_view what, bool allow_zero = false) {
    const double value = parse_number(text, what);
    if (allow_zero ? !(value >= 0.0) : !(value > 0.0)) {
        throw UsageError(fmt::format("{}: must be {} 0, got {}", what, allow_zero ? ">=" : ">", text));
    }
    return value;
}

/// A finite number in [min, max], else UsageError naming the argument: the documented range of a flag that is
/// not a settings field (docs/errors.md, "Limits").
inline double parse_in_range(std::string_view text, std::string_view what, double min, double max) {
    const double value = parse_number(text, what);
    if (!(value >= min && value <= max)) {
        throw UsageError(fmt::format("{}: must be in [{}, {}], got {}", what, format_number(min),
                                     format_number(max), text));
    }
    return value;
}

/// Shortest round-trip text, "inf"/"nan" spelled out, for messages: the tables' (report::number_text).
inline std::string text(double value) {
    return report::number_text(value);
}

/// --png/--svg need kinema::render; checked with the other arguments, before any output.
inline void check_render_available([[maybe_unused]] const std::string& png,
                                   [[maybe_unused]] const std::string& svg) {
#if !KINEMA_HAVE_RENDER
    if (!png.empty() || !svg.empty()) {
        throw UsageError(fmt::format("{}: this kinema was built without kinema::render (cairo)",
                                     png.empty() ? "--svg" : "--png"));
    }
#endif
}

/// Draws the chart `make_chart` composes (only when asked) as --png and --svg: both rendered before either
/// file is written, under one rule (kinema/output/output_files.hpp): if either cannot be written, neither
/// target changes, and neither may overwrite one of the command's `inputs`.
inline void write_chart_files([[maybe_unused]] const std::string& png,
                              [[maybe_unused]] const std::string& svg,
                              [[maybe_unused]] const std::vector<output::InputFile>& inputs,
                              [[maybe_unused]] const std::function<report::Chart()>& make_chart) {
#if KINEMA_HAVE_RENDER
    if (png.empty() && svg.empty()) {
        return;
    }
    report::Chart chart = make_chart();
    std::vector<render::ChartPanel> panels;
    for (report::Chart::Panel& p : chart.panels) {
        render::ChartPanel& panel = panels.emplace_back();
        panel = {std::move(p.title), std::move(p.y_label), {}, p.reference_y, std::move(p.reference_label)};
        for (report::Chart::Curve& c : p.curves) {
            panel.series.push_back({std::move(c.label), std::move(c.x), std::move(c.y)});
        }
    }
    const render::ChartSettings settings{.title = std::move(chart.title),
                                         .x_label = std::move(chart.x_label)};
    output::OutputFiles files(inputs);
    if (!png.empty()) {
        files.add("--png", png, render::chart_png(panels, settings));
    }
    if (!svg.empty()) {
        files.add("--svg", svg, render::chart_svg(panels, settings));
    }
    files.commit();
#endif
}

}  // namespace kinema::cli::analysis_cli
