// The sharded runs' flags (docs/scale.md): --shard I/N on audit and pursue --batch, and what `kinema merge`
// hands to the command whose parts it merges.
#pragma once

#include <string>
#include <vector>

#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_shards.hpp"

namespace kinema::cli {

/// Largest N of --shard I/N: far more shards than any farm runs jobs, small enough that a typo shows.
inline constexpr int max_shards = 100000;

/// "I/N" with whole numbers 1 <= I <= N <= max_shards; throws UsageError naming --shard otherwise.
report::ShardId parse_shard(const std::string& text);

/// The files `kinema merge` writes (the unsharded command's flags of the same names).
struct MergeOutputs {
    std::string json;
    std::string csv;
    std::string places_csv;
    std::string png;
    std::string svg;
    std::vector<output::InputFile> inputs;  // the parts: no output may overwrite one
};

/// Merges audit parts (report::merge_audit_parts) and writes what `kinema audit` writes for the whole level,
/// the level re-read from the path the parts name (its content hash checked).
void merge_audit_parts(const std::vector<std::string>& paths, const MergeOutputs& outputs);

/// Merges batch parts (report::merge_batch_parts) and writes what `kinema pursue --batch` writes: --json,
/// --csv and the table (--places-csv, --png and --svg are refused: a batch has no places or pictures).
void merge_batch_parts(const std::vector<std::string>& paths, const MergeOutputs& outputs);

}  // namespace kinema::cli
