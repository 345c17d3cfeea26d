// Helpers shared by the analysis commands (turn, stop, sweep): strict numbers and their text; their JSON and
// CSV are the report module's (kinema/report/). The model and its --set settings come from
// settings_options.hpp.
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "kinema/report/text.hpp"

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

}  // namespace kinema::cli::analysis_cli
