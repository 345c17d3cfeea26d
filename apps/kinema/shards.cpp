#include "shards.hpp"

#include <optional>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace kinema::cli {

report::ShardId parse_shard(const std::string& text) {
    if (const std::optional<report::ShardId> shard = report::parse_shard_id(text)) {
        return *shard;
    }
    throw UsageError(fmt::format("--shard: expected I/N with whole numbers 1 <= I <= N <= {}, got {}",
                                 report::max_shards, text));
}

report::ShardId check_shard_outputs(const std::string& shard, const std::string& json,
                                    std::span<const GivenFlag> whole_run_outputs) {
    const report::ShardId id = parse_shard(shard);
    refuse_given(
        whole_run_outputs,
        "not with --shard (a shard writes only its partial report, to --json; kinema merge writes the "
        "reports)");
    if (json.empty()) {
        throw UsageError("--shard: needs --json FILE for the partial report");
    }
    return id;
}

}  // namespace kinema::cli
