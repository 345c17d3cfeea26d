#include "kinema/report/turn.hpp"

#include <cmath>

#include "kinema/core/json_writer.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema::report {
namespace {

constexpr double deg = degrees_per_radian;

std::string finish(std::string& text) {
    text += '\n';
    return std::move(text);
}

void quantized_object(JsonWriter& json, std::string_view name, const analysis::QuantizedTurn& q,
                      const analysis::YawQuantization& yaw) {
    json.key(name)
        .begin_object()
        .integer("wanted_units", q.wanted_units)
        .number("wanted_angle_deg", q.wanted_angle * deg)
        .boolean("reachable", q.reachable);
    if (q.reachable) {
        json.number("exact_input_angle_deg", q.exact_input_angle * deg)
            .number("exact_input_units", q.exact_input_angle / yaw.radians_per_unit())
            .integer("input_units", q.input_units)
            .number("input_angle_deg", q.input_angle * deg)
            .number("taken_angle_deg", q.taken_angle * deg)
            .number("angle_error_deg", q.angle_error * deg)
            .number("normalized_speed", q.normalized_speed)
            .number("speed", q.speed)
            .boolean("keeps_full_speed", q.full_speed);
    }
    json.end_object();
}

}  // namespace

std::string turn_table_json(const TurnTable& table) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    analysis::TurnSettings settings = table.settings;
    json.begin_object().number("friction", settings.friction).key("rows").begin_array();
    for (const double fps : table.fps) {
        json.begin_object().number("fps", fps);
        for (const TurnTable::Preset& p : table.presets) {
            settings.speed_scale = p.speed_scale;
            const double per_frame = analysis::max_full_speed_turn(1.0 / fps, settings) * deg;
            json.key(p.name)
                .begin_object()
                .number("deg_per_frame", per_frame)
                .number("deg_per_second", per_frame * fps)
                .end_object();
        }
        json.end_object();
    }
    json.end_array().key("continuous").begin_object();
    for (const TurnTable::Preset& p : table.presets) {
        settings.speed_scale = p.speed_scale;
        json.key(p.name)
            .begin_object()
            .number("deg_per_second", analysis::continuous_full_speed_turn_rate(settings) * deg)
            .end_object();
    }
    json.end_object().end_object();
    return finish(text);
}

std::string max_turn_json(const MaxTurn& t) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object()
        .number("fps", t.fps)
        .number("scale", t.speed_scale)
        .number("max_speed", t.max_speed)
        .number("full_speed_turn_deg_per_frame", t.full_speed_turn_deg_per_frame)
        .number("full_speed_turn_deg_per_second", t.full_speed_turn_deg_per_frame * t.fps)
        .number("full_speed_turn_radius", t.full_speed_turn_radius)
        .number("reachable_turn_deg_per_frame", t.reachable_turn_deg_per_frame)
        .number("reachable_turn_deg_per_second", t.reachable_turn_deg_per_frame * t.fps)
        .number("continuous_deg_per_second", t.continuous_deg_per_second)
        .end_object();
    return finish(text);
}

std::string angle_turn_json(const AngleTurn& t) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    const analysis::TurnSolution& s = t.solution;
    json.begin_object()
        .number("fps", t.fps)
        .number("scale", t.speed_scale)
        .number("angle_deg", t.angle_deg)
        .boolean("reachable", s.reachable);
    if (s.reachable) {
        json.key("input_direction").begin_array().number(s.input_direction.x).number(s.input_direction.y);
        json.end_array()
            .number("input_angle_deg", std::atan2(s.input_direction.y, s.input_direction.x) * deg)
            .number("normalized_speed", s.normalized_speed)
            .number("speed", s.speed)
            .boolean("keeps_full_speed", s.normalized_speed >= 1.0);
    }
    json.end_object();
    return finish(text);
}

std::string quantized_turn_json(const QuantizedTurnReport& t) {
    std::string text;
    JsonWriter json = typed_json(text, JsonLayout::typed_indented);
    json.begin_object().number("fps", 1.0 / t.dt).number("dt", t.dt);
    if (t.ticks) {
        json.integer("dt_ticks", *t.ticks);
    }
    json.number("scale", t.speed_scale).integer("yaw_units_per_turn", t.yaw.units_per_turn);
    if (t.quantized && t.angle_deg) {
        json.number("angle_deg", *t.angle_deg);
        quantized_object(json, "quantized", *t.quantized, t.yaw);
    }
    json.number("full_speed_turn_deg", t.full_speed_turn_deg);
    quantized_object(json, "best_full_speed_turn", t.best, t.yaw);
    json.end_object();
    return finish(text);
}

}  // namespace kinema::report
