// A 2D grid's cells without per-cell arrays: a floor bitmap in row-major tile order and
// a rank index (per 64-tile word, the number of floor tiles before it), and the same floor as 8 x 8 tile
// blocks for the flood's grid path. A cell id is the row-major rank of its floor tile (spec
// chase-flood-spec.md "Inputs"), so tile -> cell is O(1) (one popcount) and cell -> tile a look-up of the
// word that holds every 256th cell and a short search from there; the whole structure is about 2.5 bits per
// tile. The chase flood reads its floor rows directly (Flood's grid fast path, flood.cpp), so a grid never
// needs positions or neighbour lists per cell; CellSpace builds those lazily for the users that ask for them
// (cell_space.hpp).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "kinema/core/vec.hpp"
#include "kinema/levels/grid_level.hpp"

namespace kinema::chase {

using CellId = std::uint32_t;
/// "No cell" (e.g. a tile that is a wall).
inline constexpr CellId no_cell = 0xFFFFFFFFu;

enum class Connectivity { four = 4, eight = 8 };

/// A tile coordinate.
struct Tile {
    int col = 0;
    int row = 0;
    friend constexpr bool operator==(Tile, Tile) = default;
};

/// Set bits of a 64-bit word. std::popcount compiles to a library call on x86-64 targets without POPCNT (the
/// default); this branch-free form is a dozen inline instructions there.
inline int count_bits(std::uint64_t v) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
    return std::popcount(v);
#else
    v = v - ((v >> 1) & 0x5555555555555555ull);
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((v * 0x0101010101010101ull) >> 56);
#endif
}

class GridCells {
  public:
    /// The floor tiles of `level` (checked by GridSpace: consistent dimensions). cell_size > 0 and finite.
    GridCells(const levels::GridLevel& level, Connectivity connectivity, double cell_size);

    std::size_t size() const { return cells_; }
    int width() const { return width_; }
    int height() const { return height_; }
    Connectivity connectivity() const { return connectivity_; }
    double cell_size() const { return cell_size_; }

    bool floor(int col, int row) const { return in_bounds(col, row) && bit(tile_index(col, row)); }
    /// The cell of a tile, or no_cell for a wall or a tile outside the grid.
    CellId cell_at(int col, int row) const {
        if (!in_bounds(col, row)) {
            return no_cell;
        }
        const std::size_t t = tile_index(col, row);
        return bit(t) ? rank(t) : no_cell;
    }
    /// The cell id of floor tile index t (row * width + col): floor tiles before it in row-major order.
    CellId rank(std::size_t t) const {
        const std::uint64_t below = (std::uint64_t{1} << (t & 63u)) - 1u;
        return ranks_[t >> 6] + static_cast<CellId>(count_bits(words_[t >> 6] & below));
    }
    /// The tile of a cell (c < size()): from the word holding the 256th cell before it, a search over the
    /// words up to the next such word, then a scan of one word.
    Tile tile_of(CellId c) const;
    /// World centre of cell c: ((col + 0.5) * s, (row + 0.5) * s, 0), the same arithmetic as GridSpace.
    Vec3 position(CellId c) const;

    /// 64 floor bits starting at tile index t (bit i = tile t + i; tiles past the end read as walls).
    std::uint64_t bits64(std::size_t t) const {
        const std::size_t w = t >> 6;
        const unsigned sh = static_cast<unsigned>(t & 63u);
        return sh == 0 ? words_[w] : (words_[w] >> sh) | (words_[w + 1] << (64u - sh));
    }
    /// The floor as 8 x 8 tile blocks, for the flood's grid path: bit r * 8 + c of block (bx, by) is tile
    /// (8 bx + c, 8 by + r). Blocks -1 .. block_cols() across and -1 .. block_rows() down exist (the outer
    /// ring and tiles beyond the grid are walls); block (bx, by) is blocks()[block_index(bx, by)].
    const std::uint64_t* blocks() const { return blocks_.data(); }
    std::ptrdiff_t block_stride() const { return block_stride_; }
    std::ptrdiff_t block_index(int bx, int by) const {
        return static_cast<std::ptrdiff_t>(by + 1) * block_stride_ + bx + 1;
    }
    /// Calls f(col, row, cell) for every floor tile in id order.
    template <class F>
    void for_each_cell(F&& f) const {
        CellId id = 0;
        for (std::size_t w = 0; w + 2 < words_.size(); ++w) {
            for (std::uint64_t bits = words_[w]; bits != 0; bits &= bits - 1) {
                const std::size_t t = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
                const auto wide = static_cast<std::size_t>(width_);
                f(static_cast<int>(t % wide), static_cast<int>(t / wide), id++);
            }
        }
    }
    /// Bytes held (for the memory budget in tests and benchmarks).
    std::size_t memory_bytes() const {
        return (words_.capacity() + blocks_.capacity()) * sizeof(std::uint64_t) +
               (ranks_.capacity() + anchor_words_.capacity()) * sizeof(std::uint32_t);
    }

  private:
    static constexpr std::size_t cells_per_anchor = 256;

    bool in_bounds(int col, int row) const { return col >= 0 && row >= 0 && col < width_ && row < height_; }
    std::size_t tile_index(int col, int row) const {
        return static_cast<std::size_t>(row) * static_cast<std::size_t>(width_) +
               static_cast<std::size_t>(col);
    }
    bool bit(std::size_t t) const { return ((words_[t >> 6] >> (t & 63u)) & 1u) != 0; }

    int width_ = 0;
    int height_ = 0;
    Connectivity connectivity_ = Connectivity::eight;
    double cell_size_ = 1.0;
    std::size_t cells_ = 0;
    std::vector<std::uint64_t> words_;  // tiles / 64 rounded up, plus two zero words for unaligned reads
    std::vector<std::uint32_t> ranks_;  // per word: floor tiles before it
    std::vector<std::uint32_t>
        anchor_words_;                   // per 256 cells: the word holding cell 256 k, then words_.size()
    std::vector<std::uint64_t> blocks_;  // 8 x 8 blocks with a ring of walls, row-major
    std::ptrdiff_t block_stride_ = 0;    // blocks per row of blocks_
};

}  // namespace kinema::chase
