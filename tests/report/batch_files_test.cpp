// A batch's files through kinema_output (src/report/batch_files.cpp): the unsharded reports are
// write_batch_json (and a newline) and write_batch_csv's bytes, all or nothing, with the table returned; a
// shard's part reads back to its runs.
#include "kinema/report/batch_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "kinema/report/batch_report.hpp"
#include "kinema/report/pursuit_text.hpp"
#include "pursuit_levels.hpp"
#include "scratch.hpp"
#include "small_batch.hpp"

namespace kinema::report {
namespace {

namespace fs = std::filesystem;

BatchPartSettings small_settings() {
    BatchPartSettings settings;
    settings.config.settings.max_time = 30.0;
    settings.batch = test::small_batch(2);
    return settings;
}

TEST(BatchFiles, TheReportsAreTheBatchsJsonAndCsvAndTheTableIsReturned) {
    const test::PursuitLevel lv("corridor_into_room");
    const BatchPartSettings settings = small_settings();
    const pursuit::BatchResult r = pursuit::run_batch(lv.space, settings.config, settings.batch);
    const fs::path dir = test::fresh_directory("reports");
    const std::string json = (dir / "batch.json").string();
    const std::string csv = (dir / "batch.csv").string();
    const std::string table =
        write_batch_reports({"JSON", json}, {"CSV", csv}, {}, settings, r, "levels/corridor.map");
    EXPECT_EQ(test::read_file(json), batch_json(r) + "\n");
    EXPECT_EQ(test::read_file(csv), batch_csv(r));
    EXPECT_EQ(table, batch_summary("corridor.map", settings.config, settings.batch, r, "cells"));
    // Without a CSV only the JSON is written; over an input nothing is.
    fs::remove(json);
    fs::remove(csv);
    (void)write_batch_reports({"JSON", json}, {"CSV", ""}, {}, settings, r, "corridor.map");
    EXPECT_EQ(test::entries(dir), 1);
    fs::remove(json);
    test::write_file(csv, "an input");
    EXPECT_THROW(
        (void)write_batch_reports({"JSON", json}, {"CSV", csv}, {{"PART", csv}}, settings, r, "x.map"),
        output::OutputError);
    EXPECT_EQ(test::read_file(csv), "an input");
    EXPECT_EQ(test::entries(dir), 1);
    fs::remove_all(dir);
}

TEST(BatchFiles, AShardsPartFileReadsBackToItsRuns) {
    const test::PursuitLevel lv("corridor_into_room");
    const BatchPartSettings settings = small_settings();
    const pursuit::SpaceFactory make_space = [&lv] {
        return std::make_unique<pursuit::ChasePursuitSpace>(lv.space);
    };
    const pursuit::BatchResult r =
        pursuit::run_batch_shard(make_space, settings.config, settings.batch, 2, 3);
    const fs::path dir = test::fresh_directory("part");
    const std::string path = (dir / "part-2.json").string();
    const LevelId level{"corridor.map", "0123456789abcdef", {}};
    write_batch_part_file({"JSON", path}, {}, level, settings, {2, 3}, r.runs);
    const BatchPart part = read_batch_part(path);
    EXPECT_EQ(part.level.fnv1a64, "0123456789abcdef");
    EXPECT_EQ(part.shard.index, 2);
    EXPECT_EQ(part.shard.count, 3);
    ASSERT_EQ(part.runs.size(), r.runs.size());
    ASSERT_FALSE(r.runs.empty());
    for (std::size_t i = 0; i < r.runs.size(); ++i) {
        EXPECT_EQ(part.runs[i].scenario, r.runs[i].scenario);
        EXPECT_EQ(part.runs[i].outcome, r.runs[i].outcome);
        EXPECT_EQ(part.runs[i].npc_distance, r.runs[i].npc_distance);
    }
    fs::remove_all(dir);
}

TEST(BatchShards, ThePartFilesOfEveryShardMergeToTheWholeBatch) {
    const test::PursuitLevel lv("corridor_into_room");
    const BatchPartSettings settings = small_settings();
    const pursuit::SpaceFactory make_space = [&lv] {
        return std::make_unique<pursuit::ChasePursuitSpace>(lv.space);
    };
    const fs::path dir = test::fresh_directory("merge");
    const LevelId level{"corridor.map", "0123456789abcdef", {}};
    std::vector<std::string> paths;
    for (const int shard : {2, 1}) {  // any order
        paths.push_back((dir / ("part-" + std::to_string(shard) + ".json")).string());
        const pursuit::BatchResult r =
            pursuit::run_batch_shard(make_space, settings.config, settings.batch, shard, 2);
        write_batch_part_file({"JSON", paths.back()}, {}, level, settings, {shard, 2}, r.runs);
    }
    const MergedBatch merged = merge_batch_part_files(paths);
    const pursuit::BatchResult whole = pursuit::run_batch(make_space, settings.config, settings.batch);
    ASSERT_GT(whole.scenarios, 0);
    EXPECT_EQ(merged.result.scenarios, whole.scenarios);
    EXPECT_EQ(batch_json(merged.result), batch_json(whole));
    EXPECT_EQ(merged.level.file, "corridor.map");
    EXPECT_EQ(merged.settings.batch.scenarios, settings.batch.scenarios);
    fs::remove_all(dir);
}

TEST(BatchShards, ThePartsOfOneMergeAreOfOneKind) {
    const fs::path dir = test::fresh_directory("kinds");
    const std::string batch1 = (dir / "b1.json").string();
    const std::string batch2 = (dir / "b2.json").string();
    const std::string audit = (dir / "a.json").string();
    test::write_file(batch1, R"({"kinema_part": "batch", "level": {}})");
    test::write_file(batch2, R"({"kinema_part":"batch"})");
    test::write_file(audit, R"({"kinema_part": "audit"})");
    EXPECT_EQ(parts_kind({batch1, batch2}), "batch");
    EXPECT_EQ(parts_kind({audit}), "audit");
    std::string error = "no error";
    try {
        (void)parts_kind({batch1, batch2, audit});
    } catch (const std::invalid_argument& e) {
        error = e.what();
    }
    EXPECT_EQ(error, audit + ": a partial report of the audit, but " + batch1 +
                         " is one of the batch: merge the parts of one run");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace kinema::report
