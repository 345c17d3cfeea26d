#include "kinema/chase/cell_space.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>

namespace kinema::chase {
namespace {

void check_common(const std::vector<Vec3>& positions, double cell_size) {
    if (!(std::isfinite(cell_size) && cell_size > 0.0)) {
        throw std::invalid_argument("cell space: cell_size must be finite and > 0");
    }
    // no_cell is reserved, and offsets are 32-bit.
    if (positions.size() >= static_cast<std::size_t>(no_cell)) {
        throw std::invalid_argument("cell space: too many cells");
    }
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (!is_finite(positions[i])) {
            throw std::invalid_argument("cell space: position of cell " + std::to_string(i) +
                                        " is not finite");
        }
    }
}

// The neighbours of a grid's cell at (col, row), as GridSpace built them before they became lazy: in
// ascending id order (row-major), diagonals only without corner cutting (spec "Inputs"; Moving AI octile
// rule: both orthogonal tiles open). Writes them to out (room for 8) and returns their count.
std::uint32_t grid_neighbours(const GridCells& g, int col, int row, CellId* out) {
    const bool eight = g.connectivity() == Connectivity::eight;
    std::uint32_t count = 0;
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            const bool diagonal = dr != 0 && dc != 0;
            if ((dr == 0 && dc == 0) || (diagonal && !eight)) {
                continue;
            }
            const CellId nb = g.cell_at(col + dc, row + dr);
            if (nb == no_cell || (diagonal && (!g.floor(col + dc, row) || !g.floor(col, row + dr)))) {
                continue;
            }
            out[count++] = nb;
        }
    }
    return count;
}

// A grid's cell centres: ((col + 0.5) * s, (row + 0.5) * s) in id order (GridCells::position's arithmetic).
std::vector<Vec2> grid_planar_positions(const GridCells& g) {
    std::vector<Vec2> planar;
    planar.reserve(g.size());
    const double s = g.cell_size();
    g.for_each_cell([&](int col, int row, CellId) { planar.push_back({(col + 0.5) * s, (row + 0.5) * s}); });
    return planar;
}

// A grid's neighbour lists padded as from_csr pads them: stride 4 when no cell has more than 4 neighbours,
// else 8, the filler id size(). Returns the stride.
std::uint32_t grid_padded_neighbours(const GridCells& g, std::vector<CellId>& padded) {
    const std::size_t n = g.size();
    padded.assign(n * 8, static_cast<CellId>(n));
    std::uint32_t max_degree = 0;
    g.for_each_cell([&](int col, int row, CellId c) {
        max_degree = std::max(max_degree, grid_neighbours(g, col, row, padded.data() + std::size_t{c} * 8));
    });
    if (max_degree > 4) {
        return 8;
    }
    for (std::size_t c = 0; c < n; ++c) {
        std::copy_n(padded.begin() + static_cast<std::ptrdiff_t>(c * 8), 4,
                    padded.begin() + static_cast<std::ptrdiff_t>(c * 4));
    }
    padded.resize(n * 4);
    padded.shrink_to_fit();
    return 4;
}

// A grid's world positions ((col + 0.5) * s, (row + 0.5) * s, 0) and CSR neighbour lists.
void grid_graph(const GridCells& g, std::vector<Vec3>& positions, std::vector<std::uint32_t>& offsets,
                std::vector<CellId>& ids) {
    positions.reserve(g.size());
    const double s = g.cell_size();
    offsets.assign(1, 0);
    offsets.reserve(g.size() + 1);
    ids.reserve(g.size() * (g.connectivity() == Connectivity::eight ? 8 : 4));
    g.for_each_cell([&](int col, int row, CellId) {
        positions.push_back({(col + 0.5) * s, (row + 0.5) * s, 0.0});
        CellId list[8];
        const std::uint32_t count = grid_neighbours(g, col, row, list);
        ids.insert(ids.end(), list, list + count);
        offsets.push_back(static_cast<std::uint32_t>(ids.size()));
    });
}

}  // namespace

CellSpace CellSpace::from_grid(std::shared_ptr<const GridCells> grid) {
    if (grid == nullptr || grid->size() == 0) {
        throw std::invalid_argument("cell space: a grid space needs a grid with a cell");
    }
    if (grid->size() >= static_cast<std::size_t>(no_cell)) {
        throw std::invalid_argument("cell space: too many cells");
    }
    CellSpace space;
    space.size_ = grid->size();
    space.frame_ = PlanarFrame::xy;
    space.cell_size_ = grid->cell_size();
    space.grid_ = std::move(grid);
    space.lazy_ = std::make_shared<LazyArrays>();
    return space;
}

const CellSpace& CellSpace::built_arrays(Group g) const {
    LazyArrays::Slot& slot = lazy_->slots[static_cast<int>(g)];
    std::call_once(slot.once, [&] {
        auto arrays = std::make_unique<CellSpace>();
        arrays->size_ = size_;
        arrays->frame_ = frame_;
        arrays->cell_size_ = cell_size_;
        switch (g) {
            case Group::planar:
                arrays->planar_ = grid_planar_positions(*grid_);
                break;
            case Group::padded:
                arrays->padded_stride_ = grid_padded_neighbours(*grid_, arrays->padded_ids_);
                break;
            case Group::graph:
                grid_graph(*grid_, arrays->positions_, arrays->offsets_, arrays->neighbour_ids_);
                break;
        }
        slot.cells = std::move(arrays);
        slot.built.store(slot.cells.get(), std::memory_order_release);
    });
    return *slot.cells;
}

CellSpace CellSpace::from_adjacency(std::vector<Vec3> positions,
                                    const std::vector<std::vector<CellId>>& neighbours, PlanarFrame frame,
                                    double cell_size) {
    if (neighbours.size() != positions.size()) {
        throw std::invalid_argument("cell space: " + std::to_string(positions.size()) + " positions but " +
                                    std::to_string(neighbours.size()) + " neighbour lists");
    }
    std::vector<std::uint32_t> offsets;
    offsets.reserve(positions.size() + 1);
    offsets.push_back(0);
    std::size_t total = 0;
    for (const auto& list : neighbours) {
        total += list.size();
        if (total >= static_cast<std::size_t>(std::numeric_limits<std::uint32_t>::max())) {
            throw std::invalid_argument("cell space: too many neighbour entries");
        }
        offsets.push_back(static_cast<std::uint32_t>(total));
    }
    std::vector<CellId> ids;
    ids.reserve(total);
    for (const auto& list : neighbours) {
        ids.insert(ids.end(), list.begin(), list.end());
    }
    return from_csr(std::move(positions), std::move(offsets), std::move(ids), frame, cell_size);
}

CellSpace CellSpace::from_csr(std::vector<Vec3> positions, std::vector<std::uint32_t> offsets,
                              std::vector<CellId> neighbour_ids, PlanarFrame frame, double cell_size) {
    check_common(positions, cell_size);
    const std::size_t n = positions.size();
    if (offsets.size() != n + 1 || offsets.front() != 0 || offsets.back() != neighbour_ids.size()) {
        throw std::invalid_argument(
            "cell space: offsets must have one entry per cell plus one, start at 0 and end "
            "at the number of neighbour entries");
    }
    for (std::size_t c = 0; c < n; ++c) {
        if (offsets[c + 1] < offsets[c]) {
            throw std::invalid_argument("cell space: offsets decrease at cell " + std::to_string(c));
        }
        for (std::uint32_t e = offsets[c]; e < offsets[c + 1]; ++e) {
            const CellId nb = neighbour_ids[e];
            if (nb >= n) {
                throw std::invalid_argument("cell space: cell " + std::to_string(c) + " has neighbour " +
                                            std::to_string(nb) + ", but there are only " + std::to_string(n) +
                                            " cells");
            }
            if (nb == c) {
                throw std::invalid_argument("cell space: cell " + std::to_string(c) +
                                            " is its own neighbour");
            }
        }
    }
    CellSpace space;
    space.size_ = n;
    space.frame_ = frame;
    space.cell_size_ = cell_size;
    space.planar_.reserve(n);
    for (const Vec3& p : positions) {
        space.planar_.push_back(space.planar(p));
    }
    std::uint32_t max_degree = 0;
    for (std::size_t c = 0; c < n; ++c) {
        max_degree = std::max(max_degree, offsets[c + 1] - offsets[c]);
    }
    if (max_degree <= 8) {
        space.padded_stride_ = max_degree <= 4 ? 4u : 8u;
        space.padded_ids_.assign(n * space.padded_stride_, static_cast<CellId>(n));
        for (std::size_t c = 0; c < n; ++c) {
            std::copy(neighbour_ids.begin() + offsets[c], neighbour_ids.begin() + offsets[c + 1],
                      space.padded_ids_.begin() + static_cast<std::ptrdiff_t>(c * space.padded_stride_));
        }
    }
    space.positions_ = std::move(positions);
    space.offsets_ = std::move(offsets);
    space.neighbour_ids_ = std::move(neighbour_ids);
    return space;
}

SeedLocation nearest_cell(const CellSpace& space, Vec3 p) {
    if (!is_finite(p)) {
        throw std::invalid_argument("nearest_cell: the point is not finite");
    }
    SeedLocation best{no_cell, true};
    double best_d2 = std::numeric_limits<double>::infinity();
    const auto positions = space.positions();
    for (std::size_t c = 0; c < positions.size(); ++c) {
        const double d2 = length_squared(positions[c] - p);
        if (d2 < best_d2) {  // strict: ties keep the lower id
            best_d2 = d2;
            best.cell = static_cast<CellId>(c);
        }
    }
    best.snapped = !(best.cell != no_cell && best_d2 == 0.0);
    return best;
}

}  // namespace kinema::chase
