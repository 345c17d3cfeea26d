// The Morrowind tables, against docs/morrowind.md's formulas worked by hand for the default NPC (Acrobatics
// 30, fatigue ratio 1, no Jump effect, vanilla GMSTs).
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "kinema/report/morrowind.hpp"

namespace kinema::report {
namespace {

const movement::MorrowindModel kModel{movement::MorrowindSettings{}};
const movement::MorrowindActor kNpc;
constexpr const char* kNpcTitle =
    "NPC, Speed 50, Athletics 30, Acrobatics 30, encumbrance 0, fatigue 1; gravity wiki (627.2 u/s^2)\n";

TEST(MorrowindText, FallFromFiveHundredUnits) {
    // x = 500 - 400 - 1.5 * 30 = 55; x = (0 + 0.07 * 55) (0.25 + 0.01 * (100 - 30)) = 3.6575; fatigueTerm =
    // 1.25 - 0 = 1.25; health loss = 3.6575 (1 - 0.25 * 1.25) = 2.51453125; no knockdown: 30 * 1.25 >= x.
    const MorrowindFallResult fall{500.0, kModel.fall(kNpc, 500.0)};
    EXPECT_EQ(morrowind_fall_text(kModel, kNpc, fall),
              std::string("kinema morrowind fall: ") + kNpcTitle +
                  "  fall height                             500  u\n"
                  "  soft landing (wiki threshold)             no\n"
                  "  fatigue term                           1.25\n"
                  "  damage term x                        3.6575\n"
                  "  health loss                      2.51453125  points\n"
                  "  knockdown                                no\n");
}

TEST(MorrowindText, SpeedRowsRoundToTenDigitsAndSpellTheUnknowns) {
    MorrowindSpeedResult r;
    r.speed.mode = movement::MorrowindMoveMode::walk;
    r.speed.walk_speed = 150.0;
    r.speed.run_speed = 1000.0 / 3.0;  // 333.3333333 at ten significant digits
    r.speed.max_speed = 150.0;
    r.speed.speed_factor = 1.0;
    r.speed.move_speed = 150.0;
    r.animation.capped_speed = 150.0;
    r.animation.real_speed = 150.0;
    EXPECT_EQ(morrowind_speed_text(kModel, kNpc, r),
              std::string("kinema morrowind speed: ") + kNpcTitle +
                  "  mode                                   walk\n"
                  "  walk speed                              150  u/s\n"
                  "  run speed                       333.3333333  u/s\n"
                  "  max speed                               150  u/s\n"
                  "  werewolf bonus                           no\n"
                  "  analog speed factor                       1\n"
                  "  strafing (x 0.75)                        no\n"
                  "  target speed                            150  u/s\n"
                  "  animation base speed                unknown  u/s\n"
                  "  playback scale                            1\n"
                  "  at playback cap                          no\n"
                  "  vanilla (capped) speed                  150  u/s\n"
                  "  real speed (vanilla cap)                150  u/s\n"
                  "  Speed attribute at cap                 none\n");
}

TEST(MorrowindText, StandingJumpHasNoHorizontalVelocity) {
    MorrowindJumpResult r;
    r.jump.can_jump = true;
    r.jump.jump_term = 270.0;
    r.jump.take_off_speed = 270.0;
    r.jump.velocity = {0.0, 0.0, 270.0};
    r.jump.fatigue_cost = 5.0;
    r.jump.air_control = 0.65;
    r.jump.apex_height = 58.125;
    r.jump.airtime = 0.875;
    r.arc.apex_height = 60.0;
    r.arc.airtime = 0.9;
    const std::string text = morrowind_jump_text(kModel, kNpc, r);
    EXPECT_NE(text.find("  velocity y                                0  u/s\n"
                        "  velocity z                              270  u/s\n"
                        "  fatigue cost                              5  points\n"
                        "  air control (wiki)                     0.65\n"
                        "  apex (continuous)                    58.125  u\n"),
              std::string::npos);
    EXPECT_TRUE(
        text.ends_with("  physics step                  0.01666666667  s\n"
                       "  apex (stepped)                           60  u\n"
                       "  airtime (stepped)                       0.9  s\n"));
}

}  // namespace
}  // namespace kinema::report

namespace kinema::report {
namespace {

TEST(GmstFile, SetsEachNamedGmst) {
    movement::MorrowindGmsts gmsts;
    apply_gmst_json(gmsts, R"({"fMinWalkSpeed": 120, "fJumpAcroMultiplier": 3})", "g.json");
    EXPECT_EQ(get_field(gmsts, "fMinWalkSpeed"), 120.0);
    EXPECT_EQ(get_field(gmsts, "fJumpAcroMultiplier"), 3.0);
}

// The file's read is capped (1 MiB) and its failures are GmstFileErrors with the file's message.
TEST(GmstFile, ReadsTheFileWholeUpToOneMebibyte) {
    const std::filesystem::path dir = std::filesystem::temp_directory_path();
    const std::string good = (dir / "kinema_gmst_file_test.json").string();
    std::ofstream(good) << R"({"fMinWalkSpeed": 125})";
    movement::MorrowindGmsts gmsts;
    apply_gmst_file(gmsts, good);
    EXPECT_EQ(get_field(gmsts, "fMinWalkSpeed"), 125.0);
    const auto message = [&](const std::string& path) {
        try {
            apply_gmst_file(gmsts, path);
        } catch (const GmstFileError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string big = (dir / "kinema_gmst_file_test_big.json").string();
    std::ofstream(big) << std::string((1 << 20) + 1, ' ');
    EXPECT_EQ(message(big), big + ": larger than the limit of 1048576 bytes (1048577 bytes)");
    const std::string missing = (dir / "kinema_gmst_file_test_missing.json").string();
    EXPECT_EQ(message(missing), missing + ": cannot open file: No such file or directory");
    std::filesystem::remove(good);
    std::filesystem::remove(big);
}

TEST(GmstFile, MessagesNameTheFile) {
    movement::MorrowindGmsts gmsts;
    const auto message = [&](std::string_view text) {
        try {
            apply_gmst_json(gmsts, text, "g.json");
        } catch (const GmstFileError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(message("[1]"),
              "g.json: expected a JSON object of GMST names to numbers, e.g. {\"fMinWalkSpeed\": 100}");
    EXPECT_EQ(message(R"({"fMinWalkSpeed": "x"})"), "g.json: fMinWalkSpeed: expected a number, got string");
    EXPECT_EQ(message(R"({"fMinWalkSpeed": 1e999})"),
              "g.json: invalid JSON: number overflow parsing '1e999'");
    EXPECT_THROW(apply_gmst_json(gmsts, R"({"fMaxWalkSpeed": -200})", "g.json"), SettingsError);
}

}  // namespace
}  // namespace kinema::report
