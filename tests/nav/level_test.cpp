// Levels built with Recast/Detour: hand-made meshes (floors, ramp, bridge), the Recast demo meshes, and bad
// meshes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <functional>
#include <limits>
#include <vector>

#include "error_of.hpp"
#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::levels::LevelError;
using kinema::levels::TriangleMesh;
using kinema::nav::CellId;
using kinema::nav::Level;
using kinema::nav::NavCells;
using kinema::nav::NavPath;
using kinema::nav::NavSettings;
using kinema::nav::PathFinder;
using kinema::nav_test::bridge_level;
using kinema::nav_test::kUpper;

const std::filesystem::path kMeshes = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "meshes";

/// Cells reachable from `start` through cells accepted by `allowed`.
std::vector<bool> reachable(const NavCells& space, CellId start, const std::function<bool(CellId)>& allowed) {
    std::vector<bool> seen(space.size(), false);
    std::deque<CellId> queue{start};
    seen[start] = true;
    while (!queue.empty()) {
        const CellId c = queue.front();
        queue.pop_front();
        for (CellId n : space.neighbours(c)) {
            if (!seen[n] && allowed(n)) {
                seen[n] = true;
                queue.push_back(n);
            }
        }
    }
    return seen;
}

CellId cell_under(const NavCells& space, Vec3 p) {
    const auto cell = space.cell_containing(p);
    EXPECT_TRUE(cell.has_value()) << p.x << "," << p.y << "," << p.z;
    return cell.value_or(0);
}

/// Every link goes both ways (no off-mesh connections in these meshes), and some links are diagonal.
void expect_symmetric(const NavCells& space) {
    std::size_t diagonals = 0;
    for (CellId a = 0; a < space.size(); ++a) {
        for (CellId b : space.neighbours(a)) {
            const auto back = space.neighbours(b);
            ASSERT_NE(std::find(back.begin(), back.end(), a), back.end()) << "link " << a << "->" << b;
            const auto ca = space.coord(a);
            const auto cb = space.coord(b);
            diagonals += std::abs(cb.x - ca.x) == 1 && std::abs(cb.z - ca.z) == 1 ? 1 : 0;
        }
    }
    EXPECT_GT(diagonals, 0u);
}

TEST(Level, BridgeOverACorridorKeepsItsFloorsApart) {
    const Level level = Level::build(bridge_level().mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    const auto& grid = cells.grid();
    // Chase cells are 0.75 m wide, columns anchored at world multiples of 0.75.
    EXPECT_EQ(grid.cell_size, 0.75);
    EXPECT_EQ(std::remainder(grid.origin.x, 0.75), 0.0);
    EXPECT_EQ(std::remainder(grid.origin.z, 0.75), 0.0);
    // Under the bridge (x 15.375, z 3.375: a column centre) the column holds the corridor floor and the deck.
    const auto column = cells.column(static_cast<int>(std::floor((15.375 - grid.origin.x) / 0.75)),
                                     static_cast<int>(std::floor((3.375 - grid.origin.z) / 0.75)));
    ASSERT_EQ(column.count, 2u);
    EXPECT_EQ(cells.max_column_size(), 2u);
    const CellId ground = column.first;
    const CellId deck = column.first + 1;
    // Floors are the navmesh's, which Recast lays on the voxel tops: the ground at 0 and the deck within one
    // cell height (0.2) above 4.5.
    EXPECT_NEAR(cells.position(ground).y, 0.0, 0.21);
    EXPECT_NEAR(cells.position(deck).y, kUpper, 0.21);
    for (CellId n : cells.neighbours(ground)) {
        EXPECT_LT(cells.position(n).y, 0.5) << "the corridor links to the bridge above it";
    }
    for (CellId n : cells.neighbours(deck)) {
        EXPECT_GT(cells.position(n).y, kUpper - 0.5) << "the bridge links to the corridor below it";
    }
    expect_symmetric(cells);

    // Through the ramp the ground reaches the bridge's far end; without the ramp's cells it reaches no upper
    // cell at all.
    const CellId start = cell_under(cells, {3.0, 0.0, 3.0});
    const CellId bridge_end = cell_under(cells, {15.0, kUpper, -8.0});
    EXPECT_TRUE(reachable(cells, start, [](CellId) { return true; })[bridge_end]);
    const auto on_ramp = [&](CellId c) {
        const Vec3 p = cells.position(c);
        return p.x > 29.0 && p.z > 5.0 && p.z < 22.0 && p.y > 0.3 && p.y < kUpper - 0.3;
    };
    const auto without_ramp = reachable(cells, start, [&](CellId c) { return !on_ramp(c); });
    for (CellId c = 0; c < cells.size(); ++c) {
        if (without_ramp[c]) {
            ASSERT_LT(cells.position(c).y, 0.9) << "reached an upper cell without the ramp";
        }
    }
}

TEST(Level, WithoutTheRampTheFloorsAreDisconnected) {
    const Level level = Level::build(bridge_level(false).mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    const auto seen = reachable(cells, cell_under(cells, {3.0, 0.0, 3.0}), [](CellId) { return true; });
    EXPECT_FALSE(seen[cell_under(cells, {15.0, kUpper, -8.0})]);
    PathFinder finder(level);
    const NavPath path = finder.find_path({3.0, 0.0, 3.0}, {15.0, kUpper, -8.0});
    EXPECT_EQ(path.status, NavPath::Status::partial);
}

TEST(Level, BuildIsDeterministic) {
    const TriangleMesh mesh = bridge_level().mesh();
    const Level a = Level::build(mesh, NavSettings{});
    const Level b = Level::build(mesh, NavSettings{});
    EXPECT_EQ(a.save_navmesh(), b.save_navmesh());
    ASSERT_EQ(a.nav_cells().size(), b.nav_cells().size());
    for (CellId c = 0; c < a.nav_cells().size(); ++c) {
        ASSERT_EQ(a.nav_cells().position(c), b.nav_cells().position(c));
        ASSERT_TRUE(std::ranges::equal(a.nav_cells().neighbours(c), b.nav_cells().neighbours(c)));
    }
    PathFinder fa(a);
    PathFinder fb(b);
    EXPECT_EQ(fa.find_path({3.0, 0.0, 3.0}, {15.0, kUpper, -8.0}).points,
              fb.find_path({3.0, 0.0, 3.0}, {15.0, kUpper, -8.0}).points);
}

std::string build_error(const TriangleMesh& mesh, const NavSettings& settings = {}) {
    return kinema::test::error_of([&] { (void)Level::build(mesh, settings); });
}

TEST(Level, BadSettingsAreNamed) {
    NavSettings s;
    s.cell_size = 0.0;
    s.agent_max_slope = 90.0;
    s.verts_per_poly = 7.0;
    const std::string error = build_error(bridge_level().mesh(), s);
    EXPECT_NE(error.find("cell_size must be in [0.001, 1000], got 0"), std::string::npos) << error;
    EXPECT_NE(error.find("agent_max_slope must be in [0, 90)"), std::string::npos) << error;
    EXPECT_NE(error.find("verts_per_poly must be in [3, 6]"), std::string::npos) << error;
    s = NavSettings{};
    s.agent_height = 0.4;  // 2 cell heights of 0.2: Recast needs 3
    EXPECT_NE(build_error(bridge_level().mesh(), s)
                  .find("agent_height must be in (0.4, 50]: 3 to 250 cell heights of 0.2"),
              std::string::npos);
    EXPECT_TRUE(NavSettings{}.validate().empty());
}

// The Recast demo meshes. Counts measured in influence-maps-and-levels.md section 5.2 with RecastDemo
// defaults: dungeon 118 polygons, nav_test 153.
struct DemoMesh {
    const char* file;
    std::size_t polygons;
};

class DemoMeshes : public ::testing::TestWithParam<DemoMesh> {};

TEST_P(DemoMeshes, MatchRecastCounts) {
    const DemoMesh demo = GetParam();
    if (!std::filesystem::exists(kMeshes / demo.file)) {
        GTEST_SKIP() << "shared mesh " << (kMeshes / demo.file) << " not found (KINEMA_SHARED_DATA_DIR)";
    }
    const TriangleMesh mesh = kinema::levels::load_obj(kMeshes / demo.file);
    const Level level = Level::build(mesh, NavSettings{});
    EXPECT_EQ(level.stats().nav_polygons, demo.polygons);
    EXPECT_EQ(level.stats().degenerate_triangles, 0u);
    EXPECT_EQ(level.stats().nav_tiles, 1u);
    EXPECT_GE(level.nav_cells().max_column_size(), 2u) << "expected multi-level columns";
    expect_symmetric(level.nav_cells());

    // Snapped points stay inside the snap box (2, 4, 2) around the query, even where Detour's nearest polygon
    // is a long diagonal one whose bounding box covers the query (dungeon: (10, 10, -10) once snapped 6 m).
    PathFinder finder(level);
    std::size_t snapped = 0;
    for (CellId c = 0; c < level.nav_cells().size(); c += 7) {
        const Vec3 p = level.nav_cells().position(c) + Vec3{1.9, 0.5, -1.7};
        if (const auto s = finder.snap(p)) {
            ++snapped;
            EXPECT_LE(std::abs(s->x - p.x), 2.0 + 1e-6);
            EXPECT_LE(std::abs(s->y - p.y), 4.0 + 1e-6);
            EXPECT_LE(std::abs(s->z - p.z), 2.0 + 1e-6);
        }
    }
    EXPECT_GT(snapped, level.nav_cells().size() / 7 / 2);
    if (std::string(demo.file) == "dungeon.obj") {
        EXPECT_FALSE(finder.snap({10.0, 10.0, -10.0}).has_value());
    }
}

INSTANTIATE_TEST_SUITE_P(Recast, DemoMeshes,
                         ::testing::Values(DemoMesh{"dungeon.obj", 118}, DemoMesh{"nav_test.obj", 153}),
                         [](const auto& param_info) {
                             std::string name = param_info.param.file;
                             return name.substr(0, name.find('.'));
                         });

}  // namespace
