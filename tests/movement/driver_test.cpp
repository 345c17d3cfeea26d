// The fixed-timestep driver: schedule semantics, records, buffer reuse, chunked runs equal one run.
#include "kinema/movement/driver.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "kinema/core/csv.hpp"
#include "scratch.hpp"

namespace {

using namespace kinema::movement;
using kinema::Vec2;

TEST(Driver, RecordsStartAndEveryFrame) {
    const AnyModel model = make_model("unreal");
    const InputChange schedule[] = {{0, {1.0, 0.0}}, {30, {0.0, 0.0}}};
    std::vector<FrameRecord> frames;
    simulate(model, {}, schedule, 1.0 / 60.0, 60, frames);
    ASSERT_EQ(frames.size(), 61u);
    EXPECT_EQ(frames[0].frame, 0u);
    EXPECT_EQ(frames[0].time, 0.0);
    EXPECT_EQ(frames[0].speed, 0.0);
    // Frame 1 = one step with input (1, 0): V = 2048/60 (see unreal_test.cpp).
    EXPECT_NEAR(frames[1].velocity.x, 2048.0 / 60.0, 1e-12);
    EXPECT_EQ(frames[1].time, 1.0 / 60.0);
    EXPECT_EQ(frames[60].time, 60.0 * (1.0 / 60.0));
    // Replaying by hand: steps leaving frames 0..29 use (1, 0), the rest (0, 0).
    PlanarState s;
    for (std::size_t i = 1; i <= 60; ++i) {
        s = step(model, s, i <= 30 ? Vec2{1.0, 0.0} : Vec2{}, 1.0 / 60.0);
        EXPECT_EQ(frames[i].position, s.position) << i;
        EXPECT_EQ(frames[i].velocity, s.velocity) << i;
        EXPECT_EQ(frames[i].speed, std::sqrt(dot(s.velocity, s.velocity)));
        EXPECT_EQ(frames[i].frame, i);
    }
    // Full speed is reached after 18 frames (600/34.1333 = 17.6) and the stop takes 6 frames (unreal-cmc.md
    // section 8): at rest by frame 36.
    EXPECT_NEAR(frames[30].speed, 600.0, 1e-9);
    EXPECT_GT(frames[35].speed, 0.0);
    EXPECT_EQ(frames[36].speed, 0.0);
    EXPECT_NEAR(frames[36].position.x - frames[30].position.x, 15.62, 0.005);
}

TEST(Driver, ChunkedRunEqualsOneRunAndReusesTheBuffer) {
    const AnyModel model = make_model("crosscode");
    const InputChange schedule[] = {{0, {0.0, 1.0}}, {5, {0.6, -0.8}}, {17, {0.0, 0.0}}};
    const PlanarState start{{10.0, 20.0}, {30.0, 40.0}};
    std::vector<FrameRecord> whole;
    simulate(model, start, schedule, 1.0 / 30.0, 40, whole);
    Simulation sim(model, start, schedule, 1.0 / 30.0);
    std::vector<FrameRecord> chunk;
    chunk.reserve(16);
    const FrameRecord* buffer = chunk.data();
    std::size_t at = 1;
    for (const std::size_t count : {7u, 16u, 0u, 17u}) {
        sim.advance(count, chunk);
        if (count == 17u) {
            break;  // larger than the reserved capacity: allowed to grow once
        }
        EXPECT_EQ(chunk.data(), buffer) << "the buffer was reallocated";
        for (const FrameRecord& r : chunk) {
            EXPECT_EQ(r.position, whole[at].position);
            EXPECT_EQ(r.velocity, whole[at].velocity);
            ++at;
        }
    }
    for (const FrameRecord& r : chunk) {
        EXPECT_EQ(r.position, whole[at].position);
        ++at;
    }
    EXPECT_EQ(at, 41u);
    EXPECT_EQ(sim.frame(), 40u);
}

TEST(Driver, ZeroFramesRecordsOnlyTheStart) {
    std::vector<FrameRecord> frames;
    const InputChange schedule[] = {{0, {1.0, 0.0}}};
    simulate(make_model("dishonored"), {{1.0, 1.0}, {3.0, 4.0}}, schedule, 0.1, 0, frames);
    ASSERT_EQ(frames.size(), 1u);
    EXPECT_EQ(frames[0].speed, 5.0);
}

TEST(Driver, DeterministicBitForBit) {
    const InputChange schedule[] = {{0, {0.3, 0.9}}, {100, {-1.0, 0.2}}, {250, {0.0, 0.0}}};
    std::vector<FrameRecord> a;
    std::vector<FrameRecord> b;
    simulate(make_model("dishonored"), {}, schedule, 1.0 / 144.0, 400, a);
    simulate(make_model("dishonored"), {}, schedule, 1.0 / 144.0, 400, b);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        EXPECT_EQ(a[i].position, b[i].position);
    }
}

TEST(Driver, RejectsBadSchedulesAndArguments) {
    std::vector<FrameRecord> out;
    const AnyModel model = make_model("unreal");
    const InputChange late[] = {{1, {1.0, 0.0}}};
    const InputChange unsorted[] = {{0, {1.0, 0.0}}, {5, {0.0, 0.0}}, {5, {1.0, 0.0}}};
    const InputChange nan[] = {{0, {std::nan(""), 0.0}}};
    EXPECT_THROW(simulate(model, {}, {}, 0.1, 3, out), std::invalid_argument);
    EXPECT_THROW(simulate(model, {}, late, 0.1, 3, out), std::invalid_argument);
    EXPECT_THROW(simulate(model, {}, unsorted, 0.1, 3, out), std::invalid_argument);
    EXPECT_THROW(simulate(model, {}, nan, 0.1, 3, out), std::invalid_argument);
    const InputChange ok[] = {{0, {1.0, 0.0}}};
    EXPECT_THROW(simulate(model, {}, ok, 0.0, 3, out), kinema::SettingsError);
    EXPECT_THROW(
        simulate(model, {{0.0, 0.0}, {std::numeric_limits<double>::infinity(), 0.0}}, ok, 0.1, 3, out),
        kinema::SettingsError);
    try {
        check_schedule(late);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_STREQ(e.what(), "input schedule: the first change is at frame 1; it must be at frame 0");
    }
}

}  // namespace

namespace {

using namespace kinema::movement;
using kinema::Vec2;

TEST(InputSchedule, ParsesWhatSimulateInputTakes) {
    const auto schedule = parse_input_schedule("0:1,0; 30 : 0.7071 , 0.7071 ;45:0,-1");
    ASSERT_EQ(schedule.size(), 3u);
    EXPECT_EQ(schedule[0].frame, 0u);
    EXPECT_EQ(schedule[0].input, (Vec2{1.0, 0.0}));
    EXPECT_EQ(schedule[1].frame, 30u);
    EXPECT_EQ(schedule[1].input, (Vec2{0.7071, 0.7071}));
    EXPECT_EQ(schedule[2].input, (Vec2{0.0, -1.0}));
}

std::string input_error(std::string_view text) {
    try {
        (void)parse_input_schedule(text);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(InputSchedule, ErrorsNameTheEntry) {
    EXPECT_EQ(input_error("1:1,0"), "input schedule entry 1 '1:1,0': the first entry must be at frame 0");
    EXPECT_EQ(input_error("0:1,0;30:x,0"), "input schedule entry 2 '30:x,0': X 'x' is not a finite number");
    EXPECT_EQ(input_error("0:1,nan"), "input schedule entry 1 '0:1,nan': Y 'nan' is not a finite number");
    EXPECT_EQ(input_error("0:1,1"),
              "input schedule entry 1 '0:1,1': the input has length 1.4142135623730951 > 1 (inputs are wish "
              "directions, e.g. 0.7071,0.7071 for a full diagonal)");
    EXPECT_EQ(input_error("0:1"), "input schedule entry 1 '0:1': expected FRAME:X,Y");
    EXPECT_EQ(input_error("0:1,0;"), "input schedule entry 2 '': expected FRAME:X,Y");
    EXPECT_EQ(input_error("0:1,0;5:0,0;5:1,0"),
              "input schedule entry 3 '5:1,0': frame 5 follows frame 5; frames must be strictly increasing");
}

TEST(DtSchedule, ParsesNumbersAndFractions) {
    const auto schedule = parse_dt_schedule("0:1/60; 30 : 0.004 ;45:2/5");
    ASSERT_EQ(schedule.size(), 3u);
    EXPECT_EQ(schedule[0].frame, 0u);
    EXPECT_EQ(schedule[0].dt, 1.0 / 60.0);
    EXPECT_EQ(schedule[1].frame, 30u);
    EXPECT_EQ(schedule[1].dt, 0.004);
    EXPECT_EQ(schedule[2].frame, 45u);
    EXPECT_EQ(schedule[2].dt, 0.4);
    EXPECT_EQ(parse_seconds(" 1 / 8 "), 0.125);
}

std::string schedule_error(std::string_view text) {
    try {
        (void)parse_dt_schedule(text);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "";
}

TEST(DtSchedule, ErrorsNameTheEntry) {
    EXPECT_EQ(schedule_error("1:0.1"), "dt schedule entry 1 '1:0.1': the first entry must be at frame 0");
    EXPECT_EQ(schedule_error("0:0.1;30:x"),
              "dt schedule entry 2 '30:x': DT 'x' is not a number or fraction (e.g. 0.016, 1/60)");
    EXPECT_EQ(schedule_error("0:0.1;5:0"), "dt schedule entry 2 '5:0': DT '0' must be a finite time > 0 s");
    EXPECT_EQ(schedule_error("0:-1"), "dt schedule entry 1 '0:-1': DT '-1' must be a finite time > 0 s");
    EXPECT_EQ(schedule_error("0:1/0"),
              "dt schedule entry 1 '0:1/0': DT '1/0' is not a number or fraction (e.g. 0.016, 1/60)");
    EXPECT_EQ(schedule_error("0:0.1;"), "dt schedule entry 2 '': expected FRAME:DT");
    EXPECT_EQ(schedule_error(""), "dt schedule entry 1 '': expected FRAME:DT");
    EXPECT_EQ(schedule_error("0:0.1;7:0.2;7:0.3"),
              "dt schedule entry 3 '7:0.3': frame 7 follows frame 7; frames must be strictly increasing");
    EXPECT_EQ(schedule_error("-1:0.1"),
              "dt schedule entry 1 '-1:0.1': FRAME '-1' is not a whole number >= 0");
    EXPECT_EQ(schedule_error("0:nan"), "dt schedule entry 1 '0:nan': DT 'nan' must be a finite time > 0 s");
}

TEST(DtSchedule, SimulationStepsEachFrameWithItsDt) {
    const AnyModel model = make_model("dishonored");
    const InputChange inputs[] = {{0, {1.0, 0.0}}, {3, {0.0, 1.0}}};
    const DtChange dts[] = {{0, 1.0 / 60.0}, {2, 0.125}, {4, 0.4}};
    std::vector<FrameRecord> frames;
    simulate(model, {}, inputs, dts, 6, frames);
    ASSERT_EQ(frames.size(), 7u);
    PlanarState s;
    const double dt_of[] = {1.0 / 60.0, 1.0 / 60.0, 0.125, 0.125, 0.4, 0.4};
    for (std::size_t i = 0; i < 6; ++i) {
        s = step(model, s, i < 3 ? Vec2{1.0, 0.0} : Vec2{0.0, 1.0}, dt_of[i]);
        EXPECT_EQ(frames[i + 1].position, s.position) << i;
        EXPECT_EQ(frames[i + 1].velocity, s.velocity) << i;
    }
    // Times: 2/60, then + 2 x 0.125, then + 2 x 0.4, each stretch multiplied from its start.
    EXPECT_EQ(frames[2].time, 2.0 * (1.0 / 60.0));
    EXPECT_EQ(frames[3].time, 2.0 * (1.0 / 60.0) + 0.125);
    EXPECT_EQ(frames[4].time, 2.0 * (1.0 / 60.0) + 0.25);
    EXPECT_DOUBLE_EQ(frames[6].time, 2.0 / 60.0 + 0.25 + 0.8);
    // The same run frame by frame with simulate_frames.
    std::vector<Vec2> per_frame_inputs;
    for (std::size_t i = 0; i < 6; ++i) {
        per_frame_inputs.push_back(i < 3 ? Vec2{1.0, 0.0} : Vec2{0.0, 1.0});
    }
    std::vector<FrameRecord> again;
    simulate_frames(model, {}, per_frame_inputs, dt_of, again);
    ASSERT_EQ(again.size(), 7u);
    for (std::size_t i = 0; i <= 6; ++i) {
        EXPECT_EQ(again[i].position, frames[i].position) << i;
        EXPECT_DOUBLE_EQ(again[i].time, frames[i].time) << i;
    }
}

TEST(DtSchedule, ConstantScheduleEqualsConstantDt) {
    const AnyModel model = make_model("unreal");
    const InputChange inputs[] = {{0, {0.6, 0.8}}, {20, {0.0, 0.0}}};
    const DtChange dts[] = {{0, 1.0 / 30.0}};
    std::vector<FrameRecord> a;
    std::vector<FrameRecord> b;
    simulate(model, {}, inputs, 1.0 / 30.0, 40, a);
    simulate(model, {}, inputs, dts, 40, b);
    for (std::size_t i = 0; i <= 40; ++i) {
        EXPECT_EQ(a[i].position, b[i].position);
        EXPECT_EQ(a[i].time, b[i].time);
    }
}

TEST(DtSchedule, RejectsBadSchedulesAndFrames) {
    const AnyModel model = make_model("unreal");
    const InputChange inputs[] = {{0, {1.0, 0.0}}};
    const DtChange late[] = {{1, 0.1}};
    EXPECT_THROW(Simulation(model, {}, inputs, late), std::invalid_argument);
    const DtChange negative[] = {{0, 0.1}, {3, -0.1}};
    EXPECT_THROW(Simulation(model, {}, inputs, negative), std::invalid_argument);
    std::vector<FrameRecord> out;
    const Vec2 one[] = {{1.0, 0.0}};
    const double zero[] = {0.0};
    EXPECT_THROW(simulate_frames(model, {}, one, zero, out), std::invalid_argument);
    const double two[] = {0.1, 0.1};
    EXPECT_THROW(simulate_frames(model, {}, one, two, out), std::invalid_argument);
}

}  // namespace

namespace {

using namespace kinema::movement;

TEST(FrameFiles, InputFileAndTraceRowsByName) {
    const auto path = kinema::test::scratch_path("inputs.csv");
    kinema::test::write_file(path, "frame,y,dt,x\n0,0,1/60,1\n1,1,0.125,0\n");
    // "1/60" is not a CSV number: the loaders read plain decimal numbers only.
    try {
        (void)read_frame_inputs(path.string());
        FAIL();
    } catch (const kinema::CsvError& e) {
        EXPECT_EQ(e.line(), 2);
    }
    kinema::test::write_file(path, "frame,y,dt,x\n0,0,0.016,1\n1,1,0.125,0\n");
    const FrameInputs inputs = read_frame_inputs(path.string());
    ASSERT_EQ(inputs.dt.size(), 2u);
    EXPECT_EQ(inputs.dt[1], 0.125);
    EXPECT_EQ(inputs.input[0], (kinema::Vec2{1.0, 0.0}));
    EXPECT_EQ(inputs.input[1], (kinema::Vec2{0.0, 1.0}));
    const std::vector<double> trace = read_frame_times(path.string());
    EXPECT_EQ(trace, (std::vector<double>{0.016, 0.125}));
    kinema::test::write_file(path, "dt\n0.1\n0\n");
    try {
        (void)read_frame_times(path.string());
        FAIL();
    } catch (const kinema::CsvError& e) {
        EXPECT_STREQ(e.what(), (path.string() + ":3: dt must be > 0 s").c_str());
    }
    kinema::test::write_file(path, "dt,x,y\n");
    EXPECT_THROW((void)read_frame_inputs(path.string()), kinema::CsvError);
}

}  // namespace
