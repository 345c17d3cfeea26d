// The sharded runs' flags (docs/scale.md): --shard I/N on audit and pursue --batch, and what `kinema merge`
// hands to the command whose parts it merges.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "flag_binder.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_shards.hpp"

namespace kinema::cli {

/// "I/N" as report::parse_shard_id reads it; throws UsageError naming --shard otherwise.
report::ShardId parse_shard(const std::string& text);

/// The checks of --shard I/N, alike on audit and pursue --batch: parse_shard(shard), then each of
/// `whole_run_outputs` given is refused ("--csv: not with --shard (a shard writes only its partial report, to
/// --json; kinema merge writes the reports)"), then --json FILE is required ("--shard: needs --json FILE for
/// the partial report"). Returns the shard.
report::ShardId check_shard_outputs(const std::string& shard, const std::string& json,
                                    std::span<const GivenFlag> whole_run_outputs);

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

}  // namespace kinema::cli
