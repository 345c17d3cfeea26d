// The audit's shares in words (kinema/chase/audit_reading.hpp): extents at their bounds, shares from the
// totals, the settings named with their values, the JSON summary.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chase_levels.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_shape.hpp"

namespace kinema::chase {
namespace {

TEST(AuditReading, ExtentWordsAtTheirBounds) {
    EXPECT_EQ(extent_words(0.0), "nowhere");
    EXPECT_EQ(extent_words(0.049), "almost nowhere");
    EXPECT_EQ(extent_words(0.05), "in a few places");
    EXPECT_EQ(extent_words(0.25), "often");
    EXPECT_EQ(extent_words(0.5), "on most seeds");
    EXPECT_EQ(extent_words(0.8), "almost everywhere");
    EXPECT_EQ(extent_words(1.0), "everywhere");
}

// corridor_into_room at the defaults: 4233 of 5168 seeds (81.9 %) stop on too_many_heated (the room), so the
// reading says "almost everywhere" and names max_heated with its value.
TEST(AuditReading, SharesComeFromTheTotalsWithTheSettingsToTurn) {
    const levels::GridLevel level = testing::our_level("corridor_into_room");
    const GridSpace grid(level);
    const GridChaseSpace space(grid);
    FloodSettings flood;
    flood.max_heated = 25;
    const AuditResult r = audit(space, flood, AuditSettings{}, 2);
    const std::vector<ShareReading> readings =
        read_shares(flood, AuditSettings{}, r, level_has_loop(space.cells()));
    ASSERT_EQ(readings.size(), 7u);
    EXPECT_EQ(readings[1].name, "too_many_heated");
    EXPECT_EQ(readings[1].seeds, r.totals.stop_reasons[1]);
    EXPECT_EQ(readings[1].share,
              static_cast<double>(r.totals.stop_reasons[1]) / static_cast<double>(r.totals.rows));
    EXPECT_EQ(readings[1].meaning.rfind("almost everywhere, the flood stops early", 0), 0u)
        << readings[1].meaning;
    EXPECT_NE(readings[1].to_change.find("raise max_heated (now 25)"), std::string::npos);
    for (std::size_t i = 0; i < all_findings.size(); ++i) {
        EXPECT_EQ(readings[3 + i].name, to_string(all_findings[i]));
        EXPECT_EQ(readings[3 + i].seeds, r.totals.findings[i]);
        EXPECT_EQ(readings[3 + i].meaning.rfind(std::string(extent_words(readings[3 + i].share)) + ", ", 0),
                  0u);
    }
    const std::string json = audit_summary_json(flood, AuditSettings{}, r, false);
    EXPECT_EQ(json.rfind("{\"stop_reasons\":{\"exhausted\":{\"seeds\":935,", 0), 0u) << json;
    EXPECT_NE(json.find("\"findings\":{\"wrong_way\":{\"seeds\":937,"), std::string::npos) << json;
}

}  // namespace
}  // namespace kinema::chase
