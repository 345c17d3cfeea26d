#include "kinema/pursuit/json.hpp"

#include "kinema/core/format.hpp"

namespace kinema::pursuit {

namespace {

// x,y on grids; x,h,z on 3D levels (v is the planar (x, z), h the height y; vectors have h = 0).
void numbers(std::string& out, Vec2 v, double h, int dimensions) {
    append_number(out, v.x);
    out += ',';
    if (dimensions == 3) {
        append_number(out, h);
        out += ',';
    }
    append_number(out, v.y);
}

void pair(std::string& out, Vec2 v, double h = 0.0, int dimensions = 2) {
    out += '[';
    numbers(out, v, h, dimensions);
    out += ']';
}

void key(std::string& out, std::string_view name) {
    out += '"';
    out += name;
    out += "\":";
}

void string_value(std::string& out, std::string_view text) {
    out += '"';
    out += text;  // names only: never holds quotes or control characters
    out += '"';
}

void settings(std::string& out, const PursuitScenario& scenario, const PursuitConfig& config, int d) {
    out += "{\"pursuit\":";
    out += settings_json(config.settings);
    out += ",\"strategy\":";
    string_value(out, to_string(config.settings.strategy));
    out += ",\"npc_model\":";
    string_value(out, movement::model_name(config.model));
    out += ",\"model\":";
    out += movement::settings_json(config.model);
    out += ",\"flood\":";
    out += settings_json(config.flood);
    out += ",\"route\":[";
    for (std::size_t i = 0; i < scenario.route.size(); ++i) {
        out += i ? "," : "";
        pair(out, scenario.route[i], scenario.route_height(i), d);
    }
    out += "],\"npc\":";
    pair(out, scenario.npc, scenario.npc_height, d);
    out += ",\"stimuli\":[";
    for (std::size_t i = 0; i < scenario.stimuli.size(); ++i) {
        out += i ? ",[" : "[";
        append_number(out, scenario.stimuli[i].time);
        out += ',';
        numbers(out, scenario.stimuli[i].position, scenario.stimuli[i].height, d);
        out += ']';
    }
    out += "]}";
}

void frame(std::string& out, const PursuitFrame& f, int d) {
    out += "{\"t\":";
    append_number(out, f.t);
    out += ",\"state\":";
    string_value(out, to_string(f.state));
    out += ",\"player\":";
    pair(out, f.player, f.player_height, d);
    out += ",\"npc\":";
    pair(out, f.npc, f.npc_height, d);
    out += ",\"npc_velocity\":";
    pair(out, f.npc_velocity, 0.0, d);
    out += ",\"npc_input\":";
    pair(out, f.npc_input, 0.0, d);
    out += ",\"sees_player\":";
    out += f.sees_player ? "true" : "false";
    out += '}';
}

void event(std::string& out, const PursuitEvent& e, const PursuitConfig& config, int d) {
    out += "{\"t\":";
    append_number(out, e.t);
    out += ",\"kind\":";
    string_value(out, to_string(e.kind));
    switch (e.kind) {
        case EventKind::lost_sight:
            out += ",\"last_seen\":";
            pair(out, e.position, e.height, d);
            out += ",\"direction\":";
            pair(out, e.direction, 0.0, d);
            break;
        case EventKind::chase:
            out += ",\"strategy\":";
            string_value(out, to_string(config.settings.strategy));
            out += ",\"destination\":";
            pair(out, e.position, e.height, d);
            if (!e.chase_json.empty()) {
                out += ",\"result\":";
                out += e.chase_json;
            }
            break;
        case EventKind::stimulus:
            out += ",\"position\":";
            pair(out, e.position, e.height, d);
            out += ",\"accepted\":";
            out += e.accepted ? "true" : "false";
            break;
        default:
            out += ",\"position\":";
            pair(out, e.position, e.height, d);
            break;
    }
    out += '}';
}

}  // namespace

std::string pursuit_json(const PursuitScenario& scenario, const PursuitConfig& config,
                         const PursuitResult& result) {
    std::string out;
    out.reserve(200 * result.frames.size() + 1024);
    out += '{';
    key(out, "settings");
    const int d = result.dimensions;
    settings(out, scenario, config, d);
    out += ",\"frames\":[";
    for (std::size_t i = 0; i < result.frames.size(); ++i) {
        out += i ? "," : "";
        frame(out, result.frames[i], d);
    }
    out += "],\"events\":[";
    for (std::size_t i = 0; i < result.events.size(); ++i) {
        out += i ? "," : "";
        event(out, result.events[i], config, d);
    }
    out += "],\"outcome\":";
    string_value(out, to_string(result.outcome));
    out += ",\"time_to_reacquire\":";
    if (result.time_to_reacquire >= 0.0) {
        append_number(out, result.time_to_reacquire);
    } else {
        out += "null";
    }
    out += ",\"npc_distance\":";
    append_number(out, result.npc_distance);
    out += ",\"destination_changes\":";
    append_number(out, result.destination_changes);
    out += ",\"max_heading_rate\":";
    append_number(out, result.max_heading_rate);
    out += '}';
    return out;
}

}  // namespace kinema::pursuit
