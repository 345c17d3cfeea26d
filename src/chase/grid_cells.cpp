#include "kinema/chase/grid_cells.hpp"

#include <algorithm>

namespace kinema::chase {

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
    // The last word with rank <= c holds cell c (words between with the same rank are empty).
    const auto it = std::upper_bound(ranks_.begin(), ranks_.end(), c);
    const auto w = static_cast<std::size_t>(it - ranks_.begin()) - 1;
    std::uint64_t bits = words_[w];
    for (CellId skip = c - ranks_[w]; skip > 0; --skip) {
        bits &= bits - 1;
    }
    const std::size_t t = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
    const auto wide = static_cast<std::size_t>(width_);
    return {static_cast<int>(t % wide), static_cast<int>(t / wide)};
}

Vec3 GridCells::position(CellId c) const {
    const Tile t = tile_of(c);
    const double s = cell_size_;
    return {(t.col + 0.5) * s, (t.row + 0.5) * s, 0.0};
}

}  // namespace kinema::chase
