// A pursuit's reusable buffers (issue 16 "Speed"): a batch runs thousands of pursuits on one space, and each
// would otherwise allocate and fill the floods' and the search's per-cell arrays (a few MB on
// den520d) and its frame buffer. One Workspace per thread keeps them; what depends only on the space (and the
// view range, for the search's buckets) is built once. Results do not depend on the workspace's history.
// Private to the pursuit part.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit::detail {

struct Workspace {
    chase::Flood flood;  // the chase's flood (paced strategy: advanced over time)
    chase::Flood shot;   // single-shot flood for the chase events' `result`
    std::vector<PursuitFrame> frames;

    // The search's arrays, built for `cells` and `view_range` (the buckets are at least that wide).
    const chase::CellSpace* cells = nullptr;
    double view_range = -1.0;
    std::vector<double> occupancy, scratch;
    bool symmetric = false;
    std::vector<double> share, inverse_degree;
    std::size_t max_jump = 0;
    Vec2 bucket_origin;
    double bucket_size = 1.0;
    int buckets_x = 1;
    int buckets_y = 1;
    std::vector<std::uint32_t> bucket_start;  // CSR: the cells of bucket b are bucket_cells[start[b]..)
    std::vector<chase::CellId> bucket_cells;
    bool buckets_sorted_by_y = false;  // every bucket's cells have non-decreasing planar y (grids)
    // The spread's stencil runs (Simulation::spread_gather): consecutive ids [begin, end) whose padded
    // neighbour lists are full and each the previous cell's list plus one, so neighbour i of every cell c in
    // the run is c + offset[i]. Sorted, disjoint.
    struct GatherRun {
        std::size_t begin = 0;
        std::size_t end = 0;
        std::array<std::ptrdiff_t, 8> offset{};
    };
    std::vector<GatherRun> gather_runs;
    std::vector<double> block_max;  // the target choice's largest probability per block of cells
    // The cells the search cleared since its last total (Simulation::total_exhausted), in clearing order.
    struct Cleared {
        chase::CellId cell;
        double value;
    };
    std::vector<Cleared> cleared;
};

/// run_pursuit with the buffers of `workspace` (validated the same way; the same result bit for bit). A
/// caller done with the result may hand its frames back (workspace.frames = std::move(result.frames)).
[[nodiscard]] PursuitResult run_pursuit(PursuitSpace& space, const PursuitScenario& scenario,
                                        const PursuitConfig& config, Workspace& workspace);

}  // namespace kinema::pursuit::detail
