// The one legend builder of kinema::render: a column of legend lines (headings, colour swatches, the heat
// ramp, marks, line samples, label/value pairs, plain text) appended to a Scene top to bottom, so every
// picture explains its colours and marks the same way.
#pragma once

#include <string>
#include <vector>

#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {

/// Sizes of a legend, px.
struct LegendStyle {
    double line_height = 19.0;  ///< px between baselines, > 0
    double font_size = 12.5;    ///< px, > 0
    double swatch = 13.0;       ///< px: side of a colour swatch and width of a mark's slot, > 0
    double label_gap = 8.0;     ///< px between a swatch and its label, >= 0
};

/// Appends legend lines to a scene. Each call draws one line at the current baseline and moves down.
class LegendBuilder {
  public:
    /// The first line's baseline is at (x, baseline).
    LegendBuilder(Scene& scene, double x, double baseline, LegendStyle style = {});

    /// Text at the left edge, then move down `lines` line heights.
    void text(std::string value, double size, Rgb colour = palette::ink, bool bold = false,
              double lines = 1.0);
    /// A colour swatch (outlined in palette::swatch_edge) and its label.
    void swatch(Rgb colour, std::string label);
    /// The heat ramp as one block per value (at most 40 blocks), `width` px wide, "1" and "H = n" under it,
    /// then `caption`.
    void heat_ramp(std::int32_t hot_value, double width, std::string caption);
    /// Marks drawn in the slot left of the label (the caller placed them around mark_centre()), then the
    /// label `indent` px further right than a swatch's.
    void marks(std::vector<Shape> shapes, std::string label, double indent = 0.0);
    /// A line sample 20 px long with the label after it (charts); empty dash: solid.
    void line_sample(Rgb colour, double width, std::vector<double> dash, std::string label);
    /// A label and a bold value starting `value_offset` px right of the legend's left edge.
    void value(std::string label, std::string value, double value_offset);
    /// Move down by `lines` line heights without drawing.
    void skip(double lines);

    /// Where a mark of the current line should be centred.
    Vec2 mark_centre() const { return {x_ + style_.swatch / 2.0, baseline_ - 4.0}; }
    double x() const { return x_; }
    double baseline() const { return baseline_; }

  private:
    Scene& scene_;
    double x_;
    double baseline_;
    LegendStyle style_;
};

/// Cuts `s` to at most max_chars bytes, ending in "..." when cut.
std::string truncated(const std::string& s, std::size_t max_chars);

}  // namespace kinema::render
