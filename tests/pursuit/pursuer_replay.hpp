// A runtime pursuer ticked with the frames of a recorded pursuit, as a game would tick it: the NPC's
// position, facing and arrival and what it saw, the player's position and route segment (its direction of
// motion), the scenario's stimuli when they fall due. Shared by the pursuer tests and its allocation test.
#pragma once

#include <vector>

#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace kinema::test {

/// The route segment the scripted player runs along at time t (zero once standing), as the simulation
/// walks the route: its direction is the player's direction of motion bit for bit.
inline Vec2 route_segment(const pursuit::PursuitScenario& s, double speed, double t) {
    double left = speed * t;
    for (std::size_t i = 0; i + 1 < s.route.size(); ++i) {
        const Vec2 d = s.route[i + 1] - s.route[i];
        const double len = length(d);
        if (left < len) {
            return d;
        }
        left -= len;
    }
    return {};
}

/// What the pursuer decided on each frame, and every event it recorded, in order.
struct PursuerReplay {
    std::vector<pursuit::NpcState> states;
    std::vector<pursuit::PursuitEvent> events;
    std::vector<Vec3> goals;
};

/// Ticks `pursuer` (reset first) once per frame of `run`; `out` keeps its buffers between calls. The
/// scenario's stimuli must be in time order (no copy is sorted here, so that a replay allocates nothing).
inline void replay(pursuit::Pursuer& pursuer, PlanarFrame frame, const pursuit::PursuitScenario& scenario,
                   const pursuit::PursuitSettings& settings, const pursuit::PursuitResult& run,
                   PursuerReplay& out) {
    out.states.clear();
    out.events.clear();
    out.goals.clear();
    pursuer.reset();
    const std::vector<pursuit::Stimulus>& stimuli = scenario.stimuli;
    std::size_t next = 0;
    Vec2 facing = scenario.npc_direction ? normalized_or_zero(*scenario.npc_direction)
                                         : normalized_or_zero(scenario.route.front() - scenario.npc);
    if (length(facing) == 0.0) {
        facing = {1.0, 0.0};
    }
    for (std::size_t k = 0; k < run.frames.size(); ++k) {
        const pursuit::PursuitFrame& f = run.frames[k];
        while (k > 0 && next < stimuli.size() && stimuli[next].time <= f.t) {
            const pursuit::Stimulus& st = stimuli[next++];
            pursuer.stimulus(frame.world(st.position, st.height), f.t - pursuer.time());
            out.events.insert(out.events.end(), pursuer.events().begin(), pursuer.events().end());
        }
        if (length(f.model.velocity) > 0.0) {
            facing = normalized_or_zero(f.model.velocity);
        }
        pursuit::PursuerInput in;
        in.dt = f.t - pursuer.time();
        in.npc_position = frame.world(f.npc, f.npc_height);
        in.npc_facing = frame.world(facing, 0.0);
        in.sees_player = f.sees_player;
        in.player_position = frame.world(f.player, f.player_height);
        in.player_velocity = frame.world(route_segment(scenario, settings.player_speed, f.t), 0.0);
        in.arrived = f.arrived;
        const pursuit::PursuerOutput& o = pursuer.update(in);
        out.states.push_back(o.state);
        out.goals.push_back(o.goal);
        out.events.insert(out.events.end(), pursuer.events().begin(), pursuer.events().end());
    }
}

}  // namespace kinema::test
