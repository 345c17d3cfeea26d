// `kinema pursue --batch N --shard I/N` and `kinema merge` of its parts: for every shard count 1..5 and one
// random count (a fixed seed), the merged JSON, CSV and table equal the unsharded batch's byte for byte (a 2D
// level, a 3D level, a shared map); a part of another level, a changed setting, a missing and a repeated
// shard, and a mix of audit and batch parts are refused with one line and nothing written.
#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "shard_reports.hpp"
#include "test_data.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

std::string batch_command(const std::string& map, const std::string& settings) {
    return "pursue --map '" + map + "' " + settings;
}

Reports unsharded(const std::string& map, const std::string& settings) {
    const fs::path json = scratch_path("whole.json");
    const fs::path csv = scratch_path("whole.csv");
    return read_reports(
        run_kinema(batch_command(map, settings) + " --json " + sh_quoted(json) + " --csv " + sh_quoted(csv)),
        json, csv);
}

// The parts of shards 1..count (in that order), written by `kinema pursue --batch --shard I/N`.
std::vector<fs::path> shard_parts(const std::string& map, const std::string& settings, int count) {
    std::vector<fs::path> parts;
    for (int i = 1; i <= count; ++i) {
        parts.push_back(
            scratch_path("batch-part-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json"));
        const CliRun r = run_kinema(batch_command(map, settings) + " --shard " + std::to_string(i) + "/" +
                                    std::to_string(count) + " --json " + sh_quoted(parts.back()));
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, "") << "a shard writes its partial report only";
    }
    return parts;
}

void expect_merge_equals_unsharded(const std::string& map, const std::string& settings) {
    const Reports whole = unsharded(map, settings);
    ASSERT_GT(whole.json.size(), 1000u);
    ASSERT_NE(whole.table.find("scenarios (seed"), std::string::npos) << whole.table;
    std::mt19937 random(2028);  // a fixed seed: a failure reproduces
    const int random_count = std::uniform_int_distribution<int>(6, 16)(random);
    expect_merged_equal(
        whole, {1, 2, 3, 4, 5, random_count}, [&](int count) { return shard_parts(map, settings, count); },
        map);
}

TEST(CliBatchShards, MergedBatchEqualsTheUnshardedOnA2DLevel) {
    expect_merge_equals_unsharded(level_path("corner.txt"), "--batch 13 --seed 5");
}

// A team batch's parts carry each run's team: merged, the team modes' rows are the unsharded batch's.
TEST(CliBatchShards, MergedTeamBatchEqualsTheUnsharded) {
    expect_merge_equals_unsharded(level_path("warehouse_loop.txt"),
                                  "--batch 7 --npcs 3 --min-route 10 --max-time 20 --search-time 5");
}

TEST(CliBatchShards, MergedBatchEqualsTheUnshardedOnA3DLevel) {
#if KINEMA_HAVE_NAV
    expect_merge_equals_unsharded(level_path("corner_ramp.obj"), "--batch 11 --threads 2");
#else
    GTEST_SKIP() << "built without kinema::nav: no 3D levels";
#endif
}

TEST(CliBatchShards, MergedBatchEqualsTheUnshardedOnASharedMap) {
    const std::string map = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den011d.map";
    if (!fs::exists(map)) {
        GTEST_SKIP() << "shared map " << map << " not found (set KINEMA_SHARED_DATA_DIR to ../shared/data)";
    }
    expect_merge_equals_unsharded(map, "--batch 12 --seed 3");
}

// Every refusal: one line naming the part, exit 2, and no --json written.
void expect_refused(const std::vector<fs::path>& parts, const std::string& message) {
    const fs::path json = scratch_path("refused.json");
    expect_one_line_error(merge(parts, "--json " + sh_quoted(json)), message);
    EXPECT_FALSE(fs::exists(json));
}

TEST(CliBatchShards, ForeignMissingAndRepeatedPartsAreRefused) {
    const std::string map = level_path("corner.txt");
    const std::vector<fs::path> parts = shard_parts(map, "--batch 9", 3);
    const fs::path other = scratch_path("batch-other-level.json");
    ASSERT_EQ(run_kinema(batch_command(level_path("corridor_end_corner.txt"), "--batch 9") +
                         " --shard 2/3 --json " + sh_quoted(other))
                  .exit_code,
              0);
    expect_refused({parts[0], other, parts[2]}, other.string() + ": another level: " +
                                                    level_path("corridor_end_corner.txt") + " (fnv1a64 ");
    const fs::path changed = scratch_path("batch-changed.json");
    ASSERT_EQ(run_kinema(batch_command(map, "--batch 9 --search-time 20") + " --shard 2/3 --json " +
                         sh_quoted(changed))
                  .exit_code,
              0);
    expect_refused({parts[0], changed, parts[2]}, changed.string() + ": other settings than " +
                                                      parts[0].string() +
                                                      ": pursuit.search_time is 20 here, 30 there");
    const fs::path reseeded = scratch_path("batch-reseeded.json");
    ASSERT_EQ(
        run_kinema(batch_command(map, "--batch 9 --seed 2") + " --shard 2/3 --json " + sh_quoted(reseeded))
            .exit_code,
        0);
    expect_refused({parts[0], reseeded, parts[2]}, reseeded.string() + ": other settings than " +
                                                       parts[0].string() + ": batch.seed is 2 here, 1 there");
    expect_refused({parts[0], parts[2]}, "merge: shard 2/3 of " + map + " is missing");
    expect_refused({parts[0], parts[1], parts[1], parts[2]},
                   parts[1].string() + ": shard 2/3 again (also " + parts[1].string() + ")");
    const fs::path audit = scratch_path("audit-part.json");
    ASSERT_EQ(
        run_kinema("audit --quiet --map '" + map + "' --shard 2/3 --json " + sh_quoted(audit)).exit_code, 0);
    expect_refused({parts[0], audit, parts[2]}, audit.string() + ": a partial report of the audit, but " +
                                                    parts[0].string() + " is one of the batch");
    const fs::path stranger = scratch_path("not-a-part.json");
    write_file(stranger, "{\"rows\": []}\n");
    expect_refused({parts[0], stranger, parts[2]},
                   stranger.string() + ": not a kinema partial report (of a sharded audit or batch)");
    remove_all(parts);
    for (const fs::path& p : {other, changed, reseeded, audit, stranger}) {
        fs::remove(p);
    }
}

TEST(CliBatchShards, ShardFlagsAreChecked) {
    const std::string map = level_path("corner.txt");
    const fs::path json = scratch_path("batch-part.json");
    for (const char* bad : {"0/3", "4/3", "1/100001", "2", "a/b"}) {
        expect_one_line_error(
            run_kinema(batch_command(map, "--batch 5") + " --shard " + bad + " --json " + sh_quoted(json)),
            std::string("--shard: expected I/N with whole numbers 1 <= I <= N <= 100000, got ") + bad);
    }
    expect_one_line_error(run_kinema(batch_command(map, "--batch 5") + " --shard 1/2 --json " +
                                     sh_quoted(json) + " --csv " + sh_quoted(scratch_path("runs.csv"))),
                          "--csv: not with --shard");
    expect_one_line_error(run_kinema(batch_command(map, "--batch 5") + " --shard 1/2"),
                          "--shard: needs --json FILE");
    expect_one_line_error(run_kinema(batch_command(map, "--route '1,1;5,1' --npc 1,2") + " --shard 1/2"),
                          "--shard: only with --batch");
    EXPECT_FALSE(fs::exists(json));
}

TEST(CliBatchShards, MoreShardsThanScenariosMergeToo) {
    const std::string map = level_path("corner.txt");
    const Reports whole = unsharded(map, "--batch 3");
    const std::vector<fs::path> parts = shard_parts(map, "--batch 3", 5);  // shards 4 and 5 run nothing
    const Reports together = merged(parts);
    EXPECT_EQ(together.json, whole.json);
    EXPECT_EQ(together.table, whole.table);
    remove_all(parts);
}

}  // namespace
}  // namespace kinema::test
