// Chase cells sampled from the navmesh (kinema/nav/nav_cells.hpp): the consistency property of issue 9 (two
// cells are connected in the cell space exactly when Detour finds a complete path between them), polygon
// coverage, and floods on sloped terrain. One implementation (the cell graph) against another (Detour's
// findPath) on every test mesh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <recastnavigation/DetourNavMesh.h>
#include <recastnavigation/DetourNavMeshQuery.h>

#include "kinema/chase/flood.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/nav_cells.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::nav::CellId;
using kinema::nav::Level;
using kinema::nav::NavCells;
using kinema::nav::NavCellSettings;
using kinema::nav::NavSettings;
using kinema::nav::PathFinder;
namespace nt = kinema::nav_test;

const std::filesystem::path kMeshes = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "meshes";

/// Connected component of every cell (links are symmetric without off-mesh connections).
std::vector<std::uint32_t> components(const NavCells& cells) {
    std::vector<std::uint32_t> comp(cells.size(), 0xFFFFFFFFu);
    std::uint32_t next = 0;
    for (CellId s = 0; s < cells.size(); ++s) {
        if (comp[s] != 0xFFFFFFFFu) {
            continue;
        }
        std::deque<CellId> queue{s};
        comp[s] = next;
        while (!queue.empty()) {
            const CellId c = queue.front();
            queue.pop_front();
            for (const CellId n : cells.neighbours(c)) {
                if (comp[n] == 0xFFFFFFFFu) {
                    comp[n] = next;
                    queue.push_back(n);
                }
            }
        }
        ++next;
    }
    return comp;
}

struct Query {
    struct Free {
        void operator()(dtNavMeshQuery* q) const { dtFreeNavMeshQuery(q); }
    };
    std::unique_ptr<dtNavMeshQuery, Free> q{dtAllocNavMeshQuery()};
    dtQueryFilter filter;
    explicit Query(const dtNavMesh& mesh) {
        // 65535: the most search nodes Detour allows, so that no path is cut short for lack of nodes.
        EXPECT_TRUE(dtStatusSucceed(q->init(&mesh, 65535)));
    }
    /// Detour finds a complete path from cell a's polygon and position to b's.
    bool complete_path(const NavCells& cells, CellId a, CellId b) {
        std::vector<dtPolyRef> path(8192);
        int n = 0;
        const Vec3 pa = cells.position(a);
        const Vec3 pb = cells.position(b);
        const float fa[3] = {static_cast<float>(pa.x), static_cast<float>(pa.y), static_cast<float>(pa.z)};
        const float fb[3] = {static_cast<float>(pb.x), static_cast<float>(pb.y), static_cast<float>(pb.z)};
        const auto ra = static_cast<dtPolyRef>(cells.polygon(a));
        const auto rb = static_cast<dtPolyRef>(cells.polygon(b));
        const dtStatus st =
            q->findPath(ra, rb, fa, fb, &filter, path.data(), &n, static_cast<int>(path.size()));
        EXPECT_FALSE(dtStatusDetail(st, DT_OUT_OF_NODES));
        return dtStatusSucceed(st) && !dtStatusDetail(st, DT_PARTIAL_RESULT) && n > 0 && path[n - 1] == rb;
    }
};

/// Random pairs of cells: how many disagree between the cell graph and Detour.
int disagreements(const Level& level, int pairs, std::uint32_t seed) {
    const NavCells& cells = level.nav_cells();
    const std::vector<std::uint32_t> comp = components(cells);
    Query query(level.detour_navmesh());
    std::mt19937 rng(seed);
    std::uniform_int_distribution<CellId> pick(0, static_cast<CellId>(cells.size() - 1));
    int bad = 0;
    for (int i = 0; i < pairs; ++i) {
        const CellId a = pick(rng);
        const CellId b = pick(rng);
        const bool graph = comp[a] == comp[b];
        if (graph != query.complete_path(cells, a, b)) {
            ++bad;
        }
    }
    return bad;
}

/// A polygon that no column centre reaches joins a floor of its centroid's column within the climb when
/// there is one (docs/nav.md "The chase cells"): such a cell stands for it without lying on it.
bool joins_a_floor(const NavCells& cells, const dtMeshTile* tile, const dtPoly& poly) {
    double c[3] = {0.0, 0.0, 0.0};
    for (int k = 0; k < poly.vertCount; ++k) {
        for (int a = 0; a < 3; ++a) {
            c[a] += double{tile->verts[poly.verts[k] * 3 + a]} / poly.vertCount;
        }
    }
    const auto& g = cells.grid();
    const NavCells::Column column =
        cells.column(static_cast<int>(std::floor((c[0] - g.origin.x) / g.cell_size)),
                     static_cast<int>(std::floor((c[2] - g.origin.z) / g.cell_size)));
    for (CellId id = column.first; id < column.first + column.count; ++id) {
        if (std::abs(cells.position(id).y - c[1]) <= cells.climb()) {
            return true;
        }
    }
    return false;
}

/// Ground polygons whose plan area is at least one cell and on which no cell lies (a cell lies on p when p
/// contains its position in plan view at the cell's height within the climb); with joined_by_centroid, less
/// those that joined a floor of their centroid's column.
int uncovered_polygons(const Level& level, bool joined_by_centroid = false) {
    const NavCells& cells = level.nav_cells();
    const dtNavMesh& mesh = level.detour_navmesh();
    Query query(mesh);
    std::vector<dtPolyRef> covered;
    for (CellId c = 0; c < cells.size(); ++c) {
        const Vec3 p = cells.position(c);
        const float centre[3] = {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
        const float half[3] = {0.01F, static_cast<float>(cells.climb()) + 0.01F, 0.01F};
        dtPolyRef refs[64];
        int n = 0;
        query.q->queryPolygons(centre, half, &query.filter, refs, &n, 64);
        for (int i = 0; i < n; ++i) {
            float h = 0.0F;
            if (dtStatusSucceed(query.q->getPolyHeight(refs[i], centre, &h)) &&
                std::abs(double{h} - p.y) <= cells.climb()) {
                covered.push_back(refs[i]);
            }
        }
    }
    std::sort(covered.begin(), covered.end());
    const double cell_area = cells.grid().cell_size * cells.grid().cell_size;
    int missing = 0;
    for (int t = 0; t < mesh.getMaxTiles(); ++t) {
        const dtMeshTile* tile = mesh.getTile(t);
        if (tile == nullptr || tile->header == nullptr) {
            continue;
        }
        for (int i = 0; i < tile->header->polyCount; ++i) {
            const dtPoly& poly = tile->polys[i];
            if (poly.getType() != DT_POLYTYPE_GROUND) {
                continue;
            }
            double area = 0.0;  // shoelace on (x, z)
            for (int k = 0; k < poly.vertCount; ++k) {
                const float* u = &tile->verts[poly.verts[k] * 3];
                const float* v = &tile->verts[poly.verts[(k + 1) % poly.vertCount] * 3];
                area += double{u[0]} * double{v[2]} - double{v[0]} * double{u[2]};
            }
            const dtPolyRef ref = mesh.getPolyRefBase(tile) | static_cast<dtPolyRef>(i);
            if (std::abs(area) / 2.0 >= cell_area &&
                !std::binary_search(covered.begin(), covered.end(), ref)) {
                missing += joined_by_centroid && joins_a_floor(cells, tile, poly) ? 0 : 1;
            }
        }
    }
    return missing;
}

struct MeshCase {
    std::string name;
    std::function<kinema::levels::TriangleMesh()> mesh;
};

class Consistency : public ::testing::TestWithParam<MeshCase> {};

TEST_P(Consistency, CellsConnectedExactlyWhenDetourFindsACompletePath) {
    const Level level = Level::build(GetParam().mesh(), NavSettings{});
    ASSERT_FALSE(level.nav_cells().empty());
    EXPECT_EQ(disagreements(level, 1500, 9), 0) << GetParam().name;
    EXPECT_EQ(uncovered_polygons(level), 0) << GetParam().name;
}

std::vector<MeshCase> mesh_cases() {
    std::vector<MeshCase> cases;
    for (const char* file : {"dungeon.obj", "nav_test.obj"}) {
        const auto path = kMeshes / file;
        if (std::filesystem::exists(path)) {
            cases.push_back({std::string(file), [path] { return kinema::levels::load_obj(path); }});
        }
    }
    cases.push_back({"bridge", [] { return nt::bridge_level().mesh(); }});
    cases.push_back({"bridge_without_ramp", [] { return nt::bridge_level(false).mesh(); }});
    cases.push_back({"two_storey", [] { return nt::two_storey_building().mesh(); }});
    cases.push_back({"terrain", [] { return nt::rolling_terrain().mesh(); }});
    // Doorways narrower than a column at several grid offsets and angles (influence-maps-and-levels.md
    // section 7: centres alone split half of these).
    for (const double shift : {0.0, 0.1, 0.2, 0.3, 0.45, 0.6}) {
        for (const double angle : {0.0, 17.0, 45.0}) {
            cases.push_back({"doorway_" + std::to_string(shift) + "_" + std::to_string(angle),
                             [=] { return nt::doorway_rooms(2.3, shift, angle).mesh(); }});
        }
    }
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Meshes, Consistency, ::testing::ValuesIn(mesh_cases()),
                         [](const ::testing::TestParamInfo<MeshCase>& param_info) {
                             std::string n = param_info.param.name;
                             std::replace_if(
                                 n.begin(), n.end(), [](char c) { return !std::isalnum(c); }, '_');
                             return n;
                         });

// Tiled navmeshes (docs/nav.md "Tiled builds"): the same property across tile borders. 32-voxel tiles (9.6 m)
// cut every test mesh into several tiles, so paths and cell links cross tile borders.
class TiledConsistency : public ::testing::TestWithParam<MeshCase> {};

TEST_P(TiledConsistency, CellsConnectedExactlyWhenDetourFindsACompletePath) {
    NavSettings s;
    s.tile_size = 32.0;
    const Level level = Level::build(GetParam().mesh(), s);
    ASSERT_FALSE(level.nav_cells().empty());
    EXPECT_GT(level.stats().nav_tiles, 1u);
    EXPECT_EQ(disagreements(level, 1500, 9), 0) << GetParam().name;
    // Tile borders cut slivers (nav_test.obj: 4 triangles of 0.7 to 1.5 m^2 between column centres) that join
    // the floor of their centroid's column instead of lying under a cell of their own.
    EXPECT_EQ(uncovered_polygons(level, true), 0) << GetParam().name;
}

std::vector<MeshCase> tiled_cases() {
    std::vector<MeshCase> cases = mesh_cases();
    cases.resize(std::min<std::size_t>(cases.size(), 6));  // the demo meshes and the hand-made levels
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Meshes, TiledConsistency, ::testing::ValuesIn(tiled_cases()),
                         [](const ::testing::TestParamInfo<MeshCase>& param_info) {
                             std::string n = param_info.param.name;
                             std::replace_if(
                                 n.begin(), n.end(), [](char c) { return !std::isalnum(c); }, '_');
                             return n;
                         });

TEST(TiledBuild, TheSameNavmeshAndCellsForAnyThreadCount) {
    const auto path = kMeshes / "nav_test.obj";
    const kinema::levels::TriangleMesh mesh =
        std::filesystem::exists(path) ? kinema::levels::load_obj(path) : nt::two_storey_building().mesh();
    NavSettings s;
    s.tile_size = 48.0;
    const Level one = Level::build(mesh, s);
    s.threads = 2.0;
    const Level two = Level::build(mesh, s);
    s.threads = 7.0;
    const Level seven = Level::build(mesh, s);
    EXPECT_GT(one.stats().nav_tiles, 4u);
    const std::string bytes = one.save_navmesh();
    EXPECT_EQ(two.save_navmesh(), bytes);
    EXPECT_EQ(seven.save_navmesh(), bytes);
    ASSERT_EQ(one.nav_cells().size(), two.nav_cells().size());
    for (CellId c = 0; c < one.nav_cells().size(); ++c) {
        ASSERT_EQ(one.nav_cells().position(c), two.nav_cells().position(c));
        ASSERT_TRUE(std::ranges::equal(one.nav_cells().neighbours(c), two.nav_cells().neighbours(c)));
    }
    // A tiled navmesh file loads back into the same cells.
    const Level loaded = Level::from_navmesh(bytes, "tiled.navmesh", NavSettings{});
    EXPECT_EQ(loaded.save_navmesh(), bytes);
    EXPECT_EQ(loaded.nav_cells().size(), one.nav_cells().size());
}

TEST(TiledBuild, ALevelBeyondOneTilesLimitsBuildsTiled) {
    // A corridor 20 km long: 66,667 voxels of 0.3 m, more than one Detour tile's 16-bit vertex coordinates
    // hold (kinema refuses more than 32,000 voxels a side in one tile).
    nt::ObjWriter w;
    w.floor(0.0, 20000.0, 0.0, 4.0, 0.0);
    const kinema::levels::TriangleMesh mesh = w.mesh();
    try {
        Level::build(mesh, NavSettings{});
        ADD_FAILURE() << "a 20 km corridor built as one tile";
    } catch (const kinema::levels::LevelError& e) {
        EXPECT_NE(std::string(e.what()).find("set tile_size for a tiled navmesh"), std::string::npos)
            << e.what();
    }
    NavSettings s;
    s.tile_size = 512.0;
    s.threads = 2.0;
    const Level level = Level::build(mesh, s);
    EXPECT_EQ(level.stats().nav_tiles, 131u);  // ceil(66,668 / 512)
    const NavCells& cells = level.nav_cells();
    // One component from end to end, as Detour walks it.
    const std::vector<std::uint32_t> comp = components(cells);
    EXPECT_EQ(*std::max_element(comp.begin(), comp.end()), 0u);
    EXPECT_EQ(disagreements(level, 200, 3), 0);
    PathFinder finder(level);
    // Across a tile border (tiles are 153.6 m wide): a straight path of 100 m.
    const kinema::nav::NavPath path = finder.find_path({10100.0, 0.0, 2.0}, {10200.0, 0.0, 2.0});
    EXPECT_EQ(path.status, kinema::nav::NavPath::Status::found);
    EXPECT_NEAR(path.length, 100.0, 1e-3);
}

// The generated level (scripts/make-big-level.py; the benchmark runs its 512 m size) at 128 m: rolling
// terrain, three two-storey buildings whose stairs are the only way up, and an overpass bridge, built in
// 128-voxel tiles on 2 threads. Its "# probe NAME X Y Z" comments name points on each floor.
struct Probe {
    std::string name;
    Vec3 at;
};

std::vector<Probe> read_probes(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::vector<Probe> probes;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string hash;
        std::string word;
        Probe p;
        if (words >> hash >> word >> p.name >> p.at.x >> p.at.y >> p.at.z && hash == "#" && word == "probe") {
            probes.push_back(p);
        }
    }
    return probes;
}

TEST(GeneratedLevel, TiledChaseIsConsistentAndCrossesStoreysByStairsAndBridges) {
#ifndef KINEMA_BIG_LEVEL_128
    GTEST_SKIP() << "python3 was not found: the generated level was not written";
#else
    const std::filesystem::path path = KINEMA_BIG_LEVEL_128;
    const std::vector<Probe> probes = read_probes(path);
    ASSERT_EQ(probes.size(), 11u);  // 3 buildings x 3 probes, 1 bridge x 2
    NavSettings s;
    s.tile_size = 128.0;
    s.threads = 2.0;
    const Level level = Level::build(kinema::levels::load_obj(path), s);
    EXPECT_EQ(level.stats().nav_tiles, 16u);  // 128 m / 38.4 m: 4 x 4 tiles
    const NavCells& cells = level.nav_cells();
    EXPECT_EQ(disagreements(level, 1500, 11), 0);
    EXPECT_EQ(uncovered_polygons(level, true), 0);

    // Every probe has a cell on its own floor.
    const auto cell_at = [&](const Vec3& p) {
        const auto seed = cells.locate(p, 0.0);
        EXPECT_NE(seed.cell, kinema::chase::no_cell) << p.x << "," << p.y << "," << p.z;
        EXPECT_NEAR(cells.position(seed.cell).y, p.y, 0.25) << p.x << "," << p.y << "," << p.z;
        return seed.cell;
    };
    kinema::chase::FloodSettings unbounded;
    unbounded.max_heated = 1000000;
    unbounded.max_steps = 1000000;
    kinema::chase::Flood flood(unbounded);
    for (std::size_t i = 0; i + 1 < probes.size(); ++i) {
        const bool building = probes[i].name == "building-ground";
        if (!building && probes[i].name != "bridge-ground") {
            continue;
        }
        // From the ground floor (or the pad under the bridge), the flood reaches the floor above.
        const CellId ground = cell_at(probes[i].at);
        const CellId upper = cell_at(probes[i + 1].at);
        flood.start(cells.cell_space(), ground, {0.0, 0.0});
        flood.run();
        EXPECT_EQ(flood.state(upper), kinema::chase::CellState::heated)
            << probes[i + 1].name << " not reached";
        if (building) {
            // The only way up is the stairs: without their cells the upper floor is out of reach. The stairs
            // rise along +z from 1 m beyond the probe "building-stairs" over 4.8 m, 2.4 m wide.
            const Vec3 foot = probes[i + 2].at;
            const auto on_stairs = [&](CellId c) {
                const Vec3 p = cells.position(c);
                return std::abs(p.x - foot.x) < 1.3 && p.z > foot.z + 0.9 && p.z < foot.z + 5.9 &&
                       p.y > foot.y + 0.3 && p.y < foot.y + 2.9;
            };
            std::vector<bool> seen(cells.size(), false);
            std::deque<CellId> queue{ground};
            seen[ground] = true;
            while (!queue.empty()) {
                const CellId c = queue.front();
                queue.pop_front();
                for (const CellId n : cells.neighbours(c)) {
                    if (!seen[n] && !on_stairs(n)) {
                        seen[n] = true;
                        queue.push_back(n);
                    }
                }
            }
            EXPECT_FALSE(seen[upper]) << "the upper floor is reachable without the stairs";
            // With the default constants, a flood from the foot of the stairs heading up them reaches the
            // upper floor, as on the Recast demo dungeon's stairs.
            kinema::chase::Flood defaults;
            defaults.start(cells.cell_space(), cell_at(foot), {0.0, 1.0});
            defaults.run();
            bool upstairs = false;
            for (const CellId c : defaults.heated_cells()) {
                upstairs = upstairs || cells.position(c).y > probes[i + 1].at.y - 0.3;
            }
            EXPECT_TRUE(upstairs) << "the flood from the stairs stayed downstairs";
        }
    }
#endif
}

TEST(NavCells, DoorwaysJoinTheRoomsAtEveryOffset) {
    // The rooms are one component in the cells whatever the grid offset (Detour walks through: checked by
    // the consistency test above).
    for (const double shift : {0.0, 0.1, 0.2, 0.3, 0.45, 0.6}) {
        const Level level = Level::build(nt::doorway_rooms(2.3, shift, 0.0).mesh(), NavSettings{});
        const std::vector<std::uint32_t> comp = components(level.nav_cells());
        EXPECT_EQ(*std::max_element(comp.begin(), comp.end()), 0u) << "shift " << shift;
    }
}

TEST(NavCells, TwoStoreyRampJoinsTheFloorsAndTheFloodClimbsIt) {
    const Level level = Level::build(nt::two_storey_building().mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    const std::vector<std::uint32_t> comp = components(cells);
    EXPECT_EQ(*std::max_element(comp.begin(), comp.end()), 0u);
    // Cells on both storeys.
    bool ground = false;
    bool upper = false;
    for (CellId c = 0; c < cells.size(); ++c) {
        ground = ground || cells.position(c).y < 0.5;
        upper = upper || cells.position(c).y > nt::kStorey - 0.5;
    }
    EXPECT_TRUE(ground);
    EXPECT_TRUE(upper);
    // A flood from the ground floor without limits reaches the upper floor.
    kinema::chase::FloodSettings s;
    s.max_heated = 1000000;
    s.max_steps = 1000000;
    const auto seed = cells.locate({6.0, 0.0, 12.0}, 2.0);
    ASSERT_NE(seed.cell, kinema::chase::no_cell);
    EXPECT_LT(cells.position(seed.cell).y, 0.5);
    const auto r = kinema::chase::run_flood(cells.cell_space(), seed, {0.0, 0.0}, s);
    EXPECT_EQ(r.heated_cells, cells.size());
}

TEST(NavCells, RollingTerrainFloodReachesEveryCell) {
    const Level level = Level::build(nt::rolling_terrain().mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    // 48 x 48 m at 0.75 m: 64 x 64 columns; the ledge filter (one 0.3 m voxel) and the radius (0.6 m) take
    // 0.9 m at each border, leaving 46.2 m = 61.6 columns a side; every slope is under 45 degrees, so every
    // column inside has a cell.
    EXPECT_GE(cells.size(), 61u * 61u);
    EXPECT_LE(cells.size(), 62u * 62u);
    kinema::chase::FloodSettings s;
    s.max_heated = 1000000;
    s.max_steps = 1000000;
    const auto seed = cells.locate({2024.0, 150.0, -2976.0}, 10.0);
    ASSERT_NE(seed.cell, kinema::chase::no_cell);
    const auto r = kinema::chase::run_flood(cells.cell_space(), seed, {0.0, 0.0}, s);
    EXPECT_EQ(r.heated_cells, cells.size());
    EXPECT_EQ(r.stop_reason, kinema::chase::StopReason::exhausted);
}

TEST(NavCells, ColumnsAreAnchoredAtMultiplesOfTheCellSize) {
    const Level level = Level::build(nt::bridge_level().mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    EXPECT_DOUBLE_EQ(cells.grid().cell_size, 0.75);
    EXPECT_DOUBLE_EQ(std::remainder(cells.grid().origin.x, 0.75), 0.0);
    EXPECT_DOUBLE_EQ(std::remainder(cells.grid().origin.z, 0.75), 0.0);
    EXPECT_NEAR(cells.climb(), 0.9, 1e-6);  // Detour keeps it in float
    // Every polygon of these wide floors holds a column centre: no extra cells, and every cell sits on its
    // column's centre.
    EXPECT_EQ(cells.stats().extra_cells, 0u);
    for (CellId c = 0; c < cells.size(); ++c) {
        const auto k = cells.coord(c);
        const Vec3 p = cells.position(c);
        EXPECT_NEAR(p.x, cells.grid().origin.x + (k.x + 0.5) * 0.75, 1e-9);
        EXPECT_NEAR(p.z, cells.grid().origin.z + (k.z + 0.5) * 0.75, 1e-9);
    }
}

TEST(NavCells, BridgeCellsStackAboveTheCorridor) {
    const Level level = Level::build(nt::bridge_level().mesh(), NavSettings{});
    const NavCells& cells = level.nav_cells();
    EXPECT_EQ(cells.max_column_size(), 2u);
    // Under the bridge (x = 15, z = 3): the corridor at 0 and the bridge at 4.5, not linked to each other.
    const auto below = cells.locate({15.0, 0.0, 3.0}, 0.0);
    const auto above = cells.locate({15.0, nt::kUpper, 3.0}, 0.0);
    ASSERT_NE(below.cell, kinema::chase::no_cell);
    ASSERT_NE(above.cell, kinema::chase::no_cell);
    // Recast puts the navmesh on top of the floor's voxel: up to one cell height (0.2) above the mesh.
    EXPECT_NEAR(cells.position(below.cell).y, 0.0, 0.21);
    EXPECT_NEAR(cells.position(above.cell).y, nt::kUpper, 0.21);
    const auto n = cells.neighbours(below.cell);
    EXPECT_EQ(std::count(n.begin(), n.end(), above.cell), 0);
}

TEST(NavCells, SettingsAreValidated) {
    NavCellSettings s;
    s.cell_size = 0.0;
    EXPECT_FALSE(s.validate().empty());
    s = {};
    s.max_columns = 0.5;
    EXPECT_FALSE(s.validate().empty());
    EXPECT_TRUE(NavCellSettings{}.validate().empty());
}

}  // namespace
