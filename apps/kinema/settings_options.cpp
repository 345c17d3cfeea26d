#include "settings_options.hpp"

#include <fmt/format.h>

#include "cli_common.hpp"
#include "flag_binder.hpp"

namespace kinema::cli {

void apply_set_option(const SettingsDescription& description, void* settings, std::string_view text) {
    const std::size_t equals = text.find('=');
    if (equals == std::string_view::npos || equals == 0) {
        throw UsageError(fmt::format("--set: expected name=value, got {}", quote_for_message(text)));
    }
    const std::string_view name = text.substr(0, equals);
    try {
        set_field_text(description, settings, name, text.substr(equals + 1));
    } catch (const SettingsError& e) {
        // No flag bound: every error names "--set FIELD".
        throw UsageError(FlagBinder{}.message(suggest_field(description, name, e.errors())));
    }
}

CLI::Option* add_model_options(CLI::App* cmd, ModelOptions& options, const std::string& model_help) {
    // One value per occurrence (repeat the flag for more), so that neither eats a positional argument.
    CLI::Option* model =
        cmd->add_option("--model", options.models, model_help)->type_name("MODEL")->allow_extra_args(false);
    cmd->add_option("--set", options.sets,
                    "change one settings field (repeatable; `kinema simulate --help` lists the fields)")
        ->type_name("NAME=VALUE")
        ->allow_extra_args(false);
    return model;
}

std::string single_model(const ModelOptions& options, std::string_view fallback) {
    if (options.models.size() > 1) {
        throw UsageError("--model: this command takes one model");
    }
    return options.models.empty() ? std::string(fallback) : options.models.front();
}

movement::AnyModel model_option(const std::string& name, std::string_view flag) {
    try {
        return movement::make_model(name);
    } catch (const std::invalid_argument& e) {
        throw UsageError(fmt::format("{}: {}", flag, e.what()));
    }
}

void apply_set_options(movement::AnyModel& model, const std::vector<std::string>& sets) {
    for (const std::string& set : sets) {
        apply_set_option(movement::settings_description(model), movement::settings_pointer(model), set);
    }
    FlagBinder{}.require_valid(movement::validate(model));
}

movement::AnyModel model_from_options(const std::string& name, const std::vector<std::string>& sets) {
    movement::AnyModel model = model_option(name);
    apply_set_options(model, sets);
    return model;
}

}  // namespace kinema::cli
