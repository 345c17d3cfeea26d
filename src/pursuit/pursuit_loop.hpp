// The pursuit loop's state (pursuit.cpp runs it; PursuitRunner holds one): the scripted player, the NPCs'
// simulated bodies and the team of runtime pursuers that reasons for them. Private to the pursuit part.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/team.hpp"
#include "navigator.hpp"
#include "perception.hpp"

namespace kinema::pursuit::detail {

// The player on the scripted route: straight segments at constant speed, standing at the last waypoint.
class Player {
  public:
    Player(const std::vector<Vec2>& route, double speed) : route_(&route), speed_(speed) {}

    // Position, direction of motion (unit, or zero when standing) and the route segment it runs along (its
    // direction exactly: normalized_or_zero(motion) == direction, bit for bit) at time t.
    void at(double t, Vec2& position, Vec2& direction, Vec2& motion) const {
        double s = speed_ * t;
        const std::vector<Vec2>& r = *route_;
        for (std::size_t i = 0; i + 1 < r.size(); ++i) {
            const Vec2 d = r[i + 1] - r[i];
            const double len = length(d);
            if (s < len) {
                position = r[i] + d * (s / len);
                direction = d / len;
                motion = d;
                return;
            }
            s -= len;
        }
        position = r.back();
        direction = {};
        motion = {};
    }

  private:
    const std::vector<Vec2>* route_;
    double speed_;
};

// One NPC's body in the simulation: its navigator (with its own path), exact model state and perception.
struct NpcBody {
    Navigator nav;
    movement::PlanarState model;
    Vec2 facing;
    double h = 0.0;                     // height (grids: 0)
    NpcState state = NpcState::engage;  // its pursuer's, after its last call
    bool sees = true;                   // its own sight
    bool arrived = false;               // its navigator's arrival, as its pursuer was last told it
    bool gave_up = false;               // gave up since its last chase
    Vec2 input;                         // the model input of the last step
};

class PursuitLoop {
  public:
    PursuitLoop(PursuitSpace& space, const PursuitConfig& config);

    /// Validates the configuration (as PursuitRunner's constructor) before taking it.
    void set_config(const PursuitConfig& config);
    const PursuitConfig& config() const { return config_; }
    void start(const PursuitScenario& scenario);
    bool step();
    bool finished() const { return finished_; }
    const PursuitResult& result() const { return r_; }
    PursuitResult take_result() { return std::move(r_); }

  private:
    void configure();
    void form_team(const PursuitScenario& scenario);
    void reset_run();
    void place_npc(std::size_t i);
    const PursuitSettings& settings() const { return config_.settings; }
    std::size_t size() const { return npcs_.size(); }
    Vec2 npc_position(std::size_t i) const { return npcs_[i].nav.position(npcs_[i].model); }
    Vec3 npc_world(std::size_t i) const { return frame_.world(npc_position(i), npcs_[i].h); }
    Vec3 player_world() const { return frame_.world(player_pos_, player_h_); }
    Eye eye(std::size_t i) const { return Eye{npc_position(i), npcs_[i].h, npcs_[i].facing}; }

    void move_player(double t1);
    void move_npc(std::size_t i);
    void keep_apart(std::size_t i, const movement::PlanarState& before, double h_before);
    void think(double t);
    void handle_stimuli(double t1);
    void take_events(std::size_t i, NpcState before);
    bool any_npc_sees() const;  // this frame's own sight of any NPC
    bool stands_by_player() const;
    void steer();
    void finish();
    void finish_occupancy();
    void finish_coverage();
    void record(double t);
    void measure_heading(Vec2 before, Vec2 after, double after_speed);  // after_speed: length(after)

    PursuitSpace& ps_;
    PlanarFrame frame_;
    PursuitConfig config_;
    PursuitScenario scenario_;
    double dt_ = 0.0;
    Perception perception_;
    Player player_;

    // The NPCs' bodies and their reasoning (kept between runs; a new team size or mode forms a new team).
    std::vector<NpcBody> npcs_;
    PursuerTeam team_;
    std::vector<PursuerInput> inputs_;  // one per NPC (sized at start: no allocation per frame)
    std::vector<NpcState> before_;
    std::vector<Stimulus> stimuli_;  // the scenario's, by time

    // The run.
    std::int64_t steps_ = 0;
    std::int64_t k_ = 0;
    Vec2 player_pos_, player_dir_;
    Vec2 player_motion_;  // the route segment the player runs along (zero: standing)
    double player_h_ = 0.0;
    std::size_t next_stimulus_ = 0;
    std::int64_t search_frames_ = 0;  // frames x NPCs in the search state
    bool lost_ = false;
    double lost_t_ = 0.0;
    bool done_ = false;
    bool finished_ = true;
    PursuitResult r_;
};

}  // namespace kinema::pursuit::detail
