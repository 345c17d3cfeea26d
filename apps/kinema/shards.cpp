#include "shards.hpp"

#include <cmath>

#include <fmt/format.h>

#include "cli_common.hpp"

namespace kinema::cli {

report::ShardId parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    const auto bad = [&] {
        return UsageError(fmt::format("--shard: expected I/N with whole numbers 1 <= I <= N <= {}, got {}",
                                      max_shards, text));
    };
    if (slash == std::string::npos) {
        throw bad();
    }
    double index = 0.0;
    double count = 0.0;
    try {
        index = parse_number(text.substr(0, slash), "--shard");
        count = parse_number(text.substr(slash + 1), "--shard");
    } catch (const UsageError&) {
        throw bad();
    }
    if (index != std::floor(index) || count != std::floor(count) || index < 1.0 || index > count ||
        count > max_shards) {
        throw bad();
    }
    return {static_cast<int>(index), static_cast<int>(count)};
}

report::ShardId check_shard_outputs(const std::string& shard, const std::string& json,
                                    std::span<const OutputFlag> whole_run_outputs) {
    const report::ShardId id = parse_shard(shard);
    for (const OutputFlag& output : whole_run_outputs) {
        if (!output.path->empty()) {
            throw UsageError(
                fmt::format("{}: not with --shard (a shard writes only its partial report, to --json; "
                            "kinema merge writes the reports)",
                            output.flag));
        }
    }
    if (json.empty()) {
        throw UsageError("--shard: needs --json FILE for the partial report");
    }
    return id;
}

void write_streamed_file(const std::vector<output::InputFile>& inputs, const std::string& flag,
                         const std::string& path, const output::PieceWriter& write) {
    output::OutputFiles files(inputs);
    files.add_written(flag, path, write);
    files.commit();
}

}  // namespace kinema::cli
