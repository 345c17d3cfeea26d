// Path queries on a level's navmesh (src/nav/path_finder.cpp): paths over a ramp, points off the navmesh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::nav::Level;
using kinema::nav::NavPath;
using kinema::nav::NavSettings;
using kinema::nav::PathFinder;
using kinema::nav_test::bridge_level;
using kinema::nav_test::kUpper;

TEST(PathFinder, PathFromTheCorridorToTheBridgeTakesTheRamp) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    const Vec3 from{3.0, 0.0, 3.0};
    const Vec3 to{15.0, kUpper, -8.0};
    const NavPath path = finder.find_path(from, to);
    ASSERT_EQ(path.status, NavPath::Status::found);
    ASSERT_GE(path.points.size(), 3u);
    // Ends at the goal (snapped onto the navmesh: same x and z, y within the detail mesh error).
    EXPECT_NEAR(path.points.back().x, to.x, 1e-4);
    EXPECT_NEAR(path.points.back().z, to.z, 1e-4);
    EXPECT_NEAR(path.points.back().y, to.y, 0.3);
    EXPECT_NEAR(path.points.front().x, from.x, 1e-4);
    // The straight line is sqrt(12^2 + 4.5^2 + 11^2) = 16.9 m. Through the ramp the walk must cover at least
    // x 3 -> 30.6 (27.6 on the ground, since the ramp starts at x 30 and the agent keeps 0.6 from its side),
    // z up to 21 and back to -8 (18 + 29): more than 27.6 + 47 = 74.6 in x and z moves that cannot overlap,
    // by the triangle inequality at least sqrt(27.6^2 + 18^2) + 29 = 61.9. At most the axis-aligned detour:
    // 30 + 21 + 18 + 32 plus the ramp's climb, < 105.
    EXPECT_GT(path.length, 61.9);
    EXPECT_LT(path.length, 105.0);
    double sum = 0.0;
    for (std::size_t i = 1; i < path.points.size(); ++i) {
        sum += kinema::length(path.points[i] - path.points[i - 1]);
    }
    EXPECT_DOUBLE_EQ(path.length, sum);
    // Some corner is on the ramp's side of the level (x > 29).
    EXPECT_TRUE(std::any_of(path.points.begin(), path.points.end(), [](Vec3 p) { return p.x > 29.0; }));
}

TEST(PathFinder, OffMeshPointsAreReported) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    EXPECT_EQ(finder.find_path({100.0, 0.0, 100.0}, {3.0, 0.0, 3.0}).status, NavPath::Status::start_off_mesh);
    EXPECT_EQ(finder.find_path({3.0, 0.0, 3.0}, {100.0, 0.0, 100.0}).status, NavPath::Status::goal_off_mesh);
    EXPECT_EQ(finder.find_path({3.0, 0.0, 3.0}, {3.0, std::nan(""), 3.0}).status,
              NavPath::Status::goal_off_mesh);
    EXPECT_FALSE(finder.snap({100.0, 0.0, 100.0}).has_value());
    const auto snapped = finder.snap({3.0, 1.0, 3.0});
    ASSERT_TRUE(snapped.has_value());
    EXPECT_NEAR(snapped->y, 0.0, 0.3);
}

}  // namespace
