// Helpers shared by the analysis commands (simulate, turn, stop, sweep, replay): strict numbers and the
// chart's files (frame rates: kinema/analysis/frame_rates.hpp); their JSON and CSV are the report module's
// (kinema/report/). The model and its --set settings come from settings_options.hpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/chart.hpp"
#if KINEMA_HAVE_RENDER
#include "kinema/render/report_chart.hpp"
#endif

namespace kinema::cli::analysis_cli {

/// A finite number >= 0, else UsageError naming the argument.
inline double parse_non_negative(std::string_view text, std::string_view what) {
    const double value = parse_number(text, what);
    if (!(value >= 0.0)) {
        throw UsageError(fmt::format("{}: must be >= 0, got {}", what, text));
    }
    return value;
}

/// A finite number in [min, max], else UsageError naming the argument: the documented range of a flag that is
/// not a settings field (docs/errors.md, "Limits"). Frame rates: analysis::read_rate.
inline double parse_in_range(std::string_view text, std::string_view what, double min, double max) {
    const double value = parse_number(text, what);
    if (!(value >= min && value <= max)) {
        throw UsageError(fmt::format("{}: must be in [{}, {}], got {}", what, format_number(min),
                                     format_number(max), text));
    }
    return value;
}

/// A whole number in [min, max] (`unit` after "a whole number" in the message: " of 100 ns ticks"), read by
/// the one number rule ("+5" and "1e3" as every flag reads them), else UsageError naming the argument.
inline std::int64_t parse_whole(std::string_view text, std::string_view what, std::int64_t min,
                                std::int64_t max, std::string_view unit = "") {
    const ReadNumber n = read_number(text);
    if (n.status != NumberText::ok ||
        !(n.value >= static_cast<double>(min) && n.value <= static_cast<double>(max)) ||
        n.value != std::floor(n.value)) {
        throw UsageError(fmt::format("{}: expected a whole number{} in [{}, {}], got {}", what, unit, min,
                                     max, quote_for_message(text)));
    }
    return static_cast<std::int64_t>(n.value);
}

/// A command's --png and --svg: the chart it also draws, and the files it read (no picture may overwrite
/// one).
struct ChartFiles {
    std::string png;
    std::string svg;
    std::vector<output::InputFile> inputs;  // set by the command's callback (input_files)

    /// --png and --svg, help "also draw <what> as PNG" / "... as SVG".
    void add_options(CLI::App* cmd, std::string_view what) {
        add_file_option(cmd, "--png", png, fmt::format("also draw {} as PNG", what));
        add_file_option(cmd, "--svg", svg, fmt::format("also draw {} as SVG", what));
    }

    /// --png/--svg need kinema::render; checked with the other arguments, before any output.
    void check_render_available() const {
        refuse_pictures_without_render(!png.empty() || !svg.empty(), png.empty() ? "--svg" : "--png");
    }

    /// Draws the chart `make_chart` composes (only when asked) as --png and --svg: both rendered before
    /// either file is written, under one rule (kinema/output/output_files.hpp): if either cannot be written,
    /// neither target changes, and neither may overwrite one of the command's `inputs`.
    void write([[maybe_unused]] const std::function<report::Chart()>& make_chart) const {
#if KINEMA_HAVE_RENDER
        if (png.empty() && svg.empty()) {
            return;
        }
        const report::Chart chart = make_chart();
        output::OutputFiles files(inputs);
        if (!png.empty()) {
            files.add("--png", png, render::chart_png(chart));
        }
        if (!svg.empty()) {
            files.add("--svg", svg, render::chart_svg(chart));
        }
        files.commit();
#endif
    }
};

}  // namespace kinema::cli::analysis_cli
