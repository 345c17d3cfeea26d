#include "kinema/chase/split.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <queue>
#include <stdexcept>
#include <utility>

namespace kinema::chase {
namespace {

constexpr double unreached = std::numeric_limits<double>::infinity();
constexpr std::uint32_t not_heated = std::numeric_limits<std::uint32_t>::max();

// The heated cells as a graph of their own: index i is the i-th cell of Flood::heated_cells(). A cell's
// neighbours are its heated neighbours in the space's lists, each edge as long as the distance between the
// two centres. The lists are read from the space (on a grid its padded lists, which the flood builds anyway)
// and edge lengths computed when visited, so the graph holds 28 bytes a heated cell (values, positions) and,
// when the flood covers an eighth of the space or more, 4 bytes a cell of the space to find a neighbour
// (else the heated ids sorted, 8 bytes a heated cell, and a binary search), instead of a copy of every list
// with its lengths (about 100 bytes a heated cell more).
class HeatedCells {
  public:
    explicit HeatedCells(const Flood& flood) : space_(*flood.space()), ids_(flood.heated_cells()) {
        values_.reserve(ids_.size());
        positions_.reserve(ids_.size());
        for (const CellId id : ids_) {
            values_.push_back(flood.value(id));
            positions_.push_back(space_.position(id));
        }
        if (ids_.size() * 8 >= space_.size()) {
            dense_.assign(space_.size(), not_heated);
            for (std::uint32_t i = 0; i < ids_.size(); ++i) {
                dense_[ids_[i]] = i;
            }
        } else {
            sorted_.reserve(ids_.size());
            for (std::uint32_t i = 0; i < ids_.size(); ++i) {
                sorted_.emplace_back(ids_[i], i);
            }
            std::sort(sorted_.begin(), sorted_.end());
        }
        if (space_.grid() != nullptr) {
            stride_ = space_.padded_stride();
            padded_ = space_.padded_neighbour_ids();
            // Neighbours on a grid are a cell size apart or more (a diagonal sqrt(2) cell sizes): buckets of
            // half a cell size. A cell size so small that half of it is not a normal number gets the heap.
            const double half = space_.cell_size() / 2.0;
            bucket_width_ = std::isnormal(half) ? half : 0.0;
        }
    }

    std::size_t size() const { return ids_.size(); }
    CellId id(std::uint32_t i) const { return ids_[i]; }
    int value(std::uint32_t i) const { return values_[i]; }
    Vec3 position(std::uint32_t i) const { return positions_[i]; }
    // The bucket width of the passes' bucket queue (every edge at least twice as long), or 0: a heap.
    double bucket_width() const { return bucket_width_; }
    // The index of heated cell `id`, or not_heated.
    std::uint32_t find(CellId id) const {
        if (!dense_.empty()) {
            return id < dense_.size() ? dense_[id] : not_heated;
        }
        const auto it = std::lower_bound(sorted_.begin(), sorted_.end(), std::pair{id, std::uint32_t{0}});
        return it != sorted_.end() && it->first == id ? it->second : not_heated;
    }

    // Calls visit(j, edge length) for every heated neighbour j of heated cell i, in the space's order.
    template <class Visit>
    void for_each_neighbour(std::uint32_t i, Visit&& visit) const {
        const auto step = [&](CellId n) {
            const std::uint32_t j = find(n);
            if (j != not_heated) {
                visit(j, length(positions_[j] - positions_[i]));
            }
        };
        if (stride_ != 0) {
            const CellId* list = padded_.data() + std::size_t{ids_[i]} * stride_;
            for (std::uint32_t s = 0; s < stride_; ++s) {
                if (list[s] != space_.size()) {  // the padding's filler
                    step(list[s]);
                }
            }
            return;
        }
        for (const CellId n : space_.neighbours(ids_[i])) {
            step(n);
        }
    }

  private:
    const CellSpace& space_;
    std::span<const CellId> ids_;
    std::vector<int> values_;
    std::vector<Vec3> positions_;
    std::vector<std::uint32_t> dense_;
    std::vector<std::pair<CellId, std::uint32_t>> sorted_;
    std::uint32_t stride_ = 0;
    std::span<const CellId> padded_;
    double bucket_width_ = 0.0;
};

// Every heated cell's path length to its nearest centre and that centre's index (ties: the lower index).
// The label (distance, centre) of a cell is the least, in that order, over every path from a centre to it
// (path lengths summed edge by edge from the centre): a multi-source Dijkstra computes it, and so does any
// run that starts from labels that are lengths of real paths and relaxes every edge that could lower one.
// That is what lets the split update the labels instead of recomputing them: adding a centre, or moving
// some, gives the same labels, bit for bit, as a pass from scratch.
// One array of both halves, so that a pass reads a neighbour's label from one cache line.
struct Label {
    double distance = unreached;
    int centre = -1;
};
using Nearest = std::vector<Label>;

// A cell's label when it was queued. The queue pops the least (distance, centre) first; among equal ones
// any order gives the same labels.
struct Entry {
    double distance;
    int centre;
    std::uint32_t cell;
};
struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
        return a.distance > b.distance || (a.distance == b.distance && a.centre > b.centre);
    }
};
using OpenList = std::priority_queue<Entry, std::vector<Entry>, Later>;

// Lowers the label of heated cell j through cell i's label (d, k) and the edge between them; true when it
// did.
inline bool relax(Nearest& r, double d, int k, std::uint32_t j, double edge, double& through) {
    through = d + edge;
    Label& label = r[j];
    if (through < label.distance || (through == label.distance && k < label.centre)) {
        label.distance = through;
        label.centre = k;
        return true;
    }
    return false;
}

// Dijkstra from the entries in `start` (each a cell's current label): lowers labels until no edge can lower
// one. Returns the cells settled (popped with their current label), the split's unit of work: each at most
// once.
std::size_t settle_with_heap(const HeatedCells& cells, Nearest& r, std::vector<Entry> start) {
    OpenList open(Later{}, std::move(start));
    std::size_t settled = 0;
    while (!open.empty()) {
        const auto [d, k, i] = open.top();  // distance, centre, cell
        open.pop();
        if (d != r[i].distance || k != r[i].centre) {
            continue;
        }
        ++settled;
        cells.for_each_neighbour(i, [&, d = d, k = k](std::uint32_t j, double edge) {
            double through = 0.0;
            if (relax(r, d, k, j, edge, through)) {
                open.push({through, k, j});
            }
        });
    }
    return settled;
}

// The same labels with a bucket queue (Dial's algorithm) where every edge is at least `width` x 2 long, as on
// a grid (width = half a cell): bucket b holds the labels with floor(distance / width) = b, and a relaxation
// from bucket b lands two or more buckets further, so the labels of bucket b are final when it is reached and
// the order inside a bucket does not matter; no heap's log factor. The start labels (any distances) wait in a
// heap until their bucket comes; a relaxation that rounding put in the current bucket is processed in it
// (labels are then still exact: a label lowered later is processed again, and the fixed point is unique).
std::size_t settle_with_buckets(const HeatedCells& cells, Nearest& r, std::vector<Entry> start,
                                double width) {
    constexpr std::size_t ring_size = 8;  // a grid's diagonal is 2 sqrt(2) widths: 3 buckets ahead at most
    const auto bucket = [width](double d) { return static_cast<std::int64_t>(d / width); };
    OpenList pending(Later{}, std::move(start));
    std::vector<std::vector<Entry>> ring(ring_size);
    std::size_t in_ring = 0;
    std::size_t settled = 0;
    std::int64_t current = pending.empty() ? 0 : bucket(pending.top().distance);
    while (in_ring > 0 || !pending.empty()) {
        std::vector<Entry>& here = ring[static_cast<std::size_t>(current) % ring_size];
        while (!pending.empty() && bucket(pending.top().distance) <= current) {
            here.push_back(pending.top());
            pending.pop();
            ++in_ring;
        }
        for (std::size_t e = 0; e < here.size(); ++e) {
            const Entry entry = here[e];
            if (entry.distance != r[entry.cell].distance || entry.centre != r[entry.cell].centre) {
                continue;
            }
            ++settled;
            cells.for_each_neighbour(entry.cell, [&](std::uint32_t j, double edge) {
                double through = 0.0;
                if (!relax(r, entry.distance, entry.centre, j, edge, through)) {
                    return;
                }
                const std::int64_t b = std::max(bucket(through), current);
                if (b - current >= static_cast<std::int64_t>(ring_size)) {
                    pending.push({through, entry.centre, j});
                } else {
                    ring[static_cast<std::size_t>(b) % ring_size].push_back({through, entry.centre, j});
                    ++in_ring;
                }
            });
        }
        in_ring -= here.size();
        here.clear();
        if (in_ring == 0 && !pending.empty()) {
            current = bucket(pending.top().distance);
        } else {
            ++current;
        }
    }
    return settled;
}

std::size_t settle(const HeatedCells& cells, Nearest& r, std::vector<Entry> start) {
    const double width = cells.bucket_width();
    return width > 0.0 ? settle_with_buckets(cells, r, std::move(start), width)
                       : settle_with_heap(cells, r, std::move(start));
}

// On a graph whose neighbour lists are one-way, a centre may not reach every heated cell: such a cell joins
// the centre nearest in a straight line (its distance stays unreached, so farthest-first still picks it).
// Returns every cell's centre.
std::vector<int> label_unreached(const HeatedCells& cells, const std::vector<std::uint32_t>& centres,
                                 const Nearest& r) {
    std::vector<int> centre(cells.size());
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
        centre[i] = r[i].centre;
        double best = unreached;
        for (int k = 0; r[i].distance == unreached && k < static_cast<int>(centres.size()); ++k) {
            const double d2 =
                length_squared(cells.position(centres[static_cast<std::size_t>(k)]) - cells.position(i));
            if (d2 < best) {
                best = d2;
                centre[i] = k;
            }
        }
    }
    return centre;
}

// The labels of the split so far, kept up to date as centres are added and moved.
class Labels {
  public:
    explicit Labels(const HeatedCells& cells) : cells_(cells), r_(cells.size()) {}

    // Centre k = centres().size() at heated cell i: only the cells it is strictly nearer to change (a
    // higher index never wins a tie), so the pass visits only the new centre's region.
    void add_centre(std::uint32_t i) {
        const int k = static_cast<int>(centres_.size());
        centres_.push_back(i);
        r_[i] = {0.0, k};
        work_ += settle(cells_, r_, {{0.0, k, i}});
    }

    // Moves the centres to `moved` (the same count): the regions of centres that stay keep their labels
    // (each still the length of a real path from its centre), those of moved centres and the cells no centre
    // reached are cleared, and one pass from the moved centres and from the kept cells on the border of the
    // cleared ones settles them (and any kept cell a moved centre is now nearer to).
    void move_centres(const std::vector<std::uint32_t>& moved) {
        std::vector<char> cleared_region(moved.size(), 0);
        for (std::size_t k = 0; k < moved.size(); ++k) {
            cleared_region[k] = moved[k] != centres_[k] ? 1 : 0;
        }
        std::vector<char> cleared(cells_.size(), 0);
        for (std::uint32_t i = 0; i < cells_.size(); ++i) {
            if (r_[i].distance == unreached || cleared_region[static_cast<std::size_t>(r_[i].centre)] != 0) {
                cleared[i] = 1;
                r_[i] = Label{};
            }
        }
        centres_ = moved;
        std::vector<Entry> open;
        for (std::size_t k = 0; k < moved.size(); ++k) {
            if (cleared_region[k] != 0) {
                r_[moved[k]] = {0.0, static_cast<int>(k)};
                open.push_back({0.0, static_cast<int>(k), moved[k]});
            }
        }
        for (std::uint32_t i = 0; i < cells_.size(); ++i) {
            if (cleared[i] != 0) {
                continue;
            }
            bool border = false;
            cells_.for_each_neighbour(i,
                                      [&](std::uint32_t j, double) { border = border || cleared[j] != 0; });
            if (border) {
                open.push_back({r_[i].distance, r_[i].centre, i});
            }
        }
        work_ += settle(cells_, r_, std::move(open));
    }

    const std::vector<std::uint32_t>& centres() const { return centres_; }
    double distance(std::uint32_t i) const { return r_[i].distance; }
    // Every cell's region: its label's centre, or for a cell no centre reaches the nearest in a straight
    // line.
    std::vector<int> regions() const { return label_unreached(cells_, centres_, r_); }
    std::size_t work() const { return work_; }

  private:
    const HeatedCells& cells_;
    Nearest r_;
    std::vector<std::uint32_t> centres_;
    std::size_t work_ = 0;
};

// Farthest-first seeding: the flood's destination, then again and again the warm cell farthest (along cells)
// from every centre so far; a cell no centre reaches counts as farthest. Ties: the lowest cell id. Cooled
// cells join the nearest region (for pictures) but never start one: the heat is what is split.
void farthest_first(const HeatedCells& cells, std::uint32_t first, int k, Labels& labels) {
    labels.add_centre(first);
    while (static_cast<int>(labels.centres().size()) < k) {
        std::uint32_t best = first;
        for (std::uint32_t i = 0; i < cells.size(); ++i) {
            if (cells.value(i) <= 0) {
                continue;  // a cooled cell carries no heat: the player is no longer there
            }
            const double d = labels.distance(i);
            const double b = labels.distance(best);
            if (d > b || (d == b && cells.id(i) < cells.id(best))) {
                best = i;
            }
        }
        if (labels.distance(best) == 0.0) {
            break;  // every heated cell is a centre already
        }
        labels.add_centre(best);
    }
}

// The chapter's rule inside each region: the heat-weighted centroid of its warm cells (plain mean when all
// are cooled) and the candidate cell nearest it (ties: the lowest id). Two passes over the cells for all K.
struct RegionPick {
    std::uint32_t cell = 0;
    Vec3 centroid;
};

std::vector<RegionPick> pick_in_regions(const HeatedCells& cells, const std::vector<int>& centre_of, int k,
                                        DestinationRule rule) {
    struct Sums {
        Vec3 weighted;
        Vec3 plain;
        double weight = 0.0;
        std::size_t count = 0;
    };
    std::vector<Sums> sums(static_cast<std::size_t>(k));
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
        Sums& r = sums[static_cast<std::size_t>(centre_of[i])];
        const Vec3 p = cells.position(i);
        r.weighted = r.weighted + p * static_cast<double>(cells.value(i));
        r.weight += cells.value(i);
        r.plain = r.plain + p;
        ++r.count;
    }
    std::vector<RegionPick> picks(static_cast<std::size_t>(k));
    std::vector<double> best(static_cast<std::size_t>(k), unreached);
    for (std::size_t r = 0; r < sums.size(); ++r) {
        picks[r].centroid = sums[r].weight > 0.0 ? sums[r].weighted / sums[r].weight
                                                 : sums[r].plain / static_cast<double>(sums[r].count);
    }
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
        const auto r = static_cast<std::size_t>(centre_of[i]);
        // nearest_warm takes warm cells only, where the region has any (its weight is their heat).
        if (rule == DestinationRule::nearest_warm && sums[r].weight > 0.0 && cells.value(i) <= 0) {
            continue;
        }
        const double d2 = length_squared(cells.position(i) - picks[r].centroid);
        if (d2 < best[r] || (d2 == best[r] && cells.id(i) < cells.id(picks[r].cell))) {
            best[r] = d2;
            picks[r].cell = i;
        }
    }
    return picks;
}

DestinationRegion make_region(const HeatedCells& cells, const std::vector<int>& centre_of, int region,
                              const RegionPick& pick) {
    DestinationRegion r;
    r.destination_cell = cells.id(pick.cell);
    r.destination = cells.position(pick.cell);
    r.centroid = pick.centroid;
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
        if (centre_of[i] == region) {
            r.heat += cells.value(i);
            ++r.cells;
        }
    }
    return r;
}

// Largest heat first, then the lower destination id; region_of renumbered to match.
void order_by_heat(SplitDestinations& split) {
    std::vector<int> order(split.regions.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const DestinationRegion& ra = split.regions[static_cast<std::size_t>(a)];
        const DestinationRegion& rb = split.regions[static_cast<std::size_t>(b)];
        return ra.heat != rb.heat ? ra.heat > rb.heat : ra.destination_cell < rb.destination_cell;
    });
    std::vector<int> rank(order.size());
    std::vector<DestinationRegion> sorted;
    for (std::size_t r = 0; r < order.size(); ++r) {
        rank[static_cast<std::size_t>(order[r])] = static_cast<int>(r);
        sorted.push_back(split.regions[static_cast<std::size_t>(order[r])]);
    }
    split.regions = std::move(sorted);
    for (int& region : split.region_of) {
        region = rank[static_cast<std::size_t>(region)];
    }
}

SplitDestinations whole_heat(const Flood& flood, const HeatedCells& cells) {
    const FloodResult result = flood.result();
    SplitDestinations split;
    DestinationRegion region;
    region.destination_cell = result.destination_cell;
    region.destination = result.destination;
    region.centroid = result.centroid;
    region.cells = cells.size();
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
        region.heat += cells.value(i);
    }
    split.regions.push_back(region);
    split.region_of.assign(cells.size(), 0);
    return split;
}

}  // namespace

SplitDestinations split_destinations(const Flood& flood, int k) {
    if (k < 1 || k > max_split_destinations) {
        throw std::invalid_argument("split_destinations: k must be in [1, 16]");
    }
    if (!flood.started()) {
        throw std::logic_error("split_destinations: the flood was never started");
    }
    const HeatedCells cells(flood);
    if (k == 1) {
        return whole_heat(flood, cells);
    }
    const std::uint32_t first = cells.find(flood.result().destination_cell);
    Labels labels(cells);
    farthest_first(cells, first, k, labels);
    const DestinationRule rule = flood.settings().destination;
    SplitDestinations split;
    std::vector<RegionPick> picks;
    std::vector<int> region_of;
    const int k_found = static_cast<int>(labels.centres().size());
    const std::size_t work_bound = split_work_bound(cells.size());
    for (split.rounds = 1;; ++split.rounds) {
        region_of = labels.regions();
        picks = pick_in_regions(cells, region_of, k_found, rule);
        std::vector<std::uint32_t> moved = labels.centres();
        for (std::size_t r = 0; r < moved.size(); ++r) {
            moved[r] = picks[r].cell;
        }
        if (moved == labels.centres() || split.rounds == split_max_rounds) {
            break;
        }
        // A round's pass settles each heated cell at most once: stop before one could pass the bound.
        if (labels.work() + cells.size() > work_bound) {
            split.at_work_bound = true;
            break;
        }
        labels.move_centres(moved);
    }
    const std::vector<std::uint32_t>& centres = labels.centres();
    for (int r = 0; r < static_cast<int>(centres.size()); ++r) {
        RegionPick pick = picks[static_cast<std::size_t>(r)];
        pick.cell = centres[static_cast<std::size_t>(r)];
        split.regions.push_back(make_region(cells, region_of, r, pick));
    }
    split.region_of = std::move(region_of);
    split.work = labels.work();
    order_by_heat(split);
    return split;
}

}  // namespace kinema::chase
