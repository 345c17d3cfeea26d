// Settings on the command line come from the registry: --help shows each field's default read from the struct
// the command starts from, and an invalid value is reported against the flag the user typed.
#include <string>

#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/unreal.hpp"

namespace {

using kinema::test::run_kinema;

// "(default X)" with X the struct's value of `field`, as the registry prints it.
template <class S>
std::string default_of(const char* field, const S& settings = S{}) {
    const kinema::FieldDescriptor* f = kinema::find_field(kinema::settings_description<S>(), field);
    EXPECT_NE(f, nullptr) << field;
    return "(default " + kinema::value_text(*f, kinema::get_field(settings, field)) + ")";
}

std::string help(const std::string& command) {
    const kinema::test::CliRun r = run_kinema(command + " --help");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
}

// The help line of `flag` (CLI11 prints the option and its description on one line here).
std::string help_line(const std::string& text, const std::string& flag) {
    const std::size_t at = text.find("  " + flag + " ");
    EXPECT_NE(at, std::string::npos) << flag << " missing from\n" << text;
    return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

TEST(CliSettings, HelpShowsTheStructsDefaults) {
    const std::string turn = help("turn");
    EXPECT_NE(help_line(turn, "--scale").find(default_of<kinema::analysis::TurnSettings>("speed_scale")),
              std::string::npos);
    EXPECT_NE(help_line(turn, "--friction")
                  .find("1/s, [0, 1000000] " + default_of<kinema::analysis::TurnSettings>("friction")),
              std::string::npos);
    const std::string speed = help("morrowind speed");
    EXPECT_NE(help_line(speed, "--athletics").find(default_of<kinema::movement::MorrowindActor>("athletics")),
              std::string::npos);
    EXPECT_NE(
        help_line(speed, "--anim-walk")
            .find("u/s, [0, 1000000] " + default_of<kinema::movement::MorrowindSettings>("animation.walk")),
        std::string::npos);
    EXPECT_NE(help_line(help("sweep"), "--rest-speed")
                  .find(default_of<kinema::analysis::SweepSettings>("rest_speed")),
              std::string::npos);
    // simulate lists every field of every model with the default of a default-constructed struct.
    const std::string simulate = help("simulate");
    EXPECT_NE(simulate.find("max_simulation_iterations      count   [1, 25]   default " +
                            std::to_string(kinema::movement::UnrealSettings{}.max_simulation_iterations)),
              std::string::npos)
        << simulate;
    EXPECT_NE(simulate.find("grounded                       bool    0 or 1    default true"),
              std::string::npos);
}

std::string usage_error(const std::string& args) {
    const kinema::test::CliRun r = run_kinema(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(r.out.empty()) << r.out;
    return r.err;
}

TEST(CliSettings, ErrorsNameTheFlagTyped) {
    EXPECT_EQ(usage_error("morrowind speed --anim-walk -1"),
              "kinema: error: --anim-walk: must be in [0, 1000000], got -1\n");
    EXPECT_EQ(usage_error("morrowind speed --encumbrance -0.5"),
              "kinema: error: --encumbrance: must be in [0, 1000000], got -0.5\n");
    EXPECT_EQ(usage_error("morrowind jump --physics-step 0"),
              "kinema: error: --physics-step: must be in [0.0001, 1], got 0\n");
    EXPECT_EQ(usage_error("morrowind speed --gravity moon"),
              "kinema: error: --gravity: must be wiki or openmw, got 'moon'\n");
    EXPECT_EQ(usage_error("morrowind speed --creature --werewolf"),
              "kinema: error: --werewolf: applies to NPCs only\n");
    EXPECT_EQ(usage_error("morrowind speed --set gmsts.fMaxWalkSpeed=-3"),
              "kinema: error: --set gmsts.fMaxWalkSpeed: must be in [0, 1000000], got -3\n");
    EXPECT_EQ(usage_error("morrowind fall --height -5"),
              "kinema: error: --height: must be in [0, 1000000000], got -5\n");
}

TEST(CliSettings, MorrowindSetChangesTheModel) {
    const kinema::test::CliRun base = run_kinema("morrowind speed --json");
    const kinema::test::CliRun changed = run_kinema("morrowind speed --set gmsts.fMaxWalkSpeed=300 --json");
    ASSERT_EQ(base.exit_code, 0);
    ASSERT_EQ(changed.exit_code, 0) << changed.err;
    EXPECT_NE(base.out, changed.out);
    EXPECT_EQ(changed.out, run_kinema("morrowind speed --set gmsts.fMaxWalkSpeed=300 --json").out);
}

}  // namespace
