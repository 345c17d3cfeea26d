// The occupancy map's kernels. Its spread over stencil runs (docs/pursuit.md "Speed", round 3): on a grid,
// neighbouring open cells of a row have neighbour lists that differ by exactly one id per entry, so neighbour
// i of every cell c of such a run is c + offset[i] and sixteen cells' sums are plain contiguous vector loads.
// Its shares and its target choice's block maxima. Each kernel is compiled for the default target and under
// [[gnu::target("avx2")]], picked once at run time. Private to the pursuit part.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kinema/chase/cell_space.hpp"

namespace kinema::pursuit::detail {

/// Consecutive ids [begin, end) whose padded neighbour lists are full and each the previous cell's list plus
/// one, so neighbour i of every cell c in the run is c + offset[i].
struct StencilRun {
    std::size_t begin = 0;
    std::size_t end = 0;
    std::array<std::ptrdiff_t, 8> offset{};
};

/// The stencil runs of `cells` (sorted, disjoint; at least 4 cells each), found from the padded lists alone,
/// so any space qualifies. `runs` is cleared first.
void find_stencil_runs(const chase::CellSpace& cells, std::vector<StencilRun>& runs);

/// One run's spread: out[c] = occupancy[c] * keep + the sum of share[c + offset[i]] over i in list order, for
/// c in [lo, hi) -- the padded lists' sums bit for bit. Every cell of a run has neighbours, so it keeps
/// `keep` = 1 - spread of its own.
struct RunSums {
    const double* share;
    const double* occupancy;
    double* out;
    const std::ptrdiff_t* offset;
    double keep;
};

/// A run kernel: the sums of one run's cells [lo, hi).
using RunKernel = void (*)(const RunSums& r, std::size_t lo, std::size_t hi);

/// The run kernel for a padded stride of 4 or 8 (instantiated for those) on this CPU: the AVX2 copy when the
/// CPU has AVX2 (checked once), else the default target's. Taken once per spread, called once per run.
template <std::uint32_t Stride>
RunKernel run_kernel();

/// The target choice's maxima: out[i] = the largest of q[lo + i * block, ...) (block values, the last block
/// shorter), for every block of [lo, hi). Max is exact in any order, so both targets give the same.
using BlockMaxKernel = void (*)(const double* q, std::size_t lo, std::size_t hi, std::size_t block,
                                double* out);

/// The block maxima kernel on this CPU (the AVX2 copy when it has AVX2).
BlockMaxKernel block_max_kernel();

/// The shares a stencil run sends: share[c] = q[c] * spread * inverse for c in [lo, hi) (each a product of
/// two roundings in that order, as the per-cell loop).
using ShareKernel = void (*)(const double* q, std::size_t lo, std::size_t hi, double spread, double inverse,
                             double* share);

/// The share kernel on this CPU (the AVX2 copy when it has AVX2).
ShareKernel share_kernel();

}  // namespace kinema::pursuit::detail
