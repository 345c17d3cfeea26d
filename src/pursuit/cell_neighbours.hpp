// A cell's neighbours for the pursuit's graph work (A*, the search's spread): from the padded lists when the
// space has them, else from its CSR lists -- the same ids in the same order (CellSpace pads the CSR lists),
// so every sum and every plan is the same bit for bit. On a grid's space the padded lists are built without
// the world positions and CSR lists (chase/cell_space.hpp), which the pursuit then never asks for: a pursuit
// on a 4096 x 4096 map held 1.8 GB of them. Private to the pursuit part.
#pragma once

#include <cstdint>

#include "kinema/chase/cell_space.hpp"

namespace kinema::pursuit::detail {

/// Calls f(neighbour) for each neighbour of c in list order.
template <class F>
void for_each_neighbour(const chase::CellSpace& cells, chase::CellId c, F&& f) {
    const std::uint32_t stride = cells.padded_stride();
    if (stride == 0) {
        for (const chase::CellId nb : cells.neighbours(c)) {
            f(nb);
        }
        return;
    }
    const chase::CellId* row = cells.padded_neighbour_ids().data() + std::size_t{c} * stride;
    const auto filler = static_cast<chase::CellId>(cells.size());
    for (std::uint32_t i = 0; i < stride && row[i] != filler; ++i) {
        f(row[i]);
    }
}

/// The number of neighbours of c.
inline std::uint32_t neighbour_count(const chase::CellSpace& cells, chase::CellId c) {
    std::uint32_t count = 0;
    for_each_neighbour(cells, c, [&](chase::CellId) { ++count; });
    return count;
}

}  // namespace kinema::pursuit::detail
