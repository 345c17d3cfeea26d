// The chase strategies' rows (strategy.hpp; docs/pursuit.md "Strategies").
#include "strategy.hpp"

#include <array>
#include <cmath>

#include "kinema/chase/dead_reckoning.hpp"

namespace kinema::pursuit::detail {

namespace {

using Result = std::optional<chase::ChaseResult>;

// The single shot of the flood strategies: run to the end (`kinema pursue`), or started and advanced by the
// step budget (Couvidou, section 6: "a fixed number of propagation steps per frame"). True when finished
// (then `result` is set).
bool shot_step(ChaseMemory& m, const ChaseInputs& in, Result& result, bool start) {
    const chase::ChaseSpace& space = in.space.chase_space();
    const int budget = in.settings.flood_steps_per_tick;
    if (start && budget == 0) {
        m.shot_pending = false;
        result.emplace(chase::run_chase(space, m.shot, m.query));
        return true;
    }
    if (start) {
        chase::start_chase(space, m.shot, m.query);
    }
    m.shot_pending = !m.shot.advance(budget);
    if (!m.shot_pending) {
        result.emplace(chase::chase_result(space, m.shot, m.query));
    }
    return !m.shot_pending;
}

// The chapter's flood, single shot (Couvidou, Dishonored 2 chase chapter, section 3). While it is
// time-sliced, the NPC heads for the last seen position.
Vec3 flood_destination(ChaseMemory& m, const ChaseInputs& in, Result& result) {
    return shot_step(m, in, result, true) ? result->flood.destination : m.query.position;
}

std::optional<Vec3> flood_frame(ChaseMemory& m, const ChaseInputs& in, double, Result& result) {
    if (m.shot_pending && shot_step(m, in, result, false)) {
        return in.frame.on_plane(result->flood.destination);
    }
    return std::nullopt;
}

// The same flood advanced at the player's run speed while the NPC runs (section 6); the single shot is
// still reported, as `kinema chase` would print it.
Vec3 paced_destination(ChaseMemory& m, const ChaseInputs& in, Result& result) {
    shot_step(m, in, result, true);
    chase::start_chase(in.space.chase_space(), m.flood, m.query);
    return m.flood.result().destination;
}

std::optional<Vec3> paced_frame(ChaseMemory& m, const ChaseInputs& in, double t, Result& result) {
    if (m.shot_pending) {
        shot_step(m, in, result, false);
    }
    if (m.flood.finished()) {
        return std::nullopt;
    }
    const int before = m.flood.steps();
    m.flood.advance_until(t - m.t0, in.settings.reasoning.player_speed);
    if (m.flood.steps() != before) {
        const Vec3 d = m.flood.result().destination;
        if (in.frame.flat(d) != in.goal) {
            return in.frame.on_plane(d);
        }
    }
    return std::nullopt;
}

// Straight on from the last seen position until a wall (section 2).
Vec3 dead_reckoning_destination(ChaseMemory& m, const ChaseInputs& in, Result&) {
    const chase::ChaseSpace& space = in.space.chase_space();
    const double distance =
        chase::default_dead_reckoning_distance(in.flood.max_steps, space.cells().cell_size());
    return space.dead_reckoning(m.query.position, m.query.direction, distance).position;
}

// The original Dishonored's trail: the cell the player is in now (omniscient).
Vec3 breadcrumb_destination(ChaseMemory& m, const ChaseInputs& in, Result&) {
    m.breadcrumb = in.space.cell_of(in.player);
    return in.space.chase_space().cells().position(m.breadcrumb);
}

std::optional<Vec3> breadcrumb_frame(ChaseMemory& m, const ChaseInputs& in, double, Result&) {
    const chase::CellId c = in.space.cell_of(in.player);
    if (c == m.breadcrumb) {
        return std::nullopt;
    }
    m.breadcrumb = c;
    return in.frame.on_plane(in.space.chase_space().cells().position(c));
}

Vec3 last_known_destination(ChaseMemory& m, const ChaseInputs&, Result&) {
    return m.query.position;
}

// Intercept (docs/pursuit.md "Intercept"): from the finished single shot, either straight on (a flood that
// stopped as too_many_heated within intercept_open_steps: open ground, where dead reckoning re-acquires
// more often, docs/pursuit.md "On every shared map") or the warm cells' centroid weighted by heat^front_power
// x (1 + heading_weight x max(0, cos)) toward the last seen direction, then the heated cell nearest it (ties
// to the lowest id, as the chapter's destination). Only the sighting and the level are read.
Vec3 intercept_target(ChaseMemory& m, const ChaseInputs& in, const chase::FloodResult& r) {
    const InterceptSettings& k = in.settings.intercept;
    if (r.stop_reason == chase::StopReason::too_many_heated && r.steps < k.intercept_open_steps) {
        Result unused;  // dead reckoning reports no chase result
        const Vec3 ahead = dead_reckoning_destination(m, in, unused);
        const double cell = in.space.chase_space().cells().cell_size();
        const Vec2 run = in.frame.flat(ahead) - in.frame.flat(m.query.position);
        m.straight = std::hypot(run.x, run.y) >= k.intercept_straight_cells * cell;
        if (m.straight) {
            return ahead;
        }
    }
    const chase::CellSpace& cells = in.space.chase_space().cells();
    const Vec2 seed = cells.planar_position(r.seed_cell);
    const Vec2 dir = cells.planar(m.query.direction);
    const double dir_len = std::hypot(dir.x, dir.y);
    Vec2 sum{0.0, 0.0};
    double total = 0.0;
    for (const chase::CellId c : m.shot.heated_cells()) {
        const int heat = m.shot.value(c);
        if (heat <= 0) {
            continue;
        }
        const Vec2 p = cells.planar_position(c);
        double w = std::pow(static_cast<double>(heat), k.intercept_front_power);
        const Vec2 off{p.x - seed.x, p.y - seed.y};
        const double off_len = std::hypot(off.x, off.y);
        if (dir_len > 0.0 && off_len > 0.0) {
            const double cosine = (off.x * dir.x + off.y * dir.y) / (off_len * dir_len);
            w *= 1.0 + k.intercept_heading_weight * std::max(0.0, cosine);
        }
        sum = {sum.x + w * p.x, sum.y + w * p.y};
        total += w;
    }
    const Vec2 centroid{sum.x / total, sum.y / total};
    chase::CellId best = r.destination_cell;
    double best_d = INFINITY;
    for (const chase::CellId c : m.shot.heated_cells()) {
        const Vec2 p = cells.planar_position(c);
        const double d = std::hypot(p.x - centroid.x, p.y - centroid.y);
        if (d < best_d || (d == best_d && c < best)) {
            best = c;
            best_d = d;
        }
    }
    return cells.position(best);
}

Vec3 intercept_destination(ChaseMemory& m, const ChaseInputs& in, Result& result) {
    m.straight = false;
    return shot_step(m, in, result, true) ? intercept_target(m, in, result->flood) : m.query.position;
}

std::optional<Vec3> intercept_frame(ChaseMemory& m, const ChaseInputs& in, double, Result& result) {
    if (m.shot_pending && shot_step(m, in, result, false)) {
        return in.frame.on_plane(intercept_target(m, in, result->flood));
    }
    return std::nullopt;
}

std::optional<Vec3> fixed_destination(ChaseMemory&, const ChaseInputs&, double, Result&) {
    return std::nullopt;
}

bool always(const ChaseMemory&) {
    return true;
}
bool shot_finished(const ChaseMemory& m) {
    return !m.shot_pending;
}
bool paced_finished(const ChaseMemory& m) {
    return !m.shot_pending && m.flood.finished();
}

const chase::Flood* shot_heat(const ChaseMemory& m) {
    return &m.shot;
}
const chase::Flood* paced_heat(const ChaseMemory& m) {
    return &m.flood;
}
const chase::Flood* no_heat(const ChaseMemory&) {
    return nullptr;
}
// Intercept's search starts as its destination's strategy would: the flood's warm cells, or (straight on)
// the destination's cell.
const chase::Flood* intercept_heat(const ChaseMemory& m) {
    return m.straight ? nullptr : &m.shot;
}

// In the order of the Strategy enum.
constexpr std::array<StrategyRow, 6> kRows{{
    // Only the single shot's heat is split: the paced flood's chase follows a destination that moves.
    {Strategy::flood, FloodFields::every, flood_destination, flood_frame, shot_finished, shot_heat,
     shot_heat},
    {Strategy::flood_paced, FloodFields::every, paced_destination, paced_frame, paced_finished, paced_heat,
     no_heat},
    {Strategy::dead_reckoning, FloodFields::max_steps, dead_reckoning_destination, fixed_destination, always,
     no_heat, no_heat},
    {Strategy::breadcrumbs, FloodFields::none, breadcrumb_destination, breadcrumb_frame, always, no_heat,
     no_heat},
    {Strategy::last_known, FloodFields::none, last_known_destination, fixed_destination, always, no_heat,
     no_heat},
    // A team shares intercept's one destination: its weights are not split.
    {Strategy::intercept, FloodFields::every, intercept_destination, intercept_frame, shot_finished,
     intercept_heat, no_heat},
}};
static_assert([] {
    for (std::size_t i = 0; i < kRows.size(); ++i) {
        if (kRows[i].strategy != static_cast<Strategy>(i)) {
            return false;
        }
    }
    return kRows.size() == std::size(all_strategies);
}());

}  // namespace

const StrategyRow& strategy_row(Strategy strategy) {
    const StrategyRow& row = kRows[static_cast<std::size_t>(strategy)];
    return row;
}

}  // namespace kinema::pursuit::detail

namespace kinema::pursuit {

bool strategy_reads_flood_field(Strategy strategy, std::string_view field) {
    const detail::FloodFields fields = detail::strategy_row(strategy).flood_fields;
    return fields == detail::FloodFields::every ||
           (fields == detail::FloodFields::max_steps && field == "max_steps");
}

}  // namespace kinema::pursuit
