// Settings from the command line through the settings registry (kinema/core/settings_registry.hpp): the CLI
// parses text into typed values and does nothing else; validation lives once, in each settings struct's
// validate(). Commands bind their settings flags with a FlagBinder (flag_binder.hpp), the one place errors
// are named by the flag typed; their help comes from the registry (kinema::field_help). Here: --set
// NAME=VALUE and the --model/--set block shared by simulate, stop and sweep.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/model.hpp"

namespace kinema::cli {

/// Applies one --set NAME=VALUE (NAME a field's documented name, VALUE text of its type).
void apply_set_option(const SettingsDescription& description, void* settings, std::string_view text);

/// --model and --set of the movement-model commands (simulate, stop, sweep).
struct ModelOptions {
    std::vector<std::string> models;  ///< --model NAME (repeatable where the command allows)
    std::vector<std::string> sets;    ///< --set NAME=VALUE, in order
};

/// Adds --model (help `model_help`) and --set to `cmd`; returns the --model option (to mark it required).
CLI::Option* add_model_options(CLI::App* cmd, ModelOptions& options, const std::string& model_help);
/// The one --model given, or `fallback` when none was; more than one is a UsageError.
[[nodiscard]] std::string single_model(const ModelOptions& options, std::string_view fallback);
/// The named model with default settings; an unknown name is a UsageError naming `flag`.
[[nodiscard]] movement::AnyModel model_option(const std::string& name, std::string_view flag = "--model");
/// Every --set applied in order to `model`, then validate(); errors name --set and the field.
void apply_set_options(movement::AnyModel& model, const std::vector<std::string>& sets);
/// model_option(name) with apply_set_options(sets).
[[nodiscard]] movement::AnyModel model_from_options(const std::string& name,
                                                    const std::vector<std::string>& sets);

}  // namespace kinema::cli
