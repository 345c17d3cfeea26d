// The JSON document of one chase (docs/chase.md "JSON contract"): every face of kinema (the CLI's --json, the
// Python module, the WebAssembly page) prints a ChaseResult through this one writer, so they agree byte for
// byte. Standard library only; numbers in kinema::format_number's shortest round-trip form.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"

namespace kinema::chase {

/// One line of JSON (no trailing newline) with the fields of docs/chase.md, in this order: map, cells,
/// cell_size, the space's own fields (grids: connectivity; 3D levels: cell_height, max_levels), from, dir,
/// seed_cell, seed, seed_position, seed_snapped, hot, max_heated, max_steps, steps, stop_reason, centroid,
/// destination_cell, destination, heated_cells, warm_cells, barrier_cells, dead_reckoning,
/// dead_reckoning_blocked, dead_reckoning_distance, with a split (ChaseQuery::destinations) destinations and
/// destination_regions, then with an NPC: npc, and where the space plans paths
/// path_status, path, path_length; last touched ([cell coordinates..., value] per touched cell, by id).
/// Positions have space.position_dimensions() numbers; cells have their space's coordinates. `flood` must be
/// the flood that produced `result` (its per-cell values give "touched"); `map` names the level.
std::string chase_json(const ChaseSpace& space, const Flood& flood, const ChaseResult& result,
                       std::string_view map);

/// Takes a piece of the JSON text and clears it.
using ChaseJsonSink = std::function<void(std::string& piece)>;
/// chase_json's text made into `buffer` and handed to `sink` whenever it holds `chunk_bytes` or more, and
/// once at the end: the same bytes, never held whole ("touched" lists every touched cell: 230 MB of JSON
/// when a flood covers a 4096 x 4096 map).
void write_chase_json(const ChaseSpace& space, const Flood& flood, const ChaseResult& result,
                      std::string_view map, std::string& buffer, const ChaseJsonSink& sink,
                      std::size_t chunk_bytes = std::size_t{1} << 20);

}  // namespace kinema::chase
