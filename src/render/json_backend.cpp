// The JSON backend of the scene: the scene itself, one shape per line, so that a browser canvas (or any
// other renderer) draws exactly the same picture as the PNG and SVG backends. docs/render.md, "The scene as
// JSON", is the format's reference. Written with the standard library: numbers in shortest round-trip form
// (std::to_chars, locale independent), so the output is byte-identical for the same scene.
#include <charconv>
#include <string>
#include <string_view>

#include "kinema/core/format.hpp"
#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {
namespace {

constexpr int format_version = 1;

void number(std::string& out, double v) {
    if (v == 0.0) {
        v = 0.0;  // no "-0"
    }
    append_number(out, v);
}

// Length of the valid UTF-8 sequence starting at s[i], or 0 (RFC 3629: no overlongs, no surrogates).
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    const std::size_t n = b0 < 0x80           ? 1
                          : (b0 >> 5) == 0x6  ? 2
                          : (b0 >> 4) == 0xe  ? 3
                          : (b0 >> 3) == 0x1e ? 4
                                              : 0;
    if (n == 0 || i + n > s.size()) {
        return 0;
    }
    std::uint32_t cp = n == 1 ? b0 : n == 2 ? (b0 & 0x1fu) : n == 3 ? (b0 & 0x0fu) : (b0 & 0x07u);
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xc0) != 0x80) {
            return 0;
        }
        cp = (cp << 6) | (byte(i + k) & 0x3fu);
    }
    static constexpr std::uint32_t min_for_length[] = {0, 0, 0x80, 0x800, 0x10000};
    const bool ok = cp >= min_for_length[n] && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    return ok ? n : 0;
}

// A JSON string; invalid UTF-8 bytes (titles come from file names) become U+FFFD.
void string(std::string& out, std::string_view s) {
    out += '"';
    for (std::size_t i = 0; i < s.size();) {
        const char ch = s[i];
        const std::size_t n = utf8_length(s, i);
        if (n == 0) {
            out += "\\ufffd";
            ++i;
            continue;
        }
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += ch;
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            static constexpr char digits[] = "0123456789abcdef";
            out += "\\u00";
            out += digits[static_cast<unsigned char>(ch) >> 4];
            out += digits[ch & 15];
        } else {
            out.append(s.substr(i, n));
        }
        i += n;
    }
    out += '"';
}

void colour(std::string& out, Rgb c) {
    static constexpr char digits[] = "0123456789abcdef";
    out += "\"#";
    for (const std::uint8_t v : {c.r, c.g, c.b}) {
        out += digits[v >> 4];
        out += digits[v & 15];
    }
    out += '"';
}

// ,"key":
void key(std::string& out, std::string_view name) {
    out += ",\"";
    out += name;
    out += "\":";
}

void number_field(std::string& out, std::string_view name, double v) {
    key(out, name);
    number(out, v);
}

// ,"name":[item,item,...] with each item written by write(out, item).
template <typename Items, typename Write>
void array(std::string& out, std::string_view name, const Items& items, Write write) {
    key(out, name);
    out += '[';
    bool first = true;
    for (const auto& item : items) {
        out += first ? "" : ",";
        first = false;
        write(out, item);
    }
    out += ']';
}

const char* type_name(ShapeKind kind) {
    // In ShapeKind's order.
    static constexpr const char* names[] = {"rect", "circle", "polyline", "polygon", "text"};
    return names[static_cast<std::size_t>(kind)];
}

const char* anchor_name(Anchor a) {
    return a == Anchor::middle ? "middle" : a == Anchor::end ? "end" : "start";
}

void geometry(std::string& out, const Shape& s) {
    switch (s.kind) {
        case ShapeKind::rect:
            number_field(out, "x", s.x);
            number_field(out, "y", s.y);
            number_field(out, "w", s.w);
            number_field(out, "h", s.h);
            break;
        case ShapeKind::circle:
            number_field(out, "x", s.x);
            number_field(out, "y", s.y);
            number_field(out, "r", s.w);
            break;
        case ShapeKind::polyline:
        case ShapeKind::polygon:
            key(out, "points");
            out += '[';
            for (std::size_t i = 0; i < s.points.size(); ++i) {
                out += i == 0 ? "[" : ",[";
                number(out, s.points[i].x);
                out += ',';
                number(out, s.points[i].y);
                out += ']';
            }
            out += ']';
            break;
        case ShapeKind::text:
            number_field(out, "x", s.x);
            number_field(out, "y", s.y);
            key(out, "text");
            string(out, s.text);
            number_field(out, "font_size", s.font_size);
            key(out, "bold");
            out += s.bold ? "true" : "false";
            key(out, "anchor");
            out += '"';
            out += anchor_name(s.anchor);
            out += '"';
            number_field(out, "angle", s.angle);
            break;
    }
}

void paint(std::string& out, const Shape& s) {
    // Text is always filled (ink when the scene left it open); a polyline is never filled.
    if (s.kind == ShapeKind::text) {
        key(out, "fill");
        colour(out, s.fill.value_or(palette::ink));
        return;
    }
    if (s.fill && s.kind != ShapeKind::polyline) {
        key(out, "fill");
        colour(out, *s.fill);
    }
    if (s.stroke) {
        key(out, "stroke");
        colour(out, *s.stroke);
        number_field(out, "stroke_width", s.stroke_width);
        number_field(out, "stroke_opacity", s.stroke_opacity);
        array(out, "dash", s.dash, number);
    }
}

void animation(std::string& out, const Shape& s) {
    if (!s.frame_fill.empty()) {
        array(out, "frame_fill", s.frame_fill, colour);
    }
    if (!s.frame_visible.empty()) {
        array(out, "frame_visible", s.frame_visible,
              [](std::string& o, std::uint8_t v) { o += v != 0 ? '1' : '0'; });
    }
}

void shape(std::string& out, const Shape& s) {
    out += "{\"type\":\"";
    out += type_name(s.kind);
    out += '"';
    geometry(out, s);
    paint(out, s);
    if (s.clip >= 0) {
        number_field(out, "clip", s.clip);
    }
    animation(out, s);
    out += '}';
}

}  // namespace

std::string scene_json(const Scene& scene) {
    throw_if_invalid("Scene", scene.validate());
    std::string out = "{\"format\":\"kinema-scene\"";
    number_field(out, "version", format_version);
    number_field(out, "width", scene.width);
    number_field(out, "height", scene.height);
    key(out, "background");
    colour(out, scene.background);
    key(out, "font_family");
    string(out, svg_font_family);
    number_field(out, "frame_count", scene.frame_count);
    number_field(out, "frame_seconds", scene.frame_seconds);
    number_field(out, "hold_seconds", scene.hold_seconds);
    key(out, "clips");
    out += '[';
    for (std::size_t i = 0; i < scene.clips.size(); ++i) {
        const ClipRect& c = scene.clips[i];
        out += i == 0 ? "{\"id\":" : ",{\"id\":";
        string(out, c.id);
        number_field(out, "x", c.x);
        number_field(out, "y", c.y);
        number_field(out, "w", c.w);
        number_field(out, "h", c.h);
        out += '}';
    }
    out += "],\n\"shapes\":[";
    for (std::size_t i = 0; i < scene.shapes.size(); ++i) {
        out += i == 0 ? "\n" : ",\n";
        shape(out, scene.shapes[i]);
    }
    out += "\n]}\n";
    return out;
}

}  // namespace kinema::render
