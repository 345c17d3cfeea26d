#include "kinema/report/replay.hpp"

#include "kinema/core/json_writer.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema::report {
namespace {

void vec(JsonWriter& json, std::string_view name, Vec2 v) {
    json.key(name).begin_array().number(v.x).number(v.y).end_array();
}

void frame_object(JsonWriter& json, const analysis::ReplayFrame& f) {
    json.begin_object().count("frame", f.frame).integer("line", f.line).number("time", f.time);
    vec(json, "engine_position", f.engine_position);
    vec(json, "engine_velocity", f.engine_velocity);
    vec(json, "position", f.position);
    vec(json, "velocity", f.velocity);
    json.number("position_error", f.position_error).number("velocity_error", f.velocity_error).end_object();
}

}  // namespace

void write_replay_json(const analysis::ReplayResult& r, std::string_view log, std::string& buffer,
                       const TextSink& sink, std::size_t chunk_bytes) {
    JsonWriter json = typed_json(buffer, JsonLayout::typed_indented);
    json.begin_object()
        .string("model", r.model)
        .string("log", log)
        .string("length_unit", r.length_unit)
        .number("tolerance", r.tolerance)
        .count("frames_compared", r.frames.size() - 1)
        .boolean("matches", r.matches());
    if (r.first_differing) {
        json.count("first_differing_frame", *r.first_differing);
    } else {
        json.null("first_differing_frame");
    }
    json.number("max_position_error", r.max_position_error)
        .count("max_position_frame", r.max_position_frame)
        .number("max_velocity_error", r.max_velocity_error)
        .count("max_velocity_frame", r.max_velocity_frame)
        .key("frames")
        .begin_array();
    for (const analysis::ReplayFrame& f : r.frames) {
        frame_object(json, f);
        if (buffer.size() >= chunk_bytes) {
            sink(buffer);
        }
    }
    json.end_array().end_object();
    buffer += '\n';
    sink(buffer);
}

std::string replay_json(const analysis::ReplayResult& result, std::string_view log) {
    std::string whole;
    std::string buffer;
    write_replay_json(result, log, buffer, [&](std::string& text) {
        whole += text;
        text.clear();
    });
    return whole;
}

}  // namespace kinema::report
