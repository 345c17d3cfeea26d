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
