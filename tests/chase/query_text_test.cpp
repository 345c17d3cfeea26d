// A chase query read from typed text (kinema/chase/query_text.hpp): the points by the level's dimensions, the
// whole number of destinations, and errors that name the query's field with the text typed.
#include <string>

#include <gtest/gtest.h>

#include "kinema/chase/query_text.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {
namespace {

// "field: message" of the SettingsError `text` gives, or "(no error)".
std::string refusal(const ChaseQueryText& text, int dimensions) {
    try {
        (void)parse_chase_query(text, dimensions);
    } catch (const SettingsError& e) {
        return e.errors().front().field + ": " + e.errors().front().message;
    }
    return "(no error)";
}

TEST(ChaseQueryText, PointsFollowTheLevelsDimensions) {
    const ChaseQuery grid = parse_chase_query({"12.5,3", "+1,0", "", "4"}, 2);
    EXPECT_EQ(grid.position.x, 12.5);
    EXPECT_EQ(grid.position.y, 3.0);
    EXPECT_EQ(grid.position.z, 0.0);
    EXPECT_EQ(grid.direction.x, 1.0);
    EXPECT_FALSE(grid.npc.has_value());
    EXPECT_EQ(grid.destinations, 4);
    const ChaseQuery level = parse_chase_query({"10,0,2", "", "1,0,2", ""}, 3);
    EXPECT_EQ(level.position.z, 2.0);
    EXPECT_EQ(level.direction.x, 0.0);  // not given: no barrier
    ASSERT_TRUE(level.npc.has_value());
    EXPECT_EQ(level.npc->z, 2.0);
    EXPECT_FALSE(level.destinations.has_value());
}

TEST(ChaseQueryText, ErrorsNameTheFirstBadField) {
    EXPECT_EQ(refusal({"1,2,3", "", "", ""}, 2), "position: expected X,Y, got '1,2,3'");
    EXPECT_EQ(refusal({"1,2", "1,x", "", ""}, 2), "direction: expected a number, got 'x'");
    EXPECT_EQ(refusal({"1,2", "", "1,2", ""}, 2), "npc: expected X,Y,Z, got '1,2'");  // always 3D
    EXPECT_EQ(refusal({"", "", "", "2.5"}, 2), "destinations: must be a whole number in [1, 16], got 2.5");
    EXPECT_EQ(refusal({"", "", "", "1e7"}, 3), "destinations: must be a whole number in [1, 16], got 1e7");
    EXPECT_EQ(refusal({"x", "", "", "2.5"}, 2), "position: expected X,Y, got 'x'");
    EXPECT_EQ(refusal({"", "", "", "17"}, 2), "(no error)");  // the range is validate()'s
}

}  // namespace
}  // namespace kinema::chase
