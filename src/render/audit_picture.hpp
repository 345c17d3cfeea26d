// Pictures of a level audit: one per-cell summary (the mean chase
// distance, or the share of directions with one finding) as a heat map over the level seen from above, with
// a legend. Built once as a Scene and drawn by the scene backends (PNG, SVG, JSON), like every kinema
// picture; colours from the one palette (walls palette::wall, a zero value palette::floor, values on
// palette::heat_ramp, darker = more).
//
// An AuditMap holds one value per tile of a 2D grid, or per column of a 3D level seen from above; audit_maps
// fills them from a chase::AuditResult, knowing the level only through its chase space's cell coordinates.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/query.hpp"

#include "kinema/core/validation.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {

/// A numbered marker on an audit picture: a place of the text report (chase::audit_places), at its centre
/// cell.
struct AuditMarker {
    int number = 0;  ///< the place's rank in the text report, >= 1
    int column = 0;  ///< map tile across, [0, columns)
    int row = 0;     ///< map tile down, [0, rows)
    /// The place's tiles (column, row on the map; 3D levels: every column one of its cells stands in), drawn
    /// as an outline round the place's extent; empty: the number alone.
    std::vector<std::pair<int, int>> tiles;
};

struct AuditMap {
    int columns = 0;             ///< tiles across, [1, 65536]
    int rows = 0;                ///< tiles down, [1, 65536]
    std::vector<double> values;  ///< columns * rows, row-major: >= 0, or negative for "no cell" (a wall)
    double max_value = 1.0;      ///< the top of the scale (a value at or above it is the darkest), (0, inf)
    bool share = true;           ///< the values are shares in [0, 1] (legend in percent), else distances
    std::string title;           ///< first legend line, e.g. the map's file name
    std::string caption;         ///< what the colours show, e.g. "share of directions: wrong_way"
    std::vector<std::string> notes;  ///< further legend lines (the run's numbers)
    /// D: with shares, the legend names its classes as counts of directions ("2-3 of 8 directions"); 0: as
    /// percentages.
    int directions = 0;
    int first_column = 0;             ///< the cell coordinate of tile column 0 (axes)
    int first_row = 0;                ///< the cell coordinate of tile row 0 (axes)
    std::string column_axis = "col";  ///< the across coordinate's name ("col"; "x" on 3D levels)
    std::string row_axis = "row";     ///< the down coordinate's name ("row"; "z" on 3D levels)
    /// Level units per tile (> 0): the axes show level units from `origin` (tile column c spans
    /// [origin.x + c * tile_size, origin.x + (c + 1) * tile_size)); 0: cell coordinates at tile centres.
    double tile_size = 0.0;
    Vec2 origin;                     ///< level units at the map's top-left corner (with tile_size)
    std::string unit = "map units";  ///< the level units' name in the legend ("metres" on 3D levels)
    std::vector<AuditMarker> markers;
    /// Bad fields: sizes, value count, non-finite values, max_value, markers off the map, directions < 0.
    FieldErrors validate() const;
};

/// The colour of a value: palette::floor for 0, the heat ramp's anchor ceil(8 * value / max_value) - 1 for
/// values above 0 (clamped to the last), palette::wall for negative values.
Rgb audit_colour(double value, double max_value);

/// The legend's label of colour class `index` (0 .. 7, palette::heat_ramp) of a map of shares over D
/// directions: the counts of directions m whose share m / D has that colour, "1 of 8 directions", "2-3 of 16
/// directions"; "" when no count falls in the class (it is then left out of the legend).
std::string share_class_words(int index, int directions);

/// Where audit_map_scene puts the map's tiles: tile (column, row) covers [left + column * tile_px, + tile_px)
/// x [top + row * tile_px, + tile_px) in the scene's pixels (the web playground's audit page paints on it).
struct AuditMapFrame {
    double left = 0.0;
    double top = 0.0;
    int tile_px = 1;
};
AuditMapFrame audit_map_frame(const AuditMap& map, int max_map_px = 768);

/// The picture: the map in a square of max_map_px ([64, 8192]; tiles 1 to 16 px) with coordinates along its
/// top and left edges (level units with tile_size, else cell coordinates) and the numbered markers, the one
/// legend (audit_legend, drawn by draw_legend) beside it. Throws SettingsError for a
/// bad map or size.
Scene audit_map_scene(const AuditMap& map, int max_map_px = 768);

/// The picture's legend: title, caption, the colour classes, walls, the places' marker, notes, the axes.
Legend audit_legend(const AuditMap& map);

/// The audit's pictures, named for their files: "distance" (the mean chase distance per cell, world units),
/// then one per finding, named as chase::to_string spells it (the share of directions with it). Cells are
/// placed by their coordinates seen from above ([col, row]; 3D [x, y, z] at (x, z), the highest value of a
/// column's cells shown); places without a cell are walls. The axes show level units (map units on a grid,
/// metres on a 3D level) when the cells' planar positions sit on their coordinates' grid. `title` heads every
/// legend. The first `marked` of `places` (chase::audit_places, numbered by rank as the text report lists
/// them) are marked at their centre cells: all of them on the distance map, each finding's own on its map.
std::vector<std::pair<std::string, AuditMap>> audit_maps(const chase::ChaseSpace& space,
                                                         const chase::AuditResult& result,
                                                         const std::string& title,
                                                         const std::vector<chase::AuditPlace>& places = {},
                                                         std::size_t marked = 10);

/// One picture file: its path, its bytes, and whether they are SVG (else PNG).
struct AuditPictureFile {
    std::string path;
    std::string bytes;
    bool svg = false;
};

/// The audit's pictures as files: for each of audit_maps' pictures in its order (the first ten places
/// marked), built once as a Scene, its PNG "<png_prefix>-<name>.png" when png_prefix is not empty, then its
/// SVG
/// "<svg_prefix>-<name>.svg" when svg_prefix is not empty (none is built when both are empty).
std::vector<AuditPictureFile> audit_picture_files(const chase::ChaseSpace& space,
                                                  const chase::AuditResult& result, const std::string& title,
                                                  const std::vector<chase::AuditPlace>& places,
                                                  const std::string& png_prefix,
                                                  const std::string& svg_prefix);

}  // namespace kinema::render
