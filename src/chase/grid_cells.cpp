#include "kinema/chase/grid_cells.hpp"

#include <algorithm>

namespace kinema::chase {

namespace {

// The position of the k-th set bit of x (k < popcount(x), counted from 0) without a loop over the bits below
// it (which cost up to 63 steps per cell->tile lookup): per-byte counts, their running sums by one multiply,
// the byte holding the bit from those sums, then at most 7 steps inside that byte (broadword selection,
// S. Vigna, "Broadword implementation of rank/select queries", 2008).
int select_bit(std::uint64_t x, std::uint32_t k) {
    std::uint64_t s = x - ((x >> 1) & 0x5555555555555555ull);
    s = (s & 0x3333333333333333ull) + ((s >> 2) & 0x3333333333333333ull);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    const std::uint64_t sums = s * 0x0101010101010101ull;  // byte i: set bits in bytes 0..i
    int byte = 0;
    while (((sums >> (8 * byte)) & 0xFFu) <= k) {
        ++byte;
    }
    const std::uint32_t below =
        byte == 0 ? 0u : static_cast<std::uint32_t>((sums >> (8 * (byte - 1))) & 0xFFu);
    std::uint64_t bits = (x >> (8 * byte)) & 0xFFu;
    for (std::uint32_t skip = k - below; skip > 0; --skip) {
        bits &= bits - 1;
    }
    return 8 * byte + std::countr_zero(bits);
}

}  // namespace

GridCells::GridCells(const levels::GridLevel& level, Connectivity connectivity, double cell_size)
    : width_(level.width), height_(level.height), connectivity_(connectivity), cell_size_(cell_size) {
    const std::size_t tiles = level.passable.size();
    words_.assign((tiles + 63) / 64 + 2, 0);
    ranks_.assign(words_.size(), 0);
    for (std::size_t t = 0; t < tiles; ++t) {
        words_[t >> 6] |= static_cast<std::uint64_t>(level.passable[t] != 0) << (t & 63u);
    }
    std::size_t count = 0;
    for (std::size_t w = 0; w < words_.size(); ++w) {
        ranks_[w] = static_cast<std::uint32_t>(count);
        count += static_cast<std::size_t>(std::popcount(words_[w]));
    }
    cells_ = count;
    // Cell 256 k lies in the last word whose rank is at most 256 k (words between with that rank are empty).
    anchor_words_.reserve(cells_ / cells_per_anchor + 2);
    for (std::size_t w = 0; w + 1 < words_.size(); ++w) {
        while (anchor_words_.size() * cells_per_anchor < ranks_[w + 1]) {
            anchor_words_.push_back(static_cast<std::uint32_t>(w));
        }
    }
    anchor_words_.push_back(static_cast<std::uint32_t>(words_.size() - 1));
    // Blocks, with one block of walls on every side so that the flood reads around any floor tile freely.
    const int block_cols = (width_ + 7) / 8;
    const int block_rows = (height_ + 7) / 8;
    block_stride_ = block_cols + 2;
    blocks_.assign(static_cast<std::size_t>(block_stride_) * static_cast<std::size_t>(block_rows + 2), 0);
    for (int row = 0; row < height_; ++row) {
        for (int col = 0; col < width_; ++col) {
            if (level.passable[tile_index(col, row)] != 0) {
                blocks_[static_cast<std::size_t>(block_index(col / 8, row / 8))] |=
                    std::uint64_t{1} << ((row % 8) * 8 + col % 8);
            }
        }
    }
}

Tile GridCells::tile_of(CellId c) const {
    // The last word with rank <= c holds cell c (words between with the same rank are empty); it lies between
    // the words holding the anchors around c.
    const std::size_t k = c / cells_per_anchor;
    const auto first = ranks_.begin() + anchor_words_[k];
    const auto last = ranks_.begin() + anchor_words_[k + 1] + 1;
    const auto w = static_cast<std::size_t>(std::upper_bound(first, last, c) - ranks_.begin()) - 1;
    const std::size_t t = w * 64 + static_cast<std::size_t>(select_bit(words_[w], c - ranks_[w]));
    const auto wide = static_cast<std::size_t>(width_);
    return {static_cast<int>(t % wide), static_cast<int>(t / wide)};
}

Vec3 GridCells::position(CellId c) const {
    const Tile t = tile_of(c);
    const double s = cell_size_;
    return {(t.col + 0.5) * s, (t.row + 0.5) * s, 0.0};
}

}  // namespace kinema::chase
