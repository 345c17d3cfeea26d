// The fixed-timestep driver: schedule semantics, records, buffer reuse, chunked runs equal one run.
#include "kinema/movement/driver.hpp"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

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
