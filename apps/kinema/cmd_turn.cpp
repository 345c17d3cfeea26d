// kinema turn: the Dishonored turn solver (the DhTas notes) from the command line; with --yaw-units, the turn
// as the Dishonored TAS tool sends it (whole yaw units, DhTas compute_turn), and frame times in 100 ns ticks.
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "flag_binder.hpp"
#include "help_pages.hpp"
#include "kinema/analysis/frame_rates.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/movement/state.hpp"
#include "kinema/report/turn.hpp"

namespace kinema::cli {

namespace {

// The fields and the library's arguments typed under other names.
constexpr FieldFlag kTurnRenames[] = {{"speed_scale", "--scale"},
                                      {"units_per_turn", "--yaw-units"},
                                      {"dt", "--fps"},
                                      {"wanted_angle", "--angle"}};

// Frame times in ticks above 10^11 (10^4 s) are certainly a typo.
constexpr std::int64_t kMaxTicks = 100'000'000'000;

struct TurnOptions {
    FlagBinder flags{kTurnRenames};  // --yaw-units, --scale, --friction
    std::string fps;
    std::string dt_ticks;
    std::string angle;
    bool max = false;
    bool table = false;
    bool json = false;
};

// --yaw-units with --angle (angle_deg) or --max (no angle): the quantised turn and the best whole-unit
// full-speed turn (docs/analysis.md "Quantised turns").
analysis::YawQuantization yaw_quantization(const TurnOptions& o, const std::optional<double>& angle_deg) {
    analysis::YawQuantization yaw;
    o.flags.apply(yaw);
    o.flags.require_valid(yaw.validate());
    if (angle_deg && !(std::abs(*angle_deg) <= 180.0)) {
        throw UsageError(fmt::format("--angle: must be in [-180, 180] with --yaw-units, got {}", o.angle));
    }
    return yaw;
}

// The frame time: --dt-ticks, else --fps.
void parse_frame(const TurnOptions& o, report::TurnQuery& query) {
    if (!o.dt_ticks.empty()) {
        query.ticks = analysis_cli::parse_whole(o.dt_ticks, "--dt-ticks", 1, kMaxTicks, " of 100 ns ticks");
        query.dt = analysis::dt_from_ticks(*query.ticks);
        if (query.dt > movement::max_step_dt) {  // the turn solver's frames, as --fps's
            throw UsageError(fmt::format("--dt-ticks: at most 100000000 (10 s), got {}", o.dt_ticks));
        }
        query.fps = 1.0 / query.dt;
    } else {
        // The documented range (docs/errors.md, "Limits"): frames of at most movement::max_step_dt.
        query.fps = analysis::read_rate(o.fps, "--fps", {.min = 1.0 / movement::max_step_dt, .max = 1e6});
        query.dt = 1.0 / query.fps;
    }
}

void run_turn(const TurnOptions& o) {
    const SettingsDescription& description = settings_description<analysis::TurnSettings>();
    analysis::TurnSettings settings;
    o.flags.apply_to(description, &settings, "friction");
    o.flags.require_valid(settings.validate());
    report::TurnQuery query;
    if (o.table) {
        if (!o.fps.empty()) {
            throw UsageError("--fps: has no effect with --table (it lists its own frame rates)");
        }
        if (o.flags.given("speed_scale")) {
            throw UsageError(
                "--scale: has no effect with --table (it lists walk, sprint and agility: 1, 1.5, 1.95)");
        }
        query.table = true;  // the largest full-speed turn for each preset at common frame rates
    } else {
        if (o.fps.empty() && o.dt_ticks.empty()) {
            throw UsageError("--fps: required unless --table is given (or --dt-ticks)");
        }
        if (o.angle.empty() && !o.max) {
            throw UsageError("--angle or --max: one of them is required");
        }
        parse_frame(o, query);
        o.flags.apply_to(description, &settings, "speed_scale");
        o.flags.require_valid(settings.validate());
        if (!o.max) {  // the input that turns full-speed velocity by --angle in one frame
            query.angle_deg = parse_number(o.angle, "--angle");
        }  // else the largest full-speed and reachable turns per frame
        if (o.flags.given("units_per_turn")) {
            query.yaw = yaw_quantization(o, query.angle_deg);
        }
    }
    fmt::print("{}", report::turn_report(query, settings, o.json));
}

}  // namespace

void add_turn_command(CLI::App& app) {
    auto o = std::make_shared<TurnOptions>();
    CLI::App* cmd = app.add_subcommand(
        "turn", "Dishonored turn solver: the input that turns full-speed velocity by an angle in one frame");
    CLI::Option* fps = typed(cmd->add_option("--fps", o->fps, "frame rate, [0.1, 1e6]"), ValueKind::number);
    CLI::Option* ticks =
        typed(cmd->add_option("--dt-ticks", o->dt_ticks,
                              "frame time in 100 ns ticks (DhTas set_frame_time), e.g. 4000000 for 2.5 fps"),
              ValueKind::integer);
    ticks->excludes(fps);
    CLI::Option* yaw = o->flags.add_field<analysis::YawQuantization>(
        cmd, "units_per_turn", "quantise the turn to whole yaw units: ");
    yaw->description(yaw->get_description() + "; default: continuous");
    o->flags.add_fields<analysis::TurnSettings>(cmd, {"speed_scale", "friction"});
    CLI::Option* angle =
        typed(cmd->add_option("--angle", o->angle, "wanted turn in degrees (+ = counter-clockwise)"),
              ValueKind::number);
    CLI::Option* max = cmd->add_flag("--max", o->max, "largest full-speed and reachable turn per frame");
    CLI::Option* table = cmd->add_flag(
        "--table", o->table, "largest full-speed turn for walk/sprint/agility at common frame rates");
    angle->excludes(max);
    table->excludes(angle)->excludes(max)->excludes(ticks)->excludes(yaw);
    cmd->add_flag("--json", o->json, "print JSON");
    cmd->footer(help_page("turn"));
    // Library checks name their arguments; the message names the flag instead.
    cmd->callback([o] { o->flags.name_errors([&] { run_turn(*o); }); });
}

}  // namespace kinema::cli
