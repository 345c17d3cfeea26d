// A small retained list of 2D shapes that two backends draw: cairo for PNG and a direct SVG writer. Pictures
// are composed once as a DrawList so both formats show exactly the same thing, and so that an animation is
// one list whose shapes carry a value per frame (SVG turns those into SMIL, PNG draws one frame at a time).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/render/flood_picture.hpp"

namespace kinema::render::detail {

enum class ShapeKind : std::uint8_t { rect, circle, polyline, polygon, text };
enum class Anchor : std::uint8_t { start, middle, end };

struct Shape {
    ShapeKind kind = ShapeKind::rect;
    std::optional<Rgb> fill;
    std::optional<Rgb> stroke;
    double stroke_width = 1.0;    // px
    double stroke_opacity = 1.0;  // [0, 1]
    bool dashed = false;
    bool clip_to_map = false;  // clipped to DrawList::map_* (markers near the map's edge)
    double x = 0.0;            // rect: top-left; circle: centre; text: baseline start/middle/end
    double y = 0.0;
    double w = 0.0;  // rect width; circle radius
    double h = 0.0;  // rect height
    std::vector<Vec2> points;
    std::string text;
    double font_size = 13.0;  // px
    bool bold = false;
    Anchor anchor = Anchor::start;
    // Animation. Empty: the same in every frame. Otherwise one entry per frame.
    std::vector<Rgb> frame_fill;
    std::vector<std::uint8_t> frame_visible;
};

struct DrawList {
    int width = 0;  // px
    int height = 0;
    Rgb background = palette::background;
    double map_x = 0.0;  // the clip rectangle of the map area, px
    double map_y = 0.0;
    double map_w = 0.0;
    double map_h = 0.0;
    int frame_count = 1;
    double frame_seconds = 0.4;
    double hold_seconds = 2.0;
    std::vector<Shape> shapes;
};

/// PNG bytes of frame `frame` (0 .. frame_count-1) of the list.
std::string draw_png(const DrawList& list, int frame);
/// An SVG document; with `animate`, shapes with per-frame values get SMIL animations, else the last frame.
std::string draw_svg(const DrawList& list, bool animate);

}  // namespace kinema::render::detail
