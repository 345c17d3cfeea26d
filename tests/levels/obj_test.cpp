// The OBJ loader (include/kinema/levels/obj.hpp): syntax the Recast demo meshes use and every error case.
#include <gtest/gtest.h>

#include "scratch.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include "kinema/levels/obj.hpp"

namespace {

using kinema::Vec3;
using kinema::levels::load_obj;
using kinema::levels::ObjError;
using kinema::levels::parse_obj;
using kinema::levels::TriangleMesh;
using Tri = std::array<std::uint32_t, 3>;

std::string error_of(const std::string& text) {
    try {
        parse_obj(text, "level.obj");
    } catch (const ObjError& e) {
        return e.what();
    }
    return "no error";
}

TEST(Obj, ReadsVerticesAndTriangles) {
    const TriangleMesh mesh = parse_obj("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 3\n", "t.obj");
    ASSERT_EQ(mesh.vertices.size(), 3u);
    EXPECT_EQ(mesh.vertices[2], (Vec3{1.0, 0.0, 1.0}));
    ASSERT_EQ(mesh.triangles.size(), 1u);
    EXPECT_EQ(mesh.triangles[0], (Tri{0, 1, 2}));
}

TEST(Obj, AcceptsEveryCornerSyntaxAndTakesTheVertexIndex) {
    const TriangleMesh mesh = parse_obj(
        "v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nvt 0 0\nvn 0 1 0\n"
        "f 1/1 2//1 3/1/1\nf 4/1/1 1 3//1\n",
        "t.obj");
    ASSERT_EQ(mesh.triangles.size(), 2u);
    EXPECT_EQ(mesh.triangles[0], (Tri{0, 1, 2}));
    EXPECT_EQ(mesh.triangles[1], (Tri{3, 0, 2}));
}

TEST(Obj, NegativeIndicesCountBackFromTheLatestVertex) {
    // At the face, 4 vertices exist: -1 is vertex 4 (index 3), -4 is vertex 1 (index 0).
    const TriangleMesh mesh =
        parse_obj("v 0 0 0\nv 1 0 0\nv 1 0 1\nv 0 0 1\nf -4 -3 -1\nv 5 5 5\nf -1 -2 -3\n", "t.obj");
    ASSERT_EQ(mesh.triangles.size(), 2u);
    EXPECT_EQ(mesh.triangles[0], (Tri{0, 1, 3}));
    // The second face sees 5 vertices: -1 = index 4, -2 = index 3, -3 = index 2.
    EXPECT_EQ(mesh.triangles[1], (Tri{4, 3, 2}));
}

TEST(Obj, FanTriangulatesPolygons) {
    // A hexagon 1..6 becomes the fan (1,2,3) (1,3,4) (1,4,5) (1,5,6).
    std::string text;
    for (int i = 0; i < 6; ++i) {
        text += "v " + std::to_string(std::cos(i)) + " 0 " + std::to_string(std::sin(i)) + "\n";
    }
    text += "f 1 2 3 4 5 6\n";
    const TriangleMesh mesh = parse_obj(text, "t.obj");
    ASSERT_EQ(mesh.triangles.size(), 4u);
    EXPECT_EQ(mesh.triangles[0], (Tri{0, 1, 2}));
    EXPECT_EQ(mesh.triangles[1], (Tri{0, 2, 3}));
    EXPECT_EQ(mesh.triangles[2], (Tri{0, 3, 4}));
    EXPECT_EQ(mesh.triangles[3], (Tri{0, 4, 5}));
}

TEST(Obj, IgnoresCommentsGroupsMaterialsAndCarriageReturns) {
    const TriangleMesh mesh = parse_obj(
        "# a level\r\nmtllib level.mtl\r\no thing\r\ng floor\r\nusemtl stone\r\ns off\r\n"
        "v 0 0 0 # corner\r\nv 2.5e0 +0 -0\r\n\tv   2.5 0 1 1.0\r\nvn 0 1 0\r\nvt 0.5 0.5\r\n\r\nf 1 2 3\r\n",
        "t.obj");
    ASSERT_EQ(mesh.vertices.size(), 3u);
    EXPECT_EQ(mesh.vertices[1], (Vec3{2.5, 0.0, 0.0}));
    EXPECT_EQ(mesh.vertices[2], (Vec3{2.5, 0.0, 1.0}));
    EXPECT_EQ(mesh.triangles.size(), 1u);
}

TEST(Obj, ErrorsNameFileAndLine) {
    EXPECT_EQ(error_of("v 0 0 0\nv 1 x 0\n"), "level.obj:2: not a number: 'x'");
    EXPECT_EQ(error_of("v 0 0\n"), "level.obj:1: a vertex needs 3 coordinates, got 2");
    EXPECT_EQ(error_of("v 0 0 nan\n"), "level.obj:1: vertex coordinate is not finite: 'nan'");
    EXPECT_EQ(error_of("v 0 0 inf\n"), "level.obj:1: vertex coordinate is not finite: 'inf'");
    EXPECT_EQ(error_of("v 0 0 1e999\n"), "level.obj:1: number out of range: '1e999'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2\n"),
              "level.obj:4: a face needs at least 3 vertices, got 2");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 0 1 2\n"),
              "level.obj:4: vertex index 0 out of range: 3 vertices defined so far (indices start at 1)");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\n\nf 1 2 4\n"),
              "level.obj:5: vertex index 4 out of range: 3 vertices defined so far");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 -4\n"),
              "level.obj:4: vertex index -4 out of range: 3 vertices defined so far");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 3x\n"), "level.obj:4: not a vertex index: '3x'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 /3\n"), "level.obj:4: not a vertex index: '/3'");
    EXPECT_EQ(error_of("v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 99999999999999999999\n"),
              "level.obj:4: vertex index 99999999999999999999 out of range: 3 vertices defined so far");
}

TEST(Obj, AFileWithoutFacesIsAnError) {
    EXPECT_EQ(error_of(""), "level.obj: no faces: the mesh is empty");
    EXPECT_EQ(error_of("# nothing\nv 0 0 0\n"), "level.obj:2: no faces: the mesh is empty");
}

TEST(Obj, ErrorCarriesFileAndLineAndIsAnInvalidArgument) {
    try {
        parse_obj("v 0 0 0\nf 1 1 1 1\nf 2 3 4\n", "x.obj");
        FAIL() << "expected an error";
    } catch (const std::invalid_argument& e) {
        const auto* obj = dynamic_cast<const ObjError*>(&e);
        ASSERT_NE(obj, nullptr);
        EXPECT_EQ(obj->file(), "x.obj");
        EXPECT_EQ(obj->line(), 3u);
    }
}

TEST(Obj, LoadsFilesAndReportsUnreadableOnes) {
    const auto path = kinema::test::scratch_path("obj_test.obj");
    {
        std::ofstream out(path);
        out << "v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 3\n";
    }
    EXPECT_EQ(load_obj(path).triangles.size(), 1u);
    std::filesystem::remove(path);
    try {
        load_obj(path);
        FAIL() << "expected an error";
    } catch (const ObjError& e) {
        EXPECT_EQ(std::string(e.what()), path.string() + ": cannot open file: No such file or directory");
        EXPECT_EQ(e.line(), 0u);
    }
}

TEST(Obj, ReadsTheRecastDemoMeshes) {
    // Counts from influence-maps-and-levels.md section 4.3: dungeon 5,101 vertices and 10,133 triangles;
    // nav_test 884 vertices and 792 polygons (776 quads plus 3-, 6-, 8- and 12-gons).
    const std::filesystem::path dir = std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "meshes";
    if (!std::filesystem::exists(dir / "dungeon.obj")) {
        GTEST_SKIP() << "shared meshes not found in " << dir << " (KINEMA_SHARED_DATA_DIR)";
    }
    const TriangleMesh dungeon = load_obj(dir / "dungeon.obj");
    EXPECT_EQ(dungeon.vertices.size(), 5101u);
    EXPECT_EQ(dungeon.triangles.size(), 10133u);
    const TriangleMesh nav_test = load_obj(dir / "nav_test.obj");
    EXPECT_EQ(nav_test.vertices.size(), 884u);
    // An n-gon fans into n-2 triangles. The file's faces: 8 triangles, 776 quads, 2 hexagons, 4 octagons and
    // 2 12-gons: 8*1 + 776*2 + 2*4 + 4*6 + 2*10 = 1612.
    EXPECT_EQ(nav_test.triangles.size(), 1612u);
}

}  // namespace
