#include "kinema/report/morrowind.hpp"

#include <string_view>

#include "kinema/core/json_writer.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema::report {
namespace {

using namespace kinema::movement;

void rules_object(JsonWriter& json, const MorrowindModel& model) {
    const MorrowindSettings& s = model.settings();
    json.key("rules")
        .begin_object()
        .string("gravity", morrowind_rule(s, "gravity"))
        .number("gravity_value", model.gravity())
        .string("air_control", morrowind_rule(s, "air_control"))
        .string("speed_cap", morrowind_rule(s, "speed_cap"))
        .string("fall_threshold", morrowind_rule(s, "fall_threshold"))
        .boolean("truncate_base_speed", s.rules.truncate_base_speed)
        .end_object();
}

void actor_object(JsonWriter& json, const MorrowindActor& a) {
    json.key("actor")
        .begin_object()
        .string("kind", a.kind == MorrowindActorKind::npc ? "npc" : "creature")
        .number("speed", a.speed)
        .number("athletics", a.athletics)
        .number("acrobatics", a.acrobatics)
        .number("encumbrance", a.normalized_encumbrance)
        .number("fatigue_ratio", a.fatigue_ratio)
        .number("levitate", a.levitate)
        .number("swift_swim", a.swift_swim)
        .number("jump_magnitude", a.jump_magnitude)
        .boolean("werewolf", a.werewolf)
        .boolean("flies", a.flies)
        .end_object();
}

void stance_object(JsonWriter& json, const MorrowindStance& s) {
    json.key("stance").begin_object().key("input").begin_array().number(s.input.x).number(s.input.y);
    json.end_array()
        .boolean("run", s.run)
        .boolean("sneak", s.sneak)
        .boolean("swimming", s.swimming)
        .boolean("weapon_ready", s.weapon_ready)
        .boolean("incapacitated", s.incapacitated)
        .end_object();
}

// The head every answer shares: the command, the rules, the actor.
void head(JsonWriter& json, std::string_view command, const MorrowindModel& model,
          const MorrowindActor& actor) {
    json.begin_object().string("command", command);
    rules_object(json, model);
    actor_object(json, actor);
}

std::string finish(std::string& text) {
    text += '\n';
    return std::move(text);
}

}  // namespace

std::string morrowind_rule(const MorrowindSettings& settings, std::string_view field) {
    const std::string name = "rules." + std::string(field);
    const SettingsDescription& d = settings_description<MorrowindSettings>();
    return value_text(*find_field(d, name), get_field(settings, name));
}

std::string morrowind_speed_json(const MorrowindModel& model, const MorrowindActor& actor,
                                 const MorrowindStance& stance, const MorrowindSpeedResult& r) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    head(json, "morrowind speed", model, actor);
    stance_object(json, stance);
    const MorrowindSpeed& s = r.speed;
    const MorrowindAnimation& an = r.animation;
    json.key("result")
        .begin_object()
        .string("mode", to_string(s.mode))
        .number("walk_speed", s.walk_speed)
        .number("run_speed", s.run_speed)
        .number("max_speed", s.max_speed)
        .boolean("werewolf_bonus", s.werewolf_bonus)
        .number("speed_factor", s.speed_factor)
        .boolean("strafing", s.strafing)
        .number("move_speed", s.move_speed)
        .number("animation_base_speed", an.base_speed)
        .number("playback_scale", an.playback_scale)
        .boolean("at_cap", an.at_cap)
        .number("capped_speed", an.capped_speed)
        .number("real_speed", an.real_speed);
    if (r.speed_attribute_at_cap) {
        json.number("speed_attribute_at_cap", *r.speed_attribute_at_cap);
    } else {
        json.null("speed_attribute_at_cap");
    }
    json.end_object().end_object();
    return finish(text);
}

std::string morrowind_jump_json(const MorrowindModel& model, const MorrowindActor& actor,
                                const MorrowindStance& stance, const MorrowindJumpResult& r) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    head(json, "morrowind jump", model, actor);
    stance_object(json, stance);
    json.key("direction").begin_array().number(r.direction.x).number(r.direction.y).end_array();
    const MorrowindJump& j = r.jump;
    json.key("result")
        .begin_object()
        .boolean("can_jump", j.can_jump)
        .number("jump_term", j.jump_term)
        .number("take_off_speed", j.take_off_speed)
        .key("velocity")
        .begin_array()
        .number(j.velocity.x)
        .number(j.velocity.y)
        .number(j.velocity.z)
        .end_array()
        .number("fatigue_cost", j.fatigue_cost)
        .number("air_control", j.air_control)
        .number("apex_height", j.apex_height)
        .number("airtime", j.airtime)
        .number("physics_step", model.settings().physics_step)
        .number("stepped_apex_height", r.arc.apex_height)
        .number("stepped_airtime", r.arc.airtime)
        .integer("stepped_steps", r.arc.steps)
        .end_object()
        .end_object();
    return finish(text);
}

std::string morrowind_fall_json(const MorrowindModel& model, const MorrowindActor& actor,
                                const MorrowindFallResult& r) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    head(json, "morrowind fall", model, actor);
    json.number("height", r.height)
        .key("result")
        .begin_object()
        .boolean("soft_landing", r.fall.soft_landing)
        .number("damage_term", r.fall.damage_term)
        .number("health_loss", r.fall.health_loss)
        .boolean("knockdown", r.fall.knockdown)
        .number("fatigue_term", fatigue_term(model.settings().gmsts, actor.fatigue_ratio))
        .end_object()
        .end_object();
    return finish(text);
}

}  // namespace kinema::report
