// The NPC's path on a cell space: the shortest path over the space's neighbour
// lists (grids: 8-connected without corner cutting, so a diagonal step never cuts a wall corner), then
// smoothed by string pulling so that the NPC runs straight wherever it can see. Private to the pursuit part.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <vector>

#include "kinema/chase/query.hpp"
#include "kinema/pursuit/space.hpp"
#include "zeroed_array.hpp"

namespace kinema::pursuit::detail {

/// True when the straight segment a -> b stays on walkable space without cutting a wall corner (grids: the
/// exact tile traversal of chase's dead reckoning; spaces without walls: always).
bool clear_line(const chase::ChaseSpace& space, Vec2 a, Vec2 b);
/// The same; `grid` is the space's grid when it is a GridChaseSpace (else nullptr), whose lines skip
/// dead_reckoning's locate and tile lookups (the same tile walk: the same answer).
bool clear_line(const chase::ChaseSpace& space, const chase::GridSpace* grid, Vec2 a, Vec2 b);

/// A* over a cell space with scratch arrays reused between plans (no allocation after the first plan on a
/// space of the same size).
class PathPlanner {
  public:
    /// Plans from `from` to `to` (level units) and writes the smoothed corners (excluding `from`, ending at
    /// `to`) into `corners`. Returns false when `to` is not reachable (corners then holds just `to`'s cell
    /// centre path as far as known: empty).
    bool plan(const chase::ChaseSpace& space, Vec2 from, Vec2 to, std::vector<Vec2>& corners);

    /// The grid of `space` when it is a GridChaseSpace, else nullptr (remembered for the last space).
    const chase::GridSpace* grid_of(const chase::ChaseSpace& space);

    /// The cells of the last successful plan, from the start's cell to the goal's (before smoothing).
    const std::vector<chase::CellId>& cell_path() const { return cells_path_; }

  private:
    bool search(const chase::CellSpace& cells, chase::CellId start, chase::CellId goal);

    struct EdgeLength {
        Vec2 offset{std::nan(""), 0.0};  // NaN: an empty entry (equal to no offset)
        double length = 0.0;
    };

    std::unique_ptr<double[]> cost_;
    std::unique_ptr<double[]> heuristic_;
    std::array<EdgeLength, 8> edge_memo_{};
    std::size_t edge_next_ = 0;
    std::unique_ptr<chase::CellId[]> parent_;
    ZeroedArray<std::uint32_t> mark_;
    std::uint32_t generation_ = 0;
    std::vector<std::pair<double, chase::CellId>> heap_;
    std::vector<chase::CellId> cells_path_;
    const chase::ChaseSpace* space_ = nullptr;
    const chase::GridSpace* grid_ = nullptr;
};

}  // namespace kinema::pursuit::detail
