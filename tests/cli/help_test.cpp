// Every --help page of the built `kinema`, walked from the top page down: options show typed placeholders
// (INT, NUMBER, X,Y[,Z], FILE, a|b|c) derived from what they parse, never CLI11's untyped TEXT; and the
// "did you mean" line for a mistyped flag, command or --set field.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "test_data.hpp"

namespace {

using kinema::test::run_kinema;

std::string help(const std::string& command) {
    const kinema::test::CliRun r = run_kinema(command + " --help");
    EXPECT_EQ(r.exit_code, 0) << command << ": " << r.err;
    return r.out;
}

// The names listed under "Subcommands:" of a help page.
std::vector<std::string> subcommands(const std::string& page) {
    std::vector<std::string> names;
    const std::size_t at = page.find("\nSubcommands:\n");
    if (at == std::string::npos) {
        return names;
    }
    std::size_t line = at + 14;
    while (line < page.size() && page.compare(line, 2, "  ") == 0) {
        const std::size_t end = page.find(' ', line + 2);
        names.push_back(page.substr(line + 2, end - line - 2));
        line = page.find('\n', line) + 1;
    }
    return names;
}

// Every command's help page, by its command line ("" for the top page, "morrowind jump", ...).
void collect_pages(const std::string& command, std::vector<std::pair<std::string, std::string>>& pages) {
    const std::string page = help(command);
    pages.emplace_back(command, page);
    for (const std::string& name : subcommands(page)) {
        collect_pages(command.empty() ? name : command + " " + name, pages);
    }
}

// The option lines of a help page ("  --flag PLACEHOLDER  description").
std::vector<std::string> option_lines(const std::string& page) {
    std::vector<std::string> lines;
    const std::size_t start = page.find("\nOptions:\n");
    const std::size_t positionals = page.find("\nPositionals:\n");
    for (std::size_t at : {positionals, start}) {
        if (at == std::string::npos) {
            continue;
        }
        for (std::size_t line = page.find('\n', at + 1) + 1;
             line < page.size() && page.compare(line, 2, "  ") == 0; line = page.find('\n', line) + 1) {
            lines.push_back(page.substr(line, page.find('\n', line) - line));
        }
    }
    return lines;
}

// The placeholder shown for `flag` on `page` (the word after it on its line).
std::string placeholder(const std::string& page, const std::string& flag) {
    const std::size_t at = page.find("  " + flag + " ");
    EXPECT_NE(at, std::string::npos) << flag << " missing from\n" << page;
    if (at == std::string::npos) {
        return "";
    }
    const std::size_t begin = at + 3 + flag.size();
    return page.substr(begin, page.find_first_of(" \n", begin) - begin);
}

TEST(CliHelp, NoPageOfAnyCommandShowsAnUntypedOption) {
    std::vector<std::pair<std::string, std::string>> pages;
    collect_pages("", pages);
    EXPECT_GE(pages.size(), 15U);  // the top page, ten commands, morrowind's three and navmesh build
    for (const auto& [command, page] : pages) {
        for (const std::string& line : option_lines(page)) {
            EXPECT_EQ(line.find(" TEXT"), std::string::npos) << "kinema " << command << ":\n" << line;
        }
    }
}

// Issue 40: every registry keeps finite ranges, so no help page shows an open-ended "[1, inf)".
TEST(CliHelp, NoPageShowsAnInfiniteRange) {
    std::vector<std::pair<std::string, std::string>> pages;
    collect_pages("", pages);
    for (const auto& [command, page] : pages) {
        for (const std::string& line : option_lines(page)) {
            EXPECT_EQ(line.find("inf)"), std::string::npos) << "kinema " << command << ":\n" << line;
            EXPECT_EQ(line.find("(-inf"), std::string::npos) << "kinema " << command << ":\n" << line;
        }
    }
    EXPECT_NE(help("chase").find("[1, 2147483647]"), std::string::npos);  // --max-heated
}

TEST(CliHelp, PlaceholdersComeFromWhatTheOptionParses) {
    const std::string chase = help("chase");
    EXPECT_EQ(placeholder(chase, "--map"), "FILE");
    EXPECT_EQ(placeholder(chase, "--from"), "X,Y[,Z]");
    EXPECT_EQ(placeholder(chase, "--dir"), "X,Y[,Z]");
    EXPECT_EQ(placeholder(chase, "--npc"), "X,Y,Z");
    EXPECT_EQ(placeholder(chase, "--hot"), "INT");           // FloodSettings::hot is an int
    EXPECT_EQ(placeholder(chase, "--cell-size"), "NUMBER");  // GridSettings::cell_size is a double
    EXPECT_EQ(placeholder(chase, "--connectivity"), "4|8");  // a choice field
    EXPECT_EQ(placeholder(chase, "--difficulty"), "1|2|3");
    EXPECT_EQ(placeholder(chase, "--frames"), "DIR");
    EXPECT_EQ(placeholder(chase, "--max-file-bytes"), "INT");

    const std::string turn = help("turn");
    EXPECT_EQ(placeholder(turn, "--fps"), "NUMBER");
    EXPECT_EQ(placeholder(turn, "--dt-ticks"), "INT");
    EXPECT_EQ(placeholder(turn, "--yaw-units"), "INT");
    EXPECT_EQ(placeholder(turn, "--scale"), "NUMBER");
    EXPECT_EQ(placeholder(turn, "--angle"), "NUMBER");

    const std::string pursue = help("pursue");
    EXPECT_EQ(placeholder(pursue, "--route"), "X,Y[,Z];...");
    EXPECT_EQ(placeholder(pursue, "--batch"), "INT");
    EXPECT_EQ(placeholder(pursue, "--strategy"),
              "flood|flood-paced|dead-reckoning|breadcrumbs|last-known|intercept");

    const std::string stop = help("stop");
    EXPECT_EQ(placeholder(stop, "--max-frames"), "INT");
    EXPECT_EQ(placeholder(stop, "--fps-list"), "NUMBER,...=10,15,20,30,60,120,144,240,1000");

    const std::string jump = help("morrowind jump");
    EXPECT_EQ(placeholder(jump, "--acrobatics"), "NUMBER");
    EXPECT_EQ(placeholder(jump, "--gravity"), "wiki|openmw");
    EXPECT_EQ(placeholder(jump, "--direction"), "X,Y");
}

TEST(CliHelp, ChaseDescribesBothKindsOfLevel) {
    const std::string chase = help("chase");
    EXPECT_EQ(
        chase.substr(0, chase.find('\n')),
        "Dishonored 2 chase flood on a 2D grid level (.map, .txt) or a 3D level (.obj mesh, .nav navmesh): "
        "where did the player go? (summary, JSON, pictures)");
    EXPECT_NE(chase.find("X,Y in tiles (2D), X,Y,Z in metres (3D)"), std::string::npos);
    EXPECT_NE(chase.find("--navmesh LEVEL.nav"), std::string::npos);
    EXPECT_NE(chase.find("Couvidou's Dishonored 2 chase chapter in Game AI Pro Online Edition 2021"),
              std::string::npos);
}

TEST(CliHelp, NoPageUsesInternalShorthand) {
    std::vector<std::pair<std::string, std::string>> pages;
    collect_pages("", pages);
    for (const auto& [command, page] : pages) {
        EXPECT_EQ(page.find("seed 0"), std::string::npos) << "kinema " << command;
        EXPECT_EQ(page.find("issue "), std::string::npos) << "kinema " << command;
        EXPECT_EQ(page.find("on a 2D grid level:"), std::string::npos) << "kinema " << command;
    }
}

// A mistyped word: one line on stderr naming it and the nearest known word, exit 2, nothing on stdout.
void expect_error(const std::string& args, const std::string& line) {
    const kinema::test::CliRun r = run_kinema(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_EQ(r.out, "") << args;
    EXPECT_EQ(r.err, "kinema: error: " + line + "\n") << args;
}

TEST(CliHelp, AMistypedFlagGetsTheNearestFlagOfItsCommand) {
    expect_error("chase --form 1,2",
                 "unknown chase option '--form'; did you mean --from? (see kinema chase --help)");
    expect_error("chase --json --form=1,2",
                 "unknown chase option '--form'; did you mean --from? (see kinema chase --help)");
    expect_error(
        "morrowind jump --acrobatic 3",
        "unknown morrowind jump option '--acrobatic'; did you mean --acrobatics? (see kinema morrowind "
        "jump --help)");
    // A flag of sweep's Morrowind option group.
    expect_error("sweep --model morrowind --atheltics 40",
                 "unknown sweep option '--atheltics'; did you mean --athletics? (see kinema sweep --help)");
    // A unique prefix.
    expect_error("audit --map x.txt --qui",
                 "unknown audit option '--qui'; did you mean --quiet? (see kinema audit --help)");
    expect_error("--verison",
                 "unknown kinema option '--verison'; did you mean --version? (see kinema --help)");
}

TEST(CliHelp, AFarOffFlagGetsNoSuggestion) {
    expect_error("chase --zebra 1", "unknown chase option '--zebra' (see kinema chase --help)");
    expect_error("turn --fps 60 --x", "unknown turn option '--x' (see kinema turn --help)");
}

TEST(CliHelp, AMistypedCommandGetsTheNearestCommand) {
    const std::string commands = "simulate, morrowind, turn, stop, sweep, chase, replay, audit, pursue";
    const kinema::test::CliRun chse = run_kinema("chse");
    EXPECT_EQ(chse.exit_code, 2);
    EXPECT_EQ(chse.out, "");
    EXPECT_EQ(chse.err.rfind(
                  "kinema: error: unknown command 'chse'; did you mean chase? (commands: " + commands, 0),
              0U)
        << chse.err;
    expect_error("morrowind jmup",
                 "unknown morrowind command 'jmup'; did you mean jump? (commands: speed, jump, fall)");
    const kinema::test::CliRun far = run_kinema("frobnicate");
    EXPECT_EQ(far.err.rfind("kinema: error: unknown command 'frobnicate' (commands: " + commands, 0), 0U)
        << far.err;
}

TEST(CliHelp, AMistypedSetFieldGetsTheNearestField) {
    const kinema::test::CliRun r =
        run_kinema("simulate --model unreal --dt 0.1 --frames 2 --input 0:1,0 --set max_walk_sped=3");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.rfind(
                  "kinema: error: --set max_walk_sped: is not a field (did you mean max_walk_speed?); valid "
                  "fields: ground_friction, max_walk_speed, ",
                  0),
              0U)
        << r.err;
    const kinema::test::CliRun far =
        run_kinema("simulate --model unreal --dt 0.1 --frames 2 --input 0:1,0 --set zzzzzz=3");
    EXPECT_EQ(
        far.err.rfind("kinema: error: --set zzzzzz: is not a field; valid fields: ground_friction, ", 0), 0U)
        << far.err;
    const kinema::test::CliRun gmst = run_kinema("morrowind jump --set gmsts.fJumpAcroMultiplir=3");
    EXPECT_EQ(gmst.exit_code, 2);
    EXPECT_EQ(gmst.err.rfind("kinema: error: --set gmsts.fJumpAcroMultiplir: is not a field (did you mean "
                             "gmsts.fJumpAcroMultiplier?); valid fields: gmsts.fMinWalkSpeed, ",
                             0),
              0U)
        << gmst.err;
}

#if KINEMA_HAVE_NAV
// Issue 40: the 3D agent flags showed (0, inf) and [0, inf) while validate() refused huge values as "at most
// 250 cell sizes": help shows the finite range the registry checks, and a huge value is refused with it.
TEST(CliHelp, TheAgentFlagsShowTheRangesTheyKeep) {
    for (const std::string command : {"navmesh build", "chase", "pursue"}) {
        const std::string page = help(command);
        EXPECT_NE(page.find("agent height; 3 to 250 cell heights; world, (0.002, 250000] (default 2)"),
                  std::string::npos)
            << command << "\n"
            << page;
        EXPECT_NE(page.find("agent radius; at most 250 cell sizes; world, [0, 250000] (default 0.6)"),
                  std::string::npos)
            << command;
        EXPECT_NE(
            page.find("highest step walked up; below 251 cell heights; world, [0, 250000] (default 0.9)"),
            std::string::npos)
            << command;
    }
    const std::string obj = kinema::test::level_path("corner_ramp.obj");
    kinema::test::expect_one_line_error(
        run_kinema("navmesh build " + kinema::test::sh_quoted(obj) + " -o /dev/null --agent-radius 1e308"),
        "--agent-radius: must be in [0, 250000], got 1e+308\n");
    kinema::test::expect_one_line_error(run_kinema("chase --map " + kinema::test::sh_quoted(obj) +
                                                   " --from 1,0,2 --dir 1,0,0 --agent-radius 200"),
                                        "--agent-radius: must be in [0, 75]: at most 250 cells of 0.3 (the "
                                        "smaller of cell_size and chase_cell_size), got 200\n");
}
#endif

}  // namespace
