// The CLI's --level and --walls reach a format's loader, and its NPC marker is `kinema pursue`'s default
// start (issue 41), checked in-process through run_cli with a format this test registers: every face goes
// through the one registry, so what holds for it holds for Tiled, LDtk and the images (their files: the
// end-to-end tests in designer_levels_cli_test.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "run_cli.hpp"
#include "scratch.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;
using levels::GridLevel;
using levels::LevelReadOptions;

// ".twin": kinema ASCII levels without headers, separated by "---" lines and named "first", "second" (the
// level option; empty = the first); the walls option names a character made a wall ('~' is none otherwise);
// 'N' marks the NPC's start, floor.
GridLevel parse_twin(std::string_view text, const std::string& name, const LevelReadOptions& options) {
    const std::string_view separator = "---\n";
    const std::size_t cut = text.find(separator);
    const std::vector<std::string> names{"first", "second"};
    std::size_t index = 0;
    if (!options.level.empty()) {
        index =
            static_cast<std::size_t>(std::find(names.begin(), names.end(), options.level) - names.begin());
        if (index == names.size() || (index == 1 && cut == std::string_view::npos)) {
            throw levels::LevelError(name + ": no level '" + options.level + "' (levels: first, second)");
        }
    }
    std::string body(index == 0 ? text.substr(0, cut) : text.substr(cut + separator.size()));
    std::optional<Vec2> npc;
    const std::size_t marker = body.find('N');
    if (marker != std::string::npos) {
        const std::size_t line_start =
            body.rfind('\n', marker) == std::string::npos ? 0 : body.rfind('\n', marker) + 1;
        const auto row =
            static_cast<double>(std::count(body.begin(), body.begin() + static_cast<long>(marker), '\n'));
        npc = Vec2{static_cast<double>(marker - line_start) + 0.5, row + 0.5};
        body[marker] = '.';
    }
    for (char& c : body) {
        if (options.walls.size() == 1 && c == options.walls[0]) {
            c = '#';
        }
    }
    GridLevel level = levels::parse_ascii_level(body, name);
    level.npc_start = npc;
    return level;
}

struct InProcessRun {
    int exit_code;
    std::string out;
    std::string err;
};

InProcessRun kinema(std::vector<std::string> args) {
    args.insert(args.begin(), "kinema");
    std::vector<char*> argv;
    for (std::string& arg : args) {
        argv.push_back(arg.data());
    }
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    const int code = cli::run_cli(static_cast<int>(argv.size()), argv.data());
    std::fflush(stdout);
    std::string out = testing::internal::GetCapturedStdout();
    return {code, out, testing::internal::GetCapturedStderr()};
}

// The JSON a command printed, without the field that names the file.
nlohmann::json without_map(const InProcessRun& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json doc = nlohmann::json::parse(r.out);
    doc.erase("map");
    return doc;
}

constexpr std::string_view first = "#######\n#>....#\n#####.#\n    #.#\n    ###\n";
constexpr std::string_view second = "#########\n#..~..<.#\n#########\n";

class LevelOptionsCli : public testing::Test {
  protected:
    static void SetUpTestSuite() {
        levels::register_level_format({"twin levels",
                                       {".twin"},
                                       levels::LevelShape::grid,
                                       parse_twin,
                                       nullptr,
                                       nullptr,
                                       nullptr,
                                       true,
                                       true});
    }
    fs::path write(const std::string& name, std::string_view text) {
        const fs::path path = scratch_path(name);
        write_file(path, text);
        files_.push_back(path);
        return path;
    }
    void TearDown() override {
        for (const fs::path& path : files_) {
            fs::remove(path);
        }
    }
    std::vector<fs::path> files_;
};

TEST_F(LevelOptionsCli, LevelAndWallsReachTheLoader) {
    const std::string twin = write("two.twin", std::string(first) + "---\n" + std::string(second)).string();
    const std::string first_txt = write("first.txt", first).string();
    std::string walled(second);
    walled[walled.find('~')] = '#';
    const std::string second_txt = write("second.txt", walled).string();
    EXPECT_EQ(without_map(kinema({"chase", "--map", twin, "--json"})),
              without_map(kinema({"chase", "--map", first_txt, "--json"})));
    EXPECT_EQ(without_map(kinema({"chase", "--map", twin, "--level", "second", "--walls", "~", "--json"})),
              without_map(kinema({"chase", "--map", second_txt, "--json"})));
    // Without --walls, '~' is no character of the ASCII levels: the loader saw the option.
    const InProcessRun unwalled = kinema({"chase", "--map", twin, "--level", "second"});
    EXPECT_EQ(unwalled.exit_code, 2);
    EXPECT_NE(unwalled.err.find("unknown character '~'"), std::string::npos) << unwalled.err;
    const InProcessRun unknown = kinema({"chase", "--map", twin, "--level", "third"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_EQ(unknown.out, "");
    EXPECT_EQ(unknown.err, "kinema: error: " + twin + ": no level 'third' (levels: first, second)\n");
}

TEST_F(LevelOptionsCli, PursueStartsTheNpcAtTheLevelsMarker) {
    const std::string marked = write("marked.twin", "#######\n#N....#\n#####.#\n    #.#\n    ###\n").string();
    const std::string plain = write("plain.txt", "#######\n#.....#\n#####.#\n    #.#\n    ###\n").string();
    const std::vector<std::string> scene{"--route", "3.5,1.5;5.5,1.5;5.5,3.5", "--max-time", "4", "--json"};
    std::vector<std::string> from_marker{"pursue", "--map", marked};
    from_marker.insert(from_marker.end(), scene.begin(), scene.end());
    std::vector<std::string> from_flag{"pursue", "--map", plain, "--npc", "1.5,1.5"};
    from_flag.insert(from_flag.end(), scene.begin(), scene.end());
    const InProcessRun a = kinema(from_marker);
    const InProcessRun b = kinema(from_flag);
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(nlohmann::json::parse(a.out)["frames"][0]["npc"], nlohmann::json::array({1.5, 1.5}));
    // Byte for byte the run of --npc at the marked tile's centre, but for the file's name.
    std::string renamed = a.out;
    for (std::size_t at = renamed.find(marked); at != std::string::npos; at = renamed.find(marked, at)) {
        renamed.replace(at, marked.size(), plain);
    }
    EXPECT_EQ(renamed, b.out);
    // The flag wins over the marker.
    std::vector<std::string> flag_wins = from_marker;
    flag_wins.insert(flag_wins.end(), {"--npc", "2.5,1.5"});
    const InProcessRun c = kinema(flag_wins);
    ASSERT_EQ(c.exit_code, 0) << c.err;
    EXPECT_EQ(nlohmann::json::parse(c.out)["frames"][0]["npc"], nlohmann::json::array({2.5, 1.5}));
}

TEST_F(LevelOptionsCli, ShardsRecordTheOptionsAndMergeRereadsWithThem) {
    const std::string twin =
        write("sharded.twin", std::string(first) + "---\n" + std::string(second)).string();
    const std::vector<std::string> level{"--map", twin, "--level", "second", "--walls", "~", "--quiet"};
    const fs::path whole = scratch_path("whole.json");
    files_.push_back(whole);
    std::vector<std::string> args{"audit", "--json", whole.string()};
    args.insert(args.end(), level.begin(), level.end());
    ASSERT_EQ(kinema(args).exit_code, 0);
    std::vector<std::string> merge{"merge"};
    for (int i = 1; i <= 2; ++i) {
        const fs::path part = scratch_path("part-" + std::to_string(i) + ".json");
        files_.push_back(part);
        std::vector<std::string> shard{"audit", "--shard", std::to_string(i) + "/2", "--json", part.string()};
        shard.insert(shard.end(), level.begin(), level.end());
        ASSERT_EQ(kinema(shard).exit_code, 0);
        EXPECT_NE(read_file(part).find("\"fnv1a64\":\""), std::string::npos);
        EXPECT_NE(read_file(part).find("\"level\":\"second\",\"walls\":\"~\"}"), std::string::npos);
        merge.push_back(part.string());
    }
    const fs::path merged = scratch_path("merged.json");
    files_.push_back(merged);
    merge.insert(merge.end(), {"--json", merged.string()});
    const InProcessRun m = kinema(merge);
    ASSERT_EQ(m.exit_code, 0) << m.err;
    EXPECT_EQ(read_file(merged), read_file(whole));
}

}  // namespace
}  // namespace kinema::test
