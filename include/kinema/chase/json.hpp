// The JSON document of one chase (docs/chase.md "JSON contract"): every face of kinema (the CLI's --json, the
// Python module, the WebAssembly page) prints a ChaseResult through this one writer, so they agree byte for
// byte. Standard library only; numbers in kinema::format_number's shortest round-trip form.
#pragma once

#include <string>
#include <string_view>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"

namespace kinema::chase {

/// One line of JSON (no trailing newline) with the fields of docs/chase.md, in this order: map, cells,
/// cell_size, the space's own fields (grids: connectivity; 3D levels: cell_height, max_levels), from, dir,
/// seed_cell, seed, seed_position, seed_snapped, hot, max_heated, max_steps, steps, stop_reason, centroid,
/// destination_cell, destination, heated_cells, warm_cells, barrier_cells, dead_reckoning,
/// dead_reckoning_blocked, dead_reckoning_distance, then with an NPC: npc, and where the space plans paths
/// path_status, path, path_length; last touched ([cell coordinates..., value] per touched cell, by id).
/// Positions have space.position_dimensions() numbers; cells have their space's coordinates. `flood` must be
/// the flood that produced `result` (its per-cell values give "touched"); `map` names the level.
std::string chase_json(const ChaseSpace& space, const Flood& flood, const ChaseResult& result,
                       std::string_view map);

}  // namespace kinema::chase
