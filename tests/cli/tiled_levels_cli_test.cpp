// Issue 41's "Done when" for Tiled: every level of data/levels/*.txt also exists as a Tiled map
// (data/levels/tiled/NAME.tmx and NAME.tmj, written by scripts/make-tiled-levels.py, each in another of
// Tiled's encodings), and `kinema chase --json`, `kinema audit --json` and `kinema pursue --batch --json`
// print the same for all three apart from the file's name.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

const fs::path levels_dir = fs::path(KINEMA_DATA_DIR) / "levels";

/// `text` with every occurrence of `from` replaced by "LEVEL".
std::string without(std::string text, const std::string& from) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at)) {
        text.replace(at, from.size(), "LEVEL");
    }
    return text;
}

/// The JSON a command writes for `level`, its path replaced by "LEVEL". `json_to_file`: the command writes
/// its JSON to the file after --json (audit, pursue --batch), else to stdout (chase).
std::string json_of(const std::string& command, const fs::path& level, bool json_to_file) {
    const fs::path out = scratch_path("tiled-twin.json");
    const std::string json = json_to_file ? " --json " + sh_quoted(out) : " --json";
    const CliRun r = run_kinema(command + " --map " + sh_quoted(level) + json);
    EXPECT_EQ(r.exit_code, 0) << command << " " << level << ": " << r.err;
    std::string text = json_to_file ? read_file(out) : r.out;
    fs::remove(out);
    EXPECT_GT(text.size(), 100u) << command << " " << level;  // a report, not an empty file
    return without(without(text, level.string()), level.filename().string());
}

std::vector<fs::path> ascii_levels() {
    std::vector<fs::path> levels;
    for (const fs::directory_entry& entry : fs::directory_iterator(levels_dir)) {
        if (entry.path().extension() == ".txt") {
            levels.push_back(entry.path());
        }
    }
    std::sort(levels.begin(), levels.end());
    return levels;
}

TEST(TiledLevelsCli, EveryAsciiLevelHasTwoTiledTwins) {
    const std::vector<fs::path> levels = ascii_levels();
    ASSERT_EQ(levels.size(), 8u);  // scripts/make-tiled-levels.py has a style for each; a new level needs one
    for (const fs::path& level : levels) {
        for (const char* extension : {".tmx", ".tmj"}) {
            EXPECT_TRUE(fs::exists(levels_dir / "tiled" / (level.stem().string() + extension)))
                << level.stem() << extension << ": run scripts/make-tiled-levels.py";
        }
    }
}

TEST(TiledLevelsCli, ChaseAuditAndPursueReadEachTwinAsItsOriginal) {
    struct Command {
        const char* args;
        bool json_to_file;
    };
    // pursue --batch: 3 random scenarios on the level's floor (seeded; routes of 5 units fit the smallest
    // level), one thread so the order is fixed.
    const Command commands[] = {{"chase", false},
                                {"audit --quiet --directions 4", true},
                                {"pursue --batch 3 --threads 1 --min-route 5", true}};
    for (const fs::path& level : ascii_levels()) {
        for (const Command& command : commands) {
            const std::string original = json_of(command.args, level, command.json_to_file);
            for (const char* extension : {".tmx", ".tmj"}) {
                const fs::path twin = levels_dir / "tiled" / (level.stem().string() + extension);
                EXPECT_EQ(json_of(command.args, twin, command.json_to_file), original)
                    << command.args << ": " << twin;
            }
        }
    }
}

TEST(TiledLevelsCli, ABadMapIsOneLineExitTwoNothingOnStdout) {
    // A layer cut short (its base64 loses a character) and an isometric map, as chase, audit and pursue see
    // them.
    const fs::path dir = scratch_path("tiled-bad");
    fs::create_directories(dir);
    std::string map = read_file(levels_dir / "tiled" / "long_corridor.tmx");
    const std::size_t data_end = map.find("\n  </data>");
    ASSERT_NE(data_end, std::string::npos);
    map.erase(data_end - 1, 1);
    const fs::path cut = dir / "cut.tmx";
    write_file(cut, map);
    // Its tileset is not beside it yet: the map names it.
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(cut)),
                          cut.string() +
                              ":6: <tileset>: tileset 'kinema-tiles.tsx' cannot be found: no file " +
                              (dir / "kinema-tiles.tsx").string());
    fs::copy_file(levels_dir / "tiled" / "kinema-tiles.tsx", dir / "kinema-tiles.tsx");
    const std::string layer_error = cut.string() + ":8: layer 'ground': truncated base64 data";
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(cut)), layer_error);
    expect_one_line_error(run_kinema("audit --quiet --map " + sh_quoted(cut)), layer_error);
    expect_one_line_error(
        run_kinema("pursue --map " + sh_quoted(cut) + " --route '3.5,2.5;10.5,2.5' --npc 1.5,2.5"),
        layer_error);
    std::string json = read_file(levels_dir / "tiled" / "corner.tmj");
    json.replace(json.find("orthogonal"), 10, "staggered");
    const fs::path staggered = dir / "staggered.json";
    write_file(staggered, json);
    expect_one_line_error(
        run_kinema("chase --map " + sh_quoted(staggered)),
        staggered.string() +
            ": orientation 'staggered' is not supported: kinema reads orthogonal Tiled maps only");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace kinema::test
