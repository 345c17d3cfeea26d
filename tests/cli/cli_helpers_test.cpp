// The helpers the level commands share (apps/kinema/shards.hpp, cli_common.hpp, flag_binder.hpp), called
// directly: the --shard checks of audit and pursue --batch, the partial report's file, the level command's
// declaration, a choice flag (--team) and the FlagBinder as the one namer of errors without flags of their
// own.
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/output/output_files.hpp"
#include "shards.hpp"

namespace {

using kinema::cli::FlagBinder;
using kinema::cli::given_text;
using kinema::cli::GivenFlag;
using kinema::cli::UsageError;

std::string usage_error(const std::function<void()>& run) {
    try {
        run();
    } catch (const UsageError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(ShardOutputs, ParsesTheShardWhenOnlyJsonIsGiven) {
    const std::string csv;
    const GivenFlag whole_run[] = {given_text(csv, "--csv")};
    const kinema::report::ShardId shard = kinema::cli::check_shard_outputs("2/5", "part.json", whole_run);
    EXPECT_EQ(shard.index, 2);
    EXPECT_EQ(shard.count, 5);
}

TEST(ShardOutputs, RefusesTheWholeRunsFilesInOrderThenAMissingJson) {
    const std::string none;
    const std::string csv = "rows.csv";
    const std::string png = "map";
    const GivenFlag whole_run[] = {given_text(none, "--csv"), given_text(png, "--png"),
                                   given_text(csv, "--places-csv")};
    EXPECT_EQ(usage_error([&] { (void)kinema::cli::check_shard_outputs("1/2", "part.json", whole_run); }),
              "--png: not with --shard (a shard writes only its partial report, to --json; kinema merge "
              "writes the reports)");
    const GivenFlag nothing_else[] = {given_text(none, "--csv")};
    EXPECT_EQ(usage_error([&] { (void)kinema::cli::check_shard_outputs("1/2", "", nothing_else); }),
              "--shard: needs --json FILE for the partial report");
    // The shard itself is checked first, whatever else is wrong.
    EXPECT_EQ(usage_error([&] { (void)kinema::cli::check_shard_outputs("3/2", "", whole_run); }),
              "--shard: expected I/N with whole numbers 1 <= I <= N <= 100000, got 3/2");
}

TEST(ShardOutputs, TheStreamedFileHoldsEveryPieceAndNeverReplacesAnInput) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "kinema_cli_helpers_test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "part.json").string();
    kinema::output::write_streamed_file({}, "--json", path, [](const kinema::output::PieceSink& sink) {
        std::string piece = "{\"a\":";
        sink(piece);
        piece = "1}";
        sink(piece);
    });
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    EXPECT_EQ(text.str(), "{\"a\":1}");
    const std::vector<kinema::output::InputFile> inputs = {{"--map", path}};
    EXPECT_THROW(kinema::output::write_streamed_file(inputs, "--json", path,
                                                     [](const kinema::output::PieceSink& sink) {
                                                         std::string piece = "lost";
                                                         sink(piece);
                                                     }),
                 kinema::output::OutputError);
    std::ifstream again(path);
    std::stringstream kept;
    kept << again.rdbuf();
    EXPECT_EQ(kept.str(), "{\"a\":1}");
    std::filesystem::remove_all(dir);
}

TEST(LevelCommand, DeclaresTheMapTheLevelFlagsAndTheirHelp) {
    CLI::App app;
    kinema::cli::LevelSource level;
    CLI::App* cmd = kinema::cli::add_level_command(app, "look", "Looks at a level", "The look's own help.",
                                                   "Level file", level);
    EXPECT_EQ(cmd->get_name(), "look");
    EXPECT_EQ(cmd->get_option("--map")->get_type_name(), "FILE");
    EXPECT_EQ(cmd->get_footer(),
              std::string("The look's own help.\n") + kinema::cli::help_page("level-flags"));
    app.parse("look --map den.map --level Cave --up z", false);
    EXPECT_EQ(level.map, "den.map");
    EXPECT_EQ(level.flags.level, "Cave");
    EXPECT_EQ(level.flags.up, "z");
    EXPECT_EQ(level.flags.walls, "");
}

TEST(LevelCommand, TheSourceIsTheNavmeshElseTheMap) {
    kinema::cli::LevelSource grid{"den.map", "", {}};
    EXPECT_EQ(grid.file(), "den.map");
    EXPECT_FALSE(grid.is_3d());
    EXPECT_TRUE((kinema::cli::LevelSource{"hall.OBJ", "", {}}.is_3d()));
    const kinema::cli::LevelSource baked{"", "hall.navmesh", {}};
    EXPECT_EQ(baked.file(), "hall.navmesh");
    EXPECT_TRUE(baked.is_3d());
    EXPECT_NO_THROW(baked.refuse_map_with_navmesh());
    grid.navmesh = "hall.navmesh";
    EXPECT_EQ(usage_error([&] { grid.refuse_map_with_navmesh(); }),
              "--navmesh: cannot be combined with --map (the navmesh is the level)");
}

TEST(LevelCommand, A3DLevelWithoutNavNamesTheMap) {
    EXPECT_EQ(usage_error([] { kinema::cli::refuse_3d_level_without_nav("hall.obj"); }),
              "--map: hall.obj is a 3D level; this kinema was built without 3D levels (Recast/Detour)");
}

TEST(LevelCommand, PicturesAreRefusedOnlyWithoutRender) {
    EXPECT_NO_THROW(kinema::cli::refuse_pictures_without_render(false, "--png/--svg"));
#if KINEMA_HAVE_RENDER
    EXPECT_NO_THROW(kinema::cli::refuse_pictures_without_render(true, "--png/--svg"));
#else
    EXPECT_EQ(usage_error([] { kinema::cli::refuse_pictures_without_render(true, "--png/--svg"); }),
              "--png/--svg: this kinema was built without pictures (cairo); its JSON and CSV reports are all "
              "there (docs/windows.md)");
#endif
}

TEST(FlagBinder, AChoiceShowsItsChoicesAndKeepsTheText) {
    EXPECT_EQ(
        kinema::cli::choice_placeholder(std::vector<std::string_view>{"independent", "shared", "split"}),
        "independent|shared|split");
    CLI::App app;
    FlagBinder flags;
    const std::string_view modes[] = {"independent", "shared", "split"};
    CLI::Option* team = flags.add_choice(&app, "team", "How a team shares", modes);
    EXPECT_EQ(team->get_name(), "--team");
    EXPECT_EQ(team->get_type_name(), "independent|shared|split");
    app.parse("--team shared", false);
    EXPECT_TRUE(flags.given("team"));
    EXPECT_EQ(flags.text("team"), "shared");
    EXPECT_EQ(kinema::cli::fields_set_by(*team), std::vector<std::string>{"team"});
}

TEST(FlagBinder, ABinderWithoutFlagsNamesSetSweepFileAndLibraryErrors) {
    EXPECT_EQ(FlagBinder{}.message({{"ground_friction", "must be >= 0, got -1"}}),
              "--set ground_friction: must be >= 0, got -1");
    EXPECT_EQ(FlagBinder({}, "--sweep").message({{"hot", "must be in [1, 1000000], got -1"}}),
              "--sweep hot: must be in [1, 1000000], got -1");
    EXPECT_EQ(FlagBinder({}, "gmst.json:").message({{"fMaxWalkSpeed", "must be >= 0, got -200"}}),
              "gmst.json: fMaxWalkSpeed: must be >= 0, got -200");
    constexpr kinema::cli::FieldFlag arguments[] = {{"dt", "--dt"}, {"input.x", "--input"}};
    EXPECT_EQ(usage_error([&] {
                  FlagBinder(arguments).name_errors([] {
                      throw kinema::SettingsError(
                          "simulation", {{"input.x", "must be finite"}, {"dt", "must be > 0, got 0"}});
                  });
              }),
              "--input: must be finite; --dt: must be > 0, got 0");
}

}  // namespace
