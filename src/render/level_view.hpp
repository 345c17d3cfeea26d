// A top-down picture of a chase on a 3D level, seen from above (+y): x to the right and z downwards (the
// right-handed view from above, not mirrored), -z up as north on a map. The level's extent (the column
// grid) is drawn as wall (palette::wall, as the 2D picture's walls); with the level's navmesh polygons
// (LevelView::navmesh) the walkable surface is filled exactly from them over it: cut along the column grid,
// each piece takes its column's colour (heat, barrier, cooled, or the 2D picture's floor colour, darker when
// lower); coordinates in metres run along the top and left edges, the marks (the 2D picture's, from
// kinema/render/legend.hpp) are drawn on top and the one legend (draw_legend) sits right of the map.
// Without polygons each column is one square (floors grey, lighter the higher they are). kinema_render does
// not link kinema::nav: the caller fills a LevelView's columns and polygons (level_top_view in
// kinema/render/nav_level_view.hpp, header-only, picks per column the highest cell the flood touched, else
// the highest cell); mark_chase (and mark_lost_sight for a pursuit) put the marks on it.
//
// The picture is built once as a render::Scene (level_view_scene) and drawn by the scene backends: PNG
// (cairo), SVG and JSON; all deterministic (the same view gives byte-identical output). Colours come from
// the one palette (kinema/render/palette.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kinema/chase/query.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/palette.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {

/// The cell drawn for one column.
struct LevelViewCell {
    int col = 0;                           ///< column along x, [0, columns)
    int row = 0;                           ///< column along z, [0, rows)
    double height = 0.0;                   ///< floor height (world y), world units, finite
    std::int32_t value = tile::untouched;  ///< tile::untouched, tile::barrier, or heat 0..H (0: cooled)
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
    std::vector<Vec2> path;  ///< the NPC's path, corner by corner (empty: none)
    /// A split chase's destinations, largest heat first, drawn as discs numbered 1..K (empty: no split).
    std::vector<Vec2> split_destinations;
    /// Navmesh polygons, each a list of corners in world (x, z) (empty: none). When present they are the
    /// walkable surface drawn (their union, without outlines); the columns only colour it.
    std::vector<std::vector<Vec2>> navmesh;
    std::vector<std::string> legend;  ///< notes at the end of the legend (wrapped to its width)
    /// The legend's title.
    std::string title = "Chase flood on a 3D level";

    /// Bad fields: sizes, cells outside the grid or with non-finite heights or bad values, non-finite marks.
    FieldErrors validate() const;
};

/// Puts a chase's marks on a view, each at its world (x, z): the seed and the direction, the centroid, the
/// destination, the dead-reckoning point and the NPC's path (when the result has one).
void mark_chase(LevelView& view, const chase::ChaseResult& result);

// RgbImage (an 8-bit RGB image) is declared in kinema/render/scene.hpp.

/// Pixels per column for a view whose map fits in max_map_px: floor(max_map_px / max(columns, rows)),
/// clamped to [1, 16].
int level_view_cell_px(const LevelView& view, int max_map_px);

/// Older name of the palette's colour type, kept so callers need no change.
using Rgb8 = Rgb;

/// The colour of a column: floor_grey(height, lowest, highest) for untouched cells (lighter with height
/// between the view's lowest and highest cell), palette::barrier, or heat_colour (0: palette::cooled).
Rgb level_cell_colour(std::int32_t value, double height, double lowest, double highest,
                      std::int32_t hot_value);

/// Where draw_level_map put the map, px.
struct LevelMap {
    double x = 0.0;  ///< the map's top-left corner (the grid's minimum corner)
    double y = 0.0;
    double width = 0.0;
    double height = 0.0;
    double px_per_unit = 1.0;  ///< px per world unit
    Vec2 origin;               ///< world (x, z) at the map's corner
    double legend_x = 0.0;     ///< where the legend goes, right of the map
};

/// Draws the map of a view into `scene` (its background, clip 0 "map", the level's extent in palette::wall,
/// the walkable surface or the columns, the coordinates in metres along the top and left edges, the NPC's
/// path and the chase marks of kinema/render/legend.hpp) and returns where. The caller adds the legend and
/// sets the scene's size. Throws SettingsError as level_view_scene.
LevelMap draw_level_map(Scene& scene, const LevelView& view, int max_map_px = 1024);

/// The legend lines of a view's colours: floors, wall (not walkable inside the level's extent), outside the
/// level, cooled, barrier, the heat ramp.
void legend_level_colours(Legend& legend, const LevelView& view);

/// The picture's legend: title, legend_level_colours, the chase marks the view has, its notes
/// (LevelView::legend) and how to read the axes.
Legend level_view_legend(const LevelView& view);

/// The picture as a scene: draw_level_map and level_view_legend right of it. max_map_px: the map area fits in
/// a square of this size, [64, 8192]. Throws SettingsError for a bad view or size.
Scene level_view_scene(const LevelView& view, int max_map_px = 1024);

/// The picture as pixels (scene_image of level_view_scene).
RgbImage level_view_image(const LevelView& view, int max_map_px = 1024);

/// The picture as PNG bytes. Same arguments and errors as level_view_scene.
std::string level_view_png(const LevelView& view, int max_map_px = 1024);

/// The picture as an SVG document. Same arguments and errors as level_view_scene.
std::string level_view_svg(const LevelView& view, int max_map_px = 1024);

/// The picture as scene JSON (scene_json). Same arguments and errors as level_view_scene.
std::string level_view_json(const LevelView& view, int max_map_px = 1024);

}  // namespace kinema::render
