#include "kinema/nav/chase.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace kinema::nav {
namespace {

std::string point(Vec3 p) {
    return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ", " + std::to_string(p.z) + ")";
}

}  // namespace

ChaseResult run_chase(const Level& level, PathFinder& finder, chase::Flood& flood, const ChaseQuery& query) {
    if (!is_finite(query.position) || !is_finite(query.direction) || (query.npc && !is_finite(*query.npc)) ||
        !(query.max_seed_distance >= 0.0) || !std::isfinite(query.dead_reckoning_distance)) {
        throw std::invalid_argument("chase: position, direction, npc and distances must be finite");
    }
    const ColumnSpace& cells = level.cells();
    const chase::SeedLocation seed = cells.locate(query.position, query.max_seed_distance);
    if (seed.cell == chase::no_cell) {
        throw LevelError("chase: the last known position " + point(query.position) + " is farther than " +
                         std::to_string(query.max_seed_distance) + " from every walkable cell");
    }
    ChaseResult result;
    flood.start(cells.cell_space(), seed, cells.cell_space().planar(query.direction));
    result.flood = flood.run();
    result.seed = cells.coord(result.flood.seed_cell);
    result.destination = cells.coord(result.flood.destination_cell);

    const double reckoning = query.dead_reckoning_distance >= 0.0
                                 ? query.dead_reckoning_distance
                                 : flood.settings().max_steps * cells.grid().cell_size;
    result.dead_reckoning = finder.raycast(query.position, query.direction, reckoning);
    if (query.npc) {
        result.path = finder.find_path(*query.npc, result.flood.destination);
    }
    return result;
}

ChaseResult run_chase(const Level& level, const ChaseQuery& query, const chase::FloodSettings& settings) {
    PathFinder finder(level);
    chase::Flood flood(settings);
    return run_chase(level, finder, flood, query);
}

}  // namespace kinema::nav
