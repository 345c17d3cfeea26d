#include "kinema/chase/query.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/core/format.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::chase {
namespace {

Vec3 on_plane(Vec2 p) {
    return {p.x, p.y, 0.0};
}

static_assert(levels::max_direction_component == chase_max_coordinate,
              "an ASCII level's direction: line is checked against the chase's range");

// Every coordinate in [-chase_max_coordinate, chase_max_coordinate]: squared distances stay finite.
void require_finite_vector(FieldErrors& errors, std::string_view field, Vec3 v) {
    const double m = chase_max_coordinate;
    if (!is_finite(v)) {
        errors.push_back({std::string(field), "must be finite"});
    } else {
        // The coordinate out of range alone: a grid's point has two, and echoing "X,Y,0" would show a third.
        for (const double c : {v.x, v.y, v.z}) {
            if (std::abs(c) > m) {
                errors.push_back(
                    {std::string(field), "every coordinate must be in [-1e9, 1e9], got " + format_number(c)});
                return;
            }
        }
    }
}

// The planar vector lifted back into world axes (the inverse of CellSpace::planar).
Vec3 lift(const CellSpace& space, Vec2 planar) {
    return space.frame().world(planar, 0.0);
}

double reckoning_distance(const ChaseSpace& space, const Flood& flood, const ChaseQuery& query) {
    return query.dead_reckoning_distance.value_or(
        default_dead_reckoning_distance(flood.settings().max_steps, space.cells().cell_size()));
}

}  // namespace

std::string_view to_string(NpcPath::Status status) {
    switch (status) {
        case NpcPath::Status::found:
            return "found";
        case NpcPath::Status::partial:
            return "partial";
        case NpcPath::Status::start_off_mesh:
            return "start_off_mesh";
        case NpcPath::Status::goal_off_mesh:
            return "goal_off_mesh";
    }
    return "unknown";
}

std::optional<NpcPath> ChaseSpace::plan_path(Vec3, Vec3) const {
    return std::nullopt;
}

std::vector<SpaceField> ChaseSpace::report_fields() const {
    return {};
}

FieldErrors ChaseQuery::validate() const {
    FieldErrors errors;
    require_finite_vector(errors, "position", position);
    require_finite_vector(errors, "direction", direction);
    if (npc) {
        require_finite_vector(errors, "npc", *npc);
    }
    if (dead_reckoning_distance) {
        require_in_range(errors, "dead_reckoning_distance", *dead_reckoning_distance, 0.0,
                         chase_max_coordinate);
    }
    if (destinations) {
        require_in_range(errors, "destinations", *destinations, 1, max_split_destinations);
    }
    return errors;
}

void start_chase(const ChaseSpace& space, Flood& flood, const ChaseQuery& query) {
    throw_if_invalid("chase query", query.validate());
    const CellSpace& cells = space.cells();
    flood.start(cells, space.locate(query.position), cells.planar(query.direction));
}

ChaseResult chase_result(const ChaseSpace& space, const Flood& flood, const ChaseQuery& query) {
    const CellSpace& cells = space.cells();
    ChaseResult r;
    r.flood = flood.result();
    r.position = query.position;
    r.direction = query.direction;
    r.npc = query.npc;
    r.seed_position = cells.position(r.flood.seed_cell);
    r.seed = space.coords(r.flood.seed_cell);
    r.destination = space.coords(r.flood.destination_cell);
    r.dead_reckoning =
        space.dead_reckoning(query.position, query.direction, reckoning_distance(space, flood, query));
    if (query.npc) {
        r.path = space.plan_path(*query.npc, r.flood.destination);
    }
    if (query.destinations) {
        r.split = split_destinations(flood, *query.destinations);
        for (const DestinationRegion& region : r.split->regions) {
            r.split_cells.push_back(space.coords(region.destination_cell));
        }
    }
    return r;
}

ChaseResult run_chase(const ChaseSpace& space, Flood& flood, const ChaseQuery& query,
                      const FloodObserver& on_step) {
    start_chase(space, flood, query);
    // advance, not run(): run() would compute the result that chase_result computes again.
    constexpr int all_steps = std::numeric_limits<int>::max();
    if (on_step) {
        on_step(flood);
        flood.advance(all_steps, on_step);
    } else {
        flood.advance(all_steps);
    }
    return chase_result(space, flood, query);
}

std::optional<ChaseQuery> marked_seed_query(const levels::GridLevel& level, double cell_size) {
    if (!level.seed) {
        return std::nullopt;
    }
    ChaseQuery q;
    q.position = on_plane(level.seed->position * cell_size);
    q.direction = on_plane(level.seed->direction);
    return q;
}

bool within_chase_range(Vec3 p) {
    const double m = chase_max_coordinate;
    return std::abs(p.x) <= m && std::abs(p.y) <= m && std::abs(p.z) <= m;
}

SeedLocation GridChaseSpace::locate(Vec3 p) const {
    return grid_->locate({p.x, p.y});
}

CellCoords GridChaseSpace::coords(CellId cell) const {
    const Tile t = grid_->tile_of(cell);
    return {{t.col, t.row, 0}, 2};
}

DeadReckoning GridChaseSpace::dead_reckoning(Vec3 from, Vec3 direction, double distance) const {
    const DeadReckoningResult dr =
        chase::dead_reckoning(*grid_, {from.x, from.y}, {direction.x, direction.y}, distance);
    DeadReckoning r;
    r.position = on_plane(dr.position);
    r.end_point = on_plane(dr.end_point);
    r.cell = dr.cell;
    r.blocked = dr.blocked;
    r.distance = distance;
    return r;
}

std::vector<SpaceField> GridChaseSpace::report_fields() const {
    return {{"connectivity", static_cast<double>(static_cast<int>(grid_->settings().connectivity))}};
}

CellCoords GraphChaseSpace::coords(CellId cell) const {
    return {{static_cast<int>(cell), 0, 0}, 1};
}

DeadReckoning GraphChaseSpace::dead_reckoning(Vec3 from, Vec3 direction, double distance) const {
    if (!is_finite(from) || !is_finite(direction) || !(distance >= 0.0) || !std::isfinite(distance)) {
        throw std::invalid_argument(
            "dead reckoning: start, direction and distance must be finite, distance >= 0");
    }
    const Vec2 planar = cells_->planar(direction);
    const double len = length(planar);
    DeadReckoning r;
    r.distance = distance;
    r.end_point = len == 0.0 ? from : from + lift(*cells_, planar / len) * distance;
    r.cell = nearest_cell(*cells_, r.end_point).cell;
    r.position = r.cell == no_cell ? r.end_point : cells_->position(r.cell);
    return r;
}

}  // namespace kinema::chase
