// `kinema audit --shard I/N` and `kinema merge`: for every shard count 1..5 and one random count, the merged
// JSON, CSV, table and pictures equal the unsharded audit's byte for byte (a 2D level, a 3D level, a shared
// map); a part of another level, a changed setting, a missing and a repeated shard are refused with one line
// and nothing written.
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

Reports unsharded(const std::string& map, const std::string& settings) {
    const fs::path json = scratch_path("whole.json");
    const fs::path csv = scratch_path("whole.csv");
    return read_reports(run_kinema("audit --quiet --map '" + map + "' " + settings + " --json " +
                                   sh_quoted(json) + " --csv " + sh_quoted(csv)),
                        json, csv);
}

// The parts of shards 1..count (in that order), written by `kinema audit --shard I/N`.
std::vector<fs::path> shard_parts(const std::string& map, const std::string& settings, int count) {
    std::vector<fs::path> parts;
    for (int i = 1; i <= count; ++i) {
        parts.push_back(scratch_path("part-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json"));
        const CliRun r =
            run_kinema("audit --quiet --map '" + map + "' " + settings + " --shard " + std::to_string(i) +
                       "/" + std::to_string(count) + " --json " + sh_quoted(parts.back()));
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, "") << "a shard writes its partial report only";
    }
    return parts;
}

void expect_merge_equals_unsharded(const std::string& map, const std::string& settings) {
    const Reports whole = unsharded(map, settings);
    ASSERT_GT(whole.json.size(), 100u);
    std::mt19937 random(std::random_device{}());
    const int random_count = std::uniform_int_distribution<int>(6, 12)(random);
    expect_merged_equal(
        whole, {1, 2, 3, 4, 5, random_count}, [&](int count) { return shard_parts(map, settings, count); },
        map);
}

TEST(CliShards, MergedAuditEqualsTheUnshardedOnA2DLevel) {
    expect_merge_equals_unsharded(level_path("corner.txt"), "--directions 8");
}

TEST(CliShards, MergedAuditEqualsTheUnshardedOnA3DLevel) {
#if KINEMA_HAVE_NAV
    expect_merge_equals_unsharded(level_path("corner_ramp.obj"), "--directions 6 --give-up-steps 5");
#else
    GTEST_SKIP() << "built without kinema::nav: no 3D levels";
#endif
}

TEST(CliShards, MergedAuditEqualsTheUnshardedOnASharedMap) {
    const std::string map = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den011d.map";
    if (!fs::exists(map)) {
        GTEST_SKIP() << "shared map " << map << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    expect_merge_equals_unsharded(map, "--directions 2");
}

TEST(CliShards, MergedPicturesEqualTheUnsharded) {
#if KINEMA_HAVE_RENDER
    const std::string map = level_path("corner.txt");
    const fs::path dir = scratch_path("pictures");
    fs::create_directories(dir);
    const fs::path json = dir / "a.json";
    ASSERT_EQ(run_kinema("audit --quiet --map '" + map + "' --json " + sh_quoted(json) + " --png " +
                         sh_quoted(dir / "whole"))
                  .exit_code,
              0);
    const std::vector<fs::path> parts = shard_parts(map, "", 3);
    ASSERT_EQ(merge(parts, "--json " + sh_quoted(json) + " --png " + sh_quoted(dir / "merged")).exit_code, 0);
    for (const char* name :
         {"distance", "wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit"}) {
        const std::string whole = read_file(dir / (std::string("whole-") + name + ".png"));
        EXPECT_GT(whole.size(), 100u) << name;
        EXPECT_EQ(read_file(dir / (std::string("merged-") + name + ".png")), whole) << name;
    }
    remove_all(parts);
    fs::remove_all(dir);
#else
    GTEST_SKIP() << "built without kinema::render";
#endif
}

// Every refusal: one line naming the part, exit 2, and no --json written.
void expect_refused(const std::vector<fs::path>& parts, const std::string& message) {
    const fs::path json = scratch_path("refused.json");
    expect_one_line_error(merge(parts, "--json " + sh_quoted(json)), message);
    EXPECT_FALSE(fs::exists(json));
}

TEST(CliShards, ForeignMissingAndRepeatedPartsAreRefused) {
    const std::string map = level_path("corner.txt");
    const std::vector<fs::path> parts = shard_parts(map, "", 3);
    // Shard 2 of another level.
    const fs::path other = scratch_path("other-level.json");
    ASSERT_EQ(run_kinema("audit --quiet --map '" + level_path("corridor_end_corner.txt") +
                         "' --shard 2/3 --json " + sh_quoted(other))
                  .exit_code,
              0);
    expect_refused({parts[0], other, parts[2]}, other.string() + ": another level: " +
                                                    level_path("corridor_end_corner.txt") + " (fnv1a64 ");
    // Shard 2 with one setting changed.
    const fs::path changed = scratch_path("changed.json");
    ASSERT_EQ(run_kinema("audit --quiet --map '" + map + "' --give-up-steps 4 --shard 2/3 --json " +
                         sh_quoted(changed))
                  .exit_code,
              0);
    expect_refused({parts[0], changed, parts[2]}, changed.string() + ": other settings than " +
                                                      parts[0].string() +
                                                      ": give_up_steps is 4 here, 3 there");
    expect_refused({parts[0], parts[2]}, "merge: shard 2/3 of " + map + " is missing");
    expect_refused({parts[0], parts[1], parts[1], parts[2]},
                   parts[1].string() + ": shard 2/3 again (also " + parts[1].string() + ")");
    const std::vector<fs::path> halves = shard_parts(map, "", 2);
    expect_refused({parts[0], halves[1]},
                   halves[1].string() + ": shard 2/2, but " + parts[0].string() + " is a shard of 3");
    remove_all(parts);
    remove_all(halves);
    fs::remove(other);
    fs::remove(changed);
}

TEST(CliShards, ShardFlagsAreChecked) {
    const std::string map = level_path("corner.txt");
    const fs::path json = scratch_path("part.json");
    for (const char* bad : {"0/3", "4/3", "1/100001", "2", "a/b", "1.5/3"}) {
        expect_one_line_error(
            run_kinema("audit --quiet --map '" + map + "' --shard " + bad + " --json " + sh_quoted(json)),
            std::string("--shard: expected I/N with whole numbers 1 <= I <= N <= 100000, got ") + bad);
    }
    expect_one_line_error(run_kinema("audit --quiet --map '" + map + "' --shard 1/2 --json " +
                                     sh_quoted(json) + " --csv " + sh_quoted(scratch_path("rows.csv"))),
                          "--csv: not with --shard");
    expect_one_line_error(
        run_kinema("audit --quiet --map '" + map + "' --shard 1/2 --json " + sh_quoted(json) +
                   " --places-csv " + sh_quoted(scratch_path("places.csv"))),
        "--places-csv: not with --shard");
    expect_one_line_error(run_kinema("audit --quiet --map '" + map + "' --shard 1/2"),
                          "--shard: needs --json FILE");
    EXPECT_FALSE(fs::exists(json));
}

}  // namespace
}  // namespace kinema::test
