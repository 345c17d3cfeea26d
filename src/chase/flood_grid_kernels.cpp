#include "flood_grid_kernels.hpp"

#include <array>
#include <utility>

#include "kinema/chase/grid_cells.hpp"

namespace kinema::chase::detail {

namespace {

// ---- The grid path's kernels ----
//
// The window is cut into 8 x 8 tile blocks, one 64-bit word each: bit r * 8 + c is tile (c, r) of the block.
// Moving a whole block one tile east is (F << 1) without column 0, plus a carry (F & column 7) >> 7 into the
// block to the east; likewise the other directions, so a step costs a few dozen word operations per frontier
// block whatever the number of its cells. A diagonal move needs both orthogonal tiles open (no corner
// cutting): the south-east targets are move_s(E) & move_e(floor) & floor with E = move_e(F) & floor, which
// already holds the east tile's floor test (move_e(floor) is the south tile's: it is p's west neighbour).
// The whole step loop runs in one call (run_steps_with), the floor and the marks in one array (BlockWindow).

constexpr std::uint64_t col0_bits = 0x0101010101010101ull;
constexpr std::uint64_t col7_bits = col0_bits << 7;
constexpr std::uint64_t all_bits = ~std::uint64_t{0};

struct PortablePopcount {
    int operator()(std::uint64_t v) const { return count_bits(v); }
};

// Where a spread puts what it finds: per target block, the untouched cells are gathered in the gather plane
// (so a cell reached from two frontier blocks counts once) and the block is listed as an entry when its first
// new cells arrive; finish() moves the gathered bits into the entries and marks them touched (and heated, for
// the heat). One entry per block and step.
template <bool Heat, class Pop>
struct Taker {
    std::uint64_t* planes;  // BlockWindow::planes
    BlockBits* out;         // the first entry
    BlockBits* next;        // one past the last entry
    [[no_unique_address]] Pop pop;

    Taker(const BlockWindow& w, BlockBits* o) : planes(w.planes), out(o), next(o) {}
    std::size_t entries() const { return static_cast<std::size_t>(next - out); }

    [[gnu::always_inline]] void operator()(std::uint32_t k, std::uint64_t bits) {
        const std::uint64_t fresh = bits & ~planes[k];
        const std::uint64_t gathered = planes[plane_gather + k];
        planes[plane_gather + k] = gathered | fresh;
        next->block = k;  // kept only when these are the block's first new cells: no branch
        next += (gathered == 0 && fresh != 0) ? 1 : 0;
    }
    // Marks the gathered cells, leaves the gather plane clear and returns the number of cells (heat only).
    std::size_t finish() {
        std::size_t cells = 0;
        for (BlockBits* e = out; e != next; ++e) {
            const std::uint32_t k = e->block;
            const std::uint64_t bits = planes[plane_gather + k];
            e->bits = bits;
            planes[plane_gather + k] = 0;
            planes[k] |= bits;
            if constexpr (Heat) {
                planes[plane_heated + k] |= bits;
                cells += static_cast<std::size_t>(pop(bits));
            }
        }
        return cells;
    }
};

// The diagonal neighbour blocks of frontier block k (bits F; fl its floor word in the window) take only a
// corner cell's move: rare, so behind one branch, then one per corner (a frontier seldom holds two). The move
// needs the corner's two side neighbours open. Part of spread_block.
template <unsigned Dirs, class Take>
[[gnu::always_inline]] inline void spread_corners(std::uint32_t k, std::uint64_t F, const std::uint64_t* fl,
                                                  Take& take) {
    constexpr std::uint32_t S = grid_stride;
    constexpr std::ptrdiff_t fs = S;
    constexpr bool m_se = ((Dirs >> south_east) & 1u) != 0, m_sw = ((Dirs >> south_west) & 1u) != 0;
    constexpr bool m_ne = ((Dirs >> north_east) & 1u) != 0, m_nw = ((Dirs >> north_west) & 1u) != 0;
    constexpr std::uint64_t corners = (m_se ? std::uint64_t{1} << 63 : 0) |
                                      (m_sw ? std::uint64_t{1} << 56 : 0) |
                                      (m_ne ? std::uint64_t{1} << 7 : 0) | (m_nw ? 1u : 0u);
    if ((F & corners) == 0) {
        return;
    }
    if constexpr (m_se) {
        if ((F >> 63) != 0) {  // tile (7, 7) to (0, 0) of the block south-east
            take(k + S + 1, (fl[1] >> 56) & (fl[fs] >> 7) & fl[fs + 1] & 1u);
        }
    }
    if constexpr (m_sw) {
        if (((F >> 56) & 1u) != 0) {  // (0, 7) to (7, 0) south-west
            take(k + S - 1, (fl[-1] >> 56) & (fl[fs] << 7) & fl[fs - 1] & 0x80u);
        }
    }
    if constexpr (m_ne) {
        if (((F >> 7) & 1u) != 0) {  // (7, 0) to (0, 7) north-east
            take(k - S + 1, (fl[1] << 56) & (fl[-fs] >> 7) & fl[1 - fs] & (std::uint64_t{1} << 56));
        }
    }
    if constexpr (m_nw) {
        if ((F & 1u) != 0) {  // (0, 0) to (7, 7) north-west
            take(k - S - 1, (fl[-1] << 56) & (fl[-fs] << 7) & fl[-1 - fs] & (std::uint64_t{1} << 63));
        }
    }
}

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
    constexpr std::ptrdiff_t fs = S;
    const std::uint64_t* fl = w.planes + plane_floor + k;
    const std::uint64_t fl_c = fl[0];
    // East and west moves within the block, floor tested: a diagonal move needs them (no corner cutting).
    const std::uint64_t e_c = (F << 1) & ~col0_bits & fl_c, w_c = (F >> 1) & ~col7_bits & fl_c;
    // A south-east target p is a south (or north-east a north) move of e_c whose west neighbour is floor
    // too: ((e_c << 8) | (e_c >> 8)) & (floor << 1); likewise west. The shifted floor's bits that cross a
    // row are dropped because e_c has none in column 0 (w_c none in column 7).
    const std::uint64_t diag = ((((e_c << 8) & m_se) | ((e_c >> 8) & m_ne)) & (fl_c << 1)) |
                               ((((w_c << 8) & m_sw) | ((w_c >> 8) & m_nw)) & (fl_c >> 1));
    take(k, ((e_c & m_e) | (w_c & m_w) | ((F << 8) & m_s) | ((F >> 8) & m_n) | diag) & fl_c);
    // Moves into the four side blocks, each only when the frontier has cells on that edge (corridor
    // frontiers touch one or two edges of a block), with the same formulas across the edge.
    if constexpr (to_e) {
        if ((F & col7_bits) != 0) {
            const std::uint64_t fl_e = fl[1];
            const std::uint64_t x = ((F & col7_bits) >> 7) & fl_e;  // east moves, in column 0
            take(k + 1,
                 ((x & m_e) | ((((x << 8) & m_se) | ((x >> 8) & m_ne)) & ((fl_c & col7_bits) >> 7))) & fl_e);
        }
    }
    if constexpr (to_w) {
        if ((F & col0_bits) != 0) {
            const std::uint64_t fl_w = fl[-1];
            const std::uint64_t x = ((F & col0_bits) << 7) & fl_w;  // west moves, in column 7
            take(k - 1,
                 ((x & m_w) | ((((x << 8) & m_sw) | ((x >> 8) & m_nw)) & ((fl_c & col0_bits) << 7))) & fl_w);
        }
    }
    if constexpr (to_s) {
        if ((F >> 56) != 0) {
            const std::uint64_t fl_s = fl[fs];
            take(k + S, (((F >> 56) & m_s) | ((e_c >> 56) & m_se & (fl_s << 1)) |
                         ((w_c >> 56) & m_sw & (fl_s >> 1))) &
                            fl_s);
        }
    }
    if constexpr (to_n) {
        if ((F & 0xFFu) != 0) {
            const std::uint64_t fl_n = fl[-fs];
            take(k - S, (((F << 56) & m_n) | ((e_c << 56) & m_ne & (fl_n << 1)) |
                         ((w_c << 56) & m_nw & (fl_n >> 1))) &
                            fl_n);
        }
    }
    spread_corners<Dirs>(k, F, fl, take);
}

// Heat (spec B.1-B.3): the untouched neighbours of the frontier entries, marked and appended to out, counted
// in `cells` (the caller takes the marks back for an overflow step). Returns the entries written.
template <unsigned Dirs, class Pop>
[[gnu::always_inline]] inline std::size_t spread_heat_with(const BlockBits* front, std::size_t count,
                                                           const BlockWindow& w, BlockBits* out,
                                                           std::size_t& cells) {
    Taker<true, Pop> take(w, out);
    for (std::size_t f = 0; f < count; ++f) {
        spread_block<Dirs>(front[f].block, front[f].bits, w, take);
    }
    cells = take.finish();
    return take.entries();
}

// Takes back the marks of entries [b, e) (an overflow step).
void unmark(const BlockBits* b, const BlockBits* e, std::uint64_t* planes) {
    for (; b != e; ++b) {
        planes[b->block] &= ~b->bits;
        planes[plane_heated + b->block] &= ~b->bits;
    }
}

// Barrier (spec A.2, B.5): the untouched neighbours of the frontier entries in the directions Dirs. Returns
// the entries written.
template <unsigned Dirs>
std::size_t spread_barrier_blocks(const BlockBits* front, std::size_t count, const BlockWindow& w,
                                  BlockBits* out) {
    Taker<false, PortablePopcount> take(w, out);
    for (std::size_t f = 0; f < count; ++f) {
        spread_block<Dirs>(front[f].block, front[f].bits, w, take);
    }
    take.finish();
    return take.entries();
}

template <std::size_t... I>
constexpr std::array<BarrierFn, sizeof...(I)> barrier_table(std::index_sequence<I...>) {
    return {&spread_barrier_blocks<static_cast<unsigned>(I)>...};
}
// spread_barrier_blocks<Dirs> for every set of directions (it depends on the run's direction).
constexpr std::array<BarrierFn, 256> barrier_spreaders = barrier_table(std::make_index_sequence<256>{});

// Heat (spec B.1-B.4) of step j + 1 from step j's entries. Returns the cells heated: 0 (exhausted) or more
// than M_H (spec B.3; the marks are taken back, the map stays as after step j) mean the step did not
// happen; otherwise its entries and count are recorded (heat_begin[j + 2], step_cells[j + 1]).
template <unsigned Dirs, class Pop>
[[gnu::always_inline]] inline std::size_t heat_step_with(const GridSteps& h, std::size_t j) {
    const std::uint32_t begin = h.heat_begin[j];
    const std::uint32_t end = h.heat_begin[j + 1];
    BlockBits* fresh = h.heat + end;
    std::size_t cells = 0;
    const std::size_t m = spread_heat_with<Dirs, Pop>(h.heat + begin, end - begin, h.w, fresh, cells);
    if (cells == 0 || cells > h.limit) {
        unmark(fresh, fresh + m, h.w.planes);
        return cells;
    }
    h.heat_begin[j + 2] = end + static_cast<std::uint32_t>(m);
    h.step_cells[j + 1] = static_cast<std::uint32_t>(cells);
    return cells;
}

// Steps j + 1 .. until (spec B: heat, then the barrier), in one loop so that a thin frontier's step (mazes:
// 2-3 blocks) pays little besides its blocks; stops early when a step does not happen.
template <unsigned Dirs, class Pop>
[[gnu::always_inline]] inline StepsDone run_steps_with(const GridSteps& r, std::size_t j, std::size_t until) {
    std::size_t heated = 0;
    std::size_t cells = 1;
    while (j < until) {
        // Cooling is implicit (value = max(0, H - (step - heated step))).
        cells = heat_step_with<Dirs, Pop>(r, j);
        if (cells == 0 || cells > r.limit) {
            break;
        }
        heated += cells;
        // Barrier (spec B.5), after the heat: grows from last step's barrier entries.
        const std::uint32_t front = r.barrier_begin[j];
        const std::uint32_t end = r.barrier_begin[j + 1];
        const std::size_t fresh =
            front == end ? 0 : r.spread_barrier(r.barrier + front, end - front, r.w, r.barrier + end);
        r.barrier_begin[j + 2] = end + static_cast<std::uint32_t>(fresh);
        ++j;
    }
    return {j, heated, cells};
}

template <class Pop>
[[gnu::always_inline]] inline ColRowSums sum_with(const BlockBits* b, const BlockBits* e, Pop pop) {
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

// The sums of sum_with over steps first .. last, step j's weighted by hot - (last - j) (its cells' value):
// one call per result.
template <class Pop>
[[gnu::always_inline]] inline ColRowSums warm_sums_with(const BlockBits* heat,
                                                        const std::uint32_t* heat_begin, std::size_t first,
                                                        std::size_t last, std::int64_t hot, Pop pop) {
    ColRowSums total;
    for (std::size_t j = first; j <= last; ++j) {
        const ColRowSums s = sum_with(heat + heat_begin[j], heat + heat_begin[j + 1], pop);
        const std::int64_t w = hot - static_cast<std::int64_t>(last - j);
        total.cols += w * s.cols;
        total.rows += w * s.rows;
    }
    return total;
}

// Cells in entries [b, e).
template <class Pop>
[[gnu::always_inline]] inline std::size_t count_with(const BlockBits* b, const BlockBits* e, Pop pop) {
    std::size_t n = 0;
    for (; b != e; ++b) {
        n += static_cast<std::size_t>(pop(b->bits));
    }
    return n;
}

// The functions that count bits, in two builds: portable, and (below) with the POPCNT instruction.
template <unsigned Dirs>
StepsDone run_steps_portable(const GridSteps& r, std::size_t j, std::size_t until) {
    return run_steps_with<Dirs, PortablePopcount>(r, j, until);
}
ColRowSums sum_portable(const BlockBits* heat, const std::uint32_t* heat_begin, std::size_t first,
                        std::size_t last, std::int64_t hot) {
    return warm_sums_with(heat, heat_begin, first, last, hot, PortablePopcount{});
}
std::size_t count_portable(const BlockBits* b, const BlockBits* e) {
    return count_with(b, e, PortablePopcount{});
}

constexpr BitKernels portable_kernels{&run_steps_portable<0xFFu>, &run_steps_portable<0x0Fu>, &sum_portable,
                                      &count_portable};

// The default x86-64 target has no POPCNT instruction (count_bits is a dozen instructions there); every
// x86-64 CPU of the last 15 years has it, so the counting functions use it when the CPU says so (asked once;
// no -m flags in the build, so the binary runs on any x86-64).
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__POPCNT__) && \
    (defined(__GNUC__) || defined(__clang__))
struct HardwarePopcount {
    [[gnu::always_inline]] int operator()(std::uint64_t v) const { return __builtin_popcountll(v); }
};
template <unsigned Dirs>
[[gnu::target("popcnt")]] StepsDone run_steps_popcnt(const GridSteps& r, std::size_t j, std::size_t until) {
    return run_steps_with<Dirs, HardwarePopcount>(r, j, until);
}
[[gnu::target("popcnt")]] ColRowSums sum_popcnt(const BlockBits* heat, const std::uint32_t* heat_begin,
                                                std::size_t first, std::size_t last, std::int64_t hot) {
    return warm_sums_with(heat, heat_begin, first, last, hot, HardwarePopcount{});
}
[[gnu::target("popcnt")]] std::size_t count_popcnt(const BlockBits* b, const BlockBits* e) {
    return count_with(b, e, HardwarePopcount{});
}
constexpr BitKernels popcnt_kernels{&run_steps_popcnt<0xFFu>, &run_steps_popcnt<0x0Fu>, &sum_popcnt,
                                    &count_popcnt};
#define KINEMA_FLOOD_POPCNT_KERNELS 1
#endif

}  // namespace

BarrierFn barrier_spreader(unsigned dirs) {
    return barrier_spreaders[dirs];
}

#ifdef KINEMA_FLOOD_POPCNT_KERNELS
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

}  // namespace kinema::chase::detail
