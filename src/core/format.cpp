#include "kinema/core/format.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <string_view>

namespace kinema {
namespace {

// Exponent range printed in fixed notation, as {fmt}'s default for doubles (and JavaScript's Number
// toString up to 1e21): small and huge magnitudes read better in scientific form.
constexpr int fixed_min_exponent = -4;
constexpr int fixed_max_exponent = 16;  // exclusive

// 17 significant digits, a sign, a point, "e+308" and fixed notation of 1e16 - 1 (16 digits) all fit.
using Buffer = std::array<char, 64>;

std::string_view shortest(Buffer& buffer, double value, std::chars_format format) {
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value, format);
    return {buffer.data(), static_cast<std::size_t>(result.ptr - buffer.data())};
}

// The exponent of a to_chars scientific text ("1.5e+16" -> 16, "2e-05" -> -5).
int decimal_exponent(std::string_view scientific) {
    std::string_view digits = scientific.substr(scientific.find('e') + 1);
    if (digits.front() == '+') {
        digits.remove_prefix(1);
    }
    int exponent = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), exponent);
    return exponent;
}

}  // namespace

void append_integer(std::string& out, long long value) {
    std::array<char, 24> text{};
    const auto end = std::to_chars(text.data(), text.data() + text.size(), value).ptr;
    out.append(text.data(), end);
}

void append_number(std::string& out, double value) {
    Buffer buffer;
    // Fast path, the same text: for 0 and magnitudes in [1e-3, 1e15) the shortest digits' exponent is in
    // [-4, 16) with a margin (rounding to the shortest digits moves the exponent by at most one), so the
    // text is the fixed form; integers below 1e15 are exact and print as their digits. One conversion
    // instead of two (the audit's reports write millions of numbers, docs/performance.md).
    const double magnitude = std::fabs(value);
    if (value == 0.0 || (magnitude >= 1e-3 && magnitude < 1e15)) {
        if (value == std::trunc(value) && !(value == 0.0 && std::signbit(value))) {
            const auto end =
                std::to_chars(buffer.data(), buffer.data() + buffer.size(), static_cast<long long>(value))
                    .ptr;
            out.append(buffer.data(), end);
            return;
        }
        out += shortest(buffer, value, std::chars_format::fixed);
        return;
    }
    const std::string_view scientific = shortest(buffer, value, std::chars_format::scientific);
    if (std::isnan(value)) {
        // "nan" whatever the sign bit, which to_chars prints as "-nan": a NaN has no sign a reader can use,
        // and C#'s double.NaN (0.0 / 0.0 on x86) has it set.
        out += "nan";
        return;
    }
    if (!std::isfinite(value)) {
        out += scientific;
        return;
    }
    // The shortest digits are the same in both notations; only where the point goes differs.
    if (decimal_exponent(scientific) < fixed_min_exponent ||
        decimal_exponent(scientific) >= fixed_max_exponent) {
        out += scientific;
        return;
    }
    out += shortest(buffer, value, std::chars_format::fixed);
}

std::string format_significant(double value, int significant_digits) {
    Buffer buffer;
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                      std::chars_format::general, significant_digits);
    return {buffer.data(), static_cast<std::size_t>(result.ptr - buffer.data())};
}

std::string format_number(double value) {
    std::string out;
    append_number(out, value);
    return out;
}

}  // namespace kinema
