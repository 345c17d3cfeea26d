// The sharded runs' flags (docs/scale.md): --shard I/N on audit and pursue --batch, and what `kinema merge`
// hands to the command whose parts it merges.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_shards.hpp"

namespace kinema::cli {

/// Largest N of --shard I/N: far more shards than any farm runs jobs, small enough that a typo shows.
inline constexpr int max_shards = 100000;

/// "I/N" with whole numbers 1 <= I <= N <= max_shards; throws UsageError naming --shard otherwise.
report::ShardId parse_shard(const std::string& text);

/// An output flag as typed ("--csv") and the path given to it (empty: not given).
struct OutputFlag {
    const char* flag;
    const std::string* path;
};

/// The checks of --shard I/N, alike on audit and pursue --batch: parse_shard(shard), then each of
/// `whole_run_outputs` given is refused ("--csv: not with --shard (a shard writes only its partial report, to
/// --json; kinema merge writes the reports)"), then --json FILE is required ("--shard: needs --json FILE for
/// the partial report"). Returns the shard.
report::ShardId check_shard_outputs(const std::string& shard, const std::string& json,
                                    std::span<const OutputFlag> whole_run_outputs);

/// Writes one report made while it is written (a shard's partial report, a streamed JSON or CSV) to `path`,
/// named `flag` in errors: all or nothing, never over one of `inputs` (output::OutputFiles).
void write_streamed_file(const std::vector<output::InputFile>& inputs, const std::string& flag,
                         const std::string& path, const output::PieceWriter& write);

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
