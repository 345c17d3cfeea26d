// A settings field given both by its flag and by --set is refused in every command that has --set (issue 40,
// critical 8): before, `pursue --set view_range=3 --view-range 50` ran with 3 and `--hot 6 --set hot=5`
// with 5. The check is run_cli's, over the fields each FlagBinder bound (apps/kinema/flag_binder.hpp
// fields_set_by).
#include <string>

#include <gtest/gtest.h>

#include "cli_runner.hpp"

namespace {

using kinema::test::expect_one_line_error;
using kinema::test::run_kinema;

std::string pursue() {
    return "pursue --map '" + std::string(KINEMA_DATA_DIR) +
           "/levels/corner.txt' --route '3.5,2.5;12.5,2.5' --npc 1.5,1.5 --max-time 3 ";
}

TEST(FlagAndSet, PursueRefusesAFieldGivenByItsFlagAndBySet) {
    expect_one_line_error(run_kinema(pursue() + "--set view_range=3 --view-range 50"),
                          "--view-range and --set view_range: both set the field view_range (give it once)");
    // Either order.
    expect_one_line_error(run_kinema(pursue() + "--hot 6 --set hot=5"),
                          "--hot and --set hot: both set the field hot (give it once)");
    // --difficulty sets max_steps.
    expect_one_line_error(run_kinema(pursue() + "--difficulty 2 --set max_steps=5"),
                          "--difficulty and --set max_steps: both set the field max_steps (give it once)");
}

TEST(FlagAndSet, MorrowindRefusesAFieldGivenByItsFlagAndBySet) {
    expect_one_line_error(
        run_kinema("morrowind speed --anim-walk 100 --set animation.walk=3"),
        "--anim-walk and --set animation.walk: both set the field animation.walk (give it once)");
    expect_one_line_error(run_kinema("morrowind jump --physics-step 0.01 --set physics_step=0.02"),
                          "--physics-step and --set physics_step: both set the field physics_step");
    expect_one_line_error(run_kinema("morrowind fall --gravity openmw --set rules.gravity=wiki"),
                          "--gravity and --set rules.gravity: both set the field rules.gravity");
}

TEST(FlagAndSet, SweepsMorrowindGroupIsCheckedToo) {
    expect_one_line_error(
        run_kinema("sweep --model morrowind --fps 60 --gravity openmw --set rules.gravity=wiki"),
        "--gravity and --set rules.gravity: both set the field rules.gravity");
}

TEST(FlagAndSet, EachAloneStillRuns) {
    const kinema::test::CliRun set = run_kinema(pursue() + "--set view_range=3 --json");
    EXPECT_EQ(set.exit_code, 0) << set.err;
    const kinema::test::CliRun flag = run_kinema(pursue() + "--view-range 3 --json");
    EXPECT_EQ(flag.exit_code, 0) << flag.err;
    EXPECT_EQ(set.out, flag.out);
    // A --set of another field beside a flag is no conflict.
    EXPECT_EQ(run_kinema(pursue() + "--view-range 3 --set hot=5").exit_code, 0);
    EXPECT_EQ(run_kinema("morrowind speed --anim-walk 100 --set animation.run=300").exit_code, 0);
}

}  // namespace
