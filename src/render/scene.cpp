// Scene validation and the shape constructors (kinema/render/scene.hpp).
#include "kinema/render/scene.hpp"

#include <cmath>
#include <string>

namespace kinema::render {
namespace {

bool valid_id(const std::string& id) {
    if (id.empty() || !std::isalpha(static_cast<unsigned char>(id[0]))) {
        return false;
    }
    for (const char ch : id) {
        if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_' && ch != '-') {
            return false;
        }
    }
    return true;
}

// The first problem of shape `s` (empty when none): frame arrays, clip index, numbers.
std::string shape_problem(const Shape& s, const Scene& scene) {
    const auto frames_ok = [&](std::size_t n) {
        return n == 0 || n == static_cast<std::size_t>(scene.frame_count);
    };
    if (!frames_ok(s.frame_fill.size()) || !frames_ok(s.frame_visible.size())) {
        return "frame_fill and frame_visible must be empty or have frame_count entries";
    }
    if (s.clip < -1 || s.clip >= static_cast<int>(scene.clips.size())) {
        return "clip must be -1 or an index into clips";
    }
    bool finite = std::isfinite(s.x) && std::isfinite(s.y) && std::isfinite(s.w) && std::isfinite(s.h) &&
                  std::isfinite(s.font_size) && std::isfinite(s.angle);
    for (const Vec2 p : s.points) {
        finite = finite && is_finite(p);
    }
    for (const double d : s.dash) {
        finite = finite && std::isfinite(d) && d >= 0.0;
    }
    if (!finite) {
        return "coordinates, sizes and dashes must be finite (dashes >= 0)";
    }
    if (!(s.stroke_width > 0.0) || !(s.stroke_opacity >= 0.0 && s.stroke_opacity <= 1.0)) {
        return "stroke_width must be > 0 and stroke_opacity in [0, 1]";
    }
    return {};
}

}  // namespace

FieldErrors Scene::validate() const {
    FieldErrors errors;
    require_in_range(errors, "width", width, 1, 32767);
    require_in_range(errors, "height", height, 1, 32767);
    require_in_range(errors, "frame_count", frame_count, 1, 1e6);
    require_in_range(errors, "frame_seconds", frame_seconds, 1e-9, 3600.0);
    require_in_range(errors, "hold_seconds", hold_seconds, 0.0, 3600.0);
    for (std::size_t i = 0; i < clips.size(); ++i) {
        const ClipRect& c = clips[i];
        bool unique = true;
        for (std::size_t j = 0; j < i; ++j) {
            unique = unique && clips[j].id != c.id;
        }
        if (!valid_id(c.id) || !unique || !std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.w) ||
            !std::isfinite(c.h)) {
            errors.push_back({"clips[" + std::to_string(i) + "]",
                              "needs a unique id [A-Za-z][A-Za-z0-9_-]* and finite bounds"});
        }
    }
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        std::string problem = shape_problem(shapes[i], *this);
        if (!problem.empty()) {
            errors.push_back({"shapes[" + std::to_string(i) + "]", std::move(problem)});
            break;  // one is enough to find the builder's mistake
        }
    }
    return errors;
}

namespace shapes {

Shape rect(double x, double y, double w, double h, Rgb fill) {
    Shape s;
    s.kind = ShapeKind::rect;
    s.x = x;
    s.y = y;
    s.w = w;
    s.h = h;
    s.fill = fill;
    return s;
}

Shape circle(Vec2 centre, double radius, std::optional<Rgb> fill, std::optional<Rgb> stroke,
             double stroke_width) {
    Shape s;
    s.kind = ShapeKind::circle;
    s.x = centre.x;
    s.y = centre.y;
    s.w = radius;
    s.fill = fill;
    s.stroke = stroke;
    s.stroke_width = stroke_width;
    return s;
}

Shape line(std::vector<Vec2> points, Rgb colour, double width) {
    Shape s;
    s.kind = ShapeKind::polyline;
    s.points = std::move(points);
    s.stroke = colour;
    s.stroke_width = width;
    return s;
}

Shape polygon(std::vector<Vec2> points, Rgb fill) {
    Shape s;
    s.kind = ShapeKind::polygon;
    s.points = std::move(points);
    s.fill = fill;
    return s;
}

Shape text(double x, double y, std::string value, double size, Rgb colour, bool bold, Anchor anchor) {
    Shape s;
    s.kind = ShapeKind::text;
    s.x = x;
    s.y = y;
    s.text = std::move(value);
    s.font_size = size;
    s.bold = bold;
    s.anchor = anchor;
    s.fill = colour;
    return s;
}

std::vector<Shape> numbered_disc(Vec2 centre, double radius, Rgb fill, Rgb stroke, Rgb ink, int number) {
    return {circle(centre, radius, fill, stroke, 1.5),
            text(centre.x, centre.y + radius * 0.45, std::to_string(number), radius * 1.25, ink, true,
                 Anchor::middle)};
}

std::vector<Shape> with_halo(std::vector<Shape> marks, double halo, Rgb halo_colour) {
    std::vector<Shape> out;
    out.reserve(2 * marks.size());
    for (Shape s : marks) {
        s.stroke = halo_colour;
        s.stroke_width += halo;
        s.dash.clear();
        if (s.kind != ShapeKind::polyline) {
            s.fill = halo_colour;
        }
        out.push_back(std::move(s));
    }
    for (Shape& s : marks) {
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace shapes
}  // namespace kinema::render
