// What the level shows around an audit place (audit_shape.hpp, docs/audit.md "Why: what the level shows").
#include "kinema/chase/audit_shape.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "cell_complex.hpp"
#include "kinema/chase/grid_cells.hpp"

namespace kinema::chase {

namespace {

// The tiles of a box of the grid, one flag each, and an 8-connected labelling of the unflagged ones.
struct TileBox {
    int col0 = 0;
    int row0 = 0;
    int width = 0;
    int height = 0;
    std::vector<char> inside;  // 1: a cell of the ball (or of the level)
    std::vector<Tile> tiles;   // the tile of each cell given, in their order (GridCells::tile_of is a search)

    std::size_t at(int c, int r) const {
        return static_cast<std::size_t>(r - row0) * static_cast<std::size_t>(width) +
               static_cast<std::size_t>(c - col0);
    }
};

// The box around `cells` with one tile of margin: its border tiles are never inside. Each cell's tile from
// the space's cached positions (a tile's centre is (col + 0.5, row + 0.5) cell sizes; the quotient is within
// 1e-10 of it, so the truncation is exact), not GridCells::tile_of, a search per cell.
TileBox box_around(const CellSpace& space, const std::vector<CellId>& cells) {
    TileBox b;
    int c0 = std::numeric_limits<int>::max();
    int r0 = c0;
    int c1 = std::numeric_limits<int>::min();
    int r1 = c1;
    const std::span<const Vec3> positions = space.positions();
    const double size = space.cell_size();
    b.tiles.reserve(cells.size());
    for (const CellId c : cells) {
        const Tile t{static_cast<int>(positions[c].x / size), static_cast<int>(positions[c].y / size)};
        b.tiles.push_back(t);
        c0 = std::min(c0, t.col);
        r0 = std::min(r0, t.row);
        c1 = std::max(c1, t.col);
        r1 = std::max(r1, t.row);
    }
    b.col0 = c0 - 1;
    b.row0 = r0 - 1;
    b.width = c1 - c0 + 3;
    b.height = r1 - r0 + 3;
    b.inside.assign(static_cast<std::size_t>(b.width) * static_cast<std::size_t>(b.height), 0);
    for (const Tile t : b.tiles) {
        b.inside[b.at(t.col, t.row)] = 1;
    }
    return b;
}

// The holes of the box's inside tiles: per tile, 1 when it lies in a group of outside tiles (8-connected, the
// dual of the cells' connectivity) that does not reach the box's border and holds a wall tile of the grid.
// The labels sit in a frame one tile wider on each side, its ring marked as reaching the border, so that a
// tile's eight neighbours need no bounds test; only an enclosed group's tiles are looked up in the grid.
std::vector<char> holes(const GridCells& grid, const TileBox& b) {
    const auto w = static_cast<std::size_t>(b.width) + 2;
    const auto h = static_cast<std::size_t>(b.height) + 2;
    constexpr int unvisited = -1;
    std::vector<int> group(w * h, 0);  // 0 reaches the border; k > 0 the k-th enclosed group
    for (std::size_t r = 1; r + 1 < h; ++r) {
        for (std::size_t c = 1; c + 1 < w; ++c) {
            group[r * w + c] = b.inside[(r - 1) * (w - 2) + c - 1] != 0 ? 0 : unvisited;
        }
    }
    const auto wi = static_cast<std::ptrdiff_t>(w);
    const std::array<std::ptrdiff_t, 8> steps{-wi - 1, -wi, -wi + 1, -1, 1, wi - 1, wi, wi + 1};
    std::vector<char> walled{0};
    std::vector<std::uint32_t> queue;
    // Labels the unvisited tiles 8-connected to `start`; with `look`, whether one is a wall of the grid.
    const auto flood_from = [&](std::size_t start, int label, bool look) {
        queue.assign(1, static_cast<std::uint32_t>(start));
        group[start] = label;
        bool wall = false;
        for (std::size_t i = 0; i < queue.size(); ++i) {
            const std::size_t t = queue[i];
            if (look && !wall) {
                wall =
                    !grid.floor(b.col0 + static_cast<int>(t % w) - 1, b.row0 + static_cast<int>(t / w) - 1);
            }
            for (const std::ptrdiff_t step : steps) {
                const auto n = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(t) + step);
                if (group[n] == unvisited) {
                    group[n] = label;
                    queue.push_back(static_cast<std::uint32_t>(n));
                }
            }
        }
        return wall;
    };
    flood_from(w + 1, 0, false);  // the box's corner tile is outside and on its border
    std::vector<char> out(b.inside.size(), 0);
    for (std::size_t r = 1; r + 1 < h; ++r) {
        for (std::size_t c = 1; c + 1 < w; ++c) {
            const std::size_t t = r * w + c;
            if (group[t] == unvisited) {
                const int label = static_cast<int>(walled.size());
                walled.push_back(flood_from(t, label, true) ? 1 : 0);
            }
            out[(r - 1) * (w - 2) + c - 1] = group[t] > 0 && walled[static_cast<std::size_t>(group[t])] != 0;
        }
    }
    return out;
}

bool next_to_hole(const TileBox& b, const std::vector<char>& hole, Tile t) {
    for (int dr = -1; dr <= 1; ++dr) {
        for (int dc = -1; dc <= 1; ++dc) {
            if (hole[b.at(t.col + dc, t.row + dr)] != 0) {
                return true;
            }
        }
    }
    return false;
}

bool in_sight(const ChaseSpace& space, CellId a, CellId b) {
    const CellSpace& cells = space.cells();
    const Vec3 pa = cells.position(a);
    const Vec3 pb = cells.position(b);
    const Vec2 d = cells.planar(pb - pa);
    const double length = std::sqrt(d.x * d.x + d.y * d.y);
    return length == 0.0 || !space.dead_reckoning(pa, pb - pa, length).blocked;
}

// A fully open 2 x 2 block of tiles holds (col, row): the cell is part of a room, not a narrow passage.
bool in_open_block(const GridCells& g, int c, int r) {
    for (int dr = -1; dr <= 0; ++dr) {
        for (int dc = -1; dc <= 0; ++dc) {
            if (g.floor(c + dc, r + dr) && g.floor(c + dc + 1, r + dr) && g.floor(c + dc, r + dr + 1) &&
                g.floor(c + dc + 1, r + dr + 1)) {
                return true;
            }
        }
    }
    return false;
}

// Marks over a space's cells, all cleared at once by a new epoch, with a value per marked cell: cell_ball and
// ways_out run many times per place (junction_behind tries ways_out from every cell behind it), where a hash
// map per call took most of the places' time (perf on den520d: about a third of a re-audit's CPU). One set
// per use and thread, kept between calls.
struct CellMarks {
    std::vector<std::uint32_t> stamp;
    std::vector<std::uint32_t> value;
    std::uint32_t epoch = 0;

    bool mark(CellId c) {
        if (stamp[c] == epoch) {
            return false;
        }
        stamp[c] = epoch;
        return true;
    }
    bool marked(CellId c) const { return stamp[c] == epoch; }
};

// Set `which` (0: cell_ball's, 1 and 2: ways_out's), cleared, for a space of `cells` cells.
CellMarks& cell_marks(int which, std::size_t cells) {
    thread_local std::array<CellMarks, 3> sets;
    CellMarks& m = sets[static_cast<std::size_t>(which)];
    if (m.stamp.size() < cells) {
        m.stamp.assign(cells, 0);
        m.value.assign(cells, 0);
        m.epoch = 0;
    }
    if (++m.epoch == 0) {  // wrapped: no stamp may equal a new epoch by age
        std::fill(m.stamp.begin(), m.stamp.end(), 0);
        m.epoch = 1;
    }
    return m;
}

}  // namespace

CellBall cell_ball(const CellSpace& cells, const std::vector<CellId>& sources, int radius) {
    CellBall ball;
    CellMarks& seen = cell_marks(0, cells.size());
    for (const CellId s : sources) {
        if (seen.mark(s)) {
            ball.cells.push_back(s);
            ball.steps.push_back(0);
        }
    }
    for (std::size_t i = 0; i < ball.cells.size(); ++i) {
        if (ball.steps[i] >= static_cast<std::uint32_t>(radius)) {
            continue;
        }
        for (const CellId n : cells.neighbours(ball.cells[i])) {
            if (seen.mark(n)) {
                ball.cells.push_back(n);
                ball.steps.push_back(ball.steps[i] + 1);
            }
        }
    }
    return ball;
}

bool loops_known(const CellSpace& cells) {
    return !cells.empty();
}

namespace {

// The ball's cell farthest from its sources among those offered (the lowest id on a tie): where a loop's
// two ways round meet.
struct FarthestCell {
    CellId best = no_cell;
    std::uint32_t best_steps = 0;

    void offer(const CellBall& ball, std::size_t i) {
        const CellId c = ball.cells[i];
        if (best == no_cell || ball.steps[i] > best_steps || (ball.steps[i] == best_steps && c < best)) {
            best = c;
            best_steps = ball.steps[i];
        }
    }
};

// Spaces without a grid: the loops of the ball's cell graph (cell_complex.hpp), the cell where the one that
// closes farthest from the sources closes.
CellId graph_loop_cell(const CellSpace& cells, const CellBall& ball) {
    FarthestCell farthest;
    for (const std::size_t i : loop_closings(cells, ball.cells)) {
        farthest.offer(ball, i);
    }
    return farthest.best;
}

}  // namespace

CellId loop_cell(const CellSpace& cells, const CellBall& ball) {
    if (!loops_known(cells) || ball.cells.empty()) {
        return no_cell;
    }
    if (cells.grid() == nullptr) {
        return graph_loop_cell(cells, ball);
    }
    const GridCells& grid = *cells.grid();
    const TileBox box = box_around(cells, ball.cells);
    const std::vector<char> hole = holes(grid, box);
    FarthestCell farthest;
    for (std::size_t i = 0; i < ball.cells.size(); ++i) {
        if (next_to_hole(box, hole, box.tiles[i])) {
            farthest.offer(ball, i);
        }
    }
    return farthest.best;
}

bool level_has_loop(const CellSpace& cells) {
    if (!loops_known(cells)) {
        return false;
    }
    std::vector<CellId> all(cells.size());
    for (CellId c = 0; c < cells.size(); ++c) {
        all[c] = c;
    }
    if (cells.grid() == nullptr) {
        return !loop_closings(cells, all).empty();
    }
    const TileBox box = box_around(cells, all);
    const std::vector<char> hole = holes(*cells.grid(), box);
    return std::any_of(hole.begin(), hole.end(), [](char h) { return h != 0; });
}

CellId hidden_cell(const ChaseSpace& space, CellId from, int radius) {
    const CellBall ball = cell_ball(space.cells(), {from}, radius);
    CellId best = no_cell;
    std::uint32_t best_steps = 0;
    for (std::size_t i = 0; i < ball.cells.size(); ++i) {
        const CellId c = ball.cells[i];
        const bool better =
            best == no_cell || ball.steps[i] < best_steps || (ball.steps[i] == best_steps && c < best);
        if (better && !in_sight(space, from, c)) {
            best = c;
            best_steps = ball.steps[i];
        }
    }
    return best;
}

std::vector<CellId> ways_out(const CellSpace& cells, const std::vector<CellId>& place, int radius,
                             int depth) {
    const CellBall ball = cell_ball(cells, place, radius + depth);
    CellMarks& shell = cell_marks(1, cells.size());  // the shell's cells, their index in ball in shell.value
    for (std::size_t i = 0; i < ball.cells.size(); ++i) {
        if (ball.steps[i] > static_cast<std::uint32_t>(radius)) {
            shell.mark(ball.cells[i]);
            shell.value[ball.cells[i]] = static_cast<std::uint32_t>(i);
        }
    }
    std::vector<CellId> mouths;
    CellMarks& done = cell_marks(2, cells.size());
    for (std::size_t i = 0; i < ball.cells.size(); ++i) {
        const CellId start = ball.cells[i];
        if (ball.steps[i] <= static_cast<std::uint32_t>(radius) || done.marked(start)) {
            continue;
        }
        std::vector<CellId> group{start};
        done.mark(start);
        bool deep = false;
        CellId mouth = start;
        std::uint32_t mouth_steps = ball.steps[i];
        for (std::size_t j = 0; j < group.size(); ++j) {
            const std::uint32_t s = ball.steps[shell.value[group[j]]];
            deep = deep || s == static_cast<std::uint32_t>(radius + depth);
            if (s < mouth_steps || (s == mouth_steps && group[j] < mouth)) {
                mouth = group[j];
                mouth_steps = s;
            }
            for (const CellId n : cells.neighbours(group[j])) {
                if (shell.marked(n) && done.mark(n)) {
                    group.push_back(n);
                }
            }
        }
        if (deep) {
            mouths.push_back(mouth);
        }
    }
    return mouths;
}

std::vector<std::uint32_t> cell_rooms(const CellSpace& cells) {
    const std::size_t n = cells.size();
    std::vector<char> narrow(n, 0);
    if (const GridCells* g = cells.grid()) {
        for (CellId c = 0; c < n; ++c) {
            const Tile t = g->tile_of(c);
            narrow[c] = in_open_block(*g, t.col, t.row) ? 0 : 1;
        }
    } else {
        const std::vector<char> open = open_floor_cells(cells);
        for (CellId c = 0; c < n; ++c) {
            narrow[c] = open[c] != 0 ? 0 : 1;
        }
    }
    constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> room(n, none);
    std::uint32_t next = 0;
    std::vector<CellId> queue;
    for (CellId s = 0; s < n; ++s) {
        if (room[s] != none) {
            continue;
        }
        room[s] = next;
        queue.assign(1, s);
        for (std::size_t i = 0; i < queue.size(); ++i) {
            for (const CellId m : cells.neighbours(queue[i])) {
                if (room[m] == none && narrow[m] == narrow[s]) {
                    room[m] = next;
                    queue.push_back(m);
                }
            }
        }
        ++next;
    }
    return room;
}

CellId medoid(const CellSpace& cells, const std::vector<CellId>& group) {
    constexpr std::size_t most = 2048;
    const std::size_t stride = group.size() <= most ? 1 : (group.size() + most - 1) / most;
    // The sampled cells' positions once (a grid's position() searches its ranks: called n x 2048 times, it
    // was most of the places' time on den520d); the sums are the same, term by term.
    std::vector<Vec3> sampled;
    for (std::size_t j = 0; j < group.size(); j += stride) {
        sampled.push_back(cells.position(group[j]));
    }
    CellId best = group.front();
    double best_sum = std::numeric_limits<double>::infinity();
    for (const CellId c : group) {
        const Vec3 a = cells.position(c);
        double sum = 0.0;
        for (const Vec3& b : sampled) {
            sum +=
                std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) + (a.z - b.z) * (a.z - b.z));
        }
        if (sum < best_sum) {  // group ascends, so the first of equal sums has the lowest id
            best_sum = sum;
            best = c;
        }
    }
    return best;
}

}  // namespace kinema::chase
