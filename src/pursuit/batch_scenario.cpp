// A batch's random scenarios (docs/pursuit.md "Comparing strategies"). Randomness: splitmix64 (Steele, Lea
// and Flood 2014) seeded from (seed, scenario index), reduced by modulo; std's distributions are left out
// because their results differ between standard libraries.
#include "batch_scenario.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

namespace kinema::pursuit {

namespace detail {

namespace {

class SplitMix64 {
  public:
    explicit SplitMix64(std::uint64_t state) : state_(state) {}
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint32_t below(std::size_t n) { return static_cast<std::uint32_t>(next() % n); }

  private:
    std::uint64_t state_;
};

double path_length(const chase::CellSpace& cells, const std::vector<chase::CellId>& path, std::size_t from) {
    double total = 0.0;
    for (std::size_t i = from + 1; i < path.size(); ++i) {
        total += length(cells.planar_positions()[path[i]] - cells.planar_positions()[path[i - 1]]);
    }
    return total;
}

// A scenario's random numbers: scenario i depends on (seed, i) alone.
SplitMix64 scenario_rng(const BatchSettings& settings, int index) {
    return SplitMix64(static_cast<std::uint64_t>(settings.seed) * 0x100000001B3ull +
                      static_cast<std::uint64_t>(index));
}

constexpr int kMaxAttempts = 1000;  // cells drawn per scenario before it counts as not fitting

// 2D spaces: batch_scenario with a planner of the caller's (a batch's workspace: no per-scenario A* arrays).
// Whether a drawn scenario is kept (a team's NPCs placed in it); else the next is drawn.
using AcceptScenario = std::function<bool(PursuitScenario&)>;

std::optional<PursuitScenario> cell_path_scenario(const chase::ChaseSpace& space, const PursuitConfig& config,
                                                  const BatchSettings& settings, int index,
                                                  PathPlanner& planner, const AcceptScenario& accept) {
    const chase::CellSpace& cells = space.cells();
    SplitMix64 rng = scenario_rng(settings, index);
    std::vector<Vec2> corners;
    const auto behind = static_cast<std::size_t>(settings.npc_behind);
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        const Vec2 from = cells.planar_position(rng.below(cells.size()));
        const Vec2 goal = cells.planar_position(rng.below(cells.size()));
        if (!planner.plan(space, from, goal, corners) || planner.cell_path().size() <= behind ||
            path_length(cells, planner.cell_path(), behind) < settings.min_route) {
            continue;
        }
        PursuitScenario s;
        s.npc = from;
        const Vec2 player = cells.planar_position(planner.cell_path()[behind]);
        if (length(player - from) > config.settings.view_range || !clear_line(space, from, player) ||
            !planner.plan(space, player, goal, corners)) {
            continue;
        }
        s.route.push_back(player);
        s.route.insert(s.route.end(), corners.begin(), corners.end());
        if (accept(s)) {
            return s;
        }
    }
    return std::nullopt;
}

// A point `distance` along a polyline in plan: the index of the segment it lies on (the last point's when
// the polyline is shorter) and the point. The polyline has at least two points.
std::pair<std::size_t, Vec2> point_along(const chase::CellSpace& cells, const std::vector<Vec3>& line,
                                         double distance) {
    for (std::size_t i = 0; i + 1 < line.size(); ++i) {
        const Vec2 a = cells.planar(line[i]);
        const Vec2 d = cells.planar(line[i + 1]) - a;
        const double l = length(d);
        if (distance < l) {
            return {i, a + d * (distance / l)};
        }
        distance -= l;
    }
    return {line.size() - 1, cells.planar(line.back())};
}

// The planar length of the polyline from point p on segment i to its end.
double rest_length(const chase::CellSpace& cells, const std::vector<Vec3>& line, std::size_t i, Vec2 p) {
    double total = 0.0;
    for (std::size_t k = i + 1; k < line.size(); ++k) {
        total += length(cells.planar(line[k]) - p);
        p = cells.planar(line[k]);
    }
    return total;
}

// 3D spaces: the space's own path between two random cells' positions (on the navmesh). The NPC starts at
// the path's start and the player npc_behind cell sizes along it in plan (its height where a straight walk
// from the segment's start ends), so the NPC stands where the player just was, as on grids; the player's
// route is the rest of the path.
std::optional<PursuitScenario> space_path_scenario(PursuitSpace& ps, const PursuitConfig& config,
                                                   const BatchSettings& settings, int index,
                                                   std::vector<Vec3>& corners, std::vector<Vec3>& line,
                                                   const AcceptScenario& accept) {
    const chase::CellSpace& cells = ps.chase_space().cells();
    SplitMix64 rng = scenario_rng(settings, index);
    const double behind = settings.npc_behind * cells.cell_size();
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        const Vec3 from_cell = cells.position(rng.below(cells.size()));
        const Vec3 goal_cell = cells.position(rng.below(cells.size()));
        if (!ps.walkable(from_cell) || !ps.walkable(goal_cell)) {
            continue;  // a cell centre beside the navmesh (a column on its border)
        }
        const Vec3 from = ps.place(from_cell);
        if (!ps.plan(from, ps.place(goal_cell), corners)) {
            continue;
        }
        line.assign(1, from);
        line.insert(line.end(), corners.begin(), corners.end());
        const auto [segment, player] = point_along(cells, line, behind);
        if (segment + 1 >= line.size() || rest_length(cells, line, segment, player) < settings.min_route) {
            continue;
        }
        const Vec3 player3{player.x, ps.surface_height(line[segment], player), player.y};
        if (length(player3 - from) > config.settings.view_range || !ps.clear_line(from, player3)) {
            continue;
        }
        PursuitScenario s;
        s.npc = cells.planar(from);
        s.npc_height = from.y;
        s.route.push_back(player);
        s.route_heights.push_back(player3.y);
        for (std::size_t k = segment + 1; k < line.size(); ++k) {
            s.route.push_back(cells.planar(line[k]));
            s.route_heights.push_back(line[k].y);
        }
        if (s.validate(ps).empty() && accept(s)) {
            return s;
        }
    }
    return std::nullopt;
}

// A team's other NPCs on the cells nearest NPC 0 (breadth first over the neighbour lists, at most
// kTeamSearchCells cells), each on walkable space, seeing the player as NPC 0 does (in view range, a clear
// line) and npc_separation from the others. False when fewer fit.
constexpr std::size_t kTeamSearchCells = 256;

bool place_teammates(PursuitSpace& ps, const PursuitConfig& config, int npcs, PursuitScenario& s) {
    const chase::CellSpace& cells = ps.chase_space().cells();
    const PlanarFrame frame = ps.frame();
    const Vec3 player = frame.world(s.route.front(), s.route_height(0));
    const chase::CellId start = ps.cell_of(frame.world(s.npc, s.npc_height));
    if (start == chase::no_cell) {
        return false;
    }
    std::vector<chase::CellId> seen{start};
    for (std::size_t next = 0; next < seen.size() && seen.size() <= kTeamSearchCells; ++next) {
        for (const chase::CellId n : cells.neighbours(seen[next])) {
            if (std::find(seen.begin(), seen.end(), n) == seen.end()) {
                seen.push_back(n);
            }
        }
        const Vec3 cell = cells.position(seen[next]);
        if (next == 0 || !ps.walkable(cell)) {
            continue;
        }
        const Vec3 p = ps.place(cell);
        const Vec2 flat = frame.flat(p);
        const bool apart = std::all_of(s.teammates.begin(), s.teammates.end(), [&](const NpcStart& t) {
            return length(t.position - flat) >= npc_separation;
        });
        if (apart && length(flat - s.npc) >= npc_separation &&
            length(flat - s.route.front()) <= config.settings.view_range && ps.clear_line(p, player)) {
            s.teammates.push_back(NpcStart{flat, std::nullopt, frame.height(p)});
            if (s.npcs() == npcs) {
                return true;
            }
        }
    }
    s.teammates.clear();
    return false;
}

}  // namespace

std::optional<PursuitScenario> make_scenario(PursuitSpace& ps, const PursuitConfig& config,
                                             const BatchSettings& settings, int index,
                                             ScenarioScratch& scratch) {
    const AcceptScenario accept = [&](PursuitScenario& s) {
        return settings.npcs == 1 || place_teammates(ps, config, settings.npcs, s);
    };
    if (ps.dimensions() == 2) {
        return cell_path_scenario(ps.chase_space(), config, settings, index, scratch.planner, accept);
    }
    return space_path_scenario(ps, config, settings, index, scratch.corners, scratch.line, accept);
}

// Known before any scenario is drawn: on a grid a route is an A* path of distinct cells, each step at most a
// diagonal, so none is longer than (cells - 1) x sqrt(2) x cell size. A --min-route beyond that cannot fit,
// and drawing kMaxAttempts paths per scenario to find out took 17 s on a batch of 1000. Nor can a view range
// shorter than the cell size: the player starts npc_behind >= 1 path cells from the NPC, on another tile,
// whose centre is at least one cell size away, out of sight.
bool no_route_can_fit(const PursuitSpace& ps, const PursuitConfig& config, const BatchSettings& settings) {
    const chase::CellSpace& cells = ps.chase_space().cells();
    if (ps.dimensions() != 2 || cells.grid() == nullptr || cells.size() == 0) {
        return false;
    }
    const double longest = static_cast<double>(cells.size() - 1) * std::sqrt(2.0) * cells.cell_size();
    return settings.min_route > longest || config.settings.view_range < cells.cell_size();
}

}  // namespace detail

std::optional<PursuitScenario> batch_scenario(const chase::ChaseSpace& space, const PursuitConfig& config,
                                              const BatchSettings& settings, int index) {
    ChasePursuitSpace ps(space);
    return batch_scenario(ps, config, settings, index);
}

std::optional<PursuitScenario> batch_scenario(PursuitSpace& space, const PursuitConfig& config,
                                              const BatchSettings& settings, int index) {
    detail::ScenarioScratch scratch;
    return detail::make_scenario(space, config, settings, index, scratch);
}

}  // namespace kinema::pursuit
