#include "kinema/chase/flood.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#endif

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

// ---- Neighbour rows of 8 with AVX2 (issue 10: 3D cell spaces within 1.5x of the grid's cost) ----
//
// On a padded stride-8 space (the navmesh cells of 3D levels), the scalar heat loop above tests "untouched?"
// once per neighbour, with a branch. Here a row is handled at once: the 8 marks are loaded and compared with
// base, written back (the step code on the untouched lanes, the old mark elsewhere), and the untouched ids
// are packed to the front of the row by a permutation looked up from the 8-bit mask and stored after the list
// in one go. Ids in a row are distinct and the filler's mark never reads untouched, so marking all untouched
// ids of a row after testing them equals the scalar loop's test-then-mark in slot order; rows are still taken
// one after the other. The barrier keeps the scalar loop. docs/chase.md ("3D cell spaces") has the
// measurements and what was tried and not kept.

// Room after heated_ / barrier_ for the 8 lanes stored at their end.
constexpr std::size_t row_slack = 8;

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define KINEMA_FLOOD_VECTOR_ROWS 1

// Lane order per mask: the set lanes ascending, then the clear ones (4 bits per lane).
constexpr std::array<std::uint32_t, 256> pack_order = [] {
    std::array<std::uint32_t, 256> t{};
    for (unsigned m = 0; m < 256; ++m) {
        std::uint32_t v = 0;
        unsigned out = 0;
        for (unsigned pass = 0; pass < 2; ++pass) {
            for (unsigned i = 0; i < 8; ++i) {
                if ((((m >> i) & 1u) != 0) == (pass == 0)) {
                    v |= i << (4 * out++);
                }
            }
        }
        t[m] = v;
    }
    return t;
}();

// Scalar stand-in for tests and CPUs without AVX2 is the template path above (PaddedNeighbours<8>).
struct VectorRows8 {
    const CellId* ids;
};

// A row: its ids, their marks, and the lanes that read untouched (mark < base, unsigned: compared with the
// sign bit flipped).
struct Row {
    __m256i ids;
    __m256i marks;
    __m256i untouched;
};

[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline Row load_row(const CellId* row,
                                                                       const std::uint32_t* mark,
                                                                       __m256i base_biased) {
    const __m256i sign = _mm256_set1_epi32(static_cast<int>(0x80000000u));
    Row r{};
    r.ids = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row));
    // Scalar loads rather than a gather: a row often reads marks the previous row has just written, which
    // a gather waits for (measured on Zen 5: the gather made the heat phase slower than the scalar loop).
    const auto m = [&](int i) { return static_cast<int>(mark[row[i]]); };
    r.marks = _mm256_setr_epi32(m(0), m(1), m(2), m(3), m(4), m(5), m(6), m(7));
    r.untouched = _mm256_cmpgt_epi32(base_biased, _mm256_xor_si256(r.marks, sign));
    return r;
}

// Marks the lanes in take with code and writes the other lanes' marks back unchanged (the filler's too). The
// store addresses are the row's ids, known before the test, so that the next row's loads need not wait for
// this row's test unless they read one of its cells.
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline void mark_row(const CellId* row,
                                                                        std::uint32_t* mark, const Row& r,
                                                                        __m256i take, __m256i code) {
    const __m256i v = _mm256_blendv_epi8(r.marks, code, take);
    const __m128i lo = _mm256_castsi256_si128(v);
    const __m128i hi = _mm256_extracti128_si256(v, 1);
    mark[row[0]] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(lo));
    mark[row[1]] = static_cast<std::uint32_t>(_mm_extract_epi32(lo, 1));
    mark[row[2]] = static_cast<std::uint32_t>(_mm_extract_epi32(lo, 2));
    mark[row[3]] = static_cast<std::uint32_t>(_mm_extract_epi32(lo, 3));
    mark[row[4]] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(hi));
    mark[row[5]] = static_cast<std::uint32_t>(_mm_extract_epi32(hi, 1));
    mark[row[6]] = static_cast<std::uint32_t>(_mm_extract_epi32(hi, 2));
    mark[row[7]] = static_cast<std::uint32_t>(_mm_extract_epi32(hi, 3));
}

// Stores the ids of the lanes set in mask at out, in slot order (8 lanes are written; those past the count
// are overwritten by the next row or lie past the list's end).
[[gnu::target("avx2,popcnt"), gnu::always_inline]] inline void append_row(__m256i ids, unsigned mask,
                                                                          CellId* out) {
    const __m256i shifts = _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
    const __m256i order = _mm256_srlv_epi32(_mm256_set1_epi32(static_cast<int>(pack_order[mask])), shifts);
    // vpermd uses the low 3 bits of each index only.
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_permutevar8x32_epi32(ids, order));
}

// spread_heat on rows of 8.
[[gnu::target("avx2,popcnt")]] std::size_t spread_heat(const VectorRows8& rows, std::uint32_t* mark,
                                                       CellId* heated, std::size_t frontier_begin,
                                                       std::size_t frontier_end, std::size_t limit,
                                                       std::uint32_t base, std::uint32_t code) {
    const __m256i base_biased = _mm256_set1_epi32(static_cast<int>(base ^ 0x80000000u));
    const __m256i code_v = _mm256_set1_epi32(static_cast<int>(code));
    std::size_t n = frontier_end;
    for (std::size_t f = frontier_begin; f < frontier_end; ++f) {
        const CellId* row = rows.ids + static_cast<std::size_t>(heated[f]) * 8;
        const Row r = load_row(row, mark, base_biased);
        mark_row(row, mark, r, r.untouched, code_v);
        const auto mask = static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(r.untouched)));
        append_row(r.ids, mask, heated + n);
        n += static_cast<unsigned>(__builtin_popcount(mask));
        if (n > limit) {
            break;
        }
    }
    return n;
}

// spread_barrier on rows of 8: the scalar loop (the half-plane test on gathered coordinates cost more than
// the branches it saves).
std::size_t spread_barrier(const VectorRows8& rows, std::uint32_t* mark, CellId* barrier, std::size_t begin,
                           std::size_t end, const Vec2* planar, Vec2 dir, std::uint32_t base,
                           std::uint32_t code) {
    return spread_barrier(PaddedNeighbours<8>{rows.ids}, mark, barrier, begin, end, planar, dir, base, code);
}

// Asked once; tests switch it off to check the scalar path against it (detail::allow_vector_rows).
std::atomic<bool> vector_rows_allowed{true};
bool use_vector_rows() {
    static const bool has =
        (__builtin_cpu_init(), __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("popcnt") != 0);
    return has && vector_rows_allowed.load(std::memory_order_relaxed);
}
#else
std::atomic<bool> vector_rows_allowed{true};  // no vector rows on this target
#endif

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
// cutting): the south-east targets are move_s(E) & move_e(floor) & floor with E = move_e(F) & floor, which
// already holds the east tile's floor test (move_e(floor) is the south tile's: it is p's west neighbour).
// The whole step loop runs in one call (run_steps_with), the floor and the marks in one array (BlockWindow).

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

// The window's planes (Flood::grid_planes_), one word per window block k: touched at [k], heated at
// [plane_heated + k], a spread's gathered new cells at [plane_gather + k] and the floor, copied at seeding,
// at [plane_floor + k]. One base pointer and constant offsets: the spread keeps fewer pointers live and needs
// no multiply to find a block's floor.
constexpr std::size_t plane_heated = grid_block_slots;
constexpr std::size_t plane_gather = 2 * grid_block_slots;
constexpr std::size_t plane_floor = 3 * grid_block_slots;
constexpr std::size_t grid_plane_words = 4 * grid_block_slots;
struct BlockWindow {
    std::uint64_t* planes;
};

struct PortablePopcount {
    int operator()(std::uint64_t v) const { return count_bits(v); }
};

// Where a spread puts what it finds: per target block, the untouched cells are gathered in the gather plane
// (so a cell reached from two frontier blocks counts once) and the block is listed as an entry when its first
// new cells arrive; finish() moves the gathered bits into the entries and marks them touched (and heated, for
// the heat). One entry per block and step.
template <bool Heat, class Pop>
struct Taker {
    std::uint64_t* planes;    // BlockWindow::planes
    detail::BlockBits* out;   // the first entry
    detail::BlockBits* next;  // one past the last entry
    [[no_unique_address]] Pop pop;

    Taker(const BlockWindow& w, detail::BlockBits* o) : planes(w.planes), out(o), next(o) {}
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
        for (detail::BlockBits* e = out; e != next; ++e) {
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
    // The diagonal neighbour blocks take only a corner cell's move: rare, so behind one branch, then one per
    // corner (a frontier seldom holds two). The move needs the corner's two side neighbours open.
    constexpr std::uint64_t corners = (m_se != 0 ? std::uint64_t{1} << 63 : 0) |
                                      (m_sw != 0 ? std::uint64_t{1} << 56 : 0) |
                                      (m_ne != 0 ? std::uint64_t{1} << 7 : 0) | (m_nw != 0 ? 1u : 0u);
    if ((F & corners) == 0) {
        return;
    }
    if constexpr (m_se != 0) {
        if ((F >> 63) != 0) {  // tile (7, 7) to (0, 0) of the block south-east
            take(k + S + 1, (fl[1] >> 56) & (fl[fs] >> 7) & fl[fs + 1] & 1u);
        }
    }
    if constexpr (m_sw != 0) {
        if (((F >> 56) & 1u) != 0) {  // (0, 7) to (7, 0) south-west
            take(k + S - 1, (fl[-1] >> 56) & (fl[fs] << 7) & fl[fs - 1] & 0x80u);
        }
    }
    if constexpr (m_ne != 0) {
        if (((F >> 7) & 1u) != 0) {  // (7, 0) to (0, 7) north-east
            take(k - S + 1, (fl[1] << 56) & (fl[-fs] >> 7) & fl[1 - fs] & (std::uint64_t{1} << 56));
        }
    }
    if constexpr (m_nw != 0) {
        if ((F & 1u) != 0) {  // (0, 0) to (7, 7) north-west
            take(k - S - 1, (fl[-1] << 56) & (fl[-fs] << 7) & fl[-1 - fs] & (std::uint64_t{1} << 63));
        }
    }
}

// Heat (spec B.1-B.3): the untouched neighbours of the frontier entries, marked and appended to out, counted
// in `cells` (the caller takes the marks back for an overflow step). Returns the entries written.
template <unsigned Dirs, class Pop>
[[gnu::always_inline]] inline std::size_t spread_heat_with(const detail::BlockBits* front, std::size_t count,
                                                           const BlockWindow& w, detail::BlockBits* out,
                                                           std::size_t& cells) {
    Taker<true, Pop> take(w, out);
    for (std::size_t f = 0; f < count; ++f) {
        spread_block<Dirs>(front[f].block, front[f].bits, w, take);
    }
    cells = take.finish();
    return take.entries();
}

// Takes back the marks of entries [b, e) (an overflow step).
void unmark(const detail::BlockBits* b, const detail::BlockBits* e, std::uint64_t* planes) {
    for (; b != e; ++b) {
        planes[b->block] &= ~b->bits;
        planes[plane_heated + b->block] &= ~b->bits;
    }
}

// Barrier (spec A.2, B.5): the untouched neighbours of the frontier entries in the directions Dirs. Returns
// the entries written.
template <unsigned Dirs>
std::size_t spread_barrier_blocks(const detail::BlockBits* front, std::size_t count, const BlockWindow& w,
                                  detail::BlockBits* out) {
    Taker<false, PortablePopcount> take(w, out);
    for (std::size_t f = 0; f < count; ++f) {
        spread_block<Dirs>(front[f].block, front[f].bits, w, take);
    }
    take.finish();
    return take.entries();
}

using BarrierFn = std::size_t (*)(const detail::BlockBits*, std::size_t, const BlockWindow&,
                                  detail::BlockBits*);
template <std::size_t... I>
constexpr std::array<BarrierFn, sizeof...(I)> barrier_table(std::index_sequence<I...>) {
    return {&spread_barrier_blocks<static_cast<unsigned>(I)>...};
}
// spread_barrier_blocks<Dirs> for every set of directions (it depends on the run's direction).
constexpr std::array<BarrierFn, 256> barrier_spreaders = barrier_table(std::make_index_sequence<256>{});

// What the steps read and write (Flood's grid state, loaded once per advance).
struct GridSteps {
    BlockWindow w;
    detail::BlockBits* heat;       // Flood::heat_blocks_
    std::uint32_t* heat_begin;     // Flood::heat_begin_
    std::uint32_t* step_cells;     // Flood::step_cells_
    detail::BlockBits* barrier;    // Flood::barrier_bits_
    std::uint32_t* barrier_begin;  // Flood::barrier_begin_
    BarrierFn spread_barrier;      // the run's directions
    std::size_t limit;             // M_H
};
struct StepsDone {
    std::size_t step;    // the step reached
    std::size_t heated;  // cells heated by the steps done
    std::size_t cells;   // the last heat's count: 0 (exhausted) or > M_H when a step did not happen
};

// Heat (spec B.1-B.4) of step j + 1 from step j's entries. Returns the cells heated: 0 (exhausted) or more
// than M_H (spec B.3; the marks are taken back, the map stays as after step j) mean the step did not
// happen; otherwise its entries and count are recorded (heat_begin[j + 2], step_cells[j + 1]).
template <unsigned Dirs, class Pop>
[[gnu::always_inline]] inline std::size_t heat_step_with(const GridSteps& h, std::size_t j) {
    const std::uint32_t begin = h.heat_begin[j];
    const std::uint32_t end = h.heat_begin[j + 1];
    detail::BlockBits* fresh = h.heat + end;
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

// The sums of sum_with over steps first .. last, step j's weighted by hot - (last - j) (its cells' value):
// one call per result.
template <class Pop>
[[gnu::always_inline]] inline ColRowSums warm_sums_with(const detail::BlockBits* heat,
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
[[gnu::always_inline]] inline std::size_t count_with(const detail::BlockBits* b, const detail::BlockBits* e,
                                                     Pop pop) {
    std::size_t n = 0;
    for (; b != e; ++b) {
        n += static_cast<std::size_t>(pop(b->bits));
    }
    return n;
}

using StepsFn = StepsDone (*)(const GridSteps&, std::size_t, std::size_t);
using SumFn = ColRowSums (*)(const detail::BlockBits*, const std::uint32_t*, std::size_t, std::size_t,
                             std::int64_t);
using CountFn = std::size_t (*)(const detail::BlockBits*, const detail::BlockBits*);

// The functions that count bits, in two builds: portable, and (below) with the POPCNT instruction.
template <unsigned Dirs>
StepsDone run_steps_portable(const GridSteps& r, std::size_t j, std::size_t until) {
    return run_steps_with<Dirs, PortablePopcount>(r, j, until);
}
ColRowSums sum_portable(const detail::BlockBits* heat, const std::uint32_t* heat_begin, std::size_t first,
                        std::size_t last, std::int64_t hot) {
    return warm_sums_with(heat, heat_begin, first, last, hot, PortablePopcount{});
}
std::size_t count_portable(const detail::BlockBits* b, const detail::BlockBits* e) {
    return count_with(b, e, PortablePopcount{});
}

struct BitKernels {
    StepsFn steps8;  // 8-connected
    StepsFn steps4;  // 4-connected
    SumFn sum;
    CountFn count;
};
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
[[gnu::target("popcnt")]] ColRowSums sum_popcnt(const detail::BlockBits* heat,
                                                const std::uint32_t* heat_begin, std::size_t first,
                                                std::size_t last, std::int64_t hot) {
    return warm_sums_with(heat, heat_begin, first, last, hot, HardwarePopcount{});
}
[[gnu::target("popcnt")]] std::size_t count_popcnt(const detail::BlockBits* b, const detail::BlockBits* e) {
    return count_with(b, e, HardwarePopcount{});
}
constexpr BitKernels popcnt_kernels{&run_steps_popcnt<0xFFu>, &run_steps_popcnt<0x0Fu>, &sum_popcnt,
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

bool detail::allow_vector_rows(bool allow) {
    return vector_rows_allowed.exchange(allow);
}

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
        if (barrier_.size() < space.size() + row_slack) {
            barrier_.assign(space.size() + row_slack, 0);
        }
        const std::size_t heated_needed = heated_capacity(space, run_settings_) + row_slack;
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
        return grid_steps(1) == 1;
    }
    switch (space_->padded_stride()) {
        case 8:
#ifdef KINEMA_FLOOD_VECTOR_ROWS
            if (use_vector_rows()) {
                return step_with(VectorRows8{space_->padded_neighbour_ids().data()});
            }
#endif
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
        grid_steps(run_settings_.max_steps);  // one loop: thin floods run many cheap steps
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
    if (grid_planes_.size() < grid_plane_words) {
        grid_planes_.assign(grid_plane_words, 0);
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
        std::fill_n(grid_planes_.begin(), plane_gather, 0);  // touched and heated
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
    // Forget the previous run: only the blocks it wrote hold bits, all of them within the window blocks
    // whose floor it copied (grid_copy_floor); whichever of the two lists is shorter is cleared (on small
    // maps the copied blocks are fewer than the entries).
    const auto& [x_lo, x_hi, y_lo, y_hi] = grid_copied_;
    const auto copied = static_cast<std::size_t>(std::max(0, x_hi - x_lo + 1) * std::max(0, y_hi - y_lo + 1));
    if (copied < grid_used_heat_ + grid_used_barrier_) {
        for (int y = y_lo; y <= y_hi; ++y) {
            const auto row = static_cast<std::ptrdiff_t>(y * grid_stride + x_lo);
            std::fill_n(grid_planes_.begin() + row, x_hi - x_lo + 1, 0);
            std::fill_n(grid_planes_.begin() + static_cast<std::ptrdiff_t>(plane_heated) + row,
                        x_hi - x_lo + 1, 0);
        }
    } else {
        for (std::size_t e = 0; e < grid_used_heat_; ++e) {
            grid_planes_[heat_blocks_[e].block] = 0;
            grid_planes_[plane_heated + heat_blocks_[e].block] = 0;
        }
        for (std::size_t e = 0; e < grid_used_barrier_; ++e) {
            grid_planes_[barrier_bits_[e].block] = 0;
        }
    }
    // The seed's block is window block (9, 9). Every touched cell lies within R <= 63 tiles of the seed,
    // so in window blocks 1 .. 17, and the floor is read at most one block further: blocks 0 .. 18, all of
    // them inside GridCells' ring of walls since the touched cells are inside the grid.
    const int seed_bx = t.col / 8;
    const int seed_by = t.row / 8;
    grid_col0_ = 8 * (seed_bx - 9);
    grid_row0_ = 8 * (seed_by - 9);
    grid_lists_ready_ = false;
    grid_copy_floor(seed_bx - 9, seed_by - 9);
    const BlockWindow w{grid_planes_.data()};

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
    grid_planes_[k] = bit;
    grid_planes_[plane_heated + k] = bit;
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

void Flood::grid_copy_floor(int bx0, int by0) {
    // Window block (x, y) is grid block (bx0 + x, by0 + y). Only the window blocks that GridCells holds (the
    // grid's blocks and its ring of walls) are copied: a spread reads the floor only next to touched blocks,
    // which lie inside the grid, so the others are never read (they may keep an earlier run's words).
    // Nor are the blocks beyond the run's reach: touched tiles lie within R = M_S + 1 of the seed (window
    // block 9), so in window blocks 9 +- (R + 7) / 8, and their floor is read one block further.
    const GridCells& g = *space_->grid();
    const int reach = (run_settings_.max_steps + 1 + 7) / 8 + 1;
    const int cols = (g.width() + 7) / 8;
    const int rows = (g.height() + 7) / 8;
    const int x_lo = std::max(bx0 + 9 - reach, -1) - bx0;
    const int x_hi = std::min(bx0 + 9 + reach, cols) - bx0;
    const int y_lo = std::max(by0 + 9 - reach, -1) - by0;
    const int y_hi = std::min(by0 + 9 + reach, rows) - by0;
    grid_copied_ = {x_lo, x_hi, y_lo, y_hi};
    std::uint64_t* floor = grid_planes_.data() + plane_floor;
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

int Flood::grid_steps(int max_steps) {
    if (finished_ || max_steps <= 0) {
        return 0;
    }
    const GridCells& g = *space_->grid();
    const GridSteps r{{grid_planes_.data()},
                      heat_blocks_.data(),
                      heat_begin_.data(),
                      step_cells_.data(),
                      barrier_bits_.data(),
                      barrier_begin_.data(),
                      barrier_spreaders[barrier_dirs_],
                      static_cast<std::size_t>(run_settings_.max_heated)};
    const BitKernels& kernels = bit_kernels();
    const StepsFn run_steps = g.connectivity() == Connectivity::eight ? kernels.steps8 : kernels.steps4;
    const auto last = static_cast<std::size_t>(run_settings_.max_steps);
    const auto j = static_cast<std::size_t>(step_);
    const std::size_t until = j + std::min(static_cast<std::size_t>(max_steps), last - j);
    const StepsDone d = run_steps(r, j, until);
    heated_count_ += d.heated;
    if (d.step < until) {  // a step did not happen (spec B.3 or nothing left to heat)
        finished_ = true;
        stop_reason_ = d.cells == 0 ? StopReason::exhausted : StopReason::too_many_heated;
    } else if (d.step == last) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
    step_ = static_cast<int>(d.step);
    grid_used_heat_ = heat_begin_[d.step + 1];
    grid_used_barrier_ = barrier_begin_[d.step + 1];
    const auto done = static_cast<int>(d.step - j);
    grid_lists_ready_ = grid_lists_ready_ && done == 0;
    return done;
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
    std::int64_t weight = 0;
    std::size_t warm = 0;
    const std::int64_t col_base = 2 * static_cast<std::int64_t>(grid_col0_) + 1;
    const std::int64_t row_base = 2 * static_cast<std::int64_t>(grid_row0_) + 1;
    for (int j = first_warm_step; j <= step_; ++j) {
        const auto sj = static_cast<std::size_t>(j);
        const std::int64_t w = hot - (step_ - j);
        weight += w * static_cast<std::int64_t>(step_cells_[sj]);
        warm += step_cells_[sj];
    }
    const ColRowSums sums =
        bit_kernels().sum(heat_blocks_.data(), heat_begin_.data(), static_cast<std::size_t>(first_warm_step),
                          static_cast<std::size_t>(step_), hot);
    const std::int64_t sum_x = weight * col_base + 2 * sums.cols;
    const std::int64_t sum_y = weight * row_base + 2 * sums.rows;
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
                ((grid_planes_[plane_heated + static_cast<std::size_t>((y / 8) * grid_stride + x / 8)] >>
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
                ((grid_planes_[plane_heated + static_cast<std::size_t>((y / 8) * grid_stride + x / 8)] >>
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
    if ((grid_planes_[k] & bit) == 0) {
        return -1;
    }
    if ((grid_planes_[plane_heated + k] & bit) == 0) {
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
