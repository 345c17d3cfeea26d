// The command line's rules for what users type and name: a closed standard output
// fails help too; user text in errors is escaped and shortened; non-UTF-8 file names give valid JSON and
// SVG; no output overwrites an input or another output; one number rule, one extension rule; no flag or
// --set field given twice; no flag that has no effect.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace kinema::test {
namespace {

/// A 3 x 3 ASCII level with its seed at tile (1, 1).
std::filesystem::path small_level(std::string_view name) {
    const auto path = scratch_path(name);
    write_file(path, "###\n#P.\n#..\n");
    return path;
}

std::string q(const std::filesystem::path& path) {
    return "'" + path.string() + "'";
}

bool has_lone_byte(const std::string& text, unsigned char byte) {
    return std::find(text.begin(), text.end(), static_cast<char>(byte)) != text.end();
}

// L8: help and --version print to standard output like every other command, so a write that fails there is
// the same error.
TEST(InputRules, HelpAndVersionFailOnAClosedStandardOutput) {
    for (const char* args : {"--help", "--version", "sweep --help", "morrowind jump --help"}) {
        const CliRun r = run_shell(std::string("\"$KINEMA\" ") + args + " >&-");
        EXPECT_EQ(r.exit_code, 2) << args;
        EXPECT_EQ(r.err.rfind("kinema: error: cannot write to standard output", 0), 0u) << args << r.err;
    }
    EXPECT_EQ(run_kinema("--help").exit_code, 0);
}

// L3: the bytes a user typed or a file holds never reach the terminal raw, and never make a line of
// kilobytes.
TEST(InputRules, ErrorsEscapeControlBytesAndShortenLongValues) {
    expect_one_line_error(run_kinema("stop --model dishonored --fps 30 --speed \"$(printf '1\\n2')\""),
                          "--speed: expected a number, got '1\\x0a2'");
    expect_one_line_error(run_kinema("\"$(printf 'bo\\ngus')\""), "unknown command 'bo\\x0agus'");
    const CliRun long_value =
        run_kinema("stop --model dishonored --fps 30 --speed " + std::string(5000, '7') + "x");
    expect_one_line_error(long_value, "--speed: expected a number, got '" + std::string(40, '7') + "...'");

    const std::string long_path = "/no/" + std::string(5000, 'a') + "/level.map";
    const CliRun path = run_kinema("chase --map " + long_path);
    expect_one_line_error(path, "/no/aaaa");
    EXPECT_LT(path.err.size(), 400u) << path.err.size();
    EXPECT_NE(path.err.find(std::string(70, 'a') + "...aaaa"), std::string::npos) << path.err;
    EXPECT_NE(path.err.find("aaaa/level.map:0: cannot open file"), std::string::npos) << path.err;

    expect_one_line_error(
        run_kinema("chase --map \"$(printf '" + scratch_path("a").string() + "\\nb.map')\""),
        scratch_path("a").string() + "\\x0ab.map:0: cannot open file");

    // A NUL inside a CSV field used to end the message there.
    const auto log = scratch_path("log.csv");
    constexpr char with_nul[] =
        "dt,input_x,input_y,x,y,vx,vy\n0.016,0,0,1\0"
        "2,0,0,0\n";
    write_file(log, std::string(with_nul, sizeof with_nul - 1));
    expect_one_line_error(run_kinema("replay --model dishonored " + q(log)),
                          log.string() + ":2: column x: '1\\x002' is not a number");
}

// L4: a file name in another encoding than UTF-8 (Latin-1 "café") is replaced by U+FFFD where it is
// echoed in JSON and SVG, so that both still parse; a UTF-8 name is copied.
TEST(InputRules, ANonUtf8FileNameGivesValidJsonAndSvg) {
    // In a directory of its own: the picture shows the file's name, cut to fit.
    const auto directory = scratch_path("names");
    std::filesystem::create_directories(directory);
    const auto level = directory / "caf\xe9.txt";
    write_file(level, "###\n#P.\n#..\n");
    const auto svg = scratch_path("out.svg");
    const CliRun r = run_kinema("chase --map " + q(level) + " --json --svg " + q(svg));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_FALSE(has_lone_byte(r.out, 0xe9));
    EXPECT_NE(r.out.find("caf\\ufffd.txt"), std::string::npos) << r.out.substr(0, 300);
    const std::string picture = read_file(svg);
    EXPECT_FALSE(has_lone_byte(picture, 0xe9));
    EXPECT_NE(picture.find(">caf\xef\xbf\xbd.txt<"), std::string::npos);

    const auto utf8 = small_level("caf\xc3\xa9.txt");
    const CliRun valid = run_kinema("chase --map " + q(utf8) + " --json");
    EXPECT_NE(valid.out.find("caf\xc3\xa9.txt"), std::string::npos);
    std::filesystem::remove_all(directory);
}

// L7: an output that is an input or another output of the run is refused before anything is written.
TEST(InputRules, AnOutputThatIsAnInputOrAnotherOutputIsRefused) {
    const auto level = small_level("level.txt");
    const std::string before = read_file(level);
    expect_one_line_error(run_kinema("chase --map " + q(level) + " --svg " + q(level)),
                          "--svg: " + level.string() + " is also the input of --map");
    const auto dotted = level.parent_path() / "." / level.filename();
    expect_one_line_error(run_kinema("chase --map " + q(level) + " --png " + q(dotted)),
                          "--png: " + dotted.string() + " is also the input of --map");
    EXPECT_EQ(read_file(level), before);

    const auto picture = scratch_path("x");
    expect_one_line_error(run_kinema("sweep --png " + q(picture) + " --svg " + q(picture)),
                          "--svg: " + picture.string() + " is also the output of --png");
    EXPECT_FALSE(std::filesystem::exists(picture));
    // Devices are not files to protect: both pictures may go to /dev/null.
    EXPECT_EQ(run_kinema("chase --map " + q(level) + " --png /dev/null --svg /dev/null").exit_code, 0);

#if KINEMA_HAVE_NAV
    const auto mesh = scratch_path("in.obj");
    write_file(mesh, "v 0 0 0\nv 0 0 10\nv 10 0 10\nv 10 0 0\nf 1 2 3 4\n");
    const std::string mesh_before = read_file(mesh);
    expect_one_line_error(run_kinema("navmesh build " + q(mesh) + " -o " + q(mesh)),
                          "-o: " + mesh.string() + " is also the input of LEVEL");
    EXPECT_EQ(read_file(mesh), mesh_before);
#endif
}

// Each command gives its own inputs to the output rule (kinema/output/output_files.hpp): a positional log and
// an audit's map are protected as --map is for chase.
TEST(InputRules, EveryCommandProtectsItsOwnInputs) {
    const auto log = scratch_path("log.csv");
    write_file(log, read_file(std::string(KINEMA_DATA_DIR) + "/replay/example.csv"));
    const std::string log_before = read_file(log);
    expect_one_line_error(run_kinema("replay --model unreal " + q(log) + " --png " + q(log)),
                          "--png: " + log.string() + " is also the input of LOG");
    EXPECT_EQ(read_file(log), log_before);

    const auto level = small_level("audited.txt");
    const std::string level_before = read_file(level);
    expect_one_line_error(run_kinema("audit --map " + q(level) + " --quiet --csv " + q(level)),
                          "--csv: " + level.string() + " is also the input of --map");
    EXPECT_EQ(read_file(level), level_before);
}

// L9: one number rule ("+1" wherever a number is typed), one extension rule (any case), nothing given twice,
// nothing given that has no effect.
TEST(InputRules, OneRuleForNumbersAndExtensions) {
    const CliRun plus = run_kinema("stop --model dishonored --speed +3 --fps 30 --set friction=+8 --json");
    ASSERT_EQ(plus.exit_code, 0) << plus.err;
    EXPECT_EQ(plus.out, run_kinema("stop --model dishonored --speed 3 --fps 30 --set friction=8 --json").out);
    EXPECT_EQ(run_kinema("simulate --model dishonored --dt 0.1 --frames +3").out,
              run_kinema("simulate --model dishonored --dt 0.1 --frames 3").out);

    const auto map = scratch_path("LEVEL.MAP");
    write_file(map, "type octile\nheight 3\nwidth 3\nmap\n@@@\n@..\n@..\n");
    const CliRun upper = run_kinema("chase --map " + q(map) + " --from 1.5,1.5 --dir 1,0");
    ASSERT_EQ(upper.exit_code, 0) << upper.err;
    EXPECT_NE(upper.out.find("(3 x 3 tiles, 4 cells"), std::string::npos) << upper.out;
}

TEST(InputRules, AFlagOrFieldGivenTwiceIsRefused) {
    expect_one_line_error(run_kinema("sweep --json --json"), "--json: given 2 times");
    expect_one_line_error(
        run_kinema("stop --model dishonored --speed 3 --fps 30 --set friction=1 --set friction=2"),
        "--set friction: given twice");
    EXPECT_EQ(run_kinema("stop --model dishonored --speed 3 --fps 30 --set friction=1 --set speed_scale=2")
                  .exit_code,
              0);
}

TEST(InputRules, AFlagWithoutEffectIsRefused) {
    expect_one_line_error(run_kinema("turn --table --fps 30"), "--fps: has no effect with --table");
    expect_one_line_error(run_kinema("stop --model unreal --speed 600 --fps 30 --rest-speed 3"),
                          "--rest-speed: only the stepping models use it");
    expect_one_line_error(run_kinema("stop --speed 600 --fps 30 --max-frames 10"),
                          "--max-frames: only the stepping models use it");
}

// L2: an error names the flag the user typed.
TEST(InputRules, ErrorsNameTheFlagTyped) {
    expect_one_line_error(run_kinema("morrowind jump --fatigue-ratio 1e308"), "--fatigue-ratio: ");
    expect_one_line_error(run_kinema("sweep --model morrowind --fps-from 0.5"),
                          "--fps-from: must be in [1, 1000] for --model morrowind, got 0.5");
    const auto level = small_level("level.txt");
    expect_one_line_error(
        run_kinema("pursue --map " + q(level) + " --route 1.5,1.5 --npc 2.5,2.5 --stimulus 1,17.5"),
        "--stimulus: expected T,X,Y, got '1,17.5'");
    expect_one_line_error(run_kinema("sweep --model morrowind --fps 0.5,30"),
                          "--fps: must be in [1, 1000] for --model morrowind, got 0.5");
}

// A Morrowind sweep's rates are frame rates ([0.1, 1000]) and physics rates ([1, 10000]) at once: one range,
// their overlap, in every message, whichever bound a rate misses (it said [1, 10000] below and [0.1, 1000]
// above). Other models keep the sweep's own range.
TEST(InputRules, AMorrowindSweepNamesOneRateRange) {
    const auto error = [](const std::string& args) { return run_kinema(args).err; };
    for (const char* args : {"sweep --model morrowind --fps 0.5", "sweep --model morrowind --fps 1000.5",
                             "sweep --model morrowind --fps 60,20000"}) {
        SCOPED_TRACE(args);
        const CliRun r = run_kinema(args);
        expect_one_line_error(r, "--fps: must be in [1, 1000] for --model morrowind, got ");
    }
    EXPECT_EQ(error("sweep --model morrowind --fps 60,20000"),
              "kinema: error: --fps: must be in [1, 1000] for --model morrowind, got 20000\n");
    EXPECT_EQ(error("sweep --model morrowind --fps-from 10 --fps-to 5000"),
              "kinema: error: --fps-to: must be in [1, 1000] for --model morrowind, got 5000\n");
    EXPECT_EQ(error("sweep --model unreal --fps 0.05"),
              "kinema: error: --fps: must be in [0.1, 1000], got 0.05\n");
    // The bounds themselves are taken.
    EXPECT_EQ(run_kinema("sweep --model morrowind --fps 1,1000").exit_code, 0);
}

// The jump's take-off speed comes from --acrobatics, --jump-magnitude, --fatigue-ratio and --encumbrance; a
// --fatigue-ratio that makes it too fast is named with the value typed, not only the speed it gives (the
// message said "--fatigue-ratio: must be a finite number, got inf" for 1e308, which the ratio's own range,
// [-1e6, 1e6], refuses now).
TEST(InputRules, ATakeOffErrorEchoesTheFatigueRatioTyped) {
    for (const char* command : {"morrowind jump", "sweep --model morrowind"}) {
        SCOPED_TRACE(command);
        EXPECT_EQ(run_kinema(std::string(command) + " --fatigue-ratio 1e308").err,
                  "kinema: error: --fatigue-ratio: must be in [-1000000, 1000000], got 1e+308\n");
        EXPECT_EQ(
            run_kinema(std::string(command) + " --fatigue-ratio 1e6").err,
            "kinema: error: --fatigue-ratio: 1e6 is out of range for the jump: its take-off speed (u/s) "
            "must be in [0, 1000000], got 36000263.06666667\n");
        // Every take-off flag typed is named with its value.
        const CliRun both = run_kinema(std::string(command) + " --acrobatics 50 --fatigue-ratio 1e5");
        expect_one_line_error(both,
                              "--acrobatics/--fatigue-ratio: 50/1e5 are out of range for the jump: its "
                              "take-off speed (u/s) must be in [0, 1000000], got ");
    }
    EXPECT_EQ(run_kinema("morrowind jump --fatigue-ratio 2").exit_code, 0);
}

// L11: a message that quotes what it read; a grid point echoed with its own coordinates, not a third.
TEST(InputRules, MessagesQuoteWhatTheyRead) {
    const auto map = scratch_path("short.map");
    write_file(map, "type octile\nheight\nwidth 3\nmap\n...\n");
    expect_one_line_error(run_kinema("chase --map " + q(map)),
                          map.string() + ":2: expected 'height <number>', got 'height'");
    const auto level = small_level("level.txt");
    const CliRun far = run_kinema("chase --map " + q(level) + " --from 1e10,1");
    expect_one_line_error(far, "--from: every coordinate must be in [-1e9, 1e9], got 10000000000");
    EXPECT_EQ(far.err.find(",1,0"), std::string::npos) << far.err;
}

}  // namespace
}  // namespace kinema::test
