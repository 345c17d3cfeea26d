#include "flood_generic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flood_vector_rows.hpp"

namespace kinema::chase::detail {

namespace {

// Mark of the filler id size() in padded neighbour lists: always "touched", so the filler is never taken.
constexpr std::uint32_t filler_mark = std::numeric_limits<std::uint32_t>::max();

// Neighbour lists as the flood walks them: CSR (any degree) or padded to a compile-time stride, where the
// inner loops have a fixed trip count.
struct CsrNeighbours {
    const std::uint32_t* offsets;
    const CellId* ids;
    const CellId* begin(CellId c) const { return ids + offsets[c]; }
    const CellId* end(CellId c) const { return ids + offsets[c + 1]; }
};

template <std::size_t Stride>
struct PaddedNeighbours {
    const CellId* ids;
    const CellId* begin(CellId c) const { return ids + static_cast<std::size_t>(c) * Stride; }
    const CellId* end(CellId c) const { return begin(c) + Stride; }
};

// Heat phase (spec B.1-B.3): appends the untouched neighbours of heated[frontier_begin, frontier_end) to
// heated, marking each as it is found so that it is taken once. Returns the new end, or stops early and
// returns a value > limit as soon as more than M_H cells were found.
template <class Neighbours>
std::size_t spread_heat(const Neighbours& nbs, std::uint32_t* mark, CellId* heated,
                        std::size_t frontier_begin, std::size_t frontier_end, std::size_t limit,
                        std::uint32_t base, std::uint32_t code) {
    std::size_t n = frontier_end;
    for (std::size_t f = frontier_begin; f < frontier_end; ++f) {
        const CellId c = heated[f];
        for (const CellId *p = nbs.begin(c), *end = nbs.end(c); p != end; ++p) {
            const CellId nb = *p;
            if (mark[nb] < base) {
                mark[nb] = code;
                heated[n++] = nb;
            }
        }
        if (n > limit) {
            break;
        }
    }
    return n;
}

// Barrier phase (spec B.5): appends the untouched neighbours of barrier[begin, end) that lie strictly in the
// opposite half-plane of their barrier cell. Returns the new end.
template <class Neighbours>
std::size_t spread_barrier(const Neighbours& nbs, std::uint32_t* mark, CellId* barrier, std::size_t begin,
                           std::size_t end, const Vec2* planar, Vec2 dir, std::uint32_t base,
                           std::uint32_t code) {
    std::size_t b = end;
    for (std::size_t f = begin; f < end; ++f) {
        const CellId c = barrier[f];
        const Vec2 pc = planar[c];
        for (const CellId *p = nbs.begin(c), *stop = nbs.end(c); p != stop; ++p) {
            const CellId nb = *p;
            if (mark[nb] < base && dot(planar[nb] - pc, dir) < 0.0) {
                mark[nb] = code;
                barrier[b++] = nb;
            }
        }
    }
    return b;
}

#ifdef KINEMA_FLOOD_VECTOR_ROWS
// spread_barrier on rows of 8: the scalar loop (the half-plane test on gathered coordinates cost more than
// the branches it saves); the heat's vector rows are flood_vector_rows.cpp.
std::size_t spread_barrier(const VectorRows8& rows, std::uint32_t* mark, CellId* barrier, std::size_t begin,
                           std::size_t end, const Vec2* planar, Vec2 dir, std::uint32_t base,
                           std::uint32_t code) {
    return spread_barrier(PaddedNeighbours<8>{rows.ids}, mark, barrier, begin, end, planar, dir, base, code);
}
#endif

// A grid's planar positions where the destination's scan may take 4 cells at a time (nearest_cell_4: AVX2),
// or nullptr.
const Vec2* nearest_rows([[maybe_unused]] const CellSpace& grid_space) {
#ifdef KINEMA_FLOOD_VECTOR_ROWS
    if (grid_space.size() < (std::size_t{1} << 30) && use_vector_rows()) {
        return grid_space.planar_positions().data();
    }
#endif
    return nullptr;
}

// The first cells of `ids` that the scan 4 at a time took (nearest_cell_4, folded into best and best_cell),
// or none without the rows.
std::size_t nearest_4_at_a_time([[maybe_unused]] const Vec2* rows,
                                [[maybe_unused]] std::span<const CellId> ids, [[maybe_unused]] Vec3 centroid,
                                [[maybe_unused]] double& best, [[maybe_unused]] CellId& best_cell) {
#ifdef KINEMA_FLOOD_VECTOR_ROWS
    if (rows != nullptr) {
        return nearest_cell_4(rows, ids.data(), ids.size(), centroid, best, best_cell);
    }
#endif
    return 0;
}

// Room for every cell a run can heat. With padded lists a step stops scanning once more than M_H cells
// were found, so at most 1 + (M_S - 1) * M_H cells from earlier steps plus M_H + stride found in the last
// one: about 1,000 entries for the defaults instead of one per cell (4 bytes per tile on a 4096 x 4096 map,
// issue 10 "Set-up"). CSR lists (any degree) keep one entry per cell.
std::size_t heated_capacity(const CellSpace& space, const FloodSettings& s) {
    const std::size_t stride = space.padded_stride();
    if (stride == 0) {
        return space.size();
    }
    const auto bound =
        1u + static_cast<std::size_t>(s.max_steps) * static_cast<std::size_t>(s.max_heated) + stride;
    return std::min(space.size(), bound);
}

}  // namespace

void GenericFlood::prepare(const CellSpace& space, const FloodSettings& settings) {
    if (mark_.size() != space.size() + 1) {
        // First run on a space of this size: with heated_ below, the only allocations of this engine.
        mark_.assign(space.size() + 1, 0);
        mark_.back() = filler_mark;
        base_ = 1;
        generation_end_ = 1;
    }
    if (barrier_.size() < space.size() + row_slack) {
        barrier_.assign(space.size() + row_slack, 0);
    }
    const std::size_t heated_needed = heated_capacity(space, settings) + row_slack;
    if (heated_.size() < heated_needed) {
        heated_.assign(heated_needed, 0);
    }
    const auto steps = static_cast<std::size_t>(settings.max_steps);
    if (step_begin_.size() < steps + 2) {
        step_begin_.resize(steps + 2);
    }
    space_ = &space;
    settings_ = settings;
}

void GenericFlood::next_generation() {
    // Codes of one run are base_ + 0 .. base_ + M_S + 1 (heated step or barrier). A new run starts above
    // every code of the previous one, so old marks read as untouched without clearing the array; only when 32
    // bits run out (after ~10^8 runs) is the array cleared.
    const auto stride = static_cast<std::uint32_t>(settings_.max_steps) + 2u;
    if (generation_end_ > std::numeric_limits<std::uint32_t>::max() - stride) {
        std::fill(mark_.begin(), mark_.end(), 0u);
        mark_.back() = filler_mark;
        generation_end_ = 1;
    }
    base_ = generation_end_;
    generation_end_ = base_ + stride;
    barrier_code_ = base_ + stride - 1u;
}

void GenericFlood::seed(CellId seed, Vec2 direction) {
    direction_ = direction;
    next_generation();

    // Step A.1: heat the seed cell (heated at step 0).
    mark_[seed] = base_;
    heated_[0] = seed;
    heated_count_ = 1;
    step_begin_[0] = 0;
    step_begin_[1] = 1;

    // Step A.2: its neighbours strictly in the opposite half-plane become the barrier (spec: dot < 0).
    const Vec2* planar = space_->planar_positions().data();
    const Vec2 ps = planar[seed];
    barrier_count_ = 0;
    const auto consider = [&](CellId n) {
        if (mark_[n] < base_ && dot(planar[n] - ps, direction) < 0.0) {
            mark_[n] = barrier_code_;
            barrier_[barrier_count_++] = n;
        }
    };
    // On a grid's space the padded lists the steps walk (the same neighbours in the same order; the filler's
    // mark is never below base_): neighbours() would build the grid's CSR lists and world positions, 60
    // bytes a cell (1 GB on a 4096 x 4096 map), for this one cell.
    const std::uint32_t stride = space_->grid() != nullptr ? space_->padded_stride() : 0;
    if (stride > 0) {
        const CellId* ids = space_->padded_neighbour_ids().data() + std::size_t{seed} * stride;
        std::for_each(ids, ids + stride, consider);
    } else {
        std::for_each(space_->neighbours(seed).begin(), space_->neighbours(seed).end(), consider);
    }
    barrier_frontier_begin_ = 0;
}

void GenericFlood::steps(FloodProgress& progress, int max_steps) {
    switch (space_->padded_stride()) {
        case 8:
#ifdef KINEMA_FLOOD_VECTOR_ROWS
            if (use_vector_rows()) {
                steps_with(VectorRows8{space_->padded_neighbour_ids().data()}, progress, max_steps);
                return;
            }
#endif
            steps_with(PaddedNeighbours<8>{space_->padded_neighbour_ids().data()}, progress, max_steps);
            return;
        case 4:
            steps_with(PaddedNeighbours<4>{space_->padded_neighbour_ids().data()}, progress, max_steps);
            return;
        default:
            steps_with(CsrNeighbours{space_->offsets().data(), space_->neighbour_ids().data()}, progress,
                       max_steps);
    }
}

template <class Neighbours>
void GenericFlood::steps_with(const Neighbours& nbs, FloodProgress& progress, int max_steps) {
    for (int i = 0; i < max_steps && !progress.finished; ++i) {
        step_with(nbs, progress);
    }
}

template <class Neighbours>
void GenericFlood::step_with(const Neighbours& nbs, FloodProgress& progress) {
    std::uint32_t* mark = mark_.data();
    CellId* heated = heated_.data();
    const std::uint32_t base = base_;

    // Phase 1, heat. Marking a cell as it is found makes "each once" free; an overflow undoes the marks (the
    // step is discarded, spec B.3).
    const int k = progress.step + 1;
    const std::size_t frontier_begin = step_begin_[static_cast<std::size_t>(progress.step)];
    const std::size_t frontier_end = heated_count_;
    const std::size_t limit = frontier_end + static_cast<std::size_t>(settings_.max_heated);
    const std::size_t n = spread_heat(nbs, mark, heated, frontier_begin, frontier_end, limit, base,
                                      base + static_cast<std::uint32_t>(k));
    if (n > limit) {
        // More than M_H new cells: the map stays as after step k-1.
        for (std::size_t i = frontier_end; i < n; ++i) {
            mark[heated[i]] = 0;
        }
        progress.finished = true;
        progress.stop_reason = StopReason::too_many_heated;
        return;
    }
    if (n == frontier_end) {
        progress.finished = true;
        progress.stop_reason = StopReason::exhausted;
        return;
    }
    // Cooling (spec B.4) is implicit: value = max(0, H - (step - heated step)).
    heated_count_ = n;
    progress.step = k;
    step_begin_[static_cast<std::size_t>(k) + 1] = n;

    // Phase 2, barrier: grows from last step's barrier cells into their own opposite half-plane (spec B.5).
    const std::size_t barrier_end = barrier_count_;
    barrier_count_ = spread_barrier(nbs, mark, barrier_.data(), barrier_frontier_begin_, barrier_end,
                                    space_->planar_positions().data(), direction_, base, barrier_code_);
    barrier_frontier_begin_ = barrier_end;

    if (k == settings_.max_steps) {
        progress.finished = true;
        progress.stop_reason = StopReason::max_steps;
    }
}

void GenericFlood::fill_result(FloodResult& r, int step) const {
    if (space_->grid() != nullptr) {
        // A grid's cells lie at z = 0 in the xy frame (CellSpace::from_grid): the world position is the
        // planar one, exactly, without building the grid's world positions and CSR lists (see seed()).
        const Vec2* planar = space_->planar_positions().data();
        const auto position = [planar](CellId c) { return Vec3{planar[c].x, planar[c].y, 0.0}; };
        fill_result_with(position, r, step, nearest_rows(*space_));
    } else {
        const Vec3* pos = space_->positions().data();
        fill_result_with([pos](CellId c) { return pos[c]; }, r, step, nullptr);
    }
}

// On a grid, the cell the scan below would pick when the centroid's tile decides it, else no_cell. A
// grid's cell centres are its tiles' centres, so the centre nearest a point inside a tile is that tile's (the
// tiles are the centres' Voronoi cells). With the point at least 1/64 tile from the tile's edges, its own
// centre is at most 31/64 tile away on each axis and any other at least 33/64 on an axis they differ by: the
// squared distances differ by at least s^2 / 32, where the rounding of the centres, the division and the
// squared distances (relative errors near 1e-16) moves nothing by more than a 1e-9 of s^2 on any level that
// fits in memory: the tile's cell is the strict nearest, ties included. It answers when that cell is a
// candidate (heated at first_candidate_step or later). GridFlood::destination_in_centroid_tile is the same
// rule on its blocks.
CellId GenericFlood::destination_by_tile(Vec3 centroid, int first_candidate_step) const {
    const GridCells* grid = space_->grid();
    if (grid == nullptr) {
        return no_cell;
    }
    const double u = centroid.x / grid->cell_size();
    const double v = centroid.y / grid->cell_size();
    const double col = std::floor(u);
    const double row = std::floor(v);
    const double fu = u - col;
    const double fv = v - row;
    if (!(fu >= 1.0 / 64 && fu <= 63.0 / 64 && fv >= 1.0 / 64 && fv <= 63.0 / 64) || col < 0.0 || row < 0.0 ||
        col >= grid->width() || row >= grid->height()) {
        return no_cell;
    }
    const CellId c = grid->cell_at(static_cast<int>(col), static_cast<int>(row));
    return c != no_cell && heated_step(c, 0) >= first_candidate_step ? c : no_cell;
}

// nearest_rows: the grid's planar positions where the destination's scan may take 4 cells at a time
// (nearest_cell_4, the same answer), or nullptr.
template <class Position>
void GenericFlood::fill_result_with(const Position& pos, FloodResult& r, int step,
                                    const Vec2* nearest_rows) const {
    r.heated_cells = heated_count_;
    r.barrier_cells = barrier_count_;
    // Warm cells are those heated at steps j > step - H: a suffix of heated_ (lazy cooling).
    const int hot = settings_.hot;
    const int first_warm_step = std::max(0, step - hot + 1);
    const std::size_t warm_begin = step_begin_[static_cast<std::size_t>(first_warm_step)];
    r.warm_cells = heated_count_ - warm_begin;
    Vec3 sum;
    double weight = 0.0;
    for (int j = first_warm_step; j <= step; ++j) {
        // Cells heated at the same step share one value, so sum their centres first and weight the sum once.
        const double w = static_cast<double>(hot - (step - j));
        const std::size_t begin = step_begin_[static_cast<std::size_t>(j)];
        const std::size_t end = step_begin_[static_cast<std::size_t>(j) + 1];
        Vec3 group;
        for (std::size_t i = begin; i < end; ++i) {
            group = group + pos(heated_[i]);
        }
        sum = sum + group * w;
        weight += w * static_cast<double>(end - begin);
    }
    // weight > 0: the cells heated at the last step hold H >= 1.
    r.centroid = sum / weight;

    // Destination: the heated cell (value >= 0) nearest the centroid; ties go to the lowest id. Warm cells
    // are the suffix from warm_begin, so the nearest_warm option only narrows the range.
    const bool warm_only = settings_.destination == DestinationRule::nearest_warm;
    if (const CellId c = destination_by_tile(r.centroid, warm_only ? first_warm_step : 0); c != no_cell) {
        r.destination_cell = c;
        r.destination = pos(c);
        return;
    }
    double best = std::numeric_limits<double>::infinity();
    CellId best_cell = no_cell;
    const std::size_t first_candidate = warm_only ? warm_begin : std::size_t{0};
    std::size_t i = first_candidate;
    i += nearest_4_at_a_time(nearest_rows, {heated_.data() + i, heated_count_ - i}, r.centroid, best,
                             best_cell);
    for (; i < heated_count_; ++i) {
        const CellId c = heated_[i];
        const double d2 = length_squared(pos(c) - r.centroid);
        if (d2 < best || (d2 == best && c < best_cell)) {
            best = d2;
            best_cell = c;
        }
    }
    r.destination_cell = best_cell;
    r.destination = pos(best_cell);
}

}  // namespace kinema::chase::detail
