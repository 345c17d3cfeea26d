// `kinema morrowind speed|jump|fall`: the Morrowind movement model (docs/morrowind.md) for one actor, as a
// readable table or as JSON. Units: Morrowind units (u, u/s, u/s^2), seconds; attributes and skills as the
// game shows them.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "kinema/movement/morrowind.hpp"
#include "kinema/report/morrowind.hpp"
#include "morrowind_options.hpp"
#include "settings_options.hpp"

namespace kinema::cli {

using namespace kinema::movement;

namespace {

// Reads a JSON object of GMST names to numbers into `gmsts` (report::apply_gmst_file). Every message names
// the file, and a bad value also the GMST: "gmst.json: fMaxWalkSpeed: must be >= 0, got -200".
void apply_gmst_file(MorrowindGmsts& gmsts, const std::string& path) {
    try {
        FlagBinder({}, path + ":").name_errors([&] { report::apply_gmst_file(gmsts, path); });
    } catch (const report::GmstFileError& e) {
        throw UsageError(e.what());
    }
}

MorrowindSettings morrowind_settings(const MorrowindArgs& args) {
    MorrowindSettings s;
    if (args.rules == "openmw") {
        s.rules = MorrowindRules::openmw();
    } else if (args.rules != "wiki") {
        throw UsageError(fmt::format("--rules: expected wiki or openmw, got '{}'", args.rules));
    }
    s.rules.truncate_base_speed = s.rules.truncate_base_speed || args.truncate_base_speed;
    args.flags->apply(s);
    if (!args.gmst_file.empty()) {
        apply_gmst_file(s.gmsts, args.gmst_file);
    }
    for (const std::string& set : args.sets) {
        apply_set_option(settings_description<MorrowindSettings>(), &s, set);
    }
    args.flags->require_valid(s.validate());
    return s;
}

MorrowindActor morrowind_actor(const MorrowindArgs& args) {
    MorrowindActor a = args.actor;
    a.kind = args.creature ? MorrowindActorKind::creature : MorrowindActorKind::npc;
    args.flags->apply(a);
    args.flags->require_valid(a.validate());
    return a;
}

MorrowindStance morrowind_stance(const MorrowindArgs& args) {
    MorrowindStance st = args.stance;
    if (args.strafe && !args.input.empty()) {
        throw UsageError("--strafe: cannot be combined with --input");
    }
    if (args.strafe) {
        st.input = {1.0, 0.0};
    } else if (!args.input.empty()) {
        st.input = parse_vec2(args.input, "--input");
    }
    return st;
}

}  // namespace

MorrowindInputs morrowind_inputs(const MorrowindArgs& args) {
    return {MorrowindModel(morrowind_settings(args)), morrowind_actor(args), morrowind_stance(args)};
}

namespace {

void run_speed(const MorrowindArgs& args) {
    const auto [model, actor, stance] = morrowind_inputs(args);
    const report::MorrowindSpeedResult result = report::morrowind_speed(model, actor, stance);
    fmt::print("{}", args.json ? report::morrowind_speed_json(model, actor, stance, result)
                               : report::morrowind_speed_text(model, actor, result));
}

void run_jump(const MorrowindArgs& args) {
    const MorrowindInputs in = morrowind_inputs(args);
    const Vec2 direction = parse_vec2(args.direction, "--direction");
    // The take-off speed has a bound (1e6 u/s) that the flags behind it must respect.
    report::MorrowindJumpResult result;
    name_take_off_errors(args, {},
                         [&] { result = report::morrowind_jump(in.model, in.actor, in.stance, direction); });
    fmt::print("{}", args.json ? report::morrowind_jump_json(in.model, in.actor, in.stance, result)
                               : report::morrowind_jump_text(in.model, in.actor, result));
}

void run_fall(const MorrowindArgs& args) {
    // Named, not a structured binding: the lambda below captures it (clang 14 refuses to capture bindings).
    const MorrowindInputs in = morrowind_inputs(args);
    const double height = parse_number(args.height, "--height");
    constexpr FieldFlag kFallFlags[] = {{"height", "--height"}};
    report::MorrowindFallResult result{height, {}};
    FlagBinder(kFallFlags).name_errors([&] { result.fall = in.model.fall(in.actor, height); });
    fmt::print("{}", args.json ? report::morrowind_fall_json(in.model, in.actor, result)
                               : report::morrowind_fall_text(in.model, in.actor, result));
}

}  // namespace

void add_morrowind_options(CLI::App* cmd, MorrowindArgs& a, bool with_stance, bool with_set_and_json) {
    // Settings.
    add_file_option(cmd, "--gmst", a.gmst_file,
                    "JSON object of GMST names to numbers overriding the vanilla defaults");
    if (with_set_and_json) {
        cmd->add_option("--set", a.sets,
                        "change one settings field, e.g. gmsts.fJumpAcroMultiplier=3 or animation.walk=150 "
                        "(repeatable; applied after --gmst)")
            ->type_name("NAME=VALUE");
    }
    cmd->add_option("--rules", a.rules,
                    "wiki (the OpenMW research notes) or openmw: every choice below at once")
        ->type_name("wiki|openmw")
        ->capture_default_str();
    a.flags->add_fields<MorrowindSettings>(
        cmd, {"rules.gravity", "rules.air_control", "rules.speed_cap", "rules.fall_threshold"});
    cmd->add_flag("--truncate-base-speed", a.truncate_base_speed,
                  "Use int(base speed) as the wiki writes it");
    if (with_set_and_json) {
        cmd->add_flag("--json", a.json, "Print JSON instead of a table");
    }
    // Actor.
    cmd->add_flag("--creature", a.creature, "A creature (default: an NPC)");
    a.flags->add_fields<MorrowindActor>(cmd, {"speed", "athletics", "acrobatics", "normalized_encumbrance",
                                              "fatigue_ratio", "jump_magnitude"});
    if (!with_stance) {
        return;
    }
    cmd->add_flag("--run", a.stance.run, "Run stance");
    cmd->add_flag("--sneak", a.stance.sneak, "Sneak stance");
    cmd->add_flag("--swim", a.stance.swimming, "Swimming");
    cmd->add_flag("--incapacitated", a.stance.incapacitated, "Paralyzed, knocked down or dead");
    a.flags->add_field<MorrowindActor>(cmd, "levitate");
}

void name_take_off_errors(const MorrowindArgs& args, std::span<const FieldFlag> flags,
                          const std::function<void()>& run) {
    const FlagBinder& binder = *args.flags;
    const bool scaled = binder.given("fatigue_ratio") || binder.given("normalized_encumbrance");
    // The take-off flags typed: "--jump-magnitude/--acrobatics" (also when nothing was typed: the usual
    // cause), with "--fatigue-ratio" and "--encumbrance" when typed; the fatigue ratio alone gives
    // "--fatigue-ratio".
    std::string take_off = binder.given("jump_magnitude") || binder.given("acrobatics") || !scaled
                               ? "--jump-magnitude/--acrobatics"
                               : "";
    for (const std::string_view field : {"fatigue_ratio", "normalized_encumbrance"}) {
        if (binder.given(field)) {
            take_off += (take_off.empty() ? "" : "/") + flag_of_field(field, morrowind_renames);
        }
    }
    std::vector<FieldFlag> named(flags.begin(), flags.end());
    named.push_back({"take_off_speed", take_off});
    try {
        run();
    } catch (const SettingsError& e) {
        const FieldErrors& errors = e.errors();
        if (!scaled || errors.size() != 1 || errors.front().field != "take_off_speed") {
            throw UsageError(FlagBinder(named).message(errors));
        }
        std::string typed_flags;
        std::string typed_values;
        for (const std::string_view field :
             {"jump_magnitude", "acrobatics", "fatigue_ratio", "normalized_encumbrance"}) {
            if (binder.given(field)) {
                typed_flags += (typed_flags.empty() ? "" : "/") + flag_of_field(field, morrowind_renames);
                typed_values += (typed_values.empty() ? "" : "/") + binder.text(field);
            }
        }
        const bool one = typed_flags.find('/') == std::string::npos;
        throw UsageError(fmt::format("{}: {} {} out of range for the jump: its take-off speed (u/s) {}",
                                     typed_flags, typed_values, one ? "is" : "are", errors.front().message));
    }
}

void add_morrowind_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("morrowind",
                                   "Morrowind actor movement (the OpenMW research notes): target speeds, "
                                   "animation cap, jump, fall damage. "
                                   "Units: u, u/s (64 u = 1 yard).");
    cmd->require_subcommand(1);
    // One MorrowindArgs (and binder) per subcommand: each binds its own options.
    auto args = std::make_shared<MorrowindArgs>();
    auto* speed = cmd->add_subcommand("speed", "Target speed, animation playback scale and real speed");
    add_morrowind_options(speed, *args, true);
    args->flags->add_field<MorrowindActor>(speed, "swift_swim");
    speed->add_flag("--werewolf", args->actor.werewolf, "NPC in werewolf form");
    speed->add_flag("--weapon-ready", args->stance.weapon_ready,
                    "A weapon or spell is readied (no werewolf bonus)");
    speed->add_flag("--flies", args->actor.flies, "Creature with the Flies flag");
    speed->add_flag("--strafe", args->strafe, "Pure sideways input (1,0)");
    typed(speed->add_option("--input", args->input, "Movement input X,Y (x right, y forward; default 0,1)"),
          ValueKind::point2);
    args->flags->add_fields<MorrowindSettings>(
        speed, {"animation.walk", "animation.run", "animation.sneak", "animation.swim_walk",
                "animation.swim_run", "max_playback_scale"});
    speed->callback([args] { run_speed(*args); });

    auto jump_args = std::make_shared<MorrowindArgs>();
    auto* jump = cmd->add_subcommand("jump", "Jump take-off velocity, fatigue cost, midair control and arc");
    add_morrowind_options(jump, *jump_args, true);
    typed(jump->add_option("--direction", jump_args->direction,
                           "Ground movement direction X,Y at take-off; 0,0 = standing"),
          ValueKind::point2);
    jump_args->flags->add_field<MorrowindSettings>(jump, "physics_step");
    jump->callback([jump_args] { run_jump(*jump_args); });

    auto fall_args = std::make_shared<MorrowindArgs>();
    auto* fall = cmd->add_subcommand("fall", "Fall damage and knockdown on landing");
    add_morrowind_options(fall, *fall_args, false);
    typed(fall->add_option("--height", fall_args->height, "Fall height from the peak, u, [0, 1e9]"),
          ValueKind::number)
        ->capture_default_str();
    fall->callback([fall_args] { run_fall(*fall_args); });
}

}  // namespace kinema::cli
