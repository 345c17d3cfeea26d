// The C ABI's movement, analysis and Morrowind functions against the C++ library they wrap: every default
// and range against the settings registry, runs against the driver and against `kinema simulate --json`,
// the stop, pivot and turn against the analysis functions, Morrowind against MorrowindModel, and every error
// path as a status with a message naming what was wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/kinema.h"
#include "kinema/movement/driver.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/movement/morrowind.hpp"
#include "range_edges.hpp"

namespace {

namespace mv = kinema::movement;
namespace an = kinema::analysis;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double k60 = 1.0 / 60.0;

std::string last_error() {
    return kinema_last_error();
}

// Every field of `description` read from the C defaults equals the registry's default, and each end of its
// range is accepted and each value past an end refused (KINEMA_ERROR_ARGUMENT naming the field) by `call`,
// a C function that takes the settings. The C struct mirrors the C++ one (c/src/movement_mirrors.hpp
// asserts the layout), so the registry's accessors by name read and write it.
template <class CSettings>
void expect_registry(const kinema::SettingsDescription& description, const CSettings& defaults,
                     const std::function<kinema_status(const CSettings&)>& call) {
    ASSERT_EQ(call(defaults), KINEMA_OK) << last_error();
    const std::vector<kinema::NamedField> fields = kinema::list_fields(description);
    ASSERT_FALSE(fields.empty());
    for (const kinema::NamedField& named : fields) {
        SCOPED_TRACE(named.name);
        const kinema::FieldDescriptor& f = *named.field;
        EXPECT_EQ(kinema::get_field(description, &defaults, named.name), f.default_value);
        const auto call_with = [&](double value) {
            CSettings s = defaults;
            kinema::set_field(description, &s, named.name, value);
            return call(s);
        };
        const auto expect_refused = [&](double value) {
            EXPECT_EQ(call_with(value), KINEMA_ERROR_ARGUMENT) << value;
            EXPECT_NE(last_error().find(named.name), std::string::npos) << last_error();
        };
        if (f.type == kinema::FieldType::choice) {
            // The registry cannot write a value outside the choices: the errors tests give those.
            for (const kinema::FieldChoice& choice : f.choices) {
                EXPECT_EQ(call_with(choice.value), KINEMA_OK) << last_error();
            }
            continue;
        }
        if (f.type == kinema::FieldType::boolean) {
            EXPECT_EQ(call_with(0.0), KINEMA_OK) << last_error();
            // True may be refused by a cross-field rule (an NPC that flies), naming the field.
            const kinema_status set = call_with(1.0);
            EXPECT_TRUE(set == KINEMA_OK ||
                        (set == KINEMA_ERROR_ARGUMENT && last_error().find(named.name) != std::string::npos))
                << last_error();
            continue;
        }
        kinema::c_test::expect_range_edges(
            f, [&](double value) { EXPECT_EQ(call_with(value), KINEMA_OK) << last_error(); }, expect_refused);
    }
}

const kinema_planar_state kMoving{{1.0, -2.0}, {120.0, 35.0}};

TEST(CAbiMovementSettings, DishonoredDefaultsAndRangesAreTheRegistrys) {
    expect_registry<kinema_dishonored_settings>(
        kinema::settings_description<mv::DishonoredSettings>(), kinema_dishonored_settings_default(),
        [](const kinema_dishonored_settings& s) {
            kinema_planar_state out;
            return kinema_dishonored_step(&s, &kMoving, {0.0, 1.0}, k60, &out);
        });
}

TEST(CAbiMovementSettings, CrossCodeDefaultsAndRangesAreTheRegistrys) {
    expect_registry<kinema_crosscode_settings>(
        kinema::settings_description<mv::CrossCodeSettings>(), kinema_crosscode_settings_default(),
        [](const kinema_crosscode_settings& s) {
            kinema_planar_state out;
            return kinema_crosscode_step(&s, &kMoving, {0.0, 1.0}, k60, &out);
        });
}

TEST(CAbiMovementSettings, UnrealDefaultsAndRangesAreTheRegistrys) {
    const auto step_and_stop = [](const kinema_unreal_settings& s) {
        kinema_planar_state out;
        const kinema_status step = kinema_unreal_step(&s, &kMoving, {0.0, 1.0}, k60, &out);
        kinema_stop_prediction stop;
        // The stop validates the same settings where they enter the analysis.
        EXPECT_EQ(kinema_unreal_stop(&s, 100.0, k60, &stop), step);
        return step;
    };
    expect_registry<kinema_unreal_settings>(kinema::settings_description<mv::UnrealSettings>(),
                                            kinema_unreal_settings_default(), step_and_stop);
}

TEST(CAbiMovementSettings, MorrowindSettingsAndActorDefaultsAndRangesAreTheRegistrys) {
    const kinema_morrowind_stance stance = kinema_morrowind_stance_default();
    const kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    expect_registry<kinema_morrowind_settings>(kinema::settings_description<mv::MorrowindSettings>(),
                                               kinema_morrowind_settings_default(),
                                               [&](const kinema_morrowind_settings& s) {
                                                   kinema_morrowind_speed_result out;
                                                   return kinema_morrowind_speed(&s, &actor, &stance, &out);
                                               });
    const kinema_morrowind_settings settings = kinema_morrowind_settings_default();
    expect_registry<kinema_morrowind_actor>(kinema::settings_description<mv::MorrowindActor>(), actor,
                                            [&](const kinema_morrowind_actor& a) {
                                                kinema_morrowind_fall_result out;
                                                return kinema_morrowind_fall(&settings, &a, 1000.0, &out);
                                            });
    const mv::MorrowindStance cpp_stance;
    EXPECT_EQ(stance.input.x, cpp_stance.input.x);
    EXPECT_EQ(stance.input.y, cpp_stance.input.y);
    EXPECT_EQ(stance.run, cpp_stance.run);
    EXPECT_EQ(stance.sneak, cpp_stance.sneak);
    EXPECT_EQ(stance.swimming, cpp_stance.swimming);
    EXPECT_EQ(stance.weapon_ready, cpp_stance.weapon_ready);
    EXPECT_EQ(stance.incapacitated, cpp_stance.incapacitated);
}

// kinema_turn_settings is converted field by field (TurnSettings is not standard layout): the registry
// writes a TurnSettings, copied into the C struct by name.
TEST(CAbiMovementSettings, TurnDefaultsAndRangesAreTheRegistrys) {
    const kinema::SettingsDescription& d = kinema::settings_description<an::TurnSettings>();
    const kinema_turn_settings defaults = kinema_turn_settings_default();
    const an::TurnSettings cpp;
    EXPECT_EQ(defaults.speed_scale, cpp.speed_scale);
    EXPECT_EQ(defaults.friction, cpp.friction);
    EXPECT_EQ(defaults.acceleration, cpp.acceleration);
    const std::vector<kinema::NamedField> fields = kinema::list_fields(d);
    ASSERT_EQ(fields.size(), 3u);
    for (const kinema::NamedField& named : fields) {
        SCOPED_TRACE(named.name);
        const auto call_with = [&](double value) {
            an::TurnSettings s;
            kinema::set_field(s, named.name, value);
            const kinema_turn_settings c{s.speed_scale, s.friction, s.acceleration, KINEMA_INTERNAL_CHECK};
            kinema_turn_solution out;
            return kinema_dishonored_turn(&c, 0.5, k60, &out);
        };
        const kinema::FieldRange& r = named.field->range;
        ASSERT_TRUE(std::isfinite(r.min));
        EXPECT_EQ(call_with(r.min_closed ? r.min - 1 : r.min), KINEMA_ERROR_ARGUMENT);
        EXPECT_NE(last_error().find(named.name), std::string::npos) << last_error();
        EXPECT_EQ(call_with(r.min + 1), KINEMA_OK) << last_error();
        EXPECT_EQ(call_with(kNaN), KINEMA_ERROR_ARGUMENT);
    }
}

// A run of uneven frames with changing input: each frame's input and frame time.
struct Schedule {
    std::vector<kinema_vec2> inputs;
    std::vector<double> frame_times;
};

Schedule uneven_schedule(int frames) {
    Schedule s;
    for (int i = 0; i < frames; ++i) {
        const double angle = 0.37 * i;
        s.inputs.push_back(i % 7 == 6 ? kinema_vec2{0.0, 0.0}
                                      : kinema_vec2{std::cos(angle), std::sin(angle)});
        s.frame_times.push_back(i % 3 == 0 ? 1.0 / 30.0 : 1.0 / (60.0 + i));
    }
    return s;
}

template <class CSettings, class Simulate>
void expect_run_is_the_drivers(const CSettings& c_settings, const mv::AnyModel& model, Simulate simulate) {
    const Schedule s = uneven_schedule(90);
    std::vector<kinema_planar_state> states(s.inputs.size());
    ASSERT_EQ(simulate(&c_settings, &kMoving, s.inputs.data(), s.frame_times.data(),
                       static_cast<int>(s.inputs.size()), states.data()),
              KINEMA_OK)
        << last_error();
    std::vector<kinema::Vec2> inputs;
    for (const kinema_vec2& v : s.inputs) {
        inputs.push_back({v.x, v.y});
    }
    std::vector<mv::FrameRecord> records;
    mv::simulate_frames(model, {{1.0, -2.0}, {120.0, 35.0}}, inputs, s.frame_times, records);
    ASSERT_EQ(records.size(), states.size() + 1);
    for (std::size_t i = 0; i < states.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(states[i].position.x, records[i + 1].position.x);
        EXPECT_EQ(states[i].position.y, records[i + 1].position.y);
        EXPECT_EQ(states[i].velocity.x, records[i + 1].velocity.x);
        EXPECT_EQ(states[i].velocity.y, records[i + 1].velocity.y);
    }
    // One step from the state before the last frame gives the last state.
    kinema_planar_state last;
    const std::size_t n = states.size();
    ASSERT_EQ(simulate(&c_settings, &states[n - 2], &s.inputs[n - 1], &s.frame_times[n - 1], 1, &last),
              KINEMA_OK);
    EXPECT_EQ(last.position.x, states[n - 1].position.x);
    EXPECT_EQ(last.velocity.y, states[n - 1].velocity.y);
}

TEST(CAbiMovementRun, EachModelsRunIsTheDriversSimulateFrames) {
    kinema_dishonored_settings dishonored = kinema_dishonored_settings_default();
    dishonored.speed_scale = 1.5;
    mv::DishonoredSettings cpp_dishonored;
    cpp_dishonored.speed_scale = 1.5;
    expect_run_is_the_drivers(dishonored, mv::AnyModel{cpp_dishonored}, &kinema_dishonored_simulate);

    kinema_crosscode_settings crosscode = kinema_crosscode_settings_default();
    crosscode.grounded = false;
    mv::CrossCodeSettings cpp_crosscode;
    cpp_crosscode.grounded = false;
    expect_run_is_the_drivers(crosscode, mv::AnyModel{cpp_crosscode}, &kinema_crosscode_simulate);

    kinema_unreal_settings unreal = kinema_unreal_settings_default();
    unreal.use_separate_braking_friction = true;
    unreal.braking_friction = 3.0;
    mv::UnrealSettings cpp_unreal;
    cpp_unreal.use_separate_braking_friction = true;
    cpp_unreal.braking_friction = 3.0;
    expect_run_is_the_drivers(unreal, mv::AnyModel{cpp_unreal}, &kinema_unreal_simulate);
}

TEST(CAbiMovementRun, OneStepIsTheModelsStep) {
    const kinema_vec2 input{0.3, -0.8};
    const double dt = 0.021;
    const mv::PlanarState start{{1.0, -2.0}, {120.0, 35.0}};
    kinema_planar_state out;
    const kinema_dishonored_settings dishonored = kinema_dishonored_settings_default();
    ASSERT_EQ(kinema_dishonored_step(&dishonored, &kMoving, input, dt, &out), KINEMA_OK);
    const mv::PlanarState d = mv::step(mv::DishonoredSettings{}, start, {0.3, -0.8}, dt);
    EXPECT_EQ(out.position.x, d.position.x);
    EXPECT_EQ(out.velocity.y, d.velocity.y);
    const kinema_crosscode_settings crosscode = kinema_crosscode_settings_default();
    ASSERT_EQ(kinema_crosscode_step(&crosscode, &kMoving, input, dt, &out), KINEMA_OK);
    const mv::PlanarState c = mv::step(mv::CrossCodeSettings{}, start, {0.3, -0.8}, dt);
    EXPECT_EQ(out.position.y, c.position.y);
    EXPECT_EQ(out.velocity.x, c.velocity.x);
    const kinema_unreal_settings unreal = kinema_unreal_settings_default();
    ASSERT_EQ(kinema_unreal_step(&unreal, &kMoving, input, dt, &out), KINEMA_OK);
    const mv::PlanarState u = mv::step(mv::UnrealSettings{}, start, {0.3, -0.8}, dt);
    EXPECT_EQ(out.position.x, u.position.x);
    EXPECT_EQ(out.velocity.y, u.velocity.y);
}

// `kinema simulate --model unreal --dt 0.016666666666666666 --frames 4 --input "0:1,0;2:0,0"
// --start-velocity 600,0 --json` prints these frames (shortest round-trip numbers): two frames at the
// walking speed, then braking.
TEST(CAbiMovementRun, UnrealRunPrintsWhatKinemaSimulatePrints) {
    const kinema_unreal_settings settings = kinema_unreal_settings_default();
    const kinema_planar_state start{{0.0, 0.0}, {600.0, 0.0}};
    const kinema_vec2 inputs[4] = {{1.0, 0.0}, {1.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}};
    const double dt = 0.016666666666666666;
    const double frame_times[4] = {dt, dt, dt, dt};
    kinema_planar_state states[4];
    ASSERT_EQ(kinema_unreal_simulate(&settings, &start, inputs, frame_times, 4, states), KINEMA_OK);
    EXPECT_EQ(states[0].position.x, 10.0);
    EXPECT_EQ(states[1].position.x, 20.0);
    EXPECT_EQ(states[1].velocity.x, 600.0);
    EXPECT_EQ(states[2].position.x, 26.764444444444443);
    EXPECT_EQ(states[2].velocity.x, 405.8666666666667);
    EXPECT_EQ(states[3].position.x, 31.156148148148148);
    EXPECT_EQ(states[3].velocity.x, 263.50222222222226);
    EXPECT_EQ(states[3].position.y, 0.0);

    // The same run through the driver's input schedule (what `kinema simulate --input` builds).
    const std::vector<mv::InputChange> schedule{{0, {1.0, 0.0}}, {2, {0.0, 0.0}}};
    std::vector<mv::FrameRecord> records;
    mv::simulate(mv::AnyModel{mv::UnrealSettings{}}, {{0.0, 0.0}, {600.0, 0.0}}, schedule, dt, 4, records);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(states[i].position.x, records[i + 1].position.x);
        EXPECT_EQ(states[i].velocity.x, records[i + 1].velocity.x);
    }
}

void expect_same(const kinema_stop_prediction& c, const an::StopPrediction& cpp) {
    EXPECT_EQ(c.stops, cpp.stops);
    EXPECT_EQ(c.distance, cpp.distance);
    EXPECT_EQ(c.time, cpp.time);
    EXPECT_EQ(c.frames, cpp.frames);
    EXPECT_EQ(c.at_limit, cpp.at_limit);
}

TEST(CAbiAnalysis, StopPivotAndTraceAreTheAnalysisFunctions) {
    kinema_unreal_settings c = kinema_unreal_settings_default();
    c.braking_friction_factor = 1.0;
    c.max_simulation_time_step = 0.02;
    mv::UnrealSettings cpp;
    cpp.braking_friction_factor = 1.0;
    cpp.max_simulation_time_step = 0.02;
    kinema_stop_prediction out;
    for (const double fps : {10.0, 30.0, 60.0, 144.0}) {
        SCOPED_TRACE(fps);
        ASSERT_EQ(kinema_unreal_stop(&c, 550.0, 1.0 / fps, &out), KINEMA_OK);
        expect_same(out, an::unreal_stop(cpp, 550.0, 1.0 / fps));
        EXPECT_TRUE(out.stops);
        ASSERT_EQ(kinema_unreal_pivot(&c, 550.0, 1.0 / fps, &out), KINEMA_OK);
        expect_same(out, an::unreal_pivot(cpp, 550.0, 1.0 / fps));
    }
    const std::vector<double> trace{0.016, 0.034, 0.009, 0.021, 0.017};
    ASSERT_EQ(kinema_unreal_stop_trace(&c, 480.0, trace.data(), static_cast<int>(trace.size()), &out),
              KINEMA_OK);
    expect_same(out, an::unreal_stop_trace(cpp, 480.0, trace));
    ASSERT_EQ(kinema_unreal_stop_continuous(&c, 480.0, &out), KINEMA_OK);
    expect_same(out, an::unreal_stop_continuous(cpp, 480.0));
}

TEST(CAbiAnalysis, TurnIsTheSolverKinemaTurnUses) {
    kinema_turn_settings c = kinema_turn_settings_default();
    c.speed_scale = 1.95;
    an::TurnSettings cpp;
    cpp.speed_scale = 1.95;
    for (const double degrees : {0.0, 10.0, -35.0, 90.0, 170.0}) {
        SCOPED_TRACE(degrees);
        const double angle = degrees * std::acos(-1.0) / 180.0;
        kinema_turn_solution out;
        ASSERT_EQ(kinema_dishonored_turn(&c, angle, 1.0 / 30.0, &out), KINEMA_OK);
        const an::TurnSolution expected = an::solve_turn_by_angle(angle, 1.0 / 30.0, cpp);
        EXPECT_EQ(out.reachable, expected.reachable);
        EXPECT_EQ(out.input_direction.x, expected.input_direction.x);
        EXPECT_EQ(out.input_direction.y, expected.input_direction.y);
        EXPECT_EQ(out.normalized_speed, expected.normalized_speed);
        EXPECT_EQ(out.speed, expected.speed);
    }
    double full = -1.0;
    double reachable = -1.0;
    ASSERT_EQ(kinema_dishonored_turn_limits(&c, 1.0 / 30.0, &full, &reachable), KINEMA_OK);
    EXPECT_EQ(full, an::max_full_speed_turn(1.0 / 30.0, cpp));
    EXPECT_EQ(reachable, an::max_reachable_turn(1.0 / 30.0, cpp));
    EXPECT_EQ(kinema_dishonored_turn_limits(&c, 1.0 / 30.0, nullptr, nullptr), KINEMA_OK);
}

TEST(CAbiMorrowind, SpeedJumpAndFallAreTheModels) {
    kinema_morrowind_settings c = kinema_morrowind_settings_default();
    c.rules.speed_cap = 1;
    c.rules.gravity = 1;
    c.gmsts.jump_run_multiplier = 1.2;
    mv::MorrowindSettings cpp;
    cpp.rules.speed_cap = mv::MorrowindSpeedCap::openmw;
    cpp.rules.gravity = mv::MorrowindGravity::openmw;
    cpp.gmsts.jump_run_multiplier = 1.2;
    const mv::MorrowindModel model(cpp);

    kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    actor.speed = 80.0;
    actor.acrobatics = 65.0;
    actor.normalized_encumbrance = 0.4;
    actor.fatigue_ratio = 0.6;
    mv::MorrowindActor cpp_actor;
    cpp_actor.speed = 80.0;
    cpp_actor.acrobatics = 65.0;
    cpp_actor.normalized_encumbrance = 0.4;
    cpp_actor.fatigue_ratio = 0.6;
    kinema_morrowind_stance stance = kinema_morrowind_stance_default();
    stance.input = {0.9, 0.3};
    stance.run = true;
    mv::MorrowindStance cpp_stance;
    cpp_stance.input = {0.9, 0.3};
    cpp_stance.run = true;

    kinema_morrowind_speed_result speed;
    ASSERT_EQ(kinema_morrowind_speed(&c, &actor, &stance, &speed), KINEMA_OK) << last_error();
    const mv::MorrowindSpeed s = model.speed(cpp_actor, cpp_stance);
    EXPECT_EQ(speed.mode, static_cast<int>(s.mode));
    EXPECT_EQ(speed.mode, KINEMA_MORROWIND_MOVE_RUN);
    EXPECT_EQ(speed.walk_speed, s.walk_speed);
    EXPECT_EQ(speed.run_speed, s.run_speed);
    EXPECT_EQ(speed.max_speed, s.max_speed);
    EXPECT_EQ(speed.speed_factor, s.speed_factor);
    EXPECT_EQ(speed.strafing, s.strafing);
    EXPECT_TRUE(speed.strafing);
    EXPECT_EQ(speed.werewolf_bonus, s.werewolf_bonus);
    EXPECT_EQ(speed.move_speed, s.move_speed);

    kinema_morrowind_jump_result jump;
    ASSERT_EQ(kinema_morrowind_jump(&c, &actor, &stance, {0.6, 0.8}, &jump), KINEMA_OK) << last_error();
    const mv::MorrowindJump j = model.jump(cpp_actor, cpp_stance, {0.6, 0.8});
    EXPECT_TRUE(jump.can_jump);
    EXPECT_EQ(jump.can_jump, j.can_jump);
    EXPECT_EQ(jump.jump_term, j.jump_term);
    EXPECT_EQ(jump.take_off_speed, j.take_off_speed);
    EXPECT_EQ(jump.velocity.x, j.velocity.x);
    EXPECT_EQ(jump.velocity.y, j.velocity.y);
    EXPECT_EQ(jump.velocity.z, j.velocity.z);
    EXPECT_EQ(jump.fatigue_cost, j.fatigue_cost);
    EXPECT_EQ(jump.air_control, j.air_control);
    EXPECT_EQ(jump.apex_height, j.apex_height);
    EXPECT_EQ(jump.airtime, j.airtime);

    for (const double height : {0.0, 399.0, 700.0, 3000.0}) {
        SCOPED_TRACE(height);
        kinema_morrowind_fall_result fall;
        ASSERT_EQ(kinema_morrowind_fall(&c, &actor, height, &fall), KINEMA_OK);
        const mv::MorrowindFall f = model.fall(cpp_actor, height);
        EXPECT_EQ(fall.soft_landing, f.soft_landing);
        EXPECT_EQ(fall.damage_term, f.damage_term);
        EXPECT_EQ(fall.health_loss, f.health_loss);
        EXPECT_EQ(fall.knockdown, f.knockdown);
    }

    // A creature: no jump (the model's rule), and `flies` is a creature's own flag.
    actor.kind = KINEMA_MORROWIND_CREATURE;
    actor.flies = true;
    ASSERT_EQ(kinema_morrowind_jump(&c, &actor, &stance, {0.0, 0.0}, &jump), KINEMA_OK);
    EXPECT_FALSE(jump.can_jump);
    ASSERT_EQ(kinema_morrowind_speed(&c, &actor, &stance, &speed), KINEMA_OK);
    EXPECT_EQ(speed.mode, KINEMA_MORROWIND_MOVE_FLY);
}

// Every pointer NULL in turn, each count and number out of range: a status, a message naming it, and the
// out parameter untouched.
TEST(CAbiMovementErrors, NullPointersCountsAndNaNAreStatusesAndLeaveOutUntouched) {
    const kinema_unreal_settings u = kinema_unreal_settings_default();
    const kinema_dishonored_settings d = kinema_dishonored_settings_default();
    const kinema_crosscode_settings cc = kinema_crosscode_settings_default();
    const kinema_vec2 input{1.0, 0.0};
    const double dt = k60;
    kinema_planar_state out{{7.0, 7.0}, {7.0, 7.0}};
    const auto expect_fails = [&](kinema_status status, const std::string& words) {
        EXPECT_EQ(status, KINEMA_ERROR_ARGUMENT);
        EXPECT_NE(last_error().find(words), std::string::npos) << last_error();
        EXPECT_EQ(out.position.x, 7.0);
    };
    expect_fails(kinema_unreal_step(nullptr, &kMoving, input, dt, &out),
                 "kinema_unreal_step: settings is NULL");
    expect_fails(kinema_unreal_step(&u, nullptr, input, dt, &out), "state is NULL");
    EXPECT_EQ(kinema_unreal_step(&u, &kMoving, input, dt, nullptr), KINEMA_ERROR_ARGUMENT);
    expect_fails(kinema_dishonored_step(&d, &kMoving, input, -1.0, &out), "dt");
    expect_fails(kinema_dishonored_step(&d, &kMoving, input, 10.5, &out), "dt");
    expect_fails(kinema_crosscode_step(&cc, &kMoving, {0.0, kNaN}, dt, &out), "input");
    expect_fails(kinema_crosscode_step(&cc, &kMoving, input, kNaN, &out), "dt");

    expect_fails(kinema_unreal_simulate(&u, &kMoving, &input, &dt, -3, &out),
                 "frames must be in [0, 200000]");
    expect_fails(kinema_unreal_simulate(&u, &kMoving, &input, &dt, 200001, &out), "got 200001");
    expect_fails(kinema_dishonored_simulate(&d, &kMoving, nullptr, &dt, 1, &out), "inputs is NULL");
    expect_fails(kinema_dishonored_simulate(&d, &kMoving, &input, nullptr, 1, &out), "frame_times is NULL");
    expect_fails(kinema_crosscode_simulate(&cc, nullptr, &input, &dt, 1, &out), "start is NULL");
    EXPECT_EQ(kinema_crosscode_simulate(&cc, &kMoving, &input, &dt, 1, nullptr), KINEMA_ERROR_ARGUMENT);
    const double bad_dt = 0.0;
    expect_fails(kinema_unreal_simulate(&u, &kMoving, &input, &bad_dt, 1, &out), "frame 0");
    const kinema_planar_state nan_start{{kNaN, 0.0}, {0.0, 0.0}};
    EXPECT_EQ(kinema_unreal_simulate(&u, &nan_start, &input, &dt, 1, &out), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(out.position.x, 7.0);
    EXPECT_EQ(kinema_unreal_simulate(&u, &kMoving, nullptr, nullptr, 0, nullptr), KINEMA_OK);

    kinema_stop_prediction stop{};
    stop.frames = 99;
    EXPECT_EQ(kinema_unreal_stop(nullptr, 1.0, dt, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop(&u, 1.0, dt, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop(&u, kNaN, dt, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop(&u, 2e6, dt, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop(&u, 1.0, 0.0, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_pivot(&u, 601.0, dt, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("speed"), std::string::npos) << last_error();
    kinema_unreal_settings no_acceleration = u;
    no_acceleration.max_acceleration = 0.0;
    EXPECT_EQ(kinema_unreal_pivot(&no_acceleration, 100.0, dt, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("max_acceleration"), std::string::npos) << last_error();
    EXPECT_EQ(kinema_unreal_stop_trace(&u, 1.0, nullptr, 1, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop_trace(&u, 1.0, &dt, -1, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("count must be >= 1"), std::string::npos) << last_error();
    const double nan_trace[2] = {dt, kNaN};
    EXPECT_EQ(kinema_unreal_stop_trace(&u, 1.0, nan_trace, 2, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop_continuous(&u, -1.0, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_unreal_stop_continuous(nullptr, 1.0, &stop), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(stop.frames, 99);

    const kinema_turn_settings t = kinema_turn_settings_default();
    kinema_turn_solution solution{};
    solution.speed = 99.0;
    EXPECT_EQ(kinema_dishonored_turn(&t, kNaN, dt, &solution), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("angle"), std::string::npos) << last_error();
    EXPECT_EQ(kinema_dishonored_turn(&t, 0.1, 0.0, &solution), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_dishonored_turn(nullptr, 0.1, dt, &solution), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_dishonored_turn(&t, 0.1, dt, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_dishonored_turn_limits(nullptr, dt, nullptr, nullptr), KINEMA_ERROR_ARGUMENT);
    double limit = 99.0;
    EXPECT_EQ(kinema_dishonored_turn_limits(&t, -1.0, &limit, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(limit, 99.0);
    EXPECT_EQ(solution.speed, 99.0);
}

TEST(CAbiMorrowindErrors, NullPointersBadChoicesAndNaNAreStatuses) {
    const kinema_morrowind_settings s = kinema_morrowind_settings_default();
    kinema_morrowind_actor a = kinema_morrowind_actor_default();
    const kinema_morrowind_stance st = kinema_morrowind_stance_default();
    kinema_morrowind_speed_result speed{};
    speed.move_speed = 99.0;
    kinema_morrowind_jump_result jump{};
    kinema_morrowind_fall_result fall{};
    EXPECT_EQ(kinema_morrowind_speed(nullptr, &a, &st, &speed), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_speed(&s, nullptr, &st, &speed), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_speed(&s, &a, nullptr, &speed), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("kinema_morrowind_speed: stance is NULL"), std::string::npos) << last_error();
    EXPECT_EQ(kinema_morrowind_speed(&s, &a, &st, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_jump(&s, &a, nullptr, {0.0, 0.0}, &jump), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_jump(&s, &a, &st, {kNaN, 0.0}, &jump), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("direction"), std::string::npos) << last_error();
    EXPECT_EQ(kinema_morrowind_jump(&s, &a, &st, {0.0, 0.0}, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_fall(&s, &a, kNaN, &fall), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_fall(&s, nullptr, 1.0, &fall), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_morrowind_fall(&s, &a, 1.0, nullptr), KINEMA_ERROR_ARGUMENT);

    kinema_morrowind_settings bad_rule = s;
    bad_rule.rules.gravity = 7;
    EXPECT_EQ(kinema_morrowind_speed(&bad_rule, &a, &st, &speed), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("rules.gravity"), std::string::npos) << last_error();
    a.kind = -1;
    EXPECT_EQ(kinema_morrowind_speed(&s, &a, &st, &speed), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("kind"), std::string::npos) << last_error();
    a = kinema_morrowind_actor_default();
    a.werewolf = true;
    a.kind = KINEMA_MORROWIND_CREATURE;
    EXPECT_EQ(kinema_morrowind_fall(&s, &a, 1.0, &fall), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("werewolf"), std::string::npos) << last_error();
    EXPECT_EQ(speed.move_speed, 99.0);
}

}  // namespace
