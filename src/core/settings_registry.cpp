#include "kinema/core/settings_registry.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"

namespace kinema {
namespace {

std::string padded(std::string_view text, std::size_t width) {
    std::string out(text);
    out.resize(std::max(width, text.size()), ' ');
    return out;
}

bool in_range(const FieldRange& r, double v) {
    const bool above = r.min_closed ? v >= r.min : v > r.min;
    const bool below = r.max_closed ? v <= r.max : v < r.max;
    return above && below;
}

std::string interval_text(const FieldRange& r) {
    const auto end = [](double v) {
        return std::isinf(v) ? std::string(v < 0 ? "-inf" : "inf") : format_number(v);
    };
    std::string out(r.min_closed ? "[" : "(");
    out.append(end(r.min)).append(", ").append(end(r.max)).append(r.max_closed ? "]" : ")");
    return out;
}

// "must be >= 0", "must be > 0", "must be in [1, 25]".
std::string requirement(const FieldRange& r) {
    const bool has_min = std::isfinite(r.min);
    const bool has_max = std::isfinite(r.max);
    std::string out;
    if (has_min && !has_max) {
        out.append(r.min_closed ? ">= " : "> ").append(format_number(r.min));
    } else if (!has_min && has_max) {
        out.append(r.max_closed ? "<= " : "< ").append(format_number(r.max));
    } else {
        out.append("in ").append(interval_text(r));
    }
    return out;
}

std::string choice_list(const FieldDescriptor& f, std::string_view last_separator,
                        std::string_view separator = ", ") {
    std::string out;
    for (std::size_t i = 0; i < f.choices.size(); ++i) {
        out += i == 0 ? "" : (i + 1 == f.choices.size() ? last_separator : separator);
        out += f.choices[i].name;
    }
    return out;
}

const FieldChoice* find_choice(const FieldDescriptor& f, double value) {
    for (const FieldChoice& c : f.choices) {
        if (c.value == value) {
            return &c;
        }
    }
    return nullptr;
}

// The part prefixes on the way to a field. validate() runs on every checked step, so valid settings must not
// allocate: the full name is only built for an error.
struct Prefix {
    static constexpr std::size_t max_depth = 8;
    std::array<std::string_view, max_depth> parts{};
    std::size_t depth = 0;

    [[nodiscard]] std::string full(std::string_view name) const {
        std::string out;
        for (std::size_t i = 0; i < depth; ++i) {
            out += parts[i];
        }
        return out += name;
    }
};

// Why `v` is not valid for `f`, or empty (no allocation when valid).
std::string problem(const FieldDescriptor& f, double v) {
    if (f.type == FieldType::real && !std::isfinite(v)) {
        return "must be a finite number, got " + format_number(v);
    }
    if (f.type == FieldType::choice) {
        return find_choice(f, v) == nullptr
                   ? "must be " + choice_list(f, " or ") + ", got " + format_number(v)
                   : std::string();
    }
    if (f.type != FieldType::boolean && !in_range(f.range, v)) {
        return "must be " + requirement(f.range) + ", got " + format_number(v);
    }
    return {};
}

struct Resolved {
    const FieldDescriptor* field = nullptr;
    void* settings = nullptr;
};

// The field called `name` and the (sub-)struct that holds it; `settings` may be null (lookup only).
Resolved resolve(const SettingsDescription& d, void* settings, std::string_view name) {
    for (const SettingsPart& p : d.parts) {
        if (name.starts_with(p.prefix)) {
            const Resolved r = resolve(p.description(), settings == nullptr ? nullptr : p.access(settings),
                                       name.substr(p.prefix.size()));
            if (r.field != nullptr) {
                return r;
            }
        }
    }
    for (const FieldDescriptor& f : d.fields) {
        if (f.name == name) {
            return {&f, settings};
        }
    }
    return {};
}

// A name of `d.order`: a programmer's error when it names no field (tests/core checks every registered one).
Resolved resolve_ordered(const SettingsDescription& d, void* settings, std::string_view name) {
    const Resolved r = resolve(d, settings, name);
    if (r.field == nullptr) {
        throw std::logic_error(std::string(d.name) + "'s order names no field \"" + std::string(name) + "\"");
    }
    return r;
}

void check_field(const FieldDescriptor& f, const void* settings, const Prefix& prefix, std::string_view name,
                 FieldErrors& errors) {
    std::string message = problem(f, f.get(settings));
    if (!message.empty()) {
        errors.push_back({prefix.full(name), std::move(message)});
    }
}

void validate_into(const SettingsDescription& d, const void* settings, Prefix prefix, FieldErrors& errors) {
    for (const std::string_view name : d.order) {
        // access() only forms a pointer to the part; nothing is written through it.
        const Resolved r = resolve_ordered(d, const_cast<void*>(settings), name);
        check_field(*r.field, r.settings, prefix, name, errors);
    }
    if (!d.order.empty()) {
        return;
    }
    for (const SettingsPart& p : d.parts) {
        Prefix inner = prefix;
        if (inner.depth < Prefix::max_depth) {
            inner.parts[inner.depth++] = p.prefix;
        }
        // access() only forms a pointer to the part; nothing is written through it.
        validate_into(p.description(), p.access(const_cast<void*>(settings)), inner, errors);
    }
    for (const FieldDescriptor& f : d.fields) {
        check_field(f, settings, prefix, f.name, errors);
    }
}

void list_into(const SettingsDescription& d, const std::string& prefix, std::vector<NamedField>& out) {
    for (const std::string_view name : d.order) {
        out.push_back({prefix + std::string(name), resolve_ordered(d, nullptr, name).field});
    }
    if (!d.order.empty()) {
        return;
    }
    for (const SettingsPart& p : d.parts) {
        list_into(p.description(), prefix + std::string(p.prefix), out);
    }
    for (const FieldDescriptor& f : d.fields) {
        out.push_back({prefix + std::string(f.name), &f});
    }
}

Resolved resolve_or_throw(const SettingsDescription& d, void* settings, std::string_view name) {
    const Resolved r = resolve(d, settings, name);
    if (r.field == nullptr) {
        std::string valid;
        for (const NamedField& f : list_fields(d)) {
            valid += valid.empty() ? "" : ", ";
            valid += f.name;
        }
        throw SettingsError(d.name, {{std::string(name), "is not a field; valid fields: " + valid}});
    }
    return r;
}

// Why `value` cannot be stored in the field, or empty.
std::string type_mismatch(const FieldDescriptor& f, double value) {
    switch (f.type) {
        case FieldType::real:
            return {};
        case FieldType::integer:
            if (!std::isfinite(value) || value != std::trunc(value)) {
                return "must be a whole number, got " + format_number(value);
            }
            if (value < f.storage_min || value > f.storage_max) {
                // 1e308 is a whole number, just not one the field can hold: say which ones it takes.
                const bool documented = std::isfinite(f.range.min) || std::isfinite(f.range.max);
                return "must be a whole number " +
                       requirement(documented ? f.range : closed_range(f.storage_min, f.storage_max)) +
                       ", got " + format_number(value);
            }
            return {};
        case FieldType::boolean:
            return value == 0.0 || value == 1.0 ? std::string()
                                                : "must be 0 or 1, got " + format_number(value);
        case FieldType::choice:
            return find_choice(f, value) != nullptr
                       ? std::string()
                       : "must be " + choice_list(f, " or ") + ", got " + format_number(value);
    }
    return {};
}

// The one number rule of every face (read_number, kinema/core/text.hpp); inf and nan are numbers here, for
// the field's range to refuse with its own message.
bool parse_double(std::string_view text, double& value) {
    const ReadNumber n = read_number(text);
    value = n.value;
    return n.status != NumberText::not_a_number;
}

}  // namespace

FieldErrors validate_settings(const SettingsDescription& description, const void* settings) {
    FieldErrors errors;
    validate_into(description, settings, Prefix{}, errors);
    return errors;
}

std::vector<NamedField> list_fields(const SettingsDescription& description) {
    std::vector<NamedField> out;
    list_into(description, "", out);
    return out;
}

const FieldDescriptor* find_field(const SettingsDescription& description, std::string_view name) {
    return resolve(description, nullptr, name).field;
}

void set_field(const SettingsDescription& description, void* settings, std::string_view name, double value) {
    const Resolved r = resolve_or_throw(description, settings, name);
    std::string problem = type_mismatch(*r.field, value);
    if (!problem.empty()) {
        throw SettingsError(description.name, {{std::string(name), std::move(problem)}});
    }
    r.field->put(r.settings, value);
}

void set_field_text(const SettingsDescription& description, void* settings, std::string_view name,
                    std::string_view text) {
    const FieldDescriptor& f = *resolve_or_throw(description, settings, name).field;
    double value = 0.0;
    if (f.type == FieldType::choice) {
        for (const FieldChoice& c : f.choices) {
            if (c.name == text) {
                set_field(description, settings, name, c.value);
                return;
            }
        }
        throw SettingsError(description.name, {{std::string(name), "must be " + choice_list(f, " or ") +
                                                                       ", got " + quote_for_message(text)}});
    }
    if (f.type == FieldType::boolean && (text == "true" || text == "false")) {
        value = text == "true" ? 1.0 : 0.0;
    } else if (!parse_double(text, value)) {
        throw SettingsError(description.name,
                            {{std::string(name), "expected a number, got " + quote_for_message(text)}});
    }
    set_field(description, settings, name, value);
}

double get_field(const SettingsDescription& description, const void* settings, std::string_view name) {
    // The settings are only read: resolve() forms pointers, get() reads through them.
    const Resolved r = resolve_or_throw(description, const_cast<void*>(settings), name);
    return r.field->get(r.settings);
}

std::string range_text(const FieldDescriptor& field) {
    switch (field.type) {
        case FieldType::boolean:
            return "0 or 1";
        case FieldType::choice:
            return choice_list(field, " | ");
        case FieldType::real:
        case FieldType::integer:
            break;
    }
    return interval_text(field.range);
}

std::string value_text(const FieldDescriptor& field, double value) {
    if (field.type == FieldType::boolean) {
        return value != 0.0 ? "true" : "false";
    }
    if (field.type == FieldType::choice) {
        if (const FieldChoice* c = find_choice(field, value)) {
            return std::string(c->name);
        }
    }
    return field.type == FieldType::integer && std::isfinite(value) ? format_number(value)
                                                                    : format_number(value);
}

std::string field_help(const SettingsDescription& description, std::string_view field, const void* defaults) {
    const FieldDescriptor* f = find_field(description, field);
    if (f == nullptr) {
        return std::string(field);  // a programming error in a command's table; shows up in --help
    }
    return std::string(f->doc) + "; " + std::string(f->unit) + ", " + range_text(*f) + " (default " +
           value_text(*f, get_field(description, defaults, field)) + ")";
}

std::string field_placeholder(const FieldDescriptor& field) {
    switch (field.type) {
        case FieldType::integer:
            return "INT";
        case FieldType::real:
            return "NUMBER";
        case FieldType::boolean:
            return "0|1";
        case FieldType::choice:
            break;
    }
    return choice_list(field, "|", "|");
}

FieldErrors suggest_field(const SettingsDescription& description, std::string_view name, FieldErrors errors) {
    constexpr std::string_view not_a_field = "is not a field";
    if (find_field(description, name) != nullptr) {
        return errors;
    }
    std::vector<std::string> names;
    for (const NamedField& f : list_fields(description)) {
        names.push_back(f.name);
    }
    const std::string nearest = nearest_word(name, names);
    for (FieldError& error : errors) {
        if (!nearest.empty() && error.field == name && error.message.starts_with(not_a_field)) {
            error.message.insert(not_a_field.size(), " (did you mean " + nearest + "?)");
        }
    }
    return errors;
}

std::string settings_help(const SettingsDescription& description, std::string_view indent) {
    std::string out;
    for (const NamedField& f : list_fields(description)) {
        out += std::string(indent) + padded(f.name, 30) + " " + padded(f.field->unit, 7) + " " +
               padded(range_text(*f.field), 9) + " default " + value_text(*f.field, f.field->default_value) +
               "  " + std::string(f.field->doc) + "\n";
    }
    return out;
}

std::string settings_json(const SettingsDescription& description, const void* settings) {
    std::string out = "{";
    for (const NamedField& f : list_fields(description)) {
        const double v = get_field(description, settings, f.name);
        out += out.size() == 1 ? "\"" : ", \"";
        out += f.name + "\": ";
        if (f.field->type == FieldType::boolean) {
            out += v != 0.0 ? "true" : "false";
        } else if (f.field->type == FieldType::choice && find_choice(*f.field, v) != nullptr) {
            out.append("\"").append(value_text(*f.field, v)).append("\"");
        } else {
            out += std::isfinite(v) ? format_number(v) : "null";
        }
    }
    return out + "}";
}

}  // namespace kinema
