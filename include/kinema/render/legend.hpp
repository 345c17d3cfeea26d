// The one legend of kinema::render, and what it explains. Every picture (2D flood, 3D top view, pursuit
// single and team, audit) describes its legend as a Legend (plain data: headings, colour swatches, the heat
// ramp, marks, line samples, label/value pairs, notes) and draws it with draw_legend, which lays it out with
// the LegendBuilder, so every picture explains its colours and marks the same way. The chase marks
// (chase_marks::) are drawn by the same functions on the map, in 2D and 3D, and in the legend, so a legend
// entry is the mark it names. add_map_axes puts coordinates in level units along a map's top and left edges.
#pragma once

#include <cstdint>
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
    /// Put the next line's baseline at `baseline` (lines shown in different frames share one place).
    void move_to(double baseline) { baseline_ = baseline; }

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

/// Splits `s` at spaces into lines of at most max_chars bytes (a longer word stays whole on its own line).
std::vector<std::string> wrapped(const std::string& s, std::size_t max_chars);

/// One line (or block) of a Legend.
struct LegendItem {
    enum class Kind : std::uint8_t {
        title,      ///< `label` bold, 15 px
        subtitle,   ///< `label`, 11.5 px
        heading,    ///< `label` bold, 12.5 px (starts a group)
        swatch,     ///< a `colour` square and `label`
        heat_ramp,  ///< the ramp 1..`hot_value`, then `label` as its caption
        mark,       ///< `shapes` (drawn around (0, 0), moved to the line's mark slot) and `label`
        line,       ///< a 20 px sample of a line in `colour`, `width`, `dash`, then `label`
        value,      ///< `label` and `value` in bold 118 px further right
        note,       ///< `label` in grey, 10.5 px, wrapped to the legend's width
        gap,        ///< half a line of space
    };
    Kind kind = Kind::note;
    std::string label;
    std::string value;
    Rgb colour{};
    double width = 2.0;
    std::vector<double> dash;
    std::int32_t hot_value = 1;
    std::vector<Shape> shapes;
    double indent = 0.0;  ///< mark: px between the slot and the label (wide marks: an arrow)
    /// Animations: 0/1 per frame (empty: every frame). Consecutive items that have it share one place:
    /// lines shown in different frames.
    std::vector<std::uint8_t> frame_visible;
};

/// A picture's legend, drawn once, right of its map.
struct Legend {
    std::vector<LegendItem> items;

    void title(std::string text);
    void subtitle(std::string text);
    void heading(std::string text);
    void swatch(Rgb colour, std::string label);
    void heat_ramp(std::int32_t hot_value, std::string caption);
    void mark(std::vector<Shape> shapes, std::string label, double indent = 0.0);
    void line(Rgb colour, double width, std::vector<double> dash, std::string label);
    void value(std::string label, std::string value);
    void note(std::string text);
    void gap();
    /// The labels of every item, in order (titles, swatches, marks, lines, values, notes) -- what a reader
    /// finds in the picture's text.
    std::vector<std::string> labels() const;
};

/// Width of every picture's legend column, px: draw_legend keeps its text inside it (notes wrap, titles and
/// labels are cut).
inline constexpr double legend_width = 280.0;

/// Draws `legend` with its first baseline at (x, baseline) (the top of its first line is about 12 px above)
/// and returns the y below its last line.
double draw_legend(Scene& scene, const Legend& legend, double x, double baseline);

/// The height draw_legend takes for `legend`, px (from its first baseline to the y it returns).
double legend_height(const Legend& legend);

/// The marks of a chase (the seed, the centroid, the destination, dead reckoning, a split's destinations),
/// one function each, used on the 2D and the 3D map and in the legend: the same mark names the same thing
/// in every picture.
namespace chase_marks {
/// The last known cell: a white disc with a dark outline; with a non-zero `direction`, an arrow `length` px
/// long from it.
std::vector<Shape> seed(Vec2 centre, double radius, Vec2 direction = {}, double length = 0.0);
/// The centroid: a dark upright cross (+), `half` px each way.
std::vector<Shape> centroid(Vec2 centre, double half);
/// The destination: a green ring.
std::vector<Shape> destination(Vec2 centre, double radius);
/// Dead reckoning: a magenta diagonal cross (x), `half` px each way.
std::vector<Shape> dead_reckoning(Vec2 centre, double half);
/// The dashed magenta line from the seed to the dead-reckoning point.
Shape dead_reckoning_line(Vec2 from, Vec2 to);
/// A split's destination `number`: a green disc with its rank in white.
std::vector<Shape> split_destination(Vec2 centre, double radius, int number);
/// Sizes of the marks on a map whose tiles (or columns) are `cell_px` px: they grow with the tiles within
/// fixed bounds, so they read on a 1 px tile and do not swamp a 32 px one.
struct MarkSizes {
    double seed = 0.0;            ///< seed disc radius, 0.38 cell in [5, 10]
    double arrow = 0.0;           ///< direction arrow length, 2.5 cells, at least 34
    double centroid = 0.0;        ///< half the cross, 0.5 cell in [6, 12]
    double destination = 0.0;     ///< ring radius, 0.55 cell in [7, 14]
    double dead_reckoning = 0.0;  ///< half the x, 0.4 cell in [5, 9]
    double split = 0.0;           ///< numbered disc radius, 0.6 cell in [8, 12]
};
MarkSizes mark_sizes(double cell_px);

/// Which chase marks a picture shows.
struct ChaseMarksShown {
    bool centroid = true;
    bool destination = true;
    bool dead_reckoning = true;
    bool split = false;    ///< a split's numbered destinations
    bool borders = false;  ///< the borders between a split's regions (2D pictures)
    bool path = false;     ///< the NPC's path (3D levels)
};

/// The legend lines of the chase marks, in every picture that shows them (2D and 3D, pursuit on a 3D
/// level): the seed (labelled `seed_label`), then each mark `shown` names, drawn by the functions above.
void legend_chase_marks(Legend& legend, const std::string& seed_label, const ChaseMarksShown& shown);
}  // namespace chase_marks

/// Coordinates along a map's top and left edges, in level units (tiles on a 2D grid, metres on a 3D level).
struct MapAxes {
    double left = 0.0;  ///< px of the map's top-left corner
    double top = 0.0;
    double width = 0.0;  ///< px
    double height = 0.0;
    double x0 = 0.0;  ///< level units at the map's left edge (across)
    double y0 = 0.0;  ///< level units at the map's top edge (down)
    double px_per_unit = 1.0;
    double min_spacing_x = 36.0;  ///< px at least between two column labels
    double min_spacing_y = 20.0;  ///< px at least between two row labels
    double min_step = 0.0;        ///< smallest label step in level units (1: integers only); 0: any
    double label_scale = 1.0;     ///< a label reads (its position in level units) x label_scale
};

/// Ticks and labels at multiples of the smallest 1, 2 or 5 x 10^k step that keeps labels min_spacing apart:
/// column labels above the map, row labels left of it (right-aligned 6 px off the edge). The caller leaves
/// about 16 px above and 30 px (more for long labels) left of the map.
void add_map_axes(Scene& scene, const MapAxes& axes);

}  // namespace kinema::render
