// The stencil-run kernel of the occupancy map's spread (spread_kernel.hpp), compiled twice: for the default
// x86-64 target (2-lane SSE2 vectors) and, picked once at run time, for AVX2 (4 lanes).
#include "spread_kernel.hpp"

#include <algorithm>
#include <cstring>

namespace kinema::pursuit::detail {

namespace {

// Four doubles as one value (GCC and clang vector extensions: element-wise IEEE operations, lowered to
// whatever the target has -- SSE2 pairs, AVX registers, or scalars).
using Double4 = double __attribute__((vector_size(32)));

// 4 V cells of a run from c: V independent vector sums (more chains in flight hide the additions' latency).
// Vectors are locals filled by memcpy (unaligned loads): a function returning one would change the ABI
// between the two targets.
template <std::uint32_t Stride, std::size_t V>
[[gnu::always_inline]] inline void run_block(const RunSums& r, std::size_t c) {
    Double4 sum[V] = {};
    for (std::uint32_t i = 0; i < Stride; ++i) {
        const double* src = r.share + static_cast<std::ptrdiff_t>(c) + r.offset[i];
        for (std::size_t v = 0; v < V; ++v) {
            Double4 x;
            std::memcpy(&x, src + 4 * v, sizeof x);
            sum[v] += x;
        }
    }
    const Double4 keep = {r.keep, r.keep, r.keep, r.keep};
    for (std::size_t v = 0; v < V; ++v) {
        Double4 q;
        std::memcpy(&q, r.occupancy + c + 4 * v, sizeof q);
        const Double4 out = q * keep + sum[v];
        std::memcpy(r.out + c + 4 * v, &out, sizeof out);
    }
}

template <std::uint32_t Stride>
[[gnu::always_inline]] inline void run_sums_with(const RunSums& r, std::size_t lo, std::size_t hi) {
    std::size_t c = lo;
    for (; c + 16 <= hi; c += 16) {
        run_block<Stride, 4>(r, c);
    }
    for (; c + 4 <= hi; c += 4) {
        run_block<Stride, 1>(r, c);
    }
    for (; c < hi; ++c) {
        double sum = 0.0;
        for (std::uint32_t i = 0; i < Stride; ++i) {
            sum += r.share[static_cast<std::ptrdiff_t>(c) + r.offset[i]];
        }
        r.out[c] = r.occupancy[c] * r.keep + sum;
    }
}

template <std::uint32_t Stride>
void run_sums_portable(const RunSums& r, std::size_t lo, std::size_t hi) {
    run_sums_with<Stride>(r, lo, hi);
}

// Eight independent lanes a block (vectorised on either target).
[[gnu::always_inline]] inline void block_maxima_with(const double* q, std::size_t lo, std::size_t hi,
                                                     std::size_t block, double* out) {
    for (std::size_t b = lo; b < hi; b += block) {
        const std::size_t end = std::min(b + block, hi);
        double m[8] = {};
        std::size_t c = b;
        for (; c + 8 <= end; c += 8) {
            for (std::size_t k = 0; k < 8; ++k) {
                m[k] = q[c + k] > m[k] ? q[c + k] : m[k];
            }
        }
        double top = *std::max_element(m, m + 8);
        for (; c < end; ++c) {
            top = std::max(top, q[c]);
        }
        *out++ = top;
    }
}

void block_maxima_portable(const double* q, std::size_t lo, std::size_t hi, std::size_t block, double* out) {
    block_maxima_with(q, lo, hi, block, out);
}

[[gnu::always_inline]] inline void shares_with(const double* q, std::size_t lo, std::size_t hi, double spread,
                                               double inverse, double* share) {
    for (std::size_t c = lo; c < hi; ++c) {
        share[c] = q[c] * spread * inverse;
    }
}

void shares_portable(const double* q, std::size_t lo, std::size_t hi, double spread, double inverse,
                     double* share) {
    shares_with(q, lo, hi, spread, inverse, share);
}

}  // namespace

// The default x86-64 target has 2-lane SSE2 vectors; with AVX2 (checked once, as the flood checks POPCNT in
// src/chase/flood.cpp) the same loop runs 4 lanes. "avx2" does not enable FMA, so a * b + c stays two
// roundings: the same results on either path.
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__AVX2__) && \
    (defined(__GNUC__) || defined(__clang__))
namespace {
template <std::uint32_t Stride>
[[gnu::target("avx2")]] void run_sums_avx2(const RunSums& r, std::size_t lo, std::size_t hi) {
    run_sums_with<Stride>(r, lo, hi);
}
[[gnu::target("avx2")]] void block_maxima_avx2(const double* q, std::size_t lo, std::size_t hi,
                                               std::size_t block, double* out) {
    block_maxima_with(q, lo, hi, block, out);
}
[[gnu::target("avx2")]] void shares_avx2(const double* q, std::size_t lo, std::size_t hi, double spread,
                                         double inverse, double* share) {
    shares_with(q, lo, hi, spread, inverse, share);
}
bool cpu_has_avx2() {
    static const bool has = (__builtin_cpu_init(), __builtin_cpu_supports("avx2") != 0);
    return has;
}
}  // namespace
template <std::uint32_t Stride>
RunKernel run_kernel() {
    return cpu_has_avx2() ? &run_sums_avx2<Stride> : &run_sums_portable<Stride>;
}
BlockMaxKernel block_max_kernel() {
    return cpu_has_avx2() ? &block_maxima_avx2 : &block_maxima_portable;
}
ShareKernel share_kernel() {
    return cpu_has_avx2() ? &shares_avx2 : &shares_portable;
}
#else
template <std::uint32_t Stride>
RunKernel run_kernel() {
    return &run_sums_portable<Stride>;
}
BlockMaxKernel block_max_kernel() {
    return &block_maxima_portable;
}
ShareKernel share_kernel() {
    return &shares_portable;
}
#endif

template RunKernel run_kernel<4>();
template RunKernel run_kernel<8>();

// Cells in the open (all 8 neighbours, in ascending id order) next to each other in a row (86 % of den520d's
// cells, in runs of 33 on average); runs shorter than 4 cells are left to the padded path.
void find_stencil_runs(const chase::CellSpace& cells, std::vector<StencilRun>& runs) {
    runs.clear();
    const std::uint32_t stride = cells.padded_stride();
    if (stride == 0) {
        return;
    }
    const std::size_t n = cells.size();
    const chase::CellId* padded = cells.padded_neighbour_ids().data();
    const auto full = [&](std::size_t c) {
        return std::find(padded + c * stride, padded + (c + 1) * stride, static_cast<chase::CellId>(n)) ==
               padded + (c + 1) * stride;
    };
    const auto follows = [&](std::size_t c) {  // c's list is c - 1's plus one, entry by entry
        for (std::uint32_t i = 0; i < stride; ++i) {
            if (padded[c * stride + i] != padded[(c - 1) * stride + i] + 1) {
                return false;
            }
        }
        return true;
    };
    constexpr std::size_t min_run = 4;
    std::size_t c = 0;
    while (c < n) {
        if (!full(c)) {
            ++c;
            continue;
        }
        std::size_t end = c + 1;
        while (end < n && full(end) && follows(end)) {
            ++end;
        }
        if (end - c >= min_run) {
            StencilRun run;
            run.begin = c;
            run.end = end;
            for (std::uint32_t i = 0; i < stride; ++i) {
                run.offset[i] =
                    static_cast<std::ptrdiff_t>(padded[c * stride + i]) - static_cast<std::ptrdiff_t>(c);
            }
            runs.push_back(run);
        }
        c = end;
    }
}

}  // namespace kinema::pursuit::detail
