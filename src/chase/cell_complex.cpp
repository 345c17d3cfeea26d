// Loops and rooms from the cell graph alone (cell_complex.hpp, docs/audit.md "Why: what the level shows").
#include "cell_complex.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

namespace kinema::chase {

namespace {

constexpr std::uint32_t none = std::numeric_limits<std::uint32_t>::max();

// Per cell of the space, its position in the list being read (none for a cell not in it), kept per thread
// and cleared by a new epoch: a ball of a few thousand cells in a level of many must not cost a pass over
// the level (the places ask for one ball per place).
class LocalIds {
  public:
    LocalIds(std::size_t cells, const std::vector<CellId>& order) {
        thread_local std::vector<std::uint32_t> stamp;
        thread_local std::vector<std::uint32_t> local;
        thread_local std::uint32_t epoch = 0;
        if (stamp.size() < cells) {
            stamp.assign(cells, 0);
            local.assign(cells, 0);
            epoch = 0;
        }
        if (++epoch == 0) {  // wrapped: no stamp may equal a new epoch by age
            std::fill(stamp.begin(), stamp.end(), 0);
            epoch = 1;
        }
        for (std::size_t i = 0; i < order.size(); ++i) {
            stamp[order[i]] = epoch;
            local[order[i]] = static_cast<std::uint32_t>(i);
        }
        stamp_ = &stamp;
        local_ = &local;
        epoch_ = epoch;
    }
    std::uint32_t operator()(CellId c) const { return (*stamp_)[c] == epoch_ ? (*local_)[c] : none; }

  private:
    const std::vector<std::uint32_t>* stamp_ = nullptr;
    const std::vector<std::uint32_t>* local_ = nullptr;
    std::uint32_t epoch_ = 0;
};

// The links among a list of cells, taken both ways, by their positions in the list ("local ids"). edges:
// each link once as (later, earlier), ascending: the order in which the filtration adds them. Each cell's
// list of linked cells ascends, with the link's index in `edges` beside it.
struct LocalGraph {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint32_t> around_ids;
    std::vector<std::uint32_t> edge_ids;

    std::span<const std::uint32_t> around(std::uint32_t v) const {
        return {around_ids.data() + offsets[v], around_ids.data() + offsets[v + 1]};
    }
    // The index of the link between a and b, none when they are not linked.
    std::uint32_t edge(std::uint32_t a, std::uint32_t b) const {
        const std::span<const std::uint32_t> list = around(a);
        const auto it = std::lower_bound(list.begin(), list.end(), b);
        return it != list.end() && *it == b
                   ? edge_ids[offsets[a] + static_cast<std::size_t>(it - list.begin())]
                   : none;
    }
};

// Sorts the links (later, earlier) and drops repeats: by their later cell into buckets (a counting sort:
// a ball's links are many, each cell's few), then each bucket.
void sort_links(std::vector<std::pair<std::uint32_t, std::uint32_t>>& links, std::size_t cells) {
    std::vector<std::uint32_t> start(cells + 1, 0);
    for (const auto& l : links) {
        ++start[l.first + 1];
    }
    std::partial_sum(start.begin(), start.end(), start.begin());
    std::vector<std::pair<std::uint32_t, std::uint32_t>> sorted(links.size());
    std::vector<std::uint32_t> fill(start.begin(), start.end() - 1);
    for (const auto& l : links) {
        sorted[fill[l.first]++] = l;
    }
    links.clear();
    for (std::size_t c = 0; c < cells; ++c) {
        const auto first = sorted.begin() + start[c];
        const auto last = sorted.begin() + start[c + 1];
        std::sort(first, last);
        links.insert(links.end(), first, std::unique(first, last));
    }
}

LocalGraph local_graph(const CellSpace& cells, const std::vector<CellId>& order) {
    const LocalIds local(cells.size(), order);
    LocalGraph g;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const auto v = static_cast<std::uint32_t>(i);
        for (const CellId n : cells.neighbours(order[i])) {
            const std::uint32_t u = local(n);
            if (u != none && u != v) {
                g.edges.emplace_back(std::max(u, v), std::min(u, v));
            }
        }
    }
    sort_links(g.edges, order.size());
    g.offsets.assign(order.size() + 1, 0);
    for (const auto& [hi, lo] : g.edges) {
        ++g.offsets[hi + 1];
        ++g.offsets[lo + 1];
    }
    std::partial_sum(g.offsets.begin(), g.offsets.end(), g.offsets.begin());
    g.around_ids.resize(2 * g.edges.size());
    g.edge_ids.resize(2 * g.edges.size());
    std::vector<std::uint32_t> fill(g.offsets.begin(), g.offsets.end() - 1);
    // In edge order each cell first meets its earlier cells (as `hi`, ascending), then its later ones (as
    // `lo`, ascending): its list comes out sorted.
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const auto [hi, lo] = g.edges[e];
        g.around_ids[fill[hi]] = lo;
        g.edge_ids[fill[hi]++] = static_cast<std::uint32_t>(e);
        g.around_ids[fill[lo]] = hi;
        g.edge_ids[fill[lo]++] = static_cast<std::uint32_t>(e);
    }
    return g;
}

// The cells linked to both a and b (ascending), below `limit`.
template <typename F>
void common(const LocalGraph& g, std::uint32_t a, std::uint32_t b, std::uint32_t limit, F&& each) {
    const std::span<const std::uint32_t> x = g.around(a);
    const std::span<const std::uint32_t> y = g.around(b);
    for (std::size_t i = 0, j = 0; i < x.size() && j < y.size() && x[i] < limit && y[j] < limit;) {
        if (x[i] < y[j]) {
            ++i;
        } else if (y[j] < x[i]) {
            ++j;
        } else {
            each(x[i]);
            ++i;
            ++j;
        }
    }
}

// A small cycle by its links' indices, descending (e[0] the newest): 3 for a triangle, 4 for a square.
struct Face {
    std::array<std::uint32_t, 4> e{};
    std::uint32_t n = 0;

    // The filtration's order: lexicographic on the descending links (a triangle before the square that
    // extends it).
    bool operator<(const Face& o) const {
        return std::lexicographical_compare(e.begin(), e.begin() + n, o.e.begin(), o.e.begin() + o.n);
    }
};

Face face_of(std::initializer_list<std::uint32_t> links) {
    Face f;
    for (const std::uint32_t l : links) {
        f.e[f.n++] = l;
    }
    std::sort(f.e.begin(), f.e.begin() + f.n, std::greater<>());
    return f;
}

// The cells linked to v, marked for one step of the filtration: whether a cell is linked to v, and by which
// link, without a search.
struct LinksOf {
    std::vector<std::uint32_t> of;    // per cell, v + 1 when linked to the marked v
    std::vector<std::uint32_t> link;  // then the link's index

    void mark(const LocalGraph& g, std::uint32_t v) {
        const std::span<const std::uint32_t> around = g.around(v);
        for (std::size_t i = 0; i < around.size(); ++i) {
            of[around[i]] = v + 1;
            link[around[i]] = g.edge_ids[g.offsets[v] + i];
        }
    }
    bool linked(std::uint32_t v, std::uint32_t x) const { return of[x] == v + 1; }
};

// Whether a cell earlier than v is linked to v, a (marked), b and c: the centre of the square v a c b.
bool centred(const LocalGraph& g, const LinksOf& to_v, const LinksOf& to_a, std::uint32_t v, std::uint32_t a,
             std::uint32_t b, std::uint32_t c) {
    for (const std::uint32_t m : g.around(c)) {
        if (m >= v) {
            return false;
        }
        if (to_v.linked(v, m) && to_a.linked(a, m) && g.edge(b, m) != none) {
            return true;
        }
    }
    return false;
}

// The small cycles whose newest cell is v (triangles v a b, chordless 4-cycles v a c b with a, b, c
// earlier than v), each as its links, in the filtration's order, into `faces`. Left out, because the faces
// before them already span their boundaries at v's step (so the holes after each step are the same, and
// the reduction below does not spend its time proving a sum zero): the last of the three triangles at v
// of a K4 {v, x, a, b} (x < a < b: (v a b) is the sum of (v x a), (v x b) and (x a b)), and a square
// whose four cells an earlier cell m is linked to (the four triangles round m fill it). The cells linked to
// v and to a are marked, so that most links are told without a search.
void faces_at(const LocalGraph& g, LinksOf& to_v, LinksOf& to_a, std::uint32_t v, std::vector<Face>& faces) {
    faces.clear();
    to_v.mark(g, v);
    const std::span<const std::uint32_t> around = g.around(v);
    const auto earlier =
        static_cast<std::size_t>(std::lower_bound(around.begin(), around.end(), v) - around.begin());
    for (std::size_t i = 0; i < earlier; ++i) {
        const std::uint32_t a = around[i];
        to_a.mark(g, a);
        for (std::size_t j = i + 1; j < earlier; ++j) {
            const std::uint32_t b = around[j];
            const std::uint32_t va = to_v.link[a];
            const std::uint32_t vb = to_v.link[b];
            const std::span<const std::uint32_t> near_b = g.around(b);
            if (to_a.linked(a, b)) {
                const bool k4 = std::any_of(near_b.begin(), near_b.end(), [&](std::uint32_t x) {
                    return x < a && to_v.linked(v, x) && to_a.linked(a, x);
                });
                if (!k4) {
                    faces.push_back(face_of({vb, va, to_a.link[b]}));
                }
                continue;
            }
            for (std::size_t k = 0; k < near_b.size() && near_b[k] < v; ++k) {
                const std::uint32_t c = near_b[k];
                if (to_a.linked(a, c) && !to_v.linked(v, c) && !centred(g, to_v, to_a, v, a, b, c)) {
                    faces.push_back(face_of({vb, va, to_a.link[c], g.edge_ids[g.offsets[b] + k]}));
                }
            }
        }
    }
    std::sort(faces.begin(), faces.end());
}

// The reduced columns kept so far, one flat pool (a ball's reduction makes thousands of short columns).
struct Columns {
    std::vector<std::uint32_t> pool;
    std::vector<std::uint32_t> start;  // per column, its first link in pool; one past the last at the end

    std::span<const std::uint32_t> column(std::uint32_t k) const {
        return {pool.data() + start[k], pool.data() + start[k + 1]};
    }
};

// out = x + y over GF(2), both descending.
void add_chains(std::span<const std::uint32_t> x, std::span<const std::uint32_t> y,
                std::vector<std::uint32_t>& out) {
    out.clear();
    std::size_t i = 0;
    std::size_t j = 0;
    while (i < x.size() && j < y.size()) {
        if (x[i] == y[j]) {
            ++i;
            ++j;
        } else if (x[i] > y[j]) {
            out.push_back(x[i++]);
        } else {
            out.push_back(y[j++]);
        }
    }
    out.insert(out.end(), x.begin() + static_cast<std::ptrdiff_t>(i), x.end());
    out.insert(out.end(), y.begin() + static_cast<std::ptrdiff_t>(j), y.end());
}

// Per link, whether it closes a cycle among the links before it (union-find over the cells, in link order):
// the links that can open a hole.
std::vector<char> closing_links(const LocalGraph& g, std::size_t cells) {
    std::vector<std::uint32_t> parent(cells);
    std::iota(parent.begin(), parent.end(), 0U);
    const auto root = [&](std::uint32_t x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    };
    std::vector<char> closes(g.edges.size(), 0);
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        const std::uint32_t a = root(g.edges[e].first);
        const std::uint32_t b = root(g.edges[e].second);
        closes[e] = a == b ? 1 : 0;
        parent[std::max(a, b)] = std::min(a, b);
    }
    return closes;
}

// Whether a fourth cell is linked to v and to the linked a and b: the four are a K4 (an open 2 x 2 block
// of cells linked 8 ways).
bool in_k4(const LocalGraph& g, std::uint32_t v, std::uint32_t a, std::uint32_t b) {
    bool found = false;
    common(g, a, b, none, [&](std::uint32_t c) { found = found || (c != v && g.edge(v, c) != none); });
    return found;
}

// Whether v, a, c, b is a chordless square for some c (a and b not linked): the open 2 x 2 block of cells
// linked 4 ways. Not when a fifth cell is linked to all four: that is the diamond round a cell of open floor
// whose diagonal links cut its corners (a navmesh's raycast links do), which a door's mouth also has.
bool on_square(const LocalGraph& g, std::uint32_t v, std::uint32_t a, std::uint32_t b) {
    bool found = false;
    common(g, a, b, none, [&](std::uint32_t c) {
        if (found || c == v || g.edge(v, c) != none) {
            return;
        }
        bool centred = false;
        common(g, a, b, none, [&](std::uint32_t m) {
            centred = centred || (m != v && m != c && g.edge(v, m) != none && g.edge(c, m) != none);
        });
        found = !centred;
    });
    return found;
}

}  // namespace

std::vector<std::size_t> loop_closings(const CellSpace& cells, const std::vector<CellId>& order) {
    const LocalGraph g = local_graph(cells, order);
    // The standard reduction of the boundary matrix of the small cycles (Edelsbrunner and Harer,
    // "Computational Topology", VII.1): a reduced column's newest link is a cycle the small cycles fill,
    // so a link that closes a cycle and is the newest of no reduced column opens a hole that stays open.
    std::vector<std::uint32_t> owner(g.edges.size(), none);
    Columns kept;
    kept.start.push_back(0);
    std::vector<Face> faces;
    LinksOf to_v{std::vector<std::uint32_t>(order.size(), 0), std::vector<std::uint32_t>(order.size(), 0)};
    LinksOf to_a = to_v;
    std::vector<std::uint32_t> col;
    std::vector<std::uint32_t> sum;
    for (std::uint32_t v = 0; v < order.size(); ++v) {
        faces_at(g, to_v, to_a, v, faces);
        for (const Face& f : faces) {
            col.assign(f.e.begin(), f.e.begin() + f.n);
            while (!col.empty() && owner[col.front()] != none) {
                add_chains(col, kept.column(owner[col.front()]), sum);
                col.swap(sum);
            }
            if (!col.empty()) {
                owner[col.front()] = static_cast<std::uint32_t>(kept.start.size() - 1);
                kept.pool.insert(kept.pool.end(), col.begin(), col.end());
                kept.start.push_back(static_cast<std::uint32_t>(kept.pool.size()));
            }
        }
    }
    const std::vector<char> closes = closing_links(g, order.size());
    std::vector<std::size_t> out;
    for (std::size_t e = 0; e < g.edges.size(); ++e) {
        if (closes[e] != 0 && owner[e] == none) {
            out.push_back(g.edges[e].first);
        }
    }
    return out;
}

std::vector<char> open_floor_cells(const CellSpace& cells) {
    std::vector<CellId> all(cells.size());
    std::iota(all.begin(), all.end(), CellId{0});
    const LocalGraph g = local_graph(cells, all);
    std::vector<char> open(cells.size(), 0);
    for (std::uint32_t v = 0; v < cells.size(); ++v) {
        const std::span<const std::uint32_t> around = g.around(v);
        for (std::size_t i = 0; i < around.size() && open[v] == 0; ++i) {
            for (std::size_t j = i + 1; j < around.size() && open[v] == 0; ++j) {
                const std::uint32_t a = around[i];
                const std::uint32_t b = around[j];
                const bool block = g.edge(a, b) != none ? in_k4(g, v, a, b) : on_square(g, v, a, b);
                open[v] = block ? 1 : 0;
            }
        }
    }
    return open;
}

}  // namespace kinema::chase
