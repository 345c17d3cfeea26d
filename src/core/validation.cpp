#include "kinema/core/validation.hpp"

#include <cmath>
#include <sstream>

#include "kinema/core/format.hpp"

namespace kinema {
namespace {

std::string describe(std::string_view settings_name, const FieldErrors& errors) {
    std::ostringstream out;
    out << "invalid " << settings_name << ":";
    for (std::size_t i = 0; i < errors.size(); ++i) {
        out << (i == 0 ? " " : "; ") << errors[i].field << " " << errors[i].message;
    }
    return out.str();
}

bool reject_non_finite(FieldErrors& errors, std::string_view field, double value) {
    if (std::isfinite(value)) {
        return false;
    }
    errors.push_back({std::string(field), "must be a finite number, got " + format_number(value)});
    return true;
}

}  // namespace

SettingsError::SettingsError(std::string_view settings_name, FieldErrors errors)
    : std::invalid_argument(describe(settings_name, errors)), errors_(std::move(errors)) {}

void throw_if_invalid(std::string_view settings_name, const FieldErrors& errors) {
    if (!errors.empty()) {
        throw SettingsError(settings_name, errors);
    }
}

void require_finite(FieldErrors& errors, std::string_view field, double value) {
    reject_non_finite(errors, field, value);
}

void require_at_least(FieldErrors& errors, std::string_view field, double value, double min) {
    if (!reject_non_finite(errors, field, value) && value < min) {
        errors.push_back(
            {std::string(field), "must be >= " + format_number(min) + ", got " + format_number(value)});
    }
}

void require_greater(FieldErrors& errors, std::string_view field, double value, double exclusive_min) {
    if (!reject_non_finite(errors, field, value) && !(value > exclusive_min)) {
        errors.push_back({std::string(field),
                          "must be > " + format_number(exclusive_min) + ", got " + format_number(value)});
    }
}

void require_in_range(FieldErrors& errors, std::string_view field, double value, double min, double max) {
    if (!reject_non_finite(errors, field, value) && (value < min || value > max)) {
        errors.push_back({std::string(field), "must be in [" + format_number(min) + ", " +
                                                  format_number(max) + "], got " + format_number(value)});
    }
}

}  // namespace kinema
