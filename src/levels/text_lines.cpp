#include "text_lines.hpp"

#include <cstdio>

#include "kinema/core/text.hpp"

namespace kinema::levels::detail {

std::string_view skip_byte_order_mark(std::string_view text) {
    constexpr std::string_view bom = "\xEF\xBB\xBF";
    if (text.substr(0, bom.size()) == bom) {
        text.remove_prefix(bom.size());
    }
    return text;
}

std::vector<Line> split_lines(std::string_view text) {
    text = skip_byte_order_mark(text);
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

std::string describe_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f) {
        return std::string("'") + c + "'";
    }
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "byte 0x%02x", u);
    return buffer;
}

std::string quoted(std::string_view text, std::size_t max_shown) {
    return quote_for_message(text, max_shown);
}

}  // namespace kinema::levels::detail
