// report::audit_files: a whole audit's reports, a sweep's list and a shard's partial report added to a run's
// OutputFiles, each file the bytes of the library call it stands for, under the option names given; and the
// text of a whole audit (audit_text.hpp), the concatenation of its three parts.
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_shape.hpp"
#include "kinema/chase/audit_sweep.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_files.hpp"
#include "kinema/report/audit_text.hpp"
#include "kinema/report/chase_text.hpp"
#include "scratch.hpp"

namespace kinema::report {
namespace {

using test::fresh_directory;
using test::read_file;

// A corner: a corridor along the top turning down the right side, so that the audit has findings and
// places.
struct CornerAudit {
    levels::GridLevel level = levels::parse_ascii_level("......#\n#####.#\n#####.#\n#####..\n", "corner");
    chase::GridSpace grid{level};
    chase::GridChaseSpace space{grid};
    chase::FloodSettings flood;
    chase::AuditSettings settings;
    chase::AuditResult result;
    std::vector<chase::AuditPlace> places;

    CornerAudit() {
        settings.directions = 4;
        result = chase::audit(space, flood, settings, 1);
        places = chase::audit_places(space, result);
    }
};

TEST(AuditFiles, TheReportsAreTheLibrarysBytesInTheirOrder) {
    const CornerAudit a;
    const std::filesystem::path dir = fresh_directory("reports");
    const std::string json = (dir / "a.json").string();
    const std::string csv = (dir / "a.csv").string();
    const std::string places = (dir / "p.csv").string();
    output::OutputFiles files;
    add_audit_reports(files, {{"json", json}, {"csv", csv}, {"places", places}}, a.space, a.flood, a.settings,
                      a.result, a.places);
    files.commit();
    EXPECT_EQ(read_file(json), chase::audit_json(a.space, a.flood, a.settings, a.result) + "\n");
    EXPECT_EQ(read_file(csv), chase::audit_csv(a.space, a.result));
    EXPECT_EQ(read_file(places), chase::audit_places_csv(a.space, a.result, a.places));
    EXPECT_EQ(test::entries(dir), 3);
}

TEST(AuditFiles, OnlyTheReportsAskedForAreAddedUnderTheirOptionNames) {
    const CornerAudit a;
    const std::filesystem::path dir = fresh_directory("asked");
    const std::string csv = (dir / "a.csv").string();
    output::OutputFiles files;
    add_audit_reports(files, {{"json", ""}, {"csv", csv}, {"places", ""}}, a.space, a.flood, a.settings,
                      a.result, a.places);
    files.commit();
    EXPECT_EQ(test::entries(dir), 1);
    // An output over an input is refused naming the option the caller gave.
    output::OutputFiles over_input({{"level", csv}});
    add_audit_reports(over_input, {{"rows_file", csv}, {"csv", ""}, {"places", ""}}, a.space, a.flood,
                      a.settings, a.result, a.places);
    try {
        over_input.commit();
        ADD_FAILURE() << "an output over an input was written";
    } catch (const output::OutputError& e) {
        EXPECT_NE(std::string(e.what()).find("rows_file"), std::string::npos) << e.what();
    }
}

TEST(AuditFiles, ASweepsListEndsWithANewline) {
    const CornerAudit a;
    const std::filesystem::path dir = fresh_directory("sweep");
    const std::vector<chase::AuditSweepAxis> axes = {{"hot", {"10", "20"}}};
    const std::vector<const chase::ChaseSpace*> spaces(1, &a.space);
    const std::vector<chase::AuditSweepPoint> points = chase::audit_sweep(spaces, a.flood, a.settings, axes);
    output::OutputFiles files;
    add_audit_sweep_json(files, {"json", (dir / "s.json").string()}, points);
    add_audit_sweep_json(files, {"other", ""}, points);  // not asked for: nothing
    files.commit();
    EXPECT_EQ(read_file(dir / "s.json"), audit_sweep_json(points) + "\n");
    EXPECT_EQ(test::entries(dir), 1);
    // The table's settings columns are headed by the axes' fields and hold each point's values.
    const std::string table = audit_sweep_text("corner.txt", axes, points, a.settings.directions);
    EXPECT_NE(table.find("\n       hot |"), std::string::npos) << table;
    EXPECT_NE(table.find("\n        10 |"), std::string::npos) << table;
    EXPECT_NE(table.find("\n        20 |"), std::string::npos) << table;
}

// Two shards written as files and merged from their files give the whole audit's result.
TEST(AuditFiles, PartsWrittenAsFilesMergeIntoTheWholeAudit) {
    const CornerAudit a;
    const std::filesystem::path dir = fresh_directory("parts");
    const std::vector<const chase::ChaseSpace*> spaces(1, &a.space);
    const std::size_t cells = a.space.cells().size();
    const LevelId level{"corner.txt", "0123456789abcdef", {}};
    std::vector<std::string> paths;
    for (int index = 1; index <= 2; ++index) {
        const chase::AuditCellRange range = chase::audit_shard_cells(cells, index, 2);
        const std::vector<chase::AuditRow> rows = chase::audit_rows(spaces, a.flood, a.settings, range);
        paths.push_back((dir / ("part-" + std::to_string(index) + ".json")).string());
        output::OutputFiles files;
        add_audit_part(files, {"json", paths.back()}, level, cells, a.flood, a.settings, {index, 2}, range,
                       rows);
        files.commit();
    }
    const AuditPart second = read_audit_part(paths[1]);
    EXPECT_EQ(second.shard.index, 2);
    EXPECT_EQ(second.level.fnv1a64, "0123456789abcdef");
    const MergedAudit merged = merge_audit_part_files(paths);
    EXPECT_EQ(merged.level.file, "corner.txt");
    EXPECT_EQ(chase::audit_json(a.space, merged.flood, merged.settings, merged.result),
              chase::audit_json(a.space, a.flood, a.settings, a.result));
    EXPECT_THROW((void)merge_audit_part_files({paths[0]}), std::invalid_argument);  // shard 2 missing
}

TEST(AuditFiles, TheTextIsTheTableTheMeaningsAndThePlaces) {
    const CornerAudit a;
    const std::string text =
        audit_report_text("corner.txt", a.space, a.flood, a.settings, a.result, a.places);
    EXPECT_EQ(text,
              audit_summary("corner.txt", a.flood, a.settings, a.result) +
                  audit_meanings_text(a.flood, a.settings, a.result, chase::level_has_loop(a.space.cells())) +
                  audit_places_text(a.space, a.result, a.places));
    EXPECT_EQ(text.rfind("kinema audit: corner.txt\n", 0), 0u);
}

}  // namespace
}  // namespace kinema::report
