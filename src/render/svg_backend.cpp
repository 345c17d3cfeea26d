// The SVG backend of the scene, written directly rather than through cairo's SVG surface: cairo 1.16 turns
// text into glyph outlines (the legend would not be text) and names its groups with a process-wide surface
// counter ("surface1", "surface6", ...), so two renders in one process differ; and it has no animation.
// Here the output depends only on the scene: the scene's own clip ids, numbers rounded to 1/100 px and
// printed with std::to_chars (locale-independent, shortest form).
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kinema/core/format.hpp"
#include "kinema/core/text.hpp"
#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {
namespace {

std::string num(double v) {
    double rounded = std::round(v * 100.0) / 100.0;
    if (rounded == 0.0) {
        rounded = 0.0;  // no "-0"
    }
    return format_number(rounded);
}

std::string hex(Rgb c) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out = "#";
    for (const std::uint8_t v : {c.r, c.g, c.b}) {
        out += digits[v >> 4];
        out += digits[v & 15];
    }
    return out;
}

std::string dash_array(const std::vector<double>& dash) {
    std::string out;
    for (const double d : dash) {
        out += out.empty() ? "" : " ";
        out += num(d);
    }
    return out;
}

std::string rotation(const Shape& s) {
    if (s.angle == 0.0) {
        return {};
    }
    return " transform=\"rotate(" + num(s.angle) + " " + num(s.x) + " " + num(s.y) + ")\"";
}

std::string escape(const std::string& text) {
    std::string out;
    for (std::size_t at = 0; at < text.size(); ++at) {
        const char ch = text[at];
        switch (ch) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                // Control characters are not allowed in XML 1.0; titles come from file names, which need not
                // be UTF-8: a byte that starts no valid sequence becomes U+FFFD, the replacement character.
                if (static_cast<unsigned char>(ch) < 0x20) {
                    out += '?';
                } else if (const std::size_t length = utf8_sequence_length(text, at); length == 0) {
                    out += "\xef\xbf\xbd";
                } else {
                    out.append(text, at, length);
                    at += length - 1;
                }
        }
    }
    return out;
}

// SMIL timing: frame i starts at i * frame_seconds; the last frame also holds for hold_seconds.
struct Timing {
    double total = 0.0;
    std::vector<double> key_times;  // fraction of total where each frame starts
};

Timing timing_of(const Scene& list) {
    Timing t;
    t.total = list.frame_count * list.frame_seconds + list.hold_seconds;
    for (int i = 0; i < list.frame_count; ++i) {
        t.key_times.push_back(i * list.frame_seconds / t.total);
    }
    return t;
}

// One <animate> with calcMode="discrete" whose values change only where the frame's value changes.
template <typename Value, typename Format>
std::string discrete_animation(const char* attribute, const std::vector<Value>& frames, const Timing& timing,
                               Format format) {
    std::string values;
    std::string key_times;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (i > 0 && frames[i] == frames[i - 1]) {
            continue;
        }
        if (!values.empty()) {
            values += ';';
            key_times += ';';
        }
        values += format(frames[i]);
        char buffer[32];
        const auto result =
            std::to_chars(buffer, buffer + sizeof buffer, timing.key_times[i], std::chars_format::fixed, 5);
        key_times.append(buffer, result.ptr);
    }
    return std::string("<animate attributeName=\"") + attribute + "\" calcMode=\"discrete\" dur=\"" +
           num(timing.total) + "s\" repeatCount=\"indefinite\" values=\"" + values + "\" keyTimes=\"" +
           key_times + "\"/>";
}

// The paint of a shape as it stands in the last frame: fill, stroke, clip and (when hidden) visibility.
std::string paint_attributes(const Scene& list, const Shape& s, const std::optional<Rgb>& fill,
                             bool visible) {
    std::string attributes;
    if (s.kind == ShapeKind::text) {
        attributes += " fill=\"" + hex(fill.value_or(palette::ink)) + "\"";
    } else {
        attributes +=
            " fill=\"" + (fill && s.kind != ShapeKind::polyline ? hex(*fill) : std::string("none")) + "\"";
        if (s.stroke) {
            attributes += " stroke=\"" + hex(*s.stroke) + "\" stroke-width=\"" + num(s.stroke_width) +
                          "\" stroke-linejoin=\"round\"";
            if (s.stroke_opacity < 1.0) {
                attributes += " stroke-opacity=\"" + num(s.stroke_opacity) + "\"";
            }
            if (!s.dash.empty()) {
                attributes += " stroke-dasharray=\"" + dash_array(s.dash) + "\"";
            } else {
                attributes += " stroke-linecap=\"round\"";
            }
        }
    }
    if (s.clip >= 0) {
        attributes += " clip-path=\"url(#" + list.clips[static_cast<std::size_t>(s.clip)].id + ")\"";
    }
    if (!visible) {
        attributes += " visibility=\"hidden\"";
    }
    return attributes;
}

// The <animate> children of an animated shape: its fill and visibility frame by frame.
std::string animations(const Shape& s, bool animate, const Timing& timing) {
    std::string children;
    if (animate && !s.frame_fill.empty()) {
        children += discrete_animation("fill", s.frame_fill, timing, hex);
    }
    if (animate && !s.frame_visible.empty()) {
        children += discrete_animation("visibility", s.frame_visible, timing, [](std::uint8_t v) {
            return std::string(v != 0 ? "visible" : "hidden");
        });
    }
    return children;
}

std::string points_text(const std::vector<Vec2>& points) {
    std::string out;
    for (const Vec2 p : points) {
        if (!out.empty()) {
            out += ' ';
        }
        out += num(p.x);
        out += ',';
        out += num(p.y);
    }
    return out;
}

// A shape's SVG element: its name, its geometry attributes and its text (for text shapes).
struct Element {
    std::string name;
    std::string geometry;
    std::string body;
};

Element element_of(const Shape& s) {
    switch (s.kind) {
        case ShapeKind::rect:
            return {"rect",
                    " x=\"" + num(s.x) + "\" y=\"" + num(s.y) + "\" width=\"" + num(s.w) + "\" height=\"" +
                        num(s.h) + "\"",
                    {}};
        case ShapeKind::circle:
            return {"circle", " cx=\"" + num(s.x) + "\" cy=\"" + num(s.y) + "\" r=\"" + num(s.w) + "\"", {}};
        case ShapeKind::polyline:
        case ShapeKind::polygon:
            return {s.kind == ShapeKind::polygon ? "polygon" : "polyline",
                    " points=\"" + points_text(s.points) + "\"",
                    {}};
        case ShapeKind::text:
            return {"text",
                    " x=\"" + num(s.x) + "\" y=\"" + num(s.y) + "\" font-size=\"" + num(s.font_size) + "\"" +
                        (s.bold ? " font-weight=\"bold\"" : "") + rotation(s) +
                        (s.anchor == Anchor::middle ? " text-anchor=\"middle\""
                         : s.anchor == Anchor::end  ? " text-anchor=\"end\""
                                                    : ""),
                    escape(s.text)};
    }
    return {};
}

void append_shape(std::string& out, const Scene& list, const Shape& s, bool animate, const Timing& timing) {
    const std::size_t last = static_cast<std::size_t>(list.frame_count - 1);
    std::optional<Rgb> fill = s.fill;
    if (!s.frame_fill.empty()) {
        fill = s.frame_fill[last];
    }
    const bool visible = s.frame_visible.empty() || s.frame_visible[last] != 0;
    if (!animate && !visible) {
        return;
    }
    const std::string paint = paint_attributes(list, s, fill, visible);
    const std::string children = animations(s, animate, timing);
    const Element element = element_of(s);
    const std::string crisp = s.kind == ShapeKind::rect ? " shape-rendering=\"crispEdges\"" : "";
    out += "<" + element.name + element.geometry + paint + crisp;
    if (children.empty() && element.body.empty()) {
        out += "/>\n";
    } else {
        out += ">" + element.body + children + "</" + element.name + ">\n";
    }
}

std::string document(const Scene& list, bool animate) {
    throw_if_invalid("Scene", list.validate());
    const Timing timing = timing_of(list);
    std::string out;
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + std::to_string(list.width) +
           "\" height=\"" + std::to_string(list.height) + "\" viewBox=\"0 0 " + std::to_string(list.width) +
           " " + std::to_string(list.height) + "\" font-family=\"" + svg_font_family + "\">\n";
    if (!list.clips.empty()) {
        out += "<defs>";
        for (const ClipRect& c : list.clips) {
            out += "<clipPath id=\"" + c.id + "\"><rect x=\"" + num(c.x) + "\" y=\"" + num(c.y) +
                   "\" width=\"" + num(c.w) + "\" height=\"" + num(c.h) + "\"/></clipPath>";
        }
        out += "</defs>\n";
    }
    out += "<rect width=\"100%\" height=\"100%\" fill=\"" + hex(list.background) + "\"/>\n";
    for (const Shape& s : list.shapes) {
        append_shape(out, list, s, animate && list.frame_count > 1, timing);
    }
    out += "</svg>\n";
    return out;
}

}  // namespace

std::string scene_svg(const Scene& scene) {
    return document(scene, false);
}

std::string scene_animated_svg(const Scene& scene) {
    return document(scene, true);
}

}  // namespace kinema::render
