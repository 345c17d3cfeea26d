#include "kinema/nav/chase.hpp"

#include <array>
#include <string>

#include "kinema/core/format.hpp"

namespace kinema::nav {
namespace {

constexpr std::array kChaseParts{
    part<ChaseSettings, chase::GridChaseSettings>(""),
    part<ChaseSettings, NavSettings, &ChaseSettings::nav>(""),
};
constexpr SettingsDescription kChaseDescription{"ChaseSettings", {}, kChaseParts};

std::string point(Vec3 p) {
    // Appended piece by piece: GCC 12's -Wrestrict misfires on chained std::string operator+.
    std::string out = "(";
    append_number(out, p.x);
    out += ", ";
    append_number(out, p.y);
    out += ", ";
    append_number(out, p.z);
    out += ')';
    return out;
}

}  // namespace

LevelChaseSpace::LevelChaseSpace(const Level& level, PathFinder& finder, double max_seed_distance)
    : level_(&level), finder_(&finder), max_seed_distance_(max_seed_distance) {
    FieldErrors errors;
    require_at_least(errors, "max_seed_distance", max_seed_distance, 0.0);
    throw_if_invalid("3D chase space", errors);
}

chase::SeedLocation LevelChaseSpace::locate(Vec3 p) const {
    const chase::SeedLocation seed = level_->nav_cells().locate(p, max_seed_distance_);
    if (seed.cell == chase::no_cell) {
        std::string message = point(p);
        message += " is farther than ";
        append_number(message, max_seed_distance_);
        message += " from every walkable cell";
        throw SettingsError("chase query", {{"position", std::move(message)}});
    }
    return seed;
}

chase::CellCoords LevelChaseSpace::coords(chase::CellId cell) const {
    const CellCoord c = level_->nav_cells().coord(cell);
    return {{c.x, c.y, c.z}, 3};
}

chase::DeadReckoning LevelChaseSpace::dead_reckoning(Vec3 from, Vec3 direction, double distance) const {
    const NavRay ray = finder_->raycast(from, direction, distance);
    chase::DeadReckoning r;
    r.position = ray.end;
    r.end_point = ray.end;
    r.blocked = ray.blocked;
    r.on_space = ray.on_mesh;
    r.distance = distance;
    return r;
}

std::optional<chase::NpcPath> LevelChaseSpace::plan_path(Vec3 from, Vec3 to) const {
    return finder_->find_path(from, to);
}

std::vector<chase::SpaceField> LevelChaseSpace::report_fields() const {
    const NavCells& cells = level_->nav_cells();
    return {{"cell_height", cells.grid().cell_height},
            {"max_levels", static_cast<double>(cells.max_column_size())}};
}

PerThreadChaseSpaces per_thread_chase_spaces(const Level& level, int threads) {
    PerThreadChaseSpaces out;
    for (int t = 0; t < threads; ++t) {
        out.finders.push_back(std::make_unique<PathFinder>(level));
        out.owned.push_back(std::make_unique<LevelChaseSpace>(level, *out.finders.back()));
        out.spaces.push_back(out.owned.back().get());
    }
    return out;
}

FieldErrors ChaseSettings::validate() const {
    FieldErrors errors = GridChaseSettings::validate();
    const FieldErrors more = nav.validate();
    errors.insert(errors.end(), more.begin(), more.end());
    return errors;
}

const SettingsDescription& describe_settings(std::type_identity<ChaseSettings>) noexcept {
    return kChaseDescription;
}

ChaseResult run_chase(const Level& level, PathFinder& finder, chase::Flood& flood, const ChaseQuery& query) {
    return chase::run_chase(LevelChaseSpace(level, finder), flood, query);
}

ChaseResult run_chase(const Level& level, const ChaseQuery& query, const chase::FloodSettings& settings) {
    PathFinder finder(level);
    chase::Flood flood(settings);
    return run_chase(level, finder, flood, query);
}

}  // namespace kinema::nav
