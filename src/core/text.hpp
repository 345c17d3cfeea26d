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
    double value = 0.0;  ///< the number when `status` is ok; inf or nan when not_finite
    NumberText status = NumberText::not_a_number;
};
/// The whole text as a decimal number (std::from_chars, a leading '+' allowed; no spaces).
[[nodiscard]] ReadNumber read_number(std::string_view text);

/// The text without the spaces and tabs at both ends (a view into `text`).
[[nodiscard]] std::string_view trim(std::string_view text);

/// User text quoted for a one-line message: in single quotes, cut to `max_shown` bytes ("..." marks the cut),
/// every byte outside printable ASCII (and the backslash) written as \xNN, so that a NUL, a newline or a
/// 5,000-byte value still gives one short line. The map loaders' rule, shared by every message that echoes
/// input.
[[nodiscard]] std::string quote_for_message(std::string_view text, std::size_t max_shown = 40);

/// The length of the valid UTF-8 sequence starting at text[at] (1 to 4), or 0 when the bytes there are not
/// one (a stray continuation byte, a truncated, overlong or surrogate sequence, a code point past U+10FFFF).
[[nodiscard]] std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

/// True when `path` ends with `extension` (".map") in any ASCII case: the one rule of every loader that
/// picks a format by the file name (".MAP" is a Moving AI map as ".OBJ" is a mesh).
[[nodiscard]] bool has_extension(std::string_view path, std::string_view extension);

/// Pieces between separators, empty pieces kept ("a;;b" is three, "" is one empty piece).
[[nodiscard]] std::vector<std::string> split(std::string_view text, char separator);

}  // namespace kinema
