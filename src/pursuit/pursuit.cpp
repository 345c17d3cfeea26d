// The pursuit loop (docs/pursuit.md "The model"): one fixed step moves the player along the route, hands due
// stimuli to the NPC, lets the NPC's navigator pick an input and steps its movement model with it, then
// updates the NPC's perception and state. The state machine ties the parts: the navigator (navigator.hpp),
// the strategy table (strategy.hpp) and the occupancy map (occupancy_map.hpp), each owning its memory.
// Everything the NPC does is a pure function of the previous frame, so the run is deterministic.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/runner.hpp"
#include "navigator.hpp"
#include "occupancy_map.hpp"
#include "perception.hpp"
#include "strategy.hpp"

namespace kinema::pursuit {

namespace {

// Heading rates are measured only while the NPC moves at least this fast (level units/s): the direction of
// a nearly still velocity is noise (docs/pursuit.md "max_heading_rate").
constexpr double kHeadingMinSpeed = 1.0;

// The player on the scripted route: straight segments at constant speed, standing at the last waypoint.
class Player {
  public:
    Player(const std::vector<Vec2>& route, double speed) : route_(&route), speed_(speed) {}

    // Position and direction of motion (unit, or zero when standing) at time t.
    void at(double t, Vec2& position, Vec2& direction) const {
        double s = speed_ * t;
        const std::vector<Vec2>& r = *route_;
        for (std::size_t i = 0; i + 1 < r.size(); ++i) {
            const Vec2 d = r[i + 1] - r[i];
            const double len = length(d);
            if (s < len) {
                position = r[i] + d * (s / len);
                direction = d / len;
                return;
            }
            s -= len;
        }
        position = r.back();
        direction = {};
    }

  private:
    const std::vector<Vec2>* route_;
    double speed_;
};

void validate_config(const PursuitConfig& config) {
    // The model against the frame rate too: a step too long for its friction diverges (docs/errors.md).
    throw_if_invalid("PursuitSettings", config.settings.validate(config.model));
    movement::throw_if_invalid(config.model);
    throw_if_invalid("FloodSettings", config.flood.validate());
}

}  // namespace

namespace detail {

class PursuitLoop {
  public:
    PursuitLoop(PursuitSpace& space, const PursuitConfig& config)
        : ps_(space),
          frame_(space.frame()),
          config_(config),
          perception_(space, config.settings),
          player_(scenario_.route, config.settings.player_speed) {
        configure();
    }

    void set_config(const PursuitConfig& config) {
        validate_config(config);
        config_ = config;
        configure();
    }
    const PursuitConfig& config() const { return config_; }
    void start(const PursuitScenario& scenario);
    bool step();
    bool finished() const { return finished_; }
    const PursuitResult& result() const { return r_; }
    PursuitResult take_result() { return std::move(r_); }

  private:
    void configure();
    void reset_run();
    const PursuitSettings& settings() const { return config_.settings; }
    Vec2 npc_position() const { return nav_.position(model_); }
    Vec3 npc_world() const { return frame_.world(npc_position(), npc_h_); }
    Vec3 player_world() const { return frame_.world(player_pos_, player_h_); }
    Eye eye() const { return Eye{npc_position(), npc_h_, facing_}; }
    ChaseInputs chase_inputs() { return ChaseInputs{ps_, config_, frame_, player_world(), nav_.goal()}; }
    void set_goal(Vec3 goal, bool straight) { nav_.set_goal(goal, straight, npc_world()); }

    void move_player_and_npc(double t1, Vec2& input);
    void update_state(double t1);
    void lose_sight(double t);
    void start_chase(double t, Vec3 from, Vec2 direction, bool first);
    void update_chase(double t);
    void start_search(double t);
    void update_search(double t);
    void handle_stimuli(double t1);
    void finish();
    void record(double t, Vec2 input);
    void event(double t, EventKind kind, Vec2 position, double h, Vec2 direction = {}, bool accepted = true);
    void measure_heading(Vec2 before, Vec2 after);

    PursuitSpace& ps_;
    PlanarFrame frame_;
    PursuitConfig config_;
    PursuitScenario scenario_;
    double dt_ = 0.0;
    Perception perception_;
    Player player_;

    // The parts, each with its own memory (kept between runs).
    Navigator nav_;
    ChaseMemory chase_;
    OccupancyMap map_;
    const StrategyRow* strategy_ = nullptr;
    std::vector<Stimulus> stimuli_;  // the scenario's, by time

    // The run.
    std::int64_t steps_ = 0;
    std::int64_t k_ = 0;
    movement::PlanarState model_;
    Vec2 facing_;
    NpcState state_ = NpcState::engage;
    bool sees_ = true;
    Vec2 player_pos_, player_dir_;
    Vec2 last_seen_, last_dir_;
    double npc_h_ = 0.0, player_h_ = 0.0, last_seen_h_ = 0.0;  // heights (grids: 0)
    int stimuli_accepted_ = 0;
    std::size_t next_stimulus_ = 0;
    double search_t0_ = 0.0;
    bool searched_ = false;
    bool lost_ = false;
    double lost_t_ = 0.0;
    bool done_ = false;
    bool finished_ = true;
    PursuitResult r_;
};

void PursuitLoop::configure() {
    dt_ = 1.0 / settings().hz;
    perception_ = Perception(ps_, settings());
    player_ = Player(scenario_.route, settings().player_speed);
    nav_.configure(ps_, config_.model, settings());
    chase_.flood.set_settings(config_.flood);
    chase_.shot.set_settings(config_.flood);
    strategy_ = &strategy_row(settings().strategy);
    finished_ = true;
}

// The result's buffers are kept (cleared), so a runner's later runs allocate no frame buffer.
void PursuitLoop::reset_run() {
    r_.frames.clear();
    r_.events.clear();
    r_.outcome = Outcome::never_lost;
    r_.reacquired_in = NpcState::chase;
    r_.time_to_reacquire = -1.0;
    r_.npc_distance = 0.0;
    r_.destination_changes = 0;
    r_.max_heading_rate = 0.0;
    r_.occupancy.clear();
    r_.chase_heat.clear();
    r_.dimensions = 2;
    nav_.reset();
    chase_.query = {};
    chase_.t0 = 0.0;
    chase_.breadcrumb = chase::no_cell;
    model_ = {};
    npc_h_ = player_h_ = last_seen_h_ = 0.0;
    stimuli_accepted_ = 0;
    next_stimulus_ = 0;
    search_t0_ = 0.0;
    searched_ = false;
    lost_ = false;
    lost_t_ = 0.0;
    done_ = false;
    finished_ = false;
    k_ = 0;
}

void PursuitLoop::start(const PursuitScenario& scenario) {
    throw_if_invalid("pursuit scenario", scenario.validate(ps_));
    scenario_ = scenario;
    reset_run();
    stimuli_ = scenario_.stimuli;
    std::stable_sort(stimuli_.begin(), stimuli_.end(),
                     [](const Stimulus& a, const Stimulus& b) { return a.time < b.time; });
    steps_ = static_cast<std::int64_t>(std::ceil(settings().max_time * settings().hz - 1e-9));
    r_.frames.reserve(static_cast<std::size_t>(steps_) + 1);
    model_.position = scenario_.npc * settings().model_scale;
    player_.at(0.0, player_pos_, player_dir_);
    if (frame_ == PlanarFrame::xz) {
        npc_h_ = ps_.place(frame_.world(scenario_.npc, scenario_.npc_height)).y;
        player_h_ = ps_.place(frame_.world(scenario_.route.front(), scenario_.route_height(0))).y;
    }
    const Vec2 npc = scenario_.npc;
    facing_ = scenario_.npc_direction ? normalized_or_zero(*scenario_.npc_direction)
                                      : normalized_or_zero(player_pos_ - npc);
    if (length(facing_) == 0.0) {
        facing_ = {1.0, 0.0};
    }
    // From the scenario's point itself (model position / model_scale may differ from it in the last bit).
    sees_ = perception_.sees(Eye{npc, npc_h_, facing_}, player_pos_, player_h_);
    state_ = NpcState::engage;
    last_seen_ = player_pos_;
    last_seen_h_ = player_h_;
    last_dir_ = player_dir_;
    if (!sees_) {
        lost_ = true;
        lose_sight(0.0);
    }
    record(0.0, {});
    if (k_ >= steps_) {
        finish();
    }
}

bool PursuitLoop::step() {
    if (finished_) {
        return false;
    }
    const double t1 = static_cast<double>(k_ + 1) / settings().hz;
    Vec2 input;
    move_player_and_npc(t1, input);
    update_state(t1);
    record(t1, input);
    ++k_;
    if (done_ || k_ >= steps_) {
        finish();
    }
    return !finished_;
}

// Steps 1-3 of a step: the player to its route position, the stimuli due, the NPC's input and model step.
void PursuitLoop::move_player_and_npc(double t1, Vec2& input) {
    if (state_ == NpcState::engage) {
        set_goal(player_world(), true);
    }
    const Vec3 player_before = player_world();
    player_.at(t1, player_pos_, player_dir_);
    if (frame_ == PlanarFrame::xz) {
        player_h_ = ps_.surface_height(player_before, player_pos_);
    }
    handle_stimuli(t1);
    input = nav_.drive(model_, npc_h_);
    const Vec2 v_before = model_.velocity;
    const Vec3 npc_before = npc_world();
    model_ = movement::step_unchecked(config_.model, model_, input, dt_);
    if (frame_ == PlanarFrame::xz) {
        npc_h_ = ps_.surface_height(npc_before, npc_position());
    }
    measure_heading(v_before, model_.velocity);
    if (length(model_.velocity) > 0.0) {
        facing_ = normalized_or_zero(model_.velocity);
    }
}

// Step 4: the NPC's perception, then its state (docs/pursuit.md "States").
void PursuitLoop::update_state(double t1) {
    sees_ = perception_.sees(eye(), player_pos_, player_h_);
    if (sees_) {
        if (state_ != NpcState::engage) {
            r_.reacquired_in = state_;
            event(t1, EventKind::reacquired, player_pos_, player_h_);
            r_.outcome = Outcome::reacquired;
            r_.time_to_reacquire = t1 - lost_t_;
            state_ = NpcState::engage;
            done_ = true;
        }
        last_seen_ = player_pos_;
        last_seen_h_ = player_h_;
        last_dir_ = player_dir_;
    } else if (state_ == NpcState::engage) {
        if (!lost_) {
            lost_ = true;
            lost_t_ = t1;
        }
        lose_sight(t1);
    } else if (state_ == NpcState::chase) {
        update_chase(t1);
    }
    if (!done_ && state_ == NpcState::search) {
        if (t1 - search_t0_ >= settings().search_time) {
            state_ = NpcState::gave_up;
            event(t1, EventKind::gave_up, npc_position(), npc_h_);
            r_.outcome = Outcome::gave_up;
            done_ = true;
        } else {
            update_search(t1);
        }
    }
    if (!done_ && !lost_ && state_ == NpcState::engage && player_dir_ == Vec2{} && nav_.arrived()) {
        done_ = true;  // the player stands at the route's end and the NPC has stopped by them
    }
}

void PursuitLoop::lose_sight(double t) {
    event(t, EventKind::lost_sight, last_seen_, last_seen_h_, last_dir_);
    start_chase(t, frame_.world(last_seen_, last_seen_h_), last_dir_, true);
}

void PursuitLoop::start_chase(double t, Vec3 from, Vec2 direction, bool first) {
    state_ = NpcState::chase;
    chase_.t0 = t;
    chase_.query = {};
    chase_.query.position = from;
    chase_.query.direction = frame_.world(direction, 0.0);
    PursuitEvent e;
    e.t = t;
    e.kind = EventKind::chase;
    const Vec3 destination = frame_.on_plane(strategy_->on_lost_sight(chase_, chase_inputs(), e.chase));
    if (e.chase && r_.chase_heat.empty()) {
        const chase::ChaseSpace& space = ps_.chase_space();
        r_.chase_heat.resize(space.cells().size());
        for (chase::CellId c = 0; c < space.cells().size(); ++c) {
            r_.chase_heat[c] = chase_.shot.value(c);
        }
    }
    e.position = frame_.flat(destination);
    e.height = frame_.height(destination);
    if (!first) {
        ++r_.destination_changes;
    }
    r_.events.push_back(std::move(e));
    set_goal(destination, false);
}

// Destinations that move while the NPC runs (the paced flood's, the player's trail), then the arrival.
void PursuitLoop::update_chase(double t) {
    if (const std::optional<Vec3> moved = strategy_->on_frame(chase_, chase_inputs(), t)) {
        ++r_.destination_changes;
        set_goal(*moved, false);
    }
    if (nav_.arrived() && strategy_->may_arrive(chase_)) {
        event(t, EventKind::arrived, nav_.goal(), frame_.height(nav_.goal_world()));
        start_search(t);
    }
}

void PursuitLoop::start_search(double t) {
    state_ = NpcState::search;
    searched_ = true;
    search_t0_ = t;
    event(t, EventKind::search, npc_position(), npc_h_);
    const chase::CellSpace& cells = ps_.chase_space().cells();
    map_.prepare(cells, settings().view_range);
    map_.seed(
        strategy_->search_seed(chase_), [&] { return ps_.cell_of(nav_.goal_world()); }, t, settings().spread,
        cells.cell_size() / settings().player_speed);
}

void PursuitLoop::update_search(double t) {
    if (map_.update(t, perception_, eye())) {
        const Vec3 w = ps_.chase_space().cells().position(map_.target());
        set_goal(frame_.on_plane(w), false);
    }
}

void PursuitLoop::handle_stimuli(double t1) {
    while (next_stimulus_ < stimuli_.size() && stimuli_[next_stimulus_].time <= t1) {
        const Stimulus& st = stimuli_[next_stimulus_++];
        const int cap = config_.flood.max_restarts;
        const bool accepted = state_ != NpcState::engage && (cap < 0 || stimuli_accepted_ < cap);
        const double h = frame_ == PlanarFrame::xz ? ps_.place(frame_.world(st.position, st.height)).y : 0.0;
        event(t1, EventKind::stimulus, st.position, h, {}, accepted);
        if (accepted) {
            ++stimuli_accepted_;
            // A noise has a place but no direction: the flood makes no barrier.
            start_chase(t1, frame_.world(st.position, h), {}, false);
        }
    }
}

void PursuitLoop::finish() {
    finished_ = true;
    if (!done_) {
        r_.outcome = lost_ ? Outcome::timeout : Outcome::never_lost;
    }
    if (lost_ && r_.outcome != Outcome::reacquired) {
        r_.time_to_reacquire = -1.0;
    }
    r_.npc_distance = frame_ == PlanarFrame::xz ? length(player_world() - npc_world())
                                                : length(player_pos_ - npc_position());
    r_.dimensions = ps_.dimensions();
    if (searched_) {
        map_.normalised(r_.occupancy);  // as the search left it
    }
}

void PursuitLoop::record(double t, Vec2 input) {
    PursuitFrame f;
    f.t = t;
    f.state = state_;
    f.player = player_pos_;
    f.npc = npc_position();
    f.npc_velocity = model_.velocity / settings().model_scale;
    f.npc_input = input;
    f.sees_player = sees_;
    f.model = model_;
    f.player_height = player_h_;
    f.npc_height = npc_h_;
    r_.frames.push_back(f);
}

void PursuitLoop::event(double t, EventKind kind, Vec2 position, double h, Vec2 direction, bool accepted) {
    PursuitEvent e;
    e.t = t;
    e.kind = kind;
    e.position = position;
    e.direction = direction;
    e.accepted = accepted;
    e.height = h;
    r_.events.push_back(std::move(e));
}

void PursuitLoop::measure_heading(Vec2 before, Vec2 after) {
    const double a = length(before) / settings().model_scale;
    const double b = length(after) / settings().model_scale;
    if (a < kHeadingMinSpeed || b < kHeadingMinSpeed) {
        return;
    }
    const double angle = std::atan2(std::abs(cross(before, after)), dot(before, after));
    r_.max_heading_rate = std::max(r_.max_heading_rate, angle * 180.0 / Perception::kPi / dt_);
}

}  // namespace detail

PursuitRunner::PursuitRunner(PursuitSpace& space, const PursuitConfig& config) {
    validate_config(config);
    loop_ = std::make_unique<detail::PursuitLoop>(space, config);
}
PursuitRunner::~PursuitRunner() = default;
PursuitRunner::PursuitRunner(PursuitRunner&&) noexcept = default;
PursuitRunner& PursuitRunner::operator=(PursuitRunner&&) noexcept = default;

void PursuitRunner::set_config(const PursuitConfig& config) {
    loop_->set_config(config);
}
const PursuitConfig& PursuitRunner::config() const {
    return loop_->config();
}
void PursuitRunner::start(const PursuitScenario& scenario) {
    loop_->start(scenario);
}
bool PursuitRunner::step() {
    return loop_->step();
}
bool PursuitRunner::finished() const {
    return loop_->finished();
}
const PursuitResult& PursuitRunner::result() const {
    return loop_->result();
}
PursuitResult PursuitRunner::take_result() {
    return loop_->take_result();
}

const PursuitResult& PursuitRunner::run(const PursuitScenario& scenario) {
    start(scenario);
    while (step()) {
    }
    return result();
}

double stop_distance(const movement::AnyModel& model, Vec2 velocity, double frame_time, double rest_speed) {
    if (length(velocity) == 0.0) {
        return 0.0;
    }
    if (const auto* unreal = std::get_if<movement::UnrealSettings>(&model)) {
        const analysis::StopPrediction p = analysis::unreal_stop(*unreal, velocity, frame_time);
        return p.distance;
    }
    analysis::GenericStopSettings limits;
    limits.max_frames = 100000;
    limits.rest_speed = rest_speed;
    return analysis::predict_stop_by_stepping(model, velocity, frame_time, limits).distance;
}

PursuitResult run_pursuit(const chase::ChaseSpace& space, const PursuitScenario& scenario,
                          const PursuitConfig& config) {
    ChasePursuitSpace pursuit_space(space);
    return run_pursuit(pursuit_space, scenario, config);
}

PursuitResult run_pursuit(PursuitSpace& space, const PursuitScenario& scenario, const PursuitConfig& config) {
    PursuitRunner runner(space, config);
    runner.run(scenario);
    return runner.take_result();
}

}  // namespace kinema::pursuit
