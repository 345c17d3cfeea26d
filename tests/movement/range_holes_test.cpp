// Issue 40, critical 7 (ranges with holes), in the movement library: values that passed validation and
// computed wrong or infinite results. Each failed before its fix.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "kinema/core/validation.hpp"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/morrowind_physics.hpp"

namespace kinema::movement {
namespace {

std::string first_field(const SettingsError& e) {
    return e.errors().empty() ? "" : e.errors()[0].field;
}

TEST(RangeHoles, SimulateRefusesAStartVelocityFasterThanEverySpeed) {
    // (1e308, 1e308) has an infinite length: Unreal dropped to 34 cm/s after a frame, Dishonored printed NaN
    // positions.
    const std::vector<InputChange> schedule{{0, {1.0, 0.0}}};
    std::vector<FrameRecord> frames;
    for (const std::string_view name : model_names) {
        const AnyModel model = make_model(name);
        try {
            simulate(model, PlanarState{{0.0, 0.0}, {1e308, 1e308}}, schedule, 1.0 / 60.0, 3, frames);
            ADD_FAILURE() << name << ": no error";
        } catch (const SettingsError& e) {
            EXPECT_EQ(first_field(e), "start.velocity") << name;
        }
        // The fastest start taken runs with finite frames.
        simulate(model, PlanarState{{0.0, 0.0}, {max_start_speed, 0.0}}, schedule, 1.0 / 60.0, 3, frames);
        for (const FrameRecord& f : frames) {
            EXPECT_TRUE(std::isfinite(f.position.x) && std::isfinite(f.velocity.x)) << name;
        }
    }
}

TEST(RangeHoles, MorrowindActorValuesEndWhereSpeedsStayFinite) {
    const MorrowindModel model;
    MorrowindActor actor;
    actor.levitate = 1e308;  // an infinite fly speed before
    EXPECT_FALSE(actor.validate().empty());
    EXPECT_THROW((void)model.speed(actor, MorrowindStance{}), SettingsError);
    actor.levitate = morrowind_max_points;
    actor.speed = morrowind_max_points;
    actor.athletics = morrowind_max_points;
    for (const bool swimming : {false, true}) {
        MorrowindStance stance;
        stance.run = true;
        stance.swimming = swimming;
        const MorrowindSpeed s = model.speed(actor, stance);
        EXPECT_TRUE(std::isfinite(s.max_speed) && std::isfinite(s.move_speed));
    }
    actor.levitate = 0.0;
    actor.fatigue_ratio = 1e308;  // an infinite health loss before
    EXPECT_THROW((void)model.fall(actor, 1000.0), SettingsError);
    actor.fatigue_ratio = 1e6;
    EXPECT_TRUE(std::isfinite(model.fall(actor, morrowind_max_fall_height).health_loss));
    EXPECT_THROW((void)model.fall(MorrowindActor{}, 1e308), SettingsError);
}

TEST(RangeHoles, MorrowindGmstsEndWhereTheJumpStaysFinite) {
    MorrowindSettings s;
    s.gmsts.jump_acro_multiplier = 1e308;  // (acrobatics / 15)^1e308 was infinite
    EXPECT_FALSE(s.validate().empty());
    s.gmsts.jump_acro_multiplier = 1e6;  // overflows by itself: the exponent ends at 100
    EXPECT_FALSE(s.validate().empty());
    s.gmsts.jump_acro_multiplier = 100.0;
    EXPECT_TRUE(s.validate().empty());
    s.gmsts.fall_acro_base = 1e308;  // a NaN damage term
    EXPECT_FALSE(s.validate().empty());
}

TEST(RangeHoles, MorrowindLaunchDropStaysWithinTheWorld) {
    MorrowindLaunch launch;
    launch.drop = 1e308;  // an infinite continuous airtime
    EXPECT_FALSE(launch.validate().empty());
    launch.drop = -morrowind_max_fall_height;
    EXPECT_TRUE(launch.validate().empty());
}

}  // namespace
}  // namespace kinema::movement
