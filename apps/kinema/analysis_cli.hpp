// Helpers shared by the analysis commands (turn, stop, sweep): model and settings from the command line,
// strict numbers, JSON numbers that may be non-finite.
#pragma once

#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli_common.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::cli::analysis_cli {

/// A finite number > 0 (or >= 0 when allow_zero), else UsageError naming the argument.
inline double parse_positive(std::string_view text, std::string_view what, bool allow_zero = false) {
    const double value = parse_number(text, what);
    if (allow_zero ? !(value >= 0.0) : !(value > 0.0)) {
        throw UsageError(fmt::format("{}: must be {} 0, got {}", what, allow_zero ? ">=" : ">", text));
    }
    return value;
}

/// The named model with every --set name=value applied and validated; errors name the argument.
inline movement::AnyModel model_from_options(const std::string& name, const std::vector<std::string>& sets) {
    movement::AnyModel model;
    try {
        model = movement::make_model(name);
    } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--model: {}", e.what()));
    }
    for (const std::string& set : sets) {
        const auto equals = set.find('=');
        if (equals == std::string::npos || equals == 0) {
            throw UsageError(fmt::format("--set: expected name=value, got '{}'", set));
        }
        const std::string field = set.substr(0, equals);
        const double value =
            parse_number(std::string_view(set).substr(equals + 1), fmt::format("--set {}", field));
        try {
            movement::set_field(model, field, value);
        } catch (const SettingsError& e) {
            throw UsageError(fmt::format("--set: {}", e.what()));
        }
    }
    try {
        movement::throw_if_invalid(model);
    } catch (const SettingsError& e) {
        throw UsageError(fmt::format("--set: {}", e.what()));
    }
    return model;
}

/// A JSON number, or null for NaN and infinities (JSON has neither).
inline nlohmann::ordered_json number(double value) {
    return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

/// Shortest round-trip text, "inf"/"nan" spelled out, for tables and CSV.
inline std::string text(double value) {
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? "inf" : "-inf";
    }
    return format_number(value);
}

}  // namespace kinema::cli::analysis_cli
