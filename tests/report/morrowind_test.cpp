// The Morrowind reports: the result's fields read back equal the model's numbers.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "kinema/report/morrowind.hpp"

namespace kinema::report {
namespace {

using namespace kinema::movement;

TEST(MorrowindReport, JumpFieldsAreTheModelsNumbers) {
    const MorrowindModel model;
    MorrowindActor actor;
    actor.acrobatics = 50.0;
    const MorrowindStance stance;
    const MorrowindJump jump = model.jump(actor, stance, {0.0, 1.0});
    const MorrowindJumpArc arc = model.simulate_jump(jump.velocity.z);
    const auto j = nlohmann::json::parse(morrowind_jump_json(model, actor, stance, {{0.0, 1.0}, jump, arc}));
    EXPECT_EQ(j["command"], "morrowind jump");
    EXPECT_EQ(j["rules"]["gravity"], "wiki");
    EXPECT_EQ(j["rules"]["gravity_value"].get<double>(), model.gravity());
    EXPECT_EQ(j["actor"]["acrobatics"].get<double>(), 50.0);
    EXPECT_EQ(j["result"]["take_off_speed"].get<double>(), jump.take_off_speed);
    EXPECT_EQ(j["result"]["velocity"][2].get<double>(), jump.velocity.z);
    EXPECT_EQ(j["result"]["stepped_steps"].get<int>(), arc.steps);
    EXPECT_GT(arc.steps, 0);
}

TEST(MorrowindReport, SpeedWithoutACapAttributeIsNull) {
    const MorrowindModel model;
    const MorrowindActor actor;
    const MorrowindStance stance;
    const MorrowindSpeed speed = model.speed(actor, stance);
    const MorrowindAnimation animation = model.animation(actor, speed);
    const auto j =
        nlohmann::json::parse(morrowind_speed_json(model, actor, stance, {speed, animation, std::nullopt}));
    EXPECT_TRUE(j["result"]["speed_attribute_at_cap"].is_null());
    EXPECT_EQ(j["result"]["walk_speed"].get<double>(), speed.walk_speed);
    EXPECT_EQ(j["result"]["real_speed"].get<double>(), animation.real_speed);
}

TEST(MorrowindReport, FallCarriesTheHeight) {
    const MorrowindModel model;
    const MorrowindActor actor;
    const MorrowindFall fall = model.fall(actor, 1000.0);
    const auto j = nlohmann::json::parse(morrowind_fall_json(model, actor, {1000.0, fall}));
    EXPECT_EQ(j["height"].get<double>(), 1000.0);
    EXPECT_EQ(j["result"]["health_loss"].get<double>(), fall.health_loss);
    EXPECT_FALSE(j.contains("stance"));
}

}  // namespace
}  // namespace kinema::report
