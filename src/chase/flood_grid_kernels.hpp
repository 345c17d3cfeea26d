// The grid path's word-parallel kernels (flood_grid_kernels.cpp) and the window layout they share with the
// grid engine (flood_grid.hpp). Private to the chase part.
//
// The window is cut into 8 x 8 tile blocks, one 64-bit word each: bit r * 8 + c is tile (c, r) of the block;
// docs/chase.md ("Grids: a floor bitmap and a word-parallel flood") explains the moves and the measurements.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kinema::chase::detail {

constexpr int grid_max_steps = 62;  // R = M_S + 1 <= 63: the touched cells lie in window blocks 1 .. 17
constexpr int grid_stride = 32;     // block index = block row * 32 + block column
constexpr int grid_side = 19;       // blocks per window side : 0 .. 18
constexpr std::size_t grid_block_slots = static_cast<std::size_t>(grid_side * grid_stride);
constexpr std::size_t grid_window_tiles = 127 * 127;  // (2R + 1)^2 at most: a bound on touched cells

// Directions: bit numbers of the sets barrier_spreader() takes.
enum Dir : std::size_t { east, west, south, north, south_east, south_west, north_east, north_west };

// The window's planes (GridFlood::planes_), one word per window block k: touched at [k], heated at
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

/// One 8 x 8 tile block of a frontier or of a step's new cells: bit r * 8 + c is tile (c, r) of window block
/// `block`.
struct BlockBits {
    std::uint64_t bits = 0;
    std::uint32_t block = 0;
};

using BarrierFn = std::size_t (*)(const BlockBits*, std::size_t, const BlockWindow&, BlockBits*);
// spread_barrier_blocks<Dirs> for the set of directions Dirs (bit d set when direction d spreads the barrier;
// the set depends on the run's direction): one of 256 instances.
BarrierFn barrier_spreader(unsigned dirs);

// What the steps read and write (GridFlood's state, loaded once per advance).
struct GridSteps {
    BlockWindow w;
    BlockBits* heat;               // GridFlood::heat_blocks_
    std::uint32_t* heat_begin;     // GridFlood::heat_begin_
    std::uint32_t* step_cells;     // GridFlood::step_cells_
    BlockBits* barrier;            // GridFlood::barrier_bits_
    std::uint32_t* barrier_begin;  // GridFlood::barrier_begin_
    BarrierFn spread_barrier;      // the run's directions
    std::size_t limit;             // M_H
};
struct StepsDone {
    std::size_t step;    // the step reached
    std::size_t heated;  // cells heated by the steps done
    std::size_t cells;   // the last heat's count: 0 (exhausted) or > M_H when a step did not happen
};

// The sums of the window columns and rows of the cells of entries [b, e) for the centroid: bit r * 8 + c of
// block (bx, by) is column 8 bx + c, and sum(c) = pop(bits with c & 1) + 2 pop(c & 2) + 4 pop(c & 4).
struct ColRowSums {
    std::int64_t cols = 0;
    std::int64_t rows = 0;
};

using StepsFn = StepsDone (*)(const GridSteps&, std::size_t, std::size_t);
using SumFn = ColRowSums (*)(const BlockBits*, const std::uint32_t*, std::size_t, std::size_t, std::int64_t);
using CountFn = std::size_t (*)(const BlockBits*, const BlockBits*);

// The functions that count bits, portable or with the POPCNT instruction (bit_kernels picks one set).
struct BitKernels {
    StepsFn steps8;  // 8-connected
    StepsFn steps4;  // 4-connected
    SumFn sum;
    CountFn count;
};
// The POPCNT set when the CPU has the instruction (asked once, on first use), the portable one otherwise.
const BitKernels& bit_kernels();

}  // namespace kinema::chase::detail
