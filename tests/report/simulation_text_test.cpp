// simulate's table and the streaming writer: a hand-made run of two frames, one of them not finite.
#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <vector>

#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/report/simulation.hpp"

namespace kinema::report {
namespace {

movement::FrameRecord record(std::size_t frame, double time, Vec2 position, Vec2 velocity, double speed) {
    movement::FrameRecord r;
    r.frame = frame;
    r.time = time;
    r.position = position;
    r.velocity = velocity;
    r.speed = speed;
    return r;
}

TEST(SimulationText, RowRoundsToTheColumnsDecimals) {
    std::string out;
    append_frame_text(out, record(2, 0.25, {1.5, -0.125}, {6.0, 0.0}, 6.0));
    EXPECT_EQ(out,
              "       2    0.25000       1.500000      -0.125000      6.00000      0.00000      6.00000\n");
}

TEST(SimulationText, TableStreamsEveryFrameAndReportsWhereTheStateDiverges) {
    const movement::AnyModel model = movement::DishonoredSettings{};
    const double inf = std::numeric_limits<double>::infinity();
    int chunks = 0;
    const FrameSource next = [&](std::vector<movement::FrameRecord>& chunk) {
        chunk = {record(1, 0.125, {1.0, 2.0}, {8.0, 16.0}, 17.875),
                 record(2, 0.25, {inf, 2.0}, {0.0, 0.0}, inf)};
        return chunks++ == 0;
    };
    std::string written;
    int pieces = 0;
    const auto diverged = write_simulation(SimulationFormat::table, model, describe_dt(0.125),
                                           record(0, 0, {}, {}, 0), next, [&](std::string& text) {
                                               written += text;
                                               text.clear();
                                               ++pieces;
                                           });
    ASSERT_TRUE(diverged.has_value());
    EXPECT_EQ(*diverged, 2u);
    EXPECT_EQ(pieces, 1);  // far below the 1 MiB a piece
    EXPECT_EQ(written,
              "model dishonored, dt 0.125 s, lengths in u, velocities in u/s\n"
              "   frame       time              x              y           vx           vy        speed\n"
              "       0    0.00000       0.000000       0.000000      0.00000      0.00000      0.00000\n"
              "       1    0.12500       1.000000       2.000000      8.00000     16.00000     17.87500\n"
              "       2    0.25000            inf       2.000000      0.00000      0.00000          inf\n");
}

TEST(SimulationText, FrameTimesAreNamedAsGiven) {
    const movement::DtChange schedule[] = {{0, 0.25}};
    EXPECT_EQ(describe_dt_schedule("0:1/4", schedule).table, "dt schedule \"0:1/4\" (s)");
    EXPECT_EQ(describe_input_file("in.csv").table, "dt and input per frame from in.csv");
}

// `kinema simulate`'s check before any output (CliSimulate.DivergingModelIsRefusedBeforeAnyOutput): CrossCode
// coasting at dt = 1 s from 300 u/s multiplies its velocity by 1 - 12 = -11 per frame, 300 * 11^4 = 4.4e6 >
// 1e6 at frame 4, the frame the CLI's message names.
TEST(FirstRunawayFrame, CrossCodeCoastingAtOneSecondFramesRunsAwayAtFrame4) {
    const movement::AnyModel model = movement::CrossCodeSettings{};
    const std::vector<movement::InputChange> coast = {{0, {0.0, 0.0}}};
    movement::Simulation run(model, {{0.0, 0.0}, {300.0, 0.0}}, coast, 1.0);
    const std::optional<movement::FrameRecord> runaway = first_runaway_frame(scheduled_frames(run, 300));
    ASSERT_TRUE(runaway.has_value());
    EXPECT_EQ(runaway->frame, 4u);
    EXPECT_DOUBLE_EQ(runaway->speed, 300.0 * 11 * 11 * 11 * 11);
    // Input along the velocity holds it at max_vel: no runaway to the end.
    const std::vector<movement::InputChange> forward = {{0, {1.0, 0.0}}};
    movement::Simulation along(model, {}, forward, 1.0);
    EXPECT_FALSE(first_runaway_frame(scheduled_frames(along, 300)).has_value());
}

// The words `kinema simulate` refuses that run with, after the flag; none for a stable frame time.
TEST(RunawayRefusal, NamesTheModelTheFrameAndTheLongestStableFrameTime) {
    const movement::AnyModel model = movement::CrossCodeSettings{};
    const SimulationRun run = scheduled_run(model, {{0.0, 0.0}, {300.0, 0.0}}, {{0, {0.0, 0.0}}}, 1.0, 300);
    EXPECT_EQ(runaway_refusal(model, run),
              "the crosscode model diverges at this frame time with these settings: its speed passes 1000000 "
              "from frame 4 on (frames longer than 0.1667 s make its explicit friction overshoot)");
    const SimulationRun stable =
        scheduled_run(model, {{0.0, 0.0}, {300.0, 0.0}}, {{0, {0.0, 0.0}}}, 1.0 / 60.0, 300);
    EXPECT_FALSE(runaway_refusal(model, stable).has_value());
}

TEST(FirstRunawayFrame, ANonFinitePositionStopsTheReading) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    int chunks = 0;
    const FrameSource next = [&](std::vector<movement::FrameRecord>& chunk) {
        ++chunks;
        chunk = {record(1, 0.1, {1.0, 2.0}, {1.0, 0.0}, 1.0), record(2, 0.2, {3.0, nan}, {1.0, 0.0}, 1.0)};
        return true;  // an endless run: only the runaway ends the reading
    };
    EXPECT_EQ(first_runaway_frame(next)->frame, 2u);
    EXPECT_EQ(chunks, 1);
    const FrameSource bounded = [&, calls = 0](std::vector<movement::FrameRecord>& chunk) mutable {
        chunk = {record(1, 0.1, {1.0, 2.0}, {1e6, 0.0}, 1e6)};  // at the bound, not past it
        return calls++ < 3;
    };
    EXPECT_FALSE(first_runaway_frame(bounded).has_value());
}

}  // namespace
}  // namespace kinema::report

namespace kinema::report {
namespace {

// The frames of a source, read to its end.
std::vector<movement::FrameRecord> read_all(const FrameSource& next) {
    std::vector<movement::FrameRecord> all;
    std::vector<movement::FrameRecord> chunk;
    while (next(chunk)) {
        all.insert(all.end(), chunk.begin(), chunk.end());
    }
    return all;
}

// A run's every call of `frames` steps it afresh from frame 0, as the CLI's divergence check and writer each
// read it; frame 0 and the head name the frame times as given.
TEST(SimulationRun, ScheduledRunsStepAfreshAtEachRead) {
    const movement::AnyModel model = movement::CrossCodeSettings{};
    const std::vector<movement::InputChange> coast = {{0, {0.0, 0.0}}};
    const SimulationRun run = scheduled_run(model, {{0.0, 0.0}, {300.0, 0.0}}, coast, 1.0, 5);
    EXPECT_EQ(run.times.table, "dt 1 s");
    EXPECT_EQ(run.longest_dt, 1.0);
    EXPECT_EQ(run.first.frame, 0u);
    EXPECT_EQ(run.first.speed, 300.0);
    const std::vector<movement::FrameRecord> once = read_all(run.frames());
    ASSERT_EQ(once.size(), 5u);
    EXPECT_EQ(once[0].frame, 1u);
    EXPECT_DOUBLE_EQ(once[0].speed, 300.0 * 11);  // 1 - 12 dt = -11 per frame
    const std::vector<movement::FrameRecord> again = read_all(run.frames());
    ASSERT_EQ(again.size(), 5u);
    EXPECT_EQ(again[4].speed, once[4].speed);
    // CrossCode at 1 s frames (past its longest stable 1/6 s) runs away at frame 4 (300 * 11^4 > 1e6).
    ASSERT_TRUE(runaway_frame(model, run).has_value());
    EXPECT_EQ(runaway_frame(model, run)->frame, 4u);
    // Held input keeps it at max_vel: no runaway.
    const std::vector<movement::InputChange> forward = {{0, {1.0, 0.0}}};
    EXPECT_FALSE(runaway_frame(model, scheduled_run(model, {}, forward, 1.0, 300)).has_value());
}

TEST(SimulationRun, DtScheduleRunsTakeTheirLongestFrameTime) {
    const movement::AnyModel model = movement::DishonoredSettings{};
    const std::vector<movement::InputChange> input = {{0, {1.0, 0.0}}};
    const std::vector<movement::DtChange> dts = {{0, 0.25}, {2, 0.5}, {3, 0.125}};
    const SimulationRun run = scheduled_run(model, {}, input, dts, "0:1/4;2:1/2;3:1/8", 4);
    EXPECT_EQ(run.times.table, "dt schedule \"0:1/4;2:1/2;3:1/8\" (s)");
    EXPECT_EQ(run.longest_dt, 0.5);
    const std::vector<movement::FrameRecord> frames = read_all(run.frames());
    ASSERT_EQ(frames.size(), 4u);
    EXPECT_DOUBLE_EQ(frames[3].time, 0.25 + 0.25 + 0.5 + 0.125);
    // Dishonored's friction is stable at these frame times: nothing to check.
    EXPECT_FALSE(runaway_frame(model, run).has_value());
}

TEST(SimulationRun, InputFileRunsKeepTheirRowsAndRefuseBadStarts) {
    const movement::AnyModel model = movement::DishonoredSettings{};
    const SimulationRun run =
        input_file_run(model, {}, movement::FrameInputs{{0.25, 0.5}, {{1.0, 0.0}, {1.0, 0.0}}}, "in.csv");
    EXPECT_EQ(run.times.table, "dt and input per frame from in.csv");
    EXPECT_EQ(run.longest_dt, 0.5);
    EXPECT_EQ(run.first.speed, 0.0);
    const std::vector<movement::FrameRecord> frames = read_all(run.frames());
    ASSERT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames[1].frame, 2u);
    EXPECT_DOUBLE_EQ(frames[1].time, 0.75);
    EXPECT_EQ(read_all(run.frames()).size(), 2u);
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_THROW((void)input_file_run(model, {{0.0, 0.0}, {inf, 0.0}}, {}, "in.csv"), SettingsError);
    EXPECT_EQ(input_file_run(model, {}, {}, "empty.csv").longest_dt, 0.0);
}

}  // namespace
}  // namespace kinema::report
