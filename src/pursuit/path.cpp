#include "path.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "cell_neighbours.hpp"
#include "kinema/chase/dead_reckoning.hpp"

namespace kinema::pursuit::detail {

bool clear_line(const chase::ChaseSpace& space, Vec2 a, Vec2 b) {
    return clear_line(space,
                      dynamic_cast<const chase::GridChaseSpace*>(&space) != nullptr
                          ? &static_cast<const chase::GridChaseSpace&>(space).grid()
                          : nullptr,
                      a, b);
}

bool clear_line(const chase::ChaseSpace& space, const chase::GridSpace* grid, Vec2 a, Vec2 b) {
    if (grid != nullptr && is_finite(a) && is_finite(b)) {
        // What the general path below computes on a grid, without its lookups: locate(a) is snapped
        // exactly when a's tile is not floor, and dead_reckoning walks from a's tile along (b - a) / |b - a|.
        const chase::Tile tile = grid->tile_containing(a);
        if (!grid->passable(tile.col, tile.row)) {
            return false;
        }
        const Vec2 d = b - a;
        const double len = length(d);
        return len == 0.0 || !chase::traverse_grid(*grid, a, tile, d / len, len).blocked;
    }
    const Vec2 d = b - a;
    const double len = length(d);
    if (len == 0.0) {
        return !space.locate({a.x, a.y, 0.0}).snapped;
    }
    const chase::DeadReckoning r = space.dead_reckoning({a.x, a.y, 0.0}, {d.x, d.y, 0.0}, len);
    return r.on_space && !r.blocked && !space.locate({a.x, a.y, 0.0}).snapped;
}

namespace {

// The cell centres' array, not CellSpace::planar_position: on a grid's space that is a binary search over the
// floor bitmap per call (the same values: both are ((col + 0.5) s, (row + 0.5) s)).
Vec2 planar_centre(const chase::CellSpace& cells, chase::CellId c) {
    return cells.planar_positions()[c];
}

}  // namespace

bool PathPlanner::search(const chase::CellSpace& cells, chase::CellId start, chase::CellId goal) {
    // A* with the straight-line distance as heuristic: admissible and consistent on any cell space whose
    // edge costs are the distances between cell centres, so the first time the goal is popped its cost is
    // the shortest. Ties pop the lowest cell id first (the pair's second member), so plans are deterministic.
    const std::size_t n = cells.size();
    if (mark_.size() != n) {
        // Only mark_ needs values: the other arrays are read only for cells marked in this plan (no memset
        // and no page touched for the cells a plan never reaches). Default-initialised new[] rather than
        // std::make_unique_for_overwrite, which the web build's libc++ 14 lacks.
        cost_.reset(new double[n]);
        heuristic_.reset(new double[n]);
        parent_.reset(new chase::CellId[n]);
        mark_.reset(n);  // zeros from calloc: only the pages of cells reached are written
        generation_ = 0;
    }
    ++generation_;
    const Vec2* centre = cells.planar_positions().data();
    const Vec2 target = centre[goal];
    // The heuristic of a cell is computed once per plan, when the cell is first reached (the same value
    // every time: hypot is a pure function); a stale-entry test then costs no square root.
    auto heuristic = [&](chase::CellId c) { return length(centre[c] - target); };
    // Edge lengths through a small memo of the exact offsets seen (grids: 8 directions).
    auto edge = [&](Vec2 d) {
        for (const EdgeLength& e : edge_memo_) {
            if (e.offset.x == d.x && e.offset.y == d.y) {
                return e.length;
            }
        }
        const double l = length(d);
        edge_memo_[edge_next_++ % edge_memo_.size()] = {d, l};
        return l;
    };
    heap_.clear();
    // The order of std::greater on the pairs (costs never NaN), spelt out: C++20's pair comparison goes
    // through operator<=>, whose partial ordering of doubles costs several branches per comparison, and
    // the heap compares a lot. The same answers, so the same heap and the same plans.
    const auto greater = [](const std::pair<double, chase::CellId>& a,
                            const std::pair<double, chase::CellId>& b) {
        return a.first > b.first || (a.first == b.first && a.second > b.second);
    };
    cost_[start] = 0.0;
    parent_[start] = chase::no_cell;
    mark_[start] = generation_;
    heuristic_[start] = heuristic(start);
    heap_.push_back({heuristic_[start], start});
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), greater);
        // Named members, not a structured binding: clang before 16 cannot capture one in the lambda below.
        const double f = heap_.back().first;
        const chase::CellId c = heap_.back().second;
        heap_.pop_back();
        if (c == goal) {
            return true;
        }
        if (f > cost_[c] + heuristic_[c]) {
            continue;  // a stale entry: c was reached more cheaply since
        }
        const Vec2 pc = centre[c];
        for_each_neighbour(cells, c, [&](chase::CellId nb) {
            const double g = cost_[c] + edge(centre[nb] - pc);
            const bool first = mark_[nb] != generation_;
            if (first || g < cost_[nb]) {
                if (first) {
                    heuristic_[nb] = heuristic(nb);
                }
                mark_[nb] = generation_;
                cost_[nb] = g;
                parent_[nb] = c;
                heap_.push_back({g + heuristic_[nb], nb});
                std::push_heap(heap_.begin(), heap_.end(), greater);
            }
        });
    }
    return false;
}

const chase::GridSpace* PathPlanner::grid_of(const chase::ChaseSpace& space) {
    if (&space != space_) {
        space_ = &space;
        const auto* g = dynamic_cast<const chase::GridChaseSpace*>(&space);
        grid_ = g != nullptr ? &g->grid() : nullptr;
    }
    return grid_;
}

bool PathPlanner::plan(const chase::ChaseSpace& space, Vec2 from, Vec2 to, std::vector<Vec2>& corners) {
    corners.clear();
    const chase::CellSpace& cells = space.cells();
    const chase::CellId start = space.locate({from.x, from.y, 0.0}).cell;
    const chase::CellId goal = space.locate({to.x, to.y, 0.0}).cell;
    if (start == chase::no_cell || goal == chase::no_cell || !search(cells, start, goal)) {
        return false;
    }
    cells_path_.clear();
    const chase::GridSpace* grid = grid_of(space);
    for (chase::CellId c = goal; c != chase::no_cell; c = parent_[c]) {
        cells_path_.push_back(c);
    }
    std::reverse(cells_path_.begin(), cells_path_.end());
    // Points to visit: the cell centres strictly between start and goal, then `to`. The raw polyline is clear
    // (neighbouring cells, no corner cutting); string pulling keeps a point only where the line from the
    // last kept point to the one after it is blocked.
    auto point = [&](std::size_t i) {
        return i + 1 < cells_path_.size() ? planar_centre(cells, cells_path_[i]) : to;
    };
    Vec2 anchor = from;
    for (std::size_t i = 1; i < cells_path_.size(); ++i) {
        if (i + 1 < cells_path_.size() && clear_line(space, grid, anchor, point(i + 1))) {
            continue;
        }
        if (i + 1 < cells_path_.size()) {
            corners.push_back(point(i));
            anchor = point(i);
        }
    }
    corners.push_back(to);
    return true;
}

}  // namespace kinema::pursuit::detail

namespace kinema::pursuit {

ChasePursuitSpace::ChasePursuitSpace(const chase::ChaseSpace& space)
    : space_(&space), planner_(std::make_unique<detail::PathPlanner>()) {}

ChasePursuitSpace::~ChasePursuitSpace() = default;

bool ChasePursuitSpace::walkable(Vec3 p) {
    return !space_->locate(p).snapped;
}

bool ChasePursuitSpace::clear_line(Vec3 a, Vec3 b) {
    return detail::clear_line(*space_, planner_->grid_of(*space_), {a.x, a.y}, {b.x, b.y});
}

bool ChasePursuitSpace::plan(Vec3 from, Vec3 to, std::vector<Vec3>& corners) {
    corners.clear();
    const bool found = planner_->plan(*space_, {from.x, from.y}, {to.x, to.y}, corners2_);
    for (const Vec2 c : corners2_) {
        corners.push_back({c.x, c.y, 0.0});
    }
    return found;
}

}  // namespace kinema::pursuit
