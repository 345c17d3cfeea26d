// Builds the FloodScene / FloodFrame a flood picture draws (render/flood_picture.hpp) from the chase
// library's grid space, a flood on it and the dead-reckoning baseline (chase/grid.hpp, chase/flood.hpp,
// chase/dead_reckoning.hpp). Positions stay in the grid's world units (map units times the cell size).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/render/flood_picture.hpp"

namespace kinema::render {

/// The tile values of a flood's current state on `grid` (tile::wall for blocked tiles). The flood must
/// have been started on grid.cells().
std::vector<std::int32_t> flood_tiles(const chase::GridSpace& grid, const chase::Flood& flood);

/// The frame of an animation for the flood's current state: its tiles, steps, centroid and destination.
FloodFrame flood_frame(const chase::GridSpace& grid, const chase::Flood& flood);

/// An animation of a flood shows at most this many frames (0.4 s each: 102 s): a flood of more steps is
/// sampled (animation_steps), so that no M_S up to 10^6 makes the animation grow without bound.
inline constexpr int max_animation_frames = 256;
/// And at most this many tile-frames (the tiles the flood touches, heated or barrier, x the frames shown):
/// recording and drawing cost about 34 bytes and the SVG about 4 bytes each (4096 x 4096, M_S = 100, M_H =
/// 10^5: 41,044 tiles x 101 frames, 140 MB and 17.6 MB). The CLI refuses more before recording a step.
inline constexpr std::size_t max_animation_tile_frames = std::size_t{1} << 24;

/// The steps an animation of a flood that ran `steps` steps shows (frame 0 is the state after seeding): every
/// step 0..steps when that is at most max_frames frames, else max_frames steps evenly spaced, round(i x
/// steps / (max_frames - 1)) for i = 0..max_frames - 1: the first and the last always included. Ascending.
std::vector<int> animation_steps(int steps, int max_frames = max_animation_frames);

/// Records an animation of a flood on `grid` as the tiles that change per step (FloodRecording): call
/// record() after seeding and after every step. A step costs O(touched cells) (the flood's heated and
/// barrier lists), and the recording holds each change once, so memory never grows with the map's size.
class FloodRecorder {
  public:
    explicit FloodRecorder(const chase::GridSpace& grid) : grid_(&grid) {}
    /// Appends the flood's current state as a frame. The flood must have been started on grid.cells() and
    /// not restarted since the first record() (a cell, once touched, stays touched).
    void record(const chase::Flood& flood);
    const FloodRecording& recording() const { return recording_; }
    /// Moves the recording out (the recorder then starts an empty one).
    FloodRecording take() { return std::exchange(recording_, FloodRecording{}); }

  private:
    const chase::GridSpace* grid_;
    FloodRecording recording_;
    std::unordered_map<std::uint32_t, std::int32_t>
        last_;                         // the value each touched tile was last recorded with
    std::vector<TileChange> changes_;  // scratch, reused across steps
};

/// The legend's numbers for a result: steps (of M_S), stop reason, heated/warm/barrier counts, H and M_H,
/// centroid, destination, and the dead-reckoning point when given. Numbers are printed in shortest
/// round-trip form.
std::vector<LegendLine> flood_numbers(const chase::FloodResult& result, const chase::FloodSettings& settings,
                                      const std::optional<chase::DeadReckoningResult>& dead_reckoning);

/// The whole picture of a finished (or paused) flood: the flood's state, the seed cell's centre and the
/// direction arrow, centroid, destination, the dead-reckoning point if given, and flood_numbers().
FloodScene flood_scene(const chase::GridSpace& grid, const chase::Flood& flood, Vec2 direction,
                       const std::optional<chase::DeadReckoningResult>& dead_reckoning, std::string title);

/// The borders between the regions of a split of `flood` (chase::split_destinations): the tile edges between
/// two heated tiles of different regions, each [from, to] in world units (FloodScene::region_borders).
std::vector<std::array<Vec2, 2>> region_borders(const chase::GridSpace& grid, const chase::Flood& flood,
                                                const chase::SplitDestinations& split);

/// The same for a chase on `grid` (chase::run_chase on its GridChaseSpace with `flood`): the query's
/// direction and the result's dead reckoning, in the grid's plane.
FloodScene flood_scene(const chase::GridSpace& grid, const chase::Flood& flood,
                       const chase::ChaseResult& result, std::string title);

}  // namespace kinema::render
