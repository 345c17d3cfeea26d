// The pursuit loop (docs/pursuit.md "The model"): the simulated world around a runtime pursuer. One fixed
// step moves the player along the route, hands due stimuli to the pursuer, lets the NPC's navigator pick an
// input toward the pursuer's goal and steps its movement model with it, then updates the NPC's perception
// and ticks the pursuer (pursuer.hpp: the state machine, strategies and search) with it -- as a game would.
// Everything the NPC does is a pure function of the previous frame, so the run is deterministic.
#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/runner.hpp"
#include "navigator.hpp"
#include "perception.hpp"

namespace kinema::pursuit {

namespace {

// Heading rates are measured only while the NPC moves at least this fast (level units/s): the direction of
// a nearly still velocity is noise (docs/pursuit.md "max_heading_rate").
constexpr double kHeadingMinSpeed = 1.0;

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
          player_(scenario_.route, config.settings.player_speed),
          pursuer_(space, pursuer_settings(config.settings), config.flood) {
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

    void move_player_and_npc(double t1, Vec2& input);
    void think(double t);
    void handle_stimuli(double t1);
    void take_events(NpcState before);
    void steer();
    void finish();
    void record(double t, Vec2 input);
    void measure_heading(Vec2 before, Vec2 after);

    PursuitSpace& ps_;
    PlanarFrame frame_;
    PursuitConfig config_;
    PursuitScenario scenario_;
    double dt_ = 0.0;
    Perception perception_;
    Player player_;

    // The NPC's body (its navigator, with its own memory) and its reasoning (kept between runs).
    Navigator nav_;
    Pursuer pursuer_;
    std::vector<Stimulus> stimuli_;  // the scenario's, by time

    // The run.
    std::int64_t steps_ = 0;
    std::int64_t k_ = 0;
    movement::PlanarState model_;
    Vec2 facing_;
    NpcState state_ = NpcState::engage;  // the pursuer's, after its last call
    bool sees_ = true;
    bool arrived_ = false;  // the navigator's arrival, as the pursuer was last told it
    Vec2 player_pos_, player_dir_;
    Vec2 player_motion_;                   // the route segment the player runs along (zero: standing)
    double npc_h_ = 0.0, player_h_ = 0.0;  // heights (grids: 0)
    std::size_t next_stimulus_ = 0;
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
    pursuer_.set_settings(pursuer_settings(settings()), config_.flood);
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
    pursuer_.reset();
    model_ = {};
    npc_h_ = player_h_ = 0.0;
    state_ = NpcState::engage;
    arrived_ = false;
    next_stimulus_ = 0;
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
    player_.at(0.0, player_pos_, player_dir_, player_motion_);
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
    think(0.0);  // the alert: the pursuer learns where the player is (and chases at once when unseen)
    steer();
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
    sees_ = perception_.sees(eye(), player_pos_, player_h_);
    think(t1);
    if (!done_ && !lost_ && state_ == NpcState::engage && player_dir_ == Vec2{} && nav_.arrived()) {
        done_ = true;  // the player stands at the route's end and the NPC has stopped by them
    }
    steer();
    record(t1, input);
    ++k_;
    if (done_ || k_ >= steps_) {
        finish();
    }
    return !finished_;
}

// The player to its route position, the stimuli due, the NPC's input and model step.
void PursuitLoop::move_player_and_npc(double t1, Vec2& input) {
    const Vec3 player_before = player_world();
    player_.at(t1, player_pos_, player_dir_, player_motion_);
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

// The pursuer's update at time t on what the simulated NPC perceives (docs/pursuit.md "States"). The
// clock's dt is t minus the pursuer's time: both are multiples of 1/hz a step apart, so their difference is
// exact (Sterbenz) and the pursuer's clock reaches t bit for bit.
void PursuitLoop::think(double t) {
    PursuerInput in;
    in.dt = t - pursuer_.time();
    in.npc_position = npc_world();
    in.npc_facing = frame_.world(facing_, 0.0);
    in.sees_player = sees_;
    in.player_position = player_world();
    in.player_velocity = frame_.world(player_motion_, 0.0);
    in.arrived = nav_.arrived();
    arrived_ = in.arrived;
    const NpcState before = state_;
    state_ = pursuer_.update(in).state;
    take_events(before);
}

void PursuitLoop::handle_stimuli(double t1) {
    while (next_stimulus_ < stimuli_.size() && stimuli_[next_stimulus_].time <= t1) {
        const Stimulus& st = stimuli_[next_stimulus_++];
        const NpcState before = state_;
        state_ = pursuer_.stimulus(frame_.world(st.position, st.height), t1 - pursuer_.time()).state;
        take_events(before);
        steer();
    }
}

// The pursuer's events into the result, with the measures they mark.
void PursuitLoop::take_events(NpcState before) {
    for (const PursuitEvent& e : pursuer_.events()) {
        if (e.kind == EventKind::lost_sight && !lost_) {
            lost_ = true;
            lost_t_ = e.t;
        } else if (e.kind == EventKind::chase && e.chase && r_.chase_heat.empty()) {
            const chase::Flood& shot = pursuer_.single_shot_flood();
            r_.chase_heat.resize(ps_.chase_space().cells().size());
            for (chase::CellId c = 0; c < r_.chase_heat.size(); ++c) {
                r_.chase_heat[c] = shot.value(c);
            }
        } else if (e.kind == EventKind::reacquired) {
            r_.reacquired_in = before;
            r_.outcome = Outcome::reacquired;
            r_.time_to_reacquire = e.t - lost_t_;
            done_ = true;
        } else if (e.kind == EventKind::gave_up) {
            r_.outcome = Outcome::gave_up;
            done_ = true;
        }
        r_.events.push_back(e);
    }
}

// The navigator heads for the pursuer's goal (a new goal re-plans; the seen player: a straight line).
void PursuitLoop::steer() {
    const PursuerOutput& out = pursuer_.output();
    nav_.set_goal(out.goal, out.goal_in_sight, npc_world());
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
    r_.destination_changes = pursuer_.destination_changes();
    if (pursuer_.searched()) {
        pursuer_.occupancy(r_.occupancy);  // as the search left it
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
    f.arrived = arrived_;
    r_.frames.push_back(f);
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
