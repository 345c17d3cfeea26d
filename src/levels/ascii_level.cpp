#include "kinema/levels/ascii_level.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "text_lines.hpp"

namespace kinema::levels {
namespace {

using detail::Line;

bool is_header(std::string_view text) {
    // Map characters never include ':', so a line with one before the map is a "key: value" header.
    return text.find(':') != std::string_view::npos;
}

double parse_double(const std::string& name, int line, std::string_view text) {
    const std::string_view t = trim(text);
    double value = 0.0;
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (ec != std::errc{} || ptr != t.data() + t.size() || t.empty() || !std::isfinite(value)) {
        throw LevelError(name, line, "expected a finite number, got " + detail::quoted(t));
    }
    return value;
}

Vec2 parse_direction(const std::string& name, int line, std::string_view value) {
    const std::size_t comma = value.find(',');
    if (comma == std::string_view::npos) {
        throw LevelError(name, line, "direction must be 'DX,DY', got " + detail::quoted(value));
    }
    const Vec2 d{parse_double(name, line, value.substr(0, comma)),
                 parse_double(name, line, value.substr(comma + 1))};
    for (const double c : {d.x, d.y}) {
        if (std::abs(c) > max_direction_component) {
            throw LevelError(name, line,
                             "direction: every component must be in [-1e9, 1e9], got " + format_number(c));
        }
    }
    return d;
}

// The header of an ASCII level: what the "key: value" lines before the map set.
struct Header {
    std::optional<std::string> name;
    std::optional<Vec2> direction;
    int direction_line = 0;
};

bool is_blank(std::string_view text) {
    return text.empty() || trim(text).empty();
}

bool is_comment_or_blank(std::string_view text) {
    return text.empty() || text.front() == ';' || trim(text).empty();
}

// Reads comments, blank lines and "key: value" lines from lines[i] until the first map row, which `i` is
// left at.
Header read_header(const std::vector<Line>& lines, std::size_t& i, const std::string& name) {
    Header header;
    for (; i < lines.size(); ++i) {
        const std::string_view t = lines[i].text;
        if (is_comment_or_blank(t)) {
            continue;
        }
        if (!is_header(t)) {
            break;
        }
        const std::size_t colon = t.find(':');
        const std::string_view key = trim(t.substr(0, colon));
        const std::string_view value = trim(t.substr(colon + 1));
        if (key == "name") {
            header.name = std::string(value);
        } else if (key == "direction") {
            header.direction = parse_direction(name, lines[i].number, value);
            header.direction_line = lines[i].number;
        } else {
            throw LevelError(name, lines[i].number,
                             "unknown header '" + std::string(key) + "' (known: name, direction)");
        }
    }
    return header;
}

// The map rows from lines[i]: consecutive lines up to the first blank line or the end (comment lines
// skipped); after them only comments and blank lines may follow.
std::vector<Line> read_map_rows(const std::vector<Line>& lines, std::size_t i, const std::string& name) {
    std::vector<Line> rows;
    for (; i < lines.size(); ++i) {
        const std::string_view t = lines[i].text;
        if (is_blank(t)) {
            break;
        }
        if (t.front() == ';') {
            continue;
        }
        rows.push_back(lines[i]);
    }
    for (; i < lines.size(); ++i) {
        if (!is_comment_or_blank(lines[i].text)) {
            throw LevelError(name, lines[i].number,
                             "text after the end of the map (a blank line ends the map)");
        }
    }
    const int end_line = lines.empty() ? 1 : lines.back().number;
    if (rows.empty()) {
        throw LevelError(name, end_line, "empty map: no map rows");
    }
    return rows;
}

// The map's width: its longest row's length (editors trim trailing spaces, so shorter rows are padded with
// walls), every row within max_level_dimension.
std::size_t checked_width(const std::vector<Line>& rows, const std::string& name) {
    if (rows.size() > static_cast<std::size_t>(max_level_dimension)) {
        throw LevelError(name, rows[static_cast<std::size_t>(max_level_dimension)].number,
                         "map too large: more than " + std::to_string(max_level_dimension) + " rows");
    }
    std::size_t w = 0;
    for (const Line& row : rows) {
        if (row.text.size() > static_cast<std::size_t>(max_level_dimension)) {
            throw LevelError(
                name, row.number,
                "map too large: row longer than " + std::to_string(max_level_dimension) + " characters");
        }
        w = std::max(w, row.text.size());
    }
    return w;
}

// What one map character is: floor or not, and the player's direction where it marks the player.
struct Tile {
    bool floor = false;
    std::optional<Vec2> marker_direction;
};

Tile read_tile(char c, const Line& line, std::size_t col, const std::string& name) {
    switch (c) {
        case '#':
        case ' ':
            return {};
        case '.':
            return {true, std::nullopt};
        case 'P':
            return {true, Vec2{0.0, 0.0}};
        case '>':
            return {true, Vec2{1.0, 0.0}};
        case '<':
            return {true, Vec2{-1.0, 0.0}};
        case '^':  // rows grow downwards: north is -y
            return {true, Vec2{0.0, -1.0}};
        case 'v':
            return {true, Vec2{0.0, 1.0}};
        case '\t':  // an editor's indentation would shift every tile after it: never guess its width
            throw LevelError(
                name, line.number,
                "a tab in column " + std::to_string(col + 1) +
                    ": tabs are not map characters (use ' ' for outside the level, '#' for a wall)");
        default:
            throw LevelError(name, line.number,
                             "unknown character " + detail::describe_char(c) + " in column " +
                                 std::to_string(col + 1) + " (known: '#' '.' ' ' 'P' '>' '<' '^' 'v')");
    }
}

// Fills level.passable from the rows (at most `w` wide; the tiles past a shorter row's end stay walls) and
// returns the player's marker, if any.
std::optional<LevelSeed> read_tiles(const std::vector<Line>& rows, std::size_t w, GridLevel& level,
                                    const std::string& name) {
    std::optional<LevelSeed> seed;
    int seed_line = 0;
    for (std::size_t row = 0; row < rows.size(); ++row) {
        const Line& line = rows[row];
        for (std::size_t col = 0; col < line.text.size(); ++col) {
            const char c = line.text[col];
            const Tile tile = read_tile(c, line, col, name);
            if (tile.marker_direction) {
                if (seed) {
                    throw LevelError(name, line.number,
                                     "second player marker " + detail::describe_char(c) +
                                         " (the first is on line " + std::to_string(seed_line) + ")");
                }
                seed = LevelSeed{{static_cast<double>(col) + 0.5, static_cast<double>(row) + 0.5},
                                 *tile.marker_direction};
                seed_line = line.number;
            }
            level.passable[row * w + col] = tile.floor ? 1 : 0;
        }
    }
    return seed;
}

}  // namespace

GridLevel parse_ascii_level(std::string_view text, const std::string& name) {
    const std::vector<Line> lines = detail::split_lines(text);
    std::size_t i = 0;
    const Header header = read_header(lines, i, name);
    const std::vector<Line> rows = read_map_rows(lines, i, name);
    const std::size_t w = checked_width(rows, name);

    GridLevel level;
    level.name = header.name.value_or(name);
    level.title = header.name.value_or("");
    level.width = static_cast<int>(w);
    level.height = static_cast<int>(rows.size());
    level.passable.assign(w * rows.size(), 0);
    std::optional<LevelSeed> seed = read_tiles(rows, w, level, name);
    if (header.direction) {
        if (!seed) {
            throw LevelError(name, header.direction_line,
                             "'direction:' given but the map has no player marker");
        }
        seed->direction = *header.direction;
    }
    level.seed = seed;
    if (level.passable_count() == 0) {
        throw LevelError(name, rows.front().number, "the map has no passable tile");
    }
    return level;
}

GridLevel load_ascii_level(const std::string& path, std::uintmax_t max_bytes) {
    return parse_ascii_level(detail::read_level_file(path, max_bytes), path);
}

std::string_view default_level_text() {
    static constexpr std::string_view text =
#include "default_level.inc"
        ;
    return text;
}

GridLevel default_level() {
    return parse_ascii_level(default_level_text(), "default");
}

}  // namespace kinema::levels
