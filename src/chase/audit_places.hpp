// The audit's places: where on a level a finding clusters, so a designer reads "your ten worst spots" instead
// of a share per seed. A place is a connected group of cells that have one finding on at least
// place_threshold of their directions, connected by the cell space's own neighbour relation (8-connected
// without corner cutting on grids, the navmesh's cell adjacency on 3D levels), ranked by its flagged seeds.
//
// Computed from an AuditResult and the space only, so the merge of a sharded audit (audit_result_from_rows)
// gives the same places as the unsharded audit. Deterministic; standard library only.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "kinema/chase/audit.hpp"

namespace kinema::chase {

/// A cell joins a place of finding f when f is on at least place_threshold of its directions: twice the
/// level's share of f, but at least a quarter (one heading in eight is the noise of a single seed) and at
/// most a half (so a finding on most of the level still shows where it is worst) (docs/audit.md "Places").
inline constexpr double place_min_share = 0.25;
inline constexpr double place_max_share = 0.5;
/// clamp(2 x the share of all rows with `finding`, place_min_share, place_max_share).
double place_threshold(const AuditResult& result, Finding finding);

/// One place (docs/audit.md "Places").
struct AuditPlace {
    Finding finding = Finding::wrong_way;
    std::vector<CellId> cells;              ///< ascending id
    std::size_t seeds = 0;                  ///< rows of these cells with `finding`
    double score = 0.0;                     ///< seeds / D: the sum of the cells' shares (the rank)
    Vec3 centre;                            ///< the centre of centre_cell (the medoid), world units
    Vec3 low;                               ///< smallest corner of the cells' centres' box, world units
    Vec3 high;                              ///< largest corner, world units
    CellId centre_cell = no_cell;           ///< the place's medoid cell (audit_shape.hpp's medoid)
    CellCoords low_cell;                    ///< per coordinate, the smallest of the cells' coordinates
    CellCoords high_cell;                   ///< per coordinate, the largest
    std::array<std::size_t, 4> findings{};  ///< rows of these cells with each finding, all_findings order
    /// The direction k with the most rows with `finding` among the open headings (dead reckoning gets at
    /// least half a cell ahead: a player can have run that way), or among all when none is open.
    int main_direction = 0;
    std::size_t main_direction_seeds = 0;  ///< those rows
    // What the level shows there (docs/audit.md "Why: what the level shows"); the reason names only these.
    bool loops_known = false;  ///< the space tells loops (every space with a cell: audit_shape.hpp)
    /// wrong_way: a cell on a loop of cells within max_steps of the place, where the two ways round meet;
    /// no_cell when there is none (or loops_known is false).
    CellId loop_cell = no_cell;
    /// short_of_a_corner: the destination most of the place's flagged seeds get (the lowest id on a tie) and
    /// the nearest cell within corner_radius of it out of its line of sight; no_cell when there is none.
    CellId destination_cell = no_cell;
    CellId corner_cell = no_cell;
    /// barrier_blocks_exit: a junction behind the place, where a side way out leaves the way back (a cell
    /// within corner_radius + exit_cells steps, behind the main heading, with three ways out or more that
    /// reach exit_cells deep); the nearest; no_cell when there is none.
    CellId junction_cell = no_cell;
};

/// The places of every finding, best first: score descending, then size descending, then the lowest cell id.
/// A place is one connected group of flagged cells of one room (cell_rooms: split at doors and narrow
/// passages); its centre is its medoid cell's centre. The settings give the radii of what the level shows.
std::vector<AuditPlace> audit_places(const ChaseSpace& space, const AuditResult& result,
                                     const FloodSettings& flood, const AuditSettings& settings);
/// The same at the default settings.
std::vector<AuditPlace> audit_places(const ChaseSpace& space, const AuditResult& result);

/// write_audit_json (kinema/chase/audit.hpp) with the places already found by audit_places at the same
/// settings (a caller that also prints or draws them finds them once).
void write_audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                      const AuditResult& result, const std::vector<AuditPlace>& places, std::string& buffer,
                      const AuditTextSink& sink, std::size_t chunk_bytes = std::size_t{1} << 20);

/// The heading of direction k of D as a compass word ("east", "south-west", ...): east is +x, south is +y on
/// grids (down the map, as drawn) and +z on 3D levels (down the top view).
std::string heading_word(int k, int directions);

/// The place's reason in one line of plain words (what the NPC does there, the heading it happens most for,
/// why, from what the level shows there, and the change to the level that would help where there is one),
/// e.g. "the flood sends the NPC back behind the player (mostly when the player was last seen heading east):
/// the heat runs round a loop and comes back behind; a wall or a door at (20, 5) closes the loop". A cause
/// the level does not show is not named.
std::string place_reason(const ChaseSpace& space, const AuditPlace& place, int directions);

/// A cell in words: its coordinates on grids and graphs ("(3, 5)"), its centre in the level's units with
/// its id on 3D levels ("(1.5, 0.2, -3) (cell 17)").
std::string cell_words(const ChaseSpace& space, CellId cell);

/// Places as JSON: a list of objects {"rank", "finding", "cells", "seeds", "score", "threshold", "centre",
/// "centre_cell", "box" {"low", "high"}, "box_cells" {"low", "high"}, "findings", "heading", "reason"}
/// (docs/audit.md).
std::string audit_places_json(const ChaseSpace& space, const AuditResult& result,
                              const std::vector<AuditPlace>& places);

/// Places as CSV, one line per (place, cell): rank,finding,<cell coordinates>,share (docs/audit.md).
std::string audit_places_csv(const ChaseSpace& space, const AuditResult& result,
                             const std::vector<AuditPlace>& places);

}  // namespace kinema::chase
