// One flood, several destinations: the heat of a finished (or running) chase flood divided into K regions
// that follow the level, each with its own destination by the rule of Couvidou's Dishonored 2 chase chapter
// (the heated cell nearest the heat-weighted centroid), so that a team of NPCs can take every plausible way
// instead of all running to the middle of a junction (the chapter's Figure 5, left).
//
// The regions are geodesic k-medoids over the heated cells: distances are path lengths along the space's
// neighbour lists through heated cells (not straight lines), so two corridors that run side by side are two
// regions. Seeding is farthest-first over the warm cells, from the flood's own destination; Lloyd rounds
// then reassign every heated cell to its nearest destination and move each destination by the chapter's rule
// inside its region, until nothing moves (at most split_max_rounds rounds). Deterministic: ties go to the
// lowest cell id and the lower region index. Cost per round: one multi-source Dijkstra over the heated
// cells, O(n log n) for n heated cells, plus O(K n) for the centroids. K = 1 is exactly the flood's
// destination (FloodResult).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "kinema/chase/flood.hpp"

namespace kinema::chase {

/// The largest K split_destinations accepts (a team of 16 NPCs).
inline constexpr int max_split_destinations = 16;
/// Lloyd rounds at most; in practice a few rounds settle (measured on our levels: at most 6).
inline constexpr int split_max_rounds = 32;

/// One region of the split heat.
struct DestinationRegion {
    CellId destination_cell = no_cell;  ///< the heated cell nearest the region's centroid; ties to lowest id
    Vec3 destination;                   ///< its centre, world units
    Vec3 centroid;       ///< heat-weighted mean of the region's warm cells (plain mean when all are cooled)
    long long heat = 0;  ///< sum of the region's cell values
    std::size_t cells = 0;  ///< heated cells in the region
};

struct SplitDestinations {
    /// min(K, heated cells) regions, largest heat first (ties: lower destination cell id first).
    std::vector<DestinationRegion> regions;
    /// For every heated cell in Flood::heated_cells() order: the index of its region in `regions`.
    std::vector<int> region_of;
    int rounds = 0;  ///< Lloyd rounds run
};

/// Splits the heat of `flood` (started; any state) into `k` regions, k in [1, max_split_destinations]
/// (std::invalid_argument otherwise). The destination rule (nearest heated or nearest warm cell) is the
/// flood's settings' one. k = 1 returns the flood's own centroid and destination.
SplitDestinations split_destinations(const Flood& flood, int k);

}  // namespace kinema::chase
