#include "kinema/chase/flood.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kinema::chase {

namespace {

// Upper bounds keep every step index and code in 32 bits (see Flood::mark_).
constexpr int max_hot = 1000000;
constexpr int max_max_steps = 1000000;

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

// ---- Grid fast path (flood.hpp; issue 10, "Speed of the flood") ----
//
// A window row is a 128-bit word; bit i is grid column col0 + i. Shifting a frontier row left by one moves
// every cell one column right. With V = frontier & floor(row below), the tiles below that can be entered
// straight down, the down-right diagonal targets are (V << 1) & floor(row) & floor(row below): the target
// and both orthogonal tiles are open (no corner cutting), likewise the other diagonals.

__extension__ typedef unsigned __int128 u128;

constexpr int grid_max_steps = 62;  // R = M_S + 1 <= 63: the window's 2R + 1 <= 127 columns fit 128 bits
constexpr std::size_t grid_window = 2 * (grid_max_steps + 1) + 1;
constexpr std::size_t grid_window_rows = grid_window + 2;  // plus an empty margin row on each side
constexpr std::uint8_t grid_barrier_code = 255;

inline u128 get(const detail::Row128& r) {
    return (static_cast<u128>(r.hi) << 64) | r.lo;
}
inline void put(detail::Row128& r, u128 v) {
    r.lo = static_cast<std::uint64_t>(v);
    r.hi = static_cast<std::uint64_t>(v >> 64);
}
inline detail::Row128 row_of(bool on) {
    const std::uint64_t v = on ? ~std::uint64_t{0} : 0;
    return {v, v};
}

// Floor bits of grid row `row`, columns col0 .. col0 + 127 (walls outside the grid).
u128 window_floor(const GridCells& g, int row, int col0) {
    const int lo = std::max(col0, 0);
    const int hi = std::min(col0 + 128, g.width());
    if (row < 0 || row >= g.height() || lo >= hi) {
        return 0;
    }
    const std::size_t t =
        static_cast<std::size_t>(row) * static_cast<std::size_t>(g.width()) + static_cast<std::size_t>(lo);
    u128 v = (static_cast<u128>(g.bits64(t + 64)) << 64) | g.bits64(t);
    const int n = hi - lo;
    if (n < 128) {
        v &= (u128{1} << n) - 1;
    }
    return v << (lo - col0);
}

// Which neighbour offsets a spread takes: all of the 8-connected ones, the 4 orthogonal ones (heat), or those
// whose mask is on (barrier). Offsets are indexed (dr + 1) * 3 + dc + 1.
enum class Offsets { eight, four, masked };

// Adds the targets of a frontier (sorted by row) to acc, and lists the window rows they can fall in,
// ascending and each once. Returns how many rows it listed.
template <Offsets Kind>
std::size_t spread(const detail::FrontRow* front, std::size_t count, const detail::Row128* floor,
                   detail::Row128* acc, const std::array<detail::Row128, 9>& mask, int* rows) {
    const bool all = Kind == Offsets::eight;
    const bool diagonals = Kind != Offsets::four;
    const u128 m_ul = all ? ~u128{0} : get(mask[0]), m_u = all ? ~u128{0} : get(mask[1]);
    const u128 m_ur = all ? ~u128{0} : get(mask[2]), m_l = all ? ~u128{0} : get(mask[3]);
    const u128 m_r = all ? ~u128{0} : get(mask[5]), m_dl = all ? ~u128{0} : get(mask[6]);
    const u128 m_d = all ? ~u128{0} : get(mask[7]), m_dr = all ? ~u128{0} : get(mask[8]);
    std::size_t n = 0;
    int last = -1;
    for (std::size_t f = 0; f < count; ++f) {
        const int w = front[f].row;
        const u128 bits = get(front[f].bits);
        const u128 here = get(floor[w]);
        const u128 up_floor = get(floor[w - 1]);
        const u128 down_floor = get(floor[w + 1]);
        const u128 up = bits & up_floor;
        const u128 down = bits & down_floor;
        u128 to_up = up & m_u;
        u128 to_down = down & m_d;
        if constexpr (diagonals) {
            to_up |= (((up << 1) & m_ur) | ((up >> 1) & m_ul)) & here & up_floor;
            to_down |= (((down << 1) & m_dr) | ((down >> 1) & m_dl)) & here & down_floor;
        }
        const u128 to_side = (((bits << 1) & m_r) | ((bits >> 1) & m_l)) & here;
        put(acc[w - 1], get(acc[w - 1]) | to_up);
        put(acc[w], get(acc[w]) | to_side);
        put(acc[w + 1], get(acc[w + 1]) | to_down);
        // Rows w - 1 .. w + 1 not listed yet (the frontier is sorted, so only the last listed row can
        // repeat).
        rows[n] = w - 1;
        n += w - 1 > last ? 1u : 0u;
        rows[n] = w;
        n += w > last ? 1u : 0u;
        rows[n++] = w + 1;
        last = w + 1;
    }
    return n;
}

std::size_t grid_spread_heat(bool eight, const detail::FrontRow* front, std::size_t count,
                             const detail::Row128* floor, detail::Row128* acc,
                             const std::array<detail::Row128, 9>& mask, int* rows) {
    return eight ? spread<Offsets::eight>(front, count, floor, acc, mask, rows)
                 : spread<Offsets::four>(front, count, floor, acc, mask, rows);
}

// Where a committed cell is written.
struct GridSink {
    const GridCells* grid;
    int row0;
    int col0;
    CellId* ids;
    std::uint16_t* local;  // may be null (barrier cells)
};

// Appends the cells of one 64-bit half of a window row (bit i is tile base + i) to ids[n...], ascending.
// Consecutive floor tiles have consecutive ids, so only the first cell of each run needs a rank.
template <bool Heat>
std::size_t commit_half(std::uint64_t bits, std::ptrdiff_t base, int first_bit, std::uint8_t* row_codes,
                        std::uint8_t code, const GridSink& sink, int w, std::size_t n) {
    int previous = -2;
    CellId id = 0;
    for (; bits != 0; bits &= bits - 1) {
        const int i = std::countr_zero(bits);
        id = i == previous + 1 ? id + 1 : sink.grid->rank(static_cast<std::size_t>(base + i));
        previous = i;
        row_codes[first_bit + i] = code;
        sink.ids[n] = id;
        if constexpr (Heat) {
            sink.local[n] = static_cast<std::uint16_t>(w * 128 + first_bit + i);
        }
        ++n;
    }
    return n;
}

// Takes the untouched targets of the listed rows (clearing acc) as the new frontier out[0 .. out_count):
// writes their codes, and their ids (row-major: ascending) at ids[n...]; returns the new end. The touched
// rows are not changed, so the caller can still discard the step (an overflow): the codes written belong to
// untouched cells, which nothing reads.
template <bool Heat>
std::size_t take(const int* rows, std::size_t count, detail::Row128* acc, const detail::Row128* touched,
                 detail::FrontRow* out, std::size_t& out_count, std::uint8_t* codes, std::uint8_t code,
                 const GridSink& sink, std::size_t n) {
    const auto width = static_cast<std::ptrdiff_t>(sink.grid->width());
    std::size_t m = 0;
    for (std::size_t r = 0; r < count; ++r) {
        const int w = rows[r];
        const std::uint64_t lo = acc[w].lo & ~touched[w].lo;
        const std::uint64_t hi = acc[w].hi & ~touched[w].hi;
        acc[w] = {};
        if ((lo | hi) == 0) {
            continue;
        }
        out[m].bits = {lo, hi};
        out[m].row = w;
        ++m;
        // Tile index of bit 0 of this row (col0 may be negative; bits set are always inside the grid).
        const std::ptrdiff_t base = static_cast<std::ptrdiff_t>(sink.row0 + w) * width + sink.col0;
        std::uint8_t* row_codes = codes + static_cast<std::size_t>(w) * 128;
        n = commit_half<Heat>(lo, base, 0, row_codes, code, sink, w, n);
        n = commit_half<Heat>(hi, base + 64, 64, row_codes, code, sink, w, n);
    }
    out_count = m;
    return n;
}

// Marks a frontier touched.
void mark(const detail::FrontRow* front, std::size_t count, detail::Row128* touched) {
    for (std::size_t f = 0; f < count; ++f) {
        touched[front[f].row].lo |= front[f].bits.lo;
        touched[front[f].row].hi |= front[f].bits.hi;
    }
}

// The window rows a flood has extracted: [lo, hi], floor read from the grid, touched and acc cleared.
struct WindowRows {
    const GridCells* grid;
    int row0;
    int col0;
    detail::Row128* floor;
    detail::Row128* touched;
    detail::Row128* acc;
};

// Extends the extracted rows [lo, hi] to cover [a, b] (window rows, 0 <= a, b <= 2R + 2).
void extract_rows(const WindowRows& win, int& lo, int& hi, int a, int b) {
    for (int w = a; w <= b; ++w) {
        if (w >= lo && w <= hi) {
            continue;
        }
        put(win.floor[w], window_floor(*win.grid, win.row0 + w, win.col0));
        win.touched[w] = {};
        win.acc[w] = {};
    }
    lo = std::min(lo, a);
    hi = std::max(hi, b);
}

}  // namespace

namespace {

// Seed 002's symbols (H, M_H, M_S) in the docs; ranges as flood.hpp documents them.
using F = FloodSettings;
constexpr std::array<FieldChoice, 2> kDestinations{{
    {"nearest_heated", static_cast<double>(DestinationRule::nearest_heated)},
    {"nearest_warm", static_cast<double>(DestinationRule::nearest_warm)},
}};
constexpr std::array kFloodFields{
    field<F, &F::hot>("hot", "heat", closed_range(1, max_hot), "H: the heat a newly heated cell gets"),
    field<F, &F::max_heated>("max_heated", "cells", at_least(1),
                             "M_H: more newly heated cells in a step stop it"),
    field<F, &F::max_steps>("max_steps", "steps", closed_range(0, max_max_steps),
                            "M_S: propagation steps at most"),
    field<F, &F::max_restarts>("max_restarts", "count", at_least(-1),
                               "re-seeds accepted per chase; -1 no cap"),
    field<F, &F::destination>("destination", "choice", {}, "which cells the destination is chosen from",
                              kDestinations),
};
constexpr SettingsDescription kFloodDescription{"FloodSettings", kFloodFields, {}};

// Tiles of a grid's space (width x height), 0 for other spaces.
std::size_t grid_tiles(const CellSpace& space) {
    const GridCells* g = space.grid();
    return g == nullptr ? 0 : static_cast<std::size_t>(g->width()) * static_cast<std::size_t>(g->height());
}

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<FloodSettings>) noexcept {
    return kFloodDescription;
}

FloodSettings FloodSettings::difficulty(int level) {
    // seed 002 Table 1: M_S was Dishonored 2's difficulty variable, 20 / 30 / 40 for levels 1 / 2 / 3.
    if (level < 1 || level > 3) {
        throw SettingsError("flood settings",
                            {{"difficulty", "must be 1, 2 or 3, got " + std::to_string(level)}});
    }
    FloodSettings s;
    s.max_steps = 10 + 10 * level;
    return s;
}

std::string_view to_string(StopReason reason) {
    switch (reason) {
        case StopReason::exhausted:
            return "exhausted";
        case StopReason::too_many_heated:
            return "too_many_heated";
        case StopReason::max_steps:
            return "max_steps";
    }
    return "unknown";
}

Flood::Flood(FloodSettings settings) {
    set_settings(settings);
}

void Flood::set_settings(const FloodSettings& settings) {
    throw_if_invalid("flood settings", settings.validate());
    settings_ = settings;
}

void Flood::start(const CellSpace& space, SeedLocation seed_location, Vec2 direction) {
    if (seed_location.cell >= space.size()) {
        throw std::invalid_argument("flood: seed cell " + std::to_string(seed_location.cell) +
                                    " is not a cell of the space (" + std::to_string(space.size()) +
                                    " cells)");
    }
    if (!is_finite(direction)) {
        throw std::invalid_argument("flood: direction is not finite");
    }
    run_settings_ = settings_;
    grid_mode_ = grid_path_ != GridPath::never && grid_path_fits(space) &&
                 (grid_path_ == GridPath::always || grid_tiles(space) >= grid_path_min_tiles);
    if (grid_mode_) {
        allocate_grid_scratch(space.size());
    } else {
        if (space_ == nullptr || mark_.size() != space.size() + 1) {
            // First run on a space of this size: with heated_ below, the only allocations a Flood makes.
            mark_.assign(space.size() + 1, 0);
            mark_.back() = filler_mark;
            base_ = 1;
            generation_end_ = 1;
        }
        if (barrier_.size() < space.size()) {
            barrier_.assign(space.size(), 0);
        }
        const std::size_t heated_needed = heated_capacity(space, run_settings_);
        if (heated_.size() < heated_needed) {
            heated_.assign(heated_needed, 0);
        }
    }
    const auto steps = static_cast<std::size_t>(run_settings_.max_steps);
    if (step_begin_.size() < steps + 2) {
        step_begin_.resize(steps + 2);
    }
    space_ = &space;
    restarts_ = 0;
    seed(seed_location, direction);
}

bool Flood::restart(SeedLocation seed_location, Vec2 direction) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: restart() before start()");
    }
    if (seed_location.cell >= space_->size()) {
        throw std::invalid_argument("flood: seed cell " + std::to_string(seed_location.cell) +
                                    " is not a cell of the space");
    }
    if (!is_finite(direction)) {
        throw std::invalid_argument("flood: direction is not finite");
    }
    if (run_settings_.max_restarts >= 0 && restarts_ >= run_settings_.max_restarts) {
        return false;
    }
    ++restarts_;
    seed(seed_location, direction);
    return true;
}

void Flood::next_generation() {
    // Codes of one run are base_ + 0 .. base_ + M_S + 1 (heated step or barrier). A new run starts above
    // every code of the previous one, so old marks read as untouched without clearing the array; only when 32
    // bits run out (after ~10^8 runs) is the array cleared.
    const auto stride = static_cast<std::uint32_t>(run_settings_.max_steps) + 2u;
    if (generation_end_ > std::numeric_limits<std::uint32_t>::max() - stride) {
        std::fill(mark_.begin(), mark_.end(), 0u);
        mark_.back() = filler_mark;
        generation_end_ = 1;
    }
    base_ = generation_end_;
    generation_end_ = base_ + stride;
    barrier_code_ = base_ + stride - 1u;
}

void Flood::seed(SeedLocation seed_location, Vec2 direction) {
    seed_ = seed_location;
    direction_ = direction;
    step_ = 0;
    finished_ = false;
    stop_reason_ = StopReason::exhausted;
    if (grid_mode_) {
        grid_seed(direction);
        return;
    }
    next_generation();

    // Step A.1: heat the seed cell (heated at step 0).
    const CellId s = seed_location.cell;
    mark_[s] = base_;
    heated_[0] = s;
    heated_count_ = 1;
    step_begin_[0] = 0;
    step_begin_[1] = 1;

    // Step A.2: its neighbours strictly in the opposite half-plane become the barrier (spec: dot < 0).
    const Vec2* planar = space_->planar_positions().data();
    const Vec2 ps = planar[s];
    barrier_count_ = 0;
    for (const CellId n : space_->neighbours(s)) {
        if (mark_[n] < base_ && dot(planar[n] - ps, direction) < 0.0) {
            mark_[n] = barrier_code_;
            barrier_[barrier_count_++] = n;
        }
    }
    barrier_frontier_begin_ = 0;
    stop_if_no_steps();
}

void Flood::stop_if_no_steps() {
    if (run_settings_.max_steps == 0) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
}

bool Flood::step() {
    if (finished_) {
        return false;
    }
    if (grid_mode_) {
        return grid_step();
    }
    switch (space_->padded_stride()) {
        case 8:
            return step_with(PaddedNeighbours<8>{space_->padded_neighbour_ids().data()});
        case 4:
            return step_with(PaddedNeighbours<4>{space_->padded_neighbour_ids().data()});
        default:
            return step_with(CsrNeighbours{space_->offsets().data(), space_->neighbour_ids().data()});
    }
}

template <class Neighbours>
bool Flood::step_with(const Neighbours& nbs) {
    std::uint32_t* mark = mark_.data();
    CellId* heated = heated_.data();
    const std::uint32_t base = base_;

    // Phase 1, heat. Marking a cell as it is found makes "each once" free; an overflow undoes the marks (the
    // step is discarded, spec B.3).
    const int k = step_ + 1;
    const std::size_t frontier_begin = step_begin_[static_cast<std::size_t>(step_)];
    const std::size_t frontier_end = heated_count_;
    const std::size_t limit = frontier_end + static_cast<std::size_t>(run_settings_.max_heated);
    const std::size_t n = spread_heat(nbs, mark, heated, frontier_begin, frontier_end, limit, base,
                                      base + static_cast<std::uint32_t>(k));
    if (n > limit) {
        // More than M_H new cells: the map stays as after step k-1.
        for (std::size_t i = frontier_end; i < n; ++i) {
            mark[heated[i]] = 0;
        }
        finished_ = true;
        stop_reason_ = StopReason::too_many_heated;
        return false;
    }
    if (n == frontier_end) {
        finished_ = true;
        stop_reason_ = StopReason::exhausted;
        return false;
    }
    // Cooling (spec B.4) is implicit: value = max(0, H - (step - heated step)).
    heated_count_ = n;
    step_ = k;
    step_begin_[static_cast<std::size_t>(k) + 1] = n;

    // Phase 2, barrier: grows from last step's barrier cells into their own opposite half-plane (spec B.5).
    const std::size_t barrier_end = barrier_count_;
    barrier_count_ = spread_barrier(nbs, mark, barrier_.data(), barrier_frontier_begin_, barrier_end,
                                    space_->planar_positions().data(), direction_, base, barrier_code_);
    barrier_frontier_begin_ = barrier_end;

    if (k == run_settings_.max_steps) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
    return true;
}

bool Flood::advance(int max_steps) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: advance() before start()");
    }
    for (int i = 0; i < max_steps && !finished_; ++i) {
        step();
    }
    return finished_;
}

FloodResult Flood::run() {
    if (space_ == nullptr) {
        throw std::logic_error("flood: run() before start()");
    }
    while (!finished_) {
        step();
    }
    return result();
}

void Flood::check_run_speed(double run_speed) {
    FieldErrors errors;
    require_greater(errors, "run_speed", run_speed, 0.0);
    throw_if_invalid("paced flood", errors);
}

bool Flood::step_due(double seconds, double run_speed) const {
    // Spec "Beyond": step k happens once k * cell_size / run_speed seconds have passed.
    const double k = static_cast<double>(step_ + 1);
    return k * space_->cell_size() / run_speed <= seconds;
}

bool Flood::advance_until(double seconds, double run_speed) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: advance_until() before start()");
    }
    check_run_speed(run_speed);
    while (!finished_ && step_due(seconds, run_speed)) {
        step();
    }
    return finished_;
}

FloodResult Flood::result() const {
    if (space_ == nullptr) {
        throw std::logic_error("flood: result() before start()");
    }
    FloodResult r;
    r.seed_cell = seed_.cell;
    r.seed_snapped = seed_.snapped;
    r.steps = step_;
    r.finished = finished_;
    r.stop_reason = stop_reason_;
    r.heated_cells = heated_count_;
    r.barrier_cells = barrier_count_;
    if (grid_mode_) {
        return grid_result(r);
    }

    // Warm cells are those heated at steps j > step - H: a suffix of heated_ (lazy cooling).
    const Vec3* pos = space_->positions().data();
    const int hot = run_settings_.hot;
    const int first_warm_step = std::max(0, step_ - hot + 1);
    const std::size_t warm_begin = step_begin_[static_cast<std::size_t>(first_warm_step)];
    r.warm_cells = heated_count_ - warm_begin;
    Vec3 sum;
    double weight = 0.0;
    for (int j = first_warm_step; j <= step_; ++j) {
        // Cells heated at the same step share one value, so sum their centres first and weight the sum once.
        const double w = static_cast<double>(hot - (step_ - j));
        const std::size_t begin = step_begin_[static_cast<std::size_t>(j)];
        const std::size_t end = step_begin_[static_cast<std::size_t>(j) + 1];
        Vec3 group;
        for (std::size_t i = begin; i < end; ++i) {
            group = group + pos[heated_[i]];
        }
        sum = sum + group * w;
        weight += w * static_cast<double>(end - begin);
    }
    // weight > 0: the cells heated at the last step hold H >= 1.
    r.centroid = sum / weight;

    // Destination: the heated cell (value >= 0) nearest the centroid; ties go to the lowest id. Warm cells
    // are the suffix from warm_begin, so the nearest_warm option only narrows the range.
    double best = std::numeric_limits<double>::infinity();
    CellId best_cell = no_cell;
    const std::size_t first_candidate =
        run_settings_.destination == DestinationRule::nearest_warm ? warm_begin : std::size_t{0};
    for (std::size_t i = first_candidate; i < heated_count_; ++i) {
        const CellId c = heated_[i];
        const double d2 = length_squared(pos[c] - r.centroid);
        if (d2 < best || (d2 == best && c < best_cell)) {
            best = d2;
            best_cell = c;
        }
    }
    r.destination_cell = best_cell;
    r.destination = pos[best_cell];
    return r;
}

int Flood::value(CellId c) const {
    if (space_ == nullptr) {
        return untouched_value;
    }
    if (grid_mode_) {
        std::uint8_t code = 0;
        if (!grid_touched(c, code)) {
            return untouched_value;
        }
        return code == grid_barrier_code ? barrier_value : std::max(0, run_settings_.hot - (step_ - code));
    }
    const std::uint32_t m = mark_[c];
    if (m < base_) {
        return untouched_value;
    }
    if (m == barrier_code_) {
        return barrier_value;
    }
    const int heated_step = static_cast<int>(m - base_);
    return std::max(0, run_settings_.hot - (step_ - heated_step));
}

CellState Flood::state(CellId c) const {
    if (space_ == nullptr) {
        return CellState::untouched;
    }
    if (grid_mode_) {
        std::uint8_t code = 0;
        if (!grid_touched(c, code)) {
            return CellState::untouched;
        }
        return code == grid_barrier_code ? CellState::barrier : CellState::heated;
    }
    const std::uint32_t m = mark_[c];
    if (m < base_) {
        return CellState::untouched;
    }
    return m == barrier_code_ ? CellState::barrier : CellState::heated;
}

bool Flood::grid_path_fits(const CellSpace& space) const {
    const GridCells* g = space.grid();
    if (g == nullptr || run_settings_.max_steps > grid_max_steps) {
        return false;
    }
    // A power-of-two cell size keeps centres, their differences and the centroid's sums exact.
    int exponent = 0;
    if (std::frexp(g->cell_size(), &exponent) != 0.5 || exponent < -900) {
        return false;
    }
    // The centroid's sums (heat x (2 col + 1), at most one heated cell per window tile) stay below 2^53.
    const double cells = std::min(
        static_cast<double>(grid_window * grid_window),
        1.0 + static_cast<double>(run_settings_.max_steps) * static_cast<double>(run_settings_.max_heated));
    const double span = 2.0 * static_cast<double>(std::max(g->width(), g->height())) + 1.0;
    return static_cast<double>(run_settings_.hot) * cells * span < 9007199254740992.0;
}

void Flood::allocate_grid_scratch(std::size_t cells) {
    // Fixed sizes (the largest window), so that no later run allocates whatever its settings.
    if (floor_rows_.size() < grid_window_rows) {
        floor_rows_.assign(grid_window_rows, {});
        touched_rows_.assign(grid_window_rows, {});
        accumulate_.assign(grid_window_rows, {});
        codes_.assign(grid_window_rows * 128, 0);
        heat_front_.assign(grid_window_rows, {});
        barrier_front_.assign(grid_window_rows, {});
        next_front_.assign(grid_window_rows, {});
    }
    const std::size_t touched_bound = std::min(cells, grid_window * grid_window);
    if (heated_.size() < touched_bound) {
        heated_.assign(touched_bound, 0);
    }
    if (heated_local_.size() < touched_bound) {
        heated_local_.assign(touched_bound, 0);
    }
    if (barrier_.size() < touched_bound) {
        barrier_.assign(touched_bound, 0);
    }
    if (step_begin_.size() < grid_max_steps + 2) {
        step_begin_.resize(grid_max_steps + 2);
    }
}

void Flood::grid_extend_rows(int distance) {
    // Window rows within `distance` rows of the seed's (R + 1).
    const WindowRows win{space_->grid(),     grid_row0_,           grid_col0_,
                         floor_rows_.data(), touched_rows_.data(), accumulate_.data()};
    extract_rows(win, grid_rows_lo_, grid_rows_hi_, grid_radius_ + 1 - distance, grid_radius_ + 1 + distance);
}

void Flood::grid_seed(Vec2 direction) {
    const GridCells& g = *space_->grid();
    const Tile t = g.tile_of(seed_.cell);
    const int radius = run_settings_.max_steps + 1;
    grid_radius_ = radius;
    grid_row0_ = t.row - radius - 1;
    grid_col0_ = t.col - radius;
    grid_rows_lo_ = radius + 1;
    grid_rows_hi_ = radius;  // nothing extracted yet
    grid_extend_rows(1);

    // Per neighbour offset: does it exist (4- or 8-connected), and does it spread the barrier? With a
    // power-of-two cell size, pos(n) - pos(b) is exactly (dc * s, dr * s) for every cell, so this is the
    // generic flood's test (spec A.2 and B.5: dot < 0, strictly) done once per offset.
    const bool eight = g.connectivity() == Connectivity::eight;
    const double s = g.cell_size();
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            const auto k = static_cast<std::size_t>((dr + 1) * 3 + dc + 1);
            const bool exists = (dr != 0 || dc != 0) && (eight || dr == 0 || dc == 0);
            heat_masks_[k] = row_of(exists);
            barrier_masks_[k] = row_of(exists && dot(Vec2{dc * s, dr * s}, direction) < 0.0);
        }
    }

    // Step A.1: heat the seed (step 0).
    const int w = radius + 1;
    detail::FrontRow seed_row;
    put(seed_row.bits, u128{1} << radius);
    seed_row.row = w;
    put(touched_rows_[static_cast<std::size_t>(w)], get(seed_row.bits));
    codes_[static_cast<std::size_t>(w) * 128 + static_cast<std::size_t>(radius)] = 0;
    heated_[0] = seed_.cell;
    heated_local_[0] = static_cast<std::uint16_t>(w * 128 + radius);
    heated_count_ = 1;
    step_begin_[0] = 0;
    step_begin_[1] = 1;
    heat_front_[0] = seed_row;
    heat_front_count_ = 1;

    // Step A.2: the seed's neighbours in the opposite half-plane become the barrier.
    std::array<int, grid_window_rows> rows;  // NOLINT: written before read
    const std::size_t n = spread<Offsets::masked>(&seed_row, 1, floor_rows_.data(), accumulate_.data(),
                                                  barrier_masks_, rows.data());
    const GridSink sink{&g, grid_row0_, grid_col0_, barrier_.data(), nullptr};
    barrier_count_ =
        take<false>(rows.data(), n, accumulate_.data(), touched_rows_.data(), barrier_front_.data(),
                    barrier_front_count_, codes_.data(), grid_barrier_code, sink, 0);
    mark(barrier_front_.data(), barrier_front_count_, touched_rows_.data());
    stop_if_no_steps();
}

bool Flood::grid_step() {
    const int k = step_ + 1;
    const GridCells& g = *space_->grid();
    const WindowRows win{
        &g, grid_row0_, grid_col0_, floor_rows_.data(), touched_rows_.data(), accumulate_.data()};
    std::array<int, grid_window_rows> rows;  // NOLINT: written before read

    // Heat (spec B.1-B.4). Rows are extracted as the frontier reaches them (one row beyond it either way).
    // Every new cell is found and counted before any is marked touched, so an overflow leaves the map as it
    // was.
    extract_rows(win, grid_rows_lo_, grid_rows_hi_, heat_front_[0].row - 1,
                 heat_front_[heat_front_count_ - 1].row + 1);
    const bool eight = g.connectivity() == Connectivity::eight;
    std::size_t n = grid_spread_heat(eight, heat_front_.data(), heat_front_count_, floor_rows_.data(),
                                     accumulate_.data(), heat_masks_, rows.data());
    std::size_t m = 0;
    const GridSink heat_sink{&g, grid_row0_, grid_col0_, heated_.data(), heated_local_.data()};
    const std::size_t end =
        take<true>(rows.data(), n, accumulate_.data(), touched_rows_.data(), next_front_.data(), m,
                   codes_.data(), static_cast<std::uint8_t>(k), heat_sink, heated_count_);
    const std::size_t cells = end - heated_count_;
    if (cells == 0 || cells > static_cast<std::size_t>(run_settings_.max_heated)) {
        finished_ = true;
        stop_reason_ = cells == 0 ? StopReason::exhausted : StopReason::too_many_heated;
        return false;
    }
    mark(next_front_.data(), m, touched_rows_.data());
    heated_count_ = end;
    std::swap(heat_front_, next_front_);
    heat_front_count_ = m;
    step_ = k;
    step_begin_[static_cast<std::size_t>(k) + 1] = heated_count_;

    // Barrier (spec B.5), after the heat.
    if (barrier_front_count_ > 0) {
        extract_rows(win, grid_rows_lo_, grid_rows_hi_, barrier_front_[0].row - 1,
                     barrier_front_[barrier_front_count_ - 1].row + 1);
        n = spread<Offsets::masked>(barrier_front_.data(), barrier_front_count_, floor_rows_.data(),
                                    accumulate_.data(), barrier_masks_, rows.data());
        const GridSink barrier_sink{&g, grid_row0_, grid_col0_, barrier_.data(), nullptr};
        barrier_count_ =
            take<false>(rows.data(), n, accumulate_.data(), touched_rows_.data(), next_front_.data(), m,
                        codes_.data(), grid_barrier_code, barrier_sink, barrier_count_);
        mark(next_front_.data(), m, touched_rows_.data());
        std::swap(barrier_front_, next_front_);
        barrier_front_count_ = m;
    }

    if (k == run_settings_.max_steps) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
    return true;
}

FloodResult Flood::grid_result(FloodResult r) const {
    // The generic result's arithmetic, with the centroid's sums in integers: sum(value * (col + 0.5) * s) is
    // s / 2 * sum(value * (2 col + 1)), and every partial sum of the generic flood is exact too (below 2^53
    // in units of s / 2, grid_path_fits), so both give the same double before the one division.
    const double s = space_->grid()->cell_size();
    const int hot = run_settings_.hot;
    const int first_warm_step = std::max(0, step_ - hot + 1);
    const std::size_t warm_begin = step_begin_[static_cast<std::size_t>(first_warm_step)];
    r.warm_cells = heated_count_ - warm_begin;
    std::int64_t sum_x = 0;
    std::int64_t sum_y = 0;
    std::int64_t weight = 0;
    const std::int64_t col_base = 2 * static_cast<std::int64_t>(grid_col0_) + 1;
    const std::int64_t row_base = 2 * static_cast<std::int64_t>(grid_row0_) + 1;
    for (int j = first_warm_step; j <= step_; ++j) {
        const std::int64_t w = hot - (step_ - j);
        const std::size_t begin = step_begin_[static_cast<std::size_t>(j)];
        const std::size_t end = step_begin_[static_cast<std::size_t>(j) + 1];
        std::int64_t cols = 0;
        std::int64_t rows = 0;
        for (std::size_t i = begin; i < end; ++i) {
            cols += heated_local_[i] & 127;
            rows += heated_local_[i] >> 7;
        }
        const auto count = static_cast<std::int64_t>(end - begin);
        sum_x += w * (count * col_base + 2 * cols);
        sum_y += w * (count * row_base + 2 * rows);
        weight += w * count;
    }
    const double half = 0.5 * s;
    const Vec3 sum{static_cast<double>(sum_x) * half, static_cast<double>(sum_y) * half, 0.0};
    r.centroid = sum / static_cast<double>(weight);

    // Destination: the generic flood's distances (same centres, same operations); ties to the lowest id.
    double best = std::numeric_limits<double>::infinity();
    CellId best_cell = no_cell;
    Vec3 best_position;
    const std::size_t first_candidate =
        run_settings_.destination == DestinationRule::nearest_warm ? warm_begin : std::size_t{0};
    for (std::size_t i = first_candidate; i < heated_count_; ++i) {
        const int col = grid_col0_ + (heated_local_[i] & 127);
        const int row = grid_row0_ + (heated_local_[i] >> 7);
        const Vec3 p{(col + 0.5) * s, (row + 0.5) * s, 0.0};
        const double d2 = length_squared(p - r.centroid);
        const CellId c = heated_[i];
        if (d2 < best || (d2 == best && c < best_cell)) {
            best = d2;
            best_cell = c;
            best_position = p;
        }
    }
    r.destination_cell = best_cell;
    r.destination = best_position;
    return r;
}

bool Flood::grid_touched(CellId c, std::uint8_t& code) const {
    const Tile t = space_->grid()->tile_of(c);
    const int w = t.row - grid_row0_;
    const int i = t.col - grid_col0_;
    if (w < grid_rows_lo_ || w > grid_rows_hi_ || i < 0 || i > 2 * grid_radius_) {
        return false;
    }
    if (((get(touched_rows_[static_cast<std::size_t>(w)]) >> i) & 1u) == 0) {
        return false;
    }
    code = codes_[static_cast<std::size_t>(w) * 128 + static_cast<std::size_t>(i)];
    return true;
}

FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings) {
    Flood flood(settings);
    flood.start(space, seed, direction);
    return flood.run();
}

}  // namespace kinema::chase
