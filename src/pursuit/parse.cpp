// The pursuit scenario's flag texts (kinema/pursuit/parse.hpp). The messages are the CLI's for grids.
#include "kinema/pursuit/parse.hpp"

#include <charconv>
#include <cmath>

namespace kinema::pursuit {

namespace {

std::string quoted(std::string_view what, std::string_view message, std::string_view text) {
    std::string out(what);
    out += ": ";
    out += message;
    out += " '";
    out += text;
    out += '\'';
    return out;
}

// `count` comma-separated numbers; "WHAT: expected SHAPE, got 'TEXT'" otherwise.
std::vector<double> numbers(std::string_view text, std::size_t count, std::string_view what,
                            std::string_view shape) {
    const std::vector<std::string> parts = split(text, ',');
    if (parts.size() != count) {
        std::string message = "expected ";
        message += shape;
        message += ", got";
        throw ParseError(quoted(what, message, text));
    }
    std::vector<double> out;
    out.reserve(count);
    for (const std::string& p : parts) {
        out.push_back(parse_number(p, what));
    }
    return out;
}

// A point: X,Y on grids; X,Y,Z on 3D levels as the planar (x, z) and the height y.
Vec2 point(std::string_view text, std::string_view what, int dimensions, double* height) {
    if (dimensions == 3) {
        const std::vector<double> v = numbers(text, 3, what, "X,Y,Z");
        if (height != nullptr) {
            *height = v[1];
        }
        return {v[0], v[2]};
    }
    const std::vector<double> v = numbers(text, 2, what, "X,Y");
    return {v[0], v[1]};
}

}  // namespace

std::string flag_message(const FieldErrors& errors) {
    std::string out;
    for (const FieldError& e : errors) {
        std::string_view flag = e.field;
        for (const FlagName& f : pursue_flag_names) {
            if (f.field == e.field) {
                flag = f.flag;
            }
        }
        out += out.empty() ? "" : "; ";
        out += flag;
        out += ": ";
        out += e.message;
    }
    return out;
}

double parse_number(std::string_view text, std::string_view what) {
    const ReadNumber n = read_number(text);
    if (n.status == NumberText::not_a_number) {
        throw ParseError(quoted(what, "expected a number, got", text));
    }
    if (n.status == NumberText::not_finite) {
        throw ParseError(quoted(what, "must be a finite number, got", text));
    }
    return n.value;
}

PursuitScenario parse_scenario(const ScenarioText& text, int dimensions) {
    const bool d3 = dimensions == 3;
    PursuitScenario sc;
    if (text.route.empty()) {
        throw ParseError(d3 ? "--route: required: X,Y,Z;X,Y,Z;... (level units)"
                            : "--route: required: X,Y;X,Y;... (level units)");
    }
    if (text.npc.empty()) {
        throw ParseError(d3 ? "--npc: required: X,Y,Z (level units)" : "--npc: required: X,Y (level units)");
    }
    for (const std::string& part : split(text.route, ';')) {
        if (part.empty()) {
            std::string message = "--route: empty waypoint in '";
            message += text.route;
            message += d3 ? "' (expected X,Y,Z;X,Y,Z;...)" : "' (expected X,Y;X,Y;...)";
            throw ParseError(message);
        }
        double h = 0.0;
        sc.route.push_back(point(part, "--route", dimensions, &h));
        if (d3) {
            sc.route_heights.push_back(h);
        }
    }
    sc.npc = point(text.npc, "--npc", dimensions, &sc.npc_height);
    if (!text.npc_dir.empty()) {
        sc.npc_direction = point(text.npc_dir, "--npc-dir", dimensions, nullptr);
    }
    for (const std::string& s : text.stimuli) {
        // Grids: T,X,Y (the message says X,Y,Z, as the CLI always has: three numbers); 3D: T,X,Y,Z.
        const std::vector<double> v = numbers(s, d3 ? 4 : 3, "--stimulus", d3 ? "T,X,Y,Z" : "X,Y,Z");
        Stimulus st;
        st.time = v[0];
        st.position = d3 ? Vec2{v[1], v[3]} : Vec2{v[1], v[2]};
        st.height = d3 ? v[2] : 0.0;
        sc.stimuli.push_back(st);
    }
    return sc;
}

}  // namespace kinema::pursuit
