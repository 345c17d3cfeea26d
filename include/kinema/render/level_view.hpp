// A top-down picture of a chase on a 3D level (issue 5, `kinema chase --map LEVEL.obj --png`): one square per
// column of the level's cell grid, seen from above (+y), x to the right and z downwards (the right-handed
// view from above, not mirrored). Floors are grey, lighter the higher they are, so stacked levels and stairs
// read at a glance; heat, barrier, the seed and its direction, the centroid, the destination, the
// dead-reckoning point and the NPC's path are drawn on top. kinema::render knows nothing of kinema::nav: the
// caller fills a LevelView (the CLI picks, per column, the highest cell the flood touched, else the highest
// cell).
//
// Deterministic: the same view gives byte-identical PNG output.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"

namespace kinema::render {

/// The cell drawn for one column.
struct LevelViewCell {
    int col = 0;              ///< column along x, [0, columns)
    int row = 0;              ///< column along z, [0, rows)
    double height = 0.0;      ///< floor height (world y), world units, finite
    std::int32_t value = -2;  ///< -2 untouched, -1 barrier, 0..H heat (0 = heated once, cooled)
};

struct LevelView {
    int columns = 0;                   ///< grid columns along x, [1, 65536]
    int rows = 0;                      ///< grid columns along z, [1, 65536]
    double cell_size = 1.0;            ///< world units per column, (0, inf)
    Vec2 origin;                       ///< world (x, z) of the grid's minimum corner
    std::vector<LevelViewCell> cells;  ///< at most one per column; columns without a cell are left blank
    std::int32_t hot_value = 20;       ///< H, top of the heat ramp, [1, 1e6]
    // Marks, in world (x, z).
    Vec2 seed;
    Vec2 direction;  ///< any length; zero draws no arrow
    std::optional<Vec2> centroid;
    std::optional<Vec2> destination;
    std::optional<Vec2> dead_reckoning;
    std::vector<Vec2> path;           ///< the NPC's path, corner by corner (empty: none)
    std::vector<std::string> legend;  ///< lines of text under the map

    /// Bad fields: sizes, cells outside the grid or with non-finite heights or bad values, non-finite marks.
    FieldErrors validate() const;
};

/// An 8-bit RGB image, row-major, 3 bytes per pixel.
struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> pixels;
};

/// Pixels per column for a view whose map fits in max_map_px: floor(max_map_px / max(columns, rows)),
/// clamped to [1, 16].
int level_view_cell_px(const LevelView& view, int max_map_px);

/// The colour of a column: a floor grey for untouched cells, lighter with height between the lowest and the
/// highest cell of the view (80 at the lowest, 200 at the highest: still darker than the white background);
/// barrier blue (75, 94, 168); cooled heat pale blue (198, 219, 239); heat 1..H from pale yellow (255, 237,
/// 160) to dark red (189, 0, 38).
struct Rgb8 {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;
    friend constexpr bool operator==(Rgb8, Rgb8) = default;
};
Rgb8 level_cell_colour(std::int32_t value, double height, double lowest, double highest,
                       std::int32_t hot_value);

/// The picture as pixels. max_map_px: the map area fits in a square of this size, [64, 8192]. Throws
/// SettingsError for a bad view or size.
RgbImage level_view_image(const LevelView& view, int max_map_px = 1024);

/// The picture as PNG bytes. Same arguments and errors as level_view_image.
std::string level_view_png(const LevelView& view, int max_map_px = 1024);

}  // namespace kinema::render
