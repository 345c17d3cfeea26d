// Internal helpers shared by the level loaders (Moving AI, ASCII, OBJ): reading a file whole within a byte
// cap (through core's reader), skipping a UTF-8 byte-order mark, splitting text into numbered lines, and
// quoting input in messages.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kinema::levels::detail {

struct Line {
    int number = 0;         // 1-based
    std::string_view text;  // without the line ending (LF or CRLF)
};

/// Splits at '\n', dropping one '\r' before each '\n' (and at the end). A final line ending does not start an
/// extra empty line. A leading UTF-8 byte-order mark is skipped.
std::vector<Line> split_lines(std::string_view text);

/// The text without a leading UTF-8 byte-order mark (EF BB BF), which Windows editors write.
std::string_view skip_byte_order_mark(std::string_view text);

/// kinema::read_file_capped (kinema/core/file.hpp) for the grid level loaders: throws LevelError(path, 0,
/// why) (grid_level.hpp). `check_start(first_lines, path)`, when given, sees the first complete lines of a
/// file longer than one chunk before the rest is read (a junk file fails on its first line).
std::string read_level_file(const std::string& path, std::uintmax_t max_bytes,
                            void (*check_start)(std::string_view, const std::string&) = nullptr);

/// Throws the LevelError that parse_moving_ai_map would throw for a file starting with `start` (its first
/// chunk, the last line possibly cut), when that start alone shows it (a bad header, row or terrain
/// character, a first line that cannot be "type octile"); nothing otherwise.
void check_moving_ai_start(std::string_view start, const std::string& name);

/// A printable description of a character for messages: 'x' or "byte 0x07".
std::string describe_char(char c);

/// Input quoted for a message: in single quotes, cut to `max_shown` bytes ("..." marks the cut), and every
/// byte outside printable ASCII written as \xNN, so that a binary file or a 10 MB line gives a short,
/// readable message on one line.
std::string quoted(std::string_view text, std::size_t max_shown = 40);

}  // namespace kinema::levels::detail
