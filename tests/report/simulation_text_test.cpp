// simulate's table and the streaming writer: a hand-made run of two frames, one of them not finite.
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "kinema/movement/dishonored.hpp"
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

}  // namespace
}  // namespace kinema::report
