// ASCII levels in the CLI (issue 40): the "name:" header is shown in the summaries (chase, audit, merge,
// pursue) and the pictures' titles (the JSON's "map" stays the path, as its contract fixes), and rows an
// editor trimmed are read.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

// A corridor whose rows were trimmed by an editor: the second row ends at the player's floor.
constexpr std::string_view warehouse = "name: The Old Warehouse\n#######\n#>...\n#######\n";

TEST(AsciiLevelsCli, TheNameHeaderIsShownInTheSummaryAndThePictures) {
    // Before: the name was shown nowhere ("map          warehouse.txt (7 x 3 tiles, ...)"), and the short row
    // was refused ("warehouse.txt:3: row has 5 characters, the first map row has 7").
    // A short file name: the picture's title holds 40 characters.
    const fs::path dir = scratch_path("warehouse");
    fs::create_directories(dir);
    const fs::path level = dir / "w.txt";
    write_file(level, warehouse);
    const fs::path svg = dir / "w.svg";
    const CliRun r = run_kinema("chase --map '" + level.string() + "' --svg '" + svg.string() + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "map          w.txt (The Old Warehouse) (7 x 3 tiles, 4 cells, cell size 1, 8-connected)");
    EXPECT_NE(read_file(svg).find(">w.txt (The Old Warehouse)<"), std::string::npos);
    // The JSON contract's "map" is the path as given, unchanged.
    const CliRun json = run_kinema("chase --map '" + level.string() + "' --json");
    EXPECT_EQ(json.out.rfind("{\"map\":\"" + level.string() + "\",\"cells\":4,", 0), 0u)
        << json.out.substr(0, 120);
    fs::remove_all(dir);
}

TEST(AsciiLevelsCli, TheAuditThePursuitAndTheMergeShowTheNameToo) {
    // Before: audit, pursue and merge named the file alone ("kinema audit: w.txt").
    const fs::path dir = scratch_path("warehouse-audit");
    fs::create_directories(dir);
    const fs::path level = dir / "w.txt";
    write_file(level, warehouse);
    const std::string map = " --map " + sh_quoted(level);
    const auto first_line = [](const CliRun& r) { return r.out.substr(0, r.out.find('\n')); };
    const CliRun audit = run_kinema("audit --quiet" + map);
    ASSERT_EQ(audit.exit_code, 0) << audit.err;
    EXPECT_EQ(first_line(audit), "kinema audit: w.txt (The Old Warehouse)");
    const fs::path part = dir / "part.json";
    ASSERT_EQ(run_kinema("audit --quiet" + map + " --shard 1/1 --json " + sh_quoted(part)).exit_code, 0);
    const CliRun merged =
        run_kinema("merge " + sh_quoted(part) + " --json " + sh_quoted(dir / "merged.json"));
    ASSERT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(merged.out, audit.out);
    const CliRun pursue = run_kinema("pursue" + map + " --route '3.5,1.5;4.5,1.5' --npc 1.5,1.5");
    ASSERT_EQ(pursue.exit_code, 0) << pursue.err;
    EXPECT_EQ(first_line(pursue), "kinema pursue: w.txt (The Old Warehouse)");
    fs::remove_all(dir);
}

TEST(AsciiLevelsCli, ANameThatIsTheFileNameIsNotRepeated) {
    const CliRun r =
        run_kinema("chase --map '" + std::string(KINEMA_DATA_DIR) + "/levels/t_junction_equal.txt'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind("map          t_junction_equal.txt (33 x 11 tiles", 0), 0u) << r.out;
}

TEST(AsciiLevelsCli, ATabIsRefusedNamingItsColumn) {
    const fs::path level = scratch_path("tab.txt");
    write_file(level, "####\n#>\t#\n####\n");
    expect_one_line_error(
        run_kinema("chase --map '" + level.string() + "'"),
        level.string() +
            ":2: a tab in column 3: tabs are not map characters (use ' ' for outside the level, "
            "'#' for a wall)");
    fs::remove(level);
}

}  // namespace
}  // namespace kinema::test
