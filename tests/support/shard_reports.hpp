// `kinema merge` of partial reports, for the tests of sharded audits and batches (tests/cli): the merge
// command line and the reports it writes.
#pragma once

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.hpp"

namespace kinema::test {

/// What a run printed and the --json and --csv files it wrote.
struct Reports {
    std::string table;
    std::string json;
    std::string csv;
};

/// The reports of the successful run `r` (the files are read, then removed).
inline Reports read_reports(const CliRun& r, const std::filesystem::path& json,
                            const std::filesystem::path& csv) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    Reports out{r.out, read_file(json), read_file(csv)};
    std::filesystem::remove(json);
    std::filesystem::remove(csv);
    return out;
}

/// `kinema merge PARTS... OUTPUTS` (OUTPUTS already quoted for sh).
inline CliRun merge(const std::vector<std::filesystem::path>& parts, const std::string& outputs) {
    std::string args = "merge";
    for (const std::filesystem::path& part : parts) {
        args += ' ';
        args += sh_quoted(part);
    }
    args += ' ';
    args += outputs;
    return run_kinema(args);
}

/// The parts merged in reverse order (merge orders them by their contents, not by the command line) into
/// --json and --csv.
inline Reports merged(std::vector<std::filesystem::path> parts) {
    std::reverse(parts.begin(), parts.end());
    const std::filesystem::path json = scratch_path("merged.json");
    const std::filesystem::path csv = scratch_path("merged.csv");
    return read_reports(merge(parts, "--json " + sh_quoted(json) + " --csv " + sh_quoted(csv)), json, csv);
}

inline void remove_all(const std::vector<std::filesystem::path>& parts) {
    for (const std::filesystem::path& part : parts) {
        std::filesystem::remove(part);
    }
}

/// For each shard count, the parts `parts_of(count)` writes, merged, equal `whole` byte for byte (JSON, CSV
/// and the table); the parts are removed. `what` names the level in a failure.
inline void expect_merged_equal(const Reports& whole, const std::vector<int>& counts,
                                const std::function<std::vector<std::filesystem::path>(int count)>& parts_of,
                                const std::string& what) {
    for (const int count : counts) {
        SCOPED_TRACE(what + " in " + std::to_string(count) + " shards");
        const std::vector<std::filesystem::path> parts = parts_of(count);
        const Reports together = merged(parts);
        EXPECT_EQ(together.json, whole.json);
        EXPECT_EQ(together.csv, whole.csv);
        EXPECT_EQ(together.table, whole.table);
        remove_all(parts);
    }
}

}  // namespace kinema::test
