// Numbers at the edges of what the driver and the step models take (docs/errors.md, "Limits"): every frame
// time in (0, max_step_dt] wherever it comes from, simulate()'s frame cap, inputs whose squared length
// overflows, and the Morrowind take-off bound in jump() itself.
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "error_of.hpp"
#include "kinema/core/csv.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/morrowind.hpp"
#include "scratch.hpp"

namespace {

using namespace kinema::movement;
using kinema::Vec2;

using kinema::test::error_of;

TEST(FrameTimeRange, DtScheduleEntriesAboveTenSecondsNameTheEntry) {
    EXPECT_EQ(error_of([] { (void)parse_dt_schedule("0:1/60;3:1e308"); }),
              "dt schedule entry 2 '3:1e308': DT '1e308' must be at most 10 s (the longest frame a step "
              "takes), got 1e+308");
    EXPECT_EQ(parse_dt_schedule("0:10")[0].dt, 10.0);  // the bound itself is a frame time
    EXPECT_EQ(error_of([] { (void)parse_seconds("21/2"); }),
              "'21/2' must be at most 10 s (the longest frame a step takes), got 10.5");
    const DtChange too_long[] = {{0, 1.0 / 60.0}, {5, 10.5}};
    EXPECT_EQ(error_of([&] { check_dt_schedule(too_long); }),
              "dt schedule: the dt at frame 5 must be in (0, 10] s");
}

TEST(FrameTimeRange, InputFileAndTraceRowsAboveTenSecondsNameFileAndLine) {
    const auto path = kinema::test::scratch_path("long_frames.csv");
    kinema::test::write_file(path, "dt,x,y\n0.016,1,0\n# a comment\n1e308,1,0\n");
    EXPECT_EQ(error_of([&] { (void)read_frame_inputs(path.string()); }),
              path.string() + ":4: dt must be at most 10 s (the longest frame a step takes), got 1e+308");
    kinema::test::write_file(path, "dt\n0.5\n11\n");
    EXPECT_EQ(error_of([&] { (void)read_frame_times(path.string()); }),
              path.string() + ":3: dt must be at most 10 s (the longest frame a step takes), got 11");
    kinema::test::write_file(path, "dt\n10\n");
    EXPECT_EQ(read_frame_times(path.string()), (std::vector<double>{10.0}));
}

TEST(FrameTimeRange, SimulateFramesRefusesWhatAStepRefuses) {
    const AnyModel model = make_model("unreal");
    const Vec2 inputs[] = {{1.0, 0.0}, {1.0, 0.0}};
    const double dts[] = {1.0 / 60.0, 1e308};
    std::vector<FrameRecord> out;
    EXPECT_EQ(error_of([&] { simulate_frames(model, {}, inputs, dts, out); }),
              "simulate_frames: frame 1: dt must be in (0, 10] s and the input finite");
    const double longest[] = {10.0, 10.0};
    simulate_frames(model, {}, inputs, longest, out);
    EXPECT_EQ(out.back().time, 20.0);
}

TEST(SimulateFrameCap, EveryFaceSharesTheCliCap) {
    const AnyModel model = make_model("dishonored");
    const InputChange schedule[] = {{0, {1.0, 0.0}}};
    const DtChange dts[] = {{0, 0.5}};
    std::vector<FrameRecord> out;
    for (const std::size_t frames : {max_simulation_frames + 1, std::size_t{1'000'000'000},
                                     std::size_t{std::numeric_limits<std::int64_t>::max()}}) {
        EXPECT_EQ(error_of([&] { simulate(model, {}, schedule, 1.0 / 60.0, frames, out); }),
                  "invalid simulation: frames must be in [0, 200000], got " + std::to_string(frames));
        EXPECT_THROW(simulate(model, {}, schedule, dts, frames, out), kinema::SettingsError);
        EXPECT_TRUE(out.empty());  // refused before anything is allocated
    }
    simulate(model, {}, schedule, dts, max_simulation_frames, out);
    EXPECT_EQ(out.size(), max_simulation_frames + 1);
}

// |input|^2 overflows above about 1.3e154: the clamp must still give the unit direction, not zero.
TEST(HugeInput, IsClampedToTheUnitDirection) {
    const PlanarState start{{1.0, 2.0}, {30.0, -40.0}};
    for (const std::string_view name : model_names) {
        const AnyModel model = make_model(name);
        for (const double dt : {1.0 / 60.0, 0.2}) {
            const PlanarState unit = step(model, start, {1.0, 0.0}, dt);
            for (const double size : {2e154, 1e200, 1.7e308}) {
                const PlanarState huge = step(model, start, {size, 0.0}, dt);
                EXPECT_EQ(huge.velocity, unit.velocity) << name << " " << size;
                EXPECT_EQ(huge.position, unit.position) << name << " " << size;
                const PlanarState minus = step(model, start, {0.0, -size}, dt);
                EXPECT_EQ(minus.velocity, step(model, start, {0.0, -1.0}, dt).velocity) << name;
            }
            // A diagonal: (-3, 4) x 1e300 is the direction (-0.6, 0.8).
            const PlanarState diagonal = step(model, start, {-3e300, 4e300}, dt);
            const PlanarState expected = step(model, start, {-0.6, 0.8}, dt);
            EXPECT_NEAR(diagonal.velocity.x, expected.velocity.x, 1e-9) << name;
            EXPECT_NEAR(diagonal.velocity.y, expected.velocity.y, 1e-9) << name;
            EXPECT_GT(
                std::hypot(diagonal.velocity.x - start.velocity.x, diagonal.velocity.y - start.velocity.y),
                0.0);
        }
    }
}

TEST(MorrowindTakeOff, JumpRefusesWhatNoArcCanStep) {
    const MorrowindModel model;
    MorrowindActor actor;
    MorrowindStance stance;
    // Acrobatics 1e308 gave an infinite take-off; the skill itself ends at 1e6 now (issue 40), and the
    // largest gives a take-off far over the bound.
    actor.acrobatics = 1e308;
    EXPECT_EQ(error_of([&] { (void)model.jump(actor, stance, {}); }),
              "invalid MorrowindActor: acrobatics must be in [0, 1000000], got 1e+308");
    actor.acrobatics = morrowind_max_points;
    EXPECT_THROW((void)model.jump(actor, stance, {0.0, 1.0}), kinema::SettingsError);
    // Above Acrobatics 50 the take-off grows by about 7.5 u/s per point (240,000 gives 1.8e6 u/s), so 130,000
    // is just under the bound and accepted.
    actor.acrobatics = 240'000;
    EXPECT_THROW((void)model.jump(actor, stance, {}), kinema::SettingsError);
    actor.acrobatics = 130'000;
    const MorrowindJump j = model.jump(actor, stance, {});
    EXPECT_TRUE(j.can_jump);
    EXPECT_LE(j.take_off_speed, morrowind_max_take_off_speed);
    EXPECT_GT(j.take_off_speed, 0.9 * morrowind_max_take_off_speed);
    // A jump that cannot happen has no take-off speed to bound.
    stance.sneak = true;
    actor.acrobatics = morrowind_max_points;
    EXPECT_FALSE(model.jump(actor, stance, {}).can_jump);
}

// The longest frame each model's explicit friction survives: coasting multiplies the speed by 1 - k dt, so
// at exactly 2 / k it flips sign and keeps its size, and just beyond it grows.
TEST(StableFrameTime, CoastingNeitherGrowsAtTheBoundNorShrinksPastIt) {
    DishonoredSettings dishonored;
    CrossCodeSettings crosscode;
    crosscode.grounded = false;  // air friction 0.2: k = 12 x 0.2 = 2.4 1/s
    EXPECT_EQ(longest_stable_dt(dishonored), 0.25);
    EXPECT_EQ(longest_stable_dt(CrossCodeSettings{}), 2.0 / 12.0);
    EXPECT_DOUBLE_EQ(longest_stable_dt(crosscode), 2.0 / 2.4);
    EXPECT_EQ(longest_stable_dt(UnrealSettings{}), std::numeric_limits<double>::infinity());
    dishonored.friction = 0.0;
    EXPECT_EQ(longest_stable_dt(dishonored), std::numeric_limits<double>::infinity());
    for (const AnyModel& model : {AnyModel{DishonoredSettings{}}, AnyModel{CrossCodeSettings{}}}) {
        const double dt = longest_stable_dt(model);
        const PlanarState start{{0.0, 0.0}, {100.0, 0.0}};
        EXPECT_NEAR(step(model, start, {}, dt).velocity.x, -100.0, 1e-12) << model_name(model);
        EXPECT_GT(std::abs(step(model, start, {}, dt * 1.01).velocity.x), 100.0) << model_name(model);
    }
    EXPECT_EQ(top_speed(DishonoredSettings{}), 400.0);
    EXPECT_EQ(top_speed(CrossCodeSettings{}), 300.0);
    UnrealSettings unreal;
    EXPECT_EQ(top_speed(unreal), 600.0);
    unreal.min_analog_walk_speed = 700.0;
    EXPECT_EQ(top_speed(unreal), 700.0);
}

}  // namespace
