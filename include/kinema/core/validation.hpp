// Settings validation shared by every part: each settings struct has a `validate()` that returns the list of
// bad fields (empty when valid), and the library's entry points throw SettingsError carrying that list.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace kinema {

/// One bad settings field: its documented name (as used by `--set name=value`) and what is wrong with it.
struct FieldError {
    std::string field;
    std::string message;
};

using FieldErrors = std::vector<FieldError>;

/// Thrown where invalid settings enter the library. what() names every bad field on one line.
class SettingsError : public std::invalid_argument {
  public:
    SettingsError(std::string_view settings_name, FieldErrors errors);
    const FieldErrors& errors() const noexcept { return errors_; }

  private:
    FieldErrors errors_;
};

/// Throws SettingsError(settings_name, errors) when errors is not empty.
void throw_if_invalid(std::string_view settings_name, const FieldErrors& errors);

/// Helpers for validate() implementations. Each appends to `errors` when the value is bad: non-finite values
/// are always bad; the bounds are inclusive unless the name says otherwise.
void require_finite(FieldErrors& errors, std::string_view field, double value);
void require_at_least(FieldErrors& errors, std::string_view field, double value, double min);
void require_greater(FieldErrors& errors, std::string_view field, double value, double exclusive_min);
void require_in_range(FieldErrors& errors, std::string_view field, double value, double min, double max);

}  // namespace kinema
