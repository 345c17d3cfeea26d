#include "kinema/nav/column_space.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kinema::nav {
namespace {

// Orthogonal directions in the order neighbours() lists them, then each diagonal as a pair of them.
constexpr int kDx[4] = {-1, 0, 1, 0};
constexpr int kDz[4] = {0, 1, 0, -1};
// Diagonal k combines orthogonal directions k and (k + 1) % 4: (-x+z), (+z+x), (+x-z), (-z-x).

constexpr std::int64_t kMaxColumns = std::int64_t{1} << 24;

bool can_step(CellCoord a, int clearance_a, CellCoord b, int clearance_b, const StepRule& rule) {
    const int bottom = std::max(a.y, b.y);
    const int top = std::min(a.y + clearance_a, b.y + clearance_b);
    return top - bottom >= rule.min_clearance && std::abs(a.y - b.y) <= rule.max_climb;
}

}  // namespace

ColumnSpace ColumnSpace::from_spans(const ColumnGrid& grid, std::vector<Span> spans, const StepRule& rule) {
    if (!is_finite(grid.origin) || !(grid.cell_size > 0.0) || !std::isfinite(grid.cell_size) ||
        !(grid.cell_height > 0.0) || !std::isfinite(grid.cell_height)) {
        throw std::invalid_argument("column grid: origin must be finite and cell sizes finite and > 0");
    }
    if (grid.width < 0 || grid.depth < 0 || grid.width > 32767 || grid.depth > 32767 ||
        std::int64_t{grid.width} * grid.depth > kMaxColumns) {
        throw std::invalid_argument("column grid: " + std::to_string(grid.width) + " x " +
                                    std::to_string(grid.depth) + " columns is out of range");
    }
    if (rule.min_clearance < 1 || rule.max_climb < 0) {
        throw std::invalid_argument("step rule: min_clearance must be >= 1 and max_climb >= 0");
    }
    if (spans.size() >= std::numeric_limits<CellId>::max()) {
        throw std::invalid_argument("column space: too many spans");
    }
    for (const Span& s : spans) {
        if (s.x < 0 || s.x >= grid.width || s.z < 0 || s.z >= grid.depth || s.y < 0 || s.clearance < 0) {
            throw std::invalid_argument("column space: span (" + std::to_string(s.x) + ", " +
                                        std::to_string(s.y) + ", " + std::to_string(s.z) +
                                        ") is outside the grid or has a negative height");
        }
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
        if (a.z != b.z)
            return a.z < b.z;
        if (a.x != b.x)
            return a.x < b.x;
        return a.y < b.y;
    });

    ColumnSpace space;
    space.grid_ = grid;
    space.max_climb_ = rule.max_climb;
    const std::size_t n = spans.size();
    space.coords_.reserve(n);
    space.clearances_.reserve(n);
    std::vector<Vec3> positions;
    positions.reserve(n);
    const std::size_t columns = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.depth);
    space.column_starts_.assign(columns + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        const Span& s = spans[i];
        if (i > 0 && s.x == spans[i - 1].x && s.z == spans[i - 1].z && s.y == spans[i - 1].y) {
            throw std::invalid_argument("column space: two spans at (" + std::to_string(s.x) + ", " +
                                        std::to_string(s.y) + ", " + std::to_string(s.z) + ")");
        }
        space.coords_.push_back({s.x, s.y, s.z});
        space.clearances_.push_back(s.clearance);
        positions.push_back({grid.origin.x + (s.x + 0.5) * grid.cell_size,
                             grid.origin.y + s.y * grid.cell_height,
                             grid.origin.z + (s.z + 0.5) * grid.cell_size});
        ++space
              .column_starts_[static_cast<std::size_t>(s.x) + static_cast<std::size_t>(s.z) * grid.width + 1];
    }
    for (std::size_t c = 0; c < columns; ++c) {
        space.max_column_size_ = std::max(space.max_column_size_, space.column_starts_[c + 1]);
        space.column_starts_[c + 1] += space.column_starts_[c];
    }

    // Orthogonal links of every cell, direction by direction (CSR: cell*4+dir).
    std::vector<std::uint32_t> orth_offsets(n * 4 + 1, 0);
    std::vector<CellId> orth_ids;
    orth_ids.reserve(n * 4);
    for (CellId a = 0; a < n; ++a) {
        const CellCoord ca = space.coords_[a];
        for (int dir = 0; dir < 4; ++dir) {
            orth_offsets[a * 4 + dir] = static_cast<std::uint32_t>(orth_ids.size());
            const Column col = space.column(ca.x + kDx[dir], ca.z + kDz[dir]);
            for (CellId b = col.first; b < col.first + col.count; ++b) {
                if (can_step(ca, space.clearances_[a], space.coords_[b], space.clearances_[b], rule)) {
                    orth_ids.push_back(b);
                }
            }
        }
    }
    orth_offsets[n * 4] = static_cast<std::uint32_t>(orth_ids.size());
    const auto orth = [&](CellId cell, int dir) {
        return std::span<const CellId>(orth_ids.data() + orth_offsets[cell * 4 + dir],
                                       orth_ids.data() + orth_offsets[cell * 4 + dir + 1]);
    };

    std::vector<std::uint32_t> offsets;
    std::vector<CellId> ids;
    offsets.reserve(n + 1);
    ids.reserve(orth_ids.size() * 2);
    for (CellId a = 0; a < n; ++a) {
        offsets.push_back(static_cast<std::uint32_t>(ids.size()));
        for (int dir = 0; dir < 4; ++dir) {
            for (CellId b : orth(a, dir)) {
                ids.push_back(b);
            }
        }
        for (int k = 0; k < 4; ++k) {
            const int first = k;
            const int second = (k + 1) % 4;
            const std::size_t start = ids.size();
            // Candidates through the first direction, kept when the second-first route reaches them too.
            for (CellId b : orth(a, first)) {
                for (CellId d : orth(b, second)) {
                    bool other_route = false;
                    for (CellId c : orth(a, second)) {
                        const auto via_c = orth(c, first);
                        if (std::find(via_c.begin(), via_c.end(), d) != via_c.end()) {
                            other_route = true;
                            break;
                        }
                    }
                    const auto added = std::span<const CellId>(ids).subspan(start);
                    if (other_route && std::find(added.begin(), added.end(), d) == added.end()) {
                        ids.push_back(d);
                    }
                }
            }
        }
    }
    offsets.push_back(static_cast<std::uint32_t>(ids.size()));
    space.graph_ = chase::CellSpace::from_csr(std::move(positions), std::move(offsets), std::move(ids),
                                              chase::PlanarAxes::xz, grid.cell_size);
    return space;
}

ColumnSpace::Column ColumnSpace::column(int x, int z) const {
    if (x < 0 || z < 0 || x >= grid_.width || z >= grid_.depth) {
        return {};
    }
    const std::size_t c = static_cast<std::size_t>(x) + static_cast<std::size_t>(z) * grid_.width;
    return {column_starts_[c], column_starts_[c + 1] - column_starts_[c]};
}

std::optional<CellId> ColumnSpace::find(CellCoord coord) const {
    const Column col = column(coord.x, coord.z);
    for (CellId c = col.first; c < col.first + col.count; ++c) {
        if (coords_[c].y == coord.y) {
            return c;
        }
    }
    return std::nullopt;
}

std::optional<CellId> ColumnSpace::cell_containing(Vec3 p) const {
    if (!is_finite(p) || empty()) {
        return std::nullopt;
    }
    const double fx = std::floor((p.x - grid_.origin.x) / grid_.cell_size);
    const double fz = std::floor((p.z - grid_.origin.z) / grid_.cell_size);
    if (!(fx >= 0.0 && fz >= 0.0 && fx < grid_.width && fz < grid_.depth)) {
        return std::nullopt;
    }
    const double climb = max_climb_ * grid_.cell_height;
    const Column col = column(static_cast<int>(fx), static_cast<int>(fz));
    for (CellId c = col.first + col.count; c-- > col.first;) {
        const double floor_y = graph_.position(c).y;
        if (floor_y <= p.y + climb && p.y < floor_y + clearances_[c] * grid_.cell_height) {
            return c;
        }
    }
    return std::nullopt;
}

std::optional<CellId> ColumnSpace::nearest_cell(Vec3 p, double max_distance) const {
    if (!is_finite(p) || !(max_distance >= 0.0) || empty()) {
        return std::nullopt;
    }
    // Scan only the columns whose squares come within max_distance of p, in id order (z, then x).
    const double fx = std::floor((p.x - grid_.origin.x) / grid_.cell_size);
    const double fz = std::floor((p.z - grid_.origin.z) / grid_.cell_size);
    const double reach = std::min(max_distance / grid_.cell_size + 1.0, 65536.0);
    const auto clamp_to = [](double v, int size) {
        return static_cast<int>(std::clamp(v, 0.0, static_cast<double>(size - 1)));
    };
    if (fx + reach < 0.0 || fz + reach < 0.0 || fx - reach >= grid_.width || fz - reach >= grid_.depth) {
        return std::nullopt;
    }
    std::optional<CellId> best;
    double best_d2 = max_distance * max_distance;
    for (int z = clamp_to(fz - reach, grid_.depth); z <= clamp_to(fz + reach, grid_.depth); ++z) {
        for (int x = clamp_to(fx - reach, grid_.width); x <= clamp_to(fx + reach, grid_.width); ++x) {
            const Column col = column(x, z);
            for (CellId c = col.first; c < col.first + col.count; ++c) {
                const double d2 = length_squared(graph_.position(c) - p);
                if (d2 < best_d2 || (d2 == best_d2 && !best)) {
                    best_d2 = d2;
                    best = c;
                }
            }
        }
    }
    return best;
}

chase::SeedLocation ColumnSpace::locate(Vec3 p, double max_distance) const {
    if (const auto inside = cell_containing(p)) {
        return {*inside, false};
    }
    if (const auto nearest = nearest_cell(p, max_distance)) {
        return {*nearest, true};
    }
    return {chase::no_cell, true};
}

}  // namespace kinema::nav
