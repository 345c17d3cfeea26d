// Per-frame code allocates nothing: the checked steps (settings validation included) and the driver's
// advance() into a buffer with enough capacity. Counts calls of the replaceable global operator new in this
// test binary.

#include <gtest/gtest.h>

#include "allocation_counter.hpp"

#include "kinema/movement/driver.hpp"
#include "kinema/movement/morrowind_physics.hpp"

namespace {

namespace mv = kinema::movement;

std::vector<int>* volatile keep = nullptr;

TEST(Allocation, TheCounterSeesAllocations) {
    const long before = kinema::test::allocation_count();
    keep = new std::vector<int>(100);
    EXPECT_GE(kinema::test::allocation_count() - before, 2);  // the vector object and its elements
    delete keep;
}

TEST(Allocation, CheckedStepsAllocateNothing) {
    const mv::AnyModel models[] = {mv::make_model("dishonored"), mv::make_model("crosscode"),
                                   mv::make_model("unreal")};
    for (const mv::AnyModel& model : models) {
        mv::PlanarState s{{0.0, 0.0}, {100.0, 50.0}};
        const long before = kinema::test::allocation_count();
        for (int i = 0; i < 1000; ++i) {
            s = mv::step(model, s, i % 3 == 0 ? kinema::Vec2{} : kinema::Vec2{0.6, -0.8},
                         i % 2 ? 1.0 / 60 : 0.1);
        }
        EXPECT_EQ(kinema::test::allocation_count() - before, 0) << mv::model_name(model);
    }
}

TEST(Allocation, DriverReusesItsBuffer) {
    const mv::InputChange schedule[] = {{0, {1.0, 0.0}}, {50, {0.0, 0.0}}, {90, {0.0, -1.0}}};
    mv::Simulation simulation(mv::make_model("unreal"), {}, schedule, 1.0 / 30.0);
    std::vector<mv::FrameRecord> buffer;
    buffer.reserve(64);
    const long before = kinema::test::allocation_count();
    for (int i = 0; i < 10; ++i) {
        simulation.advance(64, buffer);
    }
    EXPECT_EQ(kinema::test::allocation_count() - before, 0);
    EXPECT_EQ(simulation.frame(), 640u);
    // simulate() into a vector that is already large enough does not allocate either.
    std::vector<mv::FrameRecord> out(641);
    const long again = kinema::test::allocation_count();
    mv::simulate(mv::make_model("crosscode"), {}, std::span(schedule).first(1), 1.0 / 30.0, 640, out);
    // The Simulation inside copies the schedule once (one allocation), never per step.
    EXPECT_LE(kinema::test::allocation_count() - again, 1);
}

TEST(Allocation, FrameTimeSchedulesAndPerFrameDtsStepWithoutAllocating) {
    const mv::InputChange schedule[] = {{0, {1.0, 0.0}}, {50, {0.0, 0.0}}};
    const mv::DtChange dts[] = {{0, 1.0 / 60.0}, {20, 0.05}, {100, 1.0 / 144.0}};
    mv::Simulation simulation(mv::make_model("unreal"), {}, schedule, dts);
    std::vector<mv::FrameRecord> buffer(64);
    const long before = kinema::test::allocation_count();
    for (int i = 0; i < 10; ++i) {
        simulation.advance(std::span<mv::FrameRecord>(buffer));
    }
    EXPECT_EQ(kinema::test::allocation_count() - before, 0);
    const std::vector<kinema::Vec2> inputs(200, kinema::Vec2{0.6, 0.8});
    const std::vector<double> frame_times(200, 1.0 / 30.0);
    std::vector<mv::FrameRecord> out(201);
    const mv::AnyModel model = mv::make_model("dishonored");
    const long again = kinema::test::allocation_count();
    mv::simulate_frames(model, {}, inputs, frame_times, out);
    EXPECT_EQ(kinema::test::allocation_count() - again, 0);
}

TEST(Allocation, MorrowindFlightsAllocateNothing) {
    const mv::MorrowindModel model;
    mv::MorrowindLaunch launch;
    launch.velocity = kinema::Vec3{100.0, 0.0, 300.0};
    launch.drop = 500.0;
    mv::MorrowindPhysicsSettings physics;
    physics.frame_rate = 7.0;
    const long before = kinema::test::allocation_count();
    const mv::MorrowindFlight stepped = mv::simulate_flight(model, {}, launch, physics);
    const mv::MorrowindFlight limit = mv::continuous_flight(model, {}, launch);
    EXPECT_EQ(kinema::test::allocation_count() - before, 0);
    EXPECT_TRUE(stepped.lands && limit.lands);
}

}  // namespace
