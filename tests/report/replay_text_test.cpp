// The replay table, for a two-frame log whose second frame is 0.5 cm off (beyond a 0.1 cm tolerance).
#include <gtest/gtest.h>

#include "kinema/report/replay.hpp"

namespace kinema::report {
namespace {

analysis::ReplayResult two_frames() {
    analysis::ReplayResult r;
    r.model = "unreal";
    r.length_unit = "cm";
    r.tolerance = 0.1;
    analysis::ReplayFrame start;
    start.line = 2;
    analysis::ReplayFrame moved;
    moved.frame = 1;
    moved.line = 3;
    moved.time = 0.5;
    moved.engine_position = {10.0, -2.25};
    moved.position_error = 0.5;
    moved.velocity_error = 0.0625;
    r.frames = {start, moved};
    r.max_position_error = 0.5;
    r.max_position_frame = 1;
    r.max_velocity_error = 0.0625;
    r.max_velocity_frame = 1;
    return r;
}

TEST(ReplayText, MarksTheFramesBeyondTheToleranceAndNamesTheFirst) {
    analysis::ReplayResult r = two_frames();
    r.first_differing = 1;
    EXPECT_EQ(replay_text(r, "log.csv"),
              "replay of log.csv with model unreal (1 frames, lengths in cm, velocities in cm/s)\n"
              "   frame   line       time       engine x       engine y       pos diff       vel diff\n"
              "       0      2    0.00000       0.000000       0.000000              0              0\n"
              "       1      3    0.50000      10.000000      -2.250000            0.5         0.0625  *\n"
              "largest position difference: 0.5 cm at frame 1\n"
              "largest velocity difference: 0.0625 cm/s at frame 1\n"
              "DIFFERS: frame 1 (line 3) is the first beyond the tolerance 0.1\n");
}

TEST(ReplayText, SaysWhenEveryFrameMatches) {
    analysis::ReplayResult r = two_frames();
    r.tolerance = 1.0;
    const std::string text = replay_text(r, "log.csv");
    EXPECT_NE(
        text.find("       1      3    0.50000      10.000000      -2.250000            0.5         0.0625\n"),
        std::string::npos);
    EXPECT_TRUE(text.ends_with("matches: every frame within the tolerance 1\n"));
}

}  // namespace
}  // namespace kinema::report
