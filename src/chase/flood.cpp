#include "kinema/chase/flood.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

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
// The window is cut into 8 x 8 tile blocks, one 64-bit word each: bit r * 8 + c is tile (c, r) of the block.
// Moving a whole block one tile east is (F << 1) without column 0, plus a carry (F & column 7) >> 7 into the
// block to the east; likewise the other directions, so a step costs a few dozen word operations per frontier
// block whatever the number of its cells. A diagonal move needs both orthogonal tiles open (no corner
// cutting): the south-east targets are move_s(E) & move_e(S) & floor with E = move_e(F) & floor and
// S = move_s(F) & floor, each of which already holds one orthogonal tile's floor test.

constexpr int grid_max_steps = 62;  // R = M_S + 1 <= 63: the touched cells lie in window blocks 1 .. 17
constexpr int grid_stride = 32;     // block index = block row * 32 + block column
constexpr int grid_side = 19;       // blocks per window side (Flood::kGridBlocks): 0 .. 18
constexpr std::size_t grid_block_slots = static_cast<std::size_t>(grid_side * grid_stride);
constexpr std::size_t grid_window_tiles = 127 * 127;  // (2R + 1)^2 at most: a bound on touched cells
constexpr std::uint64_t col0_bits = 0x0101010101010101ull;
constexpr std::uint64_t col7_bits = col0_bits << 7;
constexpr std::uint64_t all_bits = ~std::uint64_t{0};

// Directions: bit numbers of Flood::barrier_dirs_.
enum Dir : std::size_t { east, west, south, north, south_east, south_west, north_east, north_west };

// The window's block arrays (Flood's grid state).
struct BlockWindow {
    const std::uint64_t* floor;  // GridCells::blocks() from the floor block under window block 0 on
    std::ptrdiff_t floor_stride;
    std::uint64_t* touched;
    std::uint64_t* heated;  // the heat marks its new cells here too (unused by the barrier)
    std::uint64_t* gather;  // a step's new cells per block while it is spread (clear between spreads)
};

struct PortablePopcount {
    int operator()(std::uint64_t v) const { return count_bits(v); }
};

// Where a spread puts what it finds: per target block, the untouched cells are gathered in w.gather (so a
// cell reached from two frontier blocks counts once) and the block is listed as an entry when its first new
// cells arrive; finish() moves the gathered bits into the entries and marks them touched (and heated, for
// the heat). One entry per block and step.
template <bool Heat, class Pop>
struct Taker {
    const BlockWindow& w;
    detail::BlockBits* out;
    std::size_t m = 0;
    [[no_unique_address]] Pop pop;

    [[gnu::always_inline]] void operator()(std::uint32_t k, std::uint64_t bits) {
        const std::uint64_t fresh = bits & ~w.touched[k];
        const std::uint64_t gathered = w.gather[k];
        w.gather[k] = gathered | fresh;
        out[m].block = k;  // kept only when these are the block's first new cells: no branch
        m += (gathered == 0 && fresh != 0) ? 1u : 0u;
    }
    // Marks the gathered cells, leaves w.gather clear and returns the number of cells (heat only).
    std::size_t finish() {
        std::size_t cells = 0;
        for (std::size_t i = 0; i < m; ++i) {
            const std::uint32_t k = out[i].block;
            const std::uint64_t bits = w.gather[k];
            out[i].bits = bits;
            w.gather[k] = 0;
            w.touched[k] |= bits;
            if constexpr (Heat) {
                w.heated[k] |= bits;
                cells += static_cast<std::size_t>(pop(bits));
            }
        }
        return cells;
    }
};

// Spreads one frontier block (bits F of window block k) one tile in every direction of Dirs and hands the
// targets, block by block, to take. Dirs: bit d set when direction d (Dir) spreads: 0xFF heat on an
// 8-connected grid, 0x0F on a 4-connected one, the half-plane's directions for the barrier.
template <unsigned Dirs, class Take>
[[gnu::always_inline]] inline void spread_block(std::uint32_t k, std::uint64_t F, const BlockWindow& w,
                                                Take& take) {
    constexpr std::uint32_t S = grid_stride;
    constexpr auto mask = [](Dir d) { return ((Dirs >> d) & 1u) != 0 ? all_bits : std::uint64_t{0}; };
    constexpr std::uint64_t m_e = mask(east), m_w = mask(west), m_s = mask(south), m_n = mask(north);
    constexpr std::uint64_t m_se = mask(south_east), m_sw = mask(south_west);
    constexpr std::uint64_t m_ne = mask(north_east), m_nw = mask(north_west);
    // The side blocks a frontier can reach.
    constexpr bool to_e = (m_e | m_se | m_ne) != 0, to_w = (m_w | m_sw | m_nw) != 0;
    constexpr bool to_s = (m_s | m_se | m_sw) != 0, to_n = (m_n | m_ne | m_nw) != 0;
    const std::ptrdiff_t fs = w.floor_stride;
    const std::uint64_t* fl = w.floor + static_cast<std::ptrdiff_t>(k / S) * fs + k % S;
    const std::uint64_t fl_c = fl[0];
    // Orthogonal moves within the block, floor tested (a diagonal move needs both of its own).
    const std::uint64_t e_c = (F << 1) & ~col0_bits & fl_c, w_c = (F >> 1) & ~col7_bits & fl_c;
    const std::uint64_t s_c = (F << 8) & fl_c, n_c = (F >> 8) & fl_c;
    // move_s(E) & move_e(S) and the like, piece by piece; the masks that would drop bits carried across a
    // block edge are not needed because the other operand has no bits there.
    take(k, (e_c & m_e) | (w_c & m_w) | (s_c & m_s) | (n_c & m_n) |
                ((((e_c << 8) & (s_c << 1) & m_se) | ((w_c << 8) & (s_c >> 1) & m_sw) |
                  ((e_c >> 8) & (n_c << 1) & m_ne) | ((w_c >> 8) & (n_c >> 1) & m_nw)) &
                 fl_c));
    // Moves into the four side blocks, each only when the frontier has cells on that edge (corridor
    // frontiers touch one or two edges of a block); the second letter is the block the bits are in.
    if constexpr (to_e) {
        if ((F & col7_bits) != 0) {
            const std::uint64_t e_e = ((F & col7_bits) >> 7) & fl[1];
            take(k + 1,
                 ((e_e & m_e) | ((e_e << 8) & (s_c >> 7) & m_se) | ((e_e >> 8) & (n_c >> 7) & m_ne)) & fl[1]);
        }
    }
    if constexpr (to_w) {
        if ((F & col0_bits) != 0) {
            const std::uint64_t w_w = ((F & col0_bits) << 7) & fl[-1];
            take(k - 1, ((w_w & m_w) | ((w_w << 8) & (s_c << 7) & m_sw) | ((w_w >> 8) & (n_c << 7) & m_nw)) &
                            fl[-1]);
        }
    }
    if constexpr (to_s) {
        if ((F >> 56) != 0) {
            const std::uint64_t s_s = (F >> 56) & fl[fs];
            take(k + S,
                 ((s_s & m_s) | ((e_c >> 56) & (s_s << 1) & m_se) | ((w_c >> 56) & (s_s >> 1) & m_sw)) &
                     fl[fs]);
        }
    }
    if constexpr (to_n) {
        if ((F & 0xFFu) != 0) {
            const std::uint64_t n_n = (F << 56) & fl[-fs];
            take(k - S,
                 ((n_n & m_n) | ((e_c << 56) & (n_n << 1) & m_ne) | ((w_c << 56) & (n_n >> 1) & m_nw)) &
                     fl[-fs]);
        }
    }
    // The diagonal neighbour blocks take only a corner cell's move: rare, so behind one branch.
    constexpr std::uint64_t corners = (m_se != 0 ? std::uint64_t{1} << 63 : 0) |
                                      (m_sw != 0 ? std::uint64_t{1} << 56 : 0) |
                                      (m_ne != 0 ? std::uint64_t{1} << 7 : 0) | (m_nw != 0 ? 1u : 0u);
    if ((F & corners) == 0) {
        return;
    }
    const std::uint64_t e_e = ((F & col7_bits) >> 7) & fl[1], w_w = ((F & col0_bits) << 7) & fl[-1];
    const std::uint64_t s_s = (F >> 56) & fl[fs], n_n = (F << 56) & fl[-fs];
    if constexpr (m_se != 0) {
        take(k + S + 1, (e_e >> 56) & (s_s >> 7) & fl[fs + 1]);
    }
    if constexpr (m_sw != 0) {
        take(k + S - 1, (w_w >> 56) & (s_s << 7) & fl[fs - 1]);
    }
    if constexpr (m_ne != 0) {
        take(k - S + 1, (e_e << 56) & (n_n >> 7) & fl[1 - fs]);
    }
    if constexpr (m_nw != 0) {
        take(k - S - 1, (w_w << 56) & (n_n << 7) & fl[-1 - fs]);
    }
}

// Heat (spec B.1-B.3): the untouched neighbours of the frontier entries, marked and appended to out, counted
// in `cells` (the caller takes the marks back for an overflow step). Returns the entries written.
template <unsigned Dirs, class Pop>
[[gnu::always_inline]] inline std::size_t spread_heat_with(const detail::BlockBits* front, std::size_t count,
                                                           const BlockWindow& w, detail::BlockBits* out,
                                                           std::size_t& cells) {
    Taker<true, Pop> take{w, out, 0, {}};
    for (std::size_t f = 0; f < count; ++f) {
        spread_block<Dirs>(front[f].block, front[f].bits, w, take);
    }
    cells = take.finish();
    return take.m;
}

// Barrier (spec A.2, B.5): the untouched neighbours of the frontier entries in the directions Dirs. Returns
// the entries written.
template <unsigned Dirs>
std::size_t spread_barrier_blocks(const detail::BlockBits* front, std::size_t count, const BlockWindow& w,
                                  detail::BlockBits* out) {
    Taker<false, PortablePopcount> take{w, out, 0, {}};
    for (std::size_t f = 0; f < count; ++f) {
        spread_block<Dirs>(front[f].block, front[f].bits, w, take);
    }
    take.finish();
    return take.m;
}

using BarrierFn = std::size_t (*)(const detail::BlockBits*, std::size_t, const BlockWindow&,
                                  detail::BlockBits*);
template <std::size_t... I>
constexpr std::array<BarrierFn, sizeof...(I)> barrier_table(std::index_sequence<I...>) {
    return {&spread_barrier_blocks<static_cast<unsigned>(I)>...};
}
// spread_barrier_blocks<Dirs> for every set of directions (it depends on the run's direction).
constexpr std::array<BarrierFn, 256> barrier_spreaders = barrier_table(std::make_index_sequence<256>{});

// The sums of the window columns and rows of the cells of entries [b, e) for the centroid: bit r * 8 + c of
// block (bx, by) is column 8 bx + c, and sum(c) = pop(bits with c & 1) + 2 pop(c & 2) + 4 pop(c & 4).
struct ColRowSums {
    std::int64_t cols = 0;
    std::int64_t rows = 0;
};
template <class Pop>
[[gnu::always_inline]] inline ColRowSums sum_with(const detail::BlockBits* b, const detail::BlockBits* e,
                                                  Pop pop) {
    std::int64_t cols = 0;
    std::int64_t rows = 0;
    for (; b != e; ++b) {
        const std::uint64_t bits = b->bits;
        const int n = pop(bits);
        const auto x = static_cast<int>(b->block % grid_stride);
        const auto y = static_cast<int>(b->block / grid_stride);
        cols += 8 * x * n + pop(bits & 0xAAAAAAAAAAAAAAAAull) + 2 * pop(bits & 0xCCCCCCCCCCCCCCCCull) +
                4 * pop(bits & 0xF0F0F0F0F0F0F0F0ull);
        rows += 8 * y * n + pop(bits & 0xFF00FF00FF00FF00ull) + 2 * pop(bits & 0xFFFF0000FFFF0000ull) +
                4 * pop(bits & 0xFFFFFFFF00000000ull);
    }
    return {cols, rows};
}

// Cells in entries [b, e).
template <class Pop>
[[gnu::always_inline]] inline std::size_t count_with(const detail::BlockBits* b, const detail::BlockBits* e,
                                                     Pop pop) {
    std::size_t n = 0;
    for (; b != e; ++b) {
        n += static_cast<std::size_t>(pop(b->bits));
    }
    return n;
}

using HeatFn = std::size_t (*)(const detail::BlockBits*, std::size_t, const BlockWindow&, detail::BlockBits*,
                               std::size_t&);
using SumFn = ColRowSums (*)(const detail::BlockBits*, const detail::BlockBits*);
using CountFn = std::size_t (*)(const detail::BlockBits*, const detail::BlockBits*);

// The functions that count bits, in two builds: portable, and (below) with the POPCNT instruction.
template <unsigned Dirs>
std::size_t spread_heat_portable(const detail::BlockBits* front, std::size_t count, const BlockWindow& w,
                                 detail::BlockBits* out, std::size_t& cells) {
    return spread_heat_with<Dirs, PortablePopcount>(front, count, w, out, cells);
}
ColRowSums sum_portable(const detail::BlockBits* b, const detail::BlockBits* e) {
    return sum_with(b, e, PortablePopcount{});
}
std::size_t count_portable(const detail::BlockBits* b, const detail::BlockBits* e) {
    return count_with(b, e, PortablePopcount{});
}

struct BitKernels {
    HeatFn heat8;  // 8-connected
    HeatFn heat4;  // 4-connected
    SumFn sum;
    CountFn count;
};
constexpr BitKernels portable_kernels{&spread_heat_portable<0xFFu>, &spread_heat_portable<0x0Fu>,
                                      &sum_portable, &count_portable};

// The default x86-64 target has no POPCNT instruction (count_bits is a dozen instructions there); every
// x86-64 CPU of the last 15 years has it, so the counting functions use it when the CPU says so (asked once;
// no -m flags in the build, so the binary runs on any x86-64).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__) && \
    (defined(__GNUC__) || defined(__clang__))
struct HardwarePopcount {
    [[gnu::always_inline]] int operator()(std::uint64_t v) const { return __builtin_popcountll(v); }
};
template <unsigned Dirs>
[[gnu::target("popcnt")]] std::size_t spread_heat_popcnt(const detail::BlockBits* front, std::size_t count,
                                                         const BlockWindow& w, detail::BlockBits* out,
                                                         std::size_t& cells) {
    return spread_heat_with<Dirs, HardwarePopcount>(front, count, w, out, cells);
}
[[gnu::target("popcnt")]] ColRowSums sum_popcnt(const detail::BlockBits* b, const detail::BlockBits* e) {
    return sum_with(b, e, HardwarePopcount{});
}
[[gnu::target("popcnt")]] std::size_t count_popcnt(const detail::BlockBits* b, const detail::BlockBits* e) {
    return count_with(b, e, HardwarePopcount{});
}
constexpr BitKernels popcnt_kernels{&spread_heat_popcnt<0xFFu>, &spread_heat_popcnt<0x0Fu>, &sum_popcnt,
                                    &count_popcnt};
// Asked once, on first use; __builtin_cpu_init first because a flood may run from a static initialiser.
const BitKernels& bit_kernels() {
    static const bool has = (__builtin_cpu_init(), __builtin_cpu_supports("popcnt") != 0);
    return has ? popcnt_kernels : portable_kernels;
}
#else
const BitKernels& bit_kernels() {
    return portable_kernels;
}
#endif

// Takes back the marks of entries [b, e) (an overflow step).
void unmark(const detail::BlockBits* b, const detail::BlockBits* e, std::uint64_t* touched,
            std::uint64_t* heated) {
    for (; b != e; ++b) {
        touched[b->block] &= ~b->bits;
        heated[b->block] &= ~b->bits;
    }
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
    // automatic and always agree since the grid path took fewer instructions than the generic flood on
    // every shared map (docs/chase.md, "Performance").
    grid_mode_ = grid_path_ != GridPath::never && grid_path_fits(space);
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
    if (grid_mode_) {
        while (!finished_) {
            grid_step();  // without step()'s dispatch: thin floods run many cheap steps
        }
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
        const int j = grid_heated_step(c);
        return j == -1   ? untouched_value
               : j == -2 ? barrier_value
                         : std::max(0, run_settings_.hot - (step_ - j));
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
        const int j = grid_heated_step(c);
        return j == -1 ? CellState::untouched : j == -2 ? CellState::barrier : CellState::heated;
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
        static_cast<double>(grid_window_tiles),
        1.0 + static_cast<double>(run_settings_.max_steps) * static_cast<double>(run_settings_.max_heated));
    const double span = 2.0 * static_cast<double>(std::max(g->width(), g->height())) + 1.0;
    return static_cast<double>(run_settings_.hot) * cells * span < 9007199254740992.0;
}

void Flood::allocate_grid_scratch(std::size_t cells) {
    if (touched_blocks_.size() < grid_block_slots) {
        touched_blocks_.assign(grid_block_slots, 0);
        heated_blocks_.assign(grid_block_slots, 0);
        gather_blocks_.assign(grid_block_slots, 0);
        grid_used_heat_ = 0;
        grid_used_barrier_ = 0;
    }
    // Every committed entry holds a cell touched once, so at most touched_bound of them; a discarded heat
    // step writes at most 9 entries (own block, 4 side and 4 corner blocks) per frontier entry, and there are
    // at most min(M_H, touched_bound) of those; one more slot is written and dropped when empty.
    const std::size_t touched_bound = std::min(cells, grid_window_tiles);
    const std::size_t discarded =
        9 * std::min(static_cast<std::size_t>(run_settings_.max_heated), touched_bound);
    const auto grow = [](auto& v, std::size_t n) {
        if (v.size() < n) {
            v.assign(n, {});
        }
    };
    grow(heated_, touched_bound);
    grow(barrier_, touched_bound);
    grow(sort_scratch_, touched_bound);
    if (heat_blocks_.size() < touched_bound + discarded + 1 || barrier_bits_.size() < touched_bound + 1) {
        // The lists that say which window blocks hold bits are replaced: clear the window instead.
        std::fill(touched_blocks_.begin(), touched_blocks_.end(), 0);
        std::fill(heated_blocks_.begin(), heated_blocks_.end(), 0);
        grid_used_heat_ = 0;
        grid_used_barrier_ = 0;
        grow(heat_blocks_, touched_bound + discarded + 1);
        grow(barrier_bits_, touched_bound + 1);
    }
    grow(heat_begin_, std::size_t{grid_max_steps} + 2);
    grow(barrier_begin_, std::size_t{grid_max_steps} + 2);
    grow(step_cells_, std::size_t{grid_max_steps} + 2);
}

void Flood::grid_seed(Vec2 direction) {
    const GridCells& g = *space_->grid();
    const Tile t = g.tile_of(seed_.cell);
    // Forget the previous run: only the blocks it wrote hold bits.
    for (std::size_t e = 0; e < grid_used_heat_; ++e) {
        touched_blocks_[heat_blocks_[e].block] = 0;
        heated_blocks_[heat_blocks_[e].block] = 0;
    }
    for (std::size_t e = 0; e < grid_used_barrier_; ++e) {
        touched_blocks_[barrier_bits_[e].block] = 0;
    }
    // The seed's block is window block (9, 9). Every touched cell lies within R <= 63 tiles of the seed,
    // so in window blocks 1 .. 17, and the floor is read at most one block further: blocks 0 .. 18, all of
    // them inside GridCells' ring of walls since the touched cells are inside the grid.
    const int seed_bx = t.col / 8;
    const int seed_by = t.row / 8;
    grid_col0_ = 8 * (seed_bx - 9);
    grid_row0_ = 8 * (seed_by - 9);
    grid_floor_base_ = g.block_index(seed_bx - 9, seed_by - 9);
    grid_lists_ready_ = false;
    const BlockWindow w{g.blocks() + grid_floor_base_, g.block_stride(), touched_blocks_.data(),
                        heated_blocks_.data(), gather_blocks_.data()};

    // Per direction: does it spread the barrier? With a power-of-two cell size, pos(n) - pos(b) is exactly
    // (dc * s, dr * s) for every cell, so this is the generic flood's test (spec A.2 and B.5: dot < 0,
    // strictly) done once per direction.
    const bool eight = g.connectivity() == Connectivity::eight;
    const double s = g.cell_size();
    const auto spreads = [&](Dir d, int dc, int dr) {
        const bool on = (dr == 0 || dc == 0 || eight) && dot(Vec2{dc * s, dr * s}, direction) < 0.0;
        return on ? 1u << d : 0u;
    };
    barrier_dirs_ = spreads(east, 1, 0) | spreads(west, -1, 0) | spreads(south, 0, 1) |
                    spreads(north, 0, -1) | spreads(south_east, 1, 1) | spreads(south_west, -1, 1) |
                    spreads(north_east, 1, -1) | spreads(north_west, -1, -1);

    // Step A.1: heat the seed (step 0).
    const auto k = static_cast<std::uint32_t>(9 * grid_stride + 9);
    const std::uint64_t bit = std::uint64_t{1} << ((t.row % 8) * 8 + t.col % 8);
    touched_blocks_[k] = bit;
    heated_blocks_[k] = bit;
    heat_blocks_[0] = {bit, k};
    heat_begin_[0] = 0;
    heat_begin_[1] = 1;
    step_cells_[0] = 1;
    heated_count_ = 1;

    // Step A.2: the seed's neighbours in the opposite half-plane become the barrier.
    const std::size_t m = barrier_spreaders[barrier_dirs_](heat_blocks_.data(), 1, w, barrier_bits_.data());
    barrier_begin_[0] = 0;
    barrier_begin_[1] = static_cast<std::uint32_t>(m);
    grid_used_heat_ = 1;
    grid_used_barrier_ = m;
    stop_if_no_steps();
}

bool Flood::grid_step() {
    // One function for the whole step with the arrays loaded once (per step, this bookkeeping is a fixed
    // cost that thin frontiers pay for a handful of cells).
    const auto j = static_cast<std::size_t>(step_);
    const GridCells& g = *space_->grid();
    std::uint64_t* touched = touched_blocks_.data();
    std::uint64_t* heated = heated_blocks_.data();
    const BlockWindow w{g.blocks() + grid_floor_base_, g.block_stride(), touched, heated,
                        gather_blocks_.data()};
    std::uint32_t* heat_begin = heat_begin_.data();
    std::uint32_t* barrier_begin = barrier_begin_.data();
    BlockBits* heat = heat_blocks_.data();
    BlockBits* barrier = barrier_bits_.data();
    const BitKernels& kernels = bit_kernels();

    // Heat (spec B.1-B.4): new cells are marked as they are found; an overflow step (more than M_H, spec
    // B.3) takes its marks back, so the map stays as it was. Cooling is implicit (value = max(0, H - (step -
    // heated step))).
    const auto limit = static_cast<std::size_t>(run_settings_.max_heated);
    std::size_t cells = 0;
    BlockBits* fresh = heat + heat_begin[j + 1];
    const HeatFn spread_heat = g.connectivity() == Connectivity::eight ? kernels.heat8 : kernels.heat4;
    const std::size_t m =
        spread_heat(heat + heat_begin[j], heat_begin[j + 1] - heat_begin[j], w, fresh, cells);
    if (cells == 0 || cells > limit) {
        unmark(fresh, fresh + m, touched, heated);
        finished_ = true;
        stop_reason_ = cells == 0 ? StopReason::exhausted : StopReason::too_many_heated;
        return false;
    }
    heat_begin[j + 2] = heat_begin[j + 1] + static_cast<std::uint32_t>(m);
    step_cells_[j + 1] = static_cast<std::uint32_t>(cells);
    heated_count_ += cells;
    grid_used_heat_ = heat_begin[j + 2];
    step_ = static_cast<int>(j) + 1;
    grid_lists_ready_ = false;

    // Barrier (spec B.5), after the heat: grows from last step's barrier entries.
    const std::size_t barrier_front = barrier_begin[j + 1] - barrier_begin[j];
    const std::size_t barrier_new =
        barrier_front == 0 ? 0
                           : barrier_spreaders[barrier_dirs_](barrier + barrier_begin[j], barrier_front, w,
                                                              barrier + barrier_begin[j + 1]);
    barrier_begin[j + 2] = barrier_begin[j + 1] + static_cast<std::uint32_t>(barrier_new);
    grid_used_barrier_ = barrier_begin[j + 2];

    if (step_ == run_settings_.max_steps) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
    return true;
}

std::size_t Flood::grid_barrier_count() const {
    const BlockBits* b = barrier_bits_.data();
    return bit_kernels().count(b, b + barrier_begin_[static_cast<std::size_t>(step_) + 1]);
}

FloodResult Flood::grid_result(FloodResult r) const {
    // The generic result's arithmetic, with the centroid's sums in integers: sum(value * (col + 0.5) * s) is
    // s / 2 * sum(value * (2 col + 1)), and every partial sum of the generic flood is exact too (below 2^53
    // in units of s / 2, grid_path_fits), so both give the same double before the one division.
    r.barrier_cells = grid_barrier_count();
    const double s = space_->grid()->cell_size();
    const int hot = run_settings_.hot;
    const int first_warm_step = std::max(0, step_ - hot + 1);
    std::int64_t sum_x = 0;
    std::int64_t sum_y = 0;
    std::int64_t weight = 0;
    std::size_t warm = 0;
    const std::int64_t col_base = 2 * static_cast<std::int64_t>(grid_col0_) + 1;
    const std::int64_t row_base = 2 * static_cast<std::int64_t>(grid_row0_) + 1;
    const SumFn sum_blocks = bit_kernels().sum;
    const BlockBits* heat = heat_blocks_.data();
    for (int j = first_warm_step; j <= step_; ++j) {
        const auto sj = static_cast<std::size_t>(j);
        const std::int64_t w = hot - (step_ - j);
        const std::int64_t count = step_cells_[sj];
        const ColRowSums sums = sum_blocks(heat + heat_begin_[sj], heat + heat_begin_[sj + 1]);
        sum_x += w * (count * col_base + 2 * sums.cols);
        sum_y += w * (count * row_base + 2 * sums.rows);
        weight += w * count;
        warm += step_cells_[sj];
    }
    r.warm_cells = warm;
    const double half = 0.5 * s;
    const Vec3 sum{static_cast<double>(sum_x) * half, static_cast<double>(sum_y) * half, 0.0};
    r.centroid = sum / static_cast<double>(weight);
    grid_destination(r, first_warm_step);
    return r;
}

void Flood::grid_destination(FloodResult& r, int first_warm_step) const {
    const GridCells& g = *space_->grid();
    const double s = g.cell_size();
    const auto finish = [&](int col, int row) {
        r.destination_cell = g.cell_at(col, row);
        r.destination = Vec3{(col + 0.5) * s, (row + 0.5) * s, 0.0};
    };
    // A heated tile that contains the centroid at least 1/64 tile from each of its edges is strictly the
    // nearest heated cell (every other centre is at least 33/64 tile away on one axis against 31/64, far
    // beyond rounding), so the scan below would pick it too. s is a power of two: centroid / s is exact.
    if (run_settings_.destination == DestinationRule::nearest_heated) {
        const double u = r.centroid.x / s;
        const double v = r.centroid.y / s;
        const double fu = u - std::floor(u);
        const double fv = v - std::floor(v);
        if (fu >= 1.0 / 64 && fu <= 63.0 / 64 && fv >= 1.0 / 64 && fv <= 63.0 / 64) {
            const int x = static_cast<int>(std::floor(u)) - grid_col0_;
            const int y = static_cast<int>(std::floor(v)) - grid_row0_;
            if (x >= 0 && y >= 0 && x < 8 * grid_side && y < 8 * grid_side &&
                ((heated_blocks_[static_cast<std::size_t>((y / 8) * grid_stride + x / 8)] >>
                  ((y % 8) * 8 + x % 8)) &
                 1u) != 0) {
                finish(grid_col0_ + x, grid_row0_ + y);
                return;
            }
        }
    }
    // Otherwise the generic flood's distances (same centres, same operations); ties to the lowest id, which
    // is row-major tile order.
    double best = std::numeric_limits<double>::infinity();
    int best_col = 0;
    int best_row = 0;
    const auto consider = [&](int col, int row) {
        const Vec3 p{(col + 0.5) * s, (row + 0.5) * s, 0.0};
        const double d2 = length_squared(p - r.centroid);
        if (d2 < best || (d2 == best && (row < best_row || (row == best_row && col < best_col)))) {
            best = d2;
            best_col = col;
            best_row = row;
        }
    };
    if (run_settings_.destination == DestinationRule::nearest_heated) {
        // Rings of tiles around the centroid's tile, nearest first: every tile of ring d + 1 is at least
        // d + 0.5 tiles from the centroid on one axis, so once that is farther than the best so far (with a
        // margin far beyond rounding) no other tile can win. In corridors the centroid often lies in a wall
        // next to the heat, found within a ring or two; after ring 4 the scan below goes on from the best.
        const int cu = static_cast<int>(std::floor(r.centroid.x / s)) - grid_col0_;
        const int cv = static_cast<int>(std::floor(r.centroid.y / s)) - grid_row0_;
        const auto look = [&](int x, int y) {
            if (x >= 0 && y >= 0 && x < 8 * grid_side && y < 8 * grid_side &&
                ((heated_blocks_[static_cast<std::size_t>((y / 8) * grid_stride + x / 8)] >>
                  ((y % 8) * 8 + x % 8)) &
                 1u) != 0) {
                consider(grid_col0_ + x, grid_row0_ + y);
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
            if (reach * reach > best * (1.0 + 1e-9)) {
                finish(best_col, best_row);
                return;
            }
        }
    }
    const int first_step = run_settings_.destination == DestinationRule::nearest_warm ? first_warm_step : 0;
    // Latest blocks first (the centroid leans towards the warmest cells); a block whose nearest possible
    // centre is farther than the best so far (with a margin far beyond rounding) is skipped.
    const std::uint32_t first = heat_begin_[static_cast<std::size_t>(first_step)];
    for (std::uint32_t e = heat_begin_[static_cast<std::size_t>(step_) + 1]; e-- > first;) {
        const int x0 = grid_col0_ + 8 * static_cast<int>(heat_blocks_[e].block % grid_stride);
        const int y0 = grid_row0_ + 8 * static_cast<int>(heat_blocks_[e].block / grid_stride);
        const double dx = std::max({0.0, (x0 + 0.5) * s - r.centroid.x, r.centroid.x - (x0 + 7.5) * s});
        const double dy = std::max({0.0, (y0 + 0.5) * s - r.centroid.y, r.centroid.y - (y0 + 7.5) * s});
        if (dx * dx + dy * dy > best * (1.0 + 1e-9)) {
            continue;
        }
        for (std::uint64_t bits = heat_blocks_[e].bits; bits != 0; bits &= bits - 1) {
            const int i = std::countr_zero(bits);
            consider(x0 + (i & 7), y0 + (i >> 3));
        }
    }
    finish(best_col, best_row);
}

int Flood::grid_heated_step(CellId c) const {
    const Tile t = space_->grid()->tile_of(c);
    const int x = t.col - grid_col0_;
    const int y = t.row - grid_row0_;
    if (x < 0 || y < 0 || x >= 8 * grid_side || y >= 8 * grid_side) {
        return -1;
    }
    const auto k = static_cast<std::uint32_t>((y / 8) * grid_stride + x / 8);
    const std::uint64_t bit = std::uint64_t{1} << ((y % 8) * 8 + x % 8);
    if ((touched_blocks_[k] & bit) == 0) {
        return -1;
    }
    if ((heated_blocks_[k] & bit) == 0) {
        return -2;
    }
    for (int j = step_; j >= 0; --j) {
        const auto sj = static_cast<std::size_t>(j);
        for (std::uint32_t e = heat_begin_[sj]; e < heat_begin_[sj + 1]; ++e) {
            if (heat_blocks_[e].block == k && (heat_blocks_[e].bits & bit) != 0) {
                return j;
            }
        }
    }
    return -1;  // not reached: a heated bit belongs to one step's blocks
}

std::size_t Flood::grid_write_step(const BlockBits* begin, const BlockBits* end, CellId* out,
                                   std::size_t n) const {
    // Row-major window order is ascending id order; consecutive floor tiles have consecutive ids, so only
    // the first cell of each run needs a rank.
    std::uint32_t* keys = sort_scratch_.data();
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
            id =
                g.cell_at(grid_col0_ + static_cast<int>(key % 256), grid_row0_ + static_cast<int>(key / 256));
        } else {
            ++id;
        }
        previous = key;
        out[n++] = id;
    }
    return n;
}

void Flood::grid_write_lists() const {
    std::size_t n = 0;
    for (std::size_t j = 0; j <= static_cast<std::size_t>(step_); ++j) {
        n = grid_write_step(heat_blocks_.data() + heat_begin_[j], heat_blocks_.data() + heat_begin_[j + 1],
                            heated_.data(), n);
    }
    n = 0;
    for (std::size_t j = 0; j <= static_cast<std::size_t>(step_); ++j) {
        n = grid_write_step(barrier_bits_.data() + barrier_begin_[j],
                            barrier_bits_.data() + barrier_begin_[j + 1], barrier_.data(), n);
    }
    barrier_count_ = n;
    grid_lists_ready_ = true;
}

FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings) {
    Flood flood(settings);
    flood.start(space, seed, direction);
    return flood.run();
}

}  // namespace kinema::chase
