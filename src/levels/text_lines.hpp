// Internal helpers shared by the level loaders: reading a file whole and splitting text into numbered lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace kinema::levels::detail {

struct Line {
    int number = 0;         // 1-based
    std::string_view text;  // without the line ending (LF or CRLF)
};

/// Splits at '\n', dropping one '\r' before each '\n' (and at the end). A final line ending does not start an
/// extra empty line.
std::vector<Line> split_lines(std::string_view text);

/// Reads a whole file; throws LevelError(path, 0, ...) when it cannot be read or is unreasonably large.
std::string read_file(const std::string& path);

/// Strips spaces and tabs at both ends.
std::string_view trim(std::string_view s);

/// A printable description of a character for messages: 'x' or "byte 0x07".
std::string describe_char(char c);

}  // namespace kinema::levels::detail
