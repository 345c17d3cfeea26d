// chase::split_destinations's cost bound (issue 40): the split updates its shortest-path labels instead of
// recomputing them (the seeding's passes visit only the cells each new destination takes; a Lloyd round only
// the regions whose destinations moved), and its rounds stop at split_work_bound(). Checked here: the result
// is exactly (bit for bit) that of the straightforward split that ran one full multi-source Dijkstra per
// seed and per round (kept below as the reference), on our levels and on generated mazes for every K; and on
// a large open flood the work (cells settled) stays within the bound, where the straightforward split
// settled every heated cell once per seed and once per round (K - 1 + rounds passes). No test is timed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <limits>
#include <numeric>
#include <queue>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::chase {
namespace {

namespace reference {

// The split as it was before issue 40 (src/chase/split.cpp at c8d8bc3), with a count of the cells each pass
// settled: one full multi-source Dijkstra per farthest-first seed and per Lloyd round.
std::size_t settled = 0;

constexpr double unreached = std::numeric_limits<double>::infinity();

// The heated cells as a small graph of their own, built once: index i is the i-th cell of
// Flood::heated_cells(); neighbour lists hold only heated neighbours, with the edge lengths (world units).
class HeatedCells {
  public:
    explicit HeatedCells(const Flood& flood) : ids_(flood.heated_cells()) {
        const CellSpace& space = *flood.space();
        std::vector<std::pair<CellId, std::uint32_t>> by_id;
        by_id.reserve(ids_.size());
        for (std::uint32_t i = 0; i < ids_.size(); ++i) {
            by_id.emplace_back(ids_[i], i);
            values_.push_back(flood.value(ids_[i]));
            positions_.push_back(space.position(ids_[i]));
        }
        std::sort(by_id.begin(), by_id.end());
        offsets_.push_back(0);
        for (std::uint32_t i = 0; i < ids_.size(); ++i) {
            for (const CellId n : space.neighbours(ids_[i])) {
                const auto it = std::lower_bound(by_id.begin(), by_id.end(), std::pair{n, std::uint32_t{0}});
                if (it != by_id.end() && it->first == n) {
                    neighbours_.push_back(it->second);
                    edges_.push_back(length(positions_[it->second] - positions_[i]));
                }
            }
            offsets_.push_back(static_cast<std::uint32_t>(neighbours_.size()));
        }
    }

    std::size_t size() const { return ids_.size(); }
    CellId id(std::uint32_t i) const { return ids_[i]; }
    int value(std::uint32_t i) const { return values_[i]; }
    Vec3 position(std::uint32_t i) const { return positions_[i]; }

    // Calls visit(j, edge length) for every heated neighbour j of heated cell i.
    template <class Visit>
    void for_each_neighbour(std::uint32_t i, Visit&& visit) const {
        for (std::uint32_t e = offsets_[i]; e < offsets_[i + 1]; ++e) {
            visit(neighbours_[e], edges_[e]);
        }
    }

  private:
    std::span<const CellId> ids_;
    std::vector<int> values_;
    std::vector<Vec3> positions_;
    std::vector<std::uint32_t> offsets_;
    std::vector<std::uint32_t> neighbours_;
    std::vector<double> edges_;
};

// Every heated cell's path length to its nearest centre and that centre's index (ties: the lower index),
// by one multi-source Dijkstra through heated cells.
struct Nearest {
    std::vector<double> distance;
    std::vector<int> centre;
};

// On a graph whose neighbour lists are one-way, a centre may not reach every heated cell: such a cell joins
// the centre nearest in a straight line (its distance stays unreached, so farthest-first still picks it).
void label_unreached(const HeatedCells& cells, const std::vector<std::uint32_t>& centres, Nearest& r) {
    for (std::uint32_t i = 0; i < cells.size(); ++i) {
        double best = unreached;
        for (int k = 0; r.distance[i] == unreached && k < static_cast<int>(centres.size()); ++k) {
            const double d2 =
                length_squared(cells.position(centres[static_cast<std::size_t>(k)]) - cells.position(i));
            if (d2 < best) {
                best = d2;
                r.centre[i] = k;
            }
        }
    }
}

Nearest nearest_centres(const HeatedCells& cells, const std::vector<std::uint32_t>& centres) {
    Nearest r{std::vector<double>(cells.size(), unreached), std::vector<int>(cells.size(), -1)};
    using Entry = std::tuple<double, int, std::uint32_t>;  // distance, centre, cell index
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    for (int k = 0; k < static_cast<int>(centres.size()); ++k) {
        r.distance[centres[k]] = 0.0;
        r.centre[centres[k]] = k;
        open.emplace(0.0, k, centres[k]);
    }
    while (!open.empty()) {
        const auto [d, k, i] = open.top();
        open.pop();
        if (d != r.distance[i] || k != r.centre[i]) {
            continue;
        }
        ++settled;
        cells.for_each_neighbour(i, [&, d = d, k = k](std::uint32_t j, double edge) {
            const double through = d + edge;
            if (through < r.distance[j] || (through == r.distance[j] && k < r.centre[j])) {
                r.distance[j] = through;
                r.centre[j] = k;
                open.emplace(through, k, j);
            }
        });
    }
    label_unreached(cells, centres, r);
    return r;
}

// Farthest-first seeding: the flood's destination, then again and again the warm cell farthest (along cells)
// from every centre so far; a cell no centre reaches counts as farthest. Ties: the lowest cell id. Cooled
// cells join the nearest region (for pictures) but never start one: the heat is what is split.
std::vector<std::uint32_t> farthest_first(const HeatedCells& cells, std::uint32_t first, int k) {
    std::vector<std::uint32_t> centres{first};
    while (static_cast<int>(centres.size()) < k) {
        const Nearest nearest = nearest_centres(cells, centres);
        std::uint32_t best = first;
        for (std::uint32_t i = 0; i < cells.size(); ++i) {
            if (cells.value(i) <= 0) {
                continue;  // a cooled cell carries no heat: the player is no longer there
            }
            const double d = nearest.distance[i];
            const double b = nearest.distance[best];
            if (d > b || (d == b && cells.id(i) < cells.id(best))) {
                best = i;
            }
        }
        if (nearest.distance[best] == 0.0) {
            break;  // every heated cell is a centre already
        }
        centres.push_back(best);
    }
    return centres;
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

SplitDestinations split(const Flood& flood, int k) {
    const HeatedCells cells(flood);
    const std::uint32_t first = static_cast<std::uint32_t>(
        std::find(flood.heated_cells().begin(), flood.heated_cells().end(), flood.result().destination_cell) -
        flood.heated_cells().begin());
    std::vector<std::uint32_t> centres = farthest_first(cells, first, k);
    const DestinationRule rule = flood.settings().destination;
    SplitDestinations split;
    std::vector<RegionPick> picks;
    Nearest nearest;
    const int k_found = static_cast<int>(centres.size());
    for (split.rounds = 1;; ++split.rounds) {
        nearest = nearest_centres(cells, centres);
        picks = pick_in_regions(cells, nearest.centre, k_found, rule);
        bool moved = false;
        for (std::size_t r = 0; r < centres.size(); ++r) {
            moved = moved || picks[r].cell != centres[r];
        }
        if (!moved || split.rounds == split_max_rounds) {
            break;
        }
        for (std::size_t r = 0; r < centres.size(); ++r) {
            centres[r] = picks[r].cell;
        }
    }
    for (int r = 0; r < static_cast<int>(centres.size()); ++r) {
        RegionPick pick = picks[static_cast<std::size_t>(r)];
        pick.cell = centres[static_cast<std::size_t>(r)];
        split.regions.push_back(make_region(cells, nearest.centre, r, pick));
    }
    split.region_of = std::move(nearest.centre);
    order_by_heat(split);
    return split;
}

}  // namespace reference

namespace fs = std::filesystem;

// A finished flood on `level` from (x, y) facing east, with room to spread.
Flood open_flood(const GridSpace& grid, Vec2 from, int max_heated, int max_steps, int hot = 20) {
    FloodSettings settings;
    settings.max_heated = max_heated;
    settings.max_steps = max_steps;
    settings.hot = hot;
    Flood flood(settings);
    flood.start(grid.cells(), grid.locate(from), {1.0, 0.0});
    flood.run();
    return flood;
}

void expect_same_split(const Flood& flood, int k, const std::string& what) {
    const SplitDestinations a = split_destinations(flood, k);
    const SplitDestinations b = reference::split(flood, k);
    ASSERT_EQ(a.regions.size(), b.regions.size()) << what;
    EXPECT_EQ(a.rounds, b.rounds) << what;
    EXPECT_FALSE(a.at_work_bound) << what;
    for (std::size_t r = 0; r < a.regions.size(); ++r) {
        EXPECT_EQ(a.regions[r].destination_cell, b.regions[r].destination_cell) << what << " region " << r;
        // Bit for bit: the centroids are the same sums in the same order.
        EXPECT_EQ(a.regions[r].destination, b.regions[r].destination) << what << " region " << r;
        EXPECT_EQ(a.regions[r].centroid, b.regions[r].centroid) << what << " region " << r;
        EXPECT_EQ(a.regions[r].heat, b.regions[r].heat) << what << " region " << r;
        EXPECT_EQ(a.regions[r].cells, b.regions[r].cells) << what << " region " << r;
    }
    EXPECT_EQ(a.region_of, b.region_of) << what;
}

// A maze-like level: walls at pseudo-random tiles (a fixed linear congruential sequence), a border of walls.
levels::GridLevel scattered_walls(int width, int height, int percent_walls, std::uint32_t seed) {
    std::string text;
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            seed = seed * 1664525U + 1013904223U;
            const bool border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
            text += border || static_cast<int>((seed >> 16) % 100) < percent_walls ? '#' : '.';
        }
        text += '\n';
    }
    return levels::parse_ascii_level(text, "scattered");
}

TEST(SplitWork, SameSplitAsOneFullPassPerSeedAndRoundOnOurLevels) {
    for (const auto& entry : fs::directory_iterator(KINEMA_DATA_DIR "/levels")) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        const levels::GridLevel level = testing::our_level(entry.path().stem().string());
        const GridSpace grid(level);
        const testing::MarkedSeed seed = testing::marked_seed(level, grid);
        for (const int max_heated : {25, 1000}) {
            FloodSettings settings;
            settings.max_heated = max_heated;
            settings.max_steps = 100;
            Flood flood(settings);
            flood.start(grid.cells(), seed.location, seed.direction);
            flood.run();
            for (int k = 2; k <= max_split_destinations; ++k) {
                expect_same_split(flood, k,
                                  entry.path().stem().string() + " M_H " + std::to_string(max_heated) +
                                      " K " + std::to_string(k));
            }
        }
    }
}

TEST(SplitWork, SameSplitAsOneFullPassPerSeedAndRoundOnScatteredWalls) {
    for (const std::uint32_t seed : {1U, 7U, 42U}) {
        for (const int walls : {10, 30}) {
            const levels::GridLevel level = scattered_walls(60, 40, walls, seed);
            const GridSpace grid(level);
            const Flood flood = open_flood(grid, {30.5, 20.5}, 100000, 200, 40);
            for (const int k : {2, 3, 5, 8, 16}) {
                expect_same_split(flood, k,
                                  "seed " + std::to_string(seed) + " walls " + std::to_string(walls) +
                                      "% K " + std::to_string(k));
            }
        }
    }
}

// 400 x 400 open floor (119,601 cells heated in front of the barrier): the straightforward split settled
// every heated cell once per seed and once per round, (15 + 13) n for K = 16; the updates settle under 9 n,
// and give the same split.
TEST(SplitWork, TheSeedingAndRoundsVisitOnlyWhatChanges) {
    const levels::GridLevel level = scattered_walls(402, 402, 0, 1);
    const GridSpace grid(level);
    const Flood flood = open_flood(grid, {201.5, 201.5}, 1000000, 1000000);
    const std::size_t n = flood.heated_cells().size();
    ASSERT_EQ(n, 119601U);  // the barrier behind the seed keeps the rest cold
    reference::settled = 0;
    const SplitDestinations old = reference::split(flood, max_split_destinations);
    ASSERT_EQ(old.rounds, 13);
    EXPECT_EQ(reference::settled, (15 + 13) * n);
    const SplitDestinations split = split_destinations(flood, max_split_destinations);
    EXPECT_EQ(split.rounds, 13);
    EXPECT_FALSE(split.at_work_bound);
    EXPECT_LT(split.work, 9 * n);
    expect_same_split(flood, max_split_destinations, "400 x 400");
}

// 1024 x 1024 open floor (785,409 cells heated): the rounds stop at the bound, 4 n + 2^22 cells settled (the
// straightforward split ran 15 full passes to seed and 20 rounds of one full pass each, 35 n).
TEST(SplitWork, ALargeOpenFloodStopsItsRoundsAtTheWorkBound) {
    const levels::GridLevel level = scattered_walls(1026, 1026, 0, 1);
    const GridSpace grid(level);
    const Flood flood = open_flood(grid, {513.5, 513.5}, 1000000, 1000000);
    const std::size_t n = flood.heated_cells().size();
    ASSERT_GT(n, 700000U);
    const SplitDestinations split = split_destinations(flood, max_split_destinations);
    EXPECT_TRUE(split.at_work_bound);
    EXPECT_LE(split.work, split_work_bound(n));
    EXPECT_LT(split.rounds, 20);
    EXPECT_EQ(split.regions.size(), 16U);
    std::size_t cells = 0;
    for (const DestinationRegion& region : split.regions) {
        cells += region.cells;
    }
    EXPECT_EQ(cells, n);
}

}  // namespace
}  // namespace kinema::chase
