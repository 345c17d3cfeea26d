// kinema turn: the Dishonored turn solver (seed 000) from the command line.
#include <cmath>
#include <memory>
#include <numbers>
#include <string>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "analysis_cli.hpp"
#include "cli_common.hpp"
#include "kinema/analysis/turn.hpp"
#include "kinema/movement/dishonored.hpp"
#include "kinema/movement/state.hpp"
#include "settings_options.hpp"

namespace kinema::cli {

namespace {

using analysis_cli::number;
using analysis_cli::parse_in_range;
using analysis_cli::text;

constexpr double kDeg = 180.0 / std::numbers::pi;

// The flags of TurnSettings's fields.
constexpr FieldFlag kTurnFlags[] = {{"speed_scale", "--scale"}, {"friction", "--friction"}};

struct TurnOptions {
    std::string fps;
    std::string scale;
    std::string friction;
    std::string angle;
    bool max = false;
    bool table = false;
    bool json = false;
};

struct Preset {
    const char* name;
    double scale;
};
constexpr Preset kPresets[] = {{"walk", movement::dishonored_walk_scale},
                               {"sprint", movement::dishonored_sprint_scale},
                               {"agility", movement::dishonored_agility_scale}};
constexpr double kTableFps[] = {8, 10, 15, 20, 30, 60, 120, 144, 240};

void print_table(const TurnOptions& o, analysis::TurnSettings base) {
    if (o.json) {
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (const double fps : kTableFps) {
            nlohmann::ordered_json row;
            row["fps"] = fps;
            for (const Preset& p : kPresets) {
                base.speed_scale = p.scale;
                const double per_frame = analysis::max_full_speed_turn(1.0 / fps, base) * kDeg;
                row[p.name] = {{"deg_per_frame", per_frame}, {"deg_per_second", per_frame * fps}};
            }
            rows.push_back(row);
        }
        nlohmann::ordered_json continuous;
        for (const Preset& p : kPresets) {
            base.speed_scale = p.scale;
            continuous[p.name] = {{"deg_per_second", analysis::continuous_full_speed_turn_rate(base) * kDeg}};
        }
        nlohmann::ordered_json out{{"friction", base.friction}, {"rows", rows}, {"continuous", continuous}};
        fmt::print("{}\n", out.dump(2));
        return;
    }
    std::string out = "Largest full-speed turn (Dishonored, seed 000): degrees per frame and per second\n";
    out += fmt::format("{:>6}", "fps");
    for (const Preset& p : kPresets) {
        out += fmt::format(" {:>10} {:>10}", fmt::format("{} deg/f", p.name), "deg/s");
    }
    out += "\n";
    for (const double fps : kTableFps) {
        out += fmt::format("{:>6}", fps);
        for (const Preset& p : kPresets) {
            base.speed_scale = p.scale;
            const double per_frame = analysis::max_full_speed_turn(1.0 / fps, base) * kDeg;
            out += fmt::format(" {:>10.2f} {:>10.1f}", per_frame, per_frame * fps);
        }
        out += "\n";
    }
    out += fmt::format("{:>6}", "inf");
    for (const Preset& p : kPresets) {
        base.speed_scale = p.scale;
        out += fmt::format(" {:>10} {:>10.1f}", "-", analysis::continuous_full_speed_turn_rate(base) * kDeg);
    }
    fmt::print("{}\n", out);
}

void run_turn(const TurnOptions& o) {
    analysis::TurnSettings settings;
    if (!o.friction.empty()) {
        set_from_flag(settings, "friction", o.friction, kTurnFlags);
    }
    require_valid(settings.validate(), kTurnFlags);
    if (o.table) {
        print_table(o, settings);
        return;
    }
    if (o.fps.empty()) {
        throw UsageError("--fps: required unless --table is given");
    }
    if (o.angle.empty() && !o.max) {
        throw UsageError("--angle or --max: one of them is required");
    }
    // The documented range (docs/errors.md, "Limits"): frames of at most movement::max_step_dt.
    const double fps = parse_in_range(o.fps, "--fps", 1.0 / movement::max_step_dt, 1e6);
    if (!o.scale.empty()) {
        set_from_flag(settings, "speed_scale", o.scale, kTurnFlags);
    }
    require_valid(settings.validate(), kTurnFlags);
    const double dt = 1.0 / fps;
    const double max_speed = settings.max_speed();
    if (o.max) {
        const double full = analysis::max_full_speed_turn(dt, settings) * kDeg;
        const double reach = analysis::max_reachable_turn(dt, settings) * kDeg;
        const double rate = full * fps;
        const double radius = max_speed / (rate / kDeg);
        const double limit = analysis::continuous_full_speed_turn_rate(settings) * kDeg;
        if (o.json) {
            nlohmann::ordered_json out{{"fps", fps},
                                       {"scale", settings.speed_scale},
                                       {"max_speed", max_speed},
                                       {"full_speed_turn_deg_per_frame", full},
                                       {"full_speed_turn_deg_per_second", rate},
                                       {"full_speed_turn_radius", radius},
                                       {"reachable_turn_deg_per_frame", reach},
                                       {"reachable_turn_deg_per_second", reach * fps},
                                       {"continuous_deg_per_second", limit}};
            fmt::print("{}\n", out.dump(2));
            return;
        }
        fmt::print(
            "Dishonored at {} fps, speed scale {} (MaxSpeed {} u/s)\n"
            "  largest turn at full speed:  {:.4f} deg/frame  {:.2f} deg/s  radius {:.2f} u\n"
            "  largest reachable turn:      {:.4f} deg/frame  {:.2f} deg/s\n"
            "  continuous limit:                             {:.2f} deg/s\n",
            text(fps), text(settings.speed_scale), text(max_speed), full, rate, radius, reach, reach * fps,
            limit);
        return;
    }
    const double angle = parse_number(o.angle, "--angle");
    const analysis::TurnSolution sol = analysis::solve_turn_by_angle(angle / kDeg, dt, settings);
    const double input_angle = std::atan2(sol.input_direction.y, sol.input_direction.x) * kDeg;
    if (o.json) {
        nlohmann::ordered_json out{{"fps", fps},
                                   {"scale", settings.speed_scale},
                                   {"angle_deg", angle},
                                   {"reachable", sol.reachable}};
        if (sol.reachable) {
            out["input_direction"] = {sol.input_direction.x, sol.input_direction.y};
            out["input_angle_deg"] = input_angle;
            out["normalized_speed"] = sol.normalized_speed;
            out["speed"] = sol.speed;
            out["keeps_full_speed"] = sol.normalized_speed >= 1.0;
        }
        fmt::print("{}\n", out.dump(2));
        return;
    }
    if (!sol.reachable) {
        fmt::print(
            "Dishonored at {} fps, speed scale {}: a {} deg turn is not reachable in one frame (largest "
            "{:.4f} "
            "deg)\n",
            text(fps), text(settings.speed_scale), text(angle),
            analysis::max_reachable_turn(dt, settings) * kDeg);
        return;
    }
    fmt::print(
        "Dishonored at {} fps, speed scale {}: turn {} deg from full speed\n"
        "  input direction  ({:.9f}, {:.9f})  = {:.6f} deg from the velocity\n"
        "  m' = {:.9f}  speed after the step {:.6f} u/s{}\n",
        text(fps), text(settings.speed_scale), text(angle), sol.input_direction.x, sol.input_direction.y,
        input_angle, sol.normalized_speed, sol.speed, sol.normalized_speed >= 1.0 ? " (full speed)" : "");
}

}  // namespace

void add_turn_command(CLI::App& app) {
    auto o = std::make_shared<TurnOptions>();
    CLI::App* cmd = app.add_subcommand(
        "turn", "Dishonored turn solver: the input that turns full-speed velocity by an angle in one frame");
    cmd->add_option("--fps", o->fps, "frame rate, [0.1, 1e6]")->type_name("FPS");
    cmd->add_option("--scale", o->scale, field_help<analysis::TurnSettings>("speed_scale"))->type_name("S");
    cmd->add_option("--friction", o->friction, field_help<analysis::TurnSettings>("friction"))
        ->type_name("F");
    CLI::Option* angle =
        cmd->add_option("--angle", o->angle, "wanted turn in degrees (+ = counter-clockwise)")
            ->type_name("DEG");
    CLI::Option* max = cmd->add_flag("--max", o->max, "largest full-speed and reachable turn per frame");
    CLI::Option* table = cmd->add_flag(
        "--table", o->table, "largest full-speed turn for walk/sprint/agility at common frame rates");
    angle->excludes(max);
    table->excludes(angle)->excludes(max);
    cmd->add_flag("--json", o->json, "print JSON");
    cmd->footer(
        "Units: Dishonored's u (unreal units), seconds, degrees. MaxSpeed = 400 * scale, input acceleration "
        "2000.\n"
        "Example: kinema turn --fps 30 --scale 1 --max");
    // Library checks name their arguments; the message names the flag instead.
    static constexpr FieldFlag kArgumentFlags[] = {
        {"dt", "--fps"}, {"wanted_angle", "--angle"}, {"speed_scale", "--scale"}, {"friction", "--friction"}};
    cmd->callback([o] { name_library_errors(kArgumentFlags, [&] { run_turn(*o); }); });
}

}  // namespace kinema::cli
