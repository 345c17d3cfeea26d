// Builds the FloodScene / FloodFrame a flood picture draws (render/flood_picture.hpp) from the chase
// library's grid space, a flood on it and the dead-reckoning baseline (chase/grid.hpp, chase/flood.hpp,
// chase/dead_reckoning.hpp). Positions stay in the grid's world units (map units times the cell size).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/render/flood_picture.hpp"

namespace kinema::render {

/// The tile values of a flood's current state on `grid` (tile::wall for blocked tiles). The flood must
/// have been started on grid.cells().
std::vector<std::int32_t> flood_tiles(const chase::GridSpace& grid, const chase::Flood& flood);

/// The frame of an animation for the flood's current state: its tiles, steps, centroid and destination.
FloodFrame flood_frame(const chase::GridSpace& grid, const chase::Flood& flood);

/// The legend's numbers for a result: steps (of M_S), stop reason, heated/warm/barrier counts, H and M_H,
/// centroid, destination, and the dead-reckoning point when given. Numbers are printed in shortest
/// round-trip form.
std::vector<LegendLine> flood_numbers(const chase::FloodResult& result, const chase::FloodSettings& settings,
                                      const std::optional<chase::DeadReckoningResult>& dead_reckoning);

/// The whole picture of a finished (or paused) flood: the flood's state, the seed cell's centre and the
/// direction arrow, centroid, destination, the dead-reckoning point if given, and flood_numbers().
FloodScene flood_scene(const chase::GridSpace& grid, const chase::Flood& flood, Vec2 direction,
                       const std::optional<chase::DeadReckoningResult>& dead_reckoning, std::string title);

}  // namespace kinema::render
