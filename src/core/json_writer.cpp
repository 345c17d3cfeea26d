#include "kinema/core/json_writer.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"

namespace kinema {
namespace {
// The short escapes of RFC 8259 section 7 that nlohmann-json writes by name; 0 for the others.
char short_escape(char ch) {
    switch (ch) {
        case '\b':
            return 'b';
        case '\f':
            return 'f';
        case '\n':
            return 'n';
        case '\r':
            return 'r';
        case '\t':
            return 't';
        default:
            return 0;
    }
}
}  // namespace

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;  // the value of a key: the key had its comma
        return;
    }
    if (depth_ > 0) {
        bool& has_item = has_item_[static_cast<std::size_t>(depth_ - 1)];
        if (has_item) {
            out_ += ',';
        }
        has_item = true;
        if (layout_ == JsonLayout::typed_indented) {
            new_line(depth_);
        }
    }
}

void JsonWriter::new_line(int depth) {
    out_ += '\n';
    out_.append(static_cast<std::size_t>(2 * depth), ' ');
}

JsonWriter& JsonWriter::open(char bracket) {
    if (depth_ == max_depth) {
        throw std::logic_error("JsonWriter: nesting deeper than max_depth");
    }
    separate();
    out_ += bracket;
    has_item_[static_cast<std::size_t>(depth_++)] = false;
    return *this;
}

JsonWriter& JsonWriter::close(char bracket) {
    if (depth_ == 0 || after_key_) {
        throw std::logic_error("JsonWriter: end without a begin, or a key without its value");
    }
    --depth_;
    if (layout_ == JsonLayout::typed_indented && has_item_[static_cast<std::size_t>(depth_)]) {
        new_line(depth_);
    }
    out_ += bracket;
    return *this;
}

JsonWriter& JsonWriter::begin_object() {
    return open('{');
}
JsonWriter& JsonWriter::end_object() {
    return close('}');
}
JsonWriter& JsonWriter::begin_array() {
    return open('[');
}
JsonWriter& JsonWriter::end_array() {
    return close(']');
}

JsonWriter& JsonWriter::key(std::string_view name) {
    if (after_key_) {
        throw std::logic_error("JsonWriter: a key without its value");
    }
    separate();
    quoted(name);
    out_ += layout_ == JsonLayout::typed_indented ? ": " : ":";
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::number(double value) {
    separate();
    write_number_(out_, value);
    return *this;
}

JsonWriter& JsonWriter::count(std::size_t value) {
    separate();
    out_ += std::to_string(value);
    return *this;
}

JsonWriter& JsonWriter::integer(long long value) {
    separate();
    out_ += std::to_string(value);
    return *this;
}

JsonWriter& JsonWriter::boolean(bool value) {
    separate();
    out_ += value ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_ += "null";
    return *this;
}

JsonWriter& JsonWriter::raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view text) {
    separate();
    quoted(text);
    return *this;
}

// RFC 8259 section 7: quote, backslash and control characters are escaped; valid UTF-8 is copied. Section 8.1
// asks for UTF-8: a byte that does not start a valid sequence (a file name in another encoding) becomes
// U+FFFD, the replacement character, escaped, so that the document always parses.
void JsonWriter::quoted(std::string_view text) {
    out_ += '"';
    for (std::size_t at = 0; at < text.size();) {
        const char ch = text[at];
        const std::size_t length = utf8_sequence_length(text, at);
        if (ch == '"' || ch == '\\') {
            out_ += '\\';
            out_ += ch;
        } else if (length == 0) {
            out_ += "\\ufffd";
            ++at;
            continue;
        } else if (typed() && short_escape(ch) != 0) {
            out_ += '\\';
            out_ += short_escape(ch);
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(ch));
            out_ += escape;
        } else {
            out_.append(text, at, length);
            at += length;
            continue;
        }
        ++at;
    }
    out_ += '"';
}

}  // namespace kinema
