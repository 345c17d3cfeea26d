// The options of `kinema morrowind` (settings, actor, stance) for other commands that take a Morrowind actor
// (`kinema sweep --model morrowind`): one parser, so the flags mean the same everywhere. Defined in
// cmd_morrowind.cpp.
#pragma once

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "flag_binder.hpp"
#include "kinema/movement/morrowind.hpp"

namespace kinema::cli {

/// The MorrowindSettings and MorrowindActor fields typed under other flags than the binder's rule, and the
/// fields of the boolean flags (so that their errors name them).
inline constexpr FieldFlag morrowind_renames[] = {{"animation.walk", "--anim-walk"},
                                                  {"animation.run", "--anim-run"},
                                                  {"animation.sneak", "--anim-sneak"},
                                                  {"animation.swim_walk", "--anim-swim-walk"},
                                                  {"animation.swim_run", "--anim-swim-run"},
                                                  {"normalized_encumbrance", "--encumbrance"},
                                                  {"kind", "--creature"},
                                                  {"rules.truncate_base_speed", "--truncate-base-speed"},
                                                  {"werewolf", "--werewolf"},
                                                  {"flies", "--flies"}};

// Every settings and actor field option is bound by `flags` (one binder per command: CLI11 writes the typed
// text into it) and set through the registry (not given: the struct's default); validate() checks the values
// and the binder names the flag in its errors.
struct MorrowindArgs {
    std::shared_ptr<FlagBinder> flags = std::make_shared<FlagBinder>(morrowind_renames);
    // Settings.
    std::string gmst_file;
    std::vector<std::string> sets;
    std::string rules = "wiki";
    bool truncate_base_speed = false;
    // Actor: --werewolf and --flies set its fields, --creature its kind, `flags` the rest.
    movement::MorrowindActor actor;
    bool creature = false;
    // Stance: the flags set its fields; --input and --strafe its input.
    movement::MorrowindStance stance;
    bool strafe = false;
    std::string input;
    // Command-specific.
    std::string direction = "0,0";
    std::string height = "1000";
    bool json = false;
};

/// The settings options (--gmst, --rules, --gravity, --air-control, --speed-cap, --fall-threshold,
/// --truncate-base-speed; also --set and --json when `with_set_and_json`: a command with its own fills
/// args.sets itself), then the actor's (--creature, --speed, --athletics, --acrobatics, --encumbrance,
/// --fatigue-ratio, --jump-magnitude), then with `with_stance` the stance's (--run, --sneak, --swim,
/// --incapacitated, --levitate).
void add_morrowind_options(CLI::App* cmd, MorrowindArgs& args, bool with_stance,
                           bool with_set_and_json = true);

/// The model, actor and stance the options describe; UsageError/SettingsError naming the flag.
struct MorrowindInputs {
    movement::MorrowindModel model;
    movement::MorrowindActor actor;
    movement::MorrowindStance stance;
};
[[nodiscard]] MorrowindInputs morrowind_inputs(const MorrowindArgs& args);

/// Runs `run` (a jump, or a sweep of jumps); a SettingsError from the library becomes a UsageError naming
/// the flags: the take-off speed's by the flags behind it ("--jump-magnitude/--acrobatics", also when nothing
/// was typed: the usual cause; with "--fatigue-ratio" and "--encumbrance" when typed), every other field by
/// `flags`. The take-off speed is
/// derived, so when --fatigue-ratio or --encumbrance was typed (no other flag's bound catches a value of
/// theirs that makes it too fast) the message starts with each take-off flag typed and the value typed
/// ("--fatigue-ratio: 1e308 is out of range for the jump: ..."), not only the speed it gives.
void name_take_off_errors(const MorrowindArgs& args, std::span<const FieldFlag> flags,
                          const std::function<void()>& run);

}  // namespace kinema::cli
