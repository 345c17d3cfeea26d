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

// Intercept (docs/pursuit.md "Intercept"): straight on (dead reckoning's destination) when its line from
// the last sighting is at least intercept_straight_cells cell sizes long -- open ground, where dead
// reckoning re-acquires more often (docs/pursuit.md "On every shared map") -- else the chapter's flood
// destination. The search starts on every cell the NPC can reach, plus intercept_search_heat x the flood's
// heat when the NPC took the flood's destination and the flood ran out of cells or steps (a corridor's heat:
// one that stopped as too_many_heated opened into a room and says less). Only the sighting and the level
// are read.
Vec3 intercept_target(ChaseMemory& m, const ChaseInputs& in, const chase::FloodResult& r) {
    const InterceptSettings& k = in.settings.intercept;
    if (k.intercept_straight_cells > 0.0) {
        Result unused;  // dead reckoning reports no chase result
        const Vec3 ahead = dead_reckoning_destination(m, in, unused);
        const Vec2 run = in.frame.flat(ahead) - in.frame.flat(m.query.position);
        const double cell = in.space.chase_space().cells().cell_size();
        m.straight = std::hypot(run.x, run.y) >= k.intercept_straight_cells * cell;
        if (m.straight) {
            return ahead;
        }
    }
    if (r.stop_reason != chase::StopReason::too_many_heated) {
        m.search_heat = k.intercept_search_heat;
    }
    return r.destination;
}

Vec3 intercept_destination(ChaseMemory& m, const ChaseInputs& in, Result& result) {
    m.straight = false;
    m.search_heat = 0.0;
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
const chase::Flood* no_heat(const ChaseMemory&) {
    return nullptr;
}
SearchSeed shot_search(const ChaseMemory& m) {
    return {.heat = &m.shot};
}
SearchSeed paced_search(const ChaseMemory& m) {
    return {.heat = &m.flood};
}
SearchSeed cell_search(const ChaseMemory&) {
    return {};
}
// A split team divides intercept's flood heat as the flood's (when it took the flood's destination).
const chase::Flood* intercept_split(const ChaseMemory& m) {
    return m.straight ? nullptr : &m.shot;
}
// Intercept's search: every cell the NPC can reach, with the flood's heat when intercept_target kept it.
SearchSeed intercept_search(const ChaseMemory& m) {
    return {.heat = m.search_heat > 0.0 ? &m.shot : nullptr, .reach = true, .heat_weight = m.search_heat};
}

// In the order of the Strategy enum.
constexpr std::array<StrategyRow, 6> kRows{{
    // Only the single shot's heat is split: the paced flood's chase follows a destination that moves.
    {Strategy::flood, FloodFields::every, flood_destination, flood_frame, shot_finished, shot_search,
     shot_heat},
    {Strategy::flood_paced, FloodFields::every, paced_destination, paced_frame, paced_finished, paced_search,
     no_heat},
    {Strategy::dead_reckoning, FloodFields::max_steps, dead_reckoning_destination, fixed_destination, always,
     cell_search, no_heat},
    {Strategy::breadcrumbs, FloodFields::none, breadcrumb_destination, breadcrumb_frame, always, cell_search,
     no_heat},
    {Strategy::last_known, FloodFields::none, last_known_destination, fixed_destination, always, cell_search,
     no_heat},
    // A split team divides the flood's heat where intercept took the flood's destination; straight on, the
    // NPCs share it.
    {Strategy::intercept, FloodFields::every, intercept_destination, intercept_frame, shot_finished,
     intercept_search, intercept_split},
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
