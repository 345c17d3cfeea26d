// Layout of a flood picture: the map (tiles, grid, axis labels, markers) on the left, the legend and the
// run's numbers on the right. Built once as a Scene; every output format draws that scene.
#include "kinema/render/flood_picture.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "grid_checks.hpp"
#include "kinema/render/legend.hpp"

namespace kinema::render {
namespace {

using shapes::line;
using shapes::rect;

constexpr double margin = 16.0;               // px around everything
constexpr double axis_top = 16.0;             // px above the map for the column labels
constexpr double axis_left = 30.0;            // px left of the map for the row labels
constexpr double legend_gap = 24.0;           // px between map and legend
constexpr double legend_top = margin + 12.0;  // px: the legend's first baseline

// The visible tile window and the scale.
struct Frame {
    int c0 = 0;
    int r0 = 0;
    int c1 = 0;  // exclusive
    int r1 = 0;
    int cell_px = 1;
    double map_x = 0.0;  // px of the window's top-left corner
    double map_y = 0.0;
    int width = 0;  // px of the whole picture
    int height = 0;
};

int fit_cell_px(int columns, int rows, const PictureSettings& settings) {
    const int fit = settings.max_map_px / std::max(columns, rows);
    return std::clamp(fit, settings.min_cell_px, settings.max_cell_px);
}

Legend flood_legend_of(const FloodScene& scene, std::span<const FloodRecording::Frame> frames);

Frame frame_of(const FloodScene& scene, const PictureSettings& settings,
               const FloodRecording* recording = nullptr) {
    Frame f;
    f.c1 = scene.columns;
    f.r1 = scene.rows;
    bool crop = settings.crop == Crop::flood;
    if (settings.crop == Crop::automatic) {
        crop = settings.max_map_px / std::max(scene.columns, scene.rows) < settings.legible_cell_px;
    }
    if (crop) {
        // Bounding box of every touched tile (in any frame) and of the marked points.
        int c0 = scene.columns;
        int r0 = scene.rows;
        int c1 = -1;
        int r1 = -1;
        const auto include_tile = [&](int c, int r) {
            c0 = std::min(c0, c);
            r0 = std::min(r0, r);
            c1 = std::max(c1, c);
            r1 = std::max(r1, r);
        };
        const auto include_tiles = [&](const std::vector<std::int32_t>& tiles) {
            for (int r = 0; r < scene.rows; ++r) {
                for (int c = 0; c < scene.columns; ++c) {
                    if (tiles[static_cast<std::size_t>(r) * scene.columns + c] >= tile::barrier) {
                        include_tile(c, r);
                    }
                }
            }
        };
        const auto include_point = [&](const std::optional<Vec2>& p) {
            if (p) {
                const int c = static_cast<int>(std::floor(p->x / scene.cell_size));
                const int r = static_cast<int>(std::floor(p->y / scene.cell_size));
                include_tile(std::clamp(c, 0, scene.columns - 1), std::clamp(r, 0, scene.rows - 1));
            }
        };
        include_tiles(scene.tiles);
        if (recording != nullptr) {
            // A frame's tile is touched only through a change: the base holds walls and untouched floor.
            for (const TileChange& change : recording->changes()) {
                if (change.value >= tile::barrier) {
                    include_tile(static_cast<int>(change.tile % static_cast<std::uint32_t>(scene.columns)),
                                 static_cast<int>(change.tile / static_cast<std::uint32_t>(scene.columns)));
                }
            }
        }
        include_point(scene.seed_position);
        include_point(scene.centroid);
        include_point(scene.destination);
        include_point(scene.dead_reckoning);
        if (c1 >= 0) {
            f.c0 = std::max(0, c0 - settings.crop_margin);
            f.r0 = std::max(0, r0 - settings.crop_margin);
            f.c1 = std::min(scene.columns, c1 + 1 + settings.crop_margin);
            f.r1 = std::min(scene.rows, r1 + 1 + settings.crop_margin);
        }
    }
    f.cell_px = fit_cell_px(f.c1 - f.c0, f.r1 - f.r0, settings);
    f.map_x = margin + axis_left;
    f.map_y = margin + axis_top;
    const double map_w = static_cast<double>(f.c1 - f.c0) * f.cell_px;
    const double map_h = static_cast<double>(f.r1 - f.r0) * f.cell_px;
    double width = f.map_x + map_w + margin;
    double height = f.map_y + map_h + margin;
    if (settings.legend) {
        const std::span<const FloodRecording::Frame> frames =
            recording != nullptr ? recording->frames() : std::span<const FloodRecording::Frame>{};
        width = f.map_x + map_w + legend_gap + legend_width + margin;
        height = std::max(height, legend_top + legend_height(flood_legend_of(scene, frames)) + margin);
    }
    f.width = static_cast<int>(std::ceil(width));
    f.height = static_cast<int>(std::ceil(height));
    return f;
}

// Map units -> px.
Vec2 to_px(const FloodScene& scene, const Frame& f, Vec2 p) {
    return {f.map_x + (p.x / scene.cell_size - f.c0) * f.cell_px,
            f.map_y + (p.y / scene.cell_size - f.r0) * f.cell_px};
}

// Appends `marks` with a white halo `halo` px wider (shapes::with_halo).
void add_with_halo(Scene& scene, std::vector<Shape> marks, double halo) {
    for (Shape& s : shapes::with_halo(std::move(marks), halo, palette::background)) {
        scene.shapes.push_back(std::move(s));
    }
}

chase_marks::MarkSizes sizes(const Frame& f) {
    return chase_marks::mark_sizes(f.cell_px);
}

// Marks near the map's edge are clipped to the map (clip 0, "map").
void mark_clipped(std::vector<Shape>& marks) {
    for (Shape& s : marks) {
        s.clip = 0;
    }
}

// The borders between a split's regions, and its numbered destinations.
void add_split_marks(Scene& list, const FloodScene& scene, const Frame& f) {
    std::vector<Shape> borders;
    for (const auto& [a, b] : scene.region_borders) {
        borders.push_back(line({to_px(scene, f, a), to_px(scene, f, b)}, palette::ink, 2.5));
    }
    mark_clipped(borders);
    add_with_halo(list, std::move(borders), 1.5);
    for (std::size_t i = 0; i < scene.split_destinations.size(); ++i) {
        std::vector<Shape> marks = chase_marks::split_destination(
            to_px(scene, f, scene.split_destinations[i]), sizes(f).split, static_cast<int>(i) + 1);
        mark_clipped(marks);
        add_with_halo(list, std::move(marks), 2.0);
    }
}

// Coordinates along the top and left edges on tile edges (every 1, 2, 5, 10, ... tiles), labelled in map
// units (tile index x cell size: tiles at the default cell size 1).
void add_axes(Scene& list, const FloodScene& scene, const Frame& f) {
    MapAxes axes;
    axes.left = f.map_x;
    axes.top = f.map_y;
    axes.width = static_cast<double>(f.c1 - f.c0) * f.cell_px;
    axes.height = static_cast<double>(f.r1 - f.r0) * f.cell_px;
    axes.x0 = f.c0;
    axes.y0 = f.r0;
    axes.px_per_unit = f.cell_px;
    axes.min_spacing_y = 36.0;
    axes.min_step = 1.0;
    axes.label_scale = scene.cell_size;
    add_map_axes(list, axes);
}

// Tiles: the floor as one rectangle, then runs of equal colour along each row (keeps the SVG small on big
// maps). With frames, every tile that changes over the frames is its own rectangle with one fill per frame,
// and only walls are drawn as runs.
void add_static_tiles(Scene& list, const FloodScene& scene, const Frame& f, bool animated) {
    list.shapes.push_back(
        rect(f.map_x, f.map_y, (f.c1 - f.c0) * f.cell_px, (f.r1 - f.r0) * f.cell_px, palette::floor));
    const auto static_colour = [&](int c, int r) -> std::optional<Rgb> {
        const std::int32_t v = scene.tiles[static_cast<std::size_t>(r) * scene.columns + c];
        if ((animated && v != tile::wall) || v == tile::untouched) {
            return std::nullopt;
        }
        return tile_colour(v, scene.hot_value);
    };
    for (int r = f.r0; r < f.r1; ++r) {
        int c = f.c0;
        while (c < f.c1) {
            const std::optional<Rgb> colour = static_colour(c, r);
            int end = c + 1;
            while (end < f.c1 && static_colour(end, r) == colour) {
                ++end;
            }
            if (colour) {
                list.shapes.push_back(rect(f.map_x + (c - f.c0) * f.cell_px, f.map_y + (r - f.r0) * f.cell_px,
                                           (end - c) * f.cell_px, f.cell_px, *colour));
            }
            c = end;
        }
    }
}

// One change of a recording with the frame it happens in, for replaying one tile's values frame by frame.
struct FrameChange {
    std::uint32_t tile = 0;
    std::uint32_t frame = 0;
    std::int32_t value = 0;
};

// The animated tiles in row-major order, visiting only the tiles some frame changes: O(changes x log changes
// + touched tiles x frames), never frames x map size.
void add_animated_tiles(Scene& list, const FloodScene& scene, const Frame& f,
                        const FloodRecording& recording) {
    std::vector<FrameChange> changes;
    changes.reserve(recording.changes().size());
    for (std::size_t i = 0; i < recording.size(); ++i) {
        for (const TileChange& change : recording.changes_of(i)) {
            changes.push_back({change.tile, static_cast<std::uint32_t>(i), change.value});
        }
    }
    // Stable: a tile's changes stay in frame order.
    std::stable_sort(changes.begin(), changes.end(),
                     [](const FrameChange& a, const FrameChange& b) { return a.tile < b.tile; });
    const auto columns = static_cast<std::uint32_t>(scene.columns);
    std::size_t k = 0;
    while (k < changes.size()) {
        const std::uint32_t tile = changes[k].tile;
        std::size_t next = k;
        while (next < changes.size() && changes[next].tile == tile) {
            ++next;
        }
        const int c = static_cast<int>(tile % columns);
        const int r = static_cast<int>(tile / columns);
        if (c < f.c0 || c >= f.c1 || r < f.r0 || r >= f.r1 || scene.tiles[tile] == tile::wall) {
            k = next;
            continue;
        }
        bool touched = false;
        std::vector<Rgb> fills;
        fills.reserve(recording.size());
        std::int32_t value = tile::untouched;
        for (std::uint32_t frame = 0; frame < recording.size(); ++frame) {
            for (; k < next && changes[k].frame == frame; ++k) {
                value = changes[k].value;
            }
            touched = touched || value != tile::untouched;
            fills.push_back(tile_colour(value, scene.hot_value));
        }
        k = next;
        if (!touched) {
            continue;
        }
        Shape s = rect(f.map_x + (c - f.c0) * f.cell_px, f.map_y + (r - f.r0) * f.cell_px, f.cell_px,
                       f.cell_px, fills.back());
        s.frame_fill = std::move(fills);
        list.shapes.push_back(std::move(s));
    }
}

void add_grid(Scene& list, const Frame& f) {
    if (f.cell_px < 8) {
        return;  // lines would hide the tiles
    }
    const double x0 = f.map_x;
    const double y0 = f.map_y;
    const double x1 = x0 + (f.c1 - f.c0) * f.cell_px;
    const double y1 = y0 + (f.r1 - f.r0) * f.cell_px;
    // Half-pixel offsets put the 1 px lines on whole pixels.
    for (int c = 0; c <= f.c1 - f.c0; ++c) {
        const double x = std::min(x0 + c * f.cell_px + 0.5, x1 - 0.5);
        Shape s = line({{x, y0}, {x, y1}}, palette::ink, 1.0);
        s.stroke_opacity = 0.12;
        list.shapes.push_back(s);
    }
    for (int r = 0; r <= f.r1 - f.r0; ++r) {
        const double y = std::min(y0 + r * f.cell_px + 0.5, y1 - 0.5);
        Shape s = line({{x0, y}, {x1, y}}, palette::ink, 1.0);
        s.stroke_opacity = 0.12;
        list.shapes.push_back(s);
    }
}

// The legend: what every colour and mark means, then the run's numbers; an animation also shows which step
// each frame is.
// The picture's one legend (draw_legend): colours, heat ramp, the chase marks, the run's numbers, the
// step shown (animations), how to read the axes.
Legend flood_legend_of(const FloodScene& scene, std::span<const FloodRecording::Frame> frames) {
    Legend legend;
    legend.title("Chase flood");
    legend.subtitle(scene.title);
    legend.swatch(palette::wall, "wall (not a cell)");
    legend.swatch(palette::floor, "floor, not reached");
    legend.swatch(palette::cooled, "heated, cooled to 0");
    legend.swatch(palette::barrier, "barrier (behind the seed)");
    legend.heat_ramp(scene.hot_value, "heat: H when reached, -1 per step after");
    chase_marks::ChaseMarksShown shown;
    shown.split = !scene.split_destinations.empty();
    shown.borders = !scene.region_borders.empty();
    chase_marks::legend_chase_marks(legend, "seed, last known direction", shown);
    legend.gap();
    for (const LegendLine& l : scene.numbers) {
        legend.value(l.label, l.value);
    }
    if (frames.size() > 1) {
        // The numbers above are the final result's; the map shows this step. One line per frame, shown in
        // its frame only, all at the same place.
        for (std::size_t i = 0; i < frames.size(); ++i) {
            legend.heading("showing step " + std::to_string(frames[i].step) + " of " +
                           std::to_string(frames.back().step));
            legend.items.back().frame_visible.assign(frames.size(), 0);
            legend.items.back().frame_visible[i] = 1;
        }
        legend.note("the map shows that step; the numbers above are the final result's");
    }
    legend.gap();
    legend.note(
        "axes: map units (tile index x cell size), x across, y down; tile (col,row) covers "
        "[col,col+1) x [row,row+1)");
    return legend;
}

void add_markers(Scene& list, const FloodScene& scene, const Frame& f,
                 std::span<const FloodRecording::Frame> frames) {
    const Vec2 seed = to_px(scene, f, scene.seed_position);
    if (scene.dead_reckoning) {
        const Vec2 dr = to_px(scene, f, *scene.dead_reckoning);
        std::vector<Shape> shapes{chase_marks::dead_reckoning_line(seed, dr)};
        std::vector<Shape> cross = chase_marks::dead_reckoning(dr, sizes(f).dead_reckoning);
        shapes.insert(shapes.end(), cross.begin(), cross.end());
        mark_clipped(shapes);
        add_with_halo(list, std::move(shapes), 2.5);
    }
    const auto add_result_marks = [&](const std::optional<Vec2>& centroid,
                                      const std::optional<Vec2>& destination,
                                      const std::vector<std::uint8_t>& visible) {
        std::vector<Shape> shapes;
        if (destination) {
            shapes = chase_marks::destination(to_px(scene, f, *destination), sizes(f).destination);
        }
        if (centroid) {
            std::vector<Shape> cross = chase_marks::centroid(to_px(scene, f, *centroid), sizes(f).centroid);
            shapes.insert(shapes.end(), cross.begin(), cross.end());
        }
        for (Shape& s : shapes) {
            s.frame_visible = visible;
        }
        mark_clipped(shapes);
        add_with_halo(list, std::move(shapes), 3.0);
    };
    if (frames.empty()) {
        add_result_marks(scene.centroid, scene.destination, {});
        add_split_marks(list, scene, f);  // over the one destination, which is often one of them
    } else {
        for (std::size_t i = 0; i < frames.size(); ++i) {
            std::vector<std::uint8_t> visible(frames.size(), 0);
            visible[i] = 1;
            add_result_marks(frames[i].centroid, frames[i].destination, visible);
        }
    }
    std::vector<Shape> seed_marks = chase_marks::seed(seed, sizes(f).seed, scene.direction, sizes(f).arrow);
    mark_clipped(seed_marks);
    add_with_halo(list, std::move(seed_marks), 3.0);
}

void check(const FloodScene& scene, const PictureSettings& settings, std::span<const FloodFrame> frames) {
    throw_if_invalid("FloodScene", scene.validate());
    throw_if_invalid("PictureSettings", settings.validate());
    FieldErrors errors;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        if (frames[i].tiles.size() != scene.tiles.size()) {
            errors.push_back({"frames[" + std::to_string(i) + "].tiles",
                              "must have " + std::to_string(scene.tiles.size()) + " values, got " +
                                  std::to_string(frames[i].tiles.size())});
        }
    }
    throw_if_invalid("FloodFrame", errors);
}

void check(const FloodScene& scene, const PictureSettings& settings, const FloodRecording& recording) {
    throw_if_invalid("FloodScene", scene.validate());
    throw_if_invalid("PictureSettings", settings.validate());
    const std::span<const TileChange> changes = recording.changes();
    for (std::size_t i = 0; i < changes.size(); ++i) {
        if (changes[i].tile >= scene.tiles.size() || changes[i].value < tile::wall) {
            throw_if_invalid(
                "FloodRecording",
                {{"changes[" + std::to_string(i) + "]",
                  "must name a tile below " + std::to_string(scene.tiles.size()) +
                      " and a tile:: constant or heat >= 0, got tile " + std::to_string(changes[i].tile) +
                      " value " + std::to_string(changes[i].value)}});
        }
    }
}

void require_frames(std::size_t count) {
    if (count == 0) {
        throw_if_invalid("FloodFrame", {{"frames", "must not be empty"}});
    }
}

Scene compose(const FloodScene& scene, const PictureSettings& settings, const FloodRecording& recording) {
    const Frame f = frame_of(scene, settings, &recording);
    Scene list;
    list.width = f.width;
    list.height = f.height;
    list.background = palette::background;
    list.clips.push_back({"map", f.map_x, f.map_y, static_cast<double>((f.c1 - f.c0) * f.cell_px),
                          static_cast<double>((f.r1 - f.r0) * f.cell_px)});
    list.frame_count = recording.empty() ? 1 : static_cast<int>(recording.size());
    list.frame_seconds = settings.frame_seconds;
    list.hold_seconds = settings.hold_seconds;
    add_static_tiles(list, scene, f, !recording.empty());
    if (!recording.empty()) {
        add_animated_tiles(list, scene, f, recording);
    }
    add_grid(list, f);
    add_axes(list, scene, f);
    add_markers(list, scene, f, recording.frames());
    if (settings.legend) {
        draw_legend(list, flood_legend_of(scene, recording.frames()),
                    f.map_x + (f.c1 - f.c0) * f.cell_px + legend_gap, legend_top);
    }
    return list;
}

}  // namespace

Legend flood_legend(const FloodScene& scene) {
    return flood_legend_of(scene, {});
}

FieldErrors FloodScene::validate() const {
    FieldErrors errors;
    detail::require_grid(errors, columns, rows, cell_size, hot_value);
    if (errors.empty() &&
        tiles.size() != static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows)) {
        errors.push_back({"tiles", "must have columns * rows = " +
                                       std::to_string(static_cast<std::size_t>(columns) * rows) +
                                       " values, got " + std::to_string(tiles.size())});
    }
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        if (tiles[i] < tile::wall) {
            errors.push_back({"tiles[" + std::to_string(i) + "]",
                              "must be a tile:: constant or heat >= 0, got " + std::to_string(tiles[i])});
            break;
        }
    }
    const auto finite = [&](const char* name, const std::optional<Vec2>& p) {
        if (p && !is_finite(*p)) {
            errors.push_back({name, "must be finite"});
        }
    };
    finite("seed_position", seed_position);
    finite("direction", direction);
    finite("centroid", centroid);
    finite("destination", destination);
    finite("dead_reckoning", dead_reckoning);
    for (const Vec2& p : split_destinations) {
        finite("split_destinations", p);
    }
    for (const auto& [a, b] : region_borders) {
        finite("region_borders", a);
        finite("region_borders", b);
    }
    return errors;
}

FieldErrors PictureSettings::validate() const {
    FieldErrors errors;
    require_in_range(errors, "max_map_px", max_map_px, 64, 8192);
    require_in_range(errors, "min_cell_px", min_cell_px, 1, 64);
    require_in_range(errors, "max_cell_px", max_cell_px, 1, 256);
    require_in_range(errors, "legible_cell_px", legible_cell_px, 1, 64);
    require_in_range(errors, "crop_margin", crop_margin, 0, 1000);
    require_in_range(errors, "frame_seconds", frame_seconds, 0.01, 60.0);
    require_in_range(errors, "hold_seconds", hold_seconds, 0.0, 600.0);
    if (max_cell_px < min_cell_px) {
        errors.push_back({"max_cell_px", "must be >= min_cell_px (" + std::to_string(min_cell_px) +
                                             "), got " + std::to_string(max_cell_px)});
    }
    return errors;
}

Scene flood_picture_scene(const FloodScene& scene, const PictureSettings& settings,
                          std::span<const FloodFrame> frames) {
    check(scene, settings, frames);
    return compose(scene, settings, FloodRecording::from_frames(scene.tiles, frames));
}

Scene recorded_flood_scene(const FloodScene& scene, const PictureSettings& settings,
                           const FloodRecording& recording) {
    check(scene, settings, recording);
    return compose(scene, settings, recording);
}

std::string flood_json(const FloodScene& scene, const PictureSettings& settings,
                       std::span<const FloodFrame> frames) {
    return scene_json(flood_picture_scene(scene, settings, frames));
}

std::string flood_png(const FloodScene& scene, const PictureSettings& settings) {
    return scene_png(flood_picture_scene(scene, settings));
}

std::string flood_svg(const FloodScene& scene, const PictureSettings& settings) {
    return scene_svg(flood_picture_scene(scene, settings));
}

std::string flood_animated_svg(const FloodScene& scene, std::span<const FloodFrame> frames,
                               const PictureSettings& settings) {
    require_frames(frames.size());
    return scene_animated_svg(flood_picture_scene(scene, settings, frames));
}

std::string recorded_flood_animated_svg(const FloodScene& scene, const FloodRecording& recording,
                                        const PictureSettings& settings) {
    require_frames(recording.size());
    return scene_animated_svg(recorded_flood_scene(scene, settings, recording));
}

namespace {
std::vector<std::string> png_frames(const Scene& picture) {
    std::vector<std::string> pngs;
    pngs.reserve(static_cast<std::size_t>(picture.frame_count));
    for (int i = 0; i < picture.frame_count; ++i) {
        pngs.push_back(scene_png(picture, i));
    }
    return pngs;
}
}  // namespace

std::vector<std::string> flood_png_frames(const FloodScene& scene, std::span<const FloodFrame> frames,
                                          const PictureSettings& settings) {
    require_frames(frames.size());
    return png_frames(flood_picture_scene(scene, settings, frames));
}

std::vector<std::string> recorded_flood_png_frames(const FloodScene& scene, const FloodRecording& recording,
                                                   const PictureSettings& settings) {
    require_frames(recording.size());
    return png_frames(recorded_flood_scene(scene, settings, recording));
}

std::pair<int, int> flood_picture_size(const FloodScene& scene, const PictureSettings& settings) {
    check(scene, settings, std::span<const FloodFrame>{});
    const Frame f = frame_of(scene, settings);
    return {f.width, f.height};
}

Vec2 tile_centre_px(const FloodScene& scene, const PictureSettings& settings, int col, int row) {
    check(scene, settings, std::span<const FloodFrame>{});
    const Frame f = frame_of(scene, settings);
    return {f.map_x + (col - f.c0 + 0.5) * f.cell_px, f.map_y + (row - f.r0 + 0.5) * f.cell_px};
}

void FloodRecording::add_frame(int step, std::span<const TileChange> changes, std::optional<Vec2> centroid,
                               std::optional<Vec2> destination) {
    changes_.insert(changes_.end(), changes.begin(), changes.end());
    frames_.push_back({step, centroid, destination, changes_.size()});
}

FloodRecording FloodRecording::from_frames(std::span<const std::int32_t> base,
                                           std::span<const FloodFrame> frames) {
    FloodRecording recording;
    std::vector<TileChange> changes;
    for (std::size_t i = 0; i < frames.size(); ++i) {
        changes.clear();
        const std::vector<std::int32_t>& tiles = frames[i].tiles;
        for (std::size_t t = 0; t < tiles.size() && t < base.size(); ++t) {
            const std::int32_t before =
                i == 0 ? (base[t] == tile::wall ? tile::wall : tile::untouched) : frames[i - 1].tiles[t];
            if (tiles[t] != before) {
                changes.push_back({static_cast<std::uint32_t>(t), tiles[t]});
            }
        }
        recording.add_frame(frames[i].step, changes, frames[i].centroid, frames[i].destination);
    }
    return recording;
}

std::span<const TileChange> FloodRecording::changes_of(std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : frames_[i - 1].changes_end;
    return std::span<const TileChange>(changes_).subspan(begin, frames_[i].changes_end - begin);
}

std::size_t FloodRecording::heap_bytes() const {
    return frames_.capacity() * sizeof(Frame) + changes_.capacity() * sizeof(TileChange);
}

}  // namespace kinema::render
