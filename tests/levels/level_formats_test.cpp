// The one registry of level formats (levels/level_formats.hpp, issue 40): the loader is chosen by the
// extension in any case and, for a file without one, by its first line; an extension nothing reads is refused
// as such instead of being read as an ASCII level; a format added later is read by every loader.
#include <gtest/gtest.h>

#include <filesystem>
#include <stdexcept>
#include <string>

#include "error_of.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "scratch.hpp"

namespace kinema::levels {
namespace {

namespace fs = std::filesystem;
using test::error_of;

constexpr std::string_view moving_ai_text = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n";
constexpr std::string_view ascii_text = "#####\n#>..#\n#####\n";

TEST(LevelFormats, ByExtensionInAnyCase) {
    EXPECT_EQ(level_format("maps/den520d.map").name, "Moving AI map");
    EXPECT_EQ(level_format("A.MAP").name, "Moving AI map");
    EXPECT_EQ(level_format("levels/corner_ramp.obj").shape, LevelShape::triangle_mesh);
    EXPECT_EQ(level_format("dungeon.Obj").shape, LevelShape::triangle_mesh);
    EXPECT_EQ(level_format("all_tiles.nav").shape, LevelShape::navmesh);
    EXPECT_EQ(level_format("ALL_TILES.NAV").shape, LevelShape::navmesh);
    EXPECT_EQ(level_format("corner.txt").name, "kinema ASCII level");
    EXPECT_EQ(level_format("Corner.TXT").name, "kinema ASCII level");
    // No extension: an ASCII level (a dotfile and a dot in a directory name are no extension).
    EXPECT_EQ(level_format("obj").name, "kinema ASCII level");
    EXPECT_EQ(level_format(".level").name, "kinema ASCII level");
    EXPECT_EQ(level_format("dir.map/level").name, "kinema ASCII level");
    EXPECT_TRUE(is_3d_level_file("x.nav"));
    EXPECT_TRUE(is_3d_level_file("x.OBJ"));
    EXPECT_FALSE(is_3d_level_file("x.map"));
}

TEST(LevelFormats, AnUnknownExtensionIsRefusedAsSuch) {
    // Before: read as an ASCII level ("l.png:1: unknown character ...").
    const std::string expected =
        "shot.PNG: format not supported: .PNG; kinema reads .map, .txt, .obj, .nav (a file without an "
        "extension as .txt)";
    EXPECT_EQ(error_of([] { (void)level_format("shot.PNG"); }), expected);
    EXPECT_EQ(error_of([] { (void)parse_level("#.#", "shot.PNG"); }), expected);
    const fs::path file = test::scratch_path("level.png");
    test::write_file(file, ascii_text);
    EXPECT_EQ(error_of([&] { (void)load_level(file.string()); }),
              file.string() +
                  ": format not supported: .png; kinema reads .map, .txt, .obj, .nav (a file "
                  "without an extension as .txt)");
    fs::remove(file);
}

TEST(LevelFormats, AThreeDLevelIsNotReadAsAGrid) {
    // Before: a .nav or .obj given to load_level was parsed as an ASCII level.
    EXPECT_EQ(error_of([] { (void)load_level("/nonexistent/level.nav"); }),
              "/nonexistent/level.nav: a 3D level (navmesh), not a grid level");
    EXPECT_EQ(error_of([] { (void)parse_level("v 0 0 0\n", "m.OBJ"); }),
              "m.OBJ: a 3D level (OBJ triangle mesh), not a grid level");
}

TEST(LevelFormats, AFileWithoutAnExtensionIsReadByItsFirstLine) {
    const GridLevel moving_ai = parse_level(moving_ai_text, "den");
    EXPECT_EQ(moving_ai.width, 3);
    EXPECT_EQ(moving_ai.height, 2);
    EXPECT_EQ(moving_ai.passable_count(), 5u);
    EXPECT_EQ(parse_level("\xEF\xBB\xBFtype octile\r\nheight 1\r\nwidth 1\r\nmap\r\n.\r\n", "bom").width, 1);
    const GridLevel ascii = parse_level(ascii_text, "corner");
    EXPECT_EQ(ascii.width, 5);
    ASSERT_TRUE(ascii.seed.has_value());
    // A .txt stays ASCII whatever its first line says.
    EXPECT_EQ(error_of([] { (void)parse_level(moving_ai_text, "den.txt"); }).rfind("den.txt:1: ", 0), 0u);
    const fs::path file = test::scratch_path("den-no-extension");
    test::write_file(file, moving_ai_text);
    EXPECT_EQ(load_level(file.string()).passable_count(), 5u);
    fs::remove(file);
}

GridLevel parse_dots(std::string_view text, const std::string& name, const LevelReadOptions&) {
    GridLevel level;
    level.name = name;
    level.width = static_cast<int>(text.size());
    level.height = 1;
    level.passable.assign(text.size(), 1);
    return level;
}

TEST(LevelFormats, ARegisteredFormatIsReadEverywhere) {
    register_level_format({"dots", {".DOTS"}, LevelShape::grid, parse_dots});
    EXPECT_EQ(parse_level("....", "row.dots").width, 4);
    EXPECT_EQ(level_format("row.Dots").name, "dots");
    EXPECT_NE(readable_extensions().find(".nav, .dots"), std::string::npos);
    EXPECT_THROW(register_level_format({"again", {".dots"}, LevelShape::grid, parse_dots}),
                 std::invalid_argument);
    EXPECT_THROW(register_level_format({"no parse", {".np"}, LevelShape::grid}), std::invalid_argument);
    EXPECT_THROW(register_level_format({"nothing", {}, LevelShape::navmesh}), std::invalid_argument);
    EXPECT_THROW(register_level_format({"no mesh loader", {".nm"}, LevelShape::triangle_mesh}),
                 std::invalid_argument);
}

// A format reading both options, which it shows as the level's title ("LEVEL|WALLS").
GridLevel parse_with_options(std::string_view text, const std::string& name,
                             const LevelReadOptions& options) {
    GridLevel level = parse_dots(text, name, options);
    level.title = options.level + "|" + options.walls;
    return level;
}

TEST(LevelFormats, AnOptionTheFormatDoesNotReadIsRefused) {
    register_level_format(
        {"options", {".opts"}, LevelShape::grid, parse_with_options, nullptr, nullptr, nullptr, true, true});
    const LevelReadOptions both{"Level_1", "solid"};
    EXPECT_EQ(parse_level("..", "a.opts", both).title, "Level_1|solid");
    EXPECT_EQ(unread_option_message("a.OPTS", both, "--level", "--walls"), "");
    EXPECT_EQ(unread_option_message("corner.txt", {}, "--level", "--walls"), "");
    EXPECT_EQ(unread_option_message("corner.txt", {"Level_1", ""}, "--level", "--walls"),
              "--level: has no effect on corner.txt: the kinema ASCII level format holds one level (--level "
              "is read for .opts)");
    EXPECT_EQ(unread_option_message("den.MAP", {"", "solid"}, "--level", "--walls"),
              "--walls: has no effect on den.MAP: the Moving AI map format marks its own walls (--walls is "
              "read for .opts)");
    // The level option is named first; Python names the keyword.
    EXPECT_EQ(unread_option_message("ramp.obj", both, "level", "walls"),
              "level: has no effect on ramp.obj: the OBJ triangle mesh format holds one level (level is read "
              "for .opts)");
    EXPECT_EQ(
        unread_option_message("all_tiles.nav", {"", "solid"}, "walls", "walls"),
        "walls: has no effect on all_tiles.nav: the navmesh format marks its own walls (walls is read for "
        ".opts)");
    EXPECT_EQ(error_of([&] {
                  (void)unread_option_message("x.xyz", both, "--level", "--walls");
              }).rfind("x.xyz: format not supported: .xyz; ", 0),
              0u);
}

// The options as typed, named as the command line names them (the CLI's LevelSource::read_options).
constexpr LevelOptionNames flag_names{"--level", "--walls", "--scale", "--up", "--map", "--navmesh"};

TEST(LevelOptionsOf, ParsesTheMeshOptionsOfAMesh) {
    const LevelReadOptions options = level_options_of({"", "", "0.01", "z"}, flag_names, "hall.OBJ");
    EXPECT_EQ(options.scale, 0.01);
    EXPECT_EQ(options.up, LevelReadOptions::UpAxis::z);
    EXPECT_EQ(options.level, "");
    EXPECT_EQ(options.walls, "");
    const LevelReadOptions defaults = level_options_of({}, flag_names, "");
    EXPECT_EQ(defaults.scale, 1.0);
    EXPECT_EQ(defaults.up, LevelReadOptions::UpAxis::y);
    EXPECT_EQ(level_options_of({"", "", "1e6", "y"}, flag_names, "hall.obj").scale, 1e6);
}

TEST(LevelOptionsOf, RefusesAScaleOrUpAxisOutsideItsRangeBeforeAnythingElse) {
    const std::string scale_range =
        "--scale: must be a number in [1e-06, 1e+06] (metres per unit of the file: 0.01 for centimetres), "
        "got ";
    for (const std::string bad : {"0", "1e7", "-1", "0.5x", "+1", "nan", " 1"}) {
        EXPECT_EQ(error_of([&] {
                      (void)level_options_of({"", "", bad, ""}, flag_names, "hall.obj");
                  }),
                  scale_range + "'" + bad + "'");
    }
    // The text first: a bad value is named as such even where the option would be refused anyway.
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"Level_1", "", "big", ""}, flag_names, "");
              }),
              scale_range + "'big'");
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"", "", "", "Z"}, flag_names, "corner.txt");
              }),
              "--up: must be y or z (the file's up axis), got 'Z'");
    EXPECT_THROW((void)level_options_of({"", "", "", "x"}, flag_names, "hall.obj"), LevelError);
}

TEST(LevelOptionsOf, RefusesEveryOptionForTheBuiltInLevelAndANavmesh) {
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"Level_1", "", "", ""}, flag_names, "");
              }),
              "--level: has no effect without --map (the built-in level)");
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"", "", "", "z"}, flag_names, "");
              }),
              "--up: has no effect without --map (the built-in level)");
    // A navmesh file, whatever its extension.
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"", "", "2", ""}, flag_names, "tiles.bin", "tiles.bin");
              }),
              "--scale: has no effect with --navmesh (a navmesh is in metres with y up already)");
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"", "lava", "", ""}, flag_names, "t.nav", "t.nav");
              }),
              "--walls: has no effect with --navmesh (a navmesh holds one level and marks its own walls)");
    // Each face names its own options and the level's source.
    const LevelOptionNames keywords{"level", "walls", "scale", "up", "path", "navmesh"};
    EXPECT_EQ(error_of([&] {
                  (void)level_options_of({"", "lava", "", ""}, keywords, "");
              }),
              "walls: has no effect without path (the built-in level)");
}

TEST(LevelOptionsOf, RefusesWhatTheFormatDoesNotReadTheMeshOptionsFirst) {
    EXPECT_EQ(
        error_of([] {
            (void)level_options_of({"Level_1", "", "2", ""}, flag_names, "corner.txt");
        })
            .rfind("--scale: has no effect on corner.txt: the kinema ASCII level format is a grid level "
                   "(--scale is read for .obj",
                   0),
        0u);
    EXPECT_EQ(
        error_of([] {
            (void)level_options_of({"Level_1", "", "", ""}, flag_names, "corner.txt");
        }).rfind("--level: has no effect on corner.txt: the kinema ASCII level format holds one level (", 0),
        0u);
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"", "", "", "z"}, flag_names, "all_tiles.nav");
              })
                  .rfind("--up: has no effect on all_tiles.nav: the navmesh format is in metres with y up "
                         "already (--up is read for .obj",
                         0),
              0u);
    EXPECT_EQ(error_of([] {
                  (void)level_options_of({"", "", "2", ""}, flag_names, "x.xyz");
              }).rfind("x.xyz: format not supported: .xyz; ", 0),
              0u);
    // No option given: nothing to refuse, whatever the file.
    EXPECT_EQ(level_options_of({}, flag_names, "x.xyz").scale, 1.0);
}

TEST(TitledFileName, AddsTheTitleWhenItSaysMoreThanTheFileName) {
    EXPECT_EQ(titled_file_name("levels/warehouse.txt", "The Old Warehouse"),
              "warehouse.txt (The Old Warehouse)");
    EXPECT_EQ(titled_file_name("levels/corner.txt", "corner"), "corner.txt");
    EXPECT_EQ(titled_file_name("corner.txt", ""), "corner.txt");
    EXPECT_EQ(titled_file_name("maps/world.ldtk", "Level_2"), "world.ldtk (Level_2)");
}

}  // namespace
}  // namespace kinema::levels
