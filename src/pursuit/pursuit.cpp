// The pursuit loop (docs/pursuit.md "The model"): the simulated world around a runtime pursuer. One fixed
// step moves the player along the route, hands due stimuli to the pursuer, lets the NPC's navigator pick an
// input toward the pursuer's goal and steps its movement model with it, then updates the NPC's perception
// and ticks the pursuer (pursuer.hpp: the state machine, strategies and search) with it -- as a game would.
// Everything the NPC does is a pure function of the previous frame, so the run is deterministic.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/runner.hpp"
#include "pursuit_loop.hpp"

namespace kinema::pursuit {

namespace {

// Heading rates are measured only while the NPC moves at least this fast (level units/s): the direction of
// a nearly still velocity is noise (docs/pursuit.md "max_heading_rate").
constexpr double kHeadingMinSpeed = 1.0;

void validate_config(const PursuitConfig& config) {
    // The model against the frame rate too: a step too long for its friction diverges (docs/errors.md).
    throw_if_invalid("PursuitSettings", config.settings.validate(config.model));
    movement::throw_if_invalid(config.model);
    throw_if_invalid("FloodSettings", config.flood.validate());
}

}  // namespace

namespace detail {

namespace {

// The pursuer's settings of a pursuit: its reasoning and the intercept's constants.
PursuerSettings pursuer_settings(const PursuitConfig& config) {
    PursuerSettings s = pursuit::pursuer_settings(config.settings);
    s.intercept = config.intercept;
    return s;
}

}  // namespace

PursuitLoop::PursuitLoop(PursuitSpace& space, const PursuitConfig& config)
    : ps_(space),
      frame_(space.frame()),
      config_(config),
      perception_(space, config.settings),
      player_(scenario_.route, config.settings.player_speed),
      team_(space, 1, TeamMode::split, pursuer_settings(config), config.flood) {
    npcs_.resize(1);
    configure();
}

void PursuitLoop::set_config(const PursuitConfig& config) {
    validate_config(config);
    config_ = config;
    configure();
}

void PursuitLoop::configure() {
    dt_ = 1.0 / settings().hz;
    perception_ = Perception(ps_, settings());
    player_ = Player(scenario_.route, settings().player_speed);
    for (NpcBody& npc : npcs_) {
        npc.nav.configure(ps_, config_.model, settings());
    }
    team_.set_settings(pursuer_settings(config_), config_.flood);
    finished_ = true;
}

// A scenario with another team size than the last run's gets its own bodies and team; another mode keeps
// them.
void PursuitLoop::form_team(const PursuitScenario& scenario) {
    const int n = scenario.npcs();
    const TeamMode mode = n > 1 ? scenario.team : TeamMode::split;
    if (n != team_.size()) {
        team_ = PursuerTeam(ps_, n, mode, pursuer_settings(config_), config_.flood);
        npcs_.resize(static_cast<std::size_t>(n));
        for (NpcBody& npc : npcs_) {
            npc.nav.configure(ps_, config_.model, settings());
        }
    } else if (mode != team_.mode()) {
        team_.set_mode(mode);
    }
    inputs_.resize(npcs_.size());
    before_.resize(npcs_.size());
}

// The result's buffers are kept (cleared), so a runner's later runs allocate no frame buffer.
void PursuitLoop::reset_run() {
    r_.frames.clear();
    r_.team_frames.clear();
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
    r_.searched_cells = 0;
    r_.search_npc_seconds = 0.0;
    search_frames_ = 0;
    r_.npcs = static_cast<int>(size());
    r_.team = team_.mode();
    for (NpcBody& npc : npcs_) {
        npc.nav.reset();
        npc.model = {};
        npc.h = 0.0;
        npc.state = NpcState::engage;
        npc.arrived = false;
        npc.gave_up = false;
        npc.input = {};
    }
    team_.reset();
    player_h_ = 0.0;
    next_stimulus_ = 0;
    lost_ = false;
    lost_t_ = 0.0;
    done_ = false;
    finished_ = false;
    k_ = 0;
}

// NPC i at its start, facing its direction (default: the player), with its first sight.
void PursuitLoop::place_npc(std::size_t i) {
    const NpcStart start = scenario_.npc_start(static_cast<int>(i));
    NpcBody& npc = npcs_[i];
    npc.model.position = start.position * settings().model_scale;
    if (frame_ == PlanarFrame::xz) {
        npc.h = ps_.place(frame_.world(start.position, start.height)).y;
    }
    npc.facing = start.direction ? normalized_or_zero(*start.direction)
                                 : normalized_or_zero(player_pos_ - start.position);
    if (length(npc.facing) == 0.0) {
        npc.facing = {1.0, 0.0};
    }
    // From the scenario's point itself (model position / model_scale may differ from it in the last bit).
    npc.sees = perception_.sees(Eye{start.position, npc.h, npc.facing}, player_pos_, player_h_);
}

void PursuitLoop::start(const PursuitScenario& scenario) {
    throw_if_invalid("pursuit scenario", scenario.validate(ps_));
    scenario_ = scenario;
    form_team(scenario_);
    reset_run();
    stimuli_ = scenario_.stimuli;
    std::stable_sort(stimuli_.begin(), stimuli_.end(),
                     [](const Stimulus& a, const Stimulus& b) { return a.time < b.time; });
    steps_ = static_cast<std::int64_t>(std::ceil(settings().max_time * settings().hz - 1e-9));
    r_.frames.reserve(static_cast<std::size_t>(steps_) + 1);
    if (size() > 1) {
        r_.team_frames.reserve((static_cast<std::size_t>(steps_) + 1) * size());
    }
    player_.at(0.0, player_pos_, player_dir_, player_motion_);
    if (frame_ == PlanarFrame::xz) {
        player_h_ = ps_.place(frame_.world(scenario_.route.front(), scenario_.route_height(0))).y;
    }
    for (std::size_t i = 0; i < size(); ++i) {
        place_npc(i);
    }
    think(0.0);  // the alert: the pursuers learn where the player is (and chase at once when unseen)
    steer();
    record(0.0);
    if (k_ >= steps_) {
        finish();
    }
}

bool PursuitLoop::step() {
    if (finished_) {
        return false;
    }
    const double t1 = static_cast<double>(k_ + 1) / settings().hz;
    move_player(t1);
    handle_stimuli(t1);
    for (std::size_t i = 0; i < size(); ++i) {
        move_npc(i);
    }
    for (std::size_t i = 0; i < size(); ++i) {
        npcs_[i].sees = perception_.sees(eye(i), player_pos_, player_h_);
    }
    think(t1);
    search_frames_ += std::count_if(npcs_.begin(), npcs_.end(),
                                    [](const NpcBody& npc) { return npc.state == NpcState::search; });
    if (!done_ && !lost_ && player_dir_ == Vec2{} && stands_by_player()) {
        done_ = true;  // the player stands at the route's end and an NPC has stopped by them
    }
    steer();
    record(t1);
    ++k_;
    if (done_ || k_ >= steps_) {
        finish();
    }
    return !finished_;
}

bool PursuitLoop::any_npc_sees() const {
    return std::any_of(npcs_.begin(), npcs_.end(), [](const NpcBody& npc) { return npc.sees; });
}

bool PursuitLoop::stands_by_player() const {
    return std::any_of(npcs_.begin(), npcs_.end(),
                       [](const NpcBody& npc) { return npc.state == NpcState::engage && npc.nav.arrived(); });
}

void PursuitLoop::move_player(double t1) {
    const Vec3 player_before = player_world();
    player_.at(t1, player_pos_, player_dir_, player_motion_);
    if (frame_ == PlanarFrame::xz) {
        player_h_ = ps_.surface_height(player_before, player_pos_);
    }
}

// NPC i's input from its navigator and its model's step.
void PursuitLoop::move_npc(std::size_t i) {
    NpcBody& npc = npcs_[i];
    const Navigator::Steering steering = npc.nav.drive(npc.model, npc.h);
    npc.input = steering.input;
    const movement::PlanarState before = npc.model;
    const double h_before = npc.h;
    const Vec3 npc_before = npc_world(i);
    // The navigator stepped the model with a non-zero input to check it: that is the step the NPC takes.
    npc.model =
        steering.next ? *steering.next : movement::step_unchecked(config_.model, npc.model, npc.input, dt_);
    if (frame_ == PlanarFrame::xz) {
        npc.h = ps_.surface_height(npc_before, npc_position(i));
    }
    if (size() > 1) {
        keep_apart(i, before, h_before);
    }
    const double speed = length(npc.model.velocity);
    measure_heading(before.velocity, npc.model.velocity, speed);
    if (speed > 0.0) {
        npc.facing = npc.model.velocity / speed;  // normalized_or_zero's value, its length computed once
    }
}

// NPCs do not pass through each other: a step that brings NPC i closer than npc_separation to another NPC
// (the others at their positions now, in NPC order) is not taken, and the NPC stops where it was -- on
// walkable space, where it stood (docs/pursuit.md "Teams").
void PursuitLoop::keep_apart(std::size_t i, const movement::PlanarState& before, double h_before) {
    NpcBody& npc = npcs_[i];
    const Vec2 from = before.position / settings().model_scale;
    const Vec2 to = npc_position(i);
    for (std::size_t j = 0; j < size(); ++j) {
        const Vec2 other = npc_position(j);
        if (j != i && length(to - other) < npc_separation && length(to - other) < length(from - other)) {
            npc.model = before;
            npc.model.velocity = {};
            npc.h = h_before;
            return;
        }
    }
}

// The pursuers' update at time t on what each simulated NPC perceives (docs/pursuit.md "States"). The
// clock's dt is t minus the pursuers' time: both are multiples of 1/hz a step apart, so their difference is
// exact (Sterbenz) and the clocks reach t bit for bit.
void PursuitLoop::think(double t) {
    const double dt = t - team_.npc(0).time();
    for (std::size_t i = 0; i < size(); ++i) {
        PursuerInput& in = inputs_[i];
        in.dt = dt;
        in.npc_position = npc_world(i);
        in.npc_facing = frame_.world(npcs_[i].facing, 0.0);
        in.sees_player = npcs_[i].sees;
        in.player_position = player_world();
        in.player_velocity = frame_.world(player_motion_, 0.0);
        in.arrived = npcs_[i].nav.arrived();
        npcs_[i].arrived = in.arrived;
        before_[i] = npcs_[i].state;
    }
    team_.update(inputs_);
    for (std::size_t i = 0; i < size(); ++i) {
        npcs_[i].state = team_.npc(static_cast<int>(i)).output().state;
        take_events(i, before_[i]);
    }
}

void PursuitLoop::handle_stimuli(double t1) {
    while (next_stimulus_ < stimuli_.size() && stimuli_[next_stimulus_].time <= t1) {
        const Stimulus& st = stimuli_[next_stimulus_++];
        for (std::size_t i = 0; i < size(); ++i) {
            before_[i] = npcs_[i].state;
        }
        team_.stimulus(frame_.world(st.position, st.height), t1 - team_.npc(0).time());
        for (std::size_t i = 0; i < size(); ++i) {
            npcs_[i].state = team_.npc(static_cast<int>(i)).output().state;
            take_events(i, before_[i]);
        }
        steer();
    }
}

// NPC i's events into the result, with the measures they mark: the team's first loss of sight, the first
// chase's heat, the first re-acquisition after it, and giving up once every NPC has. The team has lost the
// player when no NPC sees them: shared and split teams lose them together, but an independent NPC's
// lost_sight while a teammate still sees the player is not the team's (nor is its re-acquisition then).
void PursuitLoop::take_events(std::size_t i, NpcState before) {
    const Pursuer& pursuer = team_.npc(static_cast<int>(i));
    for (const PursuitEvent& e : pursuer.events()) {
        if (e.kind == EventKind::lost_sight && !lost_ && !any_npc_sees()) {
            lost_ = true;
            lost_t_ = e.t;
        } else if (e.kind == EventKind::chase && e.chase && r_.chase_heat.empty()) {
            const chase::Flood& shot = pursuer.single_shot_flood();
            r_.chase_heat.resize(ps_.chase_space().cells().size());
            for (chase::CellId c = 0; c < r_.chase_heat.size(); ++c) {
                r_.chase_heat[c] = shot.value(c);
            }
        } else if (e.kind == EventKind::reacquired && lost_ && r_.outcome != Outcome::reacquired) {
            r_.reacquired_in = before;
            r_.outcome = Outcome::reacquired;
            r_.time_to_reacquire = e.t - lost_t_;
            done_ = true;
        }
        if (e.kind == EventKind::chase) {
            npcs_[i].gave_up = false;
        } else if (e.kind == EventKind::gave_up) {
            npcs_[i].gave_up = true;
            if (r_.outcome != Outcome::reacquired &&
                std::all_of(npcs_.begin(), npcs_.end(), [](const NpcBody& npc) { return npc.gave_up; })) {
                r_.outcome = Outcome::gave_up;
                done_ = true;
            }
        }
        r_.events.push_back(e);
        r_.events.back().npc = static_cast<int>(i);
    }
}

// Each navigator heads for its pursuer's goal (a new goal re-plans; the player in the NPC's own sight: a
// straight line; the player only a teammate sees: a path).
void PursuitLoop::steer() {
    for (std::size_t i = 0; i < size(); ++i) {
        const PursuerOutput& out = team_.npc(static_cast<int>(i)).output();
        npcs_[i].nav.set_goal(out.goal, out.goal_in_sight && npcs_[i].sees, npc_world(i));
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
    for (std::size_t i = 0; i < size(); ++i) {
        const double d = frame_ == PlanarFrame::xz ? length(player_world() - npc_world(i))
                                                   : length(player_pos_ - npc_position(i));
        r_.npc_distance = i == 0 ? d : std::min(r_.npc_distance, d);
        r_.destination_changes += team_.npc(static_cast<int>(i)).destination_changes();
    }
    r_.dimensions = ps_.dimensions();
    finish_occupancy();
    finish_coverage();
}

// The cells any NPC's search saw (the union of their sweeps) and the NPC-seconds they searched.
void PursuitLoop::finish_coverage() {
    r_.search_npc_seconds = static_cast<double>(search_frames_) / settings().hz;
    std::array<std::span<const std::uint8_t>, max_team_npcs> sweeps;
    std::size_t cells = 0;
    for (std::size_t i = 0; i < size(); ++i) {
        sweeps[i] = team_.npc(static_cast<int>(i)).search_sweep();
        cells = std::max(cells, sweeps[i].size());
    }
    for (std::size_t c = 0; c < cells; ++c) {
        bool seen = false;
        for (std::size_t i = 0; i < size() && !seen; ++i) {
            seen = c < sweeps[i].size() && sweeps[i][c] != 0;
        }
        r_.searched_cells += seen ? 1 : 0;
    }
}

// The search's map as it ended: one NPC's (or the split team's shared map), else the mean of the NPCs'.
void PursuitLoop::finish_occupancy() {
    std::vector<double> one;
    int searched = 0;
    for (std::size_t i = 0; i < size(); ++i) {
        const Pursuer& pursuer = team_.npc(static_cast<int>(i));
        if (!pursuer.searched()) {
            continue;
        }
        if (searched++ == 0 || team_.mode() == TeamMode::split) {
            pursuer.occupancy(r_.occupancy);
            if (team_.mode() == TeamMode::split) {
                return;
            }
            continue;
        }
        pursuer.occupancy(one);
        for (std::size_t c = 0; c < one.size(); ++c) {
            r_.occupancy[c] += one[c];
        }
    }
    if (searched > 1) {
        for (double& q : r_.occupancy) {
            q /= searched;
        }
    }
}

void PursuitLoop::record(double t) {
    const NpcBody& npc = npcs_[0];
    PursuitFrame f;
    f.t = t;
    f.state = npc.state;
    f.player = player_pos_;
    f.npc = npc_position(0);
    f.npc_velocity = npc.model.velocity / settings().model_scale;
    f.npc_input = npc.input;
    f.sees_player = npc.sees;
    f.model = npc.model;
    f.player_height = player_h_;
    f.npc_height = npc.h;
    f.arrived = npc.arrived;
    r_.frames.push_back(f);
    if (size() == 1) {
        return;
    }
    for (std::size_t i = 0; i < size(); ++i) {
        const NpcBody& b = npcs_[i];
        r_.team_frames.push_back(NpcFrame{b.state, npc_position(i), b.model.velocity / settings().model_scale,
                                          b.input, b.sees, b.h});
    }
}

void PursuitLoop::measure_heading(Vec2 before, Vec2 after, double after_speed) {
    const double a = length(before) / settings().model_scale;
    const double b = after_speed / settings().model_scale;
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
    const auto* unreal = std::get_if<movement::UnrealSettings>(&model);
    if (unreal != nullptr && length(velocity) != 0.0) {
        throw_if_invalid("UnrealSettings", unreal->validate());
    }
    return detail::stop_distance_validated(model, velocity, frame_time, rest_speed);
}

// The model was validated once (a pursuit's start): Unreal's exact prediction skips the settings' check that
// every frame would repeat; the other models' stepping checks its own.
double detail::stop_distance_validated(const movement::AnyModel& model, Vec2 velocity, double frame_time,
                                       double rest_speed) {
    if (length(velocity) == 0.0) {
        return 0.0;
    }
    if (const auto* unreal = std::get_if<movement::UnrealSettings>(&model)) {
        return analysis::unreal_stop_unchecked_settings(*unreal, velocity, frame_time).distance;
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
