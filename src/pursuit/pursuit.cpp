// The pursuit simulation (issue 16; docs/pursuit.md): one fixed step moves the player along the route, hands
// due stimuli to the NPC, lets the NPC pick an input and steps its movement model with it, then updates the
// NPC's perception and state. Everything the NPC does is a pure function of the previous frame, so the run
// is deterministic.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "kinema/analysis/stop.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "path.hpp"
#include "workspace.hpp"

namespace kinema::pursuit {

namespace {

constexpr double kPi = 3.14159265358979323846;
// Heading rates are measured only while the NPC moves at least this fast (level units/s): the direction of
// a nearly still velocity is noise (docs/pursuit.md "max_heading_rate").
constexpr double kHeadingMinSpeed = 1.0;
// A stop counts as arriving when it is this close to the goal (level units; docs/pursuit.md "Arrival").
constexpr double kArriveDistance = 0.25;
// The search map is rescaled when its total falls below this, far from underflow (docs/pursuit.md "Search").
constexpr double kRescaleBelow = 1e-200;
// Up to this many cells the search skips its total while the target holds probability (see
// Simulation::total_exhausted for the bound).
constexpr std::size_t kLazyTotalCells = std::size_t{1} << 24;
// Cells per block of the target choice's maxima (Simulation::max_occupancy).
constexpr std::size_t kMaxBlock = 64;

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

bool symmetric_neighbours(const chase::CellSpace& cells);

// The spread's sums over a stencil run (Simulation::build_gather_runs): neighbour i of cell c is
// c + offset[i] for every cell of the run, so eight cells' sums are eight lanes of plain contiguous loads
// (vectorised; no id loads, no gathers), each lane adding its cell's shares in list order: the padded path's
// sums bit for bit. Every cell of a run has neighbours, so it keeps `keep` = 1 - spread of its own.
struct RunSums {
    const double* share;
    const double* occupancy;
    double* out;
    const std::ptrdiff_t* offset;
    double keep;
};

// Four doubles as one value (GCC and clang vector extensions: element-wise IEEE operations, lowered to
// whatever the target has -- SSE2 pairs, AVX registers, or scalars).
using Double4 = double __attribute__((vector_size(32)));

// 4 V cells of a run from c: V independent vector sums (more chains in flight hide the additions' latency).
// Vectors are locals filled by memcpy (unaligned loads): a function returning one would change the ABI
// between the two targets.
template <std::uint32_t Stride, std::size_t V>
[[gnu::always_inline]] inline void run_block(const RunSums& r, std::size_t c) {
    Double4 sum[V] = {};
    for (std::uint32_t i = 0; i < Stride; ++i) {
        const double* src = r.share + static_cast<std::ptrdiff_t>(c) + r.offset[i];
        for (std::size_t v = 0; v < V; ++v) {
            Double4 x;
            std::memcpy(&x, src + 4 * v, sizeof x);
            sum[v] += x;
        }
    }
    const Double4 keep = {r.keep, r.keep, r.keep, r.keep};
    for (std::size_t v = 0; v < V; ++v) {
        Double4 q;
        std::memcpy(&q, r.occupancy + c + 4 * v, sizeof q);
        const Double4 out = q * keep + sum[v];
        std::memcpy(r.out + c + 4 * v, &out, sizeof out);
    }
}

template <std::uint32_t Stride>
[[gnu::always_inline]] inline void run_sums_with(const RunSums& r, std::size_t lo, std::size_t hi) {
    std::size_t c = lo;
    for (; c + 16 <= hi; c += 16) {
        run_block<Stride, 4>(r, c);
    }
    for (; c + 4 <= hi; c += 4) {
        run_block<Stride, 1>(r, c);
    }
    for (; c < hi; ++c) {
        double sum = 0.0;
        for (std::uint32_t i = 0; i < Stride; ++i) {
            sum += r.share[static_cast<std::ptrdiff_t>(c) + r.offset[i]];
        }
        r.out[c] = r.occupancy[c] * r.keep + sum;
    }
}

template <std::uint32_t Stride>
void run_sums_portable(const RunSums& r, std::size_t lo, std::size_t hi) {
    run_sums_with<Stride>(r, lo, hi);
}

// The default x86-64 target has 2-lane SSE2 vectors; with AVX2 (checked once, as the flood checks POPCNT in
// src/chase/flood.cpp) the same loop runs 4 lanes. "avx2" does not enable FMA, so a * b + c stays two
// roundings: the same results on either path.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__AVX2__) && \
    (defined(__GNUC__) || defined(__clang__))
template <std::uint32_t Stride>
[[gnu::target("avx2")]] void run_sums_avx2(const RunSums& r, std::size_t lo, std::size_t hi) {
    run_sums_with<Stride>(r, lo, hi);
}
bool cpu_has_avx2() {
    static const bool has = (__builtin_cpu_init(), __builtin_cpu_supports("avx2") != 0);
    return has;
}
template <std::uint32_t Stride>
void run_sums(const RunSums& r, std::size_t lo, std::size_t hi) {
    if (cpu_has_avx2()) {
        run_sums_avx2<Stride>(r, lo, hi);
    } else {
        run_sums_portable<Stride>(r, lo, hi);
    }
}
#else
template <std::uint32_t Stride>
void run_sums(const RunSums& r, std::size_t lo, std::size_t hi) {
    run_sums_portable<Stride>(r, lo, hi);
}
#endif

class Simulation {
  public:
    Simulation(PursuitSpace& space, const PursuitScenario& scenario, const PursuitConfig& config,
               detail::Workspace& ws)
        : ps_(space),
          space_(space.chase_space()),
          xz_(space.dimensions() == 3),
          scenario_(scenario),
          config_(config),
          s_(config.settings),
          dt_(1.0 / config.settings.hz),
          player_(scenario.route, config.settings.player_speed),
          ws_(ws),
          flood_(ws.flood),
          shot_(ws.shot),
          cos_half_view_(std::cos(config.settings.view_angle * kPi / 360.0)),
          occupancy_(ws.occupancy),
          scratch_(ws.scratch),
          symmetric_(ws.symmetric),
          share_(ws.share),
          inverse_degree_(ws.inverse_degree),
          max_jump_(ws.max_jump),
          bucket_origin_(ws.bucket_origin),
          bucket_size_(ws.bucket_size),
          buckets_x_(ws.buckets_x),
          buckets_y_(ws.buckets_y),
          bucket_start_(ws.bucket_start),
          bucket_cells_(ws.bucket_cells) {
        flood_.set_settings(config.flood);
        shot_.set_settings(config.flood);
    }

    PursuitResult run();

  private:
    // Points: the planar position (grids x, y; 3D x, z) and the height (grids 0; 3D y).
    Vec3 world(Vec2 p, double h) const { return xz_ ? Vec3{p.x, h, p.y} : Vec3{p.x, p.y, h}; }
    Vec2 flat(Vec3 w) const { return xz_ ? Vec2{w.x, w.z} : Vec2{w.x, w.y}; }
    double height(Vec3 w) const { return xz_ ? w.y : w.z; }

    // Perception, goals and movement.
    bool sees(Vec2 npc, double npc_h, Vec2 target, double target_h) const;
    Vec2 npc_position() const { return model_.position / s_.model_scale; }
    Vec3 npc_world() const { return world(npc_position(), npc_h_); }
    double stop_ahead(Vec2 velocity) const;
    void set_goal(Vec3 goal, bool straight);
    Vec2 drive();
    Vec2 steer_target();
    bool safe(const movement::PlanarState& next) const;
    bool stopped() const;

    // States.
    void lose_sight(double t);
    void start_chase(double t, Vec3 from, Vec2 direction, bool first);
    void update_chase(double t);
    void start_search(double t);
    void update_search(double t);
    bool spread_occupancy(double t);
    void spread_gather(const chase::CellSpace& cells);
    template <std::uint32_t Stride>
    void gather_cells(const chase::CellId* padded, std::size_t lo, std::size_t hi);
    template <std::uint32_t Stride>
    void gather_padded(const chase::CellId* padded, std::size_t lo, std::size_t hi);
    template <std::uint32_t Stride>
    void gather_run(const std::ptrdiff_t* offset, std::size_t lo, std::size_t hi);
    void build_gather_runs();
    double gather_one(const chase::CellSpace& cells, std::size_t c) const;
    void spread_scatter(const chase::CellSpace& cells);
    bool clear_seen(Vec2 p);
    void choose_search_target(Vec2 p);
    double max_occupancy();
    chase::CellId nearest_with(double q, Vec2 p) const;
    double in_order_total() const;
    bool total_exhausted();
    void build_buckets();
    void prepare_search();
    std::pair<int, int> bucket_of(Vec2 q) const;
    std::pair<std::uint32_t, std::uint32_t> rows_in_range(std::size_t b, double py) const;
    void handle_stimuli(double t1);
    void record(double t, Vec2 input);
    void event(double t, EventKind kind, Vec2 position, double h, Vec2 direction = {}, bool accepted = true);
    void measure_heading(Vec2 before, Vec2 after);

    PursuitSpace& ps_;
    const chase::ChaseSpace& space_;
    bool xz_;  // a 3D level: planar (x, z), height y
    const PursuitScenario& scenario_;
    const PursuitConfig& config_;
    const PursuitSettings& s_;
    double dt_;
    Player player_;
    // The buffers below live in the workspace (reused across a batch's pursuits).
    detail::Workspace& ws_;
    chase::Flood& flood_;  // the chase's flood (paced strategy: advanced over time)
    chase::Flood& shot_;   // single-shot flood for the chase events' `result`
    double cos_half_view_;

    movement::PlanarState model_;
    Vec2 facing_;
    NpcState state_ = NpcState::engage;
    bool sees_ = true;
    Vec2 player_pos_, player_dir_;
    Vec2 last_seen_, last_dir_;
    double npc_h_ = 0.0, player_h_ = 0.0, last_seen_h_ = 0.0;  // heights (grids: 0)

    // Navigation toward the goal.
    bool has_goal_ = false;
    Vec2 goal_;
    Vec3 goal_world_;
    std::vector<Vec3> corners_;
    std::size_t corner_ = 0;
    bool braking_ = false;  // braking for the goal: zero input until stopped
    bool arrived_ = false;

    // Chase.
    chase::ChaseQuery query_;
    double chase_t0_ = 0.0;
    int stimuli_accepted_ = 0;
    std::size_t next_stimulus_ = 0;
    std::vector<Stimulus> stimuli_;
    chase::CellId breadcrumb_cell_ = chase::no_cell;

    // Search.
    std::vector<double>& occupancy_;
    std::vector<double>& scratch_;
    double search_t0_ = 0.0;
    double next_spread_ = 0.0;
    chase::CellId search_target_ = chase::no_cell;
    bool searched_ = false;
    // The in-order total of the map at the last target choice minus the cells cleared since, in clearing
    // order. Kept exactly only when total_exact_; otherwise the choice skipped the total (see
    // choose_search_target) and the cleared cells are logged in the workspace so that it can be rebuilt
    // bit for bit when it matters (total_exhausted).
    double occupancy_total_ = 0.0;
    bool total_exact_ = true;
    bool& symmetric_;
    std::vector<double>& share_;
    std::vector<double>& inverse_degree_;
    // Every cell outside [active_lo_, active_hi_) holds probability exactly 0 (grids: the support grows by
    // one ring of cells per spread, and ids of neighbours differ by at most max_jump_).
    std::size_t active_lo_ = 0;
    std::size_t active_hi_ = 0;
    std::size_t& max_jump_;
    Vec2& bucket_origin_;
    double& bucket_size_;
    int& buckets_x_;
    int& buckets_y_;
    std::vector<std::uint32_t>& bucket_start_;  // CSR: the cells of bucket b are bucket_cells_[start[b]..)
    std::vector<chase::CellId>& bucket_cells_;

    PursuitResult r_;
    bool done_ = false;
};

bool Simulation::sees(Vec2 npc, double npc_h, Vec2 target, double target_h) const {
    const Vec2 d = target - npc;
    const double dh = target_h - npc_h;  // 0 on grids: the distance is the planar one, bit for bit
    const double dist2 = length_squared(d) + dh * dh;
    if (dist2 > s_.view_range * s_.view_range) {
        return false;  // the cheap test first: most cells a search checks are out of range
    }
    const double dist = std::sqrt(dist2);
    const bool contact = dist <= s_.contact_range;
    if (!contact && dist > 0.0 && dot(facing_, d / dist) < cos_half_view_ && s_.view_angle < 360.0) {
        return false;
    }
    return ps_.clear_line(world(npc, npc_h), world(target, target_h));
}

double Simulation::stop_ahead(Vec2 velocity) const {
    return stop_distance(config_.model, velocity, dt_, s_.rest_speed) / s_.model_scale;
}

bool Simulation::stopped() const {
    const double speed = length(model_.velocity);
    return speed == 0.0 ||
           (!std::holds_alternative<movement::UnrealSettings>(config_.model) && speed <= s_.rest_speed);
}

// Plans a path to a new goal (the only time the NPC re-plans, besides recovering a lost corner). `straight`:
// the goal is in sight (engage), so the path is the straight line to it.
void Simulation::set_goal(Vec3 goal, bool straight) {
    if (has_goal_ && goal == goal_world_) {
        return;
    }
    has_goal_ = true;
    goal_ = flat(goal);
    goal_world_ = goal;
    braking_ = false;
    arrived_ = false;
    corner_ = 0;
    if (straight) {
        corners_.clear();
        corners_.push_back(goal);
    } else if (!ps_.plan(npc_world(), goal, corners_)) {
        corners_.clear();  // unreachable: stand still (the state machine moves on when the time runs out)
    }
}

// The corner to steer to: the farthest following corner in sight (the path runs straight where it can see);
// when the current one is out of sight (the NPC was carried off its line), re-plan to the same goal.
Vec2 Simulation::steer_target() {
    const Vec3 p = npc_world();
    while (corner_ + 1 < corners_.size() && ps_.clear_line(p, corners_[corner_ + 1])) {
        ++corner_;
    }
    if (!ps_.clear_line(p, corners_[corner_])) {
        ps_.plan(p, goal_world_, corners_);
        corner_ = 0;
    }
    return corners_.empty() ? flat(p) : flat(corners_[corner_]);
}

// A next state is safe when the move to it and its straight braking line stay on walkable space: braking
// with zero input keeps the velocity's direction in every model, so from a safe state zero input is always
// safe, and the NPC can never leave walkable space or cut a wall corner.
bool Simulation::safe(const movement::PlanarState& next) const {
    const Vec3 from = npc_world();
    const Vec2 to = next.position / s_.model_scale;
    const Vec3 to3 = world(to, xz_ ? ps_.surface_height(from, to) : 0.0);
    if (!ps_.clear_line(from, to3)) {
        return false;
    }
    const double speed = length(next.velocity);
    if (speed == 0.0) {
        return true;
    }
    const Vec2 stop = to + next.velocity / speed * stop_ahead(next.velocity);
    return ps_.clear_line(to3, world(stop, xz_ ? ps_.surface_height(to3, stop) : 0.0));
}

// The input of this step: toward the next corner at full strength, or zero to brake -- for the goal on the
// frame whose exact stop lands nearest it, or for safety.
Vec2 Simulation::drive() {
    if (!has_goal_ || corners_.empty() || arrived_) {
        return {};
    }
    const Vec2 p = npc_position();
    if (braking_) {
        if (!stopped()) {
            return {};
        }
        braking_ = false;  // stopped: arrived when near enough, else steer on
    }
    if (stopped() && length(goal_ - p) <= kArriveDistance) {
        arrived_ = true;
        return {};
    }
    const Vec2 target = steer_target();
    const Vec2 to_target = target - p;
    if (length(to_target) == 0.0) {
        return {};
    }
    const Vec2 input = to_target / length(to_target);
    const movement::PlanarState next = movement::step_unchecked(config_.model, model_, input, dt_);
    if (corner_ + 1 == corners_.size()) {
        const Vec2 v0 = model_.velocity / s_.model_scale;
        const double speed0 = length(v0);
        const Vec2 stop_now = speed0 > 0.0 ? p + v0 / speed0 * stop_ahead(model_.velocity) : p;
        const Vec2 next_p = next.position / s_.model_scale;
        const double speed1 = length(next.velocity);
        const Vec2 stop_next =
            speed1 > 0.0 ? next_p + next.velocity / speed1 * stop_ahead(next.velocity) : next_p;
        if (dot(v0, goal_ - p) >= 0.0 && length(stop_now - goal_) <= length(stop_next - goal_)) {
            braking_ = speed0 > 0.0;
            arrived_ = !braking_;
            return {};
        }
    }
    return safe(next) ? input : Vec2{};
}

void Simulation::record(double t, Vec2 input) {
    PursuitFrame f;
    f.t = t;
    f.state = state_;
    f.player = player_pos_;
    f.npc = npc_position();
    f.npc_velocity = model_.velocity / s_.model_scale;
    f.npc_input = input;
    f.sees_player = sees_;
    f.model = model_;
    f.player_height = player_h_;
    f.npc_height = npc_h_;
    r_.frames.push_back(f);
}

void Simulation::event(double t, EventKind kind, Vec2 position, double h, Vec2 direction, bool accepted) {
    PursuitEvent e;
    e.t = t;
    e.kind = kind;
    e.position = position;
    e.direction = direction;
    e.accepted = accepted;
    e.height = h;
    r_.events.push_back(std::move(e));
}

void Simulation::measure_heading(Vec2 before, Vec2 after) {
    const double a = length(before) / s_.model_scale;
    const double b = length(after) / s_.model_scale;
    if (a < kHeadingMinSpeed || b < kHeadingMinSpeed) {
        return;
    }
    const double angle = std::atan2(std::abs(cross(before, after)), dot(before, after));
    r_.max_heading_rate = std::max(r_.max_heading_rate, angle * 180.0 / kPi / dt_);
}

void Simulation::start_chase(double t, Vec3 from, Vec2 direction, bool first) {
    state_ = NpcState::chase;
    chase_t0_ = t;
    query_ = {};
    query_.position = from;
    query_.direction = world(direction, 0.0);
    PursuitEvent e;
    e.t = t;
    e.kind = EventKind::chase;
    Vec3 destination = from;
    const Strategy st = s_.strategy;
    if (st == Strategy::flood || st == Strategy::flood_paced) {
        const chase::ChaseResult shot = chase::run_chase(space_, shot_, query_);
        e.chase_json = chase::chase_json(space_, shot_, shot, config_.map);
        if (r_.chase_heat.empty()) {
            r_.chase_heat.resize(space_.cells().size());
            for (chase::CellId c = 0; c < space_.cells().size(); ++c) {
                r_.chase_heat[c] = shot_.value(c);
            }
        }
        if (st == Strategy::flood) {
            destination = shot.flood.destination;
        } else {
            chase::start_chase(space_, flood_, query_);
            destination = flood_.result().destination;
        }
    } else if (st == Strategy::dead_reckoning) {
        const double distance =
            chase::default_dead_reckoning_distance(config_.flood.max_steps, space_.cells().cell_size());
        destination = space_.dead_reckoning(query_.position, query_.direction, distance).position;
    } else if (st == Strategy::breadcrumbs) {
        breadcrumb_cell_ = ps_.cell_of(world(player_pos_, player_h_));
        destination = space_.cells().position(breadcrumb_cell_);
    }
    destination = world(flat(destination), height(destination));  // grids: z = 0
    e.position = flat(destination);
    e.height = height(destination);
    if (!first) {
        ++r_.destination_changes;
    }
    r_.events.push_back(std::move(e));
    set_goal(destination, false);
}

void Simulation::lose_sight(double t) {
    event(t, EventKind::lost_sight, last_seen_, last_seen_h_, last_dir_);
    start_chase(t, world(last_seen_, last_seen_h_), last_dir_, true);
}

// Destinations that move while the NPC runs: the paced flood's and the player's trail.
void Simulation::update_chase(double t) {
    if (s_.strategy == Strategy::flood_paced && !flood_.finished()) {
        const int before = flood_.steps();
        flood_.advance_until(t - chase_t0_, s_.player_speed);
        if (flood_.steps() != before) {
            const Vec3 d = flood_.result().destination;
            if (flat(d) != goal_) {
                ++r_.destination_changes;
                set_goal(world(flat(d), height(d)), false);
            }
        }
    } else if (s_.strategy == Strategy::breadcrumbs) {
        const chase::CellId c = ps_.cell_of(world(player_pos_, player_h_));
        if (c != breadcrumb_cell_) {
            breadcrumb_cell_ = c;
            ++r_.destination_changes;
            const Vec3 w = space_.cells().position(c);
            set_goal(world(flat(w), height(w)), false);
        }
    }
    const bool paced_running = s_.strategy == Strategy::flood_paced && !flood_.finished();
    if (arrived_ && !paced_running) {
        event(t, EventKind::arrived, goal_, height(goal_world_));
        start_search(t);
    }
}

void Simulation::start_search(double t) {
    state_ = NpcState::search;
    searched_ = true;
    search_t0_ = t;
    event(t, EventKind::search, npc_position(), npc_h_);
    const chase::CellSpace& cells = space_.cells();
    prepare_search();
    std::fill(occupancy_.begin(), occupancy_.end(), 0.0);
    std::fill(scratch_.begin(), scratch_.end(), 0.0);
    const bool flooded = s_.strategy == Strategy::flood || s_.strategy == Strategy::flood_paced;
    const chase::Flood& f = s_.strategy == Strategy::flood ? shot_ : flood_;
    double total = 0.0;
    if (flooded && f.started()) {
        // Isla 2013: start from the flood's warm cells in proportion to their heat.
        for (const chase::CellId c : f.heated_cells()) {
            const int v = f.value(c);
            if (v > 0) {
                occupancy_[c] = v;
                total += v;
            }
        }
    }
    if (total == 0.0) {
        occupancy_[ps_.cell_of(goal_world_)] = 1.0;
        total = 1.0;
    }
    active_lo_ = occupancy_.size();
    active_hi_ = 0;
    for (std::size_t c = 0; c < occupancy_.size(); ++c) {
        if (occupancy_[c] != 0.0) {
            occupancy_[c] /= total;
            active_lo_ = std::min(active_lo_, c);
            active_hi_ = c + 1;
        }
    }
    if (!symmetric_) {
        active_lo_ = 0;
        active_hi_ = occupancy_.size();
    }
    next_spread_ = t + cells.cell_size() / s_.player_speed;
    search_target_ = chase::no_cell;
    occupancy_total_ = 1.0;
    total_exact_ = true;
}

// Spread: each time the player could have moved one cell, a share of every cell's probability moves evenly
// to its neighbours. Returns true when it ran.
bool Simulation::spread_occupancy(double t) {
    const chase::CellSpace& cells = space_.cells();
    bool spread = false;
    while (t + 1e-12 >= next_spread_) {
        if (symmetric_) {
            spread_gather(cells);
        } else {
            spread_scatter(cells);
        }
        occupancy_.swap(scratch_);
        next_spread_ += cells.cell_size() / s_.player_speed;
        spread = true;
    }
    return spread;
}

// With symmetric neighbour lists (grids) the cells sending to c are exactly c's neighbours, so each cell
// gathers: p'(c) = (1 - s) p(c) + sum over neighbours n of s p(n) / deg(n). Sequential reads instead of
// scattered writes; the same sums in a fixed order, so deterministic. Only the active range and one jump
// around it can be non-zero after the spread: the rest keeps exactly 0 (adding zeros changes no sum).
void Simulation::spread_gather(const chase::CellSpace& cells) {
    const std::size_t n = cells.size();
    const std::size_t lo = active_lo_ > max_jump_ ? active_lo_ - max_jump_ : 0;
    const std::size_t hi = std::min(n, active_hi_ + max_jump_);
    // The shares read: those of the neighbours of [lo, hi), zero outside the old active range.
    const std::size_t share_lo = lo > max_jump_ ? lo - max_jump_ : 0;
    const std::size_t share_hi = std::min(n, hi + max_jump_);
    // Locals and restrict pointers: a store through share_ could otherwise alias s_.spread, which kept the
    // loop scalar with a reload per cell.
    const double spread = s_.spread;
    double* __restrict share = share_.data();
    const double* __restrict q = occupancy_.data();
    const double* __restrict inverse = inverse_degree_.data();
    for (std::size_t c = share_lo; c < share_hi; ++c) {
        share[c] = q[c] * spread * inverse[c];
    }
    const chase::CellId* padded = cells.padded_neighbour_ids().data();
    switch (cells.padded_stride()) {
        case 8:
            gather_cells<8>(padded, lo, hi);
            break;
        case 4:
            gather_cells<4>(padded, lo, hi);
            break;
        default:
            for (std::size_t c = lo; c < hi; ++c) {
                scratch_[c] = gather_one(cells, c);
            }
    }
    active_lo_ = lo;
    active_hi_ = hi;
}

// One cell's gather over its CSR neighbour list (spaces with more than 8 neighbours per cell).
double Simulation::gather_one(const chase::CellSpace& cells, std::size_t c) const {
    double sum = 0.0;
    for (const chase::CellId nb : cells.neighbours(static_cast<chase::CellId>(c))) {
        sum += share_[nb];
    }
    const double kept = inverse_degree_[c] > 0.0 ? occupancy_[c] * (1.0 - s_.spread) : occupancy_[c];
    return kept + sum;
}

// The gather over [lo, hi): stencil runs (see build_gather_runs) by their offsets, the cells between them
// by their padded lists. Both add each cell's shares in its list order, so the sums are the same bit for bit.
template <std::uint32_t Stride>
void Simulation::gather_cells(const chase::CellId* padded, std::size_t lo, std::size_t hi) {
    const std::vector<detail::Workspace::GatherRun>& runs = ws_.gather_runs;
    auto run =
        std::upper_bound(runs.begin(), runs.end(), lo,
                         [](std::size_t c, const detail::Workspace::GatherRun& r) { return c < r.end; });
    std::size_t c = lo;
    for (; c < hi && run != runs.end(); ++run) {
        const std::size_t begin = std::min(std::max(run->begin, c), hi);
        const std::size_t end = std::min(run->end, hi);
        gather_padded<Stride>(padded, c, begin);
        gather_run<Stride>(run->offset.data(), begin, end);
        c = std::max(c, end);
    }
    gather_padded<Stride>(padded, c, hi);
}

template <std::uint32_t Stride>
void Simulation::gather_run(const std::ptrdiff_t* offset, std::size_t lo, std::size_t hi) {
    const RunSums sums{share_.data(), occupancy_.data(), scratch_.data(), offset, 1.0 - s_.spread};
    run_sums<Stride>(sums, lo, hi);
}

// Stencil runs: on a grid, cells in the open (all 8 neighbours, in ascending id order) next to each other
// in a row have neighbour lists that differ by exactly one id per entry (86 % of den520d's cells, in runs
// of 33 on average). Found from the padded lists alone, so any space qualifies; runs shorter than 4 cells
// are left to the padded path.
void Simulation::build_gather_runs() {
    ws_.gather_runs.clear();
    const chase::CellSpace& cells = space_.cells();
    const std::uint32_t stride = cells.padded_stride();
    if (stride == 0) {
        return;
    }
    const std::size_t n = cells.size();
    const chase::CellId* padded = cells.padded_neighbour_ids().data();
    const auto full = [&](std::size_t c) {
        return std::find(padded + c * stride, padded + (c + 1) * stride, static_cast<chase::CellId>(n)) ==
               padded + (c + 1) * stride;
    };
    const auto follows = [&](std::size_t c) {  // c's list is c - 1's plus one, entry by entry
        for (std::uint32_t i = 0; i < stride; ++i) {
            if (padded[c * stride + i] != padded[(c - 1) * stride + i] + 1) {
                return false;
            }
        }
        return true;
    };
    constexpr std::size_t min_run = 4;
    std::size_t c = 0;
    while (c < n) {
        if (!full(c)) {
            ++c;
            continue;
        }
        std::size_t end = c + 1;
        while (end < n && full(end) && follows(end)) {
            ++end;
        }
        if (end - c >= min_run) {
            detail::Workspace::GatherRun run;
            run.begin = c;
            run.end = end;
            for (std::uint32_t i = 0; i < stride; ++i) {
                run.offset[i] =
                    static_cast<std::ptrdiff_t>(padded[c * stride + i]) - static_cast<std::ptrdiff_t>(c);
            }
            ws_.gather_runs.push_back(run);
        }
        c = end;
    }
}

// The gather over padded lists (filler id n reads share_[n] = 0: a fixed trip count, no mispredicted loop
// exits along walls; adding 0 changes no sum). Four cells at a time: four independent chains of additions,
// each in its cell's list order, so every sum is bit for bit the one-cell loop's while the chains overlap.
template <std::uint32_t Stride>
void Simulation::gather_padded(const chase::CellId* padded, std::size_t lo, std::size_t hi) {
    const double* share = share_.data();
    const double keep = 1.0 - s_.spread;
    std::size_t c = lo;
    for (; c + 4 <= hi; c += 4) {
        const chase::CellId* p = padded + c * Stride;
        double sum[4] = {0.0, 0.0, 0.0, 0.0};
        for (std::uint32_t i = 0; i < Stride; ++i) {
            for (std::uint32_t k = 0; k < 4; ++k) {
                sum[k] += share[p[k * Stride + i]];
            }
        }
        for (std::uint32_t k = 0; k < 4; ++k) {
            const double q = occupancy_[c + k];
            scratch_[c + k] = (inverse_degree_[c + k] > 0.0 ? q * keep : q) + sum[k];
        }
    }
    for (; c < hi; ++c) {
        const chase::CellId* p = padded + c * Stride;
        double sum = 0.0;
        for (std::uint32_t i = 0; i < Stride; ++i) {
            sum += share[p[i]];
        }
        const double q = occupancy_[c];
        scratch_[c] = (inverse_degree_[c] > 0.0 ? q * keep : q) + sum;
    }
}

void Simulation::spread_scatter(const chase::CellSpace& cells) {
    std::fill(scratch_.begin(), scratch_.end(), 0.0);
    for (chase::CellId c = 0; c < cells.size(); ++c) {
        if (occupancy_[c] == 0.0) {
            continue;  // the support grows by one ring of cells per spread: skip the rest
        }
        const auto nbs = cells.neighbours(c);
        const double moving = nbs.empty() ? 0.0 : occupancy_[c] * s_.spread;
        scratch_[c] += occupancy_[c] - moving;
        for (const chase::CellId nb : nbs) {
            scratch_[nb] += moving / static_cast<double>(nbs.size());
        }
    }
}

bool symmetric_neighbours(const chase::CellSpace& cells) {
    for (chase::CellId c = 0; c < cells.size(); ++c) {
        for (const chase::CellId nb : cells.neighbours(c)) {
            const auto back = cells.neighbours(nb);
            if (std::find(back.begin(), back.end(), c) == back.end()) {
                return false;
            }
        }
    }
    return true;
}

// Clears the cells the NPC sees (only cells within view range can be seen: the buckets of the square around
// it). Returns true when the search target was among them.
bool Simulation::clear_seen(Vec2 p) {
    bool target_cleared = false;
    // The centres' array: planar_position is a binary search per call on a grid's space (same values).
    const chase::CellSpace& cells = space_.cells();
    const Vec2* centre = cells.planar_positions().data();
    const auto [b0x, b0y] = bucket_of(p - Vec2{s_.view_range, s_.view_range});
    const auto [b1x, b1y] = bucket_of(p + Vec2{s_.view_range, s_.view_range});
    for (int by = b0y; by <= b1y; ++by) {
        for (int bx = b0x; bx <= b1x; ++bx) {
            const std::size_t b = static_cast<std::size_t>(by) * static_cast<std::size_t>(buckets_x_) +
                                  static_cast<std::size_t>(bx);
            const auto [first, last] = rows_in_range(b, p.y);
            for (std::uint32_t i = first; i < last; ++i) {
                const chase::CellId c = bucket_cells_[i];
                if (occupancy_[c] > 0.0 && sees(p, npc_h_, centre[c], xz_ ? cells.position(c).y : 0.0)) {
                    if (total_exact_) {
                        occupancy_total_ -= occupancy_[c];
                    } else {
                        ws_.cleared.push_back({c, occupancy_[c]});
                    }
                    occupancy_[c] = 0.0;
                    target_cleared = target_cleared || c == search_target_;
                }
            }
        }
    }
    return target_cleared;
}

// The part of bucket b's cell list worth testing from an NPC at planar y = py: where the bucket's centres
// have non-decreasing y (grids: ids are row-major), the leading and trailing cells whose fl(dy * dy) alone
// exceeds the squared view range are skipped -- sees() would reject them, since its squared distance adds
// non-negative terms to that one. The rest keeps its order, so the clearing order is unchanged.
std::pair<std::uint32_t, std::uint32_t> Simulation::rows_in_range(std::size_t b, double py) const {
    const std::uint32_t* begin = bucket_cells_.data() + bucket_start_[b];
    const std::uint32_t* end = bucket_cells_.data() + bucket_start_[b + 1];
    if (ws_.buckets_sorted_by_y) {
        const Vec2* centre = space_.cells().planar_positions().data();
        const double range2 = s_.view_range * s_.view_range;
        const auto out_of_range = [&](chase::CellId c) {
            const double dy = centre[c].y - py;
            return dy * dy > range2;
        };
        begin = std::partition_point(begin, end, [&](chase::CellId c) {
            return centre[c].y < py && out_of_range(c);  // below the NPC and out of range
        });
        end = std::partition_point(begin, end, [&](chase::CellId c) {
            return !(centre[c].y > py && out_of_range(c));  // not yet above the NPC and out of range
        });
    }
    return {static_cast<std::uint32_t>(begin - bucket_cells_.data()),
            static_cast<std::uint32_t>(end - bucket_cells_.data())};
}

// Picks the most probable cell (ties: nearest to the NPC, then lowest id). The map is kept unnormalised:
// the spread is linear and the choice scale-free, so it is rescaled only to keep its numbers far from
// underflow, and normalised when reported. If everything was seen, it starts again from every cell out of
// sight.
void Simulation::choose_search_target(Vec2 p) {
    const chase::CellSpace& cells = space_.cells();
    const std::size_t n = cells.size();
    const double best_p = max_occupancy();
    if (best_p == 0.0) {
        const Vec2* centre = cells.planar_positions().data();  // not planar_position: see clear_seen
        for (chase::CellId c = 0; c < n; ++c) {
            occupancy_[c] = sees(p, npc_h_, centre[c], xz_ ? cells.position(c).y : 0.0) ? 0.0 : 1.0;
        }
        active_lo_ = 0;
        active_hi_ = n;
        if (std::find(occupancy_.begin(), occupancy_.end(), 1.0) != occupancy_.end()) {
            choose_search_target(p);
        }
        return;
    }
    const chase::CellId best = nearest_with(best_p, p);
    // The total decides two things: the rescaling below (the in-order sum of non-negative numbers is at
    // least their largest, so it is needed only when best_p < 1e-200) and, through occupancy_total_, whether
    // the next frames choose again (total_exhausted). It is a chain of n dependent additions, so it is
    // computed only when one of them needs it; the cleared cells are logged meanwhile.
    if (best_p < kRescaleBelow || n > kLazyTotalCells) {
        double total = in_order_total();
        if (total < kRescaleBelow) {
            for (double& q : occupancy_) {
                q /= total;
            }
            total = 1.0;
        }
        occupancy_total_ = total;
        total_exact_ = true;
    } else {
        total_exact_ = false;
        ws_.cleared.clear();
    }
    if (best != search_target_) {
        search_target_ = best;
        const Vec3 w = cells.position(best);
        set_goal(world(flat(w), height(w)), false);
    }
}

// The largest probability (exact in any order: max is associative), in eight independent lanes, and the
// largest of every block of kMaxBlock cells from active_lo_ (the workspace's block_max), so that
// nearest_with looks only into the blocks holding it.
double Simulation::max_occupancy() {
    const double* q = occupancy_.data();
    std::vector<double>& block_max = ws_.block_max;
    block_max.clear();  // reserved in prepare_search: no allocation
    double best = 0.0;
    for (std::size_t b = active_lo_; b < active_hi_; b += kMaxBlock) {
        const std::size_t end = std::min(b + kMaxBlock, active_hi_);
        double m[8] = {};
        std::size_t c = b;
        for (; c + 8 <= end; c += 8) {
            for (std::size_t k = 0; k < 8; ++k) {
                m[k] = q[c + k] > m[k] ? q[c + k] : m[k];
            }
        }
        double block = *std::max_element(m, m + 8);
        for (; c < end; ++c) {
            block = std::max(block, q[c]);
        }
        block_max.push_back(block);
        best = std::max(best, block);
    }
    return best;
}

// Among the cells holding exactly q: the nearest to p, then the lowest id (blocks in id order, cells in id
// order within a block, a strictly nearer cell replacing the best).
chase::CellId Simulation::nearest_with(double q, Vec2 p) const {
    const Vec2* centre = space_.cells().planar_positions().data();
    chase::CellId best = chase::no_cell;
    double best_d = 0.0;
    for (std::size_t i = 0; i < ws_.block_max.size(); ++i) {
        if (ws_.block_max[i] != q) {
            continue;
        }
        const std::size_t b = active_lo_ + i * kMaxBlock;
        for (std::size_t c = b; c < std::min(b + kMaxBlock, active_hi_); ++c) {
            if (occupancy_[c] != q) {
                continue;
            }
            const double d = length_squared(centre[c] - p);  // the order of the distances
            if (best == chase::no_cell || d < best_d) {
                best = static_cast<chase::CellId>(c);
                best_d = d;
            }
        }
    }
    return best;
}

// The map's total, added in id order (the order every earlier version used: results bit for bit).
double Simulation::in_order_total() const {
    double total = 0.0;
    for (std::size_t c = active_lo_; c < active_hi_; ++c) {
        total += occupancy_[c];
    }
    return total;
}

// Whether the running total (the last choice's total minus the cells cleared since) is <= 0, which makes
// the next frame choose again. While the target holds probability the exact value is positive: the map's
// true total at the choice was at least the target's share q*, the rounding of the n-term sum and of the
// subtractions is at most about 2 n^2 2^-53 q* (every term is at most q*), below q* for n <= 2^24 cells
// (kLazyTotalCells). Otherwise -- every cell was seen, the map is empty and the residue of rounding decides
// -- the total is rebuilt exactly: the map at the choice is today's plus the logged cleared cells.
bool Simulation::total_exhausted() {
    if (total_exact_) {
        return occupancy_total_ <= 0.0;
    }
    if (search_target_ != chase::no_cell && occupancy_[search_target_] > 0.0) {
        return false;
    }
    for (const detail::Workspace::Cleared& e : ws_.cleared) {
        occupancy_[e.cell] = e.value;
    }
    const std::size_t lo = active_lo_;
    const std::size_t hi = active_hi_;
    active_lo_ = 0;  // cells outside the range hold 0, which adds nothing
    active_hi_ = occupancy_.size();
    double total = in_order_total();
    active_lo_ = lo;
    active_hi_ = hi;
    for (const detail::Workspace::Cleared& e : ws_.cleared) {
        occupancy_[e.cell] = 0.0;
        total -= e.value;
    }
    occupancy_total_ = total;
    total_exact_ = true;
    return occupancy_total_ <= 0.0;
}

// Clearing only lowers probabilities, so the target can change only when it is seen itself or after a
// spread: the map is renormalised and the target re-chosen then (the NPC re-plans only when its goal
// changes).
void Simulation::update_search(double t) {
    const bool spread = spread_occupancy(t);
    const Vec2 p = npc_position();
    const bool target_seen = clear_seen(p);
    if (spread || target_seen || search_target_ == chase::no_cell || total_exhausted()) {
        choose_search_target(p);
    }
}

void Simulation::build_buckets() {
    // A uniform bucket grid over the cells' planar positions, buckets at least view_range wide (capped at
    // 2^20 buckets), so that clearing what the NPC sees scans only nearby cells.
    const chase::CellSpace& cells = space_.cells();
    Vec2 lo = cells.planar_position(0);
    Vec2 hi = lo;
    for (const Vec2 q : cells.planar_positions()) {
        lo = {std::min(lo.x, q.x), std::min(lo.y, q.y)};
        hi = {std::max(hi.x, q.x), std::max(hi.y, q.y)};
    }
    bucket_origin_ = lo;
    bucket_size_ = std::max({s_.view_range, cells.cell_size(), 1e-9});
    const double span = std::max(hi.x - lo.x, hi.y - lo.y);
    bucket_size_ = std::max(bucket_size_, span / 1024.0);
    buckets_x_ = static_cast<int>((hi.x - lo.x) / bucket_size_) + 1;
    buckets_y_ = static_cast<int>((hi.y - lo.y) / bucket_size_) + 1;
    const std::size_t count = static_cast<std::size_t>(buckets_x_) * static_cast<std::size_t>(buckets_y_);
    bucket_start_.assign(count + 1, 0);
    std::vector<std::uint32_t> of(cells.size());
    for (chase::CellId c = 0; c < cells.size(); ++c) {
        const auto [bx, by] = bucket_of(cells.planar_positions()[c]);
        of[c] = static_cast<std::uint32_t>(by * buckets_x_ + bx);
        ++bucket_start_[of[c] + 1];
    }
    for (std::size_t b = 0; b < count; ++b) {
        bucket_start_[b + 1] += bucket_start_[b];
    }
    bucket_cells_.resize(cells.size());
    std::vector<std::uint32_t> fill(bucket_start_.begin(), bucket_start_.end() - 1);
    for (chase::CellId c = 0; c < cells.size(); ++c) {
        bucket_cells_[fill[of[c]]++] = c;
    }
    ws_.buckets_sorted_by_y = true;
    for (std::size_t b = 0; b < count; ++b) {
        for (std::uint32_t i = bucket_start_[b] + 1; i < bucket_start_[b + 1]; ++i) {
            if (cells.planar_positions()[bucket_cells_[i]].y <
                cells.planar_positions()[bucket_cells_[i - 1]].y) {
                ws_.buckets_sorted_by_y = false;
            }
        }
    }
}

std::pair<int, int> Simulation::bucket_of(Vec2 q) const {
    const auto clamp_index = [](double v, int n) {
        return static_cast<int>(std::clamp(std::floor(v), 0.0, static_cast<double>(n - 1)));
    };
    return {clamp_index((q.x - bucket_origin_.x) / bucket_size_, buckets_x_),
            clamp_index((q.y - bucket_origin_.y) / bucket_size_, buckets_y_)};
}

void Simulation::handle_stimuli(double t1) {
    while (next_stimulus_ < stimuli_.size() && stimuli_[next_stimulus_].time <= t1) {
        const Stimulus& st = stimuli_[next_stimulus_++];
        const int cap = config_.flood.max_restarts;
        const bool accepted = state_ != NpcState::engage && (cap < 0 || stimuli_accepted_ < cap);
        const double h = xz_ ? ps_.place(world(st.position, st.height)).y : 0.0;
        event(t1, EventKind::stimulus, st.position, h, {}, accepted);
        if (accepted) {
            ++stimuli_accepted_;
            // A noise has a place but no direction: the flood makes no barrier.
            start_chase(t1, world(st.position, h), {}, false);
        }
    }
}

// The search's arrays, built at the first search only: most pursuits re-acquire during the chase and never
// need them (a batch runs thousands of pursuits); the workspace keeps them for the next pursuit on the same
// space and view range.
void Simulation::prepare_search() {
    const std::size_t n = space_.cells().size();
    if (ws_.cells == &space_.cells() && ws_.view_range == s_.view_range && occupancy_.size() == n) {
        return;
    }
    ws_.cells = &space_.cells();
    ws_.view_range = s_.view_range;
    max_jump_ = 0;
    occupancy_.assign(n, 0.0);
    scratch_.assign(n, 0.0);
    build_buckets();
    symmetric_ = symmetric_neighbours(space_.cells());
    ws_.block_max.reserve(n / kMaxBlock + 1);
    ws_.cleared.reserve(n);  // each cell is logged at most once between two choices
    build_gather_runs();
    share_.assign(n + 1, 0.0);  // share_[n] = 0: the padded neighbour lists' filler
    inverse_degree_.assign(n, 0.0);
    for (chase::CellId c = 0; c < n; ++c) {
        const auto nbs = space_.cells().neighbours(c);
        inverse_degree_[c] = nbs.empty() ? 0.0 : 1.0 / static_cast<double>(nbs.size());
        for (const chase::CellId nb : nbs) {
            max_jump_ = std::max<std::size_t>(max_jump_, nb > c ? nb - c : c - nb);
        }
    }
}

PursuitResult Simulation::run() {
    stimuli_ = scenario_.stimuli;
    std::stable_sort(stimuli_.begin(), stimuli_.end(),
                     [](const Stimulus& a, const Stimulus& b) { return a.time < b.time; });
    const auto steps = static_cast<std::int64_t>(std::ceil(s_.max_time * s_.hz - 1e-9));
    r_.frames = std::move(ws_.frames);  // a buffer of an earlier pursuit, if any
    r_.frames.clear();
    r_.frames.reserve(static_cast<std::size_t>(steps) + 1);
    model_.position = scenario_.npc * s_.model_scale;
    player_.at(0.0, player_pos_, player_dir_);
    if (xz_) {
        npc_h_ = ps_.place(world(scenario_.npc, scenario_.npc_height)).y;
        player_h_ = ps_.place(world(scenario_.route.front(), scenario_.route_height(0))).y;
    }
    const Vec2 npc = scenario_.npc;
    facing_ = scenario_.npc_direction ? normalized_or_zero(*scenario_.npc_direction)
                                      : normalized_or_zero(player_pos_ - npc);
    if (length(facing_) == 0.0) {
        facing_ = {1.0, 0.0};
    }
    sees_ = sees(npc, npc_h_, player_pos_, player_h_);
    state_ = NpcState::engage;
    last_seen_ = player_pos_;
    last_seen_h_ = player_h_;
    last_dir_ = player_dir_;
    bool lost = false;
    double lost_t = 0.0;
    if (!sees_) {
        lost = true;
        lose_sight(0.0);
    }
    record(0.0, {});
    for (std::int64_t k = 0; k < steps && !done_; ++k) {
        const double t1 = static_cast<double>(k + 1) / s_.hz;
        if (state_ == NpcState::engage) {
            set_goal(world(player_pos_, player_h_), true);
        }
        const Vec3 player_before = world(player_pos_, player_h_);
        player_.at(t1, player_pos_, player_dir_);
        if (xz_) {
            player_h_ = ps_.surface_height(player_before, player_pos_);
        }
        handle_stimuli(t1);
        const Vec2 input = drive();
        const Vec2 v_before = model_.velocity;
        const Vec3 npc_before = npc_world();
        model_ = movement::step_unchecked(config_.model, model_, input, dt_);
        if (xz_) {
            npc_h_ = ps_.surface_height(npc_before, npc_position());
        }
        measure_heading(v_before, model_.velocity);
        if (length(model_.velocity) > 0.0) {
            facing_ = normalized_or_zero(model_.velocity);
        }
        sees_ = sees(npc_position(), npc_h_, player_pos_, player_h_);
        if (sees_) {
            if (state_ != NpcState::engage) {
                r_.reacquired_in = state_;
                event(t1, EventKind::reacquired, player_pos_, player_h_);
                r_.outcome = Outcome::reacquired;
                r_.time_to_reacquire = t1 - lost_t;
                state_ = NpcState::engage;
                done_ = true;
            }
            last_seen_ = player_pos_;
            last_seen_h_ = player_h_;
            last_dir_ = player_dir_;
        } else if (state_ == NpcState::engage) {
            if (!lost) {
                lost = true;
                lost_t = t1;
            }
            lose_sight(t1);
        } else if (state_ == NpcState::chase) {
            update_chase(t1);
        }
        if (!done_ && state_ == NpcState::search) {
            if (t1 - search_t0_ >= s_.search_time) {
                state_ = NpcState::gave_up;
                event(t1, EventKind::gave_up, npc_position(), npc_h_);
                r_.outcome = Outcome::gave_up;
                done_ = true;
            } else {
                update_search(t1);
            }
        }
        if (!done_ && !lost && state_ == NpcState::engage && player_dir_ == Vec2{} && arrived_) {
            done_ = true;  // the player stands at the route's end and the NPC has stopped by them
        }
        record(t1, input);
    }
    if (!done_) {
        r_.outcome = lost ? Outcome::timeout : Outcome::never_lost;
    }
    if (lost && r_.outcome != Outcome::reacquired) {
        r_.time_to_reacquire = -1.0;
    }
    r_.npc_distance =
        xz_ ? length(world(player_pos_, player_h_) - npc_world()) : length(player_pos_ - npc_position());
    r_.dimensions = ps_.dimensions();
    if (searched_) {
        // As the search left it, normalised (cells seen since the last renormalisation hold 0).
        r_.occupancy = occupancy_;
        double total = 0.0;
        for (const double q : r_.occupancy) {
            total += q;
        }
        for (double& q : r_.occupancy) {
            q = total > 0.0 ? q / total : 0.0;
        }
    }
    return std::move(r_);
}

}  // namespace

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
    detail::Workspace workspace;
    return detail::run_pursuit(space, scenario, config, workspace);
}

PursuitResult detail::run_pursuit(PursuitSpace& space, const PursuitScenario& scenario,
                                  const PursuitConfig& config, Workspace& workspace) {
    throw_if_invalid("PursuitSettings", config.settings.validate());
    movement::throw_if_invalid(config.model);
    throw_if_invalid("FloodSettings", config.flood.validate());
    throw_if_invalid("pursuit scenario", scenario.validate(space));
    Simulation sim(space, scenario, config, workspace);
    return sim.run();
}

}  // namespace kinema::pursuit
