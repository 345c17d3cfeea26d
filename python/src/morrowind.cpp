// kinema._kinema.morrowind: Morrowind (OpenMW) target speeds and animation playback, jumps, flights and falls
// (movement/morrowind.hpp, morrowind_physics.hpp). GMST overrides come as a dict {"fMinWalkSpeed": 100, ...},
// other model settings ("animation.walk", "rules.gravity", ...) as a second dict, the actor's stats as
// keyword arguments, all through the settings registry.
#include "kinema/movement/morrowind.hpp"
#include "common.hpp"
#include "kinema/movement/morrowind_physics.hpp"

namespace kinema::python {
namespace {

namespace mv = kinema::movement;

mv::MorrowindModel model_from(const py::dict& gmsts, const py::dict& settings) {
    mv::MorrowindSettings s;
    const SettingsDescription& d = settings_description<mv::MorrowindSettings>();
    apply_settings(d, &s, gmsts, "gmsts.", false);
    apply_settings(d, &s, settings, "", true);
    return mv::MorrowindModel(s);
}

mv::MorrowindStance stance_from(const py::handle& input, bool run, bool sneak, bool swimming,
                                bool weapon_ready, bool incapacitated) {
    mv::MorrowindStance st;
    st.input = to_vec2(input, "input");
    st.run = run;
    st.sneak = sneak;
    st.swimming = swimming;
    st.weapon_ready = weapon_ready;
    st.incapacitated = incapacitated;
    return st;
}

struct SpeedReport {
    mv::MorrowindSpeed speed;
    mv::MorrowindAnimation animation;
};

// The results: Speed, Jump, JumpArc and Fall.
void bind_results(py::module_& m) {
    py::class_<SpeedReport>(m, "Speed",
                            "A Morrowind target speed (getMaxSpeed) and the animation's real speed.")
        .def_property_readonly(
            "mode", [](const SpeedReport& r) { return std::string(mv::to_string(r.speed.mode)); },
            "Which branch chose the speed: none, walk, sneak, run, swim_walk, swim_run, fly.")
        .def_property_readonly(
            "walk_speed", [](const SpeedReport& r) { return r.speed.walk_speed; }, "u/s")
        .def_property_readonly(
            "run_speed", [](const SpeedReport& r) { return r.speed.run_speed; }, "u/s")
        .def_property_readonly(
            "max_speed", [](const SpeedReport& r) { return r.speed.max_speed; }, "u/s")
        .def_property_readonly(
            "move_speed", [](const SpeedReport& r) { return r.speed.move_speed; },
            "u/s: max_speed x analog factor (x 0.75 strafing), seed 003 moveSpeed")
        .def_property_readonly("strafing", [](const SpeedReport& r) { return r.speed.strafing; })
        .def_property_readonly(
            "playback_scale", [](const SpeedReport& r) { return r.animation.playback_scale; },
            "animation playback rate, capped at max_playback_scale")
        .def_property_readonly(
            "real_speed", [](const SpeedReport& r) { return r.animation.real_speed; },
            "u/s: the speed the actor really moves at");
    py::class_<mv::MorrowindJump>(m, "Jump", "Jump take-off (OpenMW note 2.3).")
        .def_readonly("can_jump", &mv::MorrowindJump::can_jump)
        .def_readonly("jump_term", &mv::MorrowindJump::jump_term, "u/s")
        .def_readonly("take_off_speed", &mv::MorrowindJump::take_off_speed, "u/s")
        .def_property_readonly(
            "velocity",
            [](const mv::MorrowindJump& j) {
                return py::make_tuple(j.velocity.x, j.velocity.y, j.velocity.z);
            },
            "u/s (x, y, z up)")
        .def_readonly("fatigue_cost", &mv::MorrowindJump::fatigue_cost, "fatigue points")
        .def_readonly("air_control", &mv::MorrowindJump::air_control, "dimensionless")
        .def_readonly("apex_height", &mv::MorrowindJump::apex_height, "u")
        .def_readonly("airtime", &mv::MorrowindJump::airtime, "s");
    py::class_<mv::MorrowindJumpArc>(m, "JumpArc", "A fixed-step jump on flat ground.")
        .def_readonly("steps", &mv::MorrowindJumpArc::steps)
        .def_readonly("airtime", &mv::MorrowindJumpArc::airtime, "s")
        .def_readonly("apex_height", &mv::MorrowindJumpArc::apex_height, "u");
    py::class_<mv::MorrowindFall>(m, "Fall", "Landing after a fall (note 2.5).")
        .def_readonly("soft_landing", &mv::MorrowindFall::soft_landing)
        .def_readonly("damage_term", &mv::MorrowindFall::damage_term)
        .def_readonly("health_loss", &mv::MorrowindFall::health_loss, "health points")
        .def_readonly("knockdown", &mv::MorrowindFall::knockdown);
}

// The functions: speed, jump, jump_arc and fall, each on a model built from GMSTs and settings.
void bind_functions(py::module_& m) {
    m.def(
        "speed",
        [](const py::dict& gmsts, const py::dict& settings, const py::handle& input, bool run, bool sneak,
           bool swimming, bool weapon_ready, bool incapacitated, const py::dict& actor) {
            const mv::MorrowindModel model = model_from(gmsts, settings);
            const auto a = settings_from<mv::MorrowindActor>(actor);
            const auto st = stance_from(input, run, sneak, swimming, weapon_ready, incapacitated);
            SpeedReport r;
            r.speed = model.speed(a, st);
            r.animation = model.animation(a, r.speed);
            return r;
        },
        py::arg("gmsts"), py::arg("settings"), py::arg("input"), py::arg("run"), py::arg("sneak"),
        py::arg("swimming"), py::arg("weapon_ready"), py::arg("incapacitated"), py::arg("actor"));
    m.def(
        "jump",
        [](const py::dict& gmsts, const py::dict& settings, const py::handle& direction, bool run, bool sneak,
           const py::dict& actor) {
            const mv::MorrowindModel model = model_from(gmsts, settings);
            const auto a = settings_from<mv::MorrowindActor>(actor);
            mv::MorrowindStance st;  // the default stance's input and states, running or sneaking as asked
            st.run = run;
            st.sneak = sneak;
            return model.jump(a, st, to_vec2(direction, "direction"));
        },
        py::arg("gmsts"), py::arg("settings"), py::arg("direction"), py::arg("run"), py::arg("sneak"),
        py::arg("actor"));
    m.def(
        "jump_arc",
        [](const py::dict& gmsts, const py::dict& settings, double take_off_speed) {
            return model_from(gmsts, settings).simulate_jump(take_off_speed);
        },
        py::arg("gmsts"), py::arg("settings"), py::arg("take_off_speed"));
    m.def(
        "fall",
        [](const py::dict& gmsts, const py::dict& settings, double height, const py::dict& actor) {
            const mv::MorrowindModel model = model_from(gmsts, settings);
            return model.fall(settings_from<mv::MorrowindActor>(actor), height);
        },
        py::arg("gmsts"), py::arg("settings"), py::arg("height"), py::arg("actor"));
}

// The registry's descriptions (settings_fields; keyword_fields("actor") with typed defaults for the actor's
// keyword signature in kinema/morrowind.py) and the stance's defaults (MorrowindStance{}), so that
// kinema/morrowind.py types none of them.
void bind_settings_fields(py::module_& m) {
    m.def(
        "settings_fields",
        [](const std::string& which) {
            if (which == "actor")
                return describe_fields(settings_description<mv::MorrowindActor>());
            if (which == "settings")
                return describe_fields(settings_description<mv::MorrowindSettings>());
            throw py::value_error("settings_fields: unknown settings '" + which +
                                  "'; valid: settings, actor");
        },
        py::arg("which"));
    m.def("actor_keyword_fields", [] {
        return KeywordSettings(settings_description<mv::MorrowindActor>(), "kinema.morrowind").describe();
    });
    m.def("stance_defaults", [] {
        const mv::MorrowindStance stance{};
        py::dict d;
        d["input"] = py::make_tuple(stance.input.x, stance.input.y);
        d["run"] = stance.run;
        d["sneak"] = stance.sneak;
        d["swimming"] = stance.swimming;
        d["weapon_ready"] = stance.weapon_ready;
        d["incapacitated"] = stance.incapacitated;
        return d;
    });
}

}  // namespace

void register_morrowind(py::module_& m) {
    bind_results(m);
    bind_functions(m);
    bind_settings_fields(m);
}

}  // namespace kinema::python
