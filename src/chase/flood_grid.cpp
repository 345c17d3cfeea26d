#include "flood_grid.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace kinema::chase::detail {

void NearestTile::consider(int c, int r) {
    const Vec3 p{(c + 0.5) * s, (r + 0.5) * s, 0.0};
    const double d2 = length_squared(p - centroid);
    if (d2 < best || (d2 == best && (r < row || (r == row && c < col)))) {
        best = d2;
        col = c;
        row = r;
    }
}

GridFlood::Lists::Lists(const Lists& other) {
    *this = other;
}

GridFlood::Lists& GridFlood::Lists::operator=(const Lists& other) {
    if (this != &other) {
        const std::scoped_lock lock(mutex, other.mutex);
        heated = other.heated;
        barrier = other.barrier;
        sort_scratch = other.sort_scratch;
        barrier_count = other.barrier_count;
        ready.store(other.ready.load(std::memory_order_relaxed), std::memory_order_relaxed);
    }
    return *this;
}

bool GridFlood::fits(const CellSpace& space, const FloodSettings& settings) {
    const GridCells* g = space.grid();
    if (g == nullptr || settings.max_steps > grid_max_steps) {
        return false;
    }
    // A power-of-two cell size keeps centres, their differences and the centroid's sums exact.
    int exponent = 0;
    if (std::frexp(g->cell_size(), &exponent) != 0.5 || exponent < -900) {
        return false;
    }
    // The centroid's sums (heat x (2 col + 1), at most one heated cell per window tile) stay below 2^53.
    const double cells =
        std::min(static_cast<double>(grid_window_tiles),
                 1.0 + static_cast<double>(settings.max_steps) * static_cast<double>(settings.max_heated));
    const double span = 2.0 * static_cast<double>(std::max(g->width(), g->height())) + 1.0;
    return static_cast<double>(settings.hot) * cells * span < 9007199254740992.0;
}

void GridFlood::prepare(const CellSpace& space, const FloodSettings& settings) {
    space_ = &space;
    settings_ = settings;
    kernels_ = &bit_kernels();
    if (planes_.size() < grid_plane_words) {
        planes_.assign(grid_plane_words, 0);
        used_heat_ = 0;
        used_barrier_ = 0;
    }
    // Every committed entry holds a cell touched once, so at most touched_bound of them; a discarded heat
    // step writes at most 9 entries (own block, 4 side and 4 corner blocks) per frontier entry, and there are
    // at most min(M_H, touched_bound) of those; one more slot is written and dropped when empty.
    const std::size_t touched_bound = std::min(space.size(), grid_window_tiles);
    const std::size_t discarded = 9 * std::min(static_cast<std::size_t>(settings.max_heated), touched_bound);
    const auto grow = [](auto& v, std::size_t n) {
        if (v.size() < n) {
            v.assign(n, {});
        }
    };
    grow(lists_.heated, touched_bound);
    grow(lists_.barrier, touched_bound);
    grow(lists_.sort_scratch, touched_bound);
    if (heat_blocks_.size() < touched_bound + discarded + 1 || barrier_bits_.size() < touched_bound + 1) {
        // The lists that say which window blocks hold bits are replaced: clear the window instead.
        std::fill_n(planes_.begin(), plane_gather, 0);  // touched and heated
        used_heat_ = 0;
        used_barrier_ = 0;
        grow(heat_blocks_, touched_bound + discarded + 1);
        grow(barrier_bits_, touched_bound + 1);
    }
    grow(heat_begin_, std::size_t{grid_max_steps} + 2);
    grow(barrier_begin_, std::size_t{grid_max_steps} + 2);
    grow(step_cells_, std::size_t{grid_max_steps} + 2);
}

void GridFlood::clear_previous_run() {
    // Only the blocks the previous run wrote hold bits, all of them within the window blocks whose floor it
    // copied (copy_floor); whichever of the two lists is shorter is cleared (on small maps the copied blocks
    // are fewer than the entries).
    const auto& [x_lo, x_hi, y_lo, y_hi] = copied_;
    const auto copied = static_cast<std::size_t>(std::max(0, x_hi - x_lo + 1) * std::max(0, y_hi - y_lo + 1));
    if (copied < used_heat_ + used_barrier_) {
        for (int y = y_lo; y <= y_hi; ++y) {
            const auto row = static_cast<std::ptrdiff_t>(y * grid_stride + x_lo);
            std::fill_n(planes_.begin() + row, x_hi - x_lo + 1, 0);
            std::fill_n(planes_.begin() + static_cast<std::ptrdiff_t>(plane_heated) + row, x_hi - x_lo + 1,
                        0);
        }
        return;
    }
    for (std::size_t e = 0; e < used_heat_; ++e) {
        planes_[heat_blocks_[e].block] = 0;
        planes_[plane_heated + heat_blocks_[e].block] = 0;
    }
    for (std::size_t e = 0; e < used_barrier_; ++e) {
        planes_[barrier_bits_[e].block] = 0;
    }
}

unsigned GridFlood::barrier_directions(Vec2 direction) const {
    // Per direction: does it spread the barrier? With a power-of-two cell size, pos(n) - pos(b) is exactly
    // (dc * s, dr * s) for every cell, so this is the generic flood's test (spec A.2 and B.5: dot < 0,
    // strictly) done once per direction.
    const GridCells& g = *space_->grid();
    const bool eight = g.connectivity() == Connectivity::eight;
    const double s = g.cell_size();
    const auto spreads = [&](Dir d, int dc, int dr) {
        const bool on = (dr == 0 || dc == 0 || eight) && dot(Vec2{dc * s, dr * s}, direction) < 0.0;
        return on ? 1u << d : 0u;
    };
    return spreads(east, 1, 0) | spreads(west, -1, 0) | spreads(south, 0, 1) | spreads(north, 0, -1) |
           spreads(south_east, 1, 1) | spreads(south_west, -1, 1) | spreads(north_east, 1, -1) |
           spreads(north_west, -1, -1);
}

void GridFlood::seed(CellId seed, Vec2 direction) {
    const Tile t = space_->grid()->tile_of(seed);
    seed_ = seed;
    clear_previous_run();
    // The seed's block is window block (9, 9). Every touched cell lies within R <= 63 tiles of the seed,
    // so in window blocks 1 .. 17, and the floor is read at most one block further: blocks 0 .. 18, all of
    // them inside GridCells' ring of walls since the touched cells are inside the grid.
    const int seed_bx = t.col / 8;
    const int seed_by = t.row / 8;
    col0_ = 8 * (seed_bx - 9);
    row0_ = 8 * (seed_by - 9);
    lists_.ready.store(false, std::memory_order_relaxed);
    copy_floor(seed_bx - 9, seed_by - 9);
    const BlockWindow w{planes_.data()};
    spread_barrier_ = barrier_spreader(barrier_directions(direction));

    // Step A.1: heat the seed (step 0).
    const auto k = static_cast<std::uint32_t>(9 * grid_stride + 9);
    const std::uint64_t bit = std::uint64_t{1} << ((t.row % 8) * 8 + t.col % 8);
    planes_[k] = bit;
    planes_[plane_heated + k] = bit;
    heat_blocks_[0] = {bit, k};
    heat_begin_[0] = 0;
    heat_begin_[1] = 1;
    step_cells_[0] = 1;
    heated_count_ = 1;

    // Step A.2: the seed's neighbours in the opposite half-plane become the barrier.
    const std::size_t m = spread_barrier_(heat_blocks_.data(), 1, w, barrier_bits_.data());
    barrier_begin_[0] = 0;
    barrier_begin_[1] = static_cast<std::uint32_t>(m);
    used_heat_ = 1;
    used_barrier_ = m;
}

void GridFlood::copy_floor(int bx0, int by0) {
    // Window block (x, y) is grid block (bx0 + x, by0 + y). Only the window blocks that GridCells holds (the
    // grid's blocks and its ring of walls) are copied: a spread reads the floor only next to touched blocks,
    // which lie inside the grid, so the others are never read (they may keep an earlier run's words).
    // Nor are the blocks beyond the run's reach: touched tiles lie within R = M_S + 1 of the seed (window
    // block 9), so in window blocks 9 +- (R + 7) / 8, and their floor is read one block further.
    const GridCells& g = *space_->grid();
    const int reach = (settings_.max_steps + 1 + 7) / 8 + 1;
    const int cols = (g.width() + 7) / 8;
    const int rows = (g.height() + 7) / 8;
    const int x_lo = std::max(bx0 + 9 - reach, -1) - bx0;
    const int x_hi = std::min(bx0 + 9 + reach, cols) - bx0;
    const int y_lo = std::max(by0 + 9 - reach, -1) - by0;
    const int y_hi = std::min(by0 + 9 + reach, rows) - by0;
    copied_ = {x_lo, x_hi, y_lo, y_hi};
    std::uint64_t* floor = planes_.data() + plane_floor;
    if (bx0 >= -1 && bx0 + grid_side - 1 <= cols) {
        // The whole window row exists (large maps): a fixed-size copy, inlined, is cheaper than a call.
        for (int y = y_lo; y <= y_hi; ++y) {
            std::memcpy(floor + y * grid_stride, g.blocks() + g.block_index(bx0, by0 + y),
                        grid_side * sizeof(std::uint64_t));
        }
        return;
    }
    for (int y = y_lo; y <= y_hi; ++y) {
        std::copy_n(g.blocks() + g.block_index(bx0 + x_lo, by0 + y), x_hi - x_lo + 1,
                    floor + y * grid_stride + x_lo);
    }
}

void GridFlood::steps(FloodProgress& progress, int max_steps) {
    if (progress.finished || max_steps <= 0) {
        return;
    }
    const GridCells& g = *space_->grid();
    const GridSteps r{{planes_.data()},     heat_blocks_.data(),
                      heat_begin_.data(),   step_cells_.data(),
                      barrier_bits_.data(), barrier_begin_.data(),
                      spread_barrier_,      static_cast<std::size_t>(settings_.max_heated)};
    const StepsFn run_steps = g.connectivity() == Connectivity::eight ? kernels_->steps8 : kernels_->steps4;
    const auto last = static_cast<std::size_t>(settings_.max_steps);
    const auto j = static_cast<std::size_t>(progress.step);
    const std::size_t until = j + std::min(static_cast<std::size_t>(max_steps), last - j);
    const StepsDone d = run_steps(r, j, until);
    heated_count_ += d.heated;
    if (d.step < until) {  // a step did not happen (spec B.3 or nothing left to heat)
        progress.finished = true;
        progress.stop_reason = d.cells == 0 ? StopReason::exhausted : StopReason::too_many_heated;
    } else if (d.step == last) {
        progress.finished = true;
        progress.stop_reason = StopReason::max_steps;
    }
    progress.step = static_cast<int>(d.step);
    used_heat_ = heat_begin_[d.step + 1];
    used_barrier_ = barrier_begin_[d.step + 1];
    if (d.step != j) {
        lists_.ready.store(false, std::memory_order_relaxed);
    }
}

std::size_t GridFlood::barrier_count(int step) const {
    const BlockBits* b = barrier_bits_.data();
    return kernels_->count(b, b + barrier_begin_[static_cast<std::size_t>(step) + 1]);
}

void GridFlood::fill_result(FloodResult& r, int step) const {
    // The generic result's arithmetic, with the centroid's sums in integers: sum(value * (col + 0.5) * s) is
    // s / 2 * sum(value * (2 col + 1)), and every partial sum of the generic flood is exact too (below 2^53
    // in units of s / 2, fits()), so both give the same double before the one division.
    r.heated_cells = heated_count_;
    r.barrier_cells = barrier_count(step);
    const double s = space_->grid()->cell_size();
    const int hot = settings_.hot;
    const int first_warm_step = std::max(0, step - hot + 1);
    std::int64_t weight = 0;
    std::size_t warm = 0;
    const std::int64_t col_base = 2 * static_cast<std::int64_t>(col0_) + 1;
    const std::int64_t row_base = 2 * static_cast<std::int64_t>(row0_) + 1;
    for (int j = first_warm_step; j <= step; ++j) {
        const auto sj = static_cast<std::size_t>(j);
        const std::int64_t w = hot - (step - j);
        weight += w * static_cast<std::int64_t>(step_cells_[sj]);
        warm += step_cells_[sj];
    }
    const ColRowSums sums =
        kernels_->sum(heat_blocks_.data(), heat_begin_.data(), static_cast<std::size_t>(first_warm_step),
                      static_cast<std::size_t>(step), hot);
    const std::int64_t sum_x = weight * col_base + 2 * sums.cols;
    const std::int64_t sum_y = weight * row_base + 2 * sums.rows;
    r.warm_cells = warm;
    const double half = 0.5 * s;
    const Vec3 sum{static_cast<double>(sum_x) * half, static_cast<double>(sum_y) * half, 0.0};
    r.centroid = sum / static_cast<double>(weight);
    if (settings_.destination == DestinationRule::nearest_heated && destination_in_centroid_tile(r)) {
        return;
    }
    // Otherwise the generic flood's distances (NearestTile): first on rings around the centroid's tile,
    // then, when they do not decide, over the heated blocks from the best the rings found.
    NearestTile nearest{r.centroid, s};
    if (settings_.destination != DestinationRule::nearest_heated || !nearest_in_rings(nearest)) {
        const int first_step = settings_.destination == DestinationRule::nearest_warm ? first_warm_step : 0;
        nearest_over_blocks(nearest, first_step, step);
    }
    set_destination(r, nearest.col, nearest.row);
}

bool GridFlood::heated_bit(int x, int y) const {
    return x >= 0 && y >= 0 && x < 8 * grid_side && y < 8 * grid_side &&
           ((planes_[plane_heated + static_cast<std::size_t>((y / 8) * grid_stride + x / 8)] >>
             ((y % 8) * 8 + x % 8)) &
            1u) != 0;
}

void GridFlood::set_destination(FloodResult& r, int col, int row) const {
    const GridCells& g = *space_->grid();
    const double s = g.cell_size();
    r.destination_cell = g.cell_at(col, row);
    r.destination = Vec3{(col + 0.5) * s, (row + 0.5) * s, 0.0};
}

bool GridFlood::destination_in_centroid_tile(FloodResult& r) const {
    // A heated tile that contains the centroid at least 1/64 tile from each of its edges is strictly the
    // nearest heated cell (every other centre is at least 33/64 tile away on one axis against 31/64, far
    // beyond rounding), so the scans below would pick it too. s is a power of two: centroid / s is exact.
    const double s = space_->grid()->cell_size();
    const double u = r.centroid.x / s;
    const double v = r.centroid.y / s;
    const double fu = u - std::floor(u);
    const double fv = v - std::floor(v);
    if (fu >= 1.0 / 64 && fu <= 63.0 / 64 && fv >= 1.0 / 64 && fv <= 63.0 / 64) {
        const int x = static_cast<int>(std::floor(u)) - col0_;
        const int y = static_cast<int>(std::floor(v)) - row0_;
        if (heated_bit(x, y)) {
            set_destination(r, col0_ + x, row0_ + y);
            return true;
        }
    }
    return false;
}

bool GridFlood::nearest_in_rings(NearestTile& nearest) const {
    // Rings of tiles around the centroid's tile, nearest first: every tile of ring d + 1 is at least d + 0.5
    // tiles from the centroid on one axis, so once that is farther than the best so far (with a margin far
    // beyond rounding) no other tile can win. In corridors the centroid often lies in a wall next to the
    // heat, found within a ring or two; after ring 4 the scan over the blocks goes on from the best.
    const double s = nearest.s;
    const int cu = static_cast<int>(std::floor(nearest.centroid.x / s)) - col0_;
    const int cv = static_cast<int>(std::floor(nearest.centroid.y / s)) - row0_;
    const auto look = [&](int x, int y) {
        if (heated_bit(x, y)) {
            nearest.consider(col0_ + x, row0_ + y);
        }
    };
    for (int d = 0; d <= 4; ++d) {
        for (int x = cu - d; x <= cu + d; ++x) {
            look(x, cv - d);
            if (d > 0) {
                look(x, cv + d);
            }
        }
        for (int y = cv - d + 1; y <= cv + d - 1; ++y) {
            look(cu - d, y);
            look(cu + d, y);
        }
        const double reach = (d + 0.5) * s;
        if (reach * reach > nearest.best * (1.0 + 1e-9)) {
            return true;
        }
    }
    return false;
}

void GridFlood::nearest_over_blocks(NearestTile& nearest, int first_step, int step) const {
    // Latest blocks first (the centroid leans towards the warmest cells); a block whose nearest possible
    // centre is farther than the best so far (with a margin far beyond rounding) is skipped.
    const double s = nearest.s;
    const Vec3 centroid = nearest.centroid;
    const std::uint32_t first = heat_begin_[static_cast<std::size_t>(first_step)];
    for (std::uint32_t e = heat_begin_[static_cast<std::size_t>(step) + 1]; e-- > first;) {
        const int x0 = col0_ + 8 * static_cast<int>(heat_blocks_[e].block % grid_stride);
        const int y0 = row0_ + 8 * static_cast<int>(heat_blocks_[e].block / grid_stride);
        const double dx = std::max({0.0, (x0 + 0.5) * s - centroid.x, centroid.x - (x0 + 7.5) * s});
        const double dy = std::max({0.0, (y0 + 0.5) * s - centroid.y, centroid.y - (y0 + 7.5) * s});
        if (dx * dx + dy * dy > nearest.best * (1.0 + 1e-9)) {
            continue;
        }
        for (std::uint64_t bits = heat_blocks_[e].bits; bits != 0; bits &= bits - 1) {
            const int i = std::countr_zero(bits);
            nearest.consider(x0 + (i & 7), y0 + (i >> 3));
        }
    }
}

int GridFlood::heated_step(CellId c, int step) const {
    const Tile t = space_->grid()->tile_of(c);
    const int x = t.col - col0_;
    const int y = t.row - row0_;
    if (x < 0 || y < 0 || x >= 8 * grid_side || y >= 8 * grid_side) {
        return untouched_step;
    }
    const auto k = static_cast<std::uint32_t>((y / 8) * grid_stride + x / 8);
    const std::uint64_t bit = std::uint64_t{1} << ((y % 8) * 8 + x % 8);
    if ((planes_[k] & bit) == 0) {
        return untouched_step;
    }
    if ((planes_[plane_heated + k] & bit) == 0) {
        return barrier_step;
    }
    for (int j = step; j >= 0; --j) {
        const auto sj = static_cast<std::size_t>(j);
        for (std::uint32_t e = heat_begin_[sj]; e < heat_begin_[sj + 1]; ++e) {
            if (heat_blocks_[e].block == k && (heat_blocks_[e].bits & bit) != 0) {
                return j;
            }
        }
    }
    return untouched_step;  // not reached: a heated bit belongs to one step's blocks
}

std::span<const CellId> GridFlood::heated_cells(int step) const {
    if (!lists_.ready.load(std::memory_order_acquire)) {
        write_lists(step);
    }
    return {lists_.heated.data(), heated_count_};
}

std::span<const CellId> GridFlood::barrier_cells(int step) const {
    if (!lists_.ready.load(std::memory_order_acquire)) {
        write_lists(step);
    }
    return {lists_.barrier.data(), lists_.barrier_count};
}

std::size_t GridFlood::write_step(const BlockBits* begin, const BlockBits* end, CellId* out,
                                  std::size_t n) const {
    // Row-major window order is ascending id order; consecutive floor tiles have consecutive ids, so only
    // the first cell of each run needs a rank.
    std::uint32_t* keys = lists_.sort_scratch.data();
    std::size_t count = 0;
    for (const BlockBits* b = begin; b != end; ++b) {
        const std::uint32_t x0 = 8 * (b->block % grid_stride);
        const std::uint32_t y0 = 8 * (b->block / grid_stride);
        for (std::uint64_t bits = b->bits; bits != 0; bits &= bits - 1) {
            const auto i = static_cast<std::uint32_t>(std::countr_zero(bits));
            keys[count++] = (y0 + (i >> 3)) * 256 + x0 + (i & 7);
        }
    }
    std::sort(keys, keys + count);
    const GridCells& g = *space_->grid();
    std::uint32_t previous = 0xFFFFFFFFu;
    CellId id = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t key = keys[i];
        if (key != previous + 1) {
            id = g.cell_at(col0_ + static_cast<int>(key % 256), row0_ + static_cast<int>(key / 256));
        } else {
            ++id;
        }
        previous = key;
        out[n++] = id;
    }
    return n;
}

void GridFlood::write_lists(int step) const {
    const std::lock_guard lock(lists_.mutex);
    if (lists_.ready.load(std::memory_order_relaxed)) {
        return;  // another thread wrote them while this one waited
    }
    std::size_t n = 0;
    for (std::size_t j = 0; j <= static_cast<std::size_t>(step); ++j) {
        n = write_step(heat_blocks_.data() + heat_begin_[j], heat_blocks_.data() + heat_begin_[j + 1],
                       lists_.heated.data(), n);
    }
    n = 0;
    for (std::size_t j = 0; j <= static_cast<std::size_t>(step); ++j) {
        n = write_step(barrier_bits_.data() + barrier_begin_[j], barrier_bits_.data() + barrier_begin_[j + 1],
                       lists_.barrier.data(), n);
    }
    lists_.barrier_count = n;
    lists_.ready.store(true, std::memory_order_release);
}

}  // namespace kinema::chase::detail
