// Levels from caller memory: grid_from_tiles (the C ABI's kinema_space_from_grid, Python's Level.from_array),
// and meshes and polygons in caller arrays (mesh_arrays.hpp), every bad argument named with its index.
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/mesh_arrays.hpp"

namespace {

namespace lv = kinema::levels;

template <class Call>
std::string message_of(Call&& call) {
    try {
        call();
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "no error";
}

TEST(GridFromTiles, NonZeroBytesAreFloorRowMajor) {
    const std::vector<std::uint8_t> tiles{1, 0, 7, 0, 255, 0};
    const lv::GridLevel level = lv::grid_from_tiles("mine", 3, 2, tiles.data());
    EXPECT_EQ(level.name, "mine");
    EXPECT_EQ(level.width, 3);
    EXPECT_EQ(level.height, 2);
    EXPECT_EQ(level.passable, (std::vector<std::uint8_t>{1, 0, 1, 0, 1, 0}));
    EXPECT_TRUE(level.is_passable(1, 1));
    EXPECT_FALSE(level.is_passable(0, 1));
    EXPECT_FALSE(level.seed.has_value());
}

TEST(GridFromTiles, SizesOutOfRangeAndNullTilesAreRefused) {
    const std::uint8_t tile = 1;
    EXPECT_EQ(message_of([&] { lv::grid_from_tiles("g", -2, 2, &tile); }),
              "width and height must be in [1, 4096], got -2 x 2");
    EXPECT_EQ(message_of([&] { lv::grid_from_tiles("g", 3, 4097, &tile); }),
              "width and height must be in [1, 4096], got 3 x 4097");
    EXPECT_EQ(message_of([&] { lv::grid_from_tiles("g", 1LL << 40, 1, &tile); }),
              "width and height must be in [1, 4096], got 1099511627776 x 1");
    EXPECT_EQ(message_of([&] { lv::grid_from_tiles("g", 1, 1, nullptr); }), "tiles is NULL");
}

TEST(MeshArrays, TrianglesAndPolygonsAreReadAsGiven) {
    const float xyz[] = {0, 0, 0, 4, 0, 0, 4, 1, 4, 0, 0, 4};
    const int triangles[] = {0, 1, 2, 0, 2, 3};
    const lv::TriangleMesh mesh = lv::triangle_mesh_from_arrays(xyz, 4, triangles, 2);
    ASSERT_EQ(mesh.vertices.size(), 4u);
    EXPECT_EQ(mesh.vertices[2], (kinema::Vec3{4, 1, 4}));
    ASSERT_EQ(mesh.triangles.size(), 2u);
    EXPECT_EQ(mesh.triangles[1], (std::array<std::uint32_t, 3>{0, 2, 3}));

    const int indices[] = {0, 1, 2, 3, 0, 2, 3};
    const int sizes[] = {4, 3};
    const lv::PolygonMesh polygons = lv::polygon_mesh_from_arrays(xyz, 4, indices, sizes, 2);
    EXPECT_EQ(polygons.polygon_count(), 2u);
    EXPECT_EQ(polygons.starts, (std::vector<std::uint32_t>{0, 4, 7}));
    EXPECT_EQ(polygons.corners, (std::vector<std::uint32_t>{0, 1, 2, 3, 0, 2, 3}));
}

TEST(MeshArrays, BadArgumentsAreNamedWithTheirIndex) {
    const float xyz[] = {0, 0, 0, 4, 0, 0, 4, 1, 4, 0, 0, 4};
    const int triangles[] = {0, 1, 2, 0, 2, 3};
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(nullptr, 4, triangles, 2); }), "xyz is NULL");
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(xyz, 4, nullptr, 2); }), "triangles is NULL");
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(xyz, -1, triangles, 2); }),
              "vertex_count must be in [1, 2147483647], got -1");
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(xyz, 4, triangles, 0); }),
              "triangle_count must be in [1, 2147483647], got 0");
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(xyz, 3, triangles, 2); }),
              "triangles[5] = 3 is not a vertex index: vertex_count is 3 (triangle 1)");
    float bad[12];
    std::copy(std::begin(xyz), std::end(xyz), bad);
    bad[11] = std::numeric_limits<float>::infinity();
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(bad, 4, triangles, 2); }),
              "xyz[11] is infinite (vertex 3, z)");
    bad[11] = 4;
    bad[0] = std::numeric_limits<float>::quiet_NaN();
    EXPECT_EQ(message_of([&] { lv::triangle_mesh_from_arrays(bad, 4, triangles, 2); }),
              "xyz[0] is NaN (vertex 0, x)");

    const int indices[] = {0, 1, 2, 3, 0, 2, -1};
    const int sizes[] = {4, 3};
    EXPECT_EQ(message_of([&] { lv::polygon_mesh_from_arrays(xyz, 4, nullptr, sizes, 2); }),
              "polygon_indices is NULL");
    EXPECT_EQ(message_of([&] { lv::polygon_mesh_from_arrays(xyz, 4, indices, sizes, -3); }),
              "polygon_count must be in [1, 2147483647], got -3");
    EXPECT_EQ(message_of([&] { lv::polygon_mesh_from_arrays(xyz, 4, indices, sizes, 2); }),
              "polygon_indices[6] = -1 is not a vertex index: vertex_count is 4 (polygon 1)");
    const int short_sizes[] = {4, 2};
    EXPECT_EQ(message_of([&] { lv::polygon_mesh_from_arrays(xyz, 4, indices, short_sizes, 2); }),
              "polygon_sizes[1] = 2: a polygon has at least 3 corners");
}

}  // namespace
