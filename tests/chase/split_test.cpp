// chase::split_destinations, one flood's heat split into K regions along the level: K = 1 is the flood's own
// destination on every level; the T junction of Couvidou's Figure 5 (left) by hand; a corridor's regions
// follow it; every split is a partition whose destinations obey the chapter's rule inside their regions; the
// grid fast path and the generic flood split alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/levels/ascii_level.hpp"

namespace kinema::chase {
namespace {

namespace fs = std::filesystem;
using testing::marked_seed;
using testing::our_level;

// A finished flood from the level's marked seed.
Flood flood_on(const GridSpace& grid, const levels::GridLevel& level, GridPath path = GridPath::automatic) {
    Flood flood;
    flood.set_grid_path(path);
    const testing::MarkedSeed seed = marked_seed(level, grid);
    flood.start(grid.cells(), seed.location, seed.direction);
    flood.run();
    return flood;
}

std::vector<std::string> our_level_names() {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(KINEMA_DATA_DIR "/levels")) {
        if (entry.path().extension() == ".txt") {
            names.push_back(entry.path().stem().string());
        }
    }
    std::sort(names.begin(), names.end());
    return names;
}

TEST(SplitDestinations, OneRegionIsTheFloodsDestinationOnEveryLevel) {
    for (const std::string& name : our_level_names()) {
        const levels::GridLevel level = our_level(name);
        const GridSpace grid(level);
        const Flood flood = flood_on(grid, level);
        const FloodResult result = flood.result();
        const SplitDestinations split = split_destinations(flood, 1);
        ASSERT_EQ(split.regions.size(), 1U) << name;
        EXPECT_EQ(split.regions[0].destination_cell, result.destination_cell) << name;
        EXPECT_EQ(split.regions[0].destination, result.destination) << name;
        EXPECT_EQ(split.regions[0].centroid, result.centroid) << name;
        EXPECT_EQ(split.regions[0].cells, result.heated_cells) << name;
    }
}

// t_junction_equal: the stem is column 16 (rows 3-9), the cross corridor row 2 (columns 1-31), the seed
// (16, 8) facing north. 8-connected without corner cutting, the flood heats (16, 7) .. (16, 3) at steps 1-5,
// the junction (16, 2) at step 6 and column 16 +- d at step 6 + d; it runs out at step 21 (d = 15). A cell
// heated at step j holds 20 - (21 - j) = j - 1 at the end. West of the junction, column c (d = 16 - c) holds
// 21 - c. With K = 2, farthest-first adds (1, 2) (both ends are 15 steps from the junction; the lower id
// wins) and the rounds settle with (15, 2), equally far from both destinations, in region 0 (the lower
// index), i.e. with the junction: the west region is columns 1-14.
TEST(SplitDestinations, TJunctionWithEqualBranchesPutsOneDestinationInEachBranch) {
    const levels::GridLevel level = our_level("t_junction_equal");
    const GridSpace grid(level);
    const Flood flood = flood_on(grid, level);
    ASSERT_EQ(flood.result().destination_cell, grid.cell_at(16, 2));  // K = 1: the junction itself
    const SplitDestinations split = split_destinations(flood, 2);
    ASSERT_EQ(split.regions.size(), 2U);
    const DestinationRegion& east = split.regions[0];
    const DestinationRegion& west = split.regions[1];
    // West: heat sum_{c=1..14} (21 - c) = 294 - 105 = 189; centroid x = sum (21 - c)(c + 0.5) / 189 =
    // (20.5 * 105 + 14 * 10.5 - 1015) / 189 = 1284.5 / 189 = 6.796..., so column 6's centre 6.5 is nearest.
    EXPECT_EQ(west.heat, 189);
    EXPECT_EQ(west.cells, 14U);
    EXPECT_DOUBLE_EQ(west.centroid.x, 1284.5 / 189.0);
    EXPECT_DOUBLE_EQ(west.centroid.y, 2.5);
    EXPECT_EQ(west.destination_cell, grid.cell_at(6, 2));
    // East: columns 15-31 of row 2 (6, 5, then c - 11 for c = 17..31: 6..20) and the stem's 4 + 3 + 2 + 1 +
    // 0 + 0: 6 + 5 + 195 + 10 = 216 over 17 + 6 = 23 cells. Its centroid's x leans east of the junction.
    EXPECT_EQ(east.heat, 216);
    EXPECT_EQ(east.cells, 23U);
    const double east_x = (6 * 15.5 + 5 * 16.5 + 10 * 16.5 +
                           [] {
                               double sum = 0.0;
                               for (int c = 17; c <= 31; ++c) {
                                   sum += (c - 11) * (c + 0.5);
                               }
                               return sum;
                           }()) /
                          216.0;
    EXPECT_NEAR(east.centroid.x, east_x, 1e-12);
    EXPECT_EQ(grid.tile_of(east.destination_cell).row, 2);
    EXPECT_EQ(grid.tile_of(east.destination_cell).col, static_cast<int>(east_x));  // the nearest column
    EXPECT_GT(grid.tile_of(east.destination_cell).col, 16);
}

// long_corridor: one way on. Every region is one stretch of the corridor (its columns an interval, the
// intervals disjoint), each destination inside its own stretch and ahead of the seed.
TEST(SplitDestinations, RegionsFollowACorridorWithOneWayOn) {
    const levels::GridLevel level = our_level("long_corridor");
    const GridSpace grid(level);
    const Flood flood = flood_on(grid, level);
    const int seed_col = grid.tile_of(flood.result().seed_cell).col;
    for (int k = 2; k <= 6; ++k) {
        const SplitDestinations split = split_destinations(flood, k);
        ASSERT_EQ(split.regions.size(), static_cast<std::size_t>(k));
        std::map<int, std::pair<int, int>> columns;  // region -> [first, last] column
        for (std::size_t i = 0; i < flood.heated_cells().size(); ++i) {
            const int col = grid.tile_of(flood.heated_cells()[i]).col;
            auto [it, added] = columns.emplace(split.region_of[i], std::pair{col, col});
            it->second = {std::min(it->second.first, col), std::max(it->second.second, col)};
        }
        std::vector<std::pair<int, int>> spans;
        for (const auto& [region, span] : columns) {
            spans.push_back(span);
        }
        std::sort(spans.begin(), spans.end());
        for (std::size_t i = 1; i < spans.size(); ++i) {
            EXPECT_LT(spans[i - 1].second, spans[i].first) << "K = " << k << ": regions overlap";
        }
        for (std::size_t r = 0; r < split.regions.size(); ++r) {
            const int col = grid.tile_of(split.regions[r].destination_cell).col;
            EXPECT_GT(col, seed_col) << "K = " << k;
            const auto [first, last] = columns.at(static_cast<int>(r));
            EXPECT_GE(col, first) << "K = " << k << ": a destination outside its stretch";
            EXPECT_LE(col, last) << "K = " << k << ": a destination outside its stretch";
        }
    }
}

// For every level and K: the regions partition the heated cells, sum their heat, are ordered by heat, and
// each destination is the cell of its region nearest the region's heat-weighted centroid, recomputed here.
TEST(SplitDestinations, EverySplitIsAPartitionObeyingTheChaptersRule) {
    for (const std::string& name : our_level_names()) {
        const levels::GridLevel level = our_level(name);
        const GridSpace grid(level);
        const Flood flood = flood_on(grid, level);
        const std::span<const CellId> heated = flood.heated_cells();
        for (int k = 2; k <= max_split_destinations; ++k) {
            const SplitDestinations split = split_destinations(flood, k);
            ASSERT_EQ(split.region_of.size(), heated.size());
            ASSERT_LT(split.rounds, split_max_rounds) << name << " K = " << k << " did not settle";
            std::vector<long long> heat(split.regions.size(), 0);
            std::vector<std::size_t> cells(split.regions.size(), 0);
            std::vector<Vec3> weighted(split.regions.size());
            for (std::size_t i = 0; i < heated.size(); ++i) {
                const int r = split.region_of[i];
                ASSERT_GE(r, 0);
                ASSERT_LT(r, static_cast<int>(split.regions.size()));
                const int v = flood.value(heated[i]);
                heat[static_cast<std::size_t>(r)] += v;
                ++cells[static_cast<std::size_t>(r)];
                weighted[static_cast<std::size_t>(r)] =
                    weighted[static_cast<std::size_t>(r)] + grid.cells().position(heated[i]) * v;
            }
            for (std::size_t r = 0; r < split.regions.size(); ++r) {
                const DestinationRegion& region = split.regions[r];
                EXPECT_EQ(region.heat, heat[r]) << name;
                EXPECT_EQ(region.cells, cells[r]) << name;
                if (r > 0) {
                    EXPECT_GE(split.regions[r - 1].heat, region.heat) << name;
                }
                if (region.heat > 0) {
                    const Vec3 centroid = weighted[r] / static_cast<double>(region.heat);
                    EXPECT_NEAR(length(region.centroid - centroid), 0.0, 1e-9) << name;
                    const double d = length_squared(region.destination - region.centroid);
                    for (std::size_t i = 0; i < heated.size(); ++i) {
                        if (split.region_of[i] == static_cast<int>(r)) {
                            EXPECT_GE(length_squared(grid.cells().position(heated[i]) - region.centroid), d)
                                << name << " K = " << k;
                        }
                    }
                }
            }
        }
    }
}

TEST(SplitDestinations, GridPathAndGenericFloodSplitAlike) {
    for (const char* name : {"corner", "t_junction_unequal", "corridor_into_room", "side_exit_behind"}) {
        const levels::GridLevel level = our_level(name);
        const GridSpace grid(level);
        const Flood fast = flood_on(grid, level, GridPath::always);
        const Flood generic = flood_on(grid, level, GridPath::never);
        for (int k = 1; k <= 8; ++k) {
            const SplitDestinations a = split_destinations(fast, k);
            const SplitDestinations b = split_destinations(generic, k);
            ASSERT_EQ(a.regions.size(), b.regions.size()) << name;
            for (std::size_t r = 0; r < a.regions.size(); ++r) {
                EXPECT_EQ(a.regions[r].destination_cell, b.regions[r].destination_cell) << name << " K " << k;
                EXPECT_EQ(a.regions[r].heat, b.regions[r].heat) << name << " K " << k;
                EXPECT_EQ(a.regions[r].cells, b.regions[r].cells) << name << " K " << k;
            }
        }
    }
}

// Three floor tiles in a row, the seed at the west end facing east: steps 1 and 2 heat the other two, so the
// values are 18, 19, 20 (all warm). K = 16 gives one region a cell, hottest first.
TEST(SplitDestinations, FewerWarmCellsThanKGiveOneRegionACell) {
    const levels::GridLevel level = levels::parse_ascii_level("#####\n#>..#\n#####\n", "three");
    const GridSpace grid(level);
    const Flood flood = flood_on(grid, level);
    ASSERT_EQ(flood.result().heated_cells, 3U);
    const SplitDestinations split = split_destinations(flood, max_split_destinations);
    ASSERT_EQ(split.regions.size(), 3U);
    for (int r = 0; r < 3; ++r) {
        EXPECT_EQ(split.regions[static_cast<std::size_t>(r)].heat, 20 - r);
        EXPECT_EQ(split.regions[static_cast<std::size_t>(r)].cells, 1U);
        EXPECT_EQ(split.regions[static_cast<std::size_t>(r)].destination_cell, grid.cell_at(3 - r, 1));
    }
}

TEST(SplitDestinations, RefusesABadCountAndAnUnstartedFlood) {
    const levels::GridLevel level = our_level("corner");
    const GridSpace grid(level);
    const Flood flood = flood_on(grid, level);
    EXPECT_THROW(split_destinations(flood, 0), std::invalid_argument);
    EXPECT_THROW(split_destinations(flood, max_split_destinations + 1), std::invalid_argument);
    EXPECT_THROW(split_destinations(Flood{}, 2), std::logic_error);
    ChaseQuery q;
    q.destinations = 17;
    const FieldErrors errors = q.validate();
    ASSERT_EQ(errors.size(), 1U);
    EXPECT_EQ(errors[0].field, "destinations");
}

TEST(SplitDestinations, RunChaseSplitsWhenAskedAndOnlyThen) {
    const levels::GridLevel level = our_level("t_junction_equal");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    ChaseQuery q;
    q.position = {16.5, 8.5, 0.0};
    q.direction = {0.0, -1.0, 0.0};
    Flood flood;
    EXPECT_FALSE(run_chase(space, flood, q).split.has_value());
    q.destinations = 2;
    const ChaseResult r = run_chase(space, flood, q);
    ASSERT_TRUE(r.split.has_value());
    ASSERT_EQ(r.split_cells.size(), 2U);
    EXPECT_EQ(r.split_cells[1], (CellCoords{{6, 2, 0}, 2}));
    // Splitting changes nothing else.
    Flood again;
    q.destinations.reset();
    const ChaseResult plain = run_chase(space, again, q);
    EXPECT_EQ(plain.flood.destination_cell, r.flood.destination_cell);
    EXPECT_EQ(plain.flood.centroid, r.flood.centroid);
}

}  // namespace
}  // namespace kinema::chase
