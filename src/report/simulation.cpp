#include "kinema/report/simulation.hpp"

#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/report/json_number.hpp"

namespace kinema::report {

std::string frame_times_dt(double dt) {
    std::string out = "\"dt\": ";
    append_json_double(out, dt);
    return out;
}

std::string frame_times_dt_schedule(std::span<const movement::DtChange> schedule) {
    std::string out = "\"dt_schedule\": ";
    JsonWriter json = typed_json(out, JsonLayout::typed_compact);
    json.begin_array();
    for (const movement::DtChange& change : schedule) {
        json.begin_object().count("frame", change.frame).number("dt", change.dt).end_object();
    }
    json.end_array();
    return out;
}

std::string frame_times_input_file(std::string_view path) {
    std::string out = "\"input_file\": ";
    typed_json(out, JsonLayout::typed_compact).string(path);
    return out;
}

void begin_simulation_json(std::string& out, std::string_view model, std::string_view frame_times) {
    out += "{\"model\": ";
    typed_json(out, JsonLayout::typed_compact).string(model);
    out += ", ";
    out += frame_times;
    out += ", \"frames\": [";
}

void append_frame_json(std::string& out, const movement::FrameRecord& r, bool first) {
    out += first ? "\n  " : ",\n  ";
    JsonWriter json = typed_json(out, JsonLayout::typed_compact);
    json.begin_object().count("frame", r.frame).number("time", r.time);
    json.key("position").begin_array().number(r.position.x).number(r.position.y).end_array();
    json.key("velocity").begin_array().number(r.velocity.x).number(r.velocity.y).end_array();
    json.number("speed", r.speed).end_object();
}

void end_simulation_json(std::string& out) {
    out += "\n]}\n";
}

void append_frame_csv(std::string& out, const movement::FrameRecord& r) {
    out += std::to_string(r.frame);
    for (const double value : {r.time, r.position.x, r.position.y, r.velocity.x, r.velocity.y, r.speed}) {
        out += ',';
        append_number(out, value);
    }
    out += '\n';
}

}  // namespace kinema::report
