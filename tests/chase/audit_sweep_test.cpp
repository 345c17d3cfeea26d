// chase::audit_sweep (`kinema audit --sweep`'s runs): the combinations in order, the first axis slowest, each
// point's totals those of a separate audit with its settings, and one progress count over the whole sweep.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit_sweep.hpp"
#include "kinema/core/settings_registry.hpp"

namespace kinema::chase {
namespace {

using testing::our_level;

const std::vector<AuditSweepAxis> hot_and_steps = {{"hot", {"10", "40"}}, {"max_steps", {"20", "30", "40"}}};

TEST(AuditSweep, CombinationsAreTheProductOfTheValueCounts) {
    EXPECT_EQ(audit_sweep_combinations(hot_and_steps), 6u);
    EXPECT_EQ(audit_sweep_combinations({}), 1u);  // no axis: the one audit of the base settings
    const std::vector<AuditSweepAxis> one_empty = {{"hot", {"10"}}, {"max_steps", {}}};
    EXPECT_EQ(audit_sweep_combinations(one_empty), 0u);
}

TEST(AuditSweep, TheLastAxisVariesFastest) {
    FloodSettings base;
    base.max_heated = 7;
    const int expected[6][2] = {{10, 20}, {10, 30}, {10, 40}, {40, 20}, {40, 30}, {40, 40}};
    for (std::size_t i = 0; i < 6; ++i) {
        const AuditSweepPoint p = audit_sweep_point(base, hot_and_steps, i);
        EXPECT_EQ(p.values,
                  (std::vector<std::string>{std::to_string(expected[i][0]), std::to_string(expected[i][1])}));
        EXPECT_EQ(p.flood.hot, expected[i][0]);
        EXPECT_EQ(p.flood.max_steps, expected[i][1]);
        EXPECT_EQ(p.flood.max_heated, 7);  // an unswept field keeps the base's value
        EXPECT_EQ(p.totals.rows, 0u);
    }
    const std::vector<AuditSweepAxis> bad = {{"hot", {"x"}}};
    EXPECT_THROW((void)audit_sweep_point(base, bad, 0), SettingsError);
}

TEST(AuditSweep, EachPointIsTheAuditOfItsSettings) {
    const auto level = our_level("warehouse_loop");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const std::vector<const ChaseSpace*> spaces(2, &space);
    AuditSettings settings;
    settings.directions = 4;
    std::size_t last_done = 0;
    std::size_t last_total = 0;
    const std::vector<AuditSweepPoint> points =
        audit_sweep(spaces, {}, settings, hot_and_steps, [&](std::size_t done, std::size_t total) {
            last_done = std::max(last_done, done);
            last_total = total;
        });
    ASSERT_EQ(points.size(), 6u);
    const std::size_t rows = grid.cells().size() * 4;
    EXPECT_EQ(last_total, 6 * rows);
    EXPECT_EQ(last_done, 6 * rows);
    for (std::size_t i = 0; i < points.size(); ++i) {
        const AuditTotals alone = audit(space, points[i].flood, settings, 1).totals;
        EXPECT_EQ(points[i].totals.rows, rows);
        EXPECT_EQ(points[i].totals.stop_reasons, alone.stop_reasons) << i;
        EXPECT_EQ(points[i].totals.findings, alone.findings) << i;
        EXPECT_EQ(points[i].totals.mean_chase_distance, alone.mean_chase_distance) << i;
    }
    // The swept settings change the outcome: hot 10 with 20 steps stops differently from hot 40 with 40.
    EXPECT_NE(points[0].totals.stop_reasons, points[5].totals.stop_reasons);
}

}  // namespace
}  // namespace kinema::chase
