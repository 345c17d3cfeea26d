// 3D scenes through Assimp (src/formats/assimp_scene.cpp): every twin of data/levels/corner_ramp.obj that
// scripts/make-mesh-levels.sh writes reads back as the OBJ up to float rounding (the same triangles, in any
// order), the navmesh levels built from them have the OBJ level's cells, FBX's axis and unit settings and the
// caller's scale and up axis are applied, and bad files are refused with one line naming the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "error_of.hpp"
#include "kinema/formats/designer_formats.hpp"
#include "kinema/levels/level_error.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/level_files.hpp"
#include "process_maps.hpp"
#include "scratch.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;
using levels::LevelReadOptions;
using levels::TriangleMesh;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

TriangleMesh load_mesh(const std::string& path, const LevelReadOptions& options = {}) {
    formats::register_designer_formats();
    return levels::level_format(path).load_mesh(path, levels::default_max_obj_bytes, options);
}

using Triangle = std::array<Vec3, 3>;

bool before(const Vec3& a, const Vec3& b) {
    return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
}

/// The mesh's triangles as corner positions, each turned (winding kept) to start at its least corner, sorted:
/// two meshes with the same triangles give the same list whatever their vertex and triangle order.
std::vector<Triangle> canonical_triangles(const TriangleMesh& mesh) {
    std::vector<Triangle> out;
    for (const auto& t : mesh.triangles) {
        Triangle corners{mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]};
        const auto least = std::min_element(corners.begin(), corners.end(), before);
        std::rotate(corners.begin(), least, corners.end());
        out.push_back(corners);
    }
    std::sort(out.begin(), out.end(), [](const Triangle& a, const Triangle& b) {
        return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), before);
    });
    return out;
}

/// The same triangles within `tolerance` metres per coordinate (float rounding of the files' float32 data).
void expect_same_triangles(const TriangleMesh& got, const TriangleMesh& want, const std::string& name,
                           double tolerance = 1e-5) {
    const std::vector<Triangle> a = canonical_triangles(got);
    const std::vector<Triangle> b = canonical_triangles(want);
    ASSERT_EQ(a.size(), b.size()) << name;
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t k = 0; k < 3; ++k) {
            EXPECT_NEAR(a[i][k].x, b[i][k].x, tolerance) << name << " triangle " << i << " corner " << k;
            EXPECT_NEAR(a[i][k].y, b[i][k].y, tolerance) << name << " triangle " << i << " corner " << k;
            EXPECT_NEAR(a[i][k].z, b[i][k].z, tolerance) << name << " triangle " << i << " corner " << k;
        }
    }
}

TriangleMesh corner_ramp_obj() {
    return levels::load_obj(levels_dir + "/corner_ramp.obj");
}

TEST(AssimpScenes, EveryTwinOfTheCornerRampIsTheObjUpToFloatRounding) {
    const TriangleMesh obj = corner_ramp_obj();
    ASSERT_EQ(obj.triangles.size(), 8u);
    for (const char* name :
         {"corner_ramp.gltf", "corner_ramp_embedded.gltf", "corner_ramp.glb", "corner_ramp.fbx",
          "corner_ramp.dae", "corner_ramp.ply", "corner_ramp.stl", "corner_ramp.3ds"}) {
        expect_same_triangles(load_mesh(levels_dir + "/" + name), obj, name);
    }
}

TEST(AssimpScenes, ALevelInCentimetresUnderAScaleNodeIsMetres) {
    // corner_ramp_cm.gltf: positions 0..3200, its root node scaled 0.01 (the node transform is applied).
    const TriangleMesh mesh = load_mesh(levels_dir + "/corner_ramp_cm.gltf");
    expect_same_triangles(mesh, corner_ramp_obj(), "corner_ramp_cm.gltf", 1e-4);
    double far_z = 0.0;
    for (const Vec3& v : mesh.vertices) {
        far_z = std::max(far_z, v.z);
    }
    EXPECT_NEAR(far_z, 32.0, 1e-4);
}

/// corner_ramp.fbx with its GlobalSettings edited: `edit` pairs of (property line start, new value).
fs::path edited_fbx(const std::string& name, const std::vector<std::pair<std::string, std::string>>& edits) {
    std::string text = read_file(levels_dir + "/corner_ramp.fbx");
    for (const auto& [property, value] : edits) {
        const std::size_t at = text.find(property);
        EXPECT_NE(at, std::string::npos) << property;
        const std::size_t end = text.find('\n', at);
        text.replace(at, end - at, property + value);
    }
    const fs::path path = scratch_path(name);
    write_file(path, text);
    return path;
}

TEST(AssimpScenes, FbxAxisAndUnitSettingsAreApplied) {
    // Assimp 5.2 leaves GlobalSettings in the metadata; kinema applies them. corner_ramp.fbx is centimetres
    // (UnitScaleFactor 1) with y up; the same numbers said to be metres are 100 times larger, and said to be
    // z up (3ds Max: UpAxis 2, FrontAxis -1) are turned (x, y, z) -> (x, z, -y).
    TriangleMesh metres = corner_ramp_obj();
    for (Vec3& v : metres.vertices) {
        v = v * 100.0;
    }
    const fs::path in_metres =
        edited_fbx("metres.fbx", {{"P: \"UnitScaleFactor\", \"double\", \"Number\", \"\", ", "100"}});
    expect_same_triangles(load_mesh(in_metres.string()), metres, "UnitScaleFactor 100", 1e-3);

    TriangleMesh turned = corner_ramp_obj();
    for (Vec3& v : turned.vertices) {
        v = Vec3{v.x, v.z, -v.y};
    }
    const fs::path z_up =
        edited_fbx("zup.fbx", {{"P: \"UpAxis\", \"int\", \"Integer\", \"\", ", "2"},
                               {"P: \"FrontAxis\", \"int\", \"Integer\", \"\", ", "1"},
                               {"P: \"FrontAxisSign\", \"int\", \"Integer\", \"\", ", "-1"}});
    expect_same_triangles(load_mesh(z_up.string()), turned, "UpAxis 2", 1e-5);

    const fs::path twice = edited_fbx("twice.fbx", {{"P: \"UpAxis\", \"int\", \"Integer\", \"\", ", "2"}});
    EXPECT_EQ(error_of([&] { (void)load_mesh(twice.string()); }),
              twice.string() +
                  ": FBX GlobalSettings UpAxis 2, FrontAxis 2 and CoordAxis 0 must be three different axes");
    fs::remove(in_metres);
    fs::remove(z_up);
    fs::remove(twice);
}

TEST(AssimpScenes, ColladaUnitAndUpAxisAreApplied) {
    // Assimp applies COLLADA's <unit meter> and <up_axis> itself: corner_ramp.dae said to be in centimetres
    // is a hundred times smaller, said to be z up is turned (x, y, z) -> (x, z, -y).
    const std::string dae = read_file(levels_dir + "/corner_ramp.dae");
    const auto edited = [&](const std::string& from, const std::string& to) {
        std::string text = dae;
        EXPECT_NE(text.find(from), std::string::npos) << from;
        text.replace(text.find(from), from.size(), to);
        const fs::path path = scratch_path("edited.dae");
        write_file(path, text);
        return load_mesh(path.string());
    };
    TriangleMesh centimetres = corner_ramp_obj();
    TriangleMesh turned = corner_ramp_obj();
    for (std::size_t i = 0; i < turned.vertices.size(); ++i) {
        centimetres.vertices[i] = centimetres.vertices[i] * 0.01;
        turned.vertices[i] = Vec3{turned.vertices[i].x, turned.vertices[i].z, -turned.vertices[i].y};
    }
    expect_same_triangles(edited("meter=\"1\"", "meter=\"0.01\""), centimetres, "meter 0.01", 1e-6);
    expect_same_triangles(edited("Y_UP", "Z_UP"), turned, "Z_UP");
    fs::remove(scratch_path("edited.dae"));
}

TEST(AssimpScenes, ScaleAndUpOptionsApplyToEveryMeshFormat) {
    LevelReadOptions options;
    options.scale = 0.5;
    options.up = LevelReadOptions::UpAxis::z;
    TriangleMesh want = corner_ramp_obj();
    for (Vec3& v : want.vertices) {
        v = Vec3{v.x, v.z, -v.y} * 0.5;
    }
    expect_same_triangles(load_mesh(levels_dir + "/corner_ramp.stl", options), want, "STL");
    expect_same_triangles(load_mesh(levels_dir + "/corner_ramp.obj", options), want, "OBJ");

    for (const double bad : {0.0, -1.0, 2e6, std::nan("")}) {
        options.scale = bad;
        EXPECT_EQ(
            error_of([&] { (void)load_mesh(levels_dir + "/corner_ramp.glb", options); })
                .rfind("scale must be a finite number in [1e-06, 1e+06] (metres per unit of the file), got ",
                       0),
            0u)
            << bad;
    }
}

TEST(AssimpScenes, TheNavmeshLevelOfEachTwinHasTheObjLevelsCells) {
    formats::register_designer_formats();
    const std::size_t obj_cells = nav::load_level_3d(levels_dir + "/corner_ramp.obj", {}).nav_cells().size();
    EXPECT_EQ(obj_cells, 227u);  // docs/nav.md
    for (const char* name :
         {"corner_ramp.gltf", "corner_ramp.glb", "corner_ramp.fbx", "corner_ramp_cm.gltf"}) {
        EXPECT_EQ(nav::load_level_3d(levels_dir + "/" + name, {}).nav_cells().size(), obj_cells) << name;
    }
}

// ---- bad input: one line naming the file (and the glTF element) ----

std::string load_error(const fs::path& path) {
    return error_of([&] { (void)load_mesh(path.string()); });
}

TEST(AssimpScenes, AnAccessorPastItsBufferIsRefusedNamingIt) {
    std::string text = read_file(levels_dir + "/corner_ramp_embedded.gltf");
    const std::string count = "\"count\": 10";
    ASSERT_NE(text.find(count), std::string::npos);
    text.replace(text.find(count), count.size(), "\"count\": 11");
    const fs::path path = scratch_path("past.gltf");
    write_file(path, text);
    EXPECT_EQ(load_error(path),
              path.string() +
                  ": accessors[0]: 11 elements of 12 bytes from byte 0 run past bufferViews[0] "
                  "(byteLength 120)");
    fs::remove(path);
}

TEST(AssimpScenes, AMissingExternalBufferIsRefusedNamingIt) {
    const fs::path path = scratch_path("alone.gltf");
    fs::copy_file(levels_dir + "/corner_ramp.gltf", path, fs::copy_options::overwrite_existing);
    EXPECT_EQ(load_error(path), path.string() +
                                    ": buffers[0].uri: cannot open 'corner_ramp.bin': no such file (found "
                                    "relative to the glTF file)");
    fs::remove(path);
}

TEST(AssimpScenes, ATruncatedGlbIsRefused) {
    const std::string bytes = read_file(levels_dir + "/corner_ramp.glb");
    const fs::path path = scratch_path("cut.glb");
    write_file(path, bytes.substr(0, 1000));
    EXPECT_EQ(load_error(path),
              path.string() + ": glb header: truncated: the header says 1436 bytes, the file has 1000");
    write_file(path, bytes.substr(0, 7));
    EXPECT_EQ(load_error(path), path.string() + ": glb header: truncated: 7 bytes, a .glb has at least 20");
    fs::remove(path);
}

TEST(AssimpScenes, GarbageWithAnFbxNameIsRefused) {
    const fs::path path = scratch_path("garbage.fbx");
    write_file(path, "this is not a scene\n\x01\x02\x03 at all\n");
    const std::string message = load_error(path);
    EXPECT_EQ(message.rfind(path.string() + ": Assimp could not read the scene: ", 0), 0u) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos);
    fs::remove(path);
}

TEST(AssimpScenes, AnEmptySceneIsRefused) {
    const fs::path path = scratch_path("empty.gltf");
    write_file(path,
               R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [{}], "scene": 0})");
    const std::string message = load_error(path);
    EXPECT_EQ(message.rfind(path.string() + ": ", 0), 0u) << message;
    EXPECT_NE(message.find("no triangles"), std::string::npos) << message;
    fs::remove(path);
}

TEST(AssimpScenes, NodesThatAreNotTreesAreRefused) {
    const fs::path path = scratch_path("loop.gltf");
    write_file(path, R"({"asset": {"version": "2.0"}, "nodes": [{"children": [1]}, {"children": [0]}]})");
    EXPECT_EQ(load_error(path), path.string() + ": nodes: a node is its own ancestor: nodes form trees");
    write_file(path, R"({"asset": {"version": "2.0"}, "nodes": [{"children": [2]}, {"children": [2]}, {}]})");
    EXPECT_EQ(load_error(path),
              path.string() + ": nodes[1].children[0]: nodes[2] already has a parent: nodes form trees");
    fs::remove(path);
}

// Two inputs that defeat Assimp 5.2 itself (src/formats/gltf_checks.hpp): JSON nested 200,000 deep crashes
// its recursive JSON parser, and nodes sharing children make it copy a subtree 2^30 times. Both are refused
// first.
TEST(AssimpScenes, InputsThatCrashOrHangAssimpAreRefusedBeforeIt) {
    const fs::path path = scratch_path("deep.gltf");
    write_file(path, R"({"asset": {"version": "2.0"}, "extras": )" + std::string(200000, '[') +
                         std::string(200000, ']') + "}");
    EXPECT_EQ(load_error(path), path.string() + ": JSON: nested deeper than 64 levels");
    std::string nodes;
    for (int i = 0; i < 30; ++i) {
        nodes += "{\"children\": [" + std::to_string(i + 1) + ", " + std::to_string(i + 1) + "]}, ";
    }
    write_file(path,
               R"({"asset": {"version": "2.0"}, "scenes": [{"nodes": [0]}], "nodes": [)" + nodes + "{}]}");
    EXPECT_EQ(load_error(path),
              path.string() + ": nodes[0].children[1]: nodes[1] already has a parent: nodes form trees");
    fs::remove(path);
}

// Assimp 5.2 reads a PLY header without end_header forever, and corrupts its heap on element and property
// lines with bytes out of place (src/formats/ply_checks.hpp; found by fuzz/mesh_scene_fuzz.cpp): every line
// of the header is checked first, in ASCII and binary files; a header that ends is read.
TEST(AssimpScenes, PlyHeadersAreCheckedBeforeAssimp) {
    const fs::path path = scratch_path("header.ply");
    const std::string header =
        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
        "element face 1\nproperty list uchar int vertex_indices\n";
    const std::string body = "0 0 0\n1 0 0\n0 0 1\n3 0 1 2\n";
    const auto refusal = [&](const std::string& text) {
        write_file(path, text);
        return load_error(path);
    };
    const std::string at = path.string() + ": PLY header line ";
    EXPECT_EQ(refusal(header), path.string() + ": PLY: the header has no end_header line");
    EXPECT_EQ(
        refusal("ply\r\nformat binary_little_endian 1.0\r\nelement vertex 3\r\n" + std::string(40, '\x7f')),
        path.string() + ": PLY: the header has no end_header line");
    EXPECT_EQ(refusal(header + body),
              at + "9: a line must be comment, obj_info, element, property or end_header");
    EXPECT_EQ(
        refusal("ply\nformat ascii 2.0\nend_header\n"),
        at + "2: the second line must be \"format ascii 1.0\" (or binary_little_endian, binary_big_endian)");
    EXPECT_EQ(refusal("ply\nformat ascii 1.0\nelement vertex 1\xc5\xc5\nend_header\n"),
              at + "3: an element is \"element NAME COUNT\"");
    EXPECT_EQ(refusal("ply\nformat ascii 1.0\nelement vertex 99999999\nend_header\n"),
              at + "3: more elements than the file's bytes can hold");
    EXPECT_EQ(refusal("ply\nformat ascii 1.0\nelement face 4" + std::string(60, '9') + "\nend_header\n"),
              at + "3: an element is \"element NAME COUNT\"");
    EXPECT_EQ(refusal("ply\nformat ascii 1.0\nproperty float x\nend_header\n"),
              at + "3: a property before any element");
    EXPECT_EQ(refusal("ply\nformat ascii 1.0\nelement face 1\nproperty lis 10 11\nend_header\n"),
              at + "4: a property is \"property TYPE NAME\" or \"property list TYPE TYPE NAME\"");
    write_file(path, header + "comment made by hand\r\nend_header \r\n" + body);
    const TriangleMesh mesh = load_mesh(path.string());
    EXPECT_EQ(mesh.triangles.size(), 1u);
    EXPECT_EQ(mesh.vertices.size(), 3u);
    fs::remove(path);
}

// A face of no corners (a PLY face list entry "0") passes Assimp's ValidateDataStructure, and its
// Triangulate step then stops the process on an assertion (src/formats/assimp_scene.cpp, check_faces; found
// by fuzz/mesh_scene_fuzz.cpp): refused, naming the mesh and the face.
TEST(AssimpScenes, AFaceWithoutCornersIsRefusedBeforeTriangulation) {
    const fs::path path = scratch_path("no_corners.ply");
    write_file(
        path,
        "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n"
        "element face 2\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 0 1\n3 0 1 "
        "2\n0\n");
    EXPECT_EQ(load_error(path), path.string() + ": mesh 0 has a face without corners (face 1)");
    fs::remove(path);
}

// Assimp 5.2 appends index 0 without end after a <p> character that is not part of a number (97 s and
// 16 GB for a 3.7 KB file), and reserves a primitive's count first (src/formats/collada_checks.hpp; found by
// fuzz/mesh_scene_fuzz.cpp): both refused first, naming the element.
TEST(AssimpScenes, ColladaListsThatAreNotWholeNumbersAndImpossibleCountsAreRefused) {
    const std::string dae = read_file(levels_dir + "/corner_ramp.dae");
    ASSERT_NE(dae.find("<p>0 1 2 3 "), std::string::npos);
    ASSERT_NE(dae.find("<polylist count=\"4\""), std::string::npos);
    const fs::path path = scratch_path("bad.dae");
    const auto replaced = [&](std::string_view from, std::string_view to) {
        std::string text = dae;
        return text.replace(text.find(from), from.size(), to);
    };
    const std::string bad_list = replaced("<p>0 1 2 3 ", "<p>0 1 2\xff\xff 3 ");
    write_file(path, bad_list);
    EXPECT_EQ(load_error(path),
              path.string() + ": COLLADA: a <p> list holds a character that is not part of a whole number");
    const std::string bad_count = replaced("<polylist count=\"4\"", "<polylist count=\"4000000000\"");
    write_file(path, bad_count);
    EXPECT_EQ(load_error(path),
              path.string() + ": COLLADA: <polylist count=\"4000000000\">: more values than the file's " +
                  std::to_string(bad_count.size()) + " bytes can hold");
    const std::string huge = "4" + std::string(30, '9');
    write_file(path, replaced("<polylist count=\"4\"", "<polylist count=\"" + huge + "\""));
    EXPECT_NE(load_error(path).find("<polylist count=\"" + huge + "\">: more values than the file's"),
              std::string::npos);
    write_file(path, dae);  // the twin itself passes the checks
    expect_same_triangles(load_mesh(path.string()), corner_ramp_obj(), "bad.dae restored");
    fs::remove(path);
}

TEST(AssimpScenes, AMissingFileIsRefusedAsOtherLevelsAre) {
    EXPECT_EQ(load_error("/nonexistent/x.glb"),
              "/nonexistent/x.glb:0: cannot open file: No such file or directory");
    try {
        (void)load_mesh("/nonexistent/x.glb");
    } catch (const levels::LevelError& e) {
        EXPECT_TRUE(e.unreadable_file());  // Python raises OSError
    }
}

#ifdef __linux__
// Assimp is loaded with the first scene, not when kinema starts (assimp_scene.cpp: linked, it cost every
// process 3-5 ms). ctest runs each test in a process of its own, where nothing has read a scene before.
TEST(AssimpScenes, AssimpIsLoadedByTheFirstSceneNotAtStart) {
    if (test::process_has_mapped("libassimp.so")) {
        GTEST_SKIP() << "an earlier test of this process read a scene (ctest runs each test alone)";
    }
    formats::register_designer_formats();
    (void)corner_ramp_obj();
    EXPECT_FALSE(test::process_has_mapped("libassimp.so"));
    expect_same_triangles(load_mesh(levels_dir + "/corner_ramp.glb"), corner_ramp_obj(), "corner_ramp.glb");
    EXPECT_TRUE(test::process_has_mapped("libassimp.so"));
}
#endif

// Assimp's C interface keeps one error message for the whole process: scenes read on several threads at
// once each get their own triangles or their own message.
TEST(AssimpScenes, ScenesReadOnSeveralThreadsAtOnceGetTheirOwnAnswers) {
    const fs::path garbage = scratch_path("threads_garbage.fbx");
    write_file(garbage, "not a scene either\n");
    const std::string garbage_message = load_error(garbage);
    const TriangleMesh obj = corner_ramp_obj();
    std::vector<std::string> messages(8);
    std::vector<std::size_t> triangles(8);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < messages.size(); ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < 5; ++round) {
                if (t % 2 == 0) {
                    messages[t] = load_error(garbage);
                } else {
                    triangles[t] = load_mesh(levels_dir + "/corner_ramp.gltf").triangles.size();
                }
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    for (std::size_t t = 0; t < messages.size(); ++t) {
        if (t % 2 == 0) {
            EXPECT_EQ(messages[t], garbage_message) << "thread " << t;
        } else {
            EXPECT_EQ(triangles[t], obj.triangles.size()) << "thread " << t;
        }
    }
    fs::remove(garbage);
}

}  // namespace
}  // namespace kinema::test
