#include "kinema/levels/grid_level.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "text_lines.hpp"

namespace kinema::levels {

std::size_t GridLevel::passable_count() const {
    return static_cast<std::size_t>(
        std::count_if(passable.begin(), passable.end(), [](std::uint8_t v) { return v != 0; }));
}

LevelError::LevelError(std::string file, int line, const std::string& message)
    : std::invalid_argument(file + ":" + std::to_string(line) + ": " + message),
      file_(std::move(file)),
      line_(line) {}

GridLevel load_level(const std::string& path) {
    const bool is_map = path.size() >= 4 && path.compare(path.size() - 4, 4, ".map") == 0;
    return is_map ? load_moving_ai_map(path) : load_ascii_level(path);
}

namespace detail {

std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> lines;
    std::size_t start = 0;
    int number = 1;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        lines.push_back({number++, line});
        start = next;
    }
    return lines;
}

std::string read_file(const std::string& path) {
    // Bigger than any level a loader accepts (4096 x 4097 characters plus CRLF), so a huge file is rejected
    // before it is read into memory.
    constexpr std::streamoff max_bytes = 64LL * 1024 * 1024;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw LevelError(path, 0, std::string("cannot open file: ") + std::strerror(errno));
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        throw LevelError(path, 0, "cannot read file");
    }
    if (size > max_bytes) {
        throw LevelError(path, 0, "file too large (" + std::to_string(size) + " bytes)");
    }
    in.seekg(0, std::ios::beg);
    std::string text(static_cast<std::size_t>(size), '\0');
    in.read(text.data(), size);
    if (!in) {
        throw LevelError(path, 0, "cannot read file");
    }
    return text;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    return s;
}

std::string describe_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f) {
        return std::string("'") + c + "'";
    }
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "byte 0x%02x", u);
    return buffer;
}

}  // namespace detail
}  // namespace kinema::levels
