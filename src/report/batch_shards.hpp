// A sharded batch (docs/scale.md): shard I of N runs the scenarios i with i mod N = I - 1
// (pursuit::run_batch_shard) and writes a partial report of its runs; the merge reads every part, checks they
// are the shards 1..N of one level (its file's FNV-1a 64 content hash) and one set of settings, and rebuilds
// the batch's result from the runs (pursuit::batch_result_from_runs: summaries and medians recomputed, never
// averaged), so the merged reports are the unsharded ones byte for byte. Shared by the CLI and the Python
// cluster driver, like kinema/report/audit_shards.hpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "kinema/pursuit/batch.hpp"
#include "kinema/report/audit_shards.hpp"
#include "kinema/report/text.hpp"

namespace kinema::report {

/// What a batch's parts must agree on besides the level: the pursuit's settings, the NPC's model, the flood,
/// the batch's settings (but its threads: the runs are the same for any count), how far behind the NPC
/// starts in which unit, and the level's own settings (3D levels: the navmesh's, as a JSON object; "{}" on
/// grids).
struct BatchPartSettings {
    pursuit::PursuitConfig config;
    pursuit::BatchSettings batch;
    std::string behind_unit = "cells";
    std::string level_settings = "{}";
};

/// The settings object of a batch part: {"pursuit", "npc_model", "model", "flood", "batch": {"scenarios",
/// "seed", "min_route", "npc_behind"}, "behind_unit", "level"}.
[[nodiscard]] std::string batch_settings_json(const BatchPartSettings& settings);

/// One shard's partial report, as read back.
struct BatchPart {
    std::string path;  ///< the part's own file (for errors)
    LevelId level;
    BatchPartSettings settings;
    std::string settings_json;  ///< the settings object, for comparing parts
    ShardId shard;
    std::vector<pursuit::BatchRun> runs;
};

/// The partial report of one shard as JSON (docs/scale.md "Partial reports"): {"kinema_part": "batch",
/// "level": {"file", "fnv1a64"}, "settings" (batch_settings_json), "shard": {"index", "count", "made",
/// "runs"}, "runs": [[scenario, strategy, outcome, reacquired_in, time_to_reacquire, npc_distance,
/// destination_changes, chases, max_heading_rate], ...], "part_fnv1a64"} with the enumerations as their
/// values' positions and the digest of every byte before it last, as write_audit_part's; every double written
/// so that it reads back to the same double. Made into `buffer` (empty) and handed to `sink` in pieces of
/// about `chunk_bytes`.
void write_batch_part(const LevelId& level, const BatchPartSettings& settings, ShardId shard,
                      const std::vector<pursuit::BatchRun>& runs, std::string& buffer, const TextSink& sink,
                      std::size_t chunk_bytes = std::size_t{1} << 20);

/// Reads a partial report written by write_batch_part, trusting nothing, as read_audit_part: the shard, its
/// counts (made scenarios x runs per scenario), every run (its scenario one of the shard's, in increasing
/// order, strategies and team modes in order, enumerations in range, numbers finite and at most 1e15) and
/// last the digest. Throws std::invalid_argument, one line naming the file (and the run or field), for
/// anything else.
[[nodiscard]] BatchPart read_batch_part(const std::string& path);
/// The same from the text (`path` names it in errors).
[[nodiscard]] BatchPart parse_batch_part(std::string_view text, const std::string& path);

/// The whole batch rebuilt from its parts.
struct MergedBatch {
    LevelId level;
    BatchPartSettings settings;
    pursuit::BatchResult result;
};

/// Checks the parts as merge_audit_parts does (one level hash, one settings, shards 1..N of one N each once;
/// a one-line std::invalid_argument naming the part otherwise) and rebuilds the batch from their runs.
[[nodiscard]] MergedBatch merge_batch_parts(std::vector<BatchPart> parts);
/// read_batch_part of each file in `paths`, in order, then merge_batch_parts.
[[nodiscard]] MergedBatch merge_batch_part_files(const std::vector<std::string>& paths);

/// "audit" or "batch": the kind of partial report in the file, from its first bytes. Throws
/// std::invalid_argument "PATH: not a kinema partial report" for anything else.
[[nodiscard]] std::string part_kind(const std::string& path);
/// The one kind of every part in `paths` (not empty), as part_kind reads each. Throws std::invalid_argument
/// "PATH: a partial report of the KIND, but FIRST is one of the KIND: merge the parts of one run" naming the
/// first part of another kind than the first part's.
[[nodiscard]] std::string parts_kind(const std::vector<std::string>& paths);

}  // namespace kinema::report
