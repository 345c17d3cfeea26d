#include "kinema/levels/moving_ai.hpp"

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

}  // namespace

GridLevel parse_moving_ai_map(std::string_view text, const std::string& name) {
    const std::vector<Line> lines = detail::split_lines(text);
    if (lines.empty()) {
        throw LevelError(name, 1, "empty map file");
    }
    const auto line_or_end = [&](std::size_t i) {
        return i < lines.size() ? lines[i] : Line{lines.empty() ? 1 : lines.back().number + 1, {}};
    };
    if (trim(lines[0].text) != "type octile") {
        throw LevelError(name, 1, "expected 'type octile', got " + detail::quoted(lines[0].text));
    }
    GridLevel level;
    level.name = name;
    level.height = parse_dimension(name, line_or_end(1), "height");
    level.width = parse_dimension(name, line_or_end(2), "width");
    const Line map_line = line_or_end(3);
    if (trim(map_line.text) != "map") {
        throw LevelError(name, map_line.number, "expected 'map', got " + detail::quoted(map_line.text));
    }
    const auto w = static_cast<std::size_t>(level.width);
    level.passable.assign(w * static_cast<std::size_t>(level.height), 0);
    for (int row = 0; row < level.height; ++row) {
        const std::size_t index = 4 + static_cast<std::size_t>(row);
        if (index >= lines.size()) {
            throw LevelError(
                name, line_or_end(index).number,
                "expected " + std::to_string(level.height) + " map rows, got " + std::to_string(row));
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
            level.passable[static_cast<std::size_t>(row) * w + col] = static_cast<std::uint8_t>(t);
        }
    }
    for (std::size_t i = 4 + static_cast<std::size_t>(level.height); i < lines.size(); ++i) {
        if (!trim(lines[i].text).empty()) {
            throw LevelError(name, lines[i].number,
                             "text after the last of the " + std::to_string(level.height) + " map rows");
        }
    }
    if (level.passable_count() == 0) {
        throw LevelError(name, map_line.number, "the map has no passable tile");
    }
    return level;
}

GridLevel load_moving_ai_map(const std::string& path, std::uintmax_t max_bytes) {
    return parse_moving_ai_map(detail::read_level_file(path, max_bytes), path);
}

}  // namespace kinema::levels
