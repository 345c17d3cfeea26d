// A flag that changes nothing in the combination given is refused (docs/errors.md "One reading of what you
// type"; issue 40): each of these ran before, its flag silently ignored.
#include <string>

#include <gtest/gtest.h>

#include "cli_runner.hpp"
#include "test_data.hpp"

namespace {

using kinema::test::expect_one_line_error;
using kinema::test::level_path;
using kinema::test::run_kinema;
using kinema::test::sh_quoted;

TEST(NoEffectFlags, TurnTableRefusesScale) {
    expect_one_line_error(run_kinema("turn --table --scale 2"), "--scale: has no effect with --table");
    // --friction changes the table's turns: it stays.
    const kinema::test::CliRun friction = run_kinema("turn --table --friction 4");
    EXPECT_EQ(friction.exit_code, 0) << friction.err;
    EXPECT_NE(friction.out, run_kinema("turn --table").out);
}

TEST(NoEffectFlags, PursueRefusesATeamModeForOneNpc) {
    const std::string pursue =
        "pursue --map " + sh_quoted(level_path("corner.txt")) + " --route '3.5,2.5;12.5,2.5' --max-time 3 ";
    expect_one_line_error(run_kinema(pursue + "--npc 1.5,1.5 --team shared"),
                          "--team: has no effect with one NPC (a team needs at least two)");
    EXPECT_EQ(run_kinema(pursue + "--npc 1.5,1.5 --npc 1.5,2.5 --team shared").exit_code, 0);
}

TEST(NoEffectFlags, PursueRefusesFloodFieldsForStrategiesWithoutAFlood) {
    // The outcome of last-known, breadcrumbs and dead-reckoning did not change with --hot or --max-heated
    // (nor, but for dead reckoning's distance, with --max-steps).
    const std::string pursue =
        "pursue --map " + sh_quoted(level_path("corner.txt")) +
        " --route '12.5,2.5;17.5,2.5;17.5,28.5' --npc 2.5,2.5 --view-range 10 --strategy ";
    expect_one_line_error(
        run_kinema(pursue + "last-known --hot 3"),
        "--hot: has no effect with --strategy last-known (only the flood strategies run the flood)");
    expect_one_line_error(run_kinema(pursue + "dead-reckoning --max-heated 3"),
                          "--max-heated: has no effect with --strategy dead-reckoning");
    expect_one_line_error(run_kinema(pursue + "breadcrumbs --difficulty 2"),
                          "--difficulty: has no effect with --strategy breadcrumbs");
    expect_one_line_error(run_kinema(pursue + "breadcrumbs --set max_restarts=1"),
                          "--set max_restarts: has no effect with --strategy breadcrumbs");
    // Dead reckoning's distance is M_S cells; the flood strategies use them all.
    EXPECT_EQ(run_kinema(pursue + "dead-reckoning --max-steps 3").exit_code, 0);
    EXPECT_EQ(run_kinema(pursue + "flood-paced --hot 3 --max-heated 4").exit_code, 0);
}

TEST(NoEffectFlags, AuditRefusesTheFlagOfASweptField) {
    expect_one_line_error(
        run_kinema("audit --map " + sh_quoted(level_path("corner.txt")) +
                   " --quiet --sweep hot=10,20 --hot 30"),
        "--hot: has no effect with --sweep hot=... (the sweep sets hot to each of its values)");
    expect_one_line_error(run_kinema("audit --map " + sh_quoted(level_path("corner.txt")) +
                                     " --quiet --sweep max_steps=10,20 --max-steps 30"),
                          "--max-steps: has no effect with --sweep max_steps=...");
    // Another field's flag beside a sweep is used by every combination.
    EXPECT_EQ(run_kinema("audit --map " + sh_quoted(level_path("corner.txt")) +
                         " --quiet --directions 1 --sweep hot=10,20 --max-steps 30")
                  .exit_code,
              0);
}

TEST(NoEffectFlags, SweepRefusesRestSpeedWhereNoStepIsStopped) {
    expect_one_line_error(run_kinema("sweep --model unreal --fps 30 --rest-speed 1"),
                          "--rest-speed: has no effect with --model unreal");
    expect_one_line_error(run_kinema("sweep --model dishonored --metric turn_rate --fps 30 --rest-speed 1"),
                          "--rest-speed: has no effect without --metric stop_distance");
    EXPECT_EQ(run_kinema("sweep --model dishonored --fps 30 --rest-speed 1").exit_code, 0);
    EXPECT_EQ(run_kinema("sweep --fps 30 --rest-speed 1").exit_code, 0);  // all models: two step their stops
}

}  // namespace
