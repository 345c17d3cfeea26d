// The JSON of `kinema replay` (docs/analysis.md, "Replay"): the totals, then one entry per frame. Written in
// pieces, so that a log at the 2,000,000-frame limit never has its whole text in memory.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "kinema/analysis/replay.hpp"
#include "kinema/report/text.hpp"

namespace kinema::report {

/// Writes the replay's JSON into `buffer`, handing it to `sink` whenever it holds about `chunk_bytes` and
/// once at the end (so the buffer is empty on return). `log` is the log file as the user named it.
void write_replay_json(const analysis::ReplayResult& result, std::string_view log, std::string& buffer,
                       const TextSink& sink, std::size_t chunk_bytes = std::size_t{1} << 20);

/// The table `kinema replay` prints: one row per frame (a "*" beyond the tolerance), the largest differences
/// and the verdict. `log` as for the JSON.
[[nodiscard]] std::string replay_text(const analysis::ReplayResult& result, std::string_view log);
/// The whole text at once (tests, short logs).
[[nodiscard]] std::string replay_json(const analysis::ReplayResult& result, std::string_view log);

}  // namespace kinema::report
