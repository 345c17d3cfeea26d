#include "kinema/report/text.hpp"

#include <cmath>

#include "kinema/core/format.hpp"

namespace kinema::report {

std::string number_text(double value) {
    if (std::isnan(value)) {
        return "nan";
    }
    if (std::isinf(value)) {
        return value > 0 ? "inf" : "-inf";
    }
    return format_number(value);
}

}  // namespace kinema::report
