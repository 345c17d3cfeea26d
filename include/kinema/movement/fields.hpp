// Settings fields by their documented snake_case names, so that tools can set any field from text
// (`kinema simulate --set ground_friction=4`) and list them with units and defaults in --help.
#pragma once

#include <span>
#include <string_view>

namespace kinema::movement {

struct DishonoredSettings;
struct CrossCodeSettings;
struct UnrealSettings;

/// How a field stores its value. Every field is read and written as a double: booleans as 0/1, integers as
/// whole numbers.
enum class FieldType { real, integer, boolean };

/// One settings field's documentation.
struct SettingField {
    std::string_view name;   ///< The struct member's name, e.g. "ground_friction".
    std::string_view unit;   ///< e.g. "1/s", "cm/s"; "1" for dimensionless numbers, "bool", "count".
    std::string_view range;  ///< Valid values as validate() checks them, e.g. "[0, inf)".
    std::string_view doc;    ///< One line: what the field does.
    FieldType type;          ///< Storage type.
    double default_value;    ///< The default-constructed settings' value (booleans as 0/1).
};

/// The fields of a settings struct, in declaration order. Defined for DishonoredSettings, CrossCodeSettings
/// and UnrealSettings.
template <class Settings>
[[nodiscard]] std::span<const SettingField> setting_fields() noexcept;

template <>
std::span<const SettingField> setting_fields<DishonoredSettings>() noexcept;
template <>
std::span<const SettingField> setting_fields<CrossCodeSettings>() noexcept;
template <>
std::span<const SettingField> setting_fields<UnrealSettings>() noexcept;

/// Sets the field called `name`. Throws SettingsError naming the field when the name is unknown (the message
/// lists every valid name), or when the value does not fit the field's type: a boolean takes 0 or 1, an
/// integer a whole number in int's range; a real takes any double (ranges are checked by validate(), where
/// the settings enter the library).
void set_field(DishonoredSettings& settings, std::string_view name, double value);
void set_field(CrossCodeSettings& settings, std::string_view name, double value);
void set_field(UnrealSettings& settings, std::string_view name, double value);

/// Reads the field called `name` as a double. Throws SettingsError for an unknown name, like set_field().
[[nodiscard]] double get_field(const DishonoredSettings& settings, std::string_view name);
[[nodiscard]] double get_field(const CrossCodeSettings& settings, std::string_view name);
[[nodiscard]] double get_field(const UnrealSettings& settings, std::string_view name);

}  // namespace kinema::movement
