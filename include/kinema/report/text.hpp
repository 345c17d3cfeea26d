// The numbers of the analysis commands' human tables (the JSON has its own, json_number.hpp).
#pragma once

#include <string>

namespace kinema::report {

/// The shortest round-trip text (kinema::format_number) with "nan", "inf" and "-inf" spelled out whatever the
/// sign bit of a NaN: the form the tables and messages have always shown.
[[nodiscard]] std::string number_text(double value);

}  // namespace kinema::report
