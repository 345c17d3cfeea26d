// The numbers of the analysis commands' human tables (the JSON has its own, json_number.hpp).
#pragma once

#include <functional>
#include <string>

namespace kinema::report {

/// Receives the text written so far and empties the string (writes it to a file, say): long outputs are
/// handed over in pieces rather than held whole.
using TextSink = std::function<void(std::string& text)>;

/// The shortest round-trip text (kinema::format_number) with "nan", "inf" and "-inf" spelled out whatever the
/// sign bit of a NaN: the form the tables and messages have always shown.
[[nodiscard]] std::string number_text(double value);

}  // namespace kinema::report
