#include "kinema/core/text.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <system_error>

namespace kinema {

ReadNumber read_number(std::string_view text) {
    double value = 0.0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (!text.empty() && *first == '+') {
        ++first;
    }
    const auto [end, ec] = std::from_chars(first, last, value);
    if (text.empty() || ec != std::errc() || end != last) {
        return {0.0, NumberText::not_a_number};  // out of double's range included, as "1e999" always was
    }
    if (!std::isfinite(value)) {
        return {value, NumberText::not_finite};
    }
    return {value, NumberText::ok};
}

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
        text.remove_prefix(1);
    }
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
        text.remove_suffix(1);
    }
    return text;
}

std::string quote_for_message(std::string_view text, std::size_t max_shown) {
    std::string out = "'";
    for (const char c : text.substr(0, max_shown)) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f && c != '\\') {
            out += c;
        } else {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\x%02x", u);
            out += buffer;
        }
    }
    out += text.size() > max_shown ? "...'" : "'";
    return out;
}

// RFC 3629 section 4: the well-formed byte sequences.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const auto lead = byte(0);
    if (lead < 0x80) {
        return 1;
    }
    std::size_t length = 0;
    unsigned char low = 0x80;  // the second byte's range, narrowed to refuse overlong forms and surrogates
    unsigned char high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        low = lead == 0xe0 ? 0xa0 : 0x80;
        high = lead == 0xed ? 0x9f : 0xbf;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        low = lead == 0xf0 ? 0x90 : 0x80;
        high = lead == 0xf4 ? 0x8f : 0xbf;
    } else {
        return 0;
    }
    if (at + length > text.size() || byte(1) < low || byte(1) > high) {
        return 0;
    }
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(i) < 0x80 || byte(i) > 0xbf) {
            return 0;
        }
    }
    return length;
}

bool has_extension(std::string_view path, std::string_view extension) {
    if (path.size() < extension.size()) {
        return false;
    }
    const std::string_view end = path.substr(path.size() - extension.size());
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    for (std::size_t i = 0; i < end.size(); ++i) {
        if (lower(end[i]) != lower(extension[i])) {
            return false;
        }
    }
    return true;
}

ReadNumbers read_finite_numbers(std::string_view text, std::size_t count, std::string_view shape) {
    ReadNumbers out;
    const std::vector<std::string> pieces = split(text, ',');
    if (pieces.size() != count) {
        out.problem = "expected " + std::string(shape) + ", got " + quote_for_message(text);
        return out;
    }
    for (const std::string& piece : pieces) {
        const ReadNumber n = read_number(piece);
        if (n.status != NumberText::ok) {
            out.problem = (n.status == NumberText::not_finite ? "must be a finite number, got "
                                                              : "expected a number, got ") +
                          quote_for_message(piece);
            out.values.clear();
            return out;
        }
        out.values.push_back(n.value);
    }
    return out;
}

std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(separator, start);
        parts.emplace_back(
            text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) {
            return parts;
        }
        start = at + 1;
    }
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the dynamic programme: a swap looks two rows back.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        previous[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
                current[j] = std::min(current[j], before[j - 2] + 1);
            }
        }
        before.swap(previous);
        previous.swap(current);
    }
    return previous[b.size()];
}

std::string nearest_word(std::string_view typed, const std::vector<std::string>& known) {
    const std::size_t letters = typed.size() - std::min(typed.find_first_not_of('-'), typed.size());
    const std::string* nearest = nullptr;
    std::size_t nearest_distance = 3;  // suggest only within 2 edits
    for (const std::string& word : known) {
        const std::size_t distance = edit_distance(typed, word);
        if (distance < nearest_distance && 2 * distance <= letters) {
            nearest = &word;
            nearest_distance = distance;
        }
    }
    if (nearest != nullptr) {
        return *nearest;
    }
    const std::string* only_prefixed = nullptr;
    for (const std::string& word : known) {
        if (letters > 0 && word.size() > typed.size() && word.compare(0, typed.size(), typed) == 0) {
            if (only_prefixed != nullptr) {
                return "";
            }
            only_prefixed = &word;
        }
    }
    return only_prefixed != nullptr ? *only_prefixed : "";
}

std::string one_line(std::string_view message, const OneLineLimits& limits) {
    std::string escaped;
    for (std::size_t at = 0; at < message.size();) {
        const auto byte = static_cast<unsigned char>(message[at]);
        const std::size_t length = utf8_sequence_length(message, at);
        if (byte < 0x20 || byte == 0x7f || length == 0) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\x%02x", byte);
            escaped += buffer;
            ++at;
        } else {
            escaped.append(message, at, length);
            at += length;
        }
    }
    std::string out;
    std::size_t start = 0;
    while (start < escaped.size()) {
        const std::size_t space = std::min(escaped.find(' ', start), escaped.size());
        const std::string_view word = std::string_view(escaped).substr(start, space - start);
        if (word.size() > limits.max_word) {
            out.append(word.substr(0, limits.head));
            out += "...";
            out.append(word.substr(word.size() - limits.tail));
        } else {
            out.append(word);
        }
        out += escaped.substr(space, space < escaped.size() ? 1 : 0);
        start = space + 1;
    }
    return out;
}

}  // namespace kinema
