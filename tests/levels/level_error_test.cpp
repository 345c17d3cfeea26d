// The one LevelError of the grid loaders and the navmesh levels (kinema/levels/level_error.hpp).
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_error.hpp"

namespace kinema::levels {
namespace {

TEST(LevelError, AGridFileLineIsNamedFileColonLine) {
    const LevelError e("maps/a.map", 7, "expected 'map', got \"x\"");
    EXPECT_STREQ(e.what(), "maps/a.map:7: expected 'map', got \"x\"");
    EXPECT_EQ(e.file(), "maps/a.map");
    EXPECT_EQ(e.line(), 7);
    EXPECT_FALSE(e.unreadable_file());
    // Still the std::invalid_argument every face catches.
    const std::invalid_argument& base = e;
    EXPECT_STREQ(base.what(), "maps/a.map:7: expected 'map', got \"x\"");
}

TEST(LevelError, LineZeroOfANamedFileIsAnUnreadableFile) {
    try {
        load_level("/nonexistent/level.txt");
        FAIL() << "no error";
    } catch (const LevelError& e) {
        EXPECT_TRUE(e.unreadable_file());
        EXPECT_EQ(e.file(), "/nonexistent/level.txt");
    }
}

TEST(LevelError, ANavmeshMessageNamesNoFileLine) {
    const LevelError e("level: the mesh is empty");
    EXPECT_STREQ(e.what(), "level: the mesh is empty");
    EXPECT_EQ(e.file(), "");
    EXPECT_EQ(e.line(), 0);
    EXPECT_FALSE(e.unreadable_file());
}

TEST(LevelError, NamingTheFileReplacesTheBuildersPrefix) {
    EXPECT_EQ(LevelError("level: the mesh is empty").naming_file("a.obj"), "a.obj: the mesh is empty");
    // Only a leading "level: " is the builder's; other messages get the file in front.
    EXPECT_EQ(LevelError("b.navmesh: the navmesh has no tiles").naming_file("a.obj"),
              "a.obj: b.navmesh: the navmesh has no tiles");
    EXPECT_EQ(LevelError("the level: x").naming_file("a.obj"), "a.obj: the level: x");
}

}  // namespace
}  // namespace kinema::levels
