// One number formatter for every face of kinema (tables, JSON, messages, pictures): the shortest decimal form
// that reads back to the same double (std::to_chars without a precision, C++17 [charconv]), so output is
// exact and identical from run to run and from face to face (CLI, Python module, WebAssembly page).
#pragma once

#include <string>

namespace kinema {

/// The shortest decimal text that round-trips to `value`: fixed notation when the decimal exponent of the
/// first significant digit is in [-4, 16) ("0.0001", "2.5", "1000000", "-0"), else scientific with at least
/// two exponent digits ("1e-05", "1.5e+16"), and "nan", "inf", "-inf" for non-finite values. This is the
/// format of {fmt}'s "{}" for doubles, which the CLI printed before (checked against it in
/// tests/core/format_test.cpp).
std::string format_number(double value);

/// Appends format_number(value) to `out` without a temporary string (for writers that build long texts).
void append_number(std::string& out, double value);

/// Appends the decimal digits of `value` ("-12", "0") to `out`, as std::to_string writes them, without a
/// temporary string.
void append_integer(std::string& out, long long value);

/// `value` rounded to `significant_digits` (1..17) in printf's %g form ("24.1667", "1e+06"): for text meant
/// to be read at a glance, such as a picture's legend, where the JSON keeps every digit.
std::string format_significant(double value, int significant_digits);

}  // namespace kinema
