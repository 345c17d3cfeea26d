// The picture files of a chase, drawn at once for any face (the CLI's --png/--svg/--animate/--frames):
// the caller says which pictures it wants and where they go is its business (render knows no command line).
// A 3D level's pictures are in kinema/render/nav_level_view.hpp.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/render/chase_scene.hpp"
#include "kinema/render/flood_picture.hpp"

namespace kinema::render {

/// The animation of a chase on a grid, planned before a step is recorded: the flood run once (without the
/// split) to learn its steps and the tiles it touches, so that a caller can refuse an animation too large to
/// draw before recording, and a long one is sampled (animation_steps) instead of recording every step.
struct AnimationPlan {
    int flood_steps = 0;      ///< the steps the flood runs
    std::size_t touched = 0;  ///< the tiles it touches, heated or barrier
    std::vector<int> shown;   ///< the steps the animation shows: animation_steps(flood_steps)
    /// touched x the frames shown, the drawing's cost (max_animation_tile_frames).
    double tile_frames() const { return static_cast<double>(touched) * static_cast<double>(shown.size()); }
    bool too_large() const { return tile_frames() > static_cast<double>(max_animation_tile_frames); }
    /// Why an animation too_large() is not drawn: "the flood touches N tiles in S steps: F frames of them are
    /// T tile-frames, more than the M an animation may draw (render::max_animation_tile_frames)".
    std::string refusal() const;
};

/// Plans the animation of chase::run_chase(space, flood, query). Runs `flood` (restarted by the chase).
AnimationPlan plan_chase_animation(const chase::GridChaseSpace& space, chase::Flood& flood,
                                   chase::ChaseQuery query);

/// chase::run_chase(space, flood, query), recording into `frames` the states after the steps in `shown`
/// (ascending; empty: nothing recorded, the chase run without an observer).
chase::ChaseResult run_recorded_chase(const chase::GridChaseSpace& space, chase::Flood& flood,
                                      const chase::ChaseQuery& query, const std::vector<int>& shown,
                                      FloodRecording& frames);

/// Which pictures of a chase to draw.
struct ChasePictureRequest {
    bool png = false;           ///< the finished flood as PNG
    bool svg = false;           ///< the same as SVG
    bool animated_svg = false;  ///< the recorded steps as one animated SVG (grids only)
    bool png_frames = false;    ///< the recorded steps, one PNG each (grids only)
};

/// The pictures drawn; those not asked for stay empty.
struct ChasePictures {
    std::string png;
    std::string svg;
    std::string animated_svg;
    /// One (file name "step-NNN.png", NNN the frame's step, PNG bytes) per recorded frame.
    std::vector<std::pair<std::string, std::string>> png_frames;
};

/// The pictures of a chase on `grid` (chase::run_chase on its GridChaseSpace with `flood`, giving `result`),
/// titled `title`, with the default PictureSettings (docs/render.md). `recording` holds the frames of the
/// animated pictures (FloodRecorder). Nothing is drawn when nothing is asked for.
ChasePictures grid_chase_pictures(const chase::GridSpace& grid, const chase::Flood& flood,
                                  const chase::ChaseResult& result, const std::string& title,
                                  const FloodRecording& recording, const ChasePictureRequest& wanted);

}  // namespace kinema::render
