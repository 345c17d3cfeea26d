// Navmesh files (Recast demo tile-set layout, docs/nav.md "Navmesh files"): loading a saved navmesh equals
// building it, and corrupt or truncated files are errors naming the file.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include <recastnavigation/DetourNavMesh.h>

#include "kinema/core/file.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "nav_test_meshes.hpp"

namespace {

using kinema::Vec3;
using kinema::levels::LevelError;
using kinema::nav::CellId;
using kinema::nav::Level;
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

/// The polygons of a one-tile navmesh file, edited in place: the tile's data follows the 40-byte set header
/// and the 8-byte tile header, as docs/nav.md "Navmesh files" lays it out.
struct TileEditor {
    std::string bytes;
    dtMeshHeader header{};
    std::size_t verts_at = 0;
    std::size_t polys_at = 0;

    explicit TileEditor(std::string file) : bytes(std::move(file)) {
        const std::size_t data = 40 + 8;
        std::memcpy(&header, bytes.data() + data, sizeof header);
        verts_at = data + ((sizeof(dtMeshHeader) + 3) & ~std::size_t{3});
        polys_at = verts_at + 12 * static_cast<std::size_t>(header.vertCount);
    }
    dtPoly poly(int p) const {
        dtPoly out;
        std::memcpy(&out, bytes.data() + polys_at + sizeof(dtPoly) * static_cast<std::size_t>(p), sizeof out);
        return out;
    }
    void set(int p, const dtPoly& value) {
        std::memcpy(bytes.data() + polys_at + sizeof(dtPoly) * static_cast<std::size_t>(p), &value,
                    sizeof value);
    }
    /// The first polygon with an internal neighbour, and the edge.
    std::pair<int, int> first_portal() const {
        for (int p = 0; p < header.polyCount; ++p) {
            const dtPoly q = poly(p);
            for (int k = 0; k < q.vertCount; ++k) {
                if (q.neis[k] != 0 && (q.neis[k] & DT_EXT_LINK) == 0) {
                    return {p, k};
                }
            }
        }
        return {-1, -1};
    }
};

std::string load_error(const std::string& data) {
    try {
        (void)Level::from_navmesh(data, "bad.navmesh", NavSettings{});
    } catch (const LevelError& e) {
        return e.what();
    }
    return "loaded";
}

// A polygon that lists itself as a neighbour (found by random byte flips): Detour 1.5.1's raycast stepped
// from the polygon to itself forever, from NavCells' link sampling and Level::from_navmesh (kinema chase
// --navmesh hung). Portals must be shared edges seen from both sides.
TEST(NavmeshFile, InconsistentPortalsAreRefused) {
    const std::string good =
        Level::build(kinema::nav_test::bridge_level().mesh(), NavSettings{}).save_navmesh();
    ASSERT_EQ(load_error(good), "loaded");
    const TileEditor original(good);
    const auto [p, k] = original.first_portal();
    ASSERT_GE(p, 0);
    const std::string prefix = "bad.navmesh: not a valid navmesh file: tile 0: polygon " + std::to_string(p);

    TileEditor self = original;
    dtPoly poly = self.poly(p);
    const int q = poly.neis[k] - 1;
    poly.neis[k] = static_cast<unsigned short>(p + 1);
    self.set(p, poly);
    EXPECT_EQ(load_error(self.bytes), prefix + " is its own neighbour");

    // A neighbour that does not link back over the same edge (any other polygon than q).
    TileEditor other = original;
    poly = other.poly(p);
    int r = 0;
    while (r == p || r == q) {
        ++r;
    }
    ASSERT_LT(r, original.header.polyCount);
    poly.neis[k] = static_cast<unsigned short>(r + 1);
    other.set(p, poly);
    EXPECT_EQ(load_error(other.bytes),
              prefix + " and its neighbour " + std::to_string(r) + " do not share that edge both ways");

    // A link across a tile border names one of 8 sides.
    TileEditor side = original;
    poly = side.poly(p);
    poly.neis[k] = static_cast<unsigned short>(DT_EXT_LINK | 9);
    side.set(p, poly);
    EXPECT_EQ(load_error(side.bytes), prefix + " links across a tile border on no side");

    // A neighbour with more corners than Detour's 6, later in the tile than the polygon linking to it: its
    // corners were read past their array before it was checked (the navmesh fuzzer's finding under UBSan).
    TileEditor wide = original;
    ASSERT_GT(q, p);
    dtPoly later = wide.poly(q);
    later.vertCount = 7;
    wide.set(q, later);
    EXPECT_EQ(load_error(wide.bytes), "bad.navmesh: not a valid navmesh file: tile 0: polygon " +
                                          std::to_string(q) + " has a bad type or vertex count");

    // A polygon folded onto a line (its first corner moved onto its second): no area.
    TileEditor flat = original;
    const dtPoly first = flat.poly(0);
    float corner[3];
    std::memcpy(corner, flat.bytes.data() + flat.verts_at + 12 * std::size_t{first.verts[1]}, sizeof corner);
    for (int v = 0; v < first.vertCount; ++v) {
        if (v != 1) {
            std::memcpy(flat.bytes.data() + flat.verts_at + 12 * std::size_t{first.verts[v]}, corner,
                        sizeof corner);
        }
    }
    EXPECT_EQ(load_error(flat.bytes),
              "bad.navmesh: not a valid navmesh file: tile 0: polygon 0 is not convex, or has no area");
}

// Tiles of a tile set side by side: a vertex moved out of its tile's square made polygons of two tiles
// overlap, Detour linked them by their border edges all the same, and its raycast stepped between them for
// ever (the navmesh fuzzer's timeout, from a floor in 16-voxel tiles).
TEST(NavmeshFile, TilesKeepToTheirSquaresOfTheGrid) {
    kinema::nav_test::ObjWriter w;
    w.floor(0.0, 12.0, 0.0, 12.0, 0.0);
    NavSettings s;
    s.tile_size = 16.0;  // 4.8 m: 3 x 3 tiles
    const std::string good = Level::build(w.mesh(), s).save_navmesh();
    ASSERT_EQ(load_error(good), "loaded");
    const std::string prefix = "bad.navmesh: not a valid navmesh file: tile 0: ";

    TileEditor moved(good);  // the whole first tile moved 6 m along x, over its neighbour
    for (int v = 0; v < moved.header.vertCount; ++v) {
        float vertex[3];
        char* at = moved.bytes.data() + moved.verts_at + 12 * static_cast<std::size_t>(v);
        std::memcpy(vertex, at, sizeof vertex);
        vertex[0] += 6.0F;
        std::memcpy(at, vertex, sizeof vertex);
    }
    EXPECT_EQ(load_error(moved.bytes), prefix + "vertex 0 lies outside its square of the tile grid");

    TileEditor layered(good);
    layered.header.layer = 1;
    std::memcpy(layered.bytes.data() + 48, &layered.header, sizeof layered.header);
    EXPECT_EQ(load_error(layered.bytes), prefix + "a layer other than 0 (tile sets have one layer per tile)");
}

// The navmesh fuzzer's finding (a nine-tile floor with its maxTiles and a few tile bytes changed):
// every part passed the reader's checks, but Detour's links, made when it added the tiles, led findPath to a
// polygon past a tile's last one, whose vertex count read 0: an integer division by zero in
// dtNavMeshQuery::getPortalPoints killed the process. The links are checked after the tiles are added.
TEST(NavmeshFile, LinksDetourCannotFollowAreRefused) {
    const std::string path =
        std::string(KINEMA_DATA_DIR) + "/../fuzz/corpus/navmesh/link_past_last_polygon.navmesh";
    const std::string error = load_error(kinema::read_file_capped(path, 1 << 20));
    EXPECT_NE(error.find("bad.navmesh: not a valid navmesh file: tile "), std::string::npos) << error;
    EXPECT_NE(error.find("gets a link Detour cannot follow"), std::string::npos) << error;
}

}  // namespace
