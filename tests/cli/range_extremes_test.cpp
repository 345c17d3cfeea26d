// Every settings field at the ends of its documented range, through the commands that use it (issue 40,
// critical 7: ranges with holes). The fields come from the settings registry itself, so a field added later
// is covered: for each, its minimum and maximum (the nearest value inside an open end, the smallest positive
// double where the range is open at 0, 1e308 where it has no upper end) is run, and the command must either
// compute finite numbers (exit 0, no nan or inf, JSON null only where the docs say a value may be "never")
// or refuse the value with the one-line error (exit 2). Before the fix, e.g. `--set friction=1e308` printed
// NaN frames, `--levitate 1e308` an infinite speed, `--scale 4.9e-324` an infinite continuous limit, and a
// subnormal Unreal friction "-nan" stop distances.
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "kinema/analysis/sweep.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood_settings.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/crosscode.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/movement/morrowind_physics.hpp"
#include "kinema/movement/unreal.hpp"
#include "test_data.hpp"
#if KINEMA_HAVE_NAV
#include "kinema/nav/settings.hpp"
#endif
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace {

using kinema::FieldDescriptor;
using kinema::FieldType;
using kinema::SettingsDescription;
using kinema::test::CliRun;
using kinema::test::level_path;
using kinema::test::run_kinema;
using kinema::test::sh_quoted;

std::string text_of(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

// The values at the ends of a number field's range, as typed.
std::vector<std::string> extremes(const FieldDescriptor& f) {
    std::vector<std::string> out;
    const kinema::FieldRange& r = f.range;
    const bool integer = f.type == FieldType::integer;
    if (std::isfinite(r.min)) {
        double v = r.min;
        if (!r.min_closed) {
            v = integer ? r.min + 1 : std::nextafter(r.min, std::numeric_limits<double>::infinity());
        }
        out.push_back(text_of(v));
    } else {
        out.push_back(integer ? text_of(f.storage_min) : "-1e308");
    }
    if (std::isfinite(r.max)) {
        double v = r.max;
        if (!r.max_closed) {
            v = integer ? r.max - 1 : std::nextafter(r.max, -std::numeric_limits<double>::infinity());
        }
        out.push_back(text_of(v));
    } else {
        out.push_back(integer ? text_of(f.storage_max) : "1e308");
    }
    // The smallest positive value where the range starts at 0 (a subnormal double).
    if (!integer && r.min == 0.0) {
        out.push_back("4.9406564584124654e-324");
    }
    return out;
}

// Keys whose null the docs give a meaning ("never"): a stop that never ends, a sweep metric that is never
// reached or has no closed form, a speed that no Speed attribute caps, a pursuit that never lost sight.
const std::set<std::string>& documented_nulls() {
    static const std::set<std::string> keys{"time",      "stop_distance",          "time_to_90",
                                            "turn_rate", "speed_attribute_at_cap", "time_to_reacquire"};
    return keys;
}

// The first null outside documented_nulls(), as "path", or "".
std::string stray_null(const nlohmann::json& j, const std::string& path) {
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) {
            if (value.is_null() && documented_nulls().count(key) == 0) {
                return path + "." + key;
            }
            if (std::string found = stray_null(value, path + "." + key); !found.empty()) {
                return found;
            }
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (j[i].is_null()) {
                return path + "[" + std::to_string(i) + "]";
            }
            if (std::string found = stray_null(j[i], path + "[" + std::to_string(i) + "]"); !found.empty()) {
                return found;
            }
        }
    }
    return "";
}

enum class Output { json, text };

// Runs `args` and checks the rule above; the failure names the command.
void expect_finite_or_refused(const std::string& args, Output output) {
    const CliRun r = run_kinema(args);
    if (r.exit_code == 2) {
        EXPECT_EQ(r.out, "") << args;
        EXPECT_EQ(r.err.rfind("kinema: error: ", 0), 0u) << args << "\n" << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << args << "\n" << r.err;
        EXPECT_FALSE(std::regex_search(r.err, std::regex(R"(\b-?(nan|inf)\b)", std::regex::icase)))
            << args << "\n"
            << r.err;
        return;
    }
    ASSERT_EQ(r.exit_code, 0) << args << "\n" << r.err;
    EXPECT_FALSE(std::regex_search(r.out, std::regex(R"(\b-?nan\b)", std::regex::icase))) << args << "\n"
                                                                                          << r.out;
    if (output == Output::json) {
        const nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
        ASSERT_FALSE(j.is_discarded()) << args << "\n" << r.out.substr(0, 2000);
        EXPECT_EQ(stray_null(j, ""), "") << args;
    } else {
        EXPECT_FALSE(std::regex_search(r.out, std::regex(R"(\binf\b)", std::regex::icase))) << args << "\n"
                                                                                            << r.out;
    }
}

// Each number field of `description` at its extremes: `command(flag_or_set, value)` builds the command line.
void for_each_extreme(const SettingsDescription& description,
                      const std::function<void(const std::string& field, const std::string& value)>& run,
                      const std::set<std::string>& skip = {}) {
    for (const kinema::NamedField& f : kinema::list_fields(description)) {
        if (f.field->type == FieldType::boolean || f.field->type == FieldType::choice || skip.count(f.name)) {
            continue;
        }
        for (const std::string& value : extremes(*f.field)) {
            SCOPED_TRACE(f.name + "=" + value);
            run(f.name, value);
        }
    }
}

// The flag of a field: "--" and its name after the last '.', '-' for '_', unless renamed.
std::string flag(const std::string& field, const std::map<std::string, std::string>& renames = {}) {
    if (const auto it = renames.find(field); it != renames.end()) {
        return it->second;
    }
    std::string out = "--" + field.substr(field.rfind('.') + 1);
    for (char& c : out) {
        c = c == '_' ? '-' : c;
    }
    return out;
}

template <class S>
const SettingsDescription& described() {
    return kinema::settings_description<S>();
}

void movement_model_extremes(const std::string& model, const SettingsDescription& d) {
    for_each_extreme(d, [&](const std::string& field, const std::string& value) {
        const std::string set = " --set " + field + "=" + value;
        expect_finite_or_refused(
            "simulate --model " + model +
                " --dt 0.0166 --frames 30 --input '0:1,0;15:-1,0' --start-velocity 100,50"
                " --json" +
                set,
            Output::json);
        expect_finite_or_refused("stop --model " + model + " --speed 600 --fps 60 --json" + set,
                                 Output::json);
        expect_finite_or_refused("stop --model " + model + " --speed 600 --table" + set, Output::text);
        expect_finite_or_refused("sweep --model " + model + " --fps 10,60 --json" + set, Output::json);
        expect_finite_or_refused(
            "pursue --map " + sh_quoted(level_path("corner.txt")) +
                " --route '3.5,2.5;12.5,2.5' --npc 1.5,1.5 --max-time 2 --json --npc-model " + model + set,
            Output::json);
    });
}

TEST(RangeExtremes, DishonoredFields) {
    movement_model_extremes("dishonored", described<kinema::movement::DishonoredSettings>());
}

TEST(RangeExtremes, CrossCodeFields) {
    movement_model_extremes("crosscode", described<kinema::movement::CrossCodeSettings>());
}

TEST(RangeExtremes, UnrealFields) {
    movement_model_extremes("unreal", described<kinema::movement::UnrealSettings>());
}

// Issue 40: each field at its extreme alone kept the stop finite, but a tiny braking friction with no
// deceleration (or the reverse) printed "inf", "+inf" and "-nan" (`stop --set ground_friction=4.9e-324 --set
// braking_deceleration_walking=0`). A stop now refuses a braking whose terms are both below 1e-12 but not
// both 0, naming the field; with either at 1e-12 it answers finite numbers, and a stop past the exact
// predictor's frame bound says so instead of "no braking".
TEST(RangeExtremes, UnrealStopWithOneTinyBrakingTerm) {
    const std::string tiny = "4.9406564584124654e-324";
    const std::vector<std::pair<std::string, std::string>> cases{
        {"--set ground_friction=" + tiny + " --set braking_deceleration_walking=0", "--set ground_friction"},
        {"--set braking_friction_factor=" + tiny + " --set braking_deceleration_walking=0",
         "--set braking_friction_factor"},
        {"--set use_separate_braking_friction=1 --set braking_friction=" + tiny +
             " --set braking_deceleration_walking=0",
         "--set braking_friction"},
        {"--set ground_friction=0 --set braking_deceleration_walking=" + tiny,
         "--set braking_deceleration_walking"}};
    const std::vector<std::string> modes{"--fps 60", "--fps 60 --json", "--continuous", "--continuous --json",
                                         "--table",  "--table --json"};
    for (const auto& [settings, flag] : cases) {
        for (const std::string& mode : modes) {
            const std::string args = "stop --model unreal --speed 600 " + mode + " " + settings;
            SCOPED_TRACE(args);
            const CliRun r = run_kinema(args);
            kinema::test::expect_one_line_error(r, flag + ": ");
            EXPECT_NE(r.err.find("must be at least 1e-12 for a stop prediction"), std::string::npos) << r.err;
        }
        expect_finite_or_refused("sweep --model unreal --fps 10,60 --json " + settings, Output::json);
    }
    for (const std::string settings : {"--set ground_friction=5e-13 --set braking_deceleration_walking=0",
                                       "--set ground_friction=0 --set braking_deceleration_walking=1e-12"}) {
        for (const std::string& mode : modes) {
            const std::string args = "stop --model unreal --speed 1000000 " + mode + " " + settings;
            SCOPED_TRACE(args);
            const CliRun r = run_kinema(args);
            ASSERT_EQ(r.exit_code, 0) << r.err;
            EXPECT_FALSE(std::regex_search(r.out, std::regex(R"(\b[-+]?nan\b)", std::regex::icase))) << r.out;
            EXPECT_EQ(r.out.find("no braking friction"), std::string::npos) << r.out;
            if (mode.find("--json") != std::string::npos) {
                EXPECT_EQ(stray_null(nlohmann::json::parse(r.out), ""), "") << r.out;
            }
        }
    }
    const CliRun slow = run_kinema(
        "stop --model unreal --speed 1000000 --fps 1000000 --set ground_friction=0 --set "
        "braking_deceleration_walking=1e-12");
    EXPECT_NE(slow.out.find("does not stop within 4000000000000100000 frames (the predictor's bound)"),
              std::string::npos)
        << slow.out << slow.err;
}

TEST(RangeExtremes, TurnFields) {
    const std::map<std::string, std::string> renames{{"speed_scale", "--scale"}};
    // acceleration has no flag (the library's and Python's): tests/analysis bounds it.
    for_each_extreme(described<kinema::analysis::TurnSettings>(),
                     [&](const std::string& field, const std::string& value) {
                         const std::string f = " " + flag(field, renames) + " " + value;
                         expect_finite_or_refused("turn --fps 30 --max" + f, Output::text);
                         expect_finite_or_refused("turn --fps 30 --max --json" + f, Output::json);
                         expect_finite_or_refused("turn --fps 30 --angle 45 --json" + f, Output::json);
                     },
                     {"acceleration"});
    for_each_extreme(
        described<kinema::analysis::YawQuantization>(), [&](const std::string&, const std::string& value) {
            expect_finite_or_refused("turn --fps 30 --max --json --yaw-units " + value, Output::json);
        });
}

void morrowind_extremes(const std::string& what) {
    for (const std::string command : {"speed", "jump", "fall"}) {
        const std::string base = "morrowind " + command + " ";
        what == "settings"
            ? for_each_extreme(described<kinema::movement::MorrowindSettings>(),
                               [&](const std::string& field, const std::string& value) {
                                   const std::string set = "--set " + field + "=" + value;
                                   expect_finite_or_refused(base + "--json " + set, Output::json);
                                   expect_finite_or_refused(base + set, Output::text);
                                   expect_finite_or_refused(base + "--run --levitate 50 --json " + set,
                                                            Output::json);
                               })
            : for_each_extreme(
                  described<kinema::movement::MorrowindActor>(),
                  [&](const std::string& field, const std::string& value) {
                      const std::string f =
                          flag(field, {{"normalized_encumbrance", "--encumbrance"}}) + " " + value;
                      expect_finite_or_refused(base + "--json " + f, Output::json);
                      expect_finite_or_refused(base + f, Output::text);
                      if (command == "speed") {
                          expect_finite_or_refused(base + "--swim --run --json " + f, Output::json);
                      }
                  },
                  // Not flags of `morrowind` (kind, werewolf and flies are the booleans): nothing to skip.
                  {});
    }
}

TEST(RangeExtremes, MorrowindSettingsFields) {
    morrowind_extremes("settings");
}

TEST(RangeExtremes, MorrowindActorFields) {
    morrowind_extremes("actor");
}

TEST(RangeExtremes, MorrowindPhysicsFields) {
    for_each_extreme(described<kinema::movement::MorrowindPhysicsSettings>(),
                     [&](const std::string& field, const std::string& value) {
                         expect_finite_or_refused("sweep --model morrowind --fps 60 --direction 0,1 --json " +
                                                      flag(field) + " " + value,
                                                  Output::json);
                     },
                     {"physics_rate"});  // the sweep's --fps, below with the other flags
}

TEST(RangeExtremes, StopAndSweepFields) {
    for_each_extreme(described<kinema::analysis::GenericStopSettings>(), [&](const std::string& field,
                                                                             const std::string& value) {
        for (const std::string model : {"dishonored", "crosscode"}) {
            expect_finite_or_refused(
                "stop --model " + model + " --speed 600 --fps 60 --json " + flag(field) + " " + value,
                Output::json);
        }
    });
    for_each_extreme(described<kinema::analysis::SweepSettings>(),
                     [&](const std::string& field, const std::string& value) {
                         expect_finite_or_refused(
                             "sweep --model dishonored --fps 10,60 --json " + flag(field) + " " + value,
                             Output::json);
                     },
                     {"horizon"});  // no flag
}

TEST(RangeExtremes, ChaseAndAuditFields) {
    for (const SettingsDescription* d :
         {&described<kinema::chase::FloodSettings>(), &described<kinema::chase::GridSpaceSettings>()}) {
        for_each_extreme(*d,
                         [&](const std::string& field, const std::string& value) {
                             expect_finite_or_refused("chase --json " + flag(field) + " " + value,
                                                      Output::json);
                         },
                         {"max_restarts"});  // a pursuit's (--set max_restarts), below
    }
    for_each_extreme(
        described<kinema::chase::AuditSettings>(), [&](const std::string& field, const std::string& value) {
            expect_finite_or_refused("audit --quiet --map " + sh_quoted(level_path("corner.txt")) +
                                         (field == "directions" ? " " : " --directions 1 ") + flag(field) +
                                         " " + value,
                                     Output::text);
        });
}

#if KINEMA_HAVE_NAV
TEST(RangeExtremes, NavFieldsOfA3DChase) {
    // The fields `chase` has flags for on 3D levels; the rest of NavSettings only the library sets.
    const std::set<std::string> flagged{"agent_height",    "agent_radius", "agent_max_climb",
                                        "agent_max_slope", "tile_size",    "threads"};
    std::set<std::string> skip;
    for (const kinema::NamedField& f : kinema::list_fields(described<kinema::nav::NavSettings>())) {
        if (flagged.count(f.name) == 0) {
            skip.insert(f.name);
        }
    }
    for_each_extreme(
        described<kinema::nav::NavSettings>(),
        [&](const std::string& field, const std::string& value) {
            expect_finite_or_refused("chase --map " + sh_quoted(level_path("corner_ramp.obj")) +
                                         " --from 1,0,2 --dir 1,0,0 --json " + flag(field) + " " + value,
                                     Output::json);
        },
        skip);
}
#endif

TEST(RangeExtremes, PursuitFields) {
    const std::string pursue = "pursue --map " + sh_quoted(level_path("corner.txt")) +
                               " --route '3.5,2.5;12.5,2.5' --npc 1.5,1.5 --json ";
    for_each_extreme(
        described<kinema::pursuit::PursuitConfig>(), [&](const std::string& field, const std::string& value) {
            const std::string time = field == "max_time" ? "" : "--set max_time=2 ";
            expect_finite_or_refused(pursue + time + "--set " + field + "=" + value, Output::json);
        });
}

// The numeric flags the registry does not describe, at the ends of their documented ranges (docs/errors.md
// "Limits"), the smallest positive double where a range is open at 0, and 1e308 where a value has no end of
// its own (a direction, an input, a noise's time): finite output or the one-line refusal.
TEST(RangeExtremes, NumericFlagsOutsideTheRegistry) {
    const std::string tiny = "4.9406564584124654e-324";
    const std::string pursue = "pursue --map " + sh_quoted(level_path("corner.txt")) +
                               " --route '3.5,2.5;12.5,2.5' --npc 1.5,1.5 --max-time 2 ";
    std::vector<std::pair<std::string, Output>> runs;
    const auto json = [&](const std::string& args) { runs.emplace_back(args, Output::json); };
    const auto text = [&](const std::string& args) { runs.emplace_back(args, Output::text); };
    for (const std::string& model : std::vector<std::string>{"dishonored", "crosscode", "unreal"}) {
        const std::string simulate = "simulate --model " + model + " --json ";
        for (const std::string& dt : std::vector<std::string>{tiny, std::string("10")}) {
            json(simulate + "--frames 3 --input 0:1,0 --dt " + dt);
            json(simulate + "--frames 3 --input 0:1,0 --dt-schedule '0:" + dt + ";2:1/60'");
        }
        json(simulate + "--dt 0.1 --frames 0 --input 0:1,0");
        for (const std::string& input : std::vector<std::string>{"1e308,0", tiny + ",0", "-1e308,1e308"}) {
            json(simulate + "--dt 0.1 --frames 3 --input 0:" + input);
        }
        for (const std::string& v : std::vector<std::string>{"1e6,0", "-707106,707106", tiny + ",0"}) {
            json(simulate + "--dt 0.1 --frames 3 --input 0:0,0 --start-velocity " + v);
        }
        for (const std::string& speed : std::vector<std::string>{"0", "1e6", tiny}) {
            json("stop --model " + model + " --fps 60 --json --speed " + speed);
        }
        for (const std::string& fps : std::vector<std::string>{"0.1", "1e6", tiny}) {
            json("stop --model " + model + " --speed 600 --json --fps " + fps);
        }
        text("stop --model " + model + " --speed 600 --table --fps-list 0.1,1e6");
        json("sweep --model " + model + " --json --fps 0.1,1000");
    }
    json("simulate --model dishonored --dt 0.01 --frames 200000 --input 0:1,0 --json");
    for (const std::string& fps : std::vector<std::string>{"0.1", "1e6", tiny}) {
        json("turn --max --json --fps " + fps);
        text("turn --angle 45 --fps " + fps);
    }
    for (const std::string& ticks : std::vector<std::string>{"1", "100000000"}) {
        json("turn --max --json --dt-ticks " + ticks);
    }
    for (const std::string& angle : std::vector<std::string>{"-180", "180", tiny, "1e308"}) {
        json("turn --fps 30 --json --angle " + angle);
        json("turn --fps 30 --json --yaw-units 65536 --angle " + angle);
    }
    json("sweep --model dishonored --json --fps-from 0.1 --fps-to 1000 --fps-step 100");
    json("sweep --model dishonored --json --fps-from 0.1 --fps-to 1000 --fps-step " + tiny);
    for (const std::string& drop : std::vector<std::string>{"-1e9", "1e9", tiny}) {
        json("sweep --model morrowind --fps 60 --direction 0,1 --json --drop " + drop);
    }
    for (const std::string& direction : std::vector<std::string>{"1e308,1", tiny + ",0"}) {
        json("sweep --model morrowind --fps 60 --json --direction " + direction);
        json("morrowind jump --json --direction " + direction);
        json("morrowind speed --json --input " + direction);
    }
    for (const std::string& height : std::vector<std::string>{"0", "1e9", tiny}) {
        json("morrowind fall --json --height " + height);
        text("morrowind fall --height " + height);
    }
    for (const std::string& point : std::vector<std::string>{"1e9,1e9", "-1e9,-1e9", tiny + "," + tiny}) {
        json("chase --json --from " + point);
        json("chase --json --dir " + point);
    }
    json("chase --json --dir 1e308,1e308");
    for (const std::string& k : std::vector<std::string>{"1", "16"}) {
        json("chase --json --destinations " + k);
    }
    for (const std::string& bytes : std::vector<std::string>{"1", "1073741824"}) {
        json("chase --json --map " + sh_quoted(level_path("corner.txt")) + " --max-file-bytes " + bytes);
    }
    for (const std::string& d : std::vector<std::string>{"1", "3"}) {
        json("chase --json --difficulty " + d);
    }
    for (const std::string& d : std::vector<std::string>{"1", "360"}) {
        text("audit --quiet --map " + sh_quoted(level_path("corner.txt")) + " --directions " + d);
    }
    for (const std::string& t : std::vector<std::string>{"1", "256"}) {
        text("audit --quiet --map " + sh_quoted(level_path("corner.txt")) + " --directions 1 --threads " + t);
    }
    for (const std::string& point : std::vector<std::string>{"1e9,2.5", tiny + ",2.5"}) {
        json("pursue --map " + sh_quoted(level_path("corner.txt")) + " --route '3.5,2.5;" + point +
             "' --npc 1.5,1.5 --max-time 2 --json");
        json("pursue --map " + sh_quoted(level_path("corner.txt")) + " --route '3.5,2.5;12.5,2.5' --npc " +
             point + " --max-time 2 --json");
    }
    for (const std::string& dir : std::vector<std::string>{"1e308,1", tiny + ",0"}) {
        json(pursue + "--json --npc-dir " + dir);
    }
    for (const std::string& noise :
         std::vector<std::string>{"1e308,3.5,2.5", tiny + ",3.5,2.5", "1,1e308,2.5", "1," + tiny + ",2.5"}) {
        json(pursue + "--json --stimulus " + noise);
    }
    for (const auto& [args, output] : runs) {
        expect_finite_or_refused(args, output);
    }
}

// The issue's own cases, each refused now with the flag named, and the ends of their new ranges computed.
TEST(RangeHoles, StartVelocityFasterThanEverySpeedIsRefused) {
    for (const std::string model : {"dishonored", "crosscode", "unreal"}) {
        kinema::test::expect_one_line_error(
            run_kinema("simulate --model " + model +
                       " --dt 0.1 --frames 3 --input 0:1,0 --start-velocity 1e308,1e308"),
            "--start-velocity: must be at most 1000000 long (length units/s), got length "
            "1.4142135623730951e+308");
        expect_finite_or_refused(
            "simulate --model " + model + " --dt 0.1 --frames 3 --input 0:1,0 --start-velocity 1e6,0 --json",
            Output::json);
    }
}

TEST(RangeHoles, ASubnormalCellSizeIsRefusedAndTheSmallestKeepsTheSeed) {
    // 4.9e-324 was inside (0, 1e6]: the seed moved from tile (3, 2) to (4, 2) and the destination changed.
    kinema::test::expect_one_line_error(run_kinema("chase --cell-size 4.9e-324"),
                                        "--cell-size: must be in [1e-06, 1000000], got 5e-324");
    const nlohmann::json one = nlohmann::json::parse(run_kinema("chase --json").out);
    const nlohmann::json tiny = nlohmann::json::parse(run_kinema("chase --json --cell-size 1e-6").out);
    EXPECT_EQ(tiny.at("seed"), one.at("seed"));
    EXPECT_EQ(tiny.at("destination_cell"), one.at("destination_cell"));
    EXPECT_EQ(tiny.at("heated_cells"), one.at("heated_cells"));
}

TEST(RangeHoles, TurnScaleAndMorrowindMagnitudesEndWhereResultsAreFinite) {
    // "continuous limit: -nan" and an infinite speed before.
    kinema::test::expect_one_line_error(run_kinema("turn --max --fps 30 --scale 1e308"),
                                        "--scale: must be in [1e-06, 2500], got 1e+308");
    kinema::test::expect_one_line_error(run_kinema("morrowind speed --levitate 1e308"),
                                        "--levitate: must be in [0, 1000000], got 1e+308");
    expect_finite_or_refused("morrowind speed --levitate 1e6 --json", Output::json);
    expect_finite_or_refused("morrowind speed --levitate 1e6", Output::text);
    // The continuous row of the turn table is the limit, not "inf".
    expect_finite_or_refused("turn --table", Output::text);
}

TEST(RangeHoles, AStoppedStepThatDivergesIsRefusedByItsRate) {
    // CrossCode at friction 1e5 and 60 fps: 12 f dt = 2e4, the stop read "-nan" distances.
    kinema::test::expect_one_line_error(
        run_kinema("stop --model crosscode --speed 600 --fps 60 --set friction=1e5"),
        "--fps: the crosscode model's explicit friction overshoots and diverges at this frame time");
}

}  // namespace
