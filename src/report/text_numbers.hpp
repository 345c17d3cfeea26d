// Numbers in the report part's human text (private to src/report).
#pragma once

#include <cmath>

namespace kinema::report {

/// `value` rounded to three decimals: the tables show distances and times to the millimetre and
/// millisecond, and format_number then writes the rounded double's shortest text ("1.235", "2").
inline double thousandths(double value) {
    return std::round(value * 1000.0) / 1000.0;
}

}  // namespace kinema::report
