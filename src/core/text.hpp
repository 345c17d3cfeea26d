// Reading what users type (flag values, list items, the web page's fields, level and CSV files): one number
// reader, one trim and one splitter for every face (the CLI, the pursuit's scenario parser, the WebAssembly
// labs) and every loader, so that "+1", "1e3", "inf" and empty items mean the same everywhere. Messages stay
// with the callers, which know the flag or the file.
#pragma once

#include <cstddef>
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

/// `count` finite numbers separated by commas (count 1: one number), or the problem with them as a message
/// for the caller to prefix with the argument's name: "expected SHAPE, got 'TEXT'" for another count of
/// pieces
/// (`shape` e.g. "X,Y" or "a number"), "expected a number, got 'PIECE'" or "must be a finite number, got
/// 'PIECE'". One rule for every face that reads points and numbers from text (the CLI's flags).
struct ReadNumbers {
    std::vector<double> values;  ///< the numbers when `problem` is empty
    std::string problem;         ///< "" when the text holds `count` finite numbers
};
[[nodiscard]] ReadNumbers read_finite_numbers(std::string_view text, std::size_t count,
                                              std::string_view shape);

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

/// Edits between two words: insertions, deletions, substitutions and swaps of two adjacent characters
/// (the optimal string alignment form of the Damerau-Levenshtein distance).
std::size_t edit_distance(std::string_view a, std::string_view b);
/// The word of `known` a typo of `typed` most likely meant: the first at the smallest edit distance when that
/// is at most 2 and at most half the letters of `typed` (without leading dashes: `--set` is not a typo of
/// `--svg`), else the one word `typed` begins; "" when none is close ("did you mean" suggestions).
std::string nearest_word(std::string_view typed, const std::vector<std::string>& known);

/// A message made one line whatever a user typed into it, for the last line a face prints: a byte that is a
/// control character or no part of valid UTF-8 is written as \xNN (a newline in a path would split the line),
/// and a word (bytes between spaces) longer than `max_word` bytes is cut in its middle, its first `head` and
/// last `tail` bytes around "..." (a 5,000-character path would give a 5 KB line).
struct OneLineLimits {
    std::size_t max_word = 160;
    std::size_t head = 80;
    std::size_t tail = 60;
};
[[nodiscard]] std::string one_line(std::string_view message, const OneLineLimits& limits = {});

}  // namespace kinema
