// NaN and infinity never enter or leave the C ABI (kinema.h, "Conventions"; issue 40): every step, run and
// query refuses a non-finite argument, and arguments whose result would overflow, with KINEMA_ERROR_ARGUMENT
// naming the argument, leaving the out parameters untouched; its messages write a non-finite value as
// "NaN"/"infinity", never "-nan" (C#'s double.NaN has the sign bit set).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "kinema/core/settings_registry.hpp"
#include "kinema/kinema.h"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/unreal.hpp"

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMax = std::numeric_limits<double>::max();
constexpr double k60 = 1.0 / 60.0;

std::string last_error() {
    return kinema_last_error();
}

bool finite(const kinema_planar_state& s) {
    return std::isfinite(s.position.x) && std::isfinite(s.position.y) && std::isfinite(s.velocity.x) &&
           std::isfinite(s.velocity.y);
}

// A refusal as the convention says: KINEMA_ERROR_ARGUMENT, one message naming `what`, no printf NaN.
void expect_refused(kinema_status status, const std::string& what) {
    EXPECT_EQ(status, KINEMA_ERROR_ARGUMENT) << last_error();
    EXPECT_NE(last_error().find(what), std::string::npos) << what << " in: " << last_error();
    EXPECT_EQ(last_error().find("-nan"), std::string::npos) << last_error();
}

using StepCall =
    std::function<kinema_status(const kinema_planar_state&, kinema_vec2, double, kinema_planar_state*)>;

struct NamedStep {
    const char* name;
    StepCall call;
};

std::vector<NamedStep> default_steps() {
    return {{"kinema_dishonored_step",
             [](const kinema_planar_state& s, kinema_vec2 in, double dt, kinema_planar_state* out) {
                 const kinema_dishonored_settings d = kinema_dishonored_settings_default();
                 return kinema_dishonored_step(&d, &s, in, dt, out);
             }},
            {"kinema_crosscode_step",
             [](const kinema_planar_state& s, kinema_vec2 in, double dt, kinema_planar_state* out) {
                 const kinema_crosscode_settings c = kinema_crosscode_settings_default();
                 return kinema_crosscode_step(&c, &s, in, dt, out);
             }},
            {"kinema_unreal_step",
             [](const kinema_planar_state& s, kinema_vec2 in, double dt, kinema_planar_state* out) {
                 const kinema_unreal_settings u = kinema_unreal_settings_default();
                 return kinema_unreal_step(&u, &s, in, dt, out);
             }}};
}

const kinema_planar_state kUntouched{{-7.0, -7.0}, {-7.0, -7.0}};

void expect_untouched(const kinema_planar_state& out) {
    EXPECT_EQ(std::memcmp(&out, &kUntouched, sizeof out), 0);
}

// The issue's two cases: kinema_unreal_step with position (NaN, 0) returned KINEMA_OK and a NaN position;
// kinema_dishonored_step with velocity (1e308, 1e308) returned (inf, -nan).
TEST(CAbiFinite, TheIssuesStepsAreRefused) {
    const kinema_unreal_settings u = kinema_unreal_settings_default();
    kinema_planar_state out = kUntouched;
    const kinema_planar_state nan_position{{kNaN, 0.0}, {0.0, 0.0}};
    expect_refused(kinema_unreal_step(&u, &nan_position, {1.0, 0.0}, k60, &out), "state.position.x");
    EXPECT_EQ(last_error(), "kinema_unreal_step: state.position.x must be a finite number, got NaN");
    expect_untouched(out);

    const kinema_dishonored_settings d = kinema_dishonored_settings_default();
    const kinema_planar_state huge{{0.0, 0.0}, {1e308, 1e308}};
    expect_refused(kinema_dishonored_step(&d, &huge, {1.0, 0.0}, k60, &out), "state.velocity.x");
    EXPECT_EQ(last_error(),
              "kinema_dishonored_step: state.velocity.x must be in [-1e+150, 1e+150] (its square must be "
              "finite), got 1e+308");
    expect_untouched(out);
}

TEST(CAbiFinite, EveryStepRefusesANonFiniteStateInputOrDt) {
    const struct {
        const char* field;
        double value;
        const char* shown;
    } cases[] = {{"state.position.x", kNaN, "NaN"},
                 {"state.position.y", kInf, "infinity"},
                 {"state.velocity.x", -kInf, "-infinity"},
                 {"state.velocity.y", -kNaN, "NaN"},
                 {"input.x", kNaN, "NaN"},
                 {"input.y", -kInf, "-infinity"},
                 {"dt", kNaN, "NaN"}};
    for (const NamedStep& step : default_steps()) {
        for (const auto& c : cases) {
            SCOPED_TRACE(std::string(step.name) + " " + c.field);
            kinema_planar_state state{{1.0, 2.0}, {3.0, 4.0}};
            kinema_vec2 input{0.0, 1.0};
            double dt = k60;
            double* target = std::strcmp(c.field, "state.position.x") == 0   ? &state.position.x
                             : std::strcmp(c.field, "state.position.y") == 0 ? &state.position.y
                             : std::strcmp(c.field, "state.velocity.x") == 0 ? &state.velocity.x
                             : std::strcmp(c.field, "state.velocity.y") == 0 ? &state.velocity.y
                             : std::strcmp(c.field, "input.x") == 0          ? &input.x
                             : std::strcmp(c.field, "input.y") == 0          ? &input.y
                                                                             : &dt;
            *target = c.value;
            kinema_planar_state out = kUntouched;
            expect_refused(step.call(state, input, dt, &out), c.field);
            EXPECT_EQ(last_error(),
                      std::string(step.name) + ": " + c.field + " must be a finite number, got " + c.shown);
            expect_untouched(out);
        }
    }
}

// A velocity whose square overflows made a silent wrong step: Unreal returned a velocity of 0 for
// (1e308, 1e308), CrossCode 8e307, Dishonored NaN. The bound is where the square stays finite.
TEST(CAbiFinite, EveryStepRefusesAVelocityWhoseSquareOverflows) {
    for (const NamedStep& step : default_steps()) {
        SCOPED_TRACE(step.name);
        kinema_planar_state out = kUntouched;
        expect_refused(step.call({{0.0, 0.0}, {0.0, -2e150}}, {0.0, 0.0}, k60, &out), "state.velocity.y");
        expect_untouched(out);
        ASSERT_EQ(step.call({{kMax, -kMax}, {1e150, -1e150}}, {1.0, 0.0}, k60, &out), KINEMA_OK)
            << last_error();
        EXPECT_TRUE(finite(out));
    }
}

// The values at both ends of every number field's range (the nearest inside an open end).
std::vector<std::pair<std::string, double>> range_ends(const kinema::SettingsDescription& description) {
    std::vector<std::pair<std::string, double>> out;
    for (const kinema::NamedField& named : kinema::list_fields(description)) {
        const kinema::FieldDescriptor& f = *named.field;
        if (f.type != kinema::FieldType::real && f.type != kinema::FieldType::integer) {
            continue;
        }
        const double step = f.type == kinema::FieldType::integer ? 1.0 : 0.0;
        const auto inside = [&](double end, bool closed, double towards) {
            return closed       ? end
                   : step > 0.0 ? end + (towards > end ? step : -step)
                                : std::nextafter(end, towards);
        };
        out.emplace_back(named.name, inside(f.range.min, f.range.min_closed, kInf));
        out.emplace_back(named.name, inside(f.range.max, f.range.max_closed, -kInf));
    }
    return out;
}

// The C settings mirror the C++ ones (c/src/movement_mirrors.hpp asserts the layout): the registry's
// accessors by name write them. Each step from each extreme usable state with each end of each field's range
// answers finite numbers, or is refused by a rule that names a field (a cross-field one): never by the
// defence, require_finite_result ("too large for a finite result"), whose refusals the ranges now make
// unreachable for the steps (c/src/finite.hpp says why it is kept).
template <class CSettings, class Step>
void expect_ranges_keep_steps_finite(const kinema::SettingsDescription& description, CSettings defaults,
                                     Step step) {
    const kinema_planar_state states[] = {
        {{kMax, -kMax}, {1e150, -1e150}}, {{-kMax, kMax}, {-1e150, 1e150}}, {{0.0, 0.0}, {0.0, 0.0}}};
    const kinema_vec2 inputs[] = {{1.0, 0.0}, {-1.0, 1.0}, {0.0, 0.0}};
    int answered = 0;
    for (const auto& [name, value] : range_ends(description)) {
        CSettings settings = defaults;
        kinema::set_field(description, &settings, name, value);
        for (const kinema_planar_state& state : states) {
            for (const kinema_vec2 input : inputs) {
                for (const double dt : {1e-6, k60, 0.1}) {
                    kinema_planar_state out{};
                    const kinema_status status = step(&settings, &state, input, dt, &out);
                    if (status == KINEMA_OK) {
                        EXPECT_TRUE(finite(out)) << name << " = " << value;
                        ++answered;
                    } else {
                        EXPECT_EQ(last_error().find("too large for a finite result"), std::string::npos)
                            << name << " = " << value << ": " << last_error();
                    }
                }
            }
        }
    }
    EXPECT_GT(answered, 0);
}

TEST(CAbiFinite, NoStepInsideTheRangesOverflowsToTheDefence) {
    namespace mv = kinema::movement;
    expect_ranges_keep_steps_finite(kinema::settings_description<mv::DishonoredSettings>(),
                                    kinema_dishonored_settings_default(), &kinema_dishonored_step);
    expect_ranges_keep_steps_finite(kinema::settings_description<mv::CrossCodeSettings>(),
                                    kinema_crosscode_settings_default(), &kinema_crosscode_step);
    expect_ranges_keep_steps_finite(kinema::settings_description<mv::UnrealSettings>(),
                                    kinema_unreal_settings_default(), &kinema_unreal_step);
}

// Settings so large that the next state would overflow are outside the fields' ranges, which are chosen so
// that every value inside computes a finite result (docs/errors.md): the fields are named.
TEST(CAbiFinite, AStepWhoseSettingsOverflowIsRefusedNamingTheSettings) {
    kinema_crosscode_settings c = kinema_crosscode_settings_default();
    c.max_vel = 1e308;
    c.accel_speed = 1e308;
    kinema_planar_state out = kUntouched;
    const kinema_planar_state rest{{0.0, 0.0}, {0.0, 0.0}};
    expect_refused(
        kinema_crosscode_step(&c, &rest, {1.0, 0.0}, k60, &out),
        "max_vel must be in [0, 1000000], got 1e+308; accel_speed must be in [0, 1000], got 1e+308");
    expect_untouched(out);
}

TEST(CAbiFinite, RunsRefuseAnUnusableStartAndAnOverflowingFrame) {
    const kinema_dishonored_settings d = kinema_dishonored_settings_default();
    const kinema_vec2 inputs[2] = {{1.0, 0.0}, {1.0, 0.0}};
    const double times[2] = {k60, k60};
    kinema_planar_state states[2] = {kUntouched, kUntouched};
    const kinema_planar_state huge{{0.0, 0.0}, {1e308, 1e308}};
    expect_refused(kinema_dishonored_simulate(&d, &huge, inputs, times, 2, states), "start.velocity.x");
    const kinema_unreal_settings u = kinema_unreal_settings_default();
    expect_refused(kinema_unreal_simulate(&u, &huge, inputs, times, 2, states), "start.velocity.x");

    kinema_crosscode_settings c = kinema_crosscode_settings_default();
    c.max_vel = 1e308;
    c.accel_speed = 1e308;
    const kinema_planar_state rest{{0.0, 0.0}, {0.0, 0.0}};
    expect_refused(kinema_crosscode_simulate(&c, &rest, inputs, times, 2, states),
                   "max_vel must be in [0, 1000000], got 1e+308");
    expect_untouched(states[0]);
    expect_untouched(states[1]);
}

TEST(CAbiFinite, AnalysisRefusesResultsThatAreNotNumbers) {
    kinema_turn_settings t = kinema_turn_settings_default();
    t.acceleration = 1e308;
    kinema_turn_solution solution{};
    solution.speed = -7.0;
    expect_refused(kinema_dishonored_turn(&t, 0.5, k60, &solution),
                   "acceleration must be in (0, 100000000], got 1e+308");
    EXPECT_EQ(solution.speed, -7.0);

    const kinema_unreal_settings u = kinema_unreal_settings_default();
    kinema_stop_prediction stop{};
    stop.distance = -7.0;
    expect_refused(
        kinema_unreal_stop_continuous(&u, 1e308, &stop),
        "kinema_unreal_stop_continuous: speed: too large for a finite result (the prediction's distance "
        "would be NaN)");
    expect_refused(kinema_unreal_stop_continuous(&u, -kNaN, &stop),
                   "kinema_unreal_stop_continuous: speed must be a finite number, got NaN");
    EXPECT_EQ(stop.distance, -7.0);
    // A character that never stops keeps its documented infinite time.
    kinema_unreal_settings coasting = u;
    coasting.ground_friction = 0.0;
    coasting.braking_deceleration_walking = 0.0;
    ASSERT_EQ(kinema_unreal_stop_continuous(&coasting, 100.0, &stop), KINEMA_OK) << last_error();
    EXPECT_FALSE(stop.stops);
    EXPECT_TRUE(std::isinf(stop.time));
}

TEST(CAbiFinite, MorrowindRefusesAnActorWhoseResultOverflows) {
    const kinema_morrowind_settings settings = kinema_morrowind_settings_default();
    const kinema_morrowind_stance stance = kinema_morrowind_stance_default();
    kinema_morrowind_actor actor = kinema_morrowind_actor_default();
    actor.speed = 1e308;
    kinema_morrowind_speed_result speed{};
    speed.max_speed = -7.0;
    expect_refused(kinema_morrowind_speed(&settings, &actor, &stance, &speed),
                   "speed must be in [0, 1000000], got 1e+308");
    EXPECT_EQ(speed.max_speed, -7.0);

    actor = kinema_morrowind_actor_default();
    actor.normalized_encumbrance = 1e308;
    kinema_morrowind_jump_result jump{};
    expect_refused(kinema_morrowind_jump(&settings, &actor, &stance, {0.0, 1.0}, &jump),
                   "normalized_encumbrance must be in [0, 1000000], got 1e+308");

    actor = kinema_morrowind_actor_default();
    actor.fatigue_ratio = 1e308;
    kinema_morrowind_fall_result fall{};
    expect_refused(kinema_morrowind_fall(&settings, &actor, 1000.0, &fall),
                   "fatigue_ratio must be in [-1000000, 1000000], got 1e+308");
}

// A NaN with its sign bit set, as C# passes double.NaN, reads "nan" in the library's own messages (the
// settings' registry), never "-nan".
TEST(CAbiFinite, ANegativeNaNSettingReadsNan) {
    kinema_dishonored_settings d = kinema_dishonored_settings_default();
    d.friction = -kNaN;
    const kinema_planar_state rest{{0.0, 0.0}, {0.0, 0.0}};
    kinema_planar_state out = kUntouched;
    expect_refused(kinema_dishonored_step(&d, &rest, {1.0, 0.0}, k60, &out),
                   "friction must be a finite number, got nan");
}

// Every number argument of every step, run and query, at each non-finite and huge value: refused with a
// message, or a result whose numbers are all finite. (The pursuer, the flood and dead reckoning bound their
// coordinates at 1e9 already; they are swept too.)
TEST(CAbiFinite, NoCallAnswersANonFiniteNumber) {
    const double values[] = {kNaN, -kNaN, kInf, -kInf, 1e308, -1e308, kMax, 1e200, 1e154};
    const auto check = [](kinema_status status, bool finite_out, const std::string& what) {
        if (status == KINEMA_OK) {
            EXPECT_TRUE(finite_out) << what;
        } else {
            EXPECT_EQ(status, KINEMA_ERROR_ARGUMENT) << what << ": " << last_error();
            EXPECT_FALSE(last_error().empty()) << what;
            EXPECT_EQ(last_error().find("-nan"), std::string::npos) << what << ": " << last_error();
        }
    };
    kinema_space* space = nullptr;
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner.txt";
    ASSERT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << last_error();
    for (const double v : values) {
        const std::string at = " at " + std::to_string(v);
        for (const NamedStep& step : default_steps()) {
            kinema_planar_state out{};
            for (int field = 0; field < 7; ++field) {
                kinema_planar_state s{{1.0, 2.0}, {3.0, 4.0}};
                kinema_vec2 in{0.0, 1.0};
                double dt = k60;
                double* targets[] = {
                    &s.position.x, &s.position.y, &s.velocity.x, &s.velocity.y, &in.x, &in.y, &dt};
                *targets[field] = v;
                check(step.call(s, in, dt, &out), finite(out),
                      step.name + (" field " + std::to_string(field)) + at);
            }
        }
        kinema_stop_prediction stop{};
        const kinema_unreal_settings u = kinema_unreal_settings_default();
        const auto sound = [&] { return std::isfinite(stop.distance) && std::isfinite(stop.time); };
        check(kinema_unreal_stop(&u, v, k60, &stop), sound(), "stop speed" + at);
        check(kinema_unreal_stop(&u, 600.0, v, &stop), sound(), "stop frame_time" + at);
        check(kinema_unreal_pivot(&u, v, k60, &stop), sound(), "pivot speed" + at);
        check(kinema_unreal_stop_continuous(&u, v, &stop), sound(), "continuous speed" + at);
        const double trace[2] = {k60, v};
        check(kinema_unreal_stop_trace(&u, 600.0, trace, 2, &stop), sound(), "trace" + at);
        kinema_turn_settings t = kinema_turn_settings_default();
        kinema_turn_solution turn{};
        const auto turned = [&] { return std::isfinite(turn.speed) && std::isfinite(turn.normalized_speed); };
        check(kinema_dishonored_turn(&t, v, k60, &turn), turned(), "turn angle" + at);
        check(kinema_dishonored_turn(&t, 0.5, v, &turn), turned(), "turn dt" + at);
        for (int field = 0; field < 3; ++field) {
            kinema_turn_settings changed = t;
            double* targets[] = {&changed.speed_scale, &changed.friction, &changed.acceleration};
            *targets[field] = v;
            double full = 0.0;
            double reachable = 0.0;
            check(kinema_dishonored_turn(&changed, 0.5, k60, &turn), turned(), "turn settings" + at);
            check(kinema_dishonored_turn_limits(&changed, k60, &full, &reachable),
                  std::isfinite(full) && std::isfinite(reachable), "turn limits" + at);
        }
        const kinema_morrowind_settings ms = kinema_morrowind_settings_default();
        const kinema_morrowind_stance stance = kinema_morrowind_stance_default();
        for (int field = 0; field < 8; ++field) {
            kinema_morrowind_actor a = kinema_morrowind_actor_default();
            double* targets[] = {&a.speed,         &a.athletics, &a.acrobatics, &a.normalized_encumbrance,
                                 &a.fatigue_ratio, &a.levitate,  &a.swift_swim, &a.jump_magnitude};
            *targets[field] = v;
            kinema_morrowind_speed_result speed{};
            check(kinema_morrowind_speed(&ms, &a, &stance, &speed),
                  std::isfinite(speed.max_speed) && std::isfinite(speed.move_speed) &&
                      std::isfinite(speed.walk_speed) && std::isfinite(speed.run_speed),
                  "morrowind speed actor field " + std::to_string(field) + at);
            kinema_morrowind_jump_result jump{};
            check(kinema_morrowind_jump(&ms, &a, &stance, {v, 1.0}, &jump),
                  std::isfinite(jump.take_off_speed) && std::isfinite(jump.velocity.z) &&
                      std::isfinite(jump.fatigue_cost) && std::isfinite(jump.airtime) &&
                      std::isfinite(jump.apex_height),
                  "morrowind jump actor field " + std::to_string(field) + at);
            kinema_morrowind_fall_result fall{};
            check(kinema_morrowind_fall(&ms, &a, 1000.0, &fall),
                  std::isfinite(fall.damage_term) && std::isfinite(fall.health_loss),
                  "morrowind fall actor field " + std::to_string(field) + at);
        }
        kinema_dead_reckoning_result reckoning{};
        check(kinema_dead_reckoning(space, {v, 2.5, 0.0}, {1.0, 0.0, 0.0}, 10.0, &reckoning),
              std::isfinite(reckoning.position.x), "dead reckoning" + at);
        kinema_pursuer_settings ps = kinema_pursuer_settings_default();
        kinema_pursuer* pursuer = nullptr;
        ASSERT_EQ(kinema_pursuer_create(space, &ps, &pursuer), KINEMA_OK) << last_error();
        kinema_pursuer_input in{};
        in.dt = 0.1;
        in.npc_position = {2.5, 2.5, 0.0};
        in.npc_facing = {1.0, 0.0, 0.0};
        in.player_position = {6.5, 2.5, 0.0};
        in.player_velocity = {v, v, 0.0};
        kinema_pursuer_output o{};
        check(kinema_pursuer_update(pursuer, &in, &o), std::isfinite(o.goal.x) && std::isfinite(o.time),
              "pursuer velocity" + at);
        check(kinema_pursuer_stimulus(pursuer, {17.5, 20.5, 0.0}, v, &o),
              std::isfinite(o.goal.x) && std::isfinite(o.time), "pursuer delay" + at);
        kinema_pursuer_destroy(pursuer);
    }
    kinema_space_destroy(space);
}

}  // namespace
