#include "kinema/chase/audit.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "kinema/chase/audit_reuse.hpp"
#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/chase/reckoning_runs.hpp"
#include "kinema/core/parallel_for.hpp"

#include "flood_vector_rows.hpp"

namespace kinema::chase {

namespace {

// docs/audit.md lists these ranges.
using A = AuditSettings;
constexpr std::array kAuditFields{
    field<A, &A::directions>("directions", "count", closed_range(1, 360),
                             "D: last known directions per cell, evenly spaced"),
    field<A, &A::give_up_steps>("give_up_steps", "steps", closed_range(0, 1000000),
                                "K: too_many_heated within K steps is gives_up_at_once"),
    field<A, &A::corner_radius>("corner_radius", "cells", closed_range(1, 100),
                                "R: short_of_a_corner looks this many cell steps around the destination"),
    field<A, &A::exit_cells>("exit_cells", "cells", closed_range(1, 256),
                             "barrier_blocks_exit: cells a closed-off region needs at least"),
    field<A, &A::exit_junction>("exit_junction", "bool", {},
                                "barrier_blocks_exit only where a junction (three ways out or more) lies "
                                "behind the seed within corner_radius + exit_cells cell steps; 0: any "
                                "closed-off region (the first form)"),
};
constexpr SettingsDescription kAuditDescription{"AuditSettings", kAuditFields, {}};

// barrier_blocks_exit explores a closed-off region breadth-first over at most this many cells
// (docs/audit.md).
constexpr std::size_t exit_search_cells = 256;

double planar_dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}

double distance(Vec3 a, Vec3 b) {
    const double dx = a.x - b.x;
    const double dy = a.y - b.y;
    const double dz = a.z - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<AuditSettings>) noexcept {
    return kAuditDescription;
}

std::string_view to_string(Finding finding) {
    switch (finding) {
        case Finding::wrong_way:
            return "wrong_way";
        case Finding::gives_up_at_once:
            return "gives_up_at_once";
        case Finding::short_of_a_corner:
            return "short_of_a_corner";
        case Finding::barrier_blocks_exit:
            return "barrier_blocks_exit";
    }
    return "unknown";
}

Vec2 audit_direction(int k, int directions) {
    // 2 pi k / D = quadrant q (a quarter turn each) plus r / D of a quarter turn. Within the quadrant, angles
    // past the eighth turn are taken from the other side (cos and sin swapped), so the set is symmetric and
    // the axes and diagonals are exact.
    const long long d = directions;
    const long long turns = (4LL * (k % directions) + 4LL * d) % (4LL * d);
    const long long q = turns / d;
    const long long r = turns % d;
    constexpr double quarter = 1.5707963267948966;  // pi / 2
    double c = 1.0;
    double s = 0.0;
    if (2 * r == d) {
        c = s = std::sqrt(0.5);
    } else if (2 * r < d) {
        const double a = quarter * static_cast<double>(r) / static_cast<double>(d);
        c = std::cos(a);
        s = std::sin(a);
    } else {
        const double a = quarter * static_cast<double>(d - r) / static_cast<double>(d);
        c = std::sin(a);
        s = std::cos(a);
    }
    switch (q) {
        case 0:
            return {c, s};
        case 1:
            return {-s, c};
        case 2:
            return {-c, -s};
        default:
            return {s, -c};
    }
}

Vec3 world_direction(const CellSpace& space, Vec2 planar) {
    return space.frame().world(planar, 0.0);
}

// The least box of tiles holding every tile added (empty until the first).
struct TileBounds {
    int min_col = std::numeric_limits<int>::max();
    int max_col = std::numeric_limits<int>::min();
    int min_row = std::numeric_limits<int>::max();
    int max_row = std::numeric_limits<int>::min();

    void add(Tile t) {
        min_col = std::min(min_col, t.col);
        max_col = std::max(max_col, t.col);
        min_row = std::min(min_row, t.row);
        max_row = std::max(max_row, t.row);
    }
    // The least box holding this one and `o` (either may be empty).
    void add(const TileBounds& o) {
        min_col = std::min(min_col, o.min_col);
        max_col = std::max(max_col, o.max_col);
        min_row = std::min(min_row, o.min_row);
        max_row = std::max(max_row, o.max_row);
    }
    bool empty() const { return min_col > max_col; }
    // The tiles of cells `ids` (`tiles`: each cell's), 8 cells at a time where the CPU allows: a flood's
    // barrier holds hundreds of cells, and adding them one by one was a tenth of the audit.
    void add_cells(std::span<const Tile> tiles, std::span<const CellId> ids) {
#ifdef KINEMA_FLOOD_VECTOR_ROWS
        if (ids.size() >= 16 && tiles.size() < (std::size_t{1} << 30) && detail::use_vector_rows()) {
            int box[4] = {min_col, max_col, min_row, max_row};
            const std::size_t taken = detail::add_tile_bounds(tiles.data(), ids.data(), ids.size(), box);
            *this = {box[0], box[1], box[2], box[3]};
            ids = ids.subspan(taken);
        }
#endif
        for (const CellId c : ids) {
            add(tiles[c]);
        }
    }
};

// Dijkstra's queue (along_cells). Where the edges take a few distinct lengths (a grid's side and diagonal),
// one first-in-first-out list per length: Dijkstra pops distances in nondecreasing order and fl(d + w) is
// nondecreasing in d, so each list stays sorted and the least of their heads is the least entry (Dijkstra's
// multi-queue form for few edge lengths: a push is one append, a pop compares a few heads). Elsewhere (a
// mesh's edges are all different) a binary heap. The lists keep their capacity across seeds.
class DistanceQueue {
  public:
    // One list per edge length class, or none (0) for the heap.
    void set_lengths(std::size_t classes) { lists_.resize(classes); }
    void clear() {
        heap_.clear();
        for (List& l : lists_) {
            l.entries.clear();
            l.head = 0;
        }
    }
    // Inline (the tree pushes about 36 entries a seed): the heap is the rare path.
    [[gnu::always_inline]] void push(double d, CellId c, std::uint8_t length_class) {
        if (lists_.empty()) {
            push_heap(d, c);
            return;
        }
        lists_[length_class].entries.emplace_back(d, c);
    }
    // Takes the least entry into `out`; false when the queue is empty.
    bool pop(std::pair<double, CellId>& out) {
        if (lists_.empty()) {
            return pop_heap(out);
        }
        List* least = nullptr;
        for (List& l : lists_) {
            if (l.head < l.entries.size() &&
                (least == nullptr || l.entries[l.head].first < least->entries[least->head].first)) {
                least = &l;
            }
        }
        if (least == nullptr) {
            return false;
        }
        out = least->entries[least->head++];
        return true;
    }

  private:
    struct List {
        std::vector<std::pair<double, CellId>> entries;
        std::size_t head = 0;
    };
    [[gnu::noinline]] void push_heap(double d, CellId c) {
        heap_.emplace_back(d, c);
        std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
    }
    bool pop_heap(std::pair<double, CellId>& out) {
        if (heap_.empty()) {
            return false;
        }
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        out = heap_.back();
        heap_.pop_back();
        return true;
    }

    std::vector<std::pair<double, CellId>> heap_;
    std::vector<List> lists_;
};

namespace {

// Each edge's length as a class, the index of its length among the distinct lengths, where they are few
// (grids: a side and a diagonal, a few more where the cell size is not a power of two): the number of
// classes, or 0 and every class 0 where there are more (meshes).
std::size_t classify_edge_lengths(const std::vector<double>& weight, std::vector<std::uint8_t>& classes) {
    constexpr std::size_t most_classes = 16;
    classes.assign(weight.size(), 0);
    std::vector<double> lengths;
    for (const double w : weight) {
        if (!std::isfinite(w)) {
            return 0;
        }
        if (std::find(lengths.begin(), lengths.end(), w) == lengths.end()) {
            if (lengths.size() == most_classes) {
                return 0;
            }
            lengths.push_back(w);
        }
    }
    for (std::size_t e = 0; e < weight.size(); ++e) {
        const auto at = std::find(lengths.begin(), lengths.end(), weight[e]);
        classes[e] = static_cast<std::uint8_t>(at - lengths.begin());
    }
    return lengths.size();
}

// The next epoch of marks `stamps` (a mark equal to the epoch: set in this search), the marks cleared when
// the count wraps round.
std::uint32_t next_mark_epoch(std::vector<std::uint32_t>& stamps, std::uint32_t& epoch) {
    if (++epoch == 0) {
        std::fill(stamps.begin(), stamps.end(), 0u);
        epoch = 1;
    }
    return epoch;
}

}  // namespace

// Per-thread scratch: the flood plus what the findings read after it, kept across seeds so that no seed
// allocates (docs/performance.md "Level audit"):
// - `state`: the flood's cell states as bytes, written for the touched cells after each flood and cleared
//   after the seed (Flood::state is a call through the engine per cell; the findings ask it per edge);
// - `stamp`/`epoch`: "seen in this search" marks (a stamp equal to `epoch`; bumping the epoch forgets a
//   search without clearing the array);
// - `weight`: the distance between the centres of every neighbour pair, in the space's edge order
//   (CellSpace::offsets), computed once instead of per Dijkstra edge;
// - `hidden`: per destination cell, the cells within R cell steps that are out of its line of sight, found
//   on the first seed that ends there (the searches and sight lines depend on the level only);
// - `tile`/`read`: on grids, each cell's tile (GridCells::tile_of is a search) and the bounds of the tiles
//   whose cells this seed read, for the row's reach (kinema/chase/audit_reuse.hpp).
struct AuditScratch {
    explicit AuditScratch(const FloodSettings& settings, const CellSpace& cells)
        : flood(settings),
          state(cells.size() + state_padding, untouched_byte),
          stamp(cells.size(), 0),
          slot(cells.size(), 0),
          tree_stamp(cells.size(), 0),
          tree_settled(cells.size(), 0),
          tree_dist(cells.size(), 0.0),
          tree_pred(cells.size(), no_cell) {
        // The generic flood, also on grids: barrier_blocks_exit walks the barrier list in the generic flood's
        // order (its regions' stamps make the result depend on it), and with the per-cell states written
        // from the lists the word-parallel flood's id-sorted lists cost more than it saves.
        flood.set_grid_path(GridPath::never);
        const auto offsets = cells.offsets();
        weight.resize(cells.edge_count());
        for (CellId c = 0; c < cells.size(); ++c) {
            const auto ns = cells.neighbours(c);
            for (std::size_t i = 0; i < ns.size(); ++i) {
                weight[offsets[c] + i] = distance(cells.positions()[c], cells.positions()[ns[i]]);
            }
        }
        symmetric = cells.grid() != nullptr;
        if (const GridCells* grid = cells.grid(); grid != nullptr) {
            tile.resize(cells.size());
            grid->for_each_cell([&](int col, int row, CellId c) { tile[c] = Tile{col, row}; });
        }
        const std::size_t classes = classify_edge_lengths(weight, length_class);
        heap.set_lengths(classes);
        tree_heap.set_lengths(classes);
        // The padded lists' filler (id size()) is never free for the exit search, nor untouched.
        state[cells.size()] = exit_seen_byte;
        row_stride = cells.padded_stride();
        if (row_stride != 0) {
            neighbour_rows = cells.padded_neighbour_ids().data();
        }
    }

    std::uint32_t next_epoch() { return next_mark_epoch(stamp, epoch); }
    bool seen(CellId c) const { return stamp[c] == epoch; }
    void see(CellId c) { stamp[c] = epoch; }
    bool is_heated(CellId c) const { return state[c] == heated_byte; }
    // The length classes of the edges of the cell whose list starts at `offset` (DistanceQueue).
    const std::uint8_t* length_classes(std::size_t offset) const { return length_class.data() + offset; }
    // Cell c's neighbour list was read (grids: its tile joins the read bounds).
    void read_cell(CellId c) {
        if (!tile.empty()) {
            read.add(tile[c]);
        }
    }
    // Untouched and not yet taken by this seed's exit search.
    bool free_for_exit(CellId c) const { return (state[c] & exit_busy) == 0; }

    static constexpr std::uint8_t untouched_byte = 0;
    static constexpr std::uint8_t heated_byte = 1;
    static constexpr std::uint8_t barrier_byte = 2;
    static constexpr std::uint8_t beside_heat_byte = 4;  // untouched, a neighbour of a heated cell
    static constexpr std::uint8_t exit_seen_byte = 8;    // untouched, taken by the exit search (a flag)
    // A cell is free for the exit search when its byte has none of these bits; untouched and unmarked when
    // none of any_byte's.
    static constexpr std::uint8_t exit_busy = heated_byte | barrier_byte | exit_seen_byte;
    static constexpr std::uint8_t any_byte = 0xff;
    // `state` holds the padded lists' filler's byte too.
    static constexpr std::size_t state_padding = 1;

    Flood flood;
    std::vector<std::uint8_t> state;
    // The neighbour lists padded to row_stride (4 or 8) where the space has them (CellSpace::padded_stride),
    // or nullptr: the exit search tests a row's cells without a branch per cell.
    const CellId* neighbour_rows = nullptr;
    std::uint32_t row_stride = 0;
    std::vector<std::uint32_t> stamp;
    std::uint32_t epoch = 0;
    std::vector<double> weight;
    std::vector<std::uint8_t> length_class;  // per edge, its length's class (DistanceQueue)
    std::vector<std::uint32_t> slot;         // local index of a cell in `dist` (Dijkstra)
    std::vector<double> dist;
    DistanceQueue heap;
    bool symmetric = false;      // every neighbour relation goes both ways (grids)
    std::vector<CellId> beside;  // the cells marked beside_heat_byte in this seed
    bool beside_marked = false;
    std::size_t beside_unseen = 0;              // marked cells the exit search has not stamped yet
    std::vector<std::pair<CellId, int>> queue;  // cell, depth (breadth-first searches)
    std::vector<CellId> region;                 // the cells the exit search took, region after region
    std::vector<CellId> path;                   // tight_heated_path's cells to look from
    // along_cells' shortest-path tree over every cell from one seed cell, shared by its D directions and
    // grown only as far as their destinations need (tree_stamp == tree_epoch: reached; settled: final).
    CellId tree_source = no_cell;
    std::uint32_t tree_epoch = 0;
    std::vector<std::uint32_t> tree_stamp;
    std::vector<std::uint32_t> tree_settled;
    std::vector<double> tree_dist;
    std::vector<CellId> tree_pred;
    DistanceQueue tree_heap;
    int hidden_radius = -1;                   // the R `hidden` was found for
    std::vector<std::uint32_t> hidden_begin;  // per destination cell: its range in hidden_cells, or none
    std::vector<std::uint32_t> hidden_count;
    std::vector<CellId> hidden_cells;
    static constexpr std::uint32_t not_found = std::numeric_limits<std::uint32_t>::max();
    std::vector<Tile> tile;
    TileBounds read;
    // The space make_audit_scratch was given when it is a grid's (null otherwise): on it, dead reckoning from
    // every cell at once, per direction k of `reckoning_directions` (reckoning_runs.hpp), and sight lines
    // from known tiles.
    const GridChaseSpace* grid_space = nullptr;
    int reckoning_directions = 0;
    double reckoning_length = 0.0;  // the walks' distance the tables were made for
    std::vector<ReckoningRuns> reckoning;
    // barrier_blocks_exit's junction behind the seed (exit_junction): `ball` the breadth-first search around
    // the seed to `ball_radius` steps (on `ball_stamp`), passed as far as a search needed (its first
    // ball_read.size() - 1 cells, each with its neighbours added when within the radius) and kept for the
    // seed cell's other directions, with `ball_read[i]` the box of the tiles of the cells before i whose
    // neighbour lists were read (grids); per cell whether it is a junction at depth `junction_depth`, found
    // on the first seed that asks (unknown_junction until then: the answer depends on the level only);
    // `way_stamp`, `way_steps` and `way_group` the search of one cell's ways out (a way taken: way_stamp ==
    // way_epoch + 1). Sized on the first use.
    //
    // A ball cell: its id, its steps from the seed, its centre less the seed's (the half-plane test of each
    // direction, computed once per seed cell) and its tile (grids).
    struct BallCell {
        CellId cell;
        int steps;
        Vec2 offset;
        Tile tile;
    };
    std::vector<BallCell> ball;
    std::vector<TileBounds> ball_read;
    CellId ball_source = no_cell;
    int ball_radius = -1;
    std::vector<std::uint32_t> ball_stamp;
    std::uint32_t ball_epoch = 0;
    int junction_depth = -1;
    std::vector<std::uint8_t> junction;
    std::vector<std::uint32_t> way_stamp;
    std::vector<std::uint32_t> way_steps;
    std::uint32_t way_epoch = 0;
    std::vector<CellId> way_ball;
    std::vector<CellId> way_group;
    static constexpr std::uint8_t unknown_junction = 0;
    static constexpr std::uint8_t not_a_junction = 1;
    static constexpr std::uint8_t a_junction = 2;
};

void AuditScratchDeleter::operator()(AuditScratch* s) const {
    delete s;
}

std::unique_ptr<AuditScratch, AuditScratchDeleter> make_audit_scratch(const ChaseSpace& space,
                                                                      const FloodSettings& flood) {
    std::unique_ptr<AuditScratch, AuditScratchDeleter> scratch(new AuditScratch(flood, space.cells()));
    scratch->grid_space = dynamic_cast<const GridChaseSpace*>(&space);
    return scratch;
}

const Flood& audit_flood(const AuditScratch& scratch) {
    return scratch.flood;
}

namespace {

// The flood's touched cells as bytes (AuditScratch::state); clear_states undoes it after the seed. Each
// also joins the seed's read bounds: the flood (chase-flood-spec.md "Step B") read the neighbour lists of the
// heat frontier (the last step too, discarded or empty) and of the barrier frontier, all of them heated or
// barrier cells at the end, and the path along heated cells reads those of heated cells.
void record_states(AuditScratch& s) {
    s.read = TileBounds{};
    for (const CellId c : s.flood.heated_cells()) {
        s.state[c] = AuditScratch::heated_byte;
    }
    for (const CellId c : s.flood.barrier_cells()) {
        s.state[c] = AuditScratch::barrier_byte;
    }
    if (!s.tile.empty()) {
        s.read.add_cells(s.tile, s.flood.heated_cells());
        s.read.add_cells(s.tile, s.flood.barrier_cells());
    }
}

void clear_states(AuditScratch& s) {
    for (const CellId c : s.beside) {
        s.state[c] = AuditScratch::untouched_byte;
    }
    s.beside.clear();
    s.beside_marked = false;
    for (const CellId c : s.flood.heated_cells()) {
        s.state[c] = AuditScratch::untouched_byte;
    }
    for (const CellId c : s.flood.barrier_cells()) {
        s.state[c] = AuditScratch::untouched_byte;
    }
}

// The shortest path from `from` to `to` through heated cells (the way the heat went), each step the
// distance between the two cells' centres (world units). Dijkstra over the heated cells only. Any exact
// Dijkstra gives the same double: the value popped for `to` is the least fixed point of
// d(v) = min over heated u of fl(d(u) + w(u, v)), which the order of ties does not change.
double along_heated_cells(const CellSpace& cells, AuditScratch& s, CellId from, CellId to) {
    if (from == to) {
        return 0.0;
    }
    s.next_epoch();
    s.dist.clear();
    s.heap.clear();
    const auto visit = [&](CellId c, double d, std::uint8_t length_class) {
        if (!s.seen(c)) {
            s.see(c);
            s.slot[c] = static_cast<std::uint32_t>(s.dist.size());
            s.dist.push_back(std::numeric_limits<double>::infinity());
        }
        double& best = s.dist[s.slot[c]];
        if (d < best) {
            best = d;
            s.heap.push(d, c, length_class);
        }
    };
    const auto offsets = cells.offsets();
    visit(from, 0.0, 0);
    std::pair<double, CellId> top;
    while (s.heap.pop(top)) {
        const auto [d, c] = top;
        if (d > s.dist[s.slot[c]]) {
            continue;
        }
        if (c == to) {
            return d;
        }
        const auto ns = cells.neighbours(c);
        const double* w = s.weight.data() + offsets[c];
        const std::uint8_t* length_class = s.length_classes(offsets[c]);
        for (std::size_t i = 0; i < ns.size(); ++i) {
            if (s.is_heated(ns[i])) {
                visit(ns[i], d + w[i], length_class[i]);
            }
        }
    }
    return std::numeric_limits<double>::infinity();  // unreachable: the heat connects every heated cell
}

// Restarts the shortest-path tree at `source` (along_cells).
void start_tree(AuditScratch& s, CellId source) {
    if (++s.tree_epoch == 0) {
        std::fill(s.tree_stamp.begin(), s.tree_stamp.end(), 0u);
        std::fill(s.tree_settled.begin(), s.tree_settled.end(), 0u);
        s.tree_epoch = 1;
    }
    s.tree_source = source;
    s.tree_heap.clear();
    s.tree_stamp[source] = s.tree_epoch;
    s.tree_dist[source] = 0.0;
    s.tree_pred[source] = no_cell;
    s.tree_heap.push(0.0, source, 0);
}

// Dijkstra over every cell from the tree's source until `to` is settled. A predecessor changes only on a
// strict improvement, so a settled cell's distance is exactly the left-to-right sum along its chain.
void grow_tree(const CellSpace& cells, AuditScratch& s, CellId to) {
    const auto offsets = cells.offsets();
    const std::uint32_t epoch = s.tree_epoch;
    std::pair<double, CellId> top;
    while (s.tree_settled[to] != epoch && s.tree_heap.pop(top)) {
        const auto [d, c] = top;
        if (s.tree_settled[c] == epoch || d > s.tree_dist[c]) {
            continue;
        }
        s.tree_settled[c] = epoch;
        const auto ns = cells.neighbours(c);
        const double* w = s.weight.data() + offsets[c];
        const std::uint8_t* length_class = s.length_classes(offsets[c]);
        for (std::size_t i = 0; i < ns.size(); ++i) {
            const CellId n = ns[i];
            const double nd = d + w[i];
            if (s.tree_stamp[n] != epoch || nd < s.tree_dist[n]) {
                s.tree_stamp[n] = epoch;
                s.tree_dist[n] = nd;
                s.tree_pred[n] = c;
                s.tree_heap.push(nd, n, length_class[i]);
            }
        }
    }
}

// Whether some path from `from` to `to` through heated cells sums, left to right, to the tree's distance of
// `to` (along_cells): steps from a settled heated u to c with fl(d(u) + w(u, c)) == d(c) in the tree's
// distances, found backwards from `to`, depth first. Grids only, whose edges have the same length both ways.
bool tight_heated_path(const CellSpace& cells, AuditScratch& s, CellId from, CellId to) {
    s.next_epoch();
    s.path.clear();
    s.path.push_back(to);
    s.see(to);
    const auto offsets = cells.offsets();
    while (!s.path.empty()) {
        const CellId c = s.path.back();
        s.path.pop_back();
        const auto ns = cells.neighbours(c);
        const double* w = s.weight.data() + offsets[c];
        for (std::size_t i = 0; i < ns.size(); ++i) {
            const CellId u = ns[i];
            if (s.seen(u) || !s.is_heated(u) || s.tree_settled[u] != s.tree_epoch ||
                s.tree_dist[u] + w[i] != s.tree_dist[c]) {
                continue;
            }
            if (u == from) {
                return true;
            }
            s.see(u);
            s.path.push_back(u);
        }
    }
    return false;
}

// along_heated_cells, shared between the D directions of one seed cell: the shortest path over every cell
// (one tree per seed cell) is the answer when its chain to `to` lies in the heat. Exact: the heated graph
// is a part of the whole, so its least distance is never below the tree's, and the chain is a heated path
// whose left-to-right sum is the tree's (Dijkstra's values are the least fixed point of
// d(v) = min fl(d(u) + w(u, v)), the same whatever the order of ties). Where a tie picked a chain outside
// the heat, another heated path with the same sum is as good (tight_heated_path: about four in five of
// those seeds on room-64-64-8). Otherwise (the shortest way leaves the heat) the search over the heated
// cells alone decides.
double along_cells(const CellSpace& cells, AuditScratch& s, CellId from, CellId to) {
    if (from == to) {
        return 0.0;
    }
    if (s.tree_source != from) {
        start_tree(s, from);
    }
    grow_tree(cells, s, to);
    if (s.tree_settled[to] == s.tree_epoch) {
        CellId c = to;
        while (c != from && s.is_heated(c)) {
            c = s.tree_pred[c];
        }
        if (c == from) {
            return s.tree_dist[to];
        }
        if (s.symmetric && tight_heated_path(cells, s, from, to)) {
            return s.tree_dist[to];
        }
    }
    return along_heated_cells(cells, s, from, to);
}

// Line of sight on the cell space: the space's own straight-line test, the one its dead reckoning uses
// (grids: exact traversal of the tiles between the two centres, a tile corner passable only when both
// orthogonal tiles are; navmeshes: Detour's raycast), from a's centre towards b's for their planar distance,
// not blocked. On the audit's grid the walk starts from a's tile, known (traverse_grid: dead_reckoning's
// arithmetic without finding the tile of the point again).
bool in_sight(const ChaseSpace& space, const AuditScratch& s, CellId a, CellId b) {
    const CellSpace& cells = space.cells();
    const Vec3 pa = cells.positions()[a];
    const Vec3 pb = cells.positions()[b];
    const Vec2 d = cells.planar(pb - pa);
    const double length = std::sqrt(planar_dot(d, d));
    if (length == 0.0) {
        return true;
    }
    if (s.grid_space == &space) {
        const Vec2 towards{pb.x - pa.x, pb.y - pa.y};
        return !traverse_grid(s.grid_space->grid(), {pa.x, pa.y}, s.tile[a],
                              towards / kinema::length(towards), length)
                    .blocked;
    }
    return !space.dead_reckoning(pa, pb - pa, length).blocked;
}

// The cells within R cell steps of `destination` (breadth-first over every cell) out of its sight, found
// once per destination cell and kept in the scratch: the search and the sight lines depend on the level,
// never on the seed.
std::span<const CellId> hidden_near(const ChaseSpace& space, AuditScratch& s, CellId destination,
                                    int radius) {
    const CellSpace& cells = space.cells();
    if (s.hidden_radius != radius) {
        s.hidden_radius = radius;
        s.hidden_begin.assign(cells.size(), AuditScratch::not_found);
        s.hidden_count.assign(cells.size(), 0);
        s.hidden_cells.clear();
    }
    if (s.hidden_begin[destination] == AuditScratch::not_found) {
        s.hidden_begin[destination] = static_cast<std::uint32_t>(s.hidden_cells.size());
        s.next_epoch();
        s.queue.clear();
        s.queue.emplace_back(destination, 0);
        s.see(destination);
        for (std::size_t i = 0; i < s.queue.size(); ++i) {
            const auto [c, depth] = s.queue[i];
            if (c != destination && !in_sight(space, s, destination, c)) {
                s.hidden_cells.push_back(c);
            }
            if (depth == radius) {
                continue;
            }
            for (const CellId n : cells.neighbours(c)) {
                if (!s.seen(n)) {
                    s.see(n);
                    s.queue.emplace_back(n, depth + 1);
                }
            }
        }
        s.hidden_count[destination] =
            static_cast<std::uint32_t>(s.hidden_cells.size()) - s.hidden_begin[destination];
    }
    return {s.hidden_cells.data() + s.hidden_begin[destination], s.hidden_count[destination]};
}

// short_of_a_corner: a heated cell within R cell steps of the destination (breadth-first over every cell)
// that is out of the destination's sight.
bool short_of_a_corner(const ChaseSpace& space, AuditScratch& s, CellId destination, int radius) {
    const auto hidden = hidden_near(space, s, destination, radius);
    return std::any_of(hidden.begin(), hidden.end(), [&](CellId c) { return s.is_heated(c); });
}

// The cells heated at the flood's last step (value H): a suffix of the heating-order list.
std::span<const CellId> last_heat_frontier(const AuditScratch& s) {
    const auto heated = s.flood.heated_cells();
    const int hot = s.flood.settings().hot;
    std::size_t begin = heated.size();
    while (begin > 0 && s.flood.value(heated[begin - 1]) == hot) {
        --begin;
    }
    return heated.subspan(begin);
}

// The cells of a padded row whose state byte has none of the `busy` bits, as bits (bit k for slot k), every
// slot tested without a branch (the filler's byte is busy): the exit search's tests were mostly mispredicted
// branches.
template <std::uint32_t Stride>
std::uint32_t free_slots_of(const CellId* row, const std::uint8_t* state, std::uint8_t busy) {
    std::uint32_t free = 0;
    for (std::uint32_t k = 0; k < Stride; ++k) {
        free |= static_cast<std::uint32_t>((state[row[k]] & busy) == 0) << k;
    }
    return free;
}

// Cell c's padded row (needs the rows: AuditScratch::neighbour_rows, of stride 4 or 8).
const CellId* row_of(const AuditScratch& s, CellId c) {
    return s.neighbour_rows + std::size_t{c} * s.row_stride;
}

// free_slots_of for a row of the scratch's stride.
std::uint32_t free_slots(const AuditScratch& s, const CellId* row, std::uint8_t busy) {
    return s.row_stride == 8 ? free_slots_of<8>(row, s.state.data(), busy)
                             : free_slots_of<4>(row, s.state.data(), busy);
}

// take(n) for each neighbour n of c whose state byte has none of the `busy` bits, in list order; take may
// change n's byte only. Where the rows allow, the row is tested at once: changing one neighbour's byte does
// not change another's (a list names distinct cells).
template <class Take>
void for_each_neighbour_without(const CellSpace& cells, const AuditScratch& s, CellId c, std::uint8_t busy,
                                const Take& take) {
    if (s.neighbour_rows != nullptr) {
        const CellId* row = row_of(s, c);
        for (std::uint32_t free = free_slots(s, row, busy); free != 0; free &= free - 1) {
            take(row[std::countr_zero(free)]);
        }
        return;
    }
    for (const CellId n : cells.neighbours(c)) {
        if ((s.state[n] & busy) == 0) {
            take(n);
        }
    }
}

// Marks the untouched neighbours of the heat (beside_heat_byte) for the rest of the seed: where every
// neighbour relation goes both ways, "a neighbour is heated" is then one byte. Only the last step's heat can
// have untouched neighbours (spec step B: every step that happened heated all the untouched neighbours of
// the frontier before it, and a touched cell stays touched), so its frontier is the only one scanned.
void mark_beside_heat(const CellSpace& cells, AuditScratch& s) {
    s.beside_marked = true;
    for (const CellId h : last_heat_frontier(s)) {
        for_each_neighbour_without(cells, s, h, AuditScratch::any_byte, [&](CellId n) {
            s.state[n] = AuditScratch::beside_heat_byte;
            s.beside.push_back(n);
        });
    }
}

// Whether untouched cell c has a heated neighbour. On grids the first question marks the last frontier's
// untouched neighbours (a few dozen cells) and every later one reads a byte; a graph's one-way neighbour
// lists always look at c's own neighbours.
bool next_to_heat(const CellSpace& cells, AuditScratch& s, CellId c) {
    if (s.beside_marked) {
        return (s.state[c] & AuditScratch::beside_heat_byte) != 0;
    }
    if (s.symmetric) {
        mark_beside_heat(cells, s);
        return (s.state[c] & AuditScratch::beside_heat_byte) != 0;
    }
    const auto ns = cells.neighbours(c);
    return std::any_of(ns.begin(), ns.end(), [&](CellId n) { return s.is_heated(n); });
}

// Whether the barrier could not spread into untouched cell u: no barrier neighbour b with
// dot(pos(u) - pos(b), dir) < 0 (such a b would have made u barrier had the flood run one more step).
bool barrier_cannot_follow(const CellSpace& cells, const AuditScratch& s, CellId u, Vec2 dir) {
    bool beside_barrier = false;
    for (const CellId b : cells.neighbours(u)) {
        if (s.state[b] == AuditScratch::barrier_byte) {
            if (planar_dot(cells.planar_positions()[u] - cells.planar_positions()[b], dir) < 0.0) {
                return false;
            }
            beside_barrier = true;
        }
    }
    return beside_barrier;
}

// The read bounds (AuditScratch::read) in a local while the exit search runs: through the scratch they would
// be stored and loaded again at every cell, since the state bytes' stores may alias them.
struct ReadNotes {
    TileBounds bounds;
    std::span<const Tile> tiles;  // each cell's tile on grids; empty elsewhere (no bounds kept)

    void note(CellId c) {
        if (!tiles.empty()) {
            bounds.add(tiles[c]);
        }
    }
    void note(std::span<const CellId> ids) {
        if (!tiles.empty()) {
            bounds.add_cells(tiles, ids);
        }
    }
};

// Takes c for the exit search (its flag in the state byte, so that "untouched and not yet taken" is one
// byte; the region list keeps it for clearing); on grids also counts the marked cells next to the heat it
// takes (beside_unseen for the whole search, `pending` for this region's queue).
void see_region_cell(AuditScratch& s, CellId c, std::size_t& pending) {
    if ((s.state[c] & AuditScratch::beside_heat_byte) != 0) {
        --s.beside_unseen;
        ++pending;
    }
    s.state[c] |= AuditScratch::exit_seen_byte;
    s.region.push_back(c);
}

// The region of untouched cells reachable from u through untouched cells, breadth-first over at most
// exit_search_cells cells: closed off when none of them is next to a heated cell and it has at least
// min_cells cells. Cells stay taken for the whole seed, so every region is explored once. The region's
// cells follow the earlier regions' in s.region.
//
// On grids the walk stops early with "closed off" once the queue holds min_cells cells, none of them next
// to the heat, and every cell next to the heat is already stamped: the cells it would still take are
// unstamped ones (never next to the heat) or queued ones (not next to it), so it could only end the same
// way, and a true answer ends barrier_blocks_exit, whose stamps then no longer matter. This cuts the walks
// of floods that ran out of cells (no untouched cell next to their heat: spec step B.2) to min_cells cells.
bool closed_off_region(const CellSpace& cells, AuditScratch& s, ReadNotes& read, CellId u,
                       std::size_t min_cells) {
    std::size_t pending = 0;  // queued cells next to the heat (grids)
    const std::size_t first = s.region.size();
    see_region_cell(s, u, pending);
    // The cells first .. i - 1 had their neighbour lists read; their tiles join the bounds at the end.
    const auto read_up_to = [&](std::size_t i, bool closed) {
        read.note(std::span<const CellId>(s.region).subspan(first, i - first));
        return closed;
    };
    std::size_t i = first;
    for (; i < s.region.size() && i - first < exit_search_cells; ++i) {
        if (s.beside_marked && s.beside_unseen == 0 && pending == 0 && s.region.size() - first >= min_cells) {
            return read_up_to(i, true);
        }
        const CellId c = s.region[i];
        if (next_to_heat(cells, s, c)) {
            return read_up_to(i + 1, false);
        }
        for_each_neighbour_without(cells, s, c, AuditScratch::exit_busy,
                                   [&](CellId n) { see_region_cell(s, n, pending); });
    }
    return read_up_to(i, s.region.size() - first >= min_cells);
}

// The first barrier cell from i on that may have a neighbour free for the exit search: where the rows allow,
// the cells before it have none (their rows tested at once); elsewhere i itself. A skipped cell's
// neighbours stay busy for the rest of the search (flags are only ever added to them).
std::size_t next_barrier_to_try(const AuditScratch& s, std::span<const CellId> barrier, std::size_t i) {
    if (s.neighbour_rows != nullptr) {
        while (i < barrier.size() && free_slots(s, row_of(s, barrier[i]), AuditScratch::exit_busy) == 0) {
            ++i;
        }
    }
    return i;
}

// The walk follows the generic flood's barrier order (the taken cells make the regions' exploration depend
// on which u comes first). On grids the heat's untouched neighbours are marked before the first region
// (closed_off_region counts them).
bool find_closed_exit(const CellSpace& cells, AuditScratch& s, ReadNotes& read, Vec2 dir,
                      std::size_t min_cells) {
    const auto barrier = s.flood.barrier_cells();
    for (std::size_t i = 0; i < barrier.size(); ++i) {
        i = next_barrier_to_try(s, barrier, i);
        if (i == barrier.size()) {
            break;
        }
        for (const CellId u : cells.neighbours(barrier[i])) {
            if (!s.free_for_exit(u)) {
                continue;
            }
            read.note(u);
            if (!barrier_cannot_follow(cells, s, u, dir)) {
                continue;
            }
            if (s.symmetric && !s.beside_marked) {
                mark_beside_heat(cells, s);
                s.beside_unseen = s.beside.size();
            }
            if (closed_off_region(cells, s, read, u, min_cells)) {
                return true;
            }
        }
    }
    return false;
}

// find_closed_exit, then the cells it took are given back (their flags cleared).
bool barrier_blocks_exit(const CellSpace& cells, AuditScratch& s, Vec2 dir, std::size_t min_cells) {
    s.region.clear();
    ReadNotes read{s.read, s.tile};
    const bool found = find_closed_exit(cells, s, read, dir, min_cells);
    s.read = read.bounds;
    for (const CellId c : s.region) {
        s.state[c] &= static_cast<std::uint8_t>(~AuditScratch::exit_seen_byte);
    }
    return found;
}

// Starts a ways-out search (way_stamp): two marks a search, "in the ball" (way_epoch) and "grouped"
// (way_epoch + 1).
void next_way_epoch(AuditScratch& s) {
    if (s.way_epoch >= std::numeric_limits<std::uint32_t>::max() - 2) {
        std::fill(s.way_stamp.begin(), s.way_stamp.end(), 0u);
        s.way_epoch = 0;
    }
    s.way_epoch += 2;
}

// The group of cells of c's shell (1 .. depth steps from the centre) holding `start`, taken; whether it
// reaches `depth` steps deep.
bool deep_way(const CellSpace& cells, AuditScratch& s, CellId start, std::uint32_t depth) {
    const std::uint32_t in_ball = s.way_epoch;
    const std::uint32_t grouped = s.way_epoch + 1;
    s.way_group.clear();
    s.way_group.push_back(start);
    s.way_stamp[start] = grouped;
    bool deep = false;
    for (std::size_t i = 0; i < s.way_group.size(); ++i) {
        const CellId c = s.way_group[i];
        deep = deep || s.way_steps[c] == depth;
        for (const CellId n : cells.neighbours(c)) {
            if (s.way_stamp[n] == in_ball && s.way_steps[n] >= 1) {
                s.way_stamp[n] = grouped;
                s.way_group.push_back(n);
            }
        }
    }
    return deep;
}

// Whether c has three ways out or more: the cells 1 .. depth steps from it (breadth-first) fall into three
// groups or more, connected within those cells, that reach depth steps deep (a corridor has two, an open room
// one). What the places' ways_out(cells, {c}, 0, depth) counts (audit_shape.hpp), without its allocations;
// reads the neighbour lists of cells within depth steps of c only.
bool three_ways_out(const CellSpace& cells, AuditScratch& s, CellId c, int depth) {
    const auto d = static_cast<std::uint32_t>(depth);
    next_way_epoch(s);
    const std::uint32_t in_ball = s.way_epoch;
    s.way_ball.clear();
    s.way_ball.push_back(c);
    s.way_stamp[c] = in_ball;
    s.way_steps[c] = 0;
    for (std::size_t i = 0; i < s.way_ball.size(); ++i) {
        const CellId x = s.way_ball[i];
        if (s.way_steps[x] == d) {
            continue;
        }
        for (const CellId n : cells.neighbours(x)) {
            if (s.way_stamp[n] != in_ball) {
                s.way_stamp[n] = in_ball;
                s.way_steps[n] = s.way_steps[x] + 1;
                s.way_ball.push_back(n);
            }
        }
    }
    int ways = 0;
    for (std::size_t i = 1; i < s.way_ball.size() && ways < 3; ++i) {
        if (s.way_stamp[s.way_ball[i]] == in_ball) {
            ways += deep_way(cells, s, s.way_ball[i], d) ? 1 : 0;
        }
    }
    return ways >= 3;
}

// three_ways_out, kept per cell for the rest of the audit. Either way the cells within depth steps of c
// decide the answer (their neighbour lists), cached or not: the caller adds them to the reads.
bool is_junction(const CellSpace& cells, AuditScratch& s, CellId c, int depth) {
    if (s.junction_depth != depth) {
        s.junction_depth = depth;
        s.junction.assign(cells.size(), AuditScratch::unknown_junction);
        s.way_stamp.assign(cells.size(), 0u);
        s.way_steps.assign(cells.size(), 0u);
        s.way_epoch = 0;
    }
    if (s.junction[c] == AuditScratch::unknown_junction) {
        s.junction[c] =
            three_ways_out(cells, s, c, depth) ? AuditScratch::a_junction : AuditScratch::not_a_junction;
    }
    return s.junction[c] == AuditScratch::a_junction;
}

// Restarts the ball around `seed` (junction_behind): the seed alone, nothing grown.
void start_ball(const CellSpace& cells, AuditScratch& s, CellId seed, int radius) {
    if (s.ball_stamp.size() != cells.size()) {
        s.ball_stamp.assign(cells.size(), 0u);
        s.ball_epoch = 0;
    }
    next_mark_epoch(s.ball_stamp, s.ball_epoch);
    s.ball_source = seed;
    s.ball_radius = radius;
    s.ball.clear();
    s.ball.push_back({seed, 0, Vec2{}, s.tile.empty() ? Tile{} : s.tile[seed]});
    s.ball_read.assign(1, TileBounds{});
    s.ball_stamp[seed] = s.ball_epoch;
}

// Passes ball cell i (the next one not yet passed): within the radius, its unseen neighbours join the ball
// and its tile the reads. The searches pass the ball in order, so a search of the seed cell's next direction
// finds the same cells in the same (breadth-first) order as a fresh one.
void pass_ball_cell(const CellSpace& cells, AuditScratch& s, std::size_t i) {
    const auto [c, steps, offset, tile] = s.ball[i];
    TileBounds read = s.ball_read[i];
    if (steps < s.ball_radius) {
        const Vec2 at = cells.planar_positions()[s.ball_source];
        for (const CellId n : cells.neighbours(c)) {
            if (s.ball_stamp[n] != s.ball_epoch) {
                s.ball_stamp[n] = s.ball_epoch;
                s.ball.push_back(
                    {n, steps + 1, cells.planar_positions()[n] - at, s.tile.empty() ? Tile{} : s.tile[n]});
            }
        }
        read.add(tile);
    }
    s.ball_read.push_back(read);
}

// A junction behind the seed (docs/audit.md "Findings"): a cell within `radius` cell steps of `seed`
// (breadth-first) behind the heading (dot(pos - seed's pos, dir) < 0) with three ways out or more reaching
// `depth` deep; the places' junction_behind for one seed, and scripts/audit-lift.py's --junction-behind. The
// answer does not depend on the order the cells are tried in; the search stops at the first junction. The
// reads: the tiles of the cells passed before it within the radius (ball_read, the same for every
// direction) and, around each cell asked, every tile within `depth` (the box of those cells' tiles, widened
// once at the end).
bool junction_behind(const CellSpace& cells, AuditScratch& s, CellId seed, Vec2 dir, int radius, int depth) {
    if (s.ball_source != seed || s.ball_radius != radius) {
        start_ball(cells, s, seed, radius);
    }
    TileBounds asked;
    std::size_t i = 0;
    bool found = false;
    for (; i < s.ball.size(); ++i) {
        const AuditScratch::BallCell& b = s.ball[i];
        if (planar_dot(b.offset, dir) < 0.0) {
            asked.add(b.tile);
            if (is_junction(cells, s, b.cell, depth)) {
                found = true;
                break;
            }
        }
        if (i + 1 == s.ball_read.size()) {
            pass_ball_cell(cells, s, i);
        }
    }
    if (!s.tile.empty()) {
        s.read.add(s.ball_read[i]);
        if (!asked.empty()) {
            s.read.add(Tile{asked.min_col - depth, asked.min_row - depth});
            s.read.add(Tile{asked.max_col + depth, asked.max_row + depth});
        }
    }
    return found;
}

// barrier_blocks_exit as the settings ask: the closed-off region, and (exit_junction) a junction behind the
// seed. The junction is looked for first: its search is shared by the seed cell's directions (the ball, each
// cell's answer kept), and most seeds have none behind (none of den520d's 225,424, 6 % of room-64-64-8's),
// so the exit search, the flood's neighbourhood walked again per seed, runs only where it can matter. The
// answer is the same either way; the row's reach holds what this order read (reuse format 3 and later).
bool exit_finding(const CellSpace& cells, AuditScratch& s, CellId seed, Vec2 dir,
                  const AuditSettings& settings) {
    const auto exit_cells = static_cast<std::size_t>(settings.exit_cells);
    if (!settings.exit_junction) {
        return barrier_blocks_exit(cells, s, dir, exit_cells);
    }
    return junction_behind(cells, s, seed, dir, settings.corner_radius + settings.exit_cells,
                           settings.exit_cells) &&
           barrier_blocks_exit(cells, s, dir, exit_cells);
}

// The box of tiles the row read (kinema/chase/audit_reuse.hpp "A seed's reach"), on grids: each read
// cell's 3 x 3 tiles (its neighbour list depends on them); short_of_a_corner's breadth-first search to
// corner_radius steps around the destination and its sight lines within that radius. Dead reckoning's walk
// is not in the box: it reads a thin corridor along its segment, which the re-audit tests from the row's
// own points (audit_reuse.cpp, dead_reckoning_read_a_change).
AuditReach seed_reach(AuditScratch& s, const AuditRow& row, const AuditSettings& settings) {
    if (s.tile.empty()) {
        return {};
    }
    s.read_cell(row.cell);
    const Tile at = s.tile[row.cell];
    const Tile to = s.tile[row.destination_cell];
    const int r = settings.corner_radius;
    AuditReach reach;
    reach.min_dx = std::min(s.read.min_col - 1, to.col - r) - at.col;
    reach.max_dx = std::max(s.read.max_col + 1, to.col + r) - at.col;
    reach.min_dy = std::min(s.read.min_row - 1, to.row - r) - at.row;
    reach.max_dy = std::max(s.read.max_row + 1, to.row + r) - at.row;
    return reach;
}

// The chase a row runs: from cell `cell`'s centre in the planar direction `dir` (audit_direction's). The
// arrays, not position(c): on a grid's space that is a binary search (cell_space.hpp).
ChaseQuery audit_query(const CellSpace& cells, CellId cell, Vec2 dir) {
    ChaseQuery query;
    query.position = cells.positions()[cell];
    query.direction = world_direction(cells, dir);
    return query;
}

void set(AuditRow& row, Finding f, bool on) {
    if (on) {
        row.findings |= static_cast<std::uint8_t>(f);
    }
}

// The flood's dead reckoning distance (run_chase's: the query sets none).
double reckoning_distance(const CellSpace& cells, const AuditScratch& s) {
    return default_dead_reckoning_distance(s.flood.settings().max_steps, cells.cell_size());
}

// Where dead reckoning from the seed sends the NPC: run_chase's answer, read from the scratch's table where
// one covers the seed (a grid, a direction whose walk is one move repeated), else walked.
Vec3 reckoned_position(const ChaseSpace& space, AuditScratch& s, const ChaseQuery& query, CellId cell, int k,
                       int directions) {
    const CellSpace& cells = space.cells();
    const double length = reckoning_distance(cells, s);
    if (s.grid_space == &space && (s.reckoning_directions != directions || s.reckoning_length != length)) {
        s.reckoning.clear();
        for (int i = 0; i < directions; ++i) {
            const Vec3 d = world_direction(cells, audit_direction(i, directions));  // audit_query's
            s.reckoning.emplace_back(s.grid_space->grid(), Vec2{d.x, d.y}, length);
        }
        s.reckoning_directions = directions;
        s.reckoning_length = length;
    }
    if (s.grid_space == &space) {
        const ReckoningRuns& runs = s.reckoning[static_cast<std::size_t>(k)];
        if (runs.covers({query.position.x, query.position.y}, s.tile[cell])) {
            const Vec2 at = s.grid_space->grid().tile_centre(runs.end_tile(s.tile[cell]));
            return {at.x, at.y, 0.0};
        }
    }
    return space.dead_reckoning(query.position, query.direction, length).position;
}

}  // namespace

AuditRow audit_seed(const ChaseSpace& space, AuditScratch& scratch, const AuditSettings& settings,
                    CellId cell, int k) {
    const CellSpace& cells = space.cells();
    const Vec2 dir = audit_direction(k, settings.directions);
    // run_chase's flood, its seed and its dead reckoning, without the rest of its result (the cells' tiles
    // as coordinates).
    const ChaseQuery query = audit_query(cells, cell, dir);
    start_chase(space, scratch.flood, query);
    scratch.flood.advance(std::numeric_limits<int>::max());
    const FloodResult f = scratch.flood.result();
    const Vec3 seed_position = cells.position(f.seed_cell);
    const Vec3 reckoned = reckoned_position(space, scratch, query, cell, k, settings.directions);
    record_states(scratch);

    AuditRow row;
    row.cell = cell;
    row.direction = k;
    row.steps = f.steps;
    row.stop_reason = f.stop_reason;
    row.seed_cell = f.seed_cell;
    row.destination_cell = f.destination_cell;
    row.destination = f.destination;
    row.dead_reckoning = reckoned;
    row.chase_distance = distance(seed_position, f.destination);
    row.along_cells_distance = along_cells(cells, scratch, f.seed_cell, f.destination_cell);
    row.dead_reckoning_gap = distance(reckoned, f.destination);

    const Vec2 ahead = cells.planar(f.destination - seed_position);
    set(row, Finding::wrong_way, planar_dot(ahead, dir) < 0.0);
    set(row, Finding::gives_up_at_once,
        f.stop_reason == StopReason::too_many_heated && f.steps <= settings.give_up_steps);
    set(row, Finding::short_of_a_corner,
        short_of_a_corner(space, scratch, f.destination_cell, settings.corner_radius));
    set(row, Finding::barrier_blocks_exit, exit_finding(cells, scratch, cell, dir, settings));
    row.reach = seed_reach(scratch, row, settings);
    clear_states(scratch);
    return row;
}

void audit_dead_reckoning_again(const ChaseSpace& space, const FloodSettings& flood,
                                const AuditSettings& settings, AuditRow& row) {
    // audit_seed's query and run_chase's walk (query.cpp chase_result: the default distance, no override).
    const CellSpace& cells = space.cells();
    const ChaseQuery query =
        audit_query(cells, row.cell, audit_direction(row.direction, settings.directions));
    const double length = default_dead_reckoning_distance(flood.max_steps, cells.cell_size());
    row.dead_reckoning = space.dead_reckoning(query.position, query.direction, length).position;
    row.dead_reckoning_gap = distance(row.dead_reckoning, row.destination);
}

namespace {

void summarise(AuditResult& result, std::size_t cell_count) {
    const auto d = static_cast<std::size_t>(result.directions);
    result.cells.assign(cell_count, CellSummary{});
    AuditTotals& t = result.totals;
    t.cells = cell_count;
    t.rows = result.rows.size();
    for (std::size_t c = 0; c < cell_count; ++c) {
        CellSummary& summary = result.cells[c];
        for (std::size_t k = 0; k < d; ++k) {
            const AuditRow& row = result.rows[c * d + k];
            summary.mean_chase_distance += row.chase_distance;
            for (std::size_t i = 0; i < all_findings.size(); ++i) {
                const bool has = row.has(all_findings[i]);
                summary.finding_share[i] += has ? 1.0 : 0.0;
                t.findings[i] += has ? 1 : 0;
            }
            t.stop_reasons[static_cast<std::size_t>(row.stop_reason)] += 1;
            t.mean_chase_distance += row.chase_distance;
            t.mean_along_cells_distance += row.along_cells_distance;
            t.mean_dead_reckoning_gap += row.dead_reckoning_gap;
        }
        summary.mean_chase_distance /= static_cast<double>(d);
        for (double& share : summary.finding_share) {
            share /= static_cast<double>(d);
        }
    }
    if (t.rows > 0) {
        const auto n = static_cast<double>(t.rows);
        t.mean_chase_distance /= n;
        t.mean_along_cells_distance /= n;
        t.mean_dead_reckoning_gap /= n;
    }
}

void check_spaces(std::span<const ChaseSpace* const> spaces) {
    if (spaces.empty() || spaces[0] == nullptr) {
        throw std::invalid_argument("audit: at least one space");
    }
    for (const ChaseSpace* space : spaces) {
        if (space == nullptr || space->cells().size() != spaces[0]->cells().size()) {
            throw std::invalid_argument("audit: every thread's space must be a view of the same space");
        }
    }
}

// Refused before any row is allocated: the rows are held until the report is written (audit_max_rows).
void check_row_count(std::size_t cell_count, int directions) {
    const std::size_t rows = audit_row_count(cell_count, directions);
    if (rows > audit_max_rows) {
        throw SettingsError(
            "AuditSettings",
            {{"directions", std::to_string(cell_count) + " cells x " + std::to_string(directions) +
                                " directions = " + std::to_string(rows) + " rows, more than the " +
                                std::to_string(audit_max_rows) +
                                " an audit may hold (each is held until the report is "
                                "written): fewer directions or a smaller level"}});
    }
}

}  // namespace

AuditCellRange audit_shard_cells(std::size_t cell_count, int index, int count) {
    if (count < 1 || index < 1 || index > count) {
        throw std::invalid_argument("audit: shard " + std::to_string(index) + " of " + std::to_string(count) +
                                    ": the index must be in [1, count]");
    }
    // floor(cells i / count) without overflow: cells = q count + r, so it is q i + floor(r i / count).
    const auto n = static_cast<std::size_t>(count);
    const auto bound = [&](int i) {
        const auto k = static_cast<std::size_t>(i);
        return cell_count / n * k + cell_count % n * k / n;
    };
    return {bound(index - 1), bound(index)};
}

namespace {

void check_settings(const FloodSettings& flood, const AuditSettings& settings) {
    FieldErrors errors = flood.validate();
    const FieldErrors audit_errors = settings.validate();
    errors.insert(errors.end(), audit_errors.begin(), audit_errors.end());
    if (!errors.empty()) {
        throw SettingsError("AuditSettings", errors);
    }
}

}  // namespace

namespace {

// The rows of `count` cells, the i-th being cell_at(i), cell-major in that order.
template <class CellAt>
std::vector<AuditRow> rows_of_cells(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                    const AuditSettings& settings, std::size_t count, CellAt cell_at,
                                    const AuditOptions& options) {
    const auto d = static_cast<std::size_t>(settings.directions);
    check_row_count(count, settings.directions);
    std::vector<AuditRow> rows(count * d);

    // parallel_for hands out cells one at a time to one worker per space (worker w reads spaces[w], with its
    // own scratch); rows are written by index, so the order workers take cells in changes nothing.
    std::vector<std::unique_ptr<AuditScratch, AuditScratchDeleter>> scratches(spaces.size());
    std::atomic<std::size_t> rows_done{0};
    std::atomic<bool> cancelled{false};
    const auto audit_cell = [&](int worker, std::size_t c) {
        if (cancelled || (options.cancel != nullptr && options.cancel->load())) {
            cancelled = true;
            return;
        }
        const auto w = static_cast<std::size_t>(worker);
        const ChaseSpace& space = *spaces[w];
        if (scratches[w] == nullptr) {
            scratches[w] = make_audit_scratch(space, flood);
        }
        AuditScratch& scratch = *scratches[w];
        for (std::size_t k = 0; k < d; ++k) {
            AuditRow& row = rows[c * d + k];
            row = audit_seed(space, scratch, settings, cell_at(c), static_cast<int>(k));
            if (options.on_row) {
                options.on_row(row, scratch.flood);
            }
        }
        const std::size_t done = rows_done += d;
        if (options.on_progress) {
            options.on_progress(done, rows.size());
        }
    };
    parallel_for(count, static_cast<int>(spaces.size()), audit_cell);
    if (cancelled) {
        throw AuditCancelled();
    }
    return rows;
}

}  // namespace

std::vector<AuditRow> audit_rows(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                 const AuditSettings& settings, AuditCellRange range,
                                 const AuditOptions& options) {
    check_spaces(spaces);
    check_settings(flood, settings);
    const std::size_t cell_count = spaces[0]->cells().size();
    if (range.first > range.end || range.end > cell_count) {
        throw std::invalid_argument("audit: the cell range must lie within the space's cells");
    }
    return rows_of_cells(
        spaces, flood, settings, range.end - range.first,
        [first = range.first](std::size_t i) { return static_cast<CellId>(first + i); }, options);
}

std::vector<AuditRow> audit_cell_rows(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                      const AuditSettings& settings, std::span<const CellId> cells,
                                      const AuditOptions& options) {
    check_spaces(spaces);
    check_settings(flood, settings);
    const std::size_t cell_count = spaces[0]->cells().size();
    if (std::any_of(cells.begin(), cells.end(), [&](CellId c) { return c >= cell_count; })) {
        throw std::invalid_argument("audit: every cell must be one of the space's cells");
    }
    return rows_of_cells(
        spaces, flood, settings, cells.size(), [cells](std::size_t i) { return cells[i]; }, options);
}

AuditResult audit_result_from_rows(std::vector<AuditRow> rows, int directions, std::size_t cell_count) {
    if (directions < 1 || rows.size() != audit_row_count(cell_count, directions)) {
        throw std::invalid_argument("audit: " + std::to_string(rows.size()) + " rows for " +
                                    std::to_string(cell_count) + " cells x " + std::to_string(directions) +
                                    " directions");
    }
    AuditResult result;
    result.directions = directions;
    result.rows = std::move(rows);
    summarise(result, cell_count);
    return result;
}

AuditResult audit(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                  const AuditSettings& settings, const AuditOptions& options) {
    check_spaces(spaces);
    const std::size_t cell_count = spaces[0]->cells().size();
    std::vector<AuditRow> rows = audit_rows(spaces, flood, settings, {0, cell_count}, options);
    return audit_result_from_rows(std::move(rows), settings.directions, cell_count);
}

AuditResult audit(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                  int threads, const AuditOptions& options) {
    if (threads < 1) {
        throw std::invalid_argument("audit: threads must be >= 1");
    }
    const std::vector<const ChaseSpace*> spaces(static_cast<std::size_t>(threads), &space);
    return audit(spaces, flood, settings, options);
}

}  // namespace kinema::chase
