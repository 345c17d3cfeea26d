// One description per settings struct: every field's name, unit, valid range, default and one-line doc, in
// the spirit of Recast's `[Limit] [Units]` tags and Jolt's attribute lists. From that one table come
// validate(), setting and reading fields by name (from a number or from text), the --help lines of the
// command-line tool, a JSON object of the settings, and the Python module's keyword arguments
// (docs/python.md).
// Defaults are never typed twice: they are read from a default-constructed struct.
//
// Registering a struct S (in S's namespace, so that argument-dependent lookup finds it):
//     const SettingsDescription& describe_settings(std::type_identity<S>) noexcept;
// defined next to S's code from a constexpr array of field<S, &S::member>(...) descriptors. S::validate()
// then returns validate_settings(*this) plus any genuinely cross-field checks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "kinema/core/validation.hpp"

namespace kinema {

/// How a field stores its value. Every field is read and written as a double: booleans as 0/1, integers as
/// whole numbers, choices (enums) as the enum's underlying value.
enum class FieldType { real, integer, boolean, choice };

/// The valid values of a number: an interval whose ends are open or closed; an infinite end means "no bound".
/// Reals must also be finite.
struct FieldRange {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool min_closed = false;
    bool max_closed = false;
};

/// Any finite value: (-inf, inf).
[[nodiscard]] constexpr FieldRange any_value() {
    return {};
}
/// [min, inf).
[[nodiscard]] constexpr FieldRange at_least(double min) {
    return {min, std::numeric_limits<double>::infinity(), true, false};
}
/// (min, inf).
[[nodiscard]] constexpr FieldRange greater_than(double min) {
    return {min, std::numeric_limits<double>::infinity(), false, false};
}
/// [min, max].
[[nodiscard]] constexpr FieldRange closed_range(double min, double max) {
    return {min, max, true, true};
}
/// Any interval with the given ends, e.g. [0, 90) or (0, 1e6].
[[nodiscard]] constexpr FieldRange interval(double min, bool min_closed, double max, bool max_closed) {
    return {min, max, min_closed, max_closed};
}

/// One named value of a choice field (an enum).
struct FieldChoice {
    std::string_view name;  ///< as written on the command line and in JSON, e.g. "nearest_heated"
    double value;           ///< the enum's underlying value
};

/// One field of a settings struct, with type-erased access to the member.
struct FieldDescriptor {
    std::string_view name;  ///< documented snake_case name (dotted for nested members: "animation.walk")
    std::string_view unit;  ///< e.g. "1/s", "cm/s"; "1" for dimensionless numbers, "bool", "count", "choice"
    std::string_view doc;   ///< one line: what the field does (and where the number comes from)
    FieldType type = FieldType::real;
    FieldRange range;                      ///< valid values (reals, integers); booleans [0, 1]
    std::span<const FieldChoice> choices;  ///< the valid values of a choice field
    double default_value = 0.0;            ///< the default-constructed struct's value, read when registering
    double storage_min = 0.0;              ///< integers: the storage type's range (e.g. int's)
    double storage_max = 0.0;
    double (*get)(const void* settings) = nullptr;        ///< reads the member of a settings struct
    void (*put)(void* settings, double value) = nullptr;  ///< writes it; the value must fit the type
};

struct SettingsDescription;

/// A nested settings struct whose fields belong to the outer one (MorrowindSettings::gmsts) or a base class
/// (TurnSettings's DishonoredSettings): its descriptors are shared, not repeated.
struct SettingsPart {
    std::string_view prefix;  ///< prepended to the part's field names, e.g. "gmsts."
    const SettingsDescription& (*description)() = nullptr;  ///< the part's own description
    void* (*access)(void* settings) = nullptr;              ///< the part inside the outer struct
};

/// The description of one settings struct.
struct SettingsDescription {
    std::string_view name;  ///< the struct's name in error messages, e.g. "UnrealSettings"
    std::span<const FieldDescriptor> fields;
    std::span<const SettingsPart> parts;  ///< checked and listed before `fields` (unless `order` is given)
    /// Full field names, each field once, in the order they are listed (help, JSON) and checked; empty:
    /// parts first, then `fields`. For a struct whose own fields and a part's are interleaved in an order
    /// users already see (PursuitSettings: its fields around the pursuer's ReasoningSettings).
    std::span<const std::string_view> order = {};
};

/// A field with its full name (part prefixes applied).
struct NamedField {
    std::string name;
    const FieldDescriptor* field = nullptr;
};

namespace settings_detail {

template <auto First, auto... Rest, class T>
constexpr auto& member(T& object) {
    if constexpr (sizeof...(Rest) == 0) {
        return object.*First;
    } else {
        return member<Rest...>(object.*First);
    }
}

template <class T>
constexpr double to_double(T value) {
    if constexpr (std::is_enum_v<T>) {
        return static_cast<double>(static_cast<std::underlying_type_t<T>>(value));
    } else if constexpr (std::is_same_v<T, bool>) {
        return value ? 1.0 : 0.0;
    } else {
        return static_cast<double>(value);
    }
}

template <class T>
constexpr T from_double(double value) {
    if constexpr (std::is_enum_v<T>) {
        return static_cast<T>(static_cast<std::underlying_type_t<T>>(value));
    } else if constexpr (std::is_same_v<T, bool>) {
        return value != 0.0;
    } else {
        return static_cast<T>(value);
    }
}

}  // namespace settings_detail

/// The descriptor of the member S::*Path (a chain of member pointers for nested members, e.g.
/// field<MorrowindSettings, &MorrowindSettings::animation, &MorrowindAnimationSpeeds::walk>). The type
/// follows the member: double -> real, bool -> boolean, other integers -> integer, enums -> choice (give
/// `choices`). The default is read from S{}.
template <class S, auto... Path>
[[nodiscard]] constexpr FieldDescriptor field(std::string_view name, std::string_view unit, FieldRange range,
                                              std::string_view doc,
                                              std::span<const FieldChoice> choices = {}) {
    using T = std::remove_cvref_t<decltype(settings_detail::member<Path...>(std::declval<S&>()))>;
    FieldDescriptor f;
    f.name = name;
    f.unit = unit;
    f.doc = doc;
    f.range = range;
    f.choices = choices;
    if constexpr (std::is_enum_v<T>) {
        f.type = FieldType::choice;
    } else if constexpr (std::is_same_v<T, bool>) {
        f.type = FieldType::boolean;
        f.range = closed_range(0.0, 1.0);
    } else if constexpr (std::is_integral_v<T>) {
        f.type = FieldType::integer;
        // Whole numbers a double holds exactly, within the storage type.
        constexpr double exact = 9007199254740992.0;  // 2^53
        f.storage_min = std::max(static_cast<double>(std::numeric_limits<T>::min()), -exact);
        f.storage_max = std::min(static_cast<double>(std::numeric_limits<T>::max()), exact);
    } else {
        static_assert(std::is_same_v<T, double>, "settings fields are double, integers, bool or enums");
        f.type = FieldType::real;
    }
    const S defaults{};
    f.default_value = settings_detail::to_double(settings_detail::member<Path...>(defaults));
    f.get = [](const void* settings) {
        return settings_detail::to_double(settings_detail::member<Path...>(*static_cast<const S*>(settings)));
    };
    f.put = [](void* settings, double value) {
        settings_detail::member<Path...>(*static_cast<S*>(settings)) = settings_detail::from_double<T>(value);
    };
    return f;
}

/// A part of S reached through the member S::*Member (prefix e.g. "gmsts."), or S's base class Base (Member
/// omitted, prefix "").
template <class S, class Part, auto Member = nullptr>
[[nodiscard]] constexpr SettingsPart part(std::string_view prefix) {
    SettingsPart p;
    p.prefix = prefix;
    p.description = []() -> const SettingsDescription& {
        return describe_settings(std::type_identity<Part>{});
    };
    p.access = [](void* settings) -> void* {
        S& outer = *static_cast<S*>(settings);
        if constexpr (std::is_same_v<decltype(Member), std::nullptr_t>) {
            return static_cast<Part*>(&outer);
        } else {
            return &(outer.*Member);
        }
    };
    return p;
}

// Type-erased operations: `settings` points to the struct `description` describes.

/// Every field outside its range (reals: or not finite; choices: not a listed value), by full name.
[[nodiscard]] FieldErrors validate_settings(const SettingsDescription& description, const void* settings);
/// Every field with its full name: in `order` when given, else parts first, in declaration order.
[[nodiscard]] std::vector<NamedField> list_fields(const SettingsDescription& description);
/// The field called `name` (full name), or nullptr.
[[nodiscard]] const FieldDescriptor* find_field(const SettingsDescription& description,
                                                std::string_view name);
/// Sets a field from a number. Throws SettingsError(description.name) naming the field when the name is
/// unknown (listing every valid name) or the value does not fit the type: a boolean takes 0 or 1, an integer
/// a whole number, a choice one of its values. Ranges are checked by validate_settings, not here.
void set_field(const SettingsDescription& description, void* settings, std::string_view name, double value);
/// Sets a field from text: a number (strict: the whole text), for booleans also true/false, for choices the
/// choice's name. Same errors, plus one for text that is not a value of the field's type.
void set_field_text(const SettingsDescription& description, void* settings, std::string_view name,
                    std::string_view text);
/// Reads a field as a double; throws SettingsError for an unknown name.
[[nodiscard]] double get_field(const SettingsDescription& description, const void* settings,
                               std::string_view name);

/// The valid values as text: "[0, 1000000]", "(0, 3600]", "0 or 1", "nearest_heated | nearest_warm".
[[nodiscard]] std::string range_text(const FieldDescriptor& field);
/// A value as text: shortest round-trip number, "true"/"false", or the choice's name.
[[nodiscard]] std::string value_text(const FieldDescriptor& field, double value);
/// One field's help for a flag or a keyword: "<doc>; <unit>, <range> (default <value>)", the default read
/// from `defaults` (a struct of the described type); the bare name for a field `description` does not hold.
[[nodiscard]] std::string field_help(const SettingsDescription& description, std::string_view field,
                                     const void* defaults);
/// The placeholder of a field's value in help: "INT", "NUMBER", "0|1" (booleans) or its choices "a|b|c".
[[nodiscard]] std::string field_placeholder(const FieldDescriptor& field);
/// `errors` (from setting the field `name`) with "(did you mean F?)" after the registry's "is not a field"
/// when `name` is no field and the name of a field F is near it (kinema/core/text.hpp nearest_word).
[[nodiscard]] FieldErrors suggest_field(const SettingsDescription& description, std::string_view name,
                                        FieldErrors errors);
/// One help line per field: name, unit, valid range, default (from the struct), doc. `indent` prefixes each.
[[nodiscard]] std::string settings_help(const SettingsDescription& description,
                                        std::string_view indent = "  ");
/// The settings as one JSON object {"name": value, ...} keyed by full field names (numbers in shortest
/// round-trip form, null when not finite; booleans true/false; choices by name).
[[nodiscard]] std::string settings_json(const SettingsDescription& description, const void* settings);

// Typed front ends for registered structs.

/// True for a struct with describe_settings(std::type_identity<S>).
template <class S>
concept RegisteredSettings = requires {
    describe_settings(std::type_identity<S>{});
};

template <RegisteredSettings S>
[[nodiscard]] const SettingsDescription& settings_description() noexcept {
    return describe_settings(std::type_identity<S>{});
}
template <RegisteredSettings S>
[[nodiscard]] FieldErrors validate_settings(const S& settings) {
    return validate_settings(settings_description<S>(), &settings);
}
template <RegisteredSettings S>
void set_field(S& settings, std::string_view name, double value) {
    set_field(settings_description<S>(), &settings, name, value);
}
template <RegisteredSettings S>
void set_field_text(S& settings, std::string_view name, std::string_view text) {
    set_field_text(settings_description<S>(), &settings, name, text);
}
template <RegisteredSettings S>
[[nodiscard]] double get_field(const S& settings, std::string_view name) {
    return get_field(settings_description<S>(), &settings, name);
}
template <RegisteredSettings S>
[[nodiscard]] std::string settings_json(const S& settings) {
    return settings_json(settings_description<S>(), &settings);
}

}  // namespace kinema
