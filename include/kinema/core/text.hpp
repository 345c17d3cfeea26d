// Reading what users type (flag values, list items, the web page's fields, level and CSV files): one number
// reader, one trim and one splitter for every face (the CLI, the pursuit's scenario parser, the WebAssembly
// labs) and every loader, so that "+1", "1e3", "inf" and empty items mean the same everywhere. Messages stay
// with the callers, which know the flag or the file.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kinema {

/// What read_number made of a text.
enum class NumberText {
    ok,            ///< a finite number
    not_a_number,  ///< empty, not a whole number ("1x", "1,2"), or beyond double's range ("1e999")
    not_finite,    ///< "inf" or "nan"
};
struct ReadNumber {
    double value = 0.0;  ///< the number when `status` is ok
    NumberText status = NumberText::not_a_number;
};
/// The whole text as a decimal number (std::from_chars, a leading '+' allowed; no spaces).
[[nodiscard]] ReadNumber read_number(std::string_view text);

/// The text without the spaces and tabs at both ends (a view into `text`).
[[nodiscard]] std::string_view trim(std::string_view text);

/// Pieces between separators, empty pieces kept ("a;;b" is three, "" is one empty piece).
[[nodiscard]] std::vector<std::string> split(std::string_view text, char separator);

}  // namespace kinema
