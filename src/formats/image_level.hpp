// An image as a level (`.png`, `.bmp`): a collision mask, one pixel a tile, dark pixels walls and light ones
// floor, read with stb_image. The threshold, transparency and the `walls` colour are in docs/levels.md,
// "Images as levels (.png, .bmp)"; the refusals in docs/errors.md.
#pragma once

#include <string>
#include <string_view>

#include "kinema/levels/grid_level.hpp"

namespace kinema::formats {

/// Largest width or height of an image level, pixels (= tiles): levels::max_level_dimension, checked from the
/// image's header before it is decoded.
inline constexpr int max_image_side = levels::max_level_dimension;

/// The level of a PNG or BMP image's bytes. A fully transparent pixel is outside the level; any other is a
/// wall when its BT.601 luma 0.299 R + 0.587 G + 0.114 B (8-bit sRGB values as stored) is below 128, else
/// floor. `options.walls` = "#rrggbb" instead makes exactly that colour the walls and every other opaque
/// pixel floor. No markers: the level has no seed. Throws levels::LevelError "NAME: message".
[[nodiscard]] levels::GridLevel parse_image_level(std::string_view bytes, const std::string& name,
                                                  const levels::LevelReadOptions& options = {});

/// Throws parse_image_level's error when the first bytes are neither a PNG nor a BMP signature
/// (levels::LevelFormat::check_start).
void check_image_start(std::string_view first_bytes, const std::string& name);

}  // namespace kinema::formats
