// The runtime pursuer (pursuer.hpp; docs/pursuit.md "Runtime pursuer" and "States"): the state machine that
// ties the strategy table (strategy.hpp), the chase's floods and the search's occupancy map
// (occupancy_map.hpp) on what a game reports each frame. Each part owns its memory, kept across resets, so
// updates allocate nothing once the first search on the space has built its arrays.
#include "kinema/pursuit/pursuer.hpp"

#include <cmath>
#include <utility>

#include "kinema/chase/query.hpp"
#include "pursuer_impl.hpp"

namespace kinema::pursuit {

namespace {

// A facing this close to unit length is used as given (the simulation's own facing is a normalised
// velocity, which normalising again could move by an ulp); any other is normalised.
constexpr double kUnitTolerance = 1e-9;
// The longest update: an hour (PursuitSettings::max_time's range).
constexpr double kMaxDt = 3600.0;

bool finite(Vec3 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

// Within the chase query's coordinates (chase::chase_max_coordinate), so that a chase started from a
// reported point is never refused in the middle of an update.
bool in_range(Vec3 v) {
    constexpr double m = chase::chase_max_coordinate;
    return finite(v) && std::abs(v.x) <= m && std::abs(v.y) <= m && std::abs(v.z) <= m;
}

}  // namespace

FieldErrors detail::input_errors(const PursuerInput& in) {
    FieldErrors errors;
    if (!std::isfinite(in.dt) || in.dt < 0.0 || in.dt > kMaxDt) {
        errors.push_back({"dt", "must be finite and in [0, 3600] s"});
    }
    const std::pair<const char*, Vec3> points[] = {{"npc_position", in.npc_position},
                                                   {"npc_facing", in.npc_facing},
                                                   {"player_position", in.player_position},
                                                   {"player_velocity", in.player_velocity}};
    for (const auto& [name, v] : points) {
        if (!in_range(v)) {
            errors.push_back({name, "must be finite, each coordinate in [-1e9, 1e9]"});
        }
    }
    return errors;
}

void Pursuer::Impl::reset() {
    events_.clear();
    map_.clear_sweep();
    chase_.query = {};
    chase_.t0 = 0.0;
    chase_.breadcrumb = chase::no_cell;
    chase_.shot_pending = false;
    npc_ = player_ = player_dir_ = facing_ = {};
    npc_h_ = player_h_ = 0.0;
    arrived_ = false;
    started_ = false;
    state_ = NpcState::engage;
    last_seen_ = last_dir_ = {};
    last_seen_h_ = 0.0;
    has_goal_ = false;
    goal_ = {};
    stimuli_accepted_ = 0;
    destination_changes_ = 0;
    search_t0_ = 0.0;
    searched_ = false;
    time_ = 0.0;
    out_ = {};
}

void Pursuer::Impl::begin_call() {
    events_.clear();
    out_.events = 0;
    out_.goal_changed = false;
}

void Pursuer::Impl::read(const PursuerInput& in) {
    npc_ = frame_.flat(in.npc_position);
    npc_h_ = frame_.height(in.npc_position);
    player_ = frame_.flat(in.player_position);
    player_h_ = frame_.height(in.player_position);
    // normalized_or_zero, as the simulation's player computes its direction from its route segment.
    player_dir_ = normalized_or_zero(frame_.flat(in.player_velocity));
    facing_ = frame_.flat(in.npc_facing);
    if (std::abs(length(facing_) - 1.0) > kUnitTolerance) {
        facing_ = normalized_or_zero(facing_);
    }
    arrived_ = in.arrived;
}

// The state machine (docs/pursuit.md "States"): seeing the player engages (re-acquires); losing them starts
// a chase; arriving at the chase's destination starts the search; the search gives up after search_time.
const PursuerOutput& Pursuer::Impl::update(const PursuerInput& input) {
    throw_if_invalid("pursuer input", detail::input_errors(input));
    return update_checked(input);
}

const PursuerOutput& Pursuer::Impl::update_checked(const PursuerInput& input) {
    begin_call();
    read(input);
    time_ += input.dt;
    const double t = time_;
    if (!started_) {
        started_ = true;  // the alert that starts the pursuit tells where the player is
        last_seen_ = player_;
        last_seen_h_ = player_h_;
        last_dir_ = player_dir_;
    }
    if (input.sees_player) {
        if (state_ != NpcState::engage) {
            event(t, EventKind::reacquired, player_, player_h_);
            state_ = NpcState::engage;
        }
        last_seen_ = player_;
        last_seen_h_ = player_h_;
        last_dir_ = player_dir_;
    } else if (state_ == NpcState::engage) {
        lose_sight(t);
    } else if (state_ == NpcState::chase) {
        update_chase(t);
    }
    if (state_ == NpcState::search) {
        if (t - search_t0_ >= settings_.reasoning.search_time) {
            state_ = NpcState::gave_up;
            event(t, EventKind::gave_up, npc_, npc_h_);
        } else {
            update_search(t);
        }
    }
    if (state_ == NpcState::engage) {
        set_goal(frame_.world(player_, player_h_));
    }
    out_.state = state_;
    out_.goal_in_sight = state_ == NpcState::engage;
    out_.time = time_;
    return out_;
}

const PursuerOutput& Pursuer::Impl::stimulus(Vec3 position, double delay) {
    if (!in_range(position) || !space_.walkable(position)) {
        throw_if_invalid("pursuer stimulus",
                         FieldErrors{{"position", "must be finite and on walkable space"}});
    }
    if (!std::isfinite(delay) || delay < 0.0 || delay > kMaxDt) {
        throw_if_invalid("pursuer stimulus", FieldErrors{{"delay", "must be finite and in [0, 3600] s"}});
    }
    begin_call();
    const double t = time_ + delay;
    const int cap = flood_settings_.max_restarts;
    const bool accepted = started_ && state_ != NpcState::engage && (cap < 0 || stimuli_accepted_ < cap);
    const Vec2 where = frame_.flat(position);
    const double h = frame_ == PlanarFrame::xz ? space_.place(position).y : 0.0;
    event(t, EventKind::stimulus, where, h, {}, accepted);
    if (accepted) {
        ++stimuli_accepted_;
        // A noise has a place but no direction: the flood makes no barrier.
        start_chase(t, frame_.world(where, h), {}, false);
    }
    out_.state = state_;
    out_.goal_in_sight = state_ == NpcState::engage;
    return out_;
}

// The goal the game's agent heads for; a new one is announced (goal_changed) and is not arrived at yet.
void Pursuer::Impl::set_goal(Vec3 goal) {
    if (has_goal_ && goal == out_.goal) {
        return;
    }
    has_goal_ = true;
    out_.goal = goal;
    out_.goal_changed = true;
    goal_ = frame_.flat(goal);
    arrived_ = false;
}

void Pursuer::Impl::lose_sight(double t) {
    event(t, EventKind::lost_sight, last_seen_, last_seen_h_, last_dir_);
    start_chase(t, frame_.world(last_seen_, last_seen_h_), last_dir_, true);
}

void Pursuer::Impl::start_chase(double t, Vec3 from, Vec2 direction, bool first) {
    state_ = NpcState::chase;
    chase_.t0 = t;
    chase_.query = {};
    chase_.query.position = from;
    chase_.query.direction = frame_.world(direction, 0.0);
    std::optional<chase::ChaseResult> result;
    const Vec3 destination = frame_.on_plane(strategy_->on_lost_sight(chase_, chase_inputs(), result));
    if (!first) {
        ++destination_changes_;
    }
    if (!chase_.shot_pending) {  // a sliced flood's chase event comes with the update that finishes it
        event(t, EventKind::chase, frame_.flat(destination), frame_.height(destination));
        events_.back().chase = std::move(result);
    }
    set_goal(destination);
}

// Destinations that move while the NPC runs (the paced flood's, the player's trail, a sliced flood that
// finished), then the arrival.
void Pursuer::Impl::update_chase(double t) {
    std::optional<chase::ChaseResult> finished;
    const std::optional<Vec3> moved = strategy_->on_frame(chase_, chase_inputs(), t, finished);
    if (moved) {
        set_goal(*moved);
    }
    if (finished) {
        event(t, EventKind::chase, goal_, frame_.height(out_.goal));
        events_.back().chase = std::move(finished);
    } else if (moved) {
        ++destination_changes_;
    }
    if (arrived_ && strategy_->may_arrive(chase_)) {
        event(t, EventKind::arrived, goal_, frame_.height(out_.goal));
        start_search(t);
    }
}

void Pursuer::Impl::start_search(double t) {
    state_ = NpcState::search;
    searched_ = true;
    search_t0_ = t;
    event(t, EventKind::search, npc_, npc_h_);
    const chase::CellSpace& cells = space_.chase_space().cells();
    const auto fallback = [&] { return space_.cell_of(out_.goal); };
    const double interval = cells.cell_size() / settings_.reasoning.player_speed;
    if (team_search_ != nullptr) {  // the team's map: seeded by the first NPC to search
        team_search_->join(team_index_, cells, settings_.reasoning.view_range, strategy_->search_seed(chase_),
                           fallback, t, settings_.reasoning.spread, interval);
        return;
    }
    map_.prepare(cells, settings_.reasoning.view_range);
    map_.seed(strategy_->search_seed(chase_), fallback, t, settings_.reasoning.spread, interval);
}

void Pursuer::Impl::update_search(double t) {
    const Eye eye{npc_, npc_h_, facing_};
    const bool changed = team_search_ != nullptr ? team_search_->update(team_index_, t, perception_, eye)
                                                 : map_.update(t, perception_, eye);
    if (changed) {
        const chase::CellId target =
            team_search_ != nullptr ? team_search_->target(team_index_) : map_.target();
        set_goal(frame_.on_plane(space_.chase_space().cells().position(target)));
    }
}

void Pursuer::Impl::redirect(Vec3 destination) {
    set_goal(frame_.on_plane(destination));
    for (auto e = events_.rbegin(); e != events_.rend(); ++e) {
        if (e->kind == EventKind::chase) {
            e->position = goal_;
            e->height = frame_.height(out_.goal);
            break;
        }
    }
}

void Pursuer::Impl::event(double t, EventKind kind, Vec2 position, double h, Vec2 direction, bool accepted) {
    PursuitEvent e;
    e.t = t;
    e.kind = kind;
    e.position = position;
    e.direction = direction;
    e.accepted = accepted;
    e.height = h;
    events_.push_back(std::move(e));
    out_.events |= 1u << static_cast<unsigned>(kind);
}

Pursuer::Pursuer(PursuitSpace& space, const PursuerSettings& settings, const chase::FloodSettings& flood)
    : impl_(std::make_unique<Impl>(space, settings, flood)) {}
Pursuer::Pursuer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Pursuer::~Pursuer() = default;
Pursuer::Pursuer(Pursuer&&) noexcept = default;
Pursuer& Pursuer::operator=(Pursuer&&) noexcept = default;

void Pursuer::set_settings(const PursuerSettings& settings, const chase::FloodSettings& flood) {
    impl_->configure(settings, flood);
}
void Pursuer::reset() {
    impl_->reset();
}
const PursuerOutput& Pursuer::update(const PursuerInput& input) {
    return impl_->update(input);
}
const PursuerOutput& Pursuer::stimulus(Vec3 position, double delay) {
    return impl_->stimulus(position, delay);
}
const PursuerOutput& Pursuer::output() const {
    return impl_->output();
}
double Pursuer::time() const {
    return impl_->output().time;
}
std::span<const PursuitEvent> Pursuer::events() const {
    return impl_->events();
}
int Pursuer::destination_changes() const {
    return impl_->destination_changes();
}
bool Pursuer::searched() const {
    return impl_->searched();
}
void Pursuer::occupancy(std::vector<double>& out) const {
    impl_->occupancy(out);
}
const chase::Flood& Pursuer::single_shot_flood() const {
    return impl_->single_shot_flood();
}
std::span<const std::uint8_t> Pursuer::search_sweep() const {
    return impl_->search_sweep();
}

}  // namespace kinema::pursuit
