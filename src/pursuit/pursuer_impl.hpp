// The runtime pursuer's implementation (pursuer.hpp), shared with the team (team.cpp), which joins its NPCs'
// searches to one map and redirects their chases. Private to the pursuit part.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "kinema/pursuit/pursuer.hpp"
#include "occupancy_map.hpp"
#include "perception.hpp"
#include "strategy.hpp"
#include "team_search.hpp"

namespace kinema::pursuit {

// The most events one call records: a sliced flood's chase, arrived and search; lost_sight and chase.
inline constexpr std::size_t kMaxEventsPerCall = 4;

namespace detail {
/// The fields of a pursuer's input that Pursuer::update refuses (the team checks every NPC's first).
FieldErrors input_errors(const PursuerInput& in);
}  // namespace detail

class Pursuer::Impl {
  public:
    Impl(PursuitSpace& space, const PursuerSettings& settings, const chase::FloodSettings& flood)
        : space_(space), frame_(space.frame()), perception_(space, settings.reasoning) {
        events_.reserve(kMaxEventsPerCall);
        configure(settings, flood);
    }

    void configure(const PursuerSettings& settings, const chase::FloodSettings& flood) {
        throw_if_invalid("PursuerSettings", settings.validate());
        throw_if_invalid("FloodSettings", flood.validate());
        settings_ = settings;
        flood_settings_ = flood;
        perception_ = detail::Perception(space_, settings_.reasoning);
        chase_.flood.set_settings(flood);
        chase_.shot.set_settings(flood);
        strategy_ = &detail::strategy_row(settings.reasoning.strategy);
        reset();
    }

    void reset();
    const PursuerOutput& update(const PursuerInput& input);
    /// update() for an input input_errors() already passed (a team checks every NPC's before any update).
    const PursuerOutput& update_checked(const PursuerInput& input);
    const PursuerOutput& stimulus(Vec3 position, double delay);

    const PursuerOutput& output() const { return out_; }
    std::span<const PursuitEvent> events() const { return events_; }
    int destination_changes() const { return destination_changes_; }
    bool searched() const { return searched_; }
    void occupancy(std::vector<double>& out) const {
        out.clear();
        if (searched_) {
            team_search_ != nullptr ? team_search_->normalised(out) : map_.normalised(out);
        }
    }
    const chase::Flood& single_shot_flood() const { return chase_.shot; }
    /// The flood a split team divides among its chasers (the strategy table's split_heat), or nullptr.
    const chase::Flood* split_heat() const { return strategy_->split_heat(chase_); }
    std::span<const std::uint8_t> search_sweep() const {
        return team_search_ != nullptr ? team_search_->sweep() : map_.sweep();
    }

    /// A team's NPC (team.cpp): its searches join the team's shared map as NPC `index`; nullptr: alone.
    void join_team_search(detail::TeamSearch* search, int index) {
        team_search_ = search;
        team_index_ = index;
    }
    /// The team's destination for the chase this call started (split mode): the goal and the chase event.
    void redirect(Vec3 destination);

  private:
    using Eye = detail::Eye;
    detail::ChaseInputs chase_inputs() {
        return {space_, settings_, flood_settings_, frame_, frame_.world(player_, player_h_), goal_};
    }
    void begin_call();
    void read(const PursuerInput& input);
    void set_goal(Vec3 goal);
    void lose_sight(double t);
    void start_chase(double t, Vec3 from, Vec2 direction, bool first);
    void update_chase(double t);
    void start_search(double t);
    void update_search(double t);
    void event(double t, EventKind kind, Vec2 position, double h, Vec2 direction = {}, bool accepted = true);

    PursuitSpace& space_;
    PlanarFrame frame_;
    PursuerSettings settings_;
    chase::FloodSettings flood_settings_;
    detail::Perception perception_;
    const detail::StrategyRow* strategy_ = nullptr;
    detail::ChaseMemory chase_;
    detail::OccupancyMap map_;
    detail::TeamSearch* team_search_ = nullptr;  // a team's shared search (split mode), else nullptr
    int team_index_ = 0;
    std::vector<PursuitEvent> events_;  // this call's (reserved: no allocation per call)

    // What the game reported last (planar positions, heights beside).
    Vec2 npc_, player_, player_dir_, facing_;
    double npc_h_ = 0.0, player_h_ = 0.0;
    bool arrived_ = false;
    // The reasoning.
    bool started_ = false;
    NpcState state_ = NpcState::engage;
    Vec2 last_seen_, last_dir_;
    double last_seen_h_ = 0.0;
    bool has_goal_ = false;
    Vec2 goal_;
    int stimuli_accepted_ = 0;
    int destination_changes_ = 0;
    double search_t0_ = 0.0;
    bool searched_ = false;
    double time_ = 0.0;
    PursuerOutput out_;
};

}  // namespace kinema::pursuit
