// Our levels as LDtk projects and PNG masks in the CLI (issue 41, "Done when"): each data/levels/*.txt
// level's .ldtk twin chases, audits and pursues exactly as the original, apart from the file name; its .png
// twin (no seed) the same with the seed given as --from and --dir. And the loaders' refusals through the CLI:
// one line, exit 2, nothing on stdout.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

namespace fs = std::filesystem;

const std::string levels_dir = std::string(KINEMA_DATA_DIR) + "/levels";

std::vector<std::string> ascii_level_stems() {
    std::vector<std::string> stems;
    for (const auto& entry : fs::directory_iterator(levels_dir)) {
        if (entry.path().extension() == ".txt") {
            stems.push_back(entry.path().stem().string());
        }
    }
    return stems;
}

// `text` with every occurrence of `path` taken out: the JSON's "map" field is the path as given.
std::string without(std::string text, const std::string& path) {
    for (std::size_t at = text.find(path); at != std::string::npos; at = text.find(path, at)) {
        text.erase(at, path.size());
    }
    return text;
}

std::string ok_out(const CliRun& r) {
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out;
}

// The value of "key":[x,y] in a chase JSON, as "x,y".
std::string pair_field(const std::string& json, const std::string& key) {
    const std::size_t start = json.find("\"" + key + "\":[");
    EXPECT_NE(start, std::string::npos) << key;
    const std::size_t open = json.find('[', start) + 1;
    return json.substr(open, json.find(']', open) - open);
}

// The chase's seed and the flood's destination: where the pursuit's player and NPC start.
struct Seed {
    double x, y, dx, dy, to_x, to_y;
};

Seed seed_of(const std::string& chase_json) {
    const std::string from = pair_field(chase_json, "from");
    const std::string dir = pair_field(chase_json, "dir");
    const std::string to = pair_field(chase_json, "destination");
    const auto second = [](const std::string& p) { return std::stod(p.substr(p.find(',') + 1)); };
    return {std::stod(from), second(from), std::stod(dir), second(dir), std::stod(to), second(to)};
}

std::string xy(double x, double y) {
    std::string out = std::to_string(x);
    out.append(",").append(std::to_string(y));
    return out;
}

// A pursuit: the player runs two tiles along its heading from the seed, the NPC starts where the chase's
// flood sends it, so it has the level's corridors to cross.
std::string pursuit_args(const Seed& s) {
    return " --route '" + xy(s.x, s.y) + ";" + xy(s.x + 2 * s.dx, s.y + 2 * s.dy) + "' --npc " +
           xy(s.to_x, s.to_y) + " --json";
}

TEST(LdtkLevelsCli, EachLdtkTwinChasesAuditsAndPursuesAsItsOriginal) {
    const std::vector<std::string> stems = ascii_level_stems();
    ASSERT_EQ(stems.size(), 8u);
    for (const std::string& stem : stems) {
        SCOPED_TRACE(stem);
        const std::string txt = levels_dir + "/" + stem + ".txt";
        const std::string ldtk = levels_dir + "/ldtk/" + stem + ".ldtk";
        const std::string chase_txt = ok_out(run_kinema("chase --map " + sh_quoted(txt) + " --json"));
        const std::string chase_ldtk = ok_out(run_kinema("chase --map " + sh_quoted(ldtk) + " --json"));
        ASSERT_NE(chase_txt.find("\"map\":\"" + txt + "\""), std::string::npos);
        EXPECT_EQ(without(chase_ldtk, ldtk), without(chase_txt, txt));

        const fs::path audit_txt = scratch_path(stem + "-txt.json");
        const fs::path audit_ldtk = scratch_path(stem + "-ldtk.json");
        ok_out(run_kinema("audit --quiet --map " + sh_quoted(txt) + " --json " + sh_quoted(audit_txt)));
        ok_out(run_kinema("audit --quiet --map " + sh_quoted(ldtk) + " --json " + sh_quoted(audit_ldtk)));
        ASSERT_GT(read_file(audit_txt).size(), 1000u);
        EXPECT_EQ(without(read_file(audit_ldtk), ldtk), without(read_file(audit_txt), txt));

        const std::string args = pursuit_args(seed_of(chase_txt));
        const std::string pursue_txt = ok_out(run_kinema("pursue --map " + sh_quoted(txt) + args));
        const std::string pursue_ldtk = ok_out(run_kinema("pursue --map " + sh_quoted(ldtk) + args));
        ASSERT_NE(pursue_txt.find("\"outcome\""), std::string::npos);
        EXPECT_EQ(without(pursue_ldtk, ldtk), without(pursue_txt, txt));
        fs::remove(audit_txt);
        fs::remove(audit_ldtk);
    }
}

TEST(LdtkLevelsCli, EachPngTwinChasesAuditsAndPursuesAsItsOriginalGivenTheSeed) {
    for (const std::string& stem : ascii_level_stems()) {
        SCOPED_TRACE(stem);
        const std::string txt = levels_dir + "/" + stem + ".txt";
        const std::string png = levels_dir + "/images/" + stem + ".png";
        const Seed s = seed_of(ok_out(run_kinema("chase --map " + sh_quoted(txt) + " --json")));
        const std::string seed = " --from " + xy(s.x, s.y) + " --dir " + xy(s.dx, s.dy) + " --json";
        EXPECT_EQ(without(ok_out(run_kinema("chase --map " + sh_quoted(png) + seed)), png),
                  without(ok_out(run_kinema("chase --map " + sh_quoted(txt) + seed)), txt));

        const fs::path audit_txt = scratch_path(stem + "-txt.json");
        const fs::path audit_png = scratch_path(stem + "-png.json");
        ok_out(run_kinema("audit --quiet --map " + sh_quoted(txt) + " --json " + sh_quoted(audit_txt)));
        ok_out(run_kinema("audit --quiet --map " + sh_quoted(png) + " --json " + sh_quoted(audit_png)));
        EXPECT_EQ(without(read_file(audit_png), png), without(read_file(audit_txt), txt));

        const std::string args = pursuit_args(s);
        EXPECT_EQ(without(ok_out(run_kinema("pursue --map " + sh_quoted(png) + args)), png),
                  without(ok_out(run_kinema("pursue --map " + sh_quoted(txt) + args)), txt));
        fs::remove(audit_txt);
        fs::remove(audit_png);
    }
}

TEST(LdtkLevelsCli, TheLevelIdentifierIsShownAsTheTitle) {
    // One project of several levels: the first is read (--level belongs to the faces' flags).
    const std::string all = levels_dir + "/ldtk/all_levels.ldtk";
    const CliRun r = run_kinema("chase --map " + sh_quoted(all));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')),
              "map          all_levels.ldtk (corner) (21 x 32 tiles, 135 cells, cell size 1, 8-connected)");
    const std::string external = levels_dir + "/ldtk/external.ldtk";
    const CliRun e = run_kinema("chase --map " + sh_quoted(external));
    ASSERT_EQ(e.exit_code, 0) << e.err;
    EXPECT_EQ(e.out.substr(0, e.out.find('\n')),
              "map          external.ldtk (corner) (21 x 32 tiles, 135 cells, cell size 1, 8-connected)");
}

TEST(LdtkLevelsCli, BadProjectsAndImagesAreRefusedInOneLine) {
    const fs::path dir = scratch_path("ldtk-cli-bad");
    fs::create_directories(dir);
    const fs::path text = dir / "level.ldtk";
    write_file(text, "#####\n#...#\n");
    expect_one_line_error(
        run_kinema("chase --map " + sh_quoted(text)),
        text.string() + ":1: not an LDtk project: a JSON object '{' must start it, got '#'");
    const fs::path no_intgrid = dir / "empty.ldtk";
    write_file(no_intgrid,
               R"({"defs": {"layers": []}, "levels": [{"identifier": "A", "layerInstances": []}]})");
    expect_one_line_error(
        run_kinema("audit --quiet --map " + sh_quoted(no_intgrid)),
        no_intgrid.string() + ": levels[0].layerInstances: no IntGrid layer (layers: none)");
    const fs::path moved = dir / "external.ldtk";
    fs::copy_file(levels_dir + "/ldtk/external.ldtk", moved, fs::copy_options::overwrite_existing);
    expect_one_line_error(run_kinema("chase --map " + sh_quoted(moved)),
                          moved.string() + ": levels[0].externalRelPath: cannot read the level's file " +
                              (dir / "external/corner.ldtkl").string() + ": cannot open file");
    const fs::path not_png = dir / "mask.png";
    write_file(not_png, "#####\n");
    expect_one_line_error(
        run_kinema("pursue --map " + sh_quoted(not_png) + " --route '1.5,1.5;2.5,1.5' --npc 1.5,1.5"),
        not_png.string() + ": not a PNG or BMP image (it starts with '#####\\x0a')");
    fs::remove_all(dir);
}

}  // namespace
}  // namespace kinema::test
