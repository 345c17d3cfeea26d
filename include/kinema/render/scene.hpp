// The one picture vocabulary of kinema::render: every picture (2D flood, 3D top view, frame-rate chart) is
// built once as a Scene, a retained list of 2D shapes in pixels, and drawn by backends that each give
// deterministic output:
//
// - scene_png: cairo image surface encoded as PNG (shapes drawn in order on the background);
// - scene_svg / scene_animated_svg: SVG written directly (not through cairo's SVG surface, which turns text
//   into glyph outlines and numbers its ids with a process-wide counter, so two renders in one process
//   differ; it also cannot animate);
// - scene_json: the scene itself as JSON, so that a browser canvas draws exactly the same picture
//   (docs/render.md, "The scene as JSON", documents every field).
//
// Coordinates: pixels, origin at the picture's top-left corner, x to the right, y downwards (as cairo, SVG
// and the HTML canvas). Shapes are drawn in list order, later on top.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::render {

/// An sRGB colour, 8 bits per channel.
struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    friend constexpr bool operator==(Rgb, Rgb) = default;
};

enum class ShapeKind : std::uint8_t {
    rect,      ///< x, y top-left; w, h size. Drawn without antialiasing (tiles meet exactly)
    circle,    ///< x, y centre; w radius
    polyline,  ///< points, open; stroked only (a fill is ignored)
    polygon,   ///< points, closed
    text,      ///< x, y baseline point; text, font_size, bold, anchor, angle; drawn in `fill`
};

/// Where a text's (x, y) sits on its baseline.
enum class Anchor : std::uint8_t { start, middle, end };

/// One shape. Which fields a kind reads is listed at ShapeKind; the rest are ignored.
struct Shape {
    ShapeKind kind = ShapeKind::rect;
    std::optional<Rgb> fill;      ///< none: not filled (text without fill: palette::ink, 20,20,20)
    std::optional<Rgb> stroke;    ///< none: not stroked
    double stroke_width = 1.0;    ///< px, > 0
    double stroke_opacity = 1.0;  ///< [0, 1]
    std::vector<double> dash;     ///< px, on/off lengths; empty: solid. Dashed strokes have butt caps,
                                  ///< solid ones round caps; joins are always round
    int clip = -1;                ///< index into Scene::clips, or -1: not clipped
    double x = 0.0;               ///< px
    double y = 0.0;               ///< px
    double w = 0.0;               ///< px: rect width, circle radius
    double h = 0.0;               ///< px: rect height
    std::vector<Vec2> points;     ///< px: polyline and polygon corners
    std::string text;             ///< UTF-8
    double font_size = 13.0;      ///< px (the em size)
    bool bold = false;
    Anchor anchor = Anchor::start;
    double angle = 0.0;  ///< degrees, text only: rotated about (x, y), positive clockwise (y is down)
    /// Animation. Empty: the same in every frame; otherwise one entry per frame (Scene::frame_count).
    std::vector<Rgb> frame_fill;
    std::vector<std::uint8_t> frame_visible;  ///< 0 hidden, 1 shown
};

/// A clip rectangle shapes can refer to (Shape::clip). `id` names it in SVG (`clip-path="url(#id)"`).
struct ClipRect {
    std::string id;  ///< [A-Za-z][A-Za-z0-9_-]*, unique in the scene
    double x = 0.0;  ///< px
    double y = 0.0;
    double w = 0.0;
    double h = 0.0;
};

/// The typeface every backend uses: cairo's toy font API with font_family (so PNG glyphs depend on the
/// machine's fontconfig), SVG and JSON name svg_font_family (falls back where DejaVu Sans is missing).
inline constexpr const char* font_family = "DejaVu Sans";
inline constexpr const char* svg_font_family = "DejaVu Sans, Verdana, Arial, sans-serif";

struct Scene {
    int width = 0;   ///< px, [1, 32767]
    int height = 0;  ///< px, [1, 32767]
    Rgb background{255, 255, 255};
    std::vector<ClipRect> clips;
    std::vector<Shape> shapes;   ///< in drawing order
    int frame_count = 1;         ///< animation frames, [1, 1e6]; 1: a still picture
    double frame_seconds = 0.4;  ///< s per frame when animated, (0, 3600]
    double hold_seconds = 2.0;   ///< s the last frame is held on top of frame_seconds, [0, 3600]

    /// Bad fields: sizes, frame arrays whose length is not frame_count, clip indices, non-finite numbers.
    FieldErrors validate() const;
};

/// An 8-bit RGB image, row-major, 3 bytes per pixel.
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;
};

/// Frame `frame` (0 .. frame_count-1) drawn by cairo, as pixels. Throws SettingsError for a bad scene or
/// frame, std::runtime_error when cairo fails.
RgbImage scene_image(const Scene& scene, int frame = 0);
/// Frame `frame` as PNG bytes (RGB, 8 bits per channel, no time stamp). Errors as scene_image.
std::string scene_png(const Scene& scene, int frame = 0);
/// The last frame as an SVG document (UTF-8; numbers rounded to 1/100 px). Throws SettingsError.
std::string scene_svg(const Scene& scene);
/// Every frame in one SVG: shapes with per-frame values get SMIL `<animate calcMode="discrete">` that loops;
/// viewers without SMIL show the last frame. A one-frame scene gives scene_svg's document.
std::string scene_animated_svg(const Scene& scene);
/// The scene as one JSON object (docs/render.md, "The scene as JSON"); numbers in shortest round-trip form.
/// Throws SettingsError.
std::string scene_json(const Scene& scene);

/// Shape constructors for the common cases; set the other fields on the result.
namespace shapes {
Shape rect(double x, double y, double w, double h, Rgb fill);
Shape circle(Vec2 centre, double radius, std::optional<Rgb> fill, std::optional<Rgb> stroke,
             double stroke_width = 1.0);
Shape line(std::vector<Vec2> points, Rgb colour, double width);
Shape polygon(std::vector<Vec2> points, Rgb fill);
Shape text(double x, double y, std::string value, double size, Rgb colour, bool bold = false,
           Anchor anchor = Anchor::start);
/// `marks` preceded by a white copy of each, `halo` px wider (filled shapes filled white too, dashes
/// dropped), so that marks read on any colour below.
/// A numbered marker: a disc (`fill`, a 1.5 px `stroke` outline) with `number` centred in it, bold, in `ink`,
/// 1.25 x the radius high (a split chase's destinations, on the 2D and 3D pictures alike).
std::vector<Shape> numbered_disc(Vec2 centre, double radius, Rgb fill, Rgb stroke, Rgb ink, int number);
std::vector<Shape> with_halo(std::vector<Shape> marks, double halo, Rgb halo_colour = {255, 255, 255});
}  // namespace shapes

}  // namespace kinema::render
