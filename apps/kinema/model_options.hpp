// The movement model named on the command line (--model) with its --set name=value settings, shared by
// simulate, stop and sweep. Every error is a UsageError naming the argument.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::cli {

/// The named model with its default settings.
inline movement::AnyModel model_option(const std::string& name) {
    try {
        return movement::make_model(name);
    } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("--model: {}", e.what()));
    }
}

/// Applies one --set NAME=VALUE (the field's documented snake_case name, a finite number).
inline void apply_set_option(movement::AnyModel& model, std::string_view text) {
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos || equals == 0) {
        throw UsageError(fmt::format("--set: expected name=value, got '{}'", text));
    }
    const std::string_view name = text.substr(0, equals);
    const double value = parse_number(text.substr(equals + 1), fmt::format("--set {}", name));
    try {
        movement::set_field(model, name, value);
    } catch (const SettingsError& e) {
        throw UsageError(fmt::format("--set: {}", e.what()));
    }
}

/// Validates the settings after every --set was applied; a bad value is reported against --set.
inline void validate_model_option(const movement::AnyModel& model) {
    try {
        movement::throw_if_invalid(model);
    } catch (const SettingsError& e) {
        throw UsageError(fmt::format("--set: {}", e.what()));
    }
}

/// model_option(name), every --set applied in order, then validated.
inline movement::AnyModel model_from_options(const std::string& name, const std::vector<std::string>& sets) {
    movement::AnyModel model = model_option(name);
    for (const std::string& set : sets) {
        apply_set_option(model, set);
    }
    validate_model_option(model);
    return model;
}

}  // namespace kinema::cli
