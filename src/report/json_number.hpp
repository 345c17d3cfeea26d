// The analysis reports' numbers as they were first printed, by nlohmann-json: users compare these files
// across versions, so the report part writes its doubles through that library (Debian's nlohmann-json3-dev)
// rather than through the core's shortest-digits formatter, whose last digit differs for a few 17-digit
// values.
#pragma once

#include <string>

#include "kinema/core/json_writer.hpp"

namespace kinema::report {

/// Appends `value` as nlohmann-json's dump() writes a double: always a point or an exponent ("600.0", "-0.0",
/// "1e+15", "1.5e-05"), its Grisu2 digits, and "null" for NaN and the infinities (JSON has neither).
void append_json_double(std::string& out, double value);

/// A writer in one of the analysis reports' layouts (JsonLayout::typed_compact or typed_indented), numbers
/// through append_json_double.
inline JsonWriter typed_json(std::string& out, JsonLayout layout) {
    return JsonWriter(out, layout, append_json_double);
}

}  // namespace kinema::report
