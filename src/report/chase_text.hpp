// The human text of a chase and of a level audit (what `kinema chase` and `kinema audit` print without
// --json): summaries, the ASCII picture of a small grid, the seed's snap note and the 3D top view's legend.
// Their JSON is the chase part's own (chase_json, audit_json); these functions only lay the results out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"

namespace kinema::report {

/// Grids at most this many tiles wide and high get the ASCII picture in their summary.
inline constexpr int ascii_picture_max_width = 100;
inline constexpr int ascii_picture_max_height = 50;

/// One line per tile row, one character per tile: '#' wall, '.' not reached, 'x' barrier, ':' heated and
/// cooled to 0, '1'..'9' warm heat in ninths of H (rounded up), and the marks S (seed), D (destination),
/// R (dead reckoning); then the key. `flood` is the flood that produced `result`.
[[nodiscard]] std::string ascii_chase_picture(const chase::GridSpace& grid, const chase::Flood& flood,
                                              const chase::ChaseResult& result);

/// The summary of a chase on a grid (`title` names the level), with the ASCII picture when the grid is at
/// most ascii_picture_max_width x ascii_picture_max_height tiles.
[[nodiscard]] std::string grid_chase_summary(const chase::GridChaseSpace& space, const chase::Flood& flood,
                                             const chase::ChaseResult& result, std::string_view title);

/// The summary of a chase on a 3D level (`space` a navmesh's chase space, whose report fields give
/// max_levels; `map` names the level).
[[nodiscard]] std::string level_chase_summary(const chase::ChaseSpace& space, const chase::Flood& flood,
                                              const chase::ChaseResult& result, std::string_view map);

/// The pictures a chase wrote, for the summary's last lines (each path empty when not written).
struct ChasePictureFiles {
    std::string_view png;
    std::string_view svg;
    std::string_view animated_svg;
    std::string_view frames_directory;  ///< one PNG per step in it
};
/// "wrote PNG FILE", "wrote SVG FILE", "wrote animated SVG FILE", "wrote one PNG per step in DIR", one line
/// each for the files given, in that order; "" for none.
[[nodiscard]] std::string chase_pictures_text(const ChasePictureFiles& files);

/// The note for stderr when a grid chase's seed was off the passable tiles ("kinema: note: ..." and a
/// newline), or "" when it was not snapped.
[[nodiscard]] std::string seed_snap_note(const chase::ChaseResult& result);

/// The legend of a 3D chase's top view (`map` the level's path: its file name heads the legend).
[[nodiscard]] std::vector<std::string> level_chase_legend(const chase::FloodSettings& settings,
                                                          const chase::ChaseResult& result,
                                                          std::string_view map);

/// The table of a level audit: stop reasons, findings (with the cells that have any), mean distances.
[[nodiscard]] std::string audit_summary(std::string_view title, const chase::FloodSettings& flood,
                                        const chase::AuditSettings& settings,
                                        const chase::AuditResult& result);

}  // namespace kinema::report
