#include "kinema/report/pursuit_json.hpp"

#include <optional>
#include <span>
#include <stdexcept>

#include "kinema/chase/json.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/core/planar_frame.hpp"

namespace kinema::report {

using namespace pursuit;  // the pursuit's types throughout: this file writes nothing else

namespace {

// The point of planar v at height h as its frame shows it: x,y on grids; x,h,z on 3D levels (v is the planar
// (x, z), h the height y; vectors have h = 0).
void numbers(JsonWriter& w, Vec2 v, double h, PlanarFrame plane) {
    for (const double c : plane.shown(plane.world(v, h))) {
        w.number(c);
    }
}

void pair(JsonWriter& w, std::string_view name, Vec2 v, double h, PlanarFrame plane) {
    w.key(name).begin_array();
    numbers(w, v, h, plane);
    w.end_array();
}

void settings(JsonWriter& w, const PursuitScenario& scenario, const PursuitConfig& config,
              PlanarFrame plane) {
    w.key("settings").begin_object();
    w.key("pursuit").raw(settings_json(config.settings));
    w.string("strategy", to_string(config.settings.strategy));
    w.string("npc_model", movement::model_name(config.model));
    w.key("model").raw(movement::settings_json(config.model));
    w.key("flood").raw(settings_json(config.flood));
    if (config.settings.strategy == Strategy::intercept) {  // the other strategies' JSON as before
        w.key("intercept").raw(settings_json(config.intercept));
    }
    w.key("route").begin_array();
    for (std::size_t i = 0; i < scenario.route.size(); ++i) {
        w.begin_array();
        numbers(w, scenario.route[i], scenario.route_height(i), plane);
        w.end_array();
    }
    w.end_array();
    pair(w, "npc", scenario.npc, scenario.npc_height, plane);
    if (scenario.npcs() > 1) {  // a team: every NPC's start, NPC 0's first
        w.string("team", to_string(scenario.team)).key("npcs").begin_array();
        for (int i = 0; i < scenario.npcs(); ++i) {
            const NpcStart start = scenario.npc_start(i);
            w.begin_array();
            numbers(w, start.position, start.height, plane);
            w.end_array();
        }
        w.end_array();
    }
    w.key("stimuli").begin_array();
    for (const Stimulus& s : scenario.stimuli) {
        w.begin_array().number(s.time);
        numbers(w, s.position, s.height, plane);
        w.end_array();
    }
    w.end_array().end_object();
}

void frame(JsonWriter& w, const PursuitFrame& f, PlanarFrame plane) {
    w.begin_object().number("t", f.t).string("state", to_string(f.state));
    pair(w, "player", f.player, f.player_height, plane);
    pair(w, "npc", f.npc, f.npc_height, plane);
    pair(w, "npc_velocity", f.npc_velocity, 0.0, plane);
    pair(w, "npc_input", f.npc_input, 0.0, plane);
    w.boolean("sees_player", f.sees_player).end_object();
}

// A team's frame: the time, the player, and every NPC in the scenario's order.
void team_frame(JsonWriter& w, const PursuitFrame& f, std::span<const NpcFrame> npcs, PlanarFrame plane) {
    w.begin_object().number("t", f.t);
    pair(w, "player", f.player, f.player_height, plane);
    w.key("npcs").begin_array();
    for (const NpcFrame& npc : npcs) {
        w.begin_object();
        pair(w, "position", npc.position, npc.height, plane);
        pair(w, "velocity", npc.velocity, 0.0, plane);
        pair(w, "input", npc.input, 0.0, plane);
        w.string("state", to_string(npc.state)).boolean("sees_player", npc.sees_player).end_object();
    }
    w.end_array().end_object();
}

// Writes the chase events' `result`s: their floods' per-cell values ("touched" in chase_json) are not kept in
// the events (a flood's arrays per chase), so each chase is run again from its query on one flood; the same
// query and constants give the same flood bit for bit (run_chase is deterministic).
class ChaseResults {
  public:
    ChaseResults(const chase::ChaseSpace& space, const PursuitConfig& config)
        : space_(space), config_(config) {}

    std::string json(const chase::ChaseResult& result) {
        if (!flood_) {
            flood_.emplace(config_.flood);
        }
        chase::ChaseQuery query;
        query.position = result.position;
        query.direction = result.direction;
        const chase::ChaseResult again = chase::run_chase(space_, *flood_, query);
        if (again.flood.steps != result.flood.steps || again.flood.destination != result.flood.destination) {
            throw std::logic_error(
                "pursuit_json: a chase event's result is not the chase of its query on this space");
        }
        return chase::chase_json(space_, *flood_, result, config_.map);
    }

  private:
    const chase::ChaseSpace& space_;
    const PursuitConfig& config_;
    std::optional<chase::Flood> flood_;
};

void event(JsonWriter& w, const PursuitEvent& e, const PursuitConfig& config, PlanarFrame plane,
           ChaseResults& chases, bool team) {
    w.begin_object().number("t", e.t).string("kind", to_string(e.kind));
    if (team) {
        w.number("npc", e.npc);
    }
    switch (e.kind) {
        case EventKind::lost_sight:
            pair(w, "last_seen", e.position, e.height, plane);
            pair(w, "direction", e.direction, 0.0, plane);
            break;
        case EventKind::chase:
            w.string("strategy", to_string(config.settings.strategy));
            pair(w, "destination", e.position, e.height, plane);
            if (e.chase) {
                w.key("result").raw(chases.json(*e.chase));
            }
            break;
        case EventKind::stimulus:
            pair(w, "position", e.position, e.height, plane);
            w.boolean("accepted", e.accepted);
            break;
        default:
            pair(w, "position", e.position, e.height, plane);
            break;
    }
    w.end_object();
}

}  // namespace

std::string chase_event_json(const chase::ChaseSpace& space, const PursuitConfig& config,
                             const PursuitEvent& event) {
    ChaseResults chases(space, config);
    return event.chase ? chases.json(*event.chase) : std::string();
}

std::string pursuit_json(const chase::ChaseSpace& space, const PursuitScenario& scenario,
                         const PursuitConfig& config, const PursuitResult& result) {
    ChaseResults chases(space, config);
    std::string out;
    out.reserve(200 * result.frames.size() + 1024);
    JsonWriter w(out);
    const PlanarFrame plane = PlanarFrame::of_dimensions(result.dimensions);
    w.begin_object();
    settings(w, scenario, config, plane);
    w.key("frames").begin_array();
    const bool team = result.npcs > 1;
    const auto n = static_cast<std::size_t>(result.npcs);
    for (std::size_t k = 0; k < result.frames.size(); ++k) {
        if (team) {
            team_frame(w, result.frames[k], std::span(result.team_frames).subspan(k * n, n), plane);
        } else {
            frame(w, result.frames[k], plane);
        }
    }
    w.end_array().key("events").begin_array();
    for (const PursuitEvent& e : result.events) {
        event(w, e, config, plane, chases, team);
    }
    w.end_array().string("outcome", to_string(result.outcome)).key("time_to_reacquire");
    if (result.time_to_reacquire >= 0.0) {
        w.number(result.time_to_reacquire);
    } else {
        w.null();
    }
    w.number("npc_distance", result.npc_distance)
        .number("destination_changes", result.destination_changes)
        .number("max_heading_rate", result.max_heading_rate);
    if (team) {  // the search's coverage, as in a team batch's runs (one NPC's JSON is kept as it was)
        w.number("searched_cells", static_cast<double>(result.searched_cells))
            .number("search_npc_seconds", result.search_npc_seconds);
    }
    w.end_object();
    return out;
}

}  // namespace kinema::report
