// kinema._kinema.morrowind: Morrowind (OpenMW) target speeds and animation playback, jumps, flights and falls
// (movement/morrowind.hpp, morrowind_physics.hpp). GMST overrides come as a dict {"fMinWalkSpeed": 100, ...},
// other model settings ("animation.walk", "rules.gravity", ...) as a second dict, the actor's stats as
// keyword arguments, all through the settings registry.
#include "kinema/movement/morrowind.hpp"
#include "common.hpp"
#include "kinema/movement/morrowind_physics.hpp"
#include "kinema/report/morrowind.hpp"

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

// Each result keeps the model, the actor and the stance it was asked for: the report writers print them
// beside the answer, as `kinema morrowind speed|jump|fall --json` does.
struct SpeedReport {
    mv::MorrowindModel model;
    mv::MorrowindActor actor;
    mv::MorrowindStance stance;
    report::MorrowindSpeedResult result;
};

struct JumpReport {
    mv::MorrowindModel model;
    mv::MorrowindActor actor;
    mv::MorrowindStance stance;
    report::MorrowindJumpResult result;
};

struct FallReport {
    mv::MorrowindModel model;
    mv::MorrowindActor actor;
    report::MorrowindFallResult result;
};

// Speed: the target speed and the animation's playback.
void bind_speed(py::module_& m) {
    py::class_<SpeedReport>(m, "Speed",
                            "A Morrowind target speed (getMaxSpeed) and the animation's real speed.")
        .def_property_readonly(
            "mode", [](const SpeedReport& r) { return std::string(mv::to_string(r.result.speed.mode)); },
            "Which branch chose the speed: none, walk, sneak, run, swim_walk, swim_run, fly.")
        .def_property_readonly(
            "walk_speed", [](const SpeedReport& r) { return r.result.speed.walk_speed; }, "u/s")
        .def_property_readonly(
            "run_speed", [](const SpeedReport& r) { return r.result.speed.run_speed; }, "u/s")
        .def_property_readonly(
            "max_speed", [](const SpeedReport& r) { return r.result.speed.max_speed; }, "u/s")
        .def_property_readonly(
            "move_speed", [](const SpeedReport& r) { return r.result.speed.move_speed; },
            "u/s: max_speed x analog factor (x 0.75 strafing), moveSpeed in the OpenMW research notes")
        .def_property_readonly("strafing", [](const SpeedReport& r) { return r.result.speed.strafing; })
        .def_property_readonly(
            "playback_scale", [](const SpeedReport& r) { return r.result.animation.playback_scale; },
            "animation playback rate, capped at max_playback_scale")
        .def_property_readonly(
            "real_speed", [](const SpeedReport& r) { return r.result.animation.real_speed; },
            "u/s: the speed the actor really moves at")
        .def_property_readonly(
            "werewolf_bonus", [](const SpeedReport& r) { return r.result.speed.werewolf_bonus; },
            "The werewolf's speed bonus applied.")
        .def_property_readonly(
            "speed_factor", [](const SpeedReport& r) { return r.result.speed.speed_factor; },
            "The analog input factor.")
        .def_property_readonly(
            "animation_base_speed", [](const SpeedReport& r) { return r.result.animation.base_speed; },
            "u/s: the animation's own speed; 0 when unknown.")
        .def_property_readonly(
            "at_cap", [](const SpeedReport& r) { return r.result.animation.at_cap; },
            "The playback scale is at max_playback_scale.")
        .def_property_readonly(
            "capped_speed", [](const SpeedReport& r) { return r.result.animation.capped_speed; },
            "u/s: the vanilla (capped) speed.")
        .def_property_readonly(
            "speed_attribute_at_cap", [](const SpeedReport& r) { return r.result.speed_attribute_at_cap; },
            "The Speed attribute at which the playback reaches its cap; None when none does.")
        .def(
            "to_json",
            [](const SpeedReport& r) {
                return json_text(report::morrowind_speed_json(r.model, r.actor, r.stance, r.result));
            },
            "The JSON of `kinema morrowind speed --json` (report::morrowind_speed_json), without its final "
            "newline.");
}

// Jump and JumpArc: the take-off in closed form and stepped.
void bind_jump(py::module_& m) {
    py::class_<mv::MorrowindJumpArc>(m, "JumpArc", "A fixed-step jump on flat ground.")
        .def_readonly("steps", &mv::MorrowindJumpArc::steps)
        .def_readonly("airtime", &mv::MorrowindJumpArc::airtime, "s")
        .def_readonly("apex_height", &mv::MorrowindJumpArc::apex_height, "u");
    py::class_<JumpReport>(m, "Jump", "Jump take-off (OpenMW note 2.3).")
        .def_property_readonly("can_jump", [](const JumpReport& r) { return r.result.jump.can_jump; })
        .def_property_readonly(
            "jump_term", [](const JumpReport& r) { return r.result.jump.jump_term; }, "u/s")
        .def_property_readonly(
            "take_off_speed", [](const JumpReport& r) { return r.result.jump.take_off_speed; }, "u/s")
        .def_property_readonly(
            "velocity",
            [](const JumpReport& r) {
                const Vec3 v = r.result.jump.velocity;
                return py::make_tuple(v.x, v.y, v.z);
            },
            "u/s (x, y, z up)")
        .def_property_readonly(
            "fatigue_cost", [](const JumpReport& r) { return r.result.jump.fatigue_cost; }, "fatigue points")
        .def_property_readonly(
            "air_control", [](const JumpReport& r) { return r.result.jump.air_control; }, "dimensionless")
        .def_property_readonly(
            "apex_height", [](const JumpReport& r) { return r.result.jump.apex_height; }, "u")
        .def_property_readonly(
            "airtime", [](const JumpReport& r) { return r.result.jump.airtime; }, "s")
        .def_property_readonly(
            "direction",
            [](const JumpReport& r) { return py::make_tuple(r.result.direction.x, r.result.direction.y); },
            "The ground movement direction asked for (x, y).")
        .def_property_readonly(
            "arc", [](const JumpReport& r) { return r.result.arc; },
            "The vertical take-off stepped at the physics step (JumpArc).")
        .def(
            "to_json",
            [](const JumpReport& r) {
                return json_text(report::morrowind_jump_json(r.model, r.actor, r.stance, r.result));
            },
            "The JSON of `kinema morrowind jump --json` (report::morrowind_jump_json), without its final "
            "newline.");
}

// Fall: the landing.
void bind_fall(py::module_& m) {
    py::class_<FallReport>(m, "Fall", "Landing after a fall (note 2.5).")
        .def_property_readonly("soft_landing", [](const FallReport& r) { return r.result.fall.soft_landing; })
        .def_property_readonly("damage_term", [](const FallReport& r) { return r.result.fall.damage_term; })
        .def_property_readonly(
            "health_loss", [](const FallReport& r) { return r.result.fall.health_loss; }, "health points")
        .def_property_readonly("knockdown", [](const FallReport& r) { return r.result.fall.knockdown; })
        .def_property_readonly(
            "height", [](const FallReport& r) { return r.result.height; }, "u: the fall height.")
        .def(
            "to_json",
            [](const FallReport& r) {
                return json_text(report::morrowind_fall_json(r.model, r.actor, r.result));
            },
            "The JSON of `kinema morrowind fall --json` (report::morrowind_fall_json), without its final "
            "newline.");
}

// The functions: speed, jump, jump_arc and fall, each on a model built from GMSTs and settings.
void bind_functions(py::module_& m) {
    m.def(
        "speed",
        [](const py::dict& gmsts, const py::dict& settings, const py::handle& input, bool run, bool sneak,
           bool swimming, bool weapon_ready, bool incapacitated, const py::dict& actor) {
            SpeedReport r{model_from(gmsts, settings),
                          settings_from<mv::MorrowindActor>(actor),
                          stance_from(input, run, sneak, swimming, weapon_ready, incapacitated),
                          {}};
            r.result.speed = r.model.speed(r.actor, r.stance);
            r.result.animation = r.model.animation(r.actor, r.result.speed);
            r.result.speed_attribute_at_cap = r.model.speed_attribute_at_cap(r.actor, r.stance);
            return r;
        },
        py::arg("gmsts"), py::arg("settings"), py::arg("input"), py::arg("run"), py::arg("sneak"),
        py::arg("swimming"), py::arg("weapon_ready"), py::arg("incapacitated"), py::arg("actor"));
    m.def(
        "jump",
        [](const py::dict& gmsts, const py::dict& settings, const py::handle& direction, bool run, bool sneak,
           const py::dict& actor) {
            JumpReport r{model_from(gmsts, settings), settings_from<mv::MorrowindActor>(actor), {}, {}};
            r.stance.run = run;  // the default stance's input and states, running or sneaking as asked
            r.stance.sneak = sneak;
            r.result.direction = to_vec2(direction, "direction");
            r.result.jump = r.model.jump(r.actor, r.stance, r.result.direction);
            r.result.arc = r.model.simulate_jump(r.result.jump.velocity.z);  // as `kinema morrowind jump`
            return r;
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
            FallReport r{model_from(gmsts, settings), settings_from<mv::MorrowindActor>(actor), {}};
            r.result.height = height;
            r.result.fall = r.model.fall(r.actor, height);
            return r;
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
    bind_speed(m);
    bind_jump(m);
    bind_fall(m);
    bind_functions(m);
    bind_settings_fields(m);
}

}  // namespace kinema::python
