// `kinema morrowind` run as a program: its JSON against the library and the reference note's vectors
// (../shared/reference/morrowind.md section 5), and the error convention (one line on stderr, exit 2, nothing
// on stdout) for bad flags and bad GMST files.
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include "cli_runner.hpp"

#include "kinema/movement/morrowind.hpp"

namespace {

using nlohmann::json;
using namespace kinema::movement;

using kinema::test::CliRun;

std::string scratch(const std::string& suffix) {
    return kinema::test::scratch_path(suffix).string();
}

CliRun run(const std::string& args) {
    return kinema::test::run_kinema(args);
}

json run_json(const std::string& args) {
    const CliRun r = run(args + " --json");
    EXPECT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    return json::parse(r.out);
}

std::string write_file(const std::string& suffix, const std::string& content) {
    const std::string path = scratch(suffix);
    kinema::test::write_file(path, content);
    return path;
}

// One line "kinema: error: ..." on stderr, exit 2, empty stdout; returns the message.
std::string expect_usage_error(const std::string& args) {
    const CliRun r = run(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_TRUE(r.out.empty()) << args << " printed: " << r.out;
    EXPECT_EQ(r.err.rfind("kinema: error: ", 0), 0u) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "not one line: " << r.err;
    return r.err;
}

TEST(MorrowindCli, SpeedJsonMatchesLibraryAndNote) {
    const json j = run_json("morrowind speed --speed 50 --athletics 30 --run --rules openmw");
    const json& r = j.at("result");
    // Note 5.1 bold row: walk 150, run 307.5.
    EXPECT_EQ(r.at("walk_speed").get<double>(), 150.0);
    EXPECT_EQ(r.at("move_speed").get<double>(), 307.5);
    EXPECT_EQ(r.at("mode").get<std::string>(), "run");
    EXPECT_EQ(j.at("rules").at("gravity_value").get<double>(), 627.1216);
    // Every number equals the library's bit for bit (JSON prints the shortest round-trip form).
    MorrowindSettings s;
    s.rules = MorrowindRules::openmw();
    const MorrowindModel model(s);
    MorrowindActor a;
    a.speed = 50;
    a.athletics = 30;
    MorrowindStance st;
    st.run = true;
    const MorrowindSpeed sp = model.speed(a, st);
    const MorrowindAnimation an = model.animation(a, sp);
    EXPECT_EQ(r.at("playback_scale").get<double>(), an.playback_scale);
    EXPECT_EQ(r.at("real_speed").get<double>(), an.real_speed);
    EXPECT_EQ(r.at("speed_attribute_at_cap").get<double>(), model.speed_attribute_at_cap(a, st).value());
    // Athletics 30 run: 2228.57 / 2.05 - 100 = 987.107 (note section 4: 987.1).
    EXPECT_NEAR(r.at("speed_attribute_at_cap").get<double>(), 987.1, 0.05);
}

TEST(MorrowindCli, SpeedVariantsFromTheNote) {
    const auto move = [](const std::string& args) {
        return run_json("morrowind speed " + args).at("result").at("move_speed").get<double>();
    };
    EXPECT_EQ(move("--speed 90 --athletics 50 --werewolf --run"), 555.75);
    EXPECT_EQ(move("--speed 90 --athletics 50 --werewolf --run --weapon-ready"), 427.5);
    EXPECT_EQ(move("--speed 50 --athletics 30 --encumbrance 0.5"), 127.5);
    EXPECT_EQ(move("--speed 50 --athletics 30 --encumbrance 1.01 --run"), 0.0);
    EXPECT_EQ(move("--speed 50 --athletics 30 --run --strafe"), 230.625);
    EXPECT_EQ(move("--speed 50 --athletics 30 --run --input -1,-1"), 307.5);  // diagonal: not a strafe
    EXPECT_EQ(move("--speed 50 --athletics 30 --sneak"), 112.5);
    EXPECT_NEAR(move("--speed 50 --athletics 30 --swim --run --swift-swim 50"), 244.4625, 1e-9);
    EXPECT_EQ(move("--speed 50 --levitate 10"), 182.0);
    EXPECT_EQ(move("--creature --speed 50 --run"), 152.5);
    // Vanilla caps the real speed at 10 x 154.064; OpenMW does not (note 5.5).
    const json capped = run_json("morrowind speed --speed 2000").at("result");
    EXPECT_NEAR(capped.at("real_speed").get<double>(), 1540.64, 1e-9);
    const json uncapped = run_json("morrowind speed --speed 2000 --speed-cap openmw").at("result");
    EXPECT_EQ(uncapped.at("real_speed").get<double>(), 2100.0);
}

TEST(MorrowindCli, JumpJsonMatchesNoteTable52) {
    // v = (x + 627.1216) / 3 with x = 240 / 270 at Acrobatics 0 / 30 (note 5.2).
    const json a0 = run_json("morrowind jump --acrobatics 0 --gravity openmw").at("result");
    EXPECT_NEAR(a0.at("take_off_speed").get<double>(), 867.1216 / 3.0, 1e-9);
    EXPECT_NEAR(a0.at("stepped_apex_height").get<double>(), 69.0, 0.05);
    EXPECT_EQ(a0.at("stepped_steps").get<int>(), 57);
    EXPECT_EQ(a0.at("fatigue_cost").get<double>(), 5.0);
    const json a30 =
        run_json("morrowind jump --acrobatics 30 --gravity openmw --direction 1,0 --run").at("result");
    EXPECT_NEAR(a30.at("velocity").at(0).get<double>(), 211.42, 0.005);
    EXPECT_EQ(a30.at("velocity").at(1).get<double>(), 0.0);
    EXPECT_NEAR(a30.at("air_control").get<double>(), 0.65, 1e-12);
    // Jump 10: 699.04 (note 5.2); wiki gravity adds 0.0784 / 3.
    const json jm = run_json("morrowind jump --acrobatics 30 --jump-magnitude 10").at("result");
    EXPECT_NEAR(jm.at("take_off_speed").get<double>(), 2097.2 / 3.0, 1e-9);
    const json sneaking = run_json("morrowind jump --sneak").at("result");
    EXPECT_FALSE(sneaking.at("can_jump").get<bool>());
    // Air control above Acrobatics 100: 1.25 (wiki) vs 1 (OpenMW).
    EXPECT_EQ(run_json("morrowind jump --acrobatics 150").at("result").at("air_control").get<double>(), 1.25);
    EXPECT_EQ(run_json("morrowind jump --acrobatics 150 --air-control openmw")
                  .at("result")
                  .at("air_control")
                  .get<double>(),
              1.0);
}

TEST(MorrowindCli, FallJsonMatchesNoteTable53) {
    const json f = run_json("morrowind fall --height 2000 --acrobatics 50").at("result");
    EXPECT_NEAR(f.at("damage_term").get<double>(), 80.0625, 1e-9);
    EXPECT_NEAR(f.at("health_loss").get<double>(), 55.04296875, 1e-9);
    EXPECT_TRUE(f.at("knockdown").get<bool>());
    const json soft = run_json("morrowind fall --height 400 --acrobatics 30").at("result");
    EXPECT_TRUE(soft.at("soft_landing").get<bool>());
    EXPECT_EQ(soft.at("health_loss").get<double>(), 0.0);
    const json tired =
        run_json("morrowind fall --height 1000 --acrobatics 30 --fatigue-ratio 0").at("result");
    EXPECT_EQ(tired.at("fatigue_term").get<double>(), 0.75);
    EXPECT_TRUE(tired.at("knockdown").get<bool>());  // 36.9075 > 30 x 0.75
}

TEST(MorrowindCli, GmstFileOverridesDefaults) {
    const std::string path = write_file(".json", R"({"fWereWolfRunMult": 1.5, "fFallDistanceBase": 10})");
    // The Construction Set's dirty 1.5: 427.5 x 1.5 = 641.25 (note 5.1).
    EXPECT_EQ(run_json("morrowind speed --speed 90 --athletics 50 --werewolf --run --gmst " + path)
                  .at("result")
                  .at("move_speed")
                  .get<double>(),
              641.25);
    // fFallDistanceBase 10 at exactly 400 u: soft (wiki) or (10 + 0) x 0.95 = 9.5 (OpenMW threshold).
    const std::string fall = "morrowind fall --height 400 --acrobatics 30 --gmst " + path;
    EXPECT_TRUE(run_json(fall).at("result").at("soft_landing").get<bool>());
    EXPECT_EQ(run_json(fall + " --fall-threshold openmw").at("result").at("damage_term").get<double>(), 9.5);
}

TEST(MorrowindCli, TableIsTheDefaultAndOutputIsDeterministic) {
    const CliRun r = run("morrowind speed --run");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_NE(r.out.find("target speed"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("307.5  u/s"), std::string::npos) << r.out;
    EXPECT_EQ(run("morrowind speed --run").out, r.out);
    const CliRun j1 = run("morrowind jump --acrobatics 77 --json");
    EXPECT_EQ(run("morrowind jump --acrobatics 77 --json").out, j1.out);
}

TEST(MorrowindCli, BadFlagsAreOneLineErrors) {
    EXPECT_NE(expect_usage_error("morrowind speed --speed=-1").find("--speed"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind speed --athletics nan").find("--athletics"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind jump --acrobatics inf").find("--acrobatics"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind fall --height abc").find("--height"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind fall --height=-5").find("--height"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind speed --encumbrance=-0.1").find("--encumbrance"),
              std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind speed --gravity moon").find("--gravity"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind speed --input 1").find("--input"), std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind speed --creature --werewolf").find("--werewolf"),
              std::string::npos);
    EXPECT_NE(expect_usage_error("morrowind jump --physics-step 0").find("--physics-step"),
              std::string::npos);
}

TEST(MorrowindCli, BadGmstFilesNameTheFile) {
    const std::string missing = scratch("_missing.json");
    EXPECT_NE(expect_usage_error("morrowind speed --gmst " + missing).find(missing + ": cannot open"),
              std::string::npos);
    const std::string malformed = write_file("_malformed.json", "{\"fMinWalkSpeed\": 1,,}");
    EXPECT_NE(expect_usage_error("morrowind speed --gmst " + malformed).find(malformed + ": invalid JSON"),
              std::string::npos);
    const std::string array = write_file("_array.json", "[1, 2]");
    EXPECT_NE(expect_usage_error("morrowind speed --gmst " + array).find(array + ": expected a JSON object"),
              std::string::npos);
    const std::string unknown = write_file("_unknown.json", R"({"fMinWalkSpeeed": 100})");
    const std::string unknown_err = expect_usage_error("morrowind speed --gmst " + unknown);
    EXPECT_NE(unknown_err.find(unknown + ": fMinWalkSpeeed: is not a field; valid fields: "),
              std::string::npos)
        << unknown_err;
    EXPECT_NE(unknown_err.find("fMinWalkSpeed, fMaxWalkSpeed"), std::string::npos) << unknown_err;
    const std::string text = write_file("_text.json", R"({"fMinWalkSpeed": "fast"})");
    EXPECT_NE(expect_usage_error("morrowind speed --gmst " + text)
                  .find(text + ": fMinWalkSpeed: expected a number"),
              std::string::npos);
    const std::string negative = write_file("_negative.json", R"({"fMaxWalkSpeed": -200})");
    EXPECT_NE(expect_usage_error("morrowind fall --gmst " + negative)
                  .find(negative + ": fMaxWalkSpeed: must be in [0, 1000000], got -200"),
              std::string::npos);
}

}  // namespace
