// The legend builder (kinema/render/legend.hpp).
#include "kinema/render/legend.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace kinema::render {

LegendBuilder::LegendBuilder(Scene& scene, double x, double baseline, LegendStyle style)
    : scene_(scene), x_(x), baseline_(baseline), style_(style) {}

void LegendBuilder::text(std::string value, double size, Rgb colour, bool bold, double lines) {
    scene_.shapes.push_back(shapes::text(x_, baseline_, std::move(value), size, colour, bold));
    baseline_ += style_.line_height * lines;
}

void LegendBuilder::swatch(Rgb colour, std::string label) {
    Shape s = shapes::rect(x_, baseline_ - style_.swatch + 2.0, style_.swatch, style_.swatch, colour);
    s.stroke = palette::swatch_edge;
    s.stroke_width = 1.0;
    scene_.shapes.push_back(std::move(s));
    scene_.shapes.push_back(shapes::text(x_ + style_.swatch + style_.label_gap, baseline_, std::move(label),
                                         style_.font_size, palette::ink));
    baseline_ += style_.line_height;
}

void LegendBuilder::heat_ramp(std::int32_t hot_value, double width, std::string caption) {
    // One block per value; with more than 40 values, neighbouring values share blocks.
    const int blocks = std::min(hot_value, 40);
    const double block_w = width / blocks;
    for (int i = 0; i < blocks; ++i) {
        const std::int32_t value =
            1 + static_cast<std::int32_t>(
                    std::llround(static_cast<double>(i) * (hot_value - 1) / std::max(1, blocks - 1)));
        // Half a pixel of overlap so antialiased block edges leave no seam.
        scene_.shapes.push_back(shapes::rect(x_ + i * block_w, baseline_ - style_.swatch + 2.0, block_w + 0.5,
                                             style_.swatch, heat_colour(value, hot_value)));
    }
    baseline_ += style_.line_height - 4.0;
    scene_.shapes.push_back(shapes::text(x_, baseline_, "1", 10.5, palette::ink));
    scene_.shapes.push_back(shapes::text(x_ + width, baseline_, "H = " + std::to_string(hot_value), 10.5,
                                         palette::ink, false, Anchor::end));
    baseline_ += style_.line_height - 2.0;
    text(std::move(caption), style_.font_size, palette::ink, false, 1.2);
}

void LegendBuilder::marks(std::vector<Shape> shapes, std::string label, double indent) {
    for (Shape& s : shapes) {
        scene_.shapes.push_back(std::move(s));
    }
    scene_.shapes.push_back(shapes::text(x_ + style_.swatch + style_.label_gap + indent, baseline_,
                                         std::move(label), style_.font_size, palette::ink));
    baseline_ += style_.line_height;
}

void LegendBuilder::line_sample(Rgb colour, double width, std::vector<double> dash, std::string label) {
    const Vec2 c = mark_centre();
    Shape sample = shapes::line({{x_, c.y}, {x_ + 20.0, c.y}}, colour, width);
    sample.dash = std::move(dash);
    scene_.shapes.push_back(std::move(sample));
    scene_.shapes.push_back(
        shapes::text(x_ + 26.0, baseline_, std::move(label), style_.font_size, palette::ink));
    baseline_ += style_.line_height;
}

void LegendBuilder::value(std::string label, std::string value, double value_offset) {
    scene_.shapes.push_back(shapes::text(x_, baseline_, std::move(label), style_.font_size, palette::ink));
    scene_.shapes.push_back(
        shapes::text(x_ + value_offset, baseline_, std::move(value), style_.font_size, palette::ink, true));
    baseline_ += style_.line_height;
}

void LegendBuilder::skip(double lines) {
    baseline_ += style_.line_height * lines;
}

std::string truncated(const std::string& s, std::size_t max_chars) {
    return s.size() <= max_chars ? s : s.substr(0, max_chars - 3) + "...";
}

}  // namespace kinema::render

namespace kinema::render {

std::vector<std::string> wrapped(const std::string& s, std::size_t max_chars) {
    std::vector<std::string> lines;
    std::string line;
    std::size_t at = 0;
    while (at < s.size()) {
        const std::size_t space = s.find(' ', at);
        const std::string word = s.substr(at, space == std::string::npos ? std::string::npos : space - at);
        at = space == std::string::npos ? s.size() : space + 1;
        if (word.empty()) {
            continue;
        }
        if (!line.empty() && line.size() + 1 + word.size() > max_chars) {
            lines.push_back(std::move(line));
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty() || lines.empty()) {
        lines.push_back(std::move(line));
    }
    return lines;
}

namespace {

LegendItem item(LegendItem::Kind kind, std::string label) {
    LegendItem i;
    i.kind = kind;
    i.label = std::move(label);
    return i;
}

// Moves a shape built around (0, 0) to `by`.
Shape moved(Shape s, Vec2 by) {
    s.x += by.x;
    s.y += by.y;
    for (Vec2& p : s.points) {
        p = p + by;
    }
    return s;
}

// Characters of `size` px text that fit in the legend column (DejaVu Sans averages about 0.57 em a
// character in our labels; bold about 0.62 em).
std::size_t fitting_chars(double size, bool bold = false) {
    return static_cast<std::size_t>(legend_width / ((bold ? 0.62 : 0.57) * size));
}

}  // namespace

void Legend::title(std::string text) {
    items.push_back(item(LegendItem::Kind::title, std::move(text)));
}
void Legend::subtitle(std::string text) {
    items.push_back(item(LegendItem::Kind::subtitle, std::move(text)));
}
void Legend::heading(std::string text) {
    items.push_back(item(LegendItem::Kind::heading, std::move(text)));
}
void Legend::swatch(Rgb colour, std::string label) {
    LegendItem i = item(LegendItem::Kind::swatch, std::move(label));
    i.colour = colour;
    items.push_back(std::move(i));
}
void Legend::heat_ramp(std::int32_t hot_value, std::string caption) {
    LegendItem i = item(LegendItem::Kind::heat_ramp, std::move(caption));
    i.hot_value = hot_value;
    items.push_back(std::move(i));
}
void Legend::mark(std::vector<Shape> shapes, std::string label, double indent) {
    LegendItem i = item(LegendItem::Kind::mark, std::move(label));
    i.shapes = std::move(shapes);
    i.indent = indent;
    items.push_back(std::move(i));
}
void Legend::line(Rgb colour, double width, std::vector<double> dash, std::string label) {
    LegendItem i = item(LegendItem::Kind::line, std::move(label));
    i.colour = colour;
    i.width = width;
    i.dash = std::move(dash);
    items.push_back(std::move(i));
}
void Legend::value(std::string label, std::string value) {
    LegendItem i = item(LegendItem::Kind::value, std::move(label));
    i.value = std::move(value);
    items.push_back(std::move(i));
}
void Legend::note(std::string text) {
    items.push_back(item(LegendItem::Kind::note, std::move(text)));
}
void Legend::gap() {
    items.push_back(item(LegendItem::Kind::gap, {}));
}

std::vector<std::string> Legend::labels() const {
    std::vector<std::string> out;
    for (const LegendItem& i : items) {
        if (!i.label.empty()) {
            out.push_back(i.label);
        }
    }
    return out;
}

double draw_legend(Scene& scene, const Legend& legend, double x, double baseline) {
    using Kind = LegendItem::Kind;
    LegendBuilder b(scene, x, baseline);
    const double top = baseline;
    double frame_line = 0.0;  // where the last per-frame item started
    bool after_frame_item = false;
    for (const LegendItem& i : legend.items) {
        const std::size_t first = scene.shapes.size();
        if (!i.frame_visible.empty()) {
            if (after_frame_item) {
                b.move_to(frame_line);
            }
            frame_line = b.baseline();
        }
        after_frame_item = !i.frame_visible.empty();
        switch (i.kind) {
            case Kind::title:
                b.text(truncated(i.label, fitting_chars(15.0, true)), 15.0, palette::ink, true);
                break;
            case Kind::subtitle:
                for (std::string& line : wrapped(i.label, fitting_chars(11.5))) {
                    b.text(std::move(line), 11.5, palette::ink, false, 0.9);
                }
                b.skip(0.3);
                break;
            case Kind::heading:
                b.text(truncated(i.label, fitting_chars(12.5, true)), 12.5, palette::ink, true);
                break;
            case Kind::swatch:
                b.swatch(i.colour, truncated(i.label, fitting_chars(12.5) - 4));
                break;
            case Kind::heat_ramp:
                b.heat_ramp(i.hot_value, 200.0, i.label);
                break;
            case Kind::mark: {
                std::vector<Shape> shapes;
                for (const Shape& s : i.shapes) {
                    shapes.push_back(moved(s, b.mark_centre()));
                }
                b.marks(std::move(shapes), i.label, i.indent);
                break;
            }
            case Kind::line:
                b.line_sample(i.colour, i.width, i.dash, i.label);
                break;
            case Kind::value:
                b.value(truncated(i.label, 18), truncated(i.value, 24), 118.0);
                break;
            case Kind::note:
                for (std::string& line : wrapped(i.label, fitting_chars(10.5))) {
                    b.text(std::move(line), 10.5, palette::axis, false, 0.85);
                }
                break;
            case Kind::gap:
                b.skip(0.5);
                break;
        }
        if (!i.frame_visible.empty()) {
            for (std::size_t k = first; k < scene.shapes.size(); ++k) {
                scene.shapes[k].frame_visible = i.frame_visible;
            }
        }
    }
    return b.baseline() - top + baseline;
}

double legend_height(const Legend& legend) {
    Scene scratch;
    return draw_legend(scratch, legend, 0.0, 0.0);
}

namespace chase_marks {

std::vector<Shape> seed(Vec2 centre, double radius, Vec2 direction, double length) {
    std::vector<Shape> marks;
    const Vec2 u = normalized_or_zero(direction);
    if ((u.x != 0.0 || u.y != 0.0) && length > radius) {
        const double head = 9.0;
        const Vec2 tip = centre + u * length;
        const Vec2 base = tip - u * head;
        const Vec2 side = perpendicular(u) * (head * 0.6);
        marks.push_back(shapes::line({centre + u * radius, base}, palette::ink, 2.5));
        Shape arrow_head = shapes::polygon({tip, base + side, base - side}, palette::ink);
        arrow_head.stroke = palette::ink;
        arrow_head.stroke_width = 1.0;
        marks.push_back(std::move(arrow_head));
    }
    marks.push_back(shapes::circle(centre, radius, palette::seed, palette::ink, 2.0));
    return marks;
}

std::vector<Shape> centroid(Vec2 c, double half) {
    return {shapes::line({{c.x - half, c.y}, {c.x + half, c.y}}, palette::ink, 2.5),
            shapes::line({{c.x, c.y - half}, {c.x, c.y + half}}, palette::ink, 2.5)};
}

std::vector<Shape> destination(Vec2 c, double radius) {
    return {shapes::circle(c, radius, std::nullopt, palette::destination, 3.0)};
}

std::vector<Shape> dead_reckoning(Vec2 c, double half) {
    return {shapes::line({{c.x - half, c.y - half}, {c.x + half, c.y + half}}, palette::dead_reckoning, 3.0),
            shapes::line({{c.x - half, c.y + half}, {c.x + half, c.y - half}}, palette::dead_reckoning, 3.0)};
}

Shape dead_reckoning_line(Vec2 from, Vec2 to) {
    Shape path = shapes::line({from, to}, palette::dead_reckoning, 2.0);
    path.dash = {6.0, 5.0};
    return path;
}

// The legend's dead-reckoning sample: a short dashed line ending in the x.
std::vector<Shape> dead_reckoning_mark_and_line(double half) {
    std::vector<Shape> out{dead_reckoning_line({-12.0, 0.0}, {6.0, 0.0})};
    out.back().dash = {4.0, 3.0};
    for (Shape& s : dead_reckoning({6.0, 0.0}, half)) {
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<Shape> split_destination(Vec2 c, double radius, int number) {
    return shapes::numbered_disc(c, radius, palette::destination, palette::ink, palette::background, number);
}

MarkSizes mark_sizes(double cell_px) {
    MarkSizes m;
    m.seed = std::clamp(0.38 * cell_px, 5.0, 10.0);
    m.arrow = std::max(2.5 * cell_px, 34.0);
    m.centroid = std::clamp(0.5 * cell_px, 6.0, 12.0);
    m.destination = std::clamp(0.55 * cell_px, 7.0, 14.0);
    m.dead_reckoning = std::clamp(0.4 * cell_px, 5.0, 9.0);
    m.split = std::clamp(0.6 * cell_px, 8.0, 12.0);
    return m;
}

void legend_chase_marks(Legend& legend, const std::string& seed_label, const ChaseMarksShown& shown) {
    // Legend marks at the size of 14 px tiles: readable beside their labels.
    const MarkSizes m = mark_sizes(14.0);
    {
        // A short horizontal arrow so that it fits beside its label.
        std::vector<Shape> marks{shapes::line({{3.0, 0.0}, {14.0, 0.0}}, palette::ink, 2.0),
                                 shapes::polygon({{20.0, 0.0}, {13.0, -4.0}, {13.0, 4.0}}, palette::ink)};
        for (Shape& s : seed({-2.0, 0.0}, m.seed)) {
            marks.push_back(std::move(s));
        }
        legend.mark(shapes::with_halo(std::move(marks), 0.0), seed_label, 8.0);
    }
    if (shown.centroid) {
        legend.mark(shapes::with_halo(centroid({}, m.centroid), 0.0), "centroid (heat-weighted mean)");
    }
    if (shown.destination) {
        legend.mark(shapes::with_halo(destination({}, m.destination), 0.0),
                    "destination (heated cell nearest it)");
    }
    if (shown.dead_reckoning) {
        legend.mark(shapes::with_halo(dead_reckoning_mark_and_line(m.dead_reckoning), 0.0),
                    "dead reckoning, for comparison", 6.0);
    }
    if (shown.split) {
        legend.mark(shapes::with_halo(split_destination({}, m.split, 1), 0.0),
                    "split destinations, most heat first");
    }
    if (shown.borders) {
        legend.mark({shapes::line({{-7.0, 0.0}, {7.0, 0.0}}, palette::ink, 2.5)},
                    "border between their regions");
    }
    if (shown.path) {
        // As on the map: a dark line on a white halo.
        legend.mark(shapes::with_halo({shapes::line({{-6.0, 0.0}, {16.0, 0.0}}, palette::ink, 3.0)}, 3.0),
                    "the NPC's path", 6.0);
    }
}

}  // namespace chase_marks

namespace {

// The smallest of 1, 2, 5 x 10^k (at least min_step) whose labels are `spacing` px apart.
double tick_step(double px_per_unit, double spacing, double min_step) {
    for (double decade = 1e-3;; decade *= 10.0) {
        for (const double m : {1.0, 2.0, 5.0}) {
            const double step = m * decade;
            if (step >= min_step && (step * px_per_unit >= spacing || decade > 1e9)) {
                return step;
            }
        }
    }
}

// k x step with at most 3 decimals and no trailing zeros (0.5 -> "2.5", 20 -> "40"), never "-0".
std::string tick_text(long long k, double step, double scale) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.3f", static_cast<double>(k) * step * scale);
    std::string s = buffer;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') {
        s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

}  // namespace

namespace {

// The ticks along one edge: positions `start` + (k step - first) px_per_unit for the multiples k step in
// [first, first + length / px_per_unit]. None when the multiples cannot be counted exactly in a double (a
// level far from its origin at a fine step, where k + 1 would not move the tick), so the loop always ends.
template <class Draw>
void ticks(double first, double length, double px_per_unit, double step, Draw draw) {
    const double k0 = std::ceil(first / step - 1e-9);
    if (!std::isfinite(k0) || std::abs(k0) > 1e12 || !(px_per_unit > 0.0)) {
        return;
    }
    for (auto k = static_cast<long long>(k0);; ++k) {
        const double at = (static_cast<double>(k) * step - first) * px_per_unit;
        if (at > length + 1e-6) {
            break;
        }
        draw(k, at);
    }
}

}  // namespace

void add_map_axes(Scene& scene, const MapAxes& a) {
    const Rgb colour = palette::axis;
    double step = tick_step(a.px_per_unit, a.min_spacing_x, a.min_step);
    ticks(a.x0, a.width, a.px_per_unit, step, [&](long long k, double at) {
        const double x = a.left + at;
        scene.shapes.push_back(shapes::line({{x, a.top - 4.0}, {x, a.top}}, colour, 1.0));
        scene.shapes.push_back(shapes::text(x, a.top - 6.0, tick_text(k, step, a.label_scale), 10.0, colour,
                                            false, Anchor::middle));
    });
    step = tick_step(a.px_per_unit, a.min_spacing_y, a.min_step);
    ticks(a.y0, a.height, a.px_per_unit, step, [&](long long k, double at) {
        const double y = a.top + at;
        scene.shapes.push_back(shapes::line({{a.left - 4.0, y}, {a.left, y}}, colour, 1.0));
        scene.shapes.push_back(shapes::text(a.left - 6.0, y + 3.5, tick_text(k, step, a.label_scale), 10.0,
                                            colour, false, Anchor::end));
    });
}

}  // namespace kinema::render
