#include "kinema/levels/moving_ai.hpp"

#include <algorithm>
#include <charconv>

#include "kinema/core/text.hpp"
#include "text_lines.hpp"

namespace kinema::levels {
namespace {

using detail::Line;

// Terrain per shared/data/maps/SOURCES.md: '.', 'G', 'S' passable; 'W', '@', 'O', 'T' blocked.
int terrain(char c) {
    switch (c) {
        case '.':
        case 'G':
        case 'S':
            return 1;
        case 'W':
        case '@':
        case 'O':
        case 'T':
            return 0;
        default:
            return -1;
    }
}

// "key N" with 1 <= N <= max_level_dimension.
int parse_dimension(const std::string& name, const Line& line, std::string_view key) {
    const std::string_view t = trim(line.text);
    if (t.size() <= key.size() || t.substr(0, key.size()) != key ||
        (t[key.size()] != ' ' && t[key.size()] != '\t')) {
        throw LevelError(name, line.number,
                         "expected '" + std::string(key) + " <number>', got " + detail::quoted(line.text));
    }
    const std::string_view digits = trim(t.substr(key.size()));
    long long value = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec == std::errc::result_out_of_range) {
        throw LevelError(name, line.number, std::string(key) + " too large: " + detail::quoted(digits));
    }
    if (ec != std::errc{} || ptr != digits.data() + digits.size()) {
        throw LevelError(name, line.number,
                         "expected '" + std::string(key) + " <number>', got " + detail::quoted(line.text));
    }
    if (value <= 0) {
        throw LevelError(name, line.number, "empty map: " + std::string(key) + " " + std::to_string(value));
    }
    if (value > max_level_dimension) {
        throw LevelError(name, line.number,
                         std::string(key) + " " + std::to_string(value) + " too large (at most " +
                             std::to_string(max_level_dimension) + ")");
    }
    return static_cast<int>(value);
}

// The map rows after the header: each `w` terrain characters, then only blank lines. Stores them into
// `passable` unless it is null. With whole == false (the first lines of a longer file) it stops where the
// lines end, without the error a missing row would be.
void read_rows(const std::vector<Line>& lines, const std::string& name, int height, std::size_t w,
               std::uint8_t* passable, bool whole) {
    const auto line_or_end = [&](std::size_t i) {
        return i < lines.size() ? lines[i] : Line{lines.empty() ? 1 : lines.back().number + 1, {}};
    };
    for (int row = 0; row < height; ++row) {
        const std::size_t index = 4 + static_cast<std::size_t>(row);
        if (index >= lines.size()) {
            if (!whole) {
                return;
            }
            throw LevelError(name, line_or_end(index).number,
                             "expected " + std::to_string(height) + " map rows, got " + std::to_string(row));
        }
        const Line& line = lines[index];
        if (line.text.size() != w) {
            throw LevelError(name, line.number,
                             "row " + std::to_string(row) + " has " + std::to_string(line.text.size()) +
                                 " characters, expected " + std::to_string(w));
        }
        for (std::size_t col = 0; col < w; ++col) {
            const int t = terrain(line.text[col]);
            if (t < 0) {
                throw LevelError(name, line.number,
                                 "unknown terrain character " + detail::describe_char(line.text[col]) +
                                     " in column " + std::to_string(col + 1));
            }
            if (passable != nullptr) {
                passable[static_cast<std::size_t>(row) * w + col] = static_cast<std::uint8_t>(t);
            }
        }
    }
    for (std::size_t i = 4 + static_cast<std::size_t>(height); i < lines.size(); ++i) {
        if (!trim(lines[i].text).empty()) {
            throw LevelError(name, lines[i].number,
                             "text after the last of the " + std::to_string(height) + " map rows");
        }
    }
}

// The file's lines in order, as parse_moving_ai_map reads them; whole == false: the first complete lines of
// a longer file, checked as far as they go (the level is then not built: its rows are not stored).
GridLevel read_map(std::string_view text, const std::string& name, bool whole) {
    const std::vector<Line> lines = detail::split_lines(text);
    GridLevel level;
    if (lines.empty()) {
        if (!whole) {
            return level;
        }
        throw LevelError(name, 1, "empty map file");
    }
    const auto line_or_end = [&](std::size_t i) {
        return i < lines.size() ? lines[i] : Line{lines.empty() ? 1 : lines.back().number + 1, {}};
    };
    if (trim(lines[0].text) != "type octile") {
        throw LevelError(name, 1, "expected 'type octile', got " + detail::quoted(lines[0].text));
    }
    level.name = name;
    if (!whole && lines.size() < 4) {
        // Each header line in order, as far as the lines go.
        if (lines.size() > 1) {
            (void)parse_dimension(name, lines[1], "height");
        }
        if (lines.size() > 2) {
            (void)parse_dimension(name, lines[2], "width");
        }
        return level;
    }
    level.height = parse_dimension(name, line_or_end(1), "height");
    level.width = parse_dimension(name, line_or_end(2), "width");
    const Line map_line = line_or_end(3);
    if (trim(map_line.text) != "map") {
        throw LevelError(name, map_line.number, "expected 'map', got " + detail::quoted(map_line.text));
    }
    const auto w = static_cast<std::size_t>(level.width);
    if (!whole) {
        read_rows(lines, name, level.height, w, nullptr, false);
        return level;
    }
    level.passable.assign(w * static_cast<std::size_t>(level.height), 0);
    read_rows(lines, name, level.height, w, level.passable.data(), true);
    if (level.passable_count() == 0) {
        throw LevelError(name, map_line.number, "the map has no passable tile");
    }
    return level;
}

}  // namespace

GridLevel parse_moving_ai_map(std::string_view text, const std::string& name) {
    return read_map(text, name, true);
}

namespace detail {

void check_moving_ai_start(std::string_view start, const std::string& name) {
    const std::size_t end = start.rfind('\n');
    if (end != std::string_view::npos) {
        (void)read_map(start.substr(0, end + 1), name, false);  // the complete lines
        return;
    }
    // No line ends in the chunk: line 1 is longer than it, so its trimmed text is "type octile" only if it
    // reads blanks, "type octile", blanks. Its message quotes the line's first 40 bytes, which the chunk has.
    std::string_view rest = skip_byte_order_mark(start);
    if (!rest.empty() && rest.back() == '\r') {
        rest.remove_suffix(1);  // a '\r' before the line's '\n' (in the next chunk) is not the line's
    }
    rest.remove_prefix(std::min(rest.size(), rest.find_first_not_of(" \t")));  // trim()'s blanks
    constexpr std::string_view type = "type octile";
    const bool may_be_type =
        rest.substr(0, type.size()) == type.substr(0, std::min(rest.size(), type.size())) &&
        (rest.size() <= type.size() || trim(rest.substr(type.size())).empty());
    if (!may_be_type) {
        throw LevelError(name, 1, "expected 'type octile', got " + quoted(skip_byte_order_mark(start)));
    }
}

}  // namespace detail

GridLevel load_moving_ai_map(const std::string& path, std::uintmax_t max_bytes) {
    return parse_moving_ai_map(detail::read_level_file(path, max_bytes, detail::check_moving_ai_start), path);
}

}  // namespace kinema::levels
