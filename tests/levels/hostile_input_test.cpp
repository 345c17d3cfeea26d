// The loaders against hostile but realistic input: byte-order marks from Windows editors,
// directories, files past the byte cap, endless devices, and huge or binary lines echoed into messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "error_of.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/levels/obj.hpp"
#include "scratch.hpp"

namespace kinema::levels {
namespace {

constexpr std::string_view bom = "\xEF\xBB\xBF";
constexpr std::string_view small_map = "type octile\nheight 1\nwidth 3\nmap\n.@.\n";
constexpr std::string_view small_obj = "v 0 0 0\nv 1 0 0\nv 1 0 1\nf 1 2 3\n";

using kinema::test::error_of;

TEST(HostileInput, AByteOrderMarkIsSkippedByEveryTextLoader) {
    const GridLevel plain = parse_moving_ai_map(small_map, "m.map");
    const GridLevel marked = parse_moving_ai_map(std::string(bom) + std::string(small_map), "m.map");
    EXPECT_EQ(marked.passable, plain.passable);

    const GridLevel ascii = parse_ascii_level(std::string(bom) + ".#.\n", "a.txt");
    EXPECT_EQ(ascii.passable, (std::vector<std::uint8_t>{1, 0, 1}));

    // Before the fix the mark made the first line unknown, so the first vertex was silently dropped and the
    // face's index 3 pointed past the vertices.
    const TriangleMesh mesh = parse_obj(std::string(bom) + std::string(small_obj), "m.obj");
    ASSERT_EQ(mesh.vertices.size(), 3u);
    EXPECT_EQ(mesh.triangles.size(), 1u);
}

TEST(HostileInput, ADirectoryIsNamedAsOne) {
    const std::filesystem::path dir = kinema::test::scratch_path("dir.map");
    std::filesystem::create_directories(dir);
    EXPECT_EQ(error_of([&] { load_level(dir.string()); }), dir.string() + ":0: is a directory, not a file");
    EXPECT_EQ(error_of([&] { load_obj(dir); }), dir.string() + ": is a directory, not a file");
    std::filesystem::remove(dir);
}

TEST(HostileInput, FilesPastTheCapAreRefusedAndFilesAtItAreRead) {
    const std::filesystem::path path = kinema::test::scratch_path("capped.map");
    kinema::test::write_file(path, small_map);
    const std::uintmax_t size = small_map.size();
    EXPECT_EQ(load_moving_ai_map(path.string(), size).width, 3);
    EXPECT_EQ(error_of([&] { load_moving_ai_map(path.string(), size - 1); }),
              path.string() + ":0: larger than the limit of " + std::to_string(size - 1) + " bytes (" +
                  std::to_string(size) + " bytes)");
    const std::filesystem::path obj = kinema::test::scratch_path("capped.obj");
    kinema::test::write_file(obj, small_obj);
    EXPECT_EQ(load_obj(obj, small_obj.size()).triangles.size(), 1u);
    EXPECT_EQ(error_of([&] { load_obj(obj, 10); }), obj.string() + ": larger than the limit of 10 bytes (" +
                                                        std::to_string(small_obj.size()) + " bytes)");
    std::filesystem::remove(path);
    std::filesystem::remove(obj);
}

TEST(HostileInput, EndlessDevicesStopAtTheCap) {
    if (!std::filesystem::exists("/dev/zero") || !std::filesystem::exists("/dev/urandom")) {
        GTEST_SKIP() << "no /dev/zero or /dev/urandom on this system";
    }
    // Before the fix the OBJ loader read /dev/zero until memory ran out and /dev/urandom forever.
    constexpr std::uintmax_t cap = 1 << 20;
    EXPECT_EQ(error_of([&] { load_obj("/dev/zero", cap); }),
              "/dev/zero: larger than the limit of 1048576 bytes");
    EXPECT_EQ(error_of([&] { load_obj("/dev/urandom", cap); }),
              "/dev/urandom: larger than the limit of 1048576 bytes");
    EXPECT_EQ(error_of([&] { load_level("/dev/zero", cap); }),
              "/dev/zero:0: larger than the limit of 1048576 bytes");
}

TEST(HostileInput, HugeAndBinaryLinesAreCutAndEscapedInMessages) {
    const std::string huge = "type " + std::string(10'000'000, 'x') + "\n";
    const std::string message = error_of([&] { parse_moving_ai_map(huge, "m.map"); });
    EXPECT_EQ(message, "m.map:1: expected 'type octile', got 'type " + std::string(35, 'x') + "...'");

    const std::string binary = error_of([&] { parse_moving_ai_map("type\x01\x7f\xff\n", "m.map"); });
    EXPECT_EQ(binary, "m.map:1: expected 'type octile', got 'type\\x01\\x7f\\xff'");
    EXPECT_EQ(binary.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace kinema::levels
