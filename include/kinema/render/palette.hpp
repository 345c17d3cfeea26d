// The one palette of kinema::render: the colours every picture uses, the heat ramp, the cell-state codes the
// pictures colour, and the chart series colours. docs/render.md explains the choices.
#pragma once

#include <array>
#include <cstdint>

#include "kinema/chase/flood.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {

/// What a drawn cell holds. Values >= 0 are heat (0 = heated once, now cooled; chase-flood-spec "State": a
/// cooled cell stays touched). The negative codes are the flood's own (kinema/chase/flood.hpp) plus `wall`,
/// which only pictures need (a tile that is not a cell).
namespace tile {
inline constexpr std::int32_t wall = -3;                           ///< not a cell (blocked tile)
inline constexpr std::int32_t untouched = chase::untouched_value;  ///< a cell the flood has not reached
inline constexpr std::int32_t barrier =
    chase::barrier_value;  ///< Couvidou's Dishonored 2 chase chapter, Step A.2 / B.2
static_assert(wall < untouched && untouched < barrier && barrier < 0, "tile codes are ordered below heat");
}  // namespace tile

/// The fixed colours.
namespace palette {
inline constexpr Rgb background{255, 255, 255};
inline constexpr Rgb wall{60, 60, 60};
inline constexpr Rgb floor{244, 241, 234};   ///< a 2D floor tile the flood never reached
inline constexpr Rgb cooled{198, 219, 239};  ///< heated once, value now 0
inline constexpr Rgb barrier{75, 94, 168};
inline constexpr Rgb seed{255, 255, 255};
inline constexpr Rgb ink{20, 20, 20};  ///< outlines, arrows, crosses, text, the NPC's path
inline constexpr Rgb destination{27, 158, 62};
inline constexpr Rgb dead_reckoning{208, 28, 139};
inline constexpr Rgb axis{110, 110, 110};         ///< tick marks and their labels, foot notes
inline constexpr Rgb swatch_edge{150, 150, 150};  ///< outline of legend swatches
inline constexpr Rgb grid_line{230, 230, 230};    ///< chart grid
inline constexpr Rgb frame{77, 77, 77};           ///< chart plot frame
inline constexpr Rgb reference{89, 89, 89};       ///< chart reference line
inline constexpr Rgb navmesh{214, 222, 230};      ///< navmesh polygons under a top view
inline constexpr Rgb navmesh_edge{96, 112, 128};

/// The heat ramp's anchors, light to dark: ColorBrewer's sequential yellow-orange-red (9-class YlOrRd
/// without its lightest class), chosen because "hotter = darker" reads at once and the ramp stays
/// distinguishable in grey and for the common colour-vision deficiencies.
inline constexpr std::array<Rgb, 8> heat_ramp{{{255, 237, 160},
                                               {254, 217, 118},
                                               {254, 178, 76},
                                               {253, 141, 60},
                                               {252, 78, 42},
                                               {227, 26, 28},
                                               {189, 0, 38},
                                               {128, 0, 38}}};

/// Line colours of chart series, in order: Okabe and Ito's colour-blind-safe set ("Color Universal Design",
/// 2008) in 8-bit sRGB, then dark grey.
inline constexpr std::array<Rgb, 7> series{{{0, 114, 178},
                                            {213, 94, 0},
                                            {0, 158, 115},
                                            {204, 121, 167},
                                            {230, 159, 0},
                                            {86, 180, 233},
                                            {51, 51, 51}}};
}  // namespace palette

/// The colour of heat `value` on the ramp: 1 is the ramp's first anchor, hot_value its last, linear between
/// (channels rounded); value <= 0 gives palette::cooled. Values above hot_value are clamped; hot_value < 1 is
/// treated as 1.
Rgb heat_colour(std::int32_t value, std::int32_t hot_value);

/// The colour of a cell value in a 2D flood picture: tile::wall, tile::untouched (palette::floor),
/// tile::barrier, or heat_colour.
Rgb tile_colour(std::int32_t value, std::int32_t hot_value);

/// The grey of an untouched floor at `height` in a top view: 80 at `lowest`, 200 at `highest` (still darker
/// than the background), linear between, clamped; 200 when lowest >= highest.
Rgb floor_grey(double height, double lowest, double highest);

/// The colour of an unreached walkable floor at `height` in a 3D top view: palette::floor (the 2D picture's
/// floor) at `highest`, a darker shade of it, (214, 205, 186), at `lowest`, linear between, clamped;
/// palette::floor when lowest >= highest (a level on one floor looks like a 2D level).
Rgb floor_shade(double height, double lowest, double highest);

/// Series colour k, cycling through palette::series.
Rgb series_colour(std::size_t k);

}  // namespace kinema::render
