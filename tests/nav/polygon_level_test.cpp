// Levels from an engine's own navmesh polygons (nav::Level::from_polygons): no voxels, the polygons as given.
// A hand-made floor whose cells are counted by hand floods as the same grid does; the polygons of a navmesh
// Recast built give the level built from its mesh; every polygon Detour cannot take is refused by number.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/mesh_arrays.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level_files.hpp"

namespace {

using kinema::Vec3;
using kinema::levels::PolygonMesh;
using kinema::nav::Level;
using kinema::nav::NavSettings;
namespace ch = kinema::chase;

PolygonMesh polygons(std::vector<Vec3> vertices, const std::vector<std::vector<std::uint32_t>>& list) {
    PolygonMesh mesh;
    mesh.vertices = std::move(vertices);
    mesh.starts.push_back(0);
    for (const auto& p : list) {
        mesh.corners.insert(mesh.corners.end(), p.begin(), p.end());
        mesh.starts.push_back(static_cast<std::uint32_t>(mesh.corners.size()));
    }
    return mesh;
}

// Two 1.5 m squares side by side on y = 0, x 0..3, z 0..1.5. Chase cells of 0.75 m anchored at x = z = 0 have
// their centres at 0.375, 1.125, 1.875, 2.625 on x and 0.375, 1.125 on z: 4 x 2 = 8 cells, two columns of
// each square in each of its rows.
PolygonMesh two_squares(bool reversed) {
    std::vector<std::vector<std::uint32_t>> list{{0, 1, 4, 3}, {1, 2, 5, 4}};
    if (reversed) {
        for (auto& p : list) {
            std::reverse(p.begin(), p.end());
        }
    }
    return polygons({{0, 0, 0}, {1.5, 0, 0}, {3, 0, 0}, {0, 0, 1.5}, {1.5, 0, 1.5}, {3, 0, 1.5}}, list);
}

ch::ChaseResult chase_on(const Level& level, ch::Flood& flood, Vec3 from, Vec3 direction) {
    kinema::nav::PathFinder finder(level);
    const kinema::nav::LevelChaseSpace space(level, finder);
    ch::ChaseQuery query;
    query.position = from;
    query.direction = direction;
    return ch::run_chase(space, flood, query);
}

TEST(PolygonLevel, TwoSquaresAreTheEightCellsOfAFourByTwoGridAndFloodAsIt) {
    for (const bool reversed : {false, true}) {
        SCOPED_TRACE(reversed ? "clockwise" : "counter-clockwise");
        const Level level = Level::from_polygons(two_squares(reversed), NavSettings{});
        ASSERT_EQ(level.nav_cells().size(), 8u);
        EXPECT_EQ(level.stats().nav_polygons, 2u);
        EXPECT_EQ(level.nav_cells().stats().extra_cells, 0u);
        // Cell (x, z) sits at the centre of chase column (x, z), on the floor.
        for (int z = 0; z < 2; ++z) {
            for (int x = 0; x < 4; ++x) {
                const auto column = level.nav_cells().column(x, z);
                ASSERT_EQ(column.count, 1u);
                EXPECT_EQ(level.nav_cells().position(column.first),
                          (Vec3{0.375 + 0.75 * x, 0.0, 0.375 + 0.75 * z}));
            }
        }

        // The same floor as a 4 x 2 grid of tiles (x = column, z = row), 8-connected: the same flood.
        const std::vector<std::uint8_t> tiles(8, 1);
        const kinema::levels::GridLevel grid_level =
            kinema::levels::grid_from_tiles("grid", 4, 2, tiles.data());
        const ch::GridSpace grid(grid_level);
        const ch::GridChaseSpace grid_space(grid);
        ch::ChaseQuery grid_query;
        grid_query.position = {0.5, 0.5, 0.0};
        grid_query.direction = {1.0, 0.0, 0.0};
        ch::Flood grid_flood;
        const ch::ChaseResult on_grid = ch::run_chase(grid_space, grid_flood, grid_query);

        ch::Flood flood;
        const ch::ChaseResult on_level = chase_on(level, flood, {0.375, 0.0, 0.375}, {1.0, 0.0, 0.0});
        // From the west corner cell, 8-connected heat reaches columns x = 1, 2, 3 in steps 1, 2, 3: all 8
        // cells, and nothing lies behind a player running east from the west edge.
        EXPECT_EQ(on_level.flood.steps, 3);
        EXPECT_EQ(on_level.flood.heated_cells, 8u);
        EXPECT_EQ(on_level.flood.barrier_cells, 0u);
        EXPECT_EQ(on_level.flood.steps, on_grid.flood.steps);
        EXPECT_EQ(on_level.flood.heated_cells, on_grid.flood.heated_cells);
        EXPECT_EQ(on_level.flood.stop_reason, on_grid.flood.stop_reason);
        // Tile (col, row) is the cell at 0.75 x (col + 0.5, row + 0.5) on x and z.
        const Vec3 d = on_grid.flood.destination;
        EXPECT_EQ(on_level.flood.destination, (Vec3{0.75 * d.x, 0.0, 0.75 * d.y}));
    }
}

TEST(PolygonLevel, TheNavmeshRecastBuiltGivesTheLevelBuiltFromItsMesh) {
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
    const Level built = kinema::nav::load_mesh_level(path, NavSettings{});
    PolygonMesh mesh;
    mesh.starts.push_back(0);
    for (const std::vector<Vec3>& corners : built.navmesh_polygons()) {
        for (const Vec3& p : corners) {
            mesh.corners.push_back(static_cast<std::uint32_t>(mesh.vertices.size()));
            mesh.vertices.push_back(p);
        }
        mesh.starts.push_back(static_cast<std::uint32_t>(mesh.corners.size()));
    }
    const Level given = Level::from_polygons(mesh, NavSettings{});
    EXPECT_EQ(given.stats().nav_polygons, built.stats().nav_polygons);
    ASSERT_EQ(given.nav_cells().size(), built.nav_cells().size());
    // The same columns; the same floors wherever Recast's detail mesh is flat (the lower corridor west of
    // the ramp, the upper corridor north of it). On and near the ramp a polygon's height is interpolated from
    // its corners alone, where Recast's detail mesh sampled it: an engine's polygons carry only corners.
    for (kinema::nav::CellId c = 0; c < given.nav_cells().size(); ++c) {
        const Vec3 g = given.nav_cells().position(c);
        const Vec3 b = built.nav_cells().position(c);
        EXPECT_EQ(g.x, b.x);
        EXPECT_EQ(g.z, b.z);
        if (b.x < 15.0 || b.z > 19.0) {
            EXPECT_EQ(g.y, b.y) << c;
        }
    }
    ch::Flood a;
    ch::Flood b;
    const ch::ChaseResult ra = chase_on(given, a, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0});
    const ch::ChaseResult rb = chase_on(built, b, {1.0, 0.0, 2.0}, {1.0, 0.0, 0.0});
    EXPECT_EQ(ra.flood.heated_cells, rb.flood.heated_cells);
    EXPECT_EQ(ra.flood.steps, rb.flood.steps);
    EXPECT_EQ(ra.flood.destination_cell, rb.flood.destination_cell);
    EXPECT_EQ(ra.flood.barrier_cells, rb.flood.barrier_cells);
    EXPECT_EQ(ra.flood.stop_reason, rb.flood.stop_reason);
    EXPECT_GT(ra.flood.heated_cells, 20u);  // round the corner, not boxed in
}

// The message of Level::from_polygons's refusal of `mesh`.
std::string refusal(const PolygonMesh& mesh) {
    try {
        (void)kinema::nav::polygon_level(mesh, NavSettings{}, "mine");
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "accepted";
}

TEST(PolygonLevel, RefusesWhatDetourCannotTakeNamingThePolygon) {
    const std::vector<Vec3> square{{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 0, 1}};
    // A heptagon: one more corner than DT_VERTS_PER_POLYGON.
    std::vector<Vec3> ring;
    for (int k = 0; k < 7; ++k) {
        ring.push_back({std::cos(k * 0.8975979), 0.0, std::sin(k * 0.8975979)});
    }
    EXPECT_EQ(refusal(polygons(ring, {{0, 1, 2}, {0, 1, 2, 3, 4, 5, 6}})),
              "mine: polygon 1 has 7 corners, more than Detour's 6 (DT_VERTS_PER_POLYGON): split it");
    // An arrow head: the corner at (0.5, 0.5) turns back.
    EXPECT_EQ(
        refusal(polygons({{0, 0, 0}, {1, 0, 0}, {0.5, 0, 0.5}, {1, 0, 1}, {0, 0, 1}}, {{0, 1, 2, 3, 4}})),
        "mine: polygon 0 is not convex in plan view (x and z): it turns back at corner 2 (vertex 2)");
    // Three points on a line; a wall standing on the floor (no area seen from above).
    EXPECT_EQ(refusal(polygons({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}, {{0, 1, 2}})),
              "mine: polygon 0 has no area in plan view (x and z; y is up)");
    EXPECT_EQ(refusal(polygons({{0, 0, 0}, {2, 0, 0}, {1, 1, 0}}, {{0, 1, 2}})),
              "mine: polygon 0 has no area in plan view (x and z; y is up)");
    // A vertical edge: corner 2 straight above corner 1.
    EXPECT_EQ(refusal(polygons({{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 0, 1}}, {{0, 1, 2, 3}})),
              "mine: polygon 0 has corners 1 and 2 at one point in plan view (vertices 1 and 2)");
    // One point twice, through a copy of its vertex.
    std::vector<Vec3> copied = square;
    copied.push_back(square[1]);
    EXPECT_EQ(refusal(polygons(copied, {{0, 1, 2, 4}})),
              "mine: polygon 0 has one point twice (vertices 1 and 4)");
    // A pentagram: every corner turns the same way, but it winds round twice.
    std::vector<Vec3> star;
    for (int k = 0; k < 5; ++k) {
        star.push_back({std::cos(k * 4 * 3.14159265358979 / 5), 0.0, std::sin(k * 4 * 3.14159265358979 / 5)});
    }
    EXPECT_EQ(refusal(polygons(star, {{0, 1, 2, 3, 4}})),
              "mine: polygon 0 is not convex in plan view (x and z): its edges cross");
    // Three triangles on the edge (0, 1).
    EXPECT_EQ(refusal(polygons({{0, 0, 0}, {1, 0, 0}, {0.5, 0, 1}, {0.5, 0, -1}, {0.5, 1, 1}},
                               {{0, 1, 2}, {1, 0, 3}, {0, 1, 4}})),
              "mine: polygons 0, 1 and 2 share one edge: an edge borders at most two polygons");
    // The square twice (once in the other winding): overlapping polygons.
    EXPECT_EQ(refusal(polygons(square, {{0, 1, 2, 3}, {3, 2, 1, 0}})),
              "mine: polygons 0 and 1 overlap: both lie on the same side of the edge they share");
    // The square is fine; a straight corner (a point on an edge) is too.
    EXPECT_EQ(refusal(polygons(square, {{0, 1, 2, 3}})), "accepted");
    EXPECT_EQ(refusal(polygons({{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {2, 0, 2}, {0, 0, 2}}, {{0, 1, 2, 3, 4}})),
              "accepted");
}

TEST(PolygonLevel, CopiesOfAnEdgesEndsAreOnePointSoThePolygonsAreNeighbours) {
    // Unity's triangulation may repeat a vertex per triangle: the two squares with no vertex shared by index
    // are the same level as with shared ones.
    const PolygonMesh shared = two_squares(false);
    PolygonMesh separate;
    separate.starts.push_back(0);
    for (std::size_t p = 0; p < 2; ++p) {
        for (std::uint32_t at = shared.starts[p]; at < shared.starts[p + 1]; ++at) {
            separate.corners.push_back(static_cast<std::uint32_t>(separate.vertices.size()));
            separate.vertices.push_back(shared.vertices[shared.corners[at]]);
        }
        separate.starts.push_back(static_cast<std::uint32_t>(separate.corners.size()));
    }
    const Level level = Level::from_polygons(separate, NavSettings{});
    ch::Flood flood;
    const ch::ChaseResult r = chase_on(level, flood, {0.375, 0.0, 0.375}, {1.0, 0.0, 0.0});
    EXPECT_EQ(r.flood.heated_cells, 8u);
    EXPECT_EQ(r.flood.steps, 3);
}

}  // namespace
