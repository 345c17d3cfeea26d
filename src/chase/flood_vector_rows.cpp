#include "flood_vector_rows.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <limits>

#ifdef KINEMA_FLOOD_VECTOR_ROWS
#include <immintrin.h>
#endif

namespace kinema::chase::detail {

namespace {
// Asked once; tests switch it off to check the scalar path against it (allow_vector_rows).
std::atomic<bool> vector_rows_allowed{true};
}  // namespace

bool allow_vector_rows(bool allow) {
    return vector_rows_allowed.exchange(allow);
}

// ---- Neighbour rows of 8 with AVX2 (3D cell spaces within 1.5x of the grid's cost) ----
//
// On a padded stride-8 space (the navmesh cells of 3D levels), the scalar heat loop (flood_generic.cpp) tests
// "untouched?" once per neighbour, with a branch. Here a row is handled at once: the 8 marks are loaded and
// compared with base, written back (the step code on the untouched lanes, the old mark elsewhere), and the
// untouched ids are packed to the front of the row by a permutation looked up from the 8-bit mask and stored
// after the list in one go. Ids in a row are distinct and the filler's mark never reads untouched, so marking
// all untouched ids of a row after testing them equals the scalar loop's test-then-mark in slot order; rows
// are still taken one after the other. The barrier keeps the scalar loop. docs/chase.md ("3D cell spaces")
// has the measurements and what was tried and not kept.

#ifdef KINEMA_FLOOD_VECTOR_ROWS
namespace {

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
}  // namespace

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

namespace {

[[gnu::target("avx2")]] std::array<int, 8> lanes(__m256i v) {
    alignas(32) std::array<int, 8> out{};
    _mm256_store_si256(reinterpret_cast<__m256i*>(out.data()), v);
    return out;
}

}  // namespace

[[gnu::target("avx2")]] std::size_t add_tile_bounds(const Tile* tiles, const CellId* ids, std::size_t n,
                                                    int* box) {
    static_assert(sizeof(Tile) == 2 * sizeof(int) && offsetof(Tile, row) == sizeof(int));
    // A tile is two ints: cell c's column is the int at 2c, its row the one after.
    const int* cols = &tiles[0].col;
    __m256i min_col = _mm256_set1_epi32(box[0]);
    __m256i max_col = _mm256_set1_epi32(box[1]);
    __m256i min_row = _mm256_set1_epi32(box[2]);
    __m256i max_row = _mm256_set1_epi32(box[3]);
    const std::size_t groups = n - n % 8;
    for (std::size_t i = 0; i < groups; i += 8) {
        const __m256i id = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ids + i));
        const __m256i at = _mm256_add_epi32(id, id);
        const __m256i col = _mm256_i32gather_epi32(cols, at, 4);
        const __m256i row = _mm256_i32gather_epi32(cols + 1, at, 4);
        min_col = _mm256_min_epi32(min_col, col);
        max_col = _mm256_max_epi32(max_col, col);
        min_row = _mm256_min_epi32(min_row, row);
        max_row = _mm256_max_epi32(max_row, row);
    }
    // The lanes start at the box's own bounds, so folding them keeps those too.
    box[0] = std::ranges::min(lanes(min_col));
    box[1] = std::ranges::max(lanes(max_col));
    box[2] = std::ranges::min(lanes(min_row));
    box[3] = std::ranges::max(lanes(max_row));
    return groups;
}

namespace {

// The doubles at base[at[k]]: the masked gather, whose source lanes are defined (GCC 12 warns that the plain
// one's may be used uninitialized).
[[gnu::target("avx2")]] __m256d gather(const double* base, __m128i at) {
    const __m256d all = _mm256_castsi256_pd(_mm256_set1_epi64x(-1));
    return _mm256_mask_i32gather_pd(_mm256_setzero_pd(), base, at, all, 8);
}

}  // namespace

[[gnu::target("avx2")]] std::size_t nearest_cell_4(const Vec2* planar, const CellId* ids, std::size_t n,
                                                   Vec3 centroid, double& best, CellId& best_cell) {
    static_assert(sizeof(Vec2) == 2 * sizeof(double) && offsetof(Vec2, y) == sizeof(double));
    // A centre is two doubles: cell c's x is the double at 2c, its y the one after.
    const double* xs = &planar[0].x;
    const __m256d cx = _mm256_set1_pd(centroid.x);
    const __m256d cy = _mm256_set1_pd(centroid.y);
    const __m256d dz = _mm256_set1_pd(0.0 - centroid.z);
    const __m256d dz2 = _mm256_mul_pd(dz, dz);
    __m256d least = _mm256_set1_pd(std::numeric_limits<double>::infinity());
    __m256i least_id = _mm256_set1_epi64x(std::int64_t{1} << 32);  // above every id: a lane's first cell wins
    const std::size_t groups = n - n % 4;
    for (std::size_t i = 0; i < groups; i += 4) {
        const __m128i id = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ids + i));
        const __m128i at = _mm_add_epi32(id, id);
        const __m256d dx = _mm256_sub_pd(gather(xs, at), cx);
        const __m256d dy = _mm256_sub_pd(gather(xs + 1, at), cy);
        // length_squared: (x * x + y * y) + z * z.
        const __m256d d2 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), _mm256_mul_pd(dy, dy)), dz2);
        const __m256i id64 = _mm256_cvtepu32_epi64(id);
        const __m256d nearer =
            _mm256_or_pd(_mm256_cmp_pd(d2, least, _CMP_LT_OQ),
                         _mm256_and_pd(_mm256_cmp_pd(d2, least, _CMP_EQ_OQ),
                                       _mm256_castsi256_pd(_mm256_cmpgt_epi64(least_id, id64))));
        least = _mm256_blendv_pd(least, d2, nearer);
        least_id = _mm256_castpd_si256(
            _mm256_blendv_pd(_mm256_castsi256_pd(least_id), _mm256_castsi256_pd(id64), nearer));
    }
    alignas(32) double lane_least[4];
    alignas(32) std::int64_t lane_id[4];
    _mm256_store_pd(lane_least, least);
    _mm256_store_si256(reinterpret_cast<__m256i*>(lane_id), least_id);
    for (int k = 0; k < 4; ++k) {
        if (lane_id[k] > std::numeric_limits<CellId>::max()) {
            continue;  // the lane took no cell
        }
        const auto c = static_cast<CellId>(lane_id[k]);
        if (lane_least[k] < best || (lane_least[k] == best && c < best_cell)) {
            best = lane_least[k];
            best_cell = c;
        }
    }
    return groups;
}

bool use_vector_rows() {
    static const bool has =
        (__builtin_cpu_init(), __builtin_cpu_supports("avx2") != 0 && __builtin_cpu_supports("popcnt") != 0);
    return has && vector_rows_allowed.load(std::memory_order_relaxed);
}
#endif

}  // namespace kinema::chase::detail
