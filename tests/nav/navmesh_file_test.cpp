// Navmesh files (Recast demo tile-set layout, docs/nav.md "Navmesh files"): loading a saved navmesh equals
// building it, and corrupt or truncated files are errors naming the file.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::nav::CellId;
using kinema::nav::Level;
using kinema::nav::LevelError;
using kinema::nav::NavCells;
using kinema::nav::NavSettings;

void expect_same_cells(const NavCells& a, const NavCells& b) {
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(a.grid().origin, b.grid().origin);
    for (CellId c = 0; c < a.size(); ++c) {
        ASSERT_EQ(a.position(c), b.position(c));
        ASSERT_EQ(a.polygon(c), b.polygon(c));
        const auto na = a.neighbours(c);
        const auto nb = b.neighbours(c);
        ASSERT_TRUE(std::equal(na.begin(), na.end(), nb.begin(), nb.end()));
    }
}

TEST(NavmeshFile, LoadingASavedNavmeshEqualsBuildingIt) {
    const Level built = Level::build(kinema::nav_test::two_storey_building().mesh(), NavSettings{});
    const std::string bytes = built.save_navmesh();
    // 'MSET', version 1, one tile.
    ASSERT_GE(bytes.size(), 12u);
    EXPECT_EQ(bytes.substr(0, 4), std::string("TESM"));  // the int 'M'<<24|'S'<<16|'E'<<8|'T', little-endian
    const Level loaded = Level::from_navmesh(bytes, "two.navmesh", NavSettings{});
    expect_same_cells(built.nav_cells(), loaded.nav_cells());
    EXPECT_EQ(loaded.save_navmesh(), bytes);
    EXPECT_EQ(loaded.stats().nav_polygons, built.stats().nav_polygons);
    // The same chase on both.
    kinema::nav::ChaseQuery q;
    q.position = {6.0, 0.0, 12.0};
    q.direction = {0.0, 0.0, -1.0};
    q.npc = Vec3{10.0, 3.5, 10.0};
    const auto a = kinema::nav::run_chase(built, q);
    const auto b = kinema::nav::run_chase(loaded, q);
    EXPECT_EQ(a.flood.destination, b.flood.destination);
    EXPECT_EQ(a.flood.heated_cells, b.flood.heated_cells);
    ASSERT_TRUE(a.path && b.path);
    EXPECT_EQ(a.path->points, b.path->points);
}

TEST(NavmeshFile, CorruptOrTruncatedFilesAreErrorsNamingTheFile) {
    const Level built = Level::build(kinema::nav_test::bridge_level().mesh(), NavSettings{});
    const std::string bytes = built.save_navmesh();
    const auto message = [](const std::string& data) {
        try {
            (void)Level::from_navmesh(data, "bad.navmesh", NavSettings{});
        } catch (const LevelError& e) {
            return std::string(e.what());
        }
        return std::string("loaded");
    };
    EXPECT_EQ(message(""), "bad.navmesh: not a valid navmesh file: shorter than the 40-byte header");
    EXPECT_EQ(message("XXXX" + bytes.substr(4)),
              "bad.navmesh: not a valid navmesh file: no 'MSET' version 1 header");
    EXPECT_EQ(message(bytes + "x"), "bad.navmesh: not a valid navmesh file: 1 bytes after the last tile");
    // Every truncation is an error naming the file.
    for (std::size_t n = 0; n < bytes.size(); n += (n < 200 ? 1 : 37)) {
        EXPECT_EQ(message(bytes.substr(0, n)).rfind("bad.navmesh: ", 0), 0u) << n;
    }
    // Random byte changes: loaded or an error naming the file, never a crash (the fuzz target goes further).
    std::mt19937 rng(5);
    std::uniform_int_distribution<std::size_t> at(0, bytes.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int i = 0; i < 800; ++i) {
        std::string data = bytes;
        data[at(rng)] = static_cast<char>(byte(rng));
        const std::string m = message(data);
        EXPECT_TRUE(m == "loaded" || m.rfind("bad.navmesh: ", 0) == 0) << m;
    }
}

}  // namespace
