// The search's occupancy map (occupancy_map.hpp; docs/pursuit.md "Search" and "Speed"). Every sum is added
// in a fixed order, so the map, its target and the NPC's search are deterministic bit for bit.
#include "occupancy_map.hpp"

#include <algorithm>

#include "cell_neighbours.hpp"

namespace kinema::pursuit::detail {

namespace {

// The map is rescaled when its total falls below this, far from underflow (docs/pursuit.md "Search").
constexpr double kRescaleBelow = 1e-200;
// Up to this many cells the search skips its total while the target holds probability (see
// OccupancyMap::total_exhausted for the bound).
constexpr std::size_t kLazyTotalCells = std::size_t{1} << 24;
// Cells per block of the target choice's maxima (OccupancyMap::max_occupancy).
constexpr std::size_t kMaxBlock = 64;

bool symmetric_neighbours(const chase::CellSpace& cells) {
    bool symmetric = true;
    for (chase::CellId c = 0; c < cells.size() && symmetric; ++c) {
        for_each_neighbour(cells, c, [&](chase::CellId nb) {
            bool back = false;
            for_each_neighbour(cells, nb, [&](chase::CellId m) { back = back || m == c; });
            symmetric = symmetric && back;
        });
    }
    return symmetric;
}

}  // namespace

// The arrays are built at the first search only: most pursuits re-acquire during the chase and never need
// them (a batch runs thousands of pursuits); they are kept for the next search on the same cells and view
// range.
void OccupancyMap::prepare(const chase::CellSpace& cells, double view_range) {
    const std::size_t n = cells.size();
    if (cells_ == &cells && view_range_ == view_range && occupancy_.size() == n) {
        return;
    }
    cells_ = &cells;
    view_range_ = view_range;
    frame_ = cells.frame();
    max_jump_ = 0;
    occupancy_.reset(n);
    scratch_.reset(n);
    swept_.assign(n, 0);
    active_lo_ = 0;
    active_hi_ = 0;
    build_buckets(view_range);
    symmetric_ = symmetric_neighbours(cells);
    block_max_.reserve(n / kMaxBlock + 1);
    block_dirty_.assign(n / kMaxBlock + 1, 0);
    dirty_blocks_.reserve(n / kMaxBlock + 1);
    cleared_.reserve(n);  // each cell is logged at most once between two choices
    find_stencil_runs(cells, runs_);
    share_.reset(n + 1);  // share_[n] = 0: the padded neighbour lists' filler
    for (std::size_t d = 1; d < inverse_of_degree_.size(); ++d) {
        inverse_of_degree_[d] = 1.0 / static_cast<double>(d);
    }
    // Padded lists mean at most 8 neighbours a cell: the counts alone give the inverses. Other spaces keep
    // the inverse per cell as well (a cell may have more than 255 neighbours there).
    const bool wide = cells.padded_stride() == 0;
    degree_.assign(n, 0);
    inverse_wide_.assign(wide ? n : 0, 0.0);
    for (chase::CellId c = 0; c < n; ++c) {
        std::size_t degree = 0;
        for_each_neighbour(cells, c, [&](chase::CellId nb) {
            ++degree;
            max_jump_ = std::max<std::size_t>(max_jump_, nb > c ? nb - c : c - nb);
        });
        degree_[c] = static_cast<std::uint8_t>(std::min<std::size_t>(degree, 255));
        if (wide) {
            inverse_wide_[c] = degree == 0 ? 0.0 : 1.0 / static_cast<double>(degree);
        }
    }
}

// Both arrays are zero outside the last search's active range: zeroing that range clears them without
// writing the pages no search reached.
void OccupancyMap::clear_active() {
    std::fill(occupancy_.data() + active_lo_, occupancy_.data() + active_hi_, 0.0);
    std::fill(scratch_.data() + active_lo_, scratch_.data() + active_hi_, 0.0);
    active_lo_ = occupancy_.size();
    active_hi_ = 0;
}

// Isla 2013: the search starts from the flood's warm cells in proportion to their heat.
bool OccupancyMap::seed_heat(const chase::Flood* flood) {
    clear_active();
    double total = 0.0;
    if (flood != nullptr && flood->started()) {
        for (const chase::CellId c : flood->heated_cells()) {
            const int v = flood->value(c);
            if (v > 0) {
                occupancy_[c] = v;
                total += v;
                active_lo_ = std::min<std::size_t>(active_lo_, c);
                active_hi_ = std::max<std::size_t>(active_hi_, std::size_t{c} + 1);
            }
        }
    }
    seed_total_ = total;
    return total != 0.0;
}

// Intercept's search (docs/pursuit.md "Intercept"): the player may be on any cell the NPC can reach, so
// every one of them starts alike (a breadth-first walk from `from`); cells it cannot reach (a navmesh's
// islands) hold nothing, so the search never heads for them. `heat_weight` x the heat of `heat`'s warm
// cells is added on top. Ties of the target go to the nearest cell, so the search sweeps outward.
void OccupancyMap::seed_reach(chase::CellId from, const chase::Flood* heat, double heat_weight) {
    clear_active();
    if (reach_.capacity() < occupancy_.size()) {
        reach_.reserve(occupancy_.size());  // the first such search on these cells
    }
    reach_.clear();
    reach_.push_back(from);
    occupancy_[from] = 1.0;
    for (std::size_t i = 0; i < reach_.size(); ++i) {
        for_each_neighbour(*cells_, reach_[i], [&](chase::CellId nb) {
            if (occupancy_[nb] == 0.0) {
                occupancy_[nb] = 1.0;
                reach_.push_back(nb);
            }
        });
    }
    auto total = static_cast<double>(reach_.size());
    const auto [lo, hi] = std::minmax_element(reach_.begin(), reach_.end());
    active_lo_ = *lo;
    active_hi_ = std::size_t{*hi} + 1;
    if (heat != nullptr && heat->started() && heat_weight > 0.0) {
        for (const chase::CellId c : heat->heated_cells()) {
            const int v = heat->value(c);
            if (v > 0 && occupancy_[c] != 0.0) {
                occupancy_[c] += heat_weight * v;
                total += heat_weight * v;
            }
        }
    }
    seed_total_ = total;
}

void OccupancyMap::seed_cell(chase::CellId cell) {
    occupancy_[cell] = 1.0;
    seed_total_ = 1.0;
    active_lo_ = cell;
    active_hi_ = std::size_t{cell} + 1;
}

// The seed set [active_lo_, active_hi_) to its first and last non-zero cells.
void OccupancyMap::begin(double t, double spread, double interval) {
    for (std::size_t c = active_lo_; c < active_hi_; ++c) {
        if (occupancy_[c] != 0.0) {
            occupancy_[c] /= seed_total_;
        }
    }
    if (!symmetric_) {
        active_lo_ = 0;
        active_hi_ = occupancy_.size();
    }
    maxima_fresh_ = false;
    spread_ = spread;
    interval_ = interval;
    next_spread_ = t + interval;
    target_ = chase::no_cell;
    total_ = 1.0;
    total_exact_ = true;
}

// Clearing only lowers probabilities, so the target can change only when it is seen itself or after a
// spread: the map is renormalised and the target re-chosen then (the NPC re-plans only when its goal
// changes).
bool OccupancyMap::update(double t, const Perception& perception, const Eye& eye) {
    const bool spread = spread_until(t);
    const bool target_seen = clear(perception, eye);
    if (spread || target_seen || must_choose()) {
        return choose(perception, eye);
    }
    return false;
}

bool OccupancyMap::must_choose() {
    return target_ == chase::no_cell || total_exhausted();
}

void OccupancyMap::normalised(std::vector<double>& out) const {
    out.assign(occupancy_.data(), occupancy_.data() + occupancy_.size());
    double total = 0.0;
    for (const double q : out) {
        total += q;
    }
    for (double& q : out) {
        q = total > 0.0 ? q / total : 0.0;
    }
}

// Spread: each time the player could have moved one cell, a share of every cell's probability moves evenly
// to its neighbours. Returns true when it ran.
bool OccupancyMap::spread_until(double t) {
    bool spread = false;
    while (t + 1e-12 >= next_spread_) {
        if (symmetric_) {
            spread_gather();
        } else {
            spread_scatter();
        }
        occupancy_.swap(scratch_);
        maxima_fresh_ = false;
        next_spread_ += interval_;
        spread = true;
    }
    return spread;
}

// [lo, hi) in id order: between(a, b) for each stretch outside the stencil runs, inside(run, a, b) for each
// stretch within one.
template <class Between, class Inside>
void OccupancyMap::by_runs(std::size_t lo, std::size_t hi, Between&& between, Inside&& inside) const {
    auto run = std::upper_bound(runs_.begin(), runs_.end(), lo,
                                [](std::size_t c, const StencilRun& r) { return c < r.end; });
    std::size_t c = lo;
    for (; c < hi && run != runs_.end(); ++run) {
        const std::size_t begin = std::min(std::max(run->begin, c), hi);
        const std::size_t end = std::min(run->end, hi);
        between(c, begin);
        inside(*run, begin, end);
        c = std::max(c, end);
    }
    between(c, hi);
}

// With symmetric neighbour lists (grids) the cells sending to c are exactly c's neighbours, so each cell
// gathers: p'(c) = (1 - s) p(c) + sum over neighbours n of s p(n) / deg(n). Sequential reads instead of
// scattered writes; the same sums in a fixed order, so deterministic. Only the active range and one jump
// around it can be non-zero after the spread: the rest keeps exactly 0 (adding zeros changes no sum).
void OccupancyMap::spread_gather() {
    const std::size_t n = cells_->size();
    const std::size_t lo = active_lo_ > max_jump_ ? active_lo_ - max_jump_ : 0;
    const std::size_t hi = std::min(n, active_hi_ + max_jump_);
    // The shares read: those of the neighbours of [lo, hi), zero outside the old active range.
    const std::size_t share_lo = lo > max_jump_ ? lo - max_jump_ : 0;
    const std::size_t share_hi = std::min(n, hi + max_jump_);
    // Locals and restrict pointers: a store through share_ could otherwise alias spread_, which kept the
    // loop scalar with a reload per cell.
    const double spread = spread_;
    double* __restrict share = share_.data();
    const double* __restrict q = occupancy_.data();
    if (inverse_wide_.empty()) {
        const std::uint8_t* __restrict degree = degree_.data();
        const double* __restrict inverse = inverse_of_degree_.data();
        // A stencil run's cells all have a full list (padded_stride neighbours): one inverse for the whole
        // run, so a vector kernel takes it; the same product, bit for bit.
        const double run_inverse = inverse[cells_->padded_stride()];
        const ShareKernel run_shares = share_kernel();
        by_runs(
            share_lo, share_hi,
            [&](std::size_t a, std::size_t b) {
                for (std::size_t c = a; c < b; ++c) {
                    share[c] = q[c] * spread * inverse[degree[c]];
                }
            },
            [&](const StencilRun&, std::size_t a, std::size_t b) {
                run_shares(q, a, b, spread, run_inverse, share);
            });
    } else {
        const double* __restrict inverse = inverse_wide_.data();
        for (std::size_t c = share_lo; c < share_hi; ++c) {
            share[c] = q[c] * spread * inverse[c];
        }
    }
    const chase::CellId* padded = cells_->padded_neighbour_ids().data();
    switch (cells_->padded_stride()) {
        case 8:
            gather_cells<8>(padded, lo, hi);
            break;
        case 4:
            gather_cells<4>(padded, lo, hi);
            break;
        default:
            for (std::size_t c = lo; c < hi; ++c) {
                scratch_[c] = gather_one(c);
            }
    }
    active_lo_ = lo;
    active_hi_ = hi;
}

// One cell's gather over its CSR neighbour list (spaces with more than 8 neighbours per cell).
double OccupancyMap::gather_one(std::size_t c) const {
    double sum = 0.0;
    for (const chase::CellId nb : cells_->neighbours(static_cast<chase::CellId>(c))) {
        sum += share_[nb];
    }
    const double kept = degree_[c] > 0 ? occupancy_[c] * (1.0 - spread_) : occupancy_[c];
    return kept + sum;
}

// The gather over [lo, hi): stencil runs by their offsets (spread_kernel.hpp), the cells between them by
// their padded lists. Both add each cell's shares in its list order, so the sums are the same bit for bit.
template <std::uint32_t Stride>
void OccupancyMap::gather_cells(const chase::CellId* padded, std::size_t lo, std::size_t hi) {
    const RunKernel kernel = run_kernel<Stride>();
    by_runs(
        lo, hi, [&](std::size_t a, std::size_t b) { gather_padded<Stride>(padded, a, b); },
        [&](const StencilRun& run, std::size_t a, std::size_t b) {
            const RunSums sums{share_.data(), occupancy_.data(), scratch_.data(), run.offset.data(),
                               1.0 - spread_};
            kernel(sums, a, b);
        });
}

// The gather over padded lists (filler id n reads share_[n] = 0: a fixed trip count, no mispredicted loop
// exits along walls; adding 0 changes no sum). Four cells at a time: four independent chains of additions,
// each in its cell's list order, so every sum is bit for bit the one-cell loop's while the chains overlap.
template <std::uint32_t Stride>
void OccupancyMap::gather_padded(const chase::CellId* padded, std::size_t lo, std::size_t hi) {
    const double* share = share_.data();
    const double keep = 1.0 - spread_;
    std::size_t c = lo;
    for (; c + 4 <= hi; c += 4) {
        const chase::CellId* p = padded + c * Stride;
        double sum[4] = {0.0, 0.0, 0.0, 0.0};
        for (std::uint32_t i = 0; i < Stride; ++i) {
            for (std::uint32_t k = 0; k < 4; ++k) {
                sum[k] += share[p[k * Stride + i]];
            }
        }
        for (std::uint32_t k = 0; k < 4; ++k) {
            const double q = occupancy_[c + k];
            scratch_[c + k] = (degree_[c + k] > 0 ? q * keep : q) + sum[k];
        }
    }
    for (; c < hi; ++c) {
        const chase::CellId* p = padded + c * Stride;
        double sum = 0.0;
        for (std::uint32_t i = 0; i < Stride; ++i) {
            sum += share[p[i]];
        }
        const double q = occupancy_[c];
        scratch_[c] = (degree_[c] > 0 ? q * keep : q) + sum;
    }
}

void OccupancyMap::spread_scatter() {
    std::fill(scratch_.data(), scratch_.data() + scratch_.size(), 0.0);
    for (chase::CellId c = 0; c < cells_->size(); ++c) {
        if (occupancy_[c] == 0.0) {
            continue;  // the support grows by one ring of cells per spread: skip the rest
        }
        const auto nbs = cells_->neighbours(c);
        const double moving = nbs.empty() ? 0.0 : occupancy_[c] * spread_;
        scratch_[c] += occupancy_[c] - moving;
        for (const chase::CellId nb : nbs) {
            scratch_[nb] += moving / static_cast<double>(nbs.size());
        }
    }
}

// Clears the cells the eye sees. Only cells inside the perception's sight box can be seen: the buckets under
// it, and in each only the cells inside it are tested, in bucket order, so the clearing order is that of a
// test of every cell. Returns true when the search target was among them.
bool OccupancyMap::clear(const Perception& perception, const Eye& eye) {
    bool target_cleared = false;
    // The centres' array: planar_position is a binary search per call on a grid's space (same values).
    const Vec2* centre = cells_->planar_positions().data();
    const auto [lo, hi] = perception.sight_box(eye);
    const auto [b0x, b0y] = bucket_of(lo);
    const auto [b1x, b1y] = bucket_of(hi);
    for (int by = b0y; by <= b1y; ++by) {
        for (int bx = b0x; bx <= b1x; ++bx) {
            const std::size_t b = static_cast<std::size_t>(by) * static_cast<std::size_t>(buckets_x_) +
                                  static_cast<std::size_t>(bx);
            const auto [first, last] = rows_within(b, lo.y, hi.y);
            for (std::uint32_t i = first; i < last; ++i) {
                const chase::CellId c = bucket_cells_[i];
                const Vec2 q = centre[c];
                if (occupancy_[c] > 0.0 && q.x >= lo.x && q.x <= hi.x && q.y >= lo.y && q.y <= hi.y &&
                    perception.sees(eye, q, cell_height(c))) {
                    if (total_exact_) {
                        total_ -= occupancy_[c];
                    } else {
                        cleared_.push_back({c, occupancy_[c]});
                    }
                    occupancy_[c] = 0.0;
                    swept_[c] = 1;
                    mark_dirty(c);
                    target_cleared = target_cleared || c == target_;
                }
            }
        }
    }
    return target_cleared;
}

// The part of bucket b's cell list with planar y in [y0, y1]: where the bucket's centres have non-decreasing
// y (grids: ids are row-major) the cells before and after it are skipped; else the whole list. The rest
// keeps its order.
std::pair<std::uint32_t, std::uint32_t> OccupancyMap::rows_within(std::size_t b, double y0, double y1) const {
    const std::uint32_t* begin = bucket_cells_.data() + bucket_start_[b];
    const std::uint32_t* end = bucket_cells_.data() + bucket_start_[b + 1];
    if (buckets_sorted_by_y_) {
        const Vec2* centre = cells_->planar_positions().data();
        begin = std::partition_point(begin, end, [&](chase::CellId c) { return centre[c].y < y0; });
        end = std::partition_point(begin, end, [&](chase::CellId c) { return centre[c].y <= y1; });
    }
    return {static_cast<std::uint32_t>(begin - bucket_cells_.data()),
            static_cast<std::uint32_t>(end - bucket_cells_.data())};
}

// Picks the most probable cell (ties: nearest to the eye, then lowest id); true when the target changed. The
// map is kept unnormalised: the spread is linear and the choice scale-free, so it is rescaled only to keep
// its numbers far from underflow, and normalised when reported. If everything was seen, it starts again from
// every cell out of sight.
bool OccupancyMap::choose(const Perception& perception, const Eye& eye) {
    const std::size_t n = cells_->size();
    const double best_p = max_occupancy();
    if (best_p == 0.0) {
        const Vec2* centre = cells_->planar_positions().data();  // not planar_position: see clear
        for (chase::CellId c = 0; c < n; ++c) {
            occupancy_[c] = perception.sees(eye, centre[c], cell_height(c)) ? 0.0 : 1.0;
        }
        active_lo_ = 0;
        active_hi_ = n;
        maxima_fresh_ = false;
        for (chase::CellId c = 0; c < n; ++c) {
            if (occupancy_[c] == 1.0 && !excluded(c)) {
                return choose(perception, eye);
            }
        }
        return false;
    }
    const chase::CellId best = nearest_with(best_p, eye.position);
    // The total decides two things: the rescaling below (the in-order sum of non-negative numbers is at
    // least their largest, so it is needed only when best_p < 1e-200) and, through total_, whether the next
    // frames choose again (total_exhausted). It is a chain of n dependent additions, so it is computed only
    // when one of them needs it; the cleared cells are logged meanwhile.
    if (best_p < kRescaleBelow || n > kLazyTotalCells) {
        double total = in_order_total();
        if (total < kRescaleBelow) {
            for (std::size_t c = active_lo_; c < active_hi_; ++c) {  // the rest is 0, and 0 / total is 0
                occupancy_[c] /= total;
            }
            maxima_fresh_ = false;
            total = 1.0;
        }
        total_ = total;
        total_exact_ = true;
    } else {
        total_exact_ = false;
        cleared_.clear();
    }
    if (best == target_) {
        return false;
    }
    target_ = best;
    return true;
}

// The largest probability and the largest of every block of kMaxBlock cells from active_lo_ (block_max_), so
// that nearest_with looks only into the blocks holding it (spread_kernel.hpp: exact in any order). Between
// spreads the map only loses cells to clearing, so only the blocks that lost one are taken again (a team's
// searchers choose one after another in a frame).
double OccupancyMap::max_occupancy() {
    const double* q = occupancy_.data();
    const BlockMaxKernel kernel = block_max_kernel();
    if (!maxima_fresh_) {
        const std::size_t blocks =
            (active_hi_ - std::min(active_lo_, active_hi_) + kMaxBlock - 1) / kMaxBlock;
        block_max_.resize(blocks);  // reserved in prepare: no allocation
        kernel(q, active_lo_, active_hi_, kMaxBlock, block_max_.data());
        maxima_fresh_ = true;
    } else {
        for (const std::uint32_t i : dirty_blocks_) {
            const std::size_t b = active_lo_ + std::size_t{i} * kMaxBlock;
            kernel(q, b, std::min(b + kMaxBlock, active_hi_), kMaxBlock, &block_max_[i]);
        }
    }
    for (const std::uint32_t i : dirty_blocks_) {
        block_dirty_[i] = 0;
    }
    dirty_blocks_.clear();
    if (!excluded_.empty()) {
        skip_excluded_in_blocks();
    }
    return block_max_.empty() ? 0.0 : *std::max_element(block_max_.begin(), block_max_.end());
}

// Cell c lost its probability: its block's maximum is taken again at the next choice.
void OccupancyMap::mark_dirty(std::size_t c) {
    if (!maxima_fresh_ || c < active_lo_ || c >= active_hi_) {
        return;
    }
    const std::size_t i = (c - active_lo_) / kMaxBlock;
    if (block_dirty_[i] == 0) {
        block_dirty_[i] = 1;
        dirty_blocks_.push_back(static_cast<std::uint32_t>(i));
    }
}

bool OccupancyMap::excluded(std::size_t c) const {
    return std::find(excluded_.begin(), excluded_.end(), c) != excluded_.end();
}

// The blocks holding an excluded cell, their maxima taken again without it (a team's few other targets).
void OccupancyMap::skip_excluded_in_blocks() {
    for (const chase::CellId cell : excluded_) {
        if (cell < active_lo_ || cell >= active_hi_) {
            continue;
        }
        const std::size_t i = (cell - active_lo_) / kMaxBlock;
        const std::size_t b = active_lo_ + i * kMaxBlock;
        double block = 0.0;
        for (std::size_t c = b; c < std::min(b + kMaxBlock, active_hi_); ++c) {
            block = excluded(c) ? block : std::max(block, occupancy_[c]);
        }
        block_max_[i] = block;
        mark_dirty(cell);  // the next choice takes this block again, with its own exclusions
    }
}

// Among the cells holding exactly q: the nearest to p, then the lowest id (blocks in id order, cells in id
// order within a block, a strictly nearer cell replacing the best).
chase::CellId OccupancyMap::nearest_with(double q, Vec2 p) const {
    const Vec2* centre = cells_->planar_positions().data();
    chase::CellId best = chase::no_cell;
    double best_d = 0.0;
    for (std::size_t i = 0; i < block_max_.size(); ++i) {
        if (block_max_[i] != q) {
            continue;
        }
        const std::size_t b = active_lo_ + i * kMaxBlock;
        for (std::size_t c = b; c < std::min(b + kMaxBlock, active_hi_); ++c) {
            if (occupancy_[c] != q || (!excluded_.empty() && excluded(c))) {
                continue;
            }
            const double d = length_squared(centre[c] - p);  // the order of the distances
            if (best == chase::no_cell || d < best_d) {
                best = static_cast<chase::CellId>(c);
                best_d = d;
            }
        }
    }
    return best;
}

// The map's total, added in id order (the order every earlier version used: results bit for bit).
double OccupancyMap::in_order_total() const {
    double total = 0.0;
    for (std::size_t c = active_lo_; c < active_hi_; ++c) {
        total += occupancy_[c];
    }
    return total;
}

// Whether the running total (the last choice's total minus the cells cleared since) is <= 0, which makes
// the next frame choose again. While the target holds probability the exact value is positive: the map's
// true total at the choice was at least the target's share q*, the rounding of the n-term sum and of the
// subtractions is at most about 2 n^2 2^-53 q* (every term is at most q*), below q* for n <= 2^24 cells
// (kLazyTotalCells). Otherwise -- every cell was seen, the map is empty and the residue of rounding decides
// -- the total is rebuilt exactly: the map at the choice is today's plus the logged cleared cells.
bool OccupancyMap::total_exhausted() {
    if (total_exact_) {
        return total_ <= 0.0;
    }
    if (target_ != chase::no_cell && occupancy_[target_] > 0.0) {
        return false;
    }
    for (const Cleared& e : cleared_) {
        occupancy_[e.cell] = e.value;
    }
    const std::size_t lo = active_lo_;
    const std::size_t hi = active_hi_;
    active_lo_ = 0;  // cells outside the range hold 0, which adds nothing
    active_hi_ = occupancy_.size();
    double total = in_order_total();
    active_lo_ = lo;
    active_hi_ = hi;
    for (const Cleared& e : cleared_) {
        occupancy_[e.cell] = 0.0;
        total -= e.value;
    }
    total_ = total;
    total_exact_ = true;
    return total_ <= 0.0;
}

// A uniform bucket grid over the cells' planar positions, buckets at least view_range wide (capped at 2^20
// buckets), so that clearing what an eye sees scans only nearby cells.
void OccupancyMap::build_buckets(double view_range) {
    const chase::CellSpace& cells = *cells_;
    Vec2 lo = cells.planar_position(0);
    Vec2 hi = lo;
    for (const Vec2 q : cells.planar_positions()) {
        lo = {std::min(lo.x, q.x), std::min(lo.y, q.y)};
        hi = {std::max(hi.x, q.x), std::max(hi.y, q.y)};
    }
    bucket_origin_ = lo;
    bucket_size_ = std::max({view_range, cells.cell_size(), 1e-9});
    const double span = std::max(hi.x - lo.x, hi.y - lo.y);
    bucket_size_ = std::max(bucket_size_, span / 1024.0);
    buckets_x_ = static_cast<int>((hi.x - lo.x) / bucket_size_) + 1;
    buckets_y_ = static_cast<int>((hi.y - lo.y) / bucket_size_) + 1;
    const std::size_t count = static_cast<std::size_t>(buckets_x_) * static_cast<std::size_t>(buckets_y_);
    bucket_start_.assign(count + 1, 0);
    std::vector<std::uint32_t> of(cells.size());
    for (chase::CellId c = 0; c < cells.size(); ++c) {
        const auto [bx, by] = bucket_of(cells.planar_positions()[c]);
        of[c] = static_cast<std::uint32_t>(by * buckets_x_ + bx);
        ++bucket_start_[of[c] + 1];
    }
    for (std::size_t b = 0; b < count; ++b) {
        bucket_start_[b + 1] += bucket_start_[b];
    }
    bucket_cells_.resize(cells.size());
    std::vector<std::uint32_t> fill(bucket_start_.begin(), bucket_start_.end() - 1);
    for (chase::CellId c = 0; c < cells.size(); ++c) {
        bucket_cells_[fill[of[c]]++] = c;
    }
    buckets_sorted_by_y_ = true;
    for (std::size_t b = 0; b < count; ++b) {
        for (std::uint32_t i = bucket_start_[b] + 1; i < bucket_start_[b + 1]; ++i) {
            if (cells.planar_positions()[bucket_cells_[i]].y <
                cells.planar_positions()[bucket_cells_[i - 1]].y) {
                buckets_sorted_by_y_ = false;
            }
        }
    }
}

std::pair<int, int> OccupancyMap::bucket_of(Vec2 q) const {
    const auto clamp_index = [](double v, int n) {
        return static_cast<int>(std::clamp(std::floor(v), 0.0, static_cast<double>(n - 1)));
    };
    return {clamp_index((q.x - bucket_origin_.x) / bucket_size_, buckets_x_),
            clamp_index((q.y - bucket_origin_.y) / bucket_size_, buckets_y_)};
}

}  // namespace kinema::pursuit::detail
