// "No heap allocation per flood after the first": counts every global operator new in this binary.
#include <gtest/gtest.h>

#include "allocation_counter.hpp"

#include <cmath>
#include <fstream>
#include <random>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/moving_ai.hpp"

namespace kinema::chase {
namespace {

void expect_no_allocation_after_first(const GridSpace& grid, int floods) {
    Flood flood;
    std::mt19937_64 rng(42);
    std::uniform_int_distribution<CellId> cell(0, static_cast<CellId>(grid.cells().size() - 1));
    std::uniform_real_distribution<double> angle(0.0, 6.283185307179586);
    flood.start(grid.cells(), cell(rng), Vec2{1.0, 0.0});
    flood.run();
    const long before = kinema::test::allocation_count();
    double checksum = 0.0;
    for (int i = 0; i < floods; ++i) {
        const double a = angle(rng);
        flood.start(grid.cells(), cell(rng), Vec2{std::cos(a), std::sin(a)});
        if (i % 3 == 0) {
            while (!flood.advance(2)) {
                checksum += flood.result().centroid.x;
            }
        } else if (i % 3 == 1) {
            flood.advance_until(0.1 * i, 7.0, [&](const Flood& f) { checksum += f.steps(); });
            flood.restart({cell(rng), false}, Vec2{-1.0, 0.5});
        }
        const FloodResult r = flood.run();
        checksum += r.centroid.y + flood.value(r.destination_cell);
    }
    EXPECT_EQ(kinema::test::allocation_count() - before, 0) << "allocations in " << floods << " floods";
    EXPECT_TRUE(std::isfinite(checksum));
}

TEST(FloodAllocations, NoneAfterTheFirstFloodOnOurLevel) {
    const levels::GridLevel level = levels::default_level();
    expect_no_allocation_after_first(GridSpace(level), 2000);
}

TEST(FloodAllocations, NoneAfterTheFirstFloodOnASharedMap) {
    const std::string path = std::string(KINEMA_SHARED_DATA_DIR) + "/maps/den520d.map";
    if (!std::ifstream(path)) {
        GTEST_SKIP() << "shared map " << path << " not found (set KINEMA_SHARED_DATA_DIR)";
    }
    expect_no_allocation_after_first(GridSpace(levels::load_moving_ai_map(path)), 2000);
}

// The whole chase query (issue 8: flood, destination, dead reckoning) adds no allocation on grids.
TEST(FloodAllocations, NoneInAGridChaseQueryAfterTheFirst) {
    const GridSpace grid(levels::default_level());
    const GridChaseSpace space(grid);
    Flood flood;
    ChaseQuery q;
    q.position = {3.5, 2.5, 0.0};
    q.direction = {1.0, 0.0, 0.0};
    run_chase(space, flood, q);
    const long before = kinema::test::allocation_count();
    double checksum = 0.0;
    for (int i = 0; i < 500; ++i) {
        q.position = {1.0 + 0.037 * i, 1.0 + 0.061 * i, 0.0};
        q.direction = {std::cos(0.1 * i), std::sin(0.1 * i), 0.0};
        const ChaseResult r = run_chase(space, flood, q);
        checksum += r.flood.centroid.x + r.dead_reckoning.position.y;
    }
    EXPECT_EQ(kinema::test::allocation_count() - before, 0);
    EXPECT_TRUE(std::isfinite(checksum));
}

TEST(FloodAllocations, CounterSeesAllocations) {
    const long before = kinema::test::allocation_count();
    const GridSpace grid(levels::default_level());  // builds vectors
    EXPECT_GT(kinema::test::allocation_count() - before, 0);
    EXPECT_GT(grid.cells().size(), 0u);
}

}  // namespace
}  // namespace kinema::chase
