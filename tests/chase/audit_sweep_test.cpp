// chase::audit_sweep (`kinema audit --sweep`'s runs): the combinations in order, the first axis slowest, each
// point's totals those of a separate audit with its settings, and one progress count over the whole sweep;
// parse_audit_sweep and check_audit_sweep: the axes read from their texts and each refusal, naming its field.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit_sweep.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"

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

TEST(AuditSweep, TextsAreReadIntoAxesInOrder) {
    const std::vector<std::string> texts = {"hot=10,40", "max_steps=20,30,40"};
    const std::vector<AuditSweepAxis> axes = parse_audit_sweep(texts, {});
    ASSERT_EQ(axes.size(), 2u);
    EXPECT_EQ(axes[0].field, "hot");
    EXPECT_EQ(axes[0].values, (std::vector<std::string>{"10", "40"}));
    EXPECT_EQ(axes[1].field, "max_steps");
    EXPECT_EQ(axes[1].values, (std::vector<std::string>{"20", "30", "40"}));
    EXPECT_TRUE(parse_audit_sweep({}, {}).empty());
    EXPECT_EQ(audit_sweep_fields(),
              (std::vector<std::string>{"hot", "max_heated", "max_steps", "max_restarts", "destination"}));
}

// The first bad text's errors: the swept field and why, or the empty field for a text that names none.
FieldErrors sweep_errors(const std::vector<std::string>& texts, const FloodSettings& base = {}) {
    try {
        (void)parse_audit_sweep(texts, base);
    } catch (const SettingsError& e) {
        return e.errors();
    }
    ADD_FAILURE() << "accepted: " << texts.front();
    return {};
}

void expect_refused(const std::vector<std::string>& texts, const std::string& field,
                    const std::string& message) {
    const FieldErrors errors = sweep_errors(texts);
    ASSERT_EQ(errors.size(), 1u) << texts.front();
    EXPECT_EQ(errors[0].field, field);
    EXPECT_EQ(errors[0].message, message);
}

TEST(AuditSweep, BadTextsAreRefusedNamingTheField) {
    expect_refused({"hott=1,2"}, "hott",
                   "is not a flood field (did you mean hot?); flood fields: hot, max_heated, max_steps, "
                   "max_restarts, destination");
    expect_refused(
        {"zzzzzz=1"}, "zzzzzz",
        "is not a flood field; flood fields: hot, max_heated, max_steps, max_restarts, destination");
    expect_refused({"hot"}, "", "expected FIELD=V1,V2,..., got 'hot'");
    expect_refused({"=1,2"}, "", "expected FIELD=V1,V2,..., got '=1,2'");
    expect_refused({"hot=1", "hot=2"}, "hot", "given twice (list every value once: hot=V1,V2,...)");
    expect_refused({"hot=10,"}, "hot", "empty value (expected hot=V1,V2,...)");
    expect_refused({"hot=10,x"}, "hot", "expected a number, got 'x'");
    expect_refused({"hot=10,0"}, "hot", "must be in [1, 1000000], got 0");
    expect_refused({"max_steps=1.5"}, "max_steps", "must be a whole number, got 1.5");
    expect_refused(
        {"hot=1,2,3,4,5,6,7,8,9,10", "max_steps=1,2,3,4,5,6,7,8,9,10", "max_heated=1,2,3,4,5,6,7,8,9,10,11"},
        "", "more than 1000 combinations");
    // 1000 combinations are allowed.
    EXPECT_EQ(parse_audit_sweep(
                  std::vector<std::string>{"hot=1,2,3,4,5,6,7,8,9,10", "max_steps=1,2,3,4,5,6,7,8,9,10",
                                           "max_heated=1,2,3,4,5,6,7,8,9,10"},
                  {})
                  .size(),
              3u);
    // Texts are checked in order: the first bad one is named, whatever follows.
    expect_refused({"hot=0", "hot"}, "hot", "must be in [1, 1000000], got 0");
}

TEST(AuditSweep, AxesAreCheckedBeforeAnyAuditRuns) {
    EXPECT_NO_THROW(check_audit_sweep({}, hot_and_steps));
    const std::vector<AuditSweepAxis> no_values = {{"hot", {}}};
    EXPECT_THROW(check_audit_sweep({}, no_values), SettingsError);
    const std::vector<AuditSweepAxis> twice = {{"hot", {"10"}}, {"hot", {"20"}}};
    EXPECT_THROW(check_audit_sweep({}, twice), SettingsError);
    const auto level = our_level("warehouse_loop");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    const std::vector<const ChaseSpace*> spaces(1, &space);
    std::size_t progress_calls = 0;
    const std::vector<AuditSweepAxis> late_bad = {{"hot", {"10", "0"}}};
    EXPECT_THROW((void)audit_sweep(spaces, {}, AuditSettings{}, late_bad,
                                   [&](std::size_t, std::size_t) { ++progress_calls; }),
                 SettingsError);
    EXPECT_EQ(progress_calls, 0u);  // refused before the first combination's audit
}

}  // namespace
}  // namespace kinema::chase
