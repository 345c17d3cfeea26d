// A pursuit batch's reports (`kinema pursue --batch N --json/--csv`, docs/pursuit.md "Comparing strategies"):
// the JSON of its summaries and runs and the CSV of its runs, each also written run by run in pieces.
#pragma once

#include <cstddef>
#include <string>

#include "kinema/pursuit/batch.hpp"
#include "kinema/report/text.hpp"

namespace kinema::report {

/// The batch as JSON: {"scenarios", "summaries": [...], "runs": [...]}; with a team every summary and run
/// also has "npcs" and "team".
[[nodiscard]] std::string batch_json(const pursuit::BatchResult& result);
/// One CSV row per run: scenario,strategy,outcome,reacquired_in,time_to_reacquire,npc_distance,
/// destination_changes,chases,max_heading_rate (with a team: then npcs,team).
[[nodiscard]] std::string batch_csv(const pursuit::BatchResult& result);

/// batch_json's text made run by run into `buffer` and handed to `sink` whenever it holds `chunk_bytes` or
/// more, and once at the end: the same bytes, never held whole (about 231 bytes a run; 1.16 GB at
/// --batch 10^6).
void write_batch_json(const pursuit::BatchResult& result, std::string& buffer, const TextSink& sink,
                      std::size_t chunk_bytes = std::size_t{1} << 20);
/// batch_csv's text the same way (about 90 bytes a run).
/// `--sightings-csv`: one row per run, `scenario,strategy,outcome,last_seen_x,last_seen_y,last_seen_height,
/// direction_x,direction_y` (BatchRun::last_seen: the planar position and direction, x and y on grids, x and
/// z on 3D levels, and the height), for the audit's lift (docs/audit.md "Does a finding predict anything?").
void write_batch_sightings_csv(const pursuit::BatchResult& result, std::string& buffer, const TextSink& sink,
                               std::size_t chunk_bytes = std::size_t{1} << 20);

void write_batch_csv(const pursuit::BatchResult& result, std::string& buffer, const TextSink& sink,
                     std::size_t chunk_bytes = std::size_t{1} << 20);

}  // namespace kinema::report
