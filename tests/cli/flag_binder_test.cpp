// The command line's face of the settings registry (apps/kinema/flag_binder.hpp, command_settings.hpp) and
// the library's pursuit text (kinema/pursuit/parse.hpp), called directly: flags derived from field names,
// help from the registry, values set in the struct that owns the field, errors named by the flag typed.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_common.hpp"
#include "command_settings.hpp"
#include "flag_binder.hpp"
#include "kinema/chase/chase_settings.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/pursuit/parse.hpp"
#if KINEMA_HAVE_NAV
#include "kinema/nav/chase.hpp"
#endif

namespace {

// The settings `kinema chase` binds (cmd_chase.cpp): the grid chase's and, where built, the navmesh's.
#if KINEMA_HAVE_NAV
using kinema::nav::ChaseSettings;
#else
using ChaseSettings = kinema::chase::GridChaseSettings;
#endif
using kinema::cli::FieldFlag;
using kinema::cli::FlagBinder;
using kinema::cli::UsageError;

TEST(FlagBinder, FlagsFollowTheFieldNamesUnlessRenamed) {
    EXPECT_EQ(kinema::cli::flag_of_field("max_steps"), "--max-steps");
    EXPECT_EQ(kinema::cli::flag_of_field("grid.cell_size"), "--cell-size");  // a part's prefix is not typed
    constexpr FieldFlag renames[] = {{"speed_scale", "--scale"}};
    EXPECT_EQ(kinema::cli::flag_of_field("speed_scale", renames), "--scale");
    EXPECT_EQ(kinema::cli::flag_of_field("friction", renames), "--friction");
}

TEST(FlagBinder, SetsTheGivenFieldsAndHelpComesFromTheRegistry) {
    CLI::App app;
    FlagBinder flags;
    flags.add_fields<kinema::chase::FloodSettings>(&app, {"hot", "max_steps"});
    app.parse("--hot 7", false);
    kinema::chase::FloodSettings flood;
    flags.apply(flood);
    EXPECT_EQ(flood.hot, 7);
    EXPECT_EQ(flood.max_steps, kinema::chase::FloodSettings{}.max_steps);
    EXPECT_TRUE(flags.given("hot"));
    EXPECT_FALSE(flags.given("max_steps"));
    const std::string help = app.get_option("--max-steps")->get_description();
    EXPECT_NE(help.find("(default 40)"), std::string::npos) << help;
    EXPECT_NE(help.find("steps"), std::string::npos) << help;
}

TEST(FlagBinder, RefusesTheFirstGivenFlagOfATableByItsBoundName) {
    CLI::App app;
    constexpr FieldFlag renames[] = {{"max_heated", "--heated"}};
    FlagBinder flags(renames);
    flags.add_fields<kinema::chase::FloodSettings>(&app, {"hot", "max_heated", "max_steps"});
    app.parse("--max-steps 30 --heated 5", false);
    EXPECT_FALSE(flags.given_flag("hot").given);
    EXPECT_EQ(flags.given_flag("max_heated").flag, "--heated");
    EXPECT_FALSE(flags.given_flag("not_bound").given);
    const std::string png = "a.png";
    try {
        kinema::cli::refuse_given({flags.given_flag("hot"), kinema::cli::given_text("", "--svg"),
                                   flags.given_flag("max_heated"), kinema::cli::given_text(png, "--png")},
                                  "only with --batch");
        FAIL() << "nothing refused";
    } catch (const UsageError& e) {
        EXPECT_STREQ(e.what(), "--heated: only with --batch");  // the first given, in the table's order
    }
    EXPECT_NO_THROW(kinema::cli::refuse_given({flags.given_flag("hot")}, "only with --batch"));
}

TEST(FlagBinder, AnErrorOfNoFieldIsNamedByTheFallbackAlone) {
    const FlagBinder sweep({}, "--sweep");
    EXPECT_EQ(sweep.message({{"", "at most 4096 combinations"}, {"hot", "must be in [1, 1000000], got 0"}}),
              "--sweep: at most 4096 combinations; --sweep hot: must be in [1, 1000000], got 0");
}

TEST(FlagBinder, ErrorsNameTheFlagTyped) {
    CLI::App app;
    FlagBinder flags({}, "field");
    flags.add_fields<kinema::chase::FloodSettings>(&app, {"hot", "max_heated"});
    flags.add(&app, "position", "where", kinema::cli::ValueKind::point2_or_3);
    app.parse("--hot abc", false);
    kinema::chase::FloodSettings flood;
    try {
        flags.apply(flood);
        FAIL() << "a text that is not a number was accepted";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()).rfind("--hot: ", 0), 0u) << e.what();
    }
    EXPECT_EQ(
        flags.message({{"max_heated", "must be >= 1, got 0"}, {"max_restarts", "bad"}, {"position", "far"}}),
        "--max-heated: must be >= 1, got 0; field max_restarts: bad; --position: far");
}

TEST(FlagBinder, CompositeSetsTheStructThatOwnsTheName) {
    CLI::App app;
    FlagBinder flags;
    flags.add_fields<ChaseSettings>(&app, {"hot", "grid.cell_size"});
    app.parse("--cell-size 2.5 --hot 9", false);
    ChaseSettings settings;
    flags.apply(settings);
    EXPECT_EQ(settings.grid.cell_size, 2.5);
    EXPECT_EQ(settings.flood.hot, 9);
#if KINEMA_HAVE_NAV
    EXPECT_EQ(settings.nav.cell_size,
              kinema::nav::NavSettings{}.cell_size);  // the navmesh's voxel is its own
#endif
    settings.grid.cell_size = 0.0;
    EXPECT_EQ(flags.message(settings.validate()).rfind("--cell-size: ", 0), 0u);
}

TEST(FlagBinder, DifficultySetsOnlyMaxSteps) {
    CLI::App app;
    FlagBinder flags;
    kinema::cli::add_difficulty_option(flags, &app);
    app.parse("--difficulty 2", false);
    kinema::chase::FloodSettings flood = kinema::pursuit::PursuitConfig::default_flood();
    flood.hot = 5;
    kinema::cli::apply_difficulty(flags, flood);
    EXPECT_EQ(flood.max_steps, 30);  // the chapter's table: 20 / 30 / 40
    EXPECT_EQ(flood.hot, 5);
    EXPECT_EQ(flood.max_restarts, 3);
}

TEST(PursuitText, ScenarioErrorsNameTheField) {
    try {
        (void)kinema::pursuit::parse_scenario({"1,1;2,2", "1", "", {}}, 2);
        FAIL() << "an NPC of one number was accepted";
    } catch (const kinema::SettingsError& e) {
        ASSERT_EQ(e.errors().size(), 1u);
        EXPECT_EQ(e.errors()[0].field, "npc");
        EXPECT_EQ(e.errors()[0].message, "expected X,Y, got '1'");
    }
    const kinema::pursuit::PursuitScenario sc =
        kinema::pursuit::parse_scenario({"1,2,3;4,5,6", "7,8,9", "1,0,0", {"0.5,1,2,3"}}, 3);
    ASSERT_EQ(sc.route.size(), 2u);
    EXPECT_EQ(sc.route[1].x, 4.0);
    EXPECT_EQ(sc.route[1].y, 6.0);  // the planar (x, z)
    EXPECT_EQ(sc.route_heights[1], 5.0);
    EXPECT_EQ(sc.npc_height, 8.0);
    EXPECT_EQ(sc.stimuli[0].height, 2.0);
}

TEST(PursuitText, ConfigFieldsByNameReachTheirPart) {
    kinema::pursuit::PursuitConfig config;
    const kinema::SettingsDescription& d = kinema::settings_description<kinema::pursuit::PursuitConfig>();
    kinema::set_field_text(d, &config, "max_restarts", "5");
    kinema::set_field_text(d, &config, "hz", "30");
    EXPECT_EQ(config.flood.max_restarts, 5);
    EXPECT_EQ(config.settings.hz, 30.0);
    EXPECT_EQ(kinema::find_field(d, "max_walk_speed"), nullptr);  // the model's fields are not here
}

TEST(FlagBinder, PlaceholdersFollowTheFieldsType) {
    const kinema::SettingsDescription& d = kinema::settings_description<ChaseSettings>();
    EXPECT_EQ(kinema::field_placeholder(*kinema::find_field(d, "hot")), "INT");                // int
    EXPECT_EQ(kinema::field_placeholder(*kinema::find_field(d, "grid.cell_size")), "NUMBER");  // double
    EXPECT_EQ(kinema::field_placeholder(*kinema::find_field(d, "grid.connectivity")), "4|8");  // choice
    EXPECT_EQ(kinema::cli::value_placeholder(kinema::cli::ValueKind::point2_or_3), "X,Y[,Z]");
    EXPECT_EQ(kinema::cli::value_placeholder(kinema::cli::ValueKind::file), "FILE");
    CLI::App app;
    FlagBinder flags;
    flags.add_fields<ChaseSettings>(&app, {"max_steps"});
    flags.add(&app, "position", "seed", kinema::cli::ValueKind::point2_or_3);
    EXPECT_EQ(app.get_option("--max-steps")->get_type_name(), "INT");
    EXPECT_EQ(app.get_option("--position")->get_type_name(), "X,Y[,Z]");
}

}  // namespace
