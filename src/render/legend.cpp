// The legend builder (kinema/render/legend.hpp).
#include "kinema/render/legend.hpp"

#include <algorithm>
#include <cmath>

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
