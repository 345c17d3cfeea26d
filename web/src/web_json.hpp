// Small JSON helpers of the web bindings: the settings registry's fields (names, units, ranges, defaults,
// docs) as JSON, so the pages build their forms from the same registry as the CLI's flags (docs/web.md).
#pragma once

#include <string>

#include "kinema/core/settings_registry.hpp"

namespace kinema::web {

/// `text` as a JSON string literal (quotes added).
std::string json_string(std::string_view text);

/// [{"name", "unit", "doc", "type", "range" (text, as the CLI prints it), "min", "max" (null when
/// unbounded), "value", "default", "choices": [names]}, ...] for every field of `settings`, values as text.
std::string fields_json(const SettingsDescription& description, const void* settings);

template <RegisteredSettings S>
std::string fields_json(const S& settings) {
    return fields_json(describe_settings(std::type_identity<S>{}), &settings);
}

}  // namespace kinema::web
