// The LDtk loader (kinema/formats/ldtk.hpp, docs/levels.md "LDtk projects (.ldtk)"): each rule of issue 41
// on small projects built here, the generated twins of data/levels against their ASCII originals, and every
// refusal with its whole message.
#include "kinema/formats/ldtk.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "error_of.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "scratch.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Tiles = std::vector<std::uint8_t>;

// An IntGrid layer definition: values {value, identifier}.
json intgrid_def(int uid, const std::string& identifier,
                 const std::vector<std::pair<int, std::string>>& values) {
    json def = {{"__type", "IntGrid"}, {"identifier", identifier}, {"uid", uid}, {"gridSize", 16}};
    def["intGridValues"] = json::array();
    for (const auto& [value, name] : values) {
        def["intGridValues"].push_back({{"value", value}, {"identifier", name}, {"color", "#000000"}});
    }
    return def;
}

json intgrid_layer(const std::string& identifier, int def_uid, int width, int height,
                   const std::vector<int>& csv, int grid = 16) {
    return {{"__identifier", identifier},
            {"__type", "IntGrid"},
            {"__cWid", width},
            {"__cHei", height},
            {"__gridSize", grid},
            {"layerDefUid", def_uid},
            {"intGridCsv", csv},
            {"entityInstances", json::array()}};
}

json entity(const std::string& identifier, int cx, int cy, const json& direction = nullptr) {
    json e = {{"__identifier", identifier}, {"__grid", {cx, cy}}, {"px", {cx * 16 + 8, cy * 16 + 8}}};
    e["fieldInstances"] = json::array();
    if (!direction.is_null()) {
        e["fieldInstances"].push_back(
            {{"__identifier", "direction"}, {"__type", "String"}, {"__value", direction}});
    }
    return e;
}

json entity_layer(const std::vector<json>& entities, int grid = 16) {
    return {{"__identifier", "Markers"},
            {"__type", "Entities"},
            {"__cWid", 4},
            {"__cHei", 1},
            {"__gridSize", grid},
            {"layerDefUid", 2},
            {"intGridCsv", json::array()},
            {"entityInstances", entities}};
}

json level(const std::string& identifier, const std::vector<json>& layers) {
    return {{"identifier", identifier}, {"uid", 0}, {"externalRelPath", nullptr}, {"layerInstances", layers}};
}

// A project: defs.layers holds "Collision" (uid 1, values 1 wall, 2 floor), "Extra" (uid 7, given values)
// and the Entities layer (uid 2).
json project(const std::vector<json>& levels,
             const std::vector<std::pair<int, std::string>>& collision = {{1, "wall"}, {2, "floor"}},
             const std::vector<std::pair<int, std::string>>& extra = {{1, "walls"}}) {
    json defs_layers = {intgrid_def(1, "Collision", collision),
                        intgrid_def(7, "Extra", extra),
                        {{"__type", "Entities"}, {"identifier", "Markers"}, {"uid", 2}, {"gridSize", 16}}};
    return {{"jsonVersion", "1.5.3"},
            {"externalLevels", false},
            {"defs", {{"layers", defs_layers}}},
            {"levels", levels}};
}

// One level "L" of one Collision layer width x height.
json one_layer(int width, int height, const std::vector<int>& csv,
               const std::vector<std::pair<int, std::string>>& collision = {{1, "wall"}, {2, "floor"}}) {
    return project({level("L", {intgrid_layer("Collision", 1, width, height, csv)})}, collision);
}

levels::GridLevel parse(const json& p, const levels::LevelReadOptions& options = {}) {
    return formats::parse_ldtk(p.dump(), "x.ldtk", options);
}

std::string refusal(const json& p, const levels::LevelReadOptions& options = {}) {
    return error_of([&] { (void)parse(p, options); });
}

std::string refusal_of_text(const std::string& text) {
    return error_of([&] { (void)formats::parse_ldtk(text, "x.ldtk"); });
}

// ---- Walls and floor --------------------------------------------------------------------------------------

TEST(Ldtk, WallValuesInAnyCaseAreWallsAndOnlyFloorValuesAreFloor) {
    // 0 is in no layer: outside the level once a floor value exists.
    for (const char* wall : {"wall", "Walls", "SOLID", "collision"}) {
        const levels::GridLevel l = parse(one_layer(3, 1, {1, 2, 0}, {{1, wall}, {2, "floor"}}));
        EXPECT_EQ(l.passable, (Tiles{0, 1, 0})) << wall;
    }
    const levels::GridLevel l = parse(
        one_layer(5, 1, {1, 2, 3, 4, 0}, {{1, "Ground"}, {2, "WALKABLE"}, {3, "water"}, {4, "Collision"}}));
    EXPECT_EQ(l.passable, (Tiles{1, 1, 0, 0, 0}));
    EXPECT_EQ(l.width, 5);
    EXPECT_EQ(l.height, 1);
}

TEST(Ldtk, WithoutFloorValuesEveryCellThatIsNoWallIsFloor) {
    const levels::GridLevel l = parse(one_layer(2, 2, {1, 2, 0, 1}, {{1, "solid"}, {2, "water"}}));
    EXPECT_EQ(l.passable, (Tiles{0, 1, 1, 0}));
}

TEST(Ldtk, TheWallsOptionNamesOneMoreWallValueInAnyCase) {
    const json p = one_layer(3, 1, {1, 2, 0}, {{1, "lava"}, {2, "water"}});
    EXPECT_EQ(parse(p).passable, (Tiles{1, 1, 1}));
    EXPECT_EQ(parse(p, {.level = "", .walls = "LAVA"}).passable, (Tiles{0, 1, 1}));
    EXPECT_EQ(refusal(p, {.level = "", .walls = "magma"}),
              "x.ldtk: levels[0]: no IntGrid value named 'magma' in level 'L' (values: 'lava', 'water')");
}

TEST(Ldtk, SeveralIntGridLayersCombineAndAWallInAnyOfThemWins) {
    // Collision: floor, floor, empty, empty; Extra ("walls"): empty, wall, empty, wall. Floor values exist,
    // so the cell empty in both is outside.
    const json p = project({level("L", {intgrid_layer("Collision", 1, 4, 1, {2, 2, 0, 0}),
                                        intgrid_layer("Extra", 7, 4, 1, {0, 1, 0, 1})})});
    EXPECT_EQ(parse(p).passable, (Tiles{1, 0, 0, 0}));
}

TEST(Ldtk, LayersOfDifferentGridsAreRefusedNamingBoth) {
    const json p = project({level("L", {intgrid_layer("Collision", 1, 4, 1, {2, 2, 0, 0}),
                                        intgrid_layer("Extra", 7, 8, 2, std::vector<int>(16, 0), 8)})});
    EXPECT_EQ(refusal(p),
              "x.ldtk: levels[0].layerInstances[1]: IntGrid layer 'Extra' is 8 x 2 cells of 8 px, "
              "layer 'Collision' 4 x 1 cells of 16 px: kinema reads IntGrid layers of one grid");
}

// ---- Levels -----------------------------------------------------------------------------------------------

TEST(Ldtk, TheFirstLevelUnlessOneIsNamedAndItsIdentifierIsTheTitle) {
    const json p = project({level("Entrance", {intgrid_layer("Collision", 1, 2, 1, {2, 1})}),
                            level("Vault", {intgrid_layer("Collision", 1, 3, 1, {1, 2, 2})})});
    const levels::GridLevel first = parse(p);
    EXPECT_EQ(first.title, "Entrance");
    EXPECT_EQ(first.name, "x.ldtk");
    EXPECT_EQ(first.passable, (Tiles{1, 0}));
    const levels::GridLevel vault = parse(p, {.level = "Vault", .walls = ""});
    EXPECT_EQ(vault.title, "Vault");
    EXPECT_EQ(vault.passable, (Tiles{0, 1, 1}));
    EXPECT_EQ(refusal(p, {.level = "vault", .walls = ""}),
              "x.ldtk: no level 'vault'; the project's levels: 'Entrance', 'Vault'");
}

TEST(Ldtk, AnUnknownLevelListsAtMost20Levels) {
    std::vector<json> many;
    for (int i = 0; i < 25; ++i) {
        many.push_back(level("L" + std::to_string(i), {intgrid_layer("Collision", 1, 1, 1, {2})}));
    }
    EXPECT_EQ(
        refusal(project(many), {.level = "X", .walls = ""}),
        "x.ldtk: no level 'X'; the project's levels: 'L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8', "
        "'L9', 'L10', 'L11', 'L12', 'L13', 'L14', 'L15', 'L16', 'L17', 'L18', 'L19', ... (25 levels)");
}

TEST(Ldtk, AProjectOfSeveralWorldsReadsTheWorldsLevels) {
    json p = project({});
    p["worlds"] = {
        {{"identifier", "W"}, {"levels", {level("A", {intgrid_layer("Collision", 1, 2, 1, {2, 2})})}}}};
    EXPECT_EQ(parse(p).title, "A");
    p["worlds"][0]["levels"][0]["layerInstances"][0]["intGridCsv"] = {2};
    EXPECT_EQ(refusal(p),
              "x.ldtk: worlds[0].levels[0].layerInstances[0].intGridCsv: holds 1 values, expected "
              "__cWid x __cHei = 2 x 1 = 2");
}

// ---- Markers ----------------------------------------------------------------------------------------------

TEST(Ldtk, PlayerAndNpcEntitiesGiveTheSeedAndTheNpcStart) {
    const json p = project({level("L", {entity_layer({entity("Player", 1, 0, "1,-0.5"), entity("npc", 3, 0)}),
                                        intgrid_layer("Collision", 1, 4, 1, {2, 2, 2, 2})})});
    const levels::GridLevel l = parse(p);
    ASSERT_TRUE(l.seed.has_value());
    EXPECT_EQ(l.seed->position.x, 1.5);
    EXPECT_EQ(l.seed->position.y, 0.5);
    EXPECT_EQ(l.seed->direction.x, 1.0);
    EXPECT_EQ(l.seed->direction.y, -0.5);
    ASSERT_TRUE(l.npc_start.has_value());
    EXPECT_EQ(l.npc_start->x, 3.5);
    EXPECT_EQ(l.npc_start->y, 0.5);
}

TEST(Ldtk, APlayerWithoutDirectionHasNoneAndOtherEntitiesAreIgnored) {
    const json p = project({level("L", {entity_layer({entity("Chest", 0, 0), entity("player", 2, 0)}),
                                        intgrid_layer("Collision", 1, 4, 1, {2, 2, 2, 2})})});
    const levels::GridLevel l = parse(p);
    ASSERT_TRUE(l.seed.has_value());
    EXPECT_EQ(l.seed->position.x, 2.5);
    EXPECT_EQ(l.seed->direction.x, 0.0);
    EXPECT_EQ(l.seed->direction.y, 0.0);
    EXPECT_FALSE(l.npc_start.has_value());
}

TEST(Ldtk, AnEntityOnAFinerGridIsOnTheIntGridTileHoldingItsCellsCentre) {
    // Entities layer of 8 px: cell (3, 1) has its centre at (28, 12) px, in the 16 px tile (1, 0).
    const json p = project({level("L", {entity_layer({entity("player", 3, 1)}, 8),
                                        intgrid_layer("Collision", 1, 4, 1, {2, 2, 2, 2})})});
    EXPECT_EQ(parse(p).seed->position.x, 1.5);
    EXPECT_EQ(parse(p).seed->position.y, 0.5);
}

TEST(Ldtk, BadMarkersAreRefusedNamingTheEntity) {
    const auto with = [](const std::vector<json>& entities) {
        return project(
            {level("L", {entity_layer(entities), intgrid_layer("Collision", 1, 4, 1, {2, 2, 2, 2})})});
    };
    EXPECT_EQ(
        refusal(with({entity("player", 4, 0)})),
        "x.ldtk: levels[0].layerInstances[0].entityInstances[0]: entity 'player' is on tile (4, 0), outside "
        "the level's 4 x 1 tiles");
    EXPECT_EQ(refusal(with({entity("player", 0, 0), entity("PLAYER", 1, 0)})),
              "x.ldtk: levels[0].layerInstances[0].entityInstances[1]: second 'player' entity (the first is "
              "levels[0].layerInstances[0].entityInstances[0])");
    EXPECT_EQ(
        refusal(with({entity("player", 0, 0, "east")})),
        "x.ldtk: levels[0].layerInstances[0].entityInstances[0].fieldInstances[0].__value: direction must be "
        "'DX,DY' with each component in [-1e9, 1e9], got 'east'");
    EXPECT_EQ(
        refusal(with({entity("player", 0, 0, "1e10,0")})),
        "x.ldtk: levels[0].layerInstances[0].entityInstances[0].fieldInstances[0].__value: direction must be "
        "'DX,DY' with each component in [-1e9, 1e9], got '1e10,0'");
}

// ---- Our levels' twins ------------------------------------------------------------------------------------

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

void expect_same_level(const levels::GridLevel& twin, const levels::GridLevel& ascii) {
    EXPECT_EQ(twin.width, ascii.width);
    EXPECT_EQ(twin.height, ascii.height);
    EXPECT_EQ(twin.passable, ascii.passable);
    EXPECT_EQ(twin.title, ascii.title);
    ASSERT_EQ(twin.seed.has_value(), ascii.seed.has_value());
    if (ascii.seed) {
        EXPECT_EQ(twin.seed->position.x, ascii.seed->position.x);
        EXPECT_EQ(twin.seed->position.y, ascii.seed->position.y);
        EXPECT_EQ(twin.seed->direction.x, ascii.seed->direction.x);
        EXPECT_EQ(twin.seed->direction.y, ascii.seed->direction.y);
    }
}

TEST(Ldtk, EachOfOurLevelsTwinIsItsAsciiOriginal) {
    int twins = 0;
    for (const auto& entry : fs::directory_iterator(levels_dir)) {
        if (entry.path().extension() != ".txt") {
            continue;
        }
        const std::string stem = entry.path().stem().string();
        SCOPED_TRACE(stem);
        const levels::GridLevel ascii = levels::load_ascii_level(entry.path().string());
        const fs::path twin = fs::path(levels_dir) / "ldtk" / (stem + ".ldtk");
        expect_same_level(formats::parse_ldtk(read_file(twin), twin.string()), ascii);
        // The same level out of the project holding all of them.
        const std::string all = levels_dir + "/ldtk/all_levels.ldtk";
        expect_same_level(formats::parse_ldtk(read_file(all), all, {.level = ascii.title, .walls = ""}),
                          ascii);
        ++twins;
    }
    EXPECT_EQ(twins, 8);
}

TEST(Ldtk, ExternalLevelsAreReadBesideTheProject) {
    const std::string project_path = levels_dir + "/ldtk/external.ldtk";
    const std::string text = read_file(project_path);
    const levels::GridLevel t =
        formats::parse_ldtk(text, project_path, {.level = "t_junction_equal", .walls = ""});
    expect_same_level(t, levels::load_ascii_level(levels_dir + "/t_junction_equal.txt"));
    // Text from no file (the web page's picker): no folder holds the level's file.
    EXPECT_EQ(
        error_of([&] { (void)formats::parse_ldtk(text, "external.ldtk"); }),
        "external.ldtk: levels[0].externalRelPath: cannot read the level's file external/corner.ldtkl: "
        "cannot open file: No such file or directory (external levels are read beside the project file)");
}

TEST(Ldtk, AnExternalLevelsErrorsNameItsFile) {
    const fs::path dir = scratch_path("ldtk-external");
    fs::create_directories(dir / "p");
    json ext = level("L", {intgrid_layer("Collision", 1, 2, 1, {2})});
    write_file(dir / "p" / "L.ldtkl", ext.dump());
    json p = project({level("L", {})});
    p["levels"][0]["layerInstances"] = nullptr;
    p["levels"][0]["externalRelPath"] = "p/L.ldtkl";
    EXPECT_EQ(error_of([&] { (void)formats::parse_ldtk(p.dump(), (dir / "x.ldtk").string()); }),
              (dir / "p" / "L.ldtkl").string() +
                  ": layerInstances[0].intGridCsv: holds 1 values, expected __cWid x __cHei = 2 x 1 = 2");
    write_file(dir / "p" / "L.ldtkl", "{\"layerInstances\": [}");
    EXPECT_EQ(
        error_of([&] { (void)formats::parse_ldtk(p.dump(), (dir / "x.ldtk").string()); }),
        (dir / "p" / "L.ldtkl").string() +
            ":1: not valid JSON: syntax error while parsing value - unexpected '}'; expected '[', '{', or "
            "a literal");
    p["levels"][0]["externalRelPath"] = "/dev/stdin";
    EXPECT_EQ(
        error_of([&] { (void)formats::parse_ldtk(p.dump(), (dir / "x.ldtk").string()); }),
        (dir / "x.ldtk").string() +
            ": levels[0].externalRelPath: must be a path relative to the project file, got '/dev/stdin'");
    p["levels"][0]["externalRelPath"] = "p";
    EXPECT_EQ(error_of([&] { (void)formats::parse_ldtk(p.dump(), (dir / "x.ldtk").string()); }),
              (dir / "x.ldtk").string() + ": levels[0].externalRelPath: the level's file " +
                  (dir / "p").string() + " is not a regular file");
    p["levels"][0].erase("externalRelPath");
    EXPECT_EQ(error_of([&] { (void)formats::parse_ldtk(p.dump(), (dir / "x.ldtk").string()); }),
              (dir / "x.ldtk").string() +
                  ": levels[0].layerInstances: null, and the level has no externalRelPath to read it from");
    fs::remove_all(dir);
}

// ---- Refusals ---------------------------------------------------------------------------------------------

TEST(Ldtk, AByteOrderMarkIsSkipped) {
    EXPECT_EQ(formats::parse_ldtk("\xEF\xBB\xBF" + one_layer(2, 1, {1, 2}).dump(), "x.ldtk").passable,
              (Tiles{0, 1}));
    EXPECT_EQ(refusal_of_text("\xEF\xBB\xBF"), "x.ldtk:1: not an LDtk project: the file is empty");
}

TEST(Ldtk, TextThatIsNoJsonObjectIsRefusedAtItsLine) {
    EXPECT_EQ(refusal_of_text(""), "x.ldtk:1: not an LDtk project: the file is empty");
    EXPECT_EQ(refusal_of_text("\n\n#####\n"),
              "x.ldtk:3: not an LDtk project: a JSON object '{' must start it, got '#'");
    EXPECT_EQ(refusal_of_text("[1, 2]"),
              "x.ldtk:1: not an LDtk project: a JSON object '{' must start it, got '['");
    EXPECT_EQ(refusal_of_text("{\n\"levels\": [,]\n}"),
              "x.ldtk:2: not valid JSON: syntax error while parsing value - unexpected ','; expected '[', "
              "'{', or a "
              "literal");
    EXPECT_EQ(
        refusal_of_text("{\"levels\": "),
        "x.ldtk:1: not valid JSON: syntax error while parsing value - unexpected end of input; expected "
        "'[', '{', or a literal");
    // A number past a double: nlohmann's out_of_range, not its parse_error (ldtk_fuzz found it ending the
    // process).
    EXPECT_EQ(refusal_of_text("{\"levels\": [4E3703]}"),
              "x.ldtk: not valid JSON: number overflow parsing '4E3703'");
    EXPECT_EQ(error_of([] { formats::check_ldtk_start("  <?xml", "x.ldtk"); }),
              "x.ldtk:1: not an LDtk project: a JSON object '{' must start it, got '<'");
    EXPECT_EQ(error_of([] { formats::check_ldtk_start("  {", "x.ldtk"); }), "no error");
}

TEST(Ldtk, AProjectWithoutLevelsOrIntGridLayersIsRefused) {
    EXPECT_EQ(refusal(project({})), "x.ldtk: levels: the project has no level");
    EXPECT_EQ(refusal(json{{"defs", json::object()}}), "x.ldtk: levels: missing");
    EXPECT_EQ(refusal(project({level("L", {entity_layer({})})})),
              "x.ldtk: levels[0].layerInstances: no IntGrid layer (layers: 'Entities')");
    EXPECT_EQ(refusal(project({level("L", {})})),
              "x.ldtk: levels[0].layerInstances: no IntGrid layer (layers: none)");
}

TEST(Ldtk, ALevelWithoutFloorIsRefused) {
    EXPECT_EQ(
        refusal(one_layer(2, 1, {1, 0})),
        "x.ldtk: levels[0]: level 'L' has no floor: every cell is a wall or outside (IntGrid values: 'wall', "
        "'floor')");
}

TEST(Ldtk, ALayerWhoseCsvDisagreesWithItsSizeIsRefused) {
    EXPECT_EQ(refusal(one_layer(2, 2, {2, 2, 2})),
              "x.ldtk: levels[0].layerInstances[0].intGridCsv: holds 3 values, expected __cWid x __cHei = 2 "
              "x 2 = 4");
    EXPECT_EQ(refusal(one_layer(5000, 1, {2})),
              "x.ldtk: levels[0].layerInstances[0].__cWid: expected an integer in [1, 4096], got 5000");
    EXPECT_EQ(refusal(one_layer(2, 0, {})),
              "x.ldtk: levels[0].layerInstances[0].__cHei: expected an integer in [1, 4096], got 0");
    json p = one_layer(2, 1, {2, 2});
    p["levels"][0]["layerInstances"][0]["intGridCsv"][1] = "2";
    EXPECT_EQ(refusal(p),
              "x.ldtk: levels[0].layerInstances[0].intGridCsv[1]: expected an integer in [0, "
              "2147483647], got '\"2\"'");
    p["levels"][0]["layerInstances"][0]["intGridCsv"][1] = 1.5;
    EXPECT_EQ(refusal(p),
              "x.ldtk: levels[0].layerInstances[0].intGridCsv[1]: expected an integer in [0, "
              "2147483647], got '1.5'");
    // A value nested deep is named by its kind, not printed (printing recursed and overflowed the stack).
    std::string deep = p.dump();
    deep.replace(deep.find("[2,1.5]"), 7, "[2," + std::string(200000, '[') + std::string(200000, ']') + "]");
    EXPECT_EQ(refusal_of_text(deep),
              "x.ldtk: levels[0].layerInstances[0].intGridCsv[1]: expected an integer in [0, "
              "2147483647], got array");
    p["levels"][0]["layerInstances"][0].erase("intGridCsv");
    EXPECT_EQ(refusal(p), "x.ldtk: levels[0].layerInstances[0].intGridCsv: missing");
}

TEST(Ldtk, ALayerWithoutItsDefinitionIsRefused) {
    json p = one_layer(2, 1, {2, 2});
    p["levels"][0]["layerInstances"][0]["layerDefUid"] = 9;
    EXPECT_EQ(refusal(p),
              "x.ldtk: levels[0].layerInstances[0].layerDefUid: no layer definition with uid 9 in "
              "defs.layers");
    p["levels"][0]["layerInstances"][0]["layerDefUid"] = 7;
    p["defs"]["layers"][1]["intGridValues"][0]["value"] = 0;
    EXPECT_EQ(refusal(p),
              "x.ldtk: defs.layers[1].intGridValues[0].value: expected an integer in [1, 2147483647], "
              "got 0");
    p["defs"]["layers"][1].erase("intGridValues");
    EXPECT_EQ(refusal(p), "x.ldtk: defs.layers[1].intGridValues: missing");
    p.erase("defs");
    EXPECT_EQ(refusal(p), "x.ldtk: defs: missing");
}

}  // namespace
}  // namespace kinema::test
