// A pursuit from text (kinema/pursuit/parse.hpp).
#include "kinema/pursuit/parse.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kinema/core/planar_frame.hpp"

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

// A point as its frame shows it: X,Y on grids; X,Y,Z on 3D levels, the planar (x, z) and the height y (set
// only there: grids type no height).
Vec2 point(std::string_view text, std::string_view field, PlanarFrame frame, double* height) {
    const bool typed_height = frame == PlanarFrame::xz;
    const std::vector<double> v =
        numbers(text, static_cast<std::size_t>(frame.dimensions()), field, typed_height ? "X,Y,Z" : "X,Y");
    const Vec3 world = frame.from_shown(v.data());
    if (typed_height && height != nullptr) {
        *height = frame.height(world);
    }
    return frame.flat(world);
}

void parse_route(const std::string& route, PlanarFrame frame, PursuitScenario& sc) {
    const bool d3 = frame == PlanarFrame::xz;
    for (const std::string& part : split(route, ';')) {
        if (part.empty()) {
            fail("route", "empty waypoint in '" + route +
                              (d3 ? "' (expected X,Y,Z;X,Y,Z;...)" : "' (expected X,Y;X,Y;...)"));
        }
        double h = 0.0;
        sc.route.push_back(point(part, "route", frame, &h));
        if (d3) {
            sc.route_heights.push_back(h);
        }
    }
}

// A team: its other NPCs, their facings (one per NPC or none) and the mode.
void parse_team(const ScenarioText& text, PlanarFrame frame, PursuitScenario& sc) {
    const std::size_t npcs = 1 + text.teammates.size();
    if (npcs > static_cast<std::size_t>(max_team_npcs)) {
        fail("npc", "at most " + std::to_string(max_team_npcs) + " NPCs, got " + std::to_string(npcs));
    }
    const std::size_t dirs = (text.npc_dir.empty() ? 0 : 1) + text.teammate_dirs.size();
    if (dirs != 0 && (text.npc_dir.empty() || text.teammate_dirs.size() != text.teammates.size())) {
        fail("npc_direction", std::to_string(dirs) + " given for " + std::to_string(npcs) +
                                  " NPCs (one per NPC, in order, or none)");
    }
    for (std::size_t i = 0; i < text.teammates.size(); ++i) {
        NpcStart start;
        start.position = point(text.teammates[i], "npc", frame, &start.height);
        if (!text.teammate_dirs.empty()) {
            start.direction = point(text.teammate_dirs[i], "npc_direction", frame, nullptr);
        }
        sc.teammates.push_back(start);
    }
    if (!text.team.empty() && text.teammates.empty()) {
        // How a team shares what it knows: one NPC has no one to share with.
        fail("team", "has no effect with one NPC (a team needs at least two)");
    }
    if (!text.team.empty()) {
        const std::optional<TeamMode> mode = parse_team_mode(text.team);
        if (!mode) {
            fail("team", quoted("expected independent, shared or split, got", text.team));
        }
        sc.team = *mode;
    }
}

constexpr std::array kConfigParts{
    part<PursuitConfig, PursuitSettings, &PursuitConfig::settings>(""),
    part<PursuitConfig, chase::FloodSettings, &PursuitConfig::flood>(""),
    part<PursuitConfig, InterceptSettings, &PursuitConfig::intercept>(""),
};
constexpr SettingsDescription kConfigDescription{"PursuitConfig", {}, kConfigParts};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<PursuitConfig>) noexcept {
    return kConfigDescription;
}

std::span<const std::string_view> team_mode_names() noexcept {
    static const std::array names{to_string(TeamMode::independent), to_string(TeamMode::shared),
                                  to_string(TeamMode::split)};
    return names;
}

ScenarioText team_scenario_text(std::string route, const std::vector<std::string>& npcs,
                                const std::vector<std::string>& npc_dirs, std::vector<std::string> stimuli,
                                std::string team) {
    const auto first = [](const std::vector<std::string>& list) {
        return list.empty() ? std::string() : list.front();
    };
    const auto rest = [](const std::vector<std::string>& list) {
        return std::vector<std::string>(list.begin() + (list.empty() ? 0 : 1), list.end());
    };
    return {std::move(route), first(npcs),    first(npc_dirs), std::move(stimuli),
            rest(npcs),       rest(npc_dirs), std::move(team)};
}

PursuitScenario parse_scenario(const ScenarioText& text, int dimensions) {
    const PlanarFrame frame = PlanarFrame::of_dimensions(dimensions);
    const bool d3 = frame == PlanarFrame::xz;
    PursuitScenario sc;
    if (text.route.empty()) {
        fail("route", d3 ? "required: X,Y,Z;X,Y,Z;... (level units)" : "required: X,Y;X,Y;... (level units)");
    }
    if (text.npc.empty()) {
        fail("npc", d3 ? "required: X,Y,Z (level units)" : "required: X,Y (level units)");
    }
    parse_route(text.route, frame, sc);
    sc.npc = point(text.npc, "npc", frame, &sc.npc_height);
    if (!text.npc_dir.empty()) {
        sc.npc_direction = point(text.npc_dir, "npc_direction", frame, nullptr);
    }
    parse_team(text, frame, sc);
    for (const std::string& s : text.stimuli) {
        // Grids: T,X,Y; 3D: T,X,Y,Z.
        const std::vector<double> v = numbers(s, d3 ? 4 : 3, "stimulus", d3 ? "T,X,Y,Z" : "T,X,Y");
        const Vec3 world = frame.from_shown(v.data() + 1);
        Stimulus st;
        st.time = v[0];
        st.position = frame.flat(world);
        st.height = frame.height(world);
        sc.stimuli.push_back(st);
    }
    return sc;
}

}  // namespace kinema::pursuit
