// One flood, several destinations: the heat of a finished (or running) chase flood divided into K regions
// that follow the level, each with its own destination by the rule of Couvidou's Dishonored 2 chase chapter
// (the heated cell nearest the heat-weighted centroid), so that a team of NPCs can take every plausible way
// instead of all running to the middle of a junction (the chapter's Figure 5, left).
//
// The regions are geodesic k-medoids over the heated cells: distances are path lengths along the space's
// neighbour lists through heated cells (not straight lines), so two corridors that run side by side are two
// regions. Seeding is farthest-first over the warm cells, from the flood's own destination; Lloyd rounds
// then reassign every heated cell to its nearest destination and move each destination by the chapter's rule
// inside its region, until nothing moves (at most split_max_rounds rounds, and no more than the work bound
// split_work_bound() allows). Deterministic: ties go to the lowest cell id and the lower region index. Cost:
// the shortest-path labels are updated, never recomputed: each seed's pass visits only the cells its new
// destination takes, each round's only the regions whose destinations moved (the same labels, bit for bit,
// as a full multi-source Dijkstra; on a grid with a bucket queue, O(n) at most per pass for n heated cells,
// elsewhere with a heap, O(n log n)), plus O(n) per round for the centroids; all passes together settle at
// most split_work_bound(n) cells once the seeding is done. K = 1 is exactly the flood's destination
// (FloodResult).
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

/// The split's work bound: its Lloyd rounds stop before one could take the cells settled by all its passes
/// (SplitDestinations::work) past split_work_per_cell x n + split_work_floor for n heated cells. The
/// seeding's passes are not cut (K destinations are always found); each visits only the cells its new
/// destination takes. Floods of up to 89,000 heated cells (47 full passes within the floor) are never cut.
inline constexpr std::size_t split_work_per_cell = 4;
inline constexpr std::size_t split_work_floor = std::size_t{1} << 22;
constexpr std::size_t split_work_bound(std::size_t heated_cells) {
    return split_work_per_cell * heated_cells + split_work_floor;
}

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
    /// Heated cells settled by every shortest-path pass of the split together (its work; each settled cell
    /// costs a heap pop and a visit of its neighbours).
    std::size_t work = 0;
    /// True when the Lloyd rounds stopped at split_work_bound() before the destinations settled (the split
    /// is then the last round's).
    bool at_work_bound = false;
};

/// Splits the heat of `flood` (started; any state) into `k` regions, k in [1, max_split_destinations]
/// (std::invalid_argument otherwise). The destination rule (nearest heated or nearest warm cell) is the
/// flood's settings' one. k = 1 returns the flood's own centroid and destination.
SplitDestinations split_destinations(const Flood& flood, int k);

}  // namespace kinema::chase
