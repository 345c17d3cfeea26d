// Pictures of a chase flood (Couvidou's Dishonored 2 chase chapter, "Flooding the Influence Map for Chase in
// Dishonored 2", Figures 2-7): walls, floor, heat as a colour ramp, barrier cells, the seed and its
// direction, the centroid, the destination and the dead-reckoning point, with a legend and the run's numbers.
// The picture is built once as a render::Scene (flood_picture_scene) and drawn by the scene backends
// (kinema/render/scene.hpp): PNG through cairo, SVG written directly, JSON for a browser canvas.
//
// The picture is drawn from a FloodScene: a plain description of a 2D tile map and a flood's state on it, in
// map units (tile (col,row) covers [col, col+1) x [row, row+1) times the cell size; y grows downwards, as in
// the Moving AI maps). kinema/render/chase_scene.hpp builds one from the chase library's grid and flood.
//
// Every function is deterministic: the same scene and settings give byte-identical output.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {

// The tile codes (tile::wall, tile::untouched, tile::barrier), the colours (palette::), heat_colour and
// tile_colour are in kinema/render/palette.hpp, shared by every picture.

/// One line of the legend's numbers, e.g. {"steps", "12 of 40"}.
struct LegendLine {
    std::string label;
    std::string value;
};

/// Everything a flood picture shows. Positions are in map units (see the file comment).
struct FloodScene {
    int columns = 0;                  ///< tiles, [1, 65536]
    int rows = 0;                     ///< tiles, [1, 65536]
    double cell_size = 1.0;           ///< map units per tile, (0, inf)
    std::vector<std::int32_t> tiles;  ///< columns * rows values, row-major: tile:: constants or heat >= 0
    std::int32_t hot_value = 20;      ///< H: the top of the heat ramp, [1, 1e6]
    Vec2 seed_position;               ///< map units: where the seed marker is drawn (the seed cell's centre)
    Vec2 direction;                   ///< last known direction, any length; zero draws no arrow
    std::optional<Vec2> centroid;     ///< map units; absent when nothing is warm
    std::optional<Vec2> destination;  ///< map units: the destination cell's centre
    std::optional<Vec2> dead_reckoning;  ///< map units: the dead-reckoning point, for comparison
    /// A split chase (kinema/chase/split.hpp): each region's destination, largest heat first, drawn as discs
    /// numbered 1..K; and the borders between regions, segments along tile edges (map units). Empty without
    /// a split.
    std::vector<Vec2> split_destinations;
    std::vector<std::array<Vec2, 2>> region_borders;
    std::string title;                ///< first legend line, e.g. the map's file name
    std::vector<LegendLine> numbers;  ///< the run's numbers, listed under the legend

    /// Bad fields: sizes, tile count, tile values out of range, non-finite positions.
    FieldErrors validate() const;
};

/// The state after one propagation step, for animations (frame 0 is the state right after seeding).
struct FloodFrame {
    int step = 0;                     ///< steps run when this state was reached, [0, inf)
    std::vector<std::int32_t> tiles;  ///< as FloodScene::tiles
    std::optional<Vec2> centroid;     ///< the centroid of this state (map units)
    std::optional<Vec2> destination;  ///< the destination cell centre of this state (map units)
};

/// One tile's new value in a frame of a FloodRecording.
struct TileChange {
    std::uint32_t tile = 0;  ///< row-major index into FloodScene::tiles
    std::int32_t value = 0;  ///< as FloodScene::tiles
};

/// An animation's frames as what changes from frame to frame, not a copy of the map per frame: memory is
/// O(frames + changed tiles summed over the frames), whatever the map size (a 4096 x 4096 map's tiles are
/// 64 MiB a copy). Frame 0 changes the scene's base state (its walls, every other tile tile::untouched);
/// frame i > 0 changes frame i - 1. kinema/render/chase_scene.hpp's FloodRecorder fills one from a flood.
class FloodRecording {
  public:
    /// The marks of one frame and where its changes end in changes().
    struct Frame {
        int step = 0;                     ///< as FloodFrame::step
        std::optional<Vec2> centroid;     ///< as FloodFrame::centroid
        std::optional<Vec2> destination;  ///< as FloodFrame::destination
        std::size_t changes_end = 0;      ///< this frame's changes are [previous frame's end, changes_end)
    };

    /// Appends a frame whose tiles differ from the previous frame's (the base's for the first) in `changes`.
    void add_frame(int step, std::span<const TileChange> changes, std::optional<Vec2> centroid,
                   std::optional<Vec2> destination);
    /// The same frames as full tile copies (each must have `base`'s size, `base` being the scene's tiles):
    /// frame 0 is compared with `base`'s walls and untouched floor, every later frame with the one before.
    static FloodRecording from_frames(std::span<const std::int32_t> base, std::span<const FloodFrame> frames);

    std::span<const Frame> frames() const { return frames_; }
    std::span<const TileChange> changes() const { return changes_; }
    /// The changes of frame i.
    std::span<const TileChange> changes_of(std::size_t i) const;
    bool empty() const { return frames_.empty(); }
    std::size_t size() const { return frames_.size(); }
    /// Bytes of heap the recording holds (its two arrays' capacity): what an animation costs before drawing.
    std::size_t heap_bytes() const;

  private:
    std::vector<Frame> frames_;
    std::vector<TileChange> changes_;
};

/// Which part of the map a picture shows.
enum class Crop {
    none,       ///< the whole map
    flood,      ///< the tiles the flood touched, the seed and the marked points, plus crop_margin tiles
    automatic,  ///< `flood` when the whole map would need cells smaller than legible_cell_px, else `none`
};

/// How large a picture is and what it shows.
struct PictureSettings {
    int max_map_px = 1024;  ///< px: the map area fits in a square of this size, [64, 8192]
    int min_cell_px = 1;    ///< px: smallest tile size; a map that cannot fit at it is drawn larger, [1, 64]
    int max_cell_px = 32;   ///< px: largest tile size (small maps are not blown up beyond it), [1, 256]
    int legible_cell_px = 4;  ///< px: Crop::automatic crops when tiles would be smaller than this, [1, 64]
    Crop crop = Crop::automatic;
    int crop_margin = 4;         ///< tiles of context around the flood when cropping, [0, 1000]
    bool legend = true;          ///< draw the legend panel with the numbers
    double frame_seconds = 0.4;  ///< s: how long an animation shows each step, [0.01, 60]
    double hold_seconds = 2.0;   ///< s: extra time the last step stays on screen before the loop, [0, 600]

    /// Bad fields, named as above; max_cell_px < min_cell_px is an error too.
    FieldErrors validate() const;
};

/// The picture as a scene: with `frames`, an animation of frames.size() frames (frame i shows frames[i]; the
/// scene supplies the map, the seed, the dead-reckoning point, the title and the final numbers). Throws
/// SettingsError on a bad scene, settings or frames (each frame must have the scene's tile count).
Scene flood_picture_scene(const FloodScene& scene, const PictureSettings& settings = {},
                          std::span<const FloodFrame> frames = {});

/// flood_picture_scene as JSON (scene_json): the same picture for a browser canvas; with `frames`, every
/// frame's tile colours and marks (frame_fill / frame_visible).
std::string flood_json(const FloodScene& scene, const PictureSettings& settings = {},
                       std::span<const FloodFrame> frames = {});

/// The picture as PNG bytes (RGB, 8 bits per channel). Throws SettingsError on a bad scene or settings.
std::string flood_png(const FloodScene& scene, const PictureSettings& settings = {});

/// The picture's one legend (kinema/render/legend.hpp): title, the tile colours, the heat ramp, the chase
/// marks (chase_marks::legend_chase_marks, as on the 3D picture), the run's numbers, how to read the axes.
Legend flood_legend(const FloodScene& scene);

/// The picture as an SVG document (UTF-8) with the legend as real text. Throws SettingsError as flood_png.
std::string flood_svg(const FloodScene& scene, const PictureSettings& settings = {});

/// One self-contained animated SVG of the steps (SMIL, plays in a browser and loops): frame i shows frames[i]
/// for frame_seconds, the last one frame_seconds + hold_seconds. Viewers without SMIL show the last frame.
/// The scene supplies the map, the seed, the dead-reckoning point, the title and the final numbers; frames
/// must be non-empty and have the scene's tile count.
std::string flood_animated_svg(const FloodScene& scene, std::span<const FloodFrame> frames,
                               const PictureSettings& settings = {});

/// The same animation as one PNG per frame, in frame order (same size for every frame).
std::vector<std::string> flood_png_frames(const FloodScene& scene, std::span<const FloodFrame> frames,
                                          const PictureSettings& settings = {});

/// flood_picture_scene, flood_animated_svg and flood_png_frames from a recording of the changes per frame
/// (byte-identical to the same frames as full copies; other names, so that `{}` stays "no frames"). Throws
/// SettingsError on a bad scene or settings, an empty recording (animations) or a change naming a tile
/// outside the scene or a value below tile::wall.
Scene recorded_flood_scene(const FloodScene& scene, const PictureSettings& settings,
                           const FloodRecording& recording);
std::string recorded_flood_animated_svg(const FloodScene& scene, const FloodRecording& recording,
                                        const PictureSettings& settings = {});
std::vector<std::string> recorded_flood_png_frames(const FloodScene& scene, const FloodRecording& recording,
                                                   const PictureSettings& settings = {});

/// The size in px of the picture flood_png would draw, {width, height}.
std::pair<int, int> flood_picture_size(const FloodScene& scene, const PictureSettings& settings = {});

/// Where the centre of tile (col,row) lands in the picture, in px (for tests and for callers adding marks).
Vec2 tile_centre_px(const FloodScene& scene, const PictureSettings& settings, int col, int row);

}  // namespace kinema::render
