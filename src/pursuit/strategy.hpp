// The chase strategies as a table (docs/pursuit.md "Strategies"): one row per strategy says what it does on
// losing sight (the destination of a new chase), on each frame of the chase (a destination that moves), and
// before the search (which flood, if any, seeds the occupancy map). Adding a strategy is adding a row (and
// its spelling in settings.cpp). Private to the pursuit part.
#pragma once

#include <optional>

#include "frame.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"
#include "occupancy_map.hpp"

namespace kinema::pursuit::detail {

/// A chase's memory: the floods (reused between chases and runs: no allocation after the first run on a
/// space) and what a strategy remembers between frames.
struct ChaseMemory {
    chase::Flood flood;  ///< flood-paced: advanced while the NPC runs
    chase::Flood shot;   ///< flood strategies: the single-shot chase, the chase event's result
    chase::ChaseQuery query;
    double t0 = 0.0;  ///< s, when the chase started
    chase::CellId breadcrumb = chase::no_cell;
    /// The single shot is time-sliced (PursuerSettings::flood_steps_per_tick) and has not finished yet.
    bool shot_pending = false;
    /// intercept: the NPC runs straight on (dead reckoning's destination: a long clear line ahead).
    bool straight = false;
    /// intercept: the search adds this x the single shot's heat (0: none; docs/pursuit.md "Intercept").
    double search_heat = 0.0;
};

/// What a strategy reads besides its memory.
struct ChaseInputs {
    PursuitSpace& space;
    const PursuerSettings& settings;
    const chase::FloodSettings& flood;
    PlanarFrame frame;
    Vec3 player;  ///< the player's world position now (the breadcrumbs' omniscient trail)
    Vec2 goal;    ///< the NPC's current goal (planar)
};

/// Which fields of chase::FloodSettings a strategy reads.
enum class FloodFields {
    every,      ///< it runs the flood
    max_steps,  ///< only max_steps (dead reckoning: its distance)
    none,
};

struct StrategyRow {
    Strategy strategy;
    FloodFields flood_fields;
    /// A new chase from memory.query (losing sight, or a stimulus): its destination (a world point). Flood
    /// strategies also set `result` (the chase's result, as `kinema chase` reports it).
    Vec3 (*on_lost_sight)(ChaseMemory& memory, const ChaseInputs& in,
                          std::optional<chase::ChaseResult>& result);
    /// Each frame of the chase at time t: the new destination when it moved, else nullopt. A time-sliced
    /// single shot that finishes in this frame sets `result` (the chase event's).
    std::optional<Vec3> (*on_frame)(ChaseMemory& memory, const ChaseInputs& in, double t,
                                    std::optional<chase::ChaseResult>& result);
    /// Whether arriving ends the chase now (not while the single shot is time-sliced; the paced flood: only
    /// once it has finished).
    bool (*may_arrive)(const ChaseMemory& memory);
    /// Where the search starts: a flood's warm cells, the destination's cell (no flood) or, for intercept,
    /// every cell the NPC can reach (OccupancyMap::seed).
    SearchSeed (*search_seed)(const ChaseMemory& memory);
    /// The flood whose heat a team in split mode divides among its chasing NPCs (chase::split_destinations),
    /// or nullptr: the NPCs share the chase's one destination.
    const chase::Flood* (*split_heat)(const ChaseMemory& memory);
};

/// The row of `strategy`.
const StrategyRow& strategy_row(Strategy strategy);

}  // namespace kinema::pursuit::detail
