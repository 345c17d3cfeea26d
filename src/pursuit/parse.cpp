// A pursuit from text (kinema/pursuit/parse.hpp).
#include "kinema/pursuit/parse.hpp"

#include <array>
#include <string_view>

namespace kinema::pursuit {

namespace {

[[noreturn]] void fail(std::string_view field, std::string message) {
    throw SettingsError("PursuitScenario", {{std::string(field), std::move(message)}});
}

// The text shortened and escaped (kinema/core/text.hpp): a flag's value can be long, or hold any byte.
std::string quoted(std::string_view message, std::string_view text) {
    return std::string(message) + " " + quote_for_message(text);
}

double number(std::string_view text, std::string_view field) {
    const ReadNumber n = read_number(text);
    if (n.status == NumberText::not_a_number) {
        fail(field, quoted("expected a number, got", text));
    }
    if (n.status == NumberText::not_finite) {
        fail(field, quoted("must be a finite number, got", text));
    }
    return n.value;
}

// `count` comma-separated numbers; "expected SHAPE, got 'TEXT'" otherwise.
std::vector<double> numbers(std::string_view text, std::size_t count, std::string_view field,
                            std::string_view shape) {
    const std::vector<std::string> parts = split(text, ',');
    if (parts.size() != count) {
        fail(field, quoted("expected " + std::string(shape) + ", got", text));
    }
    std::vector<double> out;
    out.reserve(count);
    for (const std::string& p : parts) {
        out.push_back(number(p, field));
    }
    return out;
}

// A point: X,Y on grids; X,Y,Z on 3D levels as the planar (x, z) and the height y.
Vec2 point(std::string_view text, std::string_view field, int dimensions, double* height) {
    if (dimensions == 3) {
        const std::vector<double> v = numbers(text, 3, field, "X,Y,Z");
        if (height != nullptr) {
            *height = v[1];
        }
        return {v[0], v[2]};
    }
    const std::vector<double> v = numbers(text, 2, field, "X,Y");
    return {v[0], v[1]};
}

void parse_route(const std::string& route, bool d3, PursuitScenario& sc) {
    for (const std::string& part : split(route, ';')) {
        if (part.empty()) {
            fail("route", "empty waypoint in '" + route +
                              (d3 ? "' (expected X,Y,Z;X,Y,Z;...)" : "' (expected X,Y;X,Y;...)"));
        }
        double h = 0.0;
        sc.route.push_back(point(part, "route", d3 ? 3 : 2, &h));
        if (d3) {
            sc.route_heights.push_back(h);
        }
    }
}

constexpr std::array kConfigParts{
    part<PursuitConfig, PursuitSettings, &PursuitConfig::settings>(""),
    part<PursuitConfig, chase::FloodSettings, &PursuitConfig::flood>(""),
};
constexpr SettingsDescription kConfigDescription{"PursuitConfig", {}, kConfigParts};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<PursuitConfig>) noexcept {
    return kConfigDescription;
}

PursuitScenario parse_scenario(const ScenarioText& text, int dimensions) {
    const bool d3 = dimensions == 3;
    PursuitScenario sc;
    if (text.route.empty()) {
        fail("route", d3 ? "required: X,Y,Z;X,Y,Z;... (level units)" : "required: X,Y;X,Y;... (level units)");
    }
    if (text.npc.empty()) {
        fail("npc", d3 ? "required: X,Y,Z (level units)" : "required: X,Y (level units)");
    }
    parse_route(text.route, d3, sc);
    sc.npc = point(text.npc, "npc", dimensions, &sc.npc_height);
    if (!text.npc_dir.empty()) {
        sc.npc_direction = point(text.npc_dir, "npc_direction", dimensions, nullptr);
    }
    for (const std::string& s : text.stimuli) {
        // Grids: T,X,Y; 3D: T,X,Y,Z.
        const std::vector<double> v = numbers(s, d3 ? 4 : 3, "stimulus", d3 ? "T,X,Y,Z" : "T,X,Y");
        Stimulus st;
        st.time = v[0];
        st.position = d3 ? Vec2{v[1], v[3]} : Vec2{v[1], v[2]};
        st.height = d3 ? v[2] : 0.0;
        sc.stimuli.push_back(st);
    }
    return sc;
}

}  // namespace kinema::pursuit
