// The generic flood's heat phase over neighbour rows of 8 with AVX2 (flood_vector_rows.cpp), for padded
// stride-8 spaces such as the navmesh cells of 3D levels, and its test hook. Private to the chase part: tests
// and benchmarks reach it through their private include path (src/).
#pragma once

#include <cstddef>
#include <cstdint>

#include "kinema/chase/grid_cells.hpp"
#include "kinema/core/vec.hpp"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define KINEMA_FLOOD_VECTOR_ROWS 1
#endif

namespace kinema::chase::detail {

/// Whether the generic flood may take its AVX2 neighbour rows on padded stride-8 spaces when the CPU has AVX2
/// (default true); returns the previous setting. Both paths give identical results: for tests that check one
/// against the other. Process-wide.
bool allow_vector_rows(bool allow);

// Room after the generic flood's heated and barrier lists for the 8 lanes stored at their end.
inline constexpr std::size_t row_slack = 8;

#ifdef KINEMA_FLOOD_VECTOR_ROWS
// Padded neighbour rows of stride 8 taken 8 at a time. The scalar stand-in for tests and CPUs without AVX2 is
// the generic flood's own template loop over the same rows (flood_generic.cpp, PaddedNeighbours<8>).
struct VectorRows8 {
    const CellId* ids;
};

// Whether this CPU has AVX2 and POPCNT (asked once) and allow_vector_rows() allows them.
bool use_vector_rows();

// The generic flood's heat phase (flood_generic.cpp, spread_heat) on rows of 8: the same cells in the same
// order, at most 8 entries written past the returned end (row_slack).
std::size_t spread_heat(const VectorRows8& rows, std::uint32_t* mark, CellId* heated,
                        std::size_t frontier_begin, std::size_t frontier_end, std::size_t limit,
                        std::uint32_t base, std::uint32_t code);

// The least and greatest column and row of the tiles of cells ids[0..n) (tiles: each cell's tile), folded
// into box = {min_col, max_col, min_row, max_row}, 8 cells at a time: the level audit's read bounds over a
// flood's heated and barrier cells (audit.cpp). Takes whole groups of 8 only and returns how many cells it
// took (n less n % 8): the caller adds the rest its own way. Call only when use_vector_rows(), with cell ids
// below 2^30.
std::size_t add_tile_bounds(const Tile* tiles, const CellId* ids, std::size_t n, int* box);

// The destination's scan (chase-flood-spec.md "Result": the heated cell nearest the centroid, ties to the
// lowest id) over cells ids[0..n) of a grid (planar: each cell's centre, z = 0), 4 at a time: folds them
// into best (the least squared distance so far) and best_cell, and returns how many it took (n less n % 4):
// the caller scans the rest its own way. Each distance is the scalar loop's,
// length_squared(Vec3{x, y, 0} - centroid), the same operations in the same order (no fused multiply-add),
// so the answer is the same double and cell. Call only when use_vector_rows(), with cell ids below 2^30.
std::size_t nearest_cell_4(const Vec2* planar, const CellId* ids, std::size_t n, Vec3 centroid, double& best,
                           CellId& best_cell);
#endif

}  // namespace kinema::chase::detail
