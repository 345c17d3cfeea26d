// `kinema turn`'s answers composed from the analysis part, and their human text.
#include <cmath>
#include <iterator>

#include <fmt/format.h>

#include "kinema/movement/dishonored.hpp"
#include "kinema/report/text.hpp"
#include "kinema/report/turn.hpp"

namespace kinema::report {
namespace {

constexpr double deg = degrees_per_radian;

// Dishonored's three speed presets and the frame rates players run at, from a TAS tool's 8 fps to 240.
constexpr TurnTable::Preset kPresets[] = {{"walk", movement::dishonored_walk_scale},
                                          {"sprint", movement::dishonored_sprint_scale},
                                          {"agility", movement::dishonored_agility_scale}};
constexpr double kTableFps[] = {8, 10, 15, 20, 30, 60, 120, 144, 240};

std::string quantized_lines(const analysis::QuantizedTurn& q, const analysis::YawQuantization& yaw) {
    if (!q.reachable) {
        return fmt::format("    wanted {} units = {:.6f} deg: not reachable in one frame\n", q.wanted_units,
                           q.wanted_angle * deg);
    }
    return fmt::format(
        "    wanted turn      {} units = {:.6f} deg\n"
        "    input yaw sent   {} units = {:.6f} deg (solver: {:.6f} deg = {:.3f} units)\n"
        "    direction taken  {:.6f} deg (error {:+.6f} deg)\n"
        "    m' = {:.9f}  speed after the step {:.6f} u/s{}\n",
        q.wanted_units, q.wanted_angle * deg, q.input_units, q.input_angle * deg, q.exact_input_angle * deg,
        q.exact_input_angle / yaw.radians_per_unit(), q.taken_angle * deg, q.angle_error * deg,
        q.normalized_speed, q.speed, q.full_speed ? " (full speed)" : "");
}

}  // namespace

TurnTable dishonored_turn_table(const analysis::TurnSettings& settings) {
    return {
        settings, {std::begin(kPresets), std::end(kPresets)}, {std::begin(kTableFps), std::end(kTableFps)}};
}

MaxTurn max_turn(double fps, double dt, const analysis::TurnSettings& settings) {
    MaxTurn t;
    t.fps = fps;
    t.speed_scale = settings.speed_scale;
    t.max_speed = settings.max_speed();
    t.full_speed_turn_deg_per_frame = analysis::max_full_speed_turn(dt, settings) * deg;
    // The circle run at full speed turning the most every frame: v / omega.
    t.full_speed_turn_radius = t.max_speed / (t.full_speed_turn_deg_per_frame * fps / deg);
    t.reachable_turn_deg_per_frame = analysis::max_reachable_turn(dt, settings) * deg;
    t.continuous_deg_per_second = analysis::continuous_full_speed_turn_rate(settings) * deg;
    return t;
}

AngleTurn angle_turn(double fps, double dt, const analysis::TurnSettings& settings, double angle_deg) {
    return {fps, settings.speed_scale, angle_deg,
            analysis::solve_turn_by_angle(angle_deg / deg, dt, settings),
            analysis::max_reachable_turn(dt, settings) * deg};
}

QuantizedTurnReport quantized_turn(double dt, std::optional<std::int64_t> ticks,
                                   const analysis::TurnSettings& settings,
                                   const analysis::YawQuantization& yaw, std::optional<double> angle_deg) {
    QuantizedTurnReport t{dt, ticks, settings.speed_scale, yaw, angle_deg, std::nullopt, 0.0, {}};
    if (angle_deg) {
        t.quantized = analysis::solve_turn_quantized(*angle_deg / deg, dt, settings, yaw);
    }
    t.best = analysis::best_full_speed_turn_units(dt, settings, yaw);
    t.full_speed_turn_deg = analysis::max_full_speed_turn(dt, settings) * deg;
    return t;
}

std::string turn_table_text(const TurnTable& table) {
    analysis::TurnSettings settings = table.settings;
    std::string out =
        "Largest full-speed turn (Dishonored, the DhTas notes): degrees per frame and per second\n";
    out += fmt::format("{:>6}", "fps");
    for (const TurnTable::Preset& p : table.presets) {
        out += fmt::format(" {:>10} {:>10}", fmt::format("{} deg/f", p.name), "deg/s");
    }
    out += "\n";
    for (const double fps : table.fps) {
        out += fmt::format("{:>6}", fps);
        for (const TurnTable::Preset& p : table.presets) {
            settings.speed_scale = p.speed_scale;
            const double per_frame = analysis::max_full_speed_turn(1.0 / fps, settings) * deg;
            out += fmt::format(" {:>10.2f} {:>10.1f}", per_frame, per_frame * fps);
        }
        out += "\n";
    }
    out += fmt::format("{:>6}", "limit");  // the continuous limit (fps -> infinity); never print "inf"
    for (const TurnTable::Preset& p : table.presets) {
        settings.speed_scale = p.speed_scale;
        out +=
            fmt::format(" {:>10} {:>10.1f}", "-", analysis::continuous_full_speed_turn_rate(settings) * deg);
    }
    return out + "\n";
}

std::string max_turn_text(const MaxTurn& t) {
    const double full = t.full_speed_turn_deg_per_frame;
    const double reach = t.reachable_turn_deg_per_frame;
    return fmt::format(
        "Dishonored at {} fps, speed scale {} (MaxSpeed {} u/s)\n"
        "  largest turn at full speed:  {:.4f} deg/frame  {:.2f} deg/s  radius {:.2f} u\n"
        "  largest reachable turn:      {:.4f} deg/frame  {:.2f} deg/s\n"
        "  continuous limit:                             {:.2f} deg/s\n",
        number_text(t.fps), number_text(t.speed_scale), number_text(t.max_speed), full, full * t.fps,
        t.full_speed_turn_radius, reach, reach * t.fps, t.continuous_deg_per_second);
}

std::string angle_turn_text(const AngleTurn& t) {
    const analysis::TurnSolution& sol = t.solution;
    if (!sol.reachable) {
        return fmt::format(
            "Dishonored at {} fps, speed scale {}: a {} deg turn is not reachable in one frame (largest "
            "{:.4f} "
            "deg)\n",
            number_text(t.fps), number_text(t.speed_scale), number_text(t.angle_deg),
            t.reachable_turn_deg_per_frame);
    }
    return fmt::format(
        "Dishonored at {} fps, speed scale {}: turn {} deg from full speed\n"
        "  input direction  ({:.9f}, {:.9f})  = {:.6f} deg from the velocity\n"
        "  m' = {:.9f}  speed after the step {:.6f} u/s{}\n",
        number_text(t.fps), number_text(t.speed_scale), number_text(t.angle_deg), sol.input_direction.x,
        sol.input_direction.y, std::atan2(sol.input_direction.y, sol.input_direction.x) * deg,
        sol.normalized_speed, sol.speed, sol.normalized_speed >= 1.0 ? " (full speed)" : "");
}

std::string quantized_turn_text(const QuantizedTurnReport& t) {
    std::string out = fmt::format("Dishonored at {} fps (dt {} s{}), speed scale {}, {} yaw units per turn\n",
                                  number_text(1.0 / t.dt), number_text(t.dt),
                                  t.ticks ? fmt::format(" = {} ticks of 100 ns", *t.ticks) : "",
                                  number_text(t.speed_scale), t.yaw.units_per_turn);
    if (t.quantized) {
        out += fmt::format("  turn {} deg from full speed, in whole units (rounded as DhTas rounds):\n",
                           number_text(*t.angle_deg));
        out += quantized_lines(*t.quantized, t.yaw);
    }
    out += fmt::format("  best whole-unit full-speed turn (largest full-speed turn {:.6f} deg):\n",
                       t.full_speed_turn_deg);
    return out + quantized_lines(t.best, t.yaw);
}

std::string turn_report(const TurnQuery& query, const analysis::TurnSettings& settings, bool json) {
    if (query.table) {
        const TurnTable table = dishonored_turn_table(settings);
        return json ? turn_table_json(table) : turn_table_text(table);
    }
    if (query.yaw) {
        const QuantizedTurnReport turn =
            quantized_turn(query.dt, query.ticks, settings, *query.yaw, query.angle_deg);
        return json ? quantized_turn_json(turn) : quantized_turn_text(turn);
    }
    if (!query.angle_deg) {
        const MaxTurn turn = max_turn(query.fps, query.dt, settings);
        return json ? max_turn_json(turn) : max_turn_text(turn);
    }
    const AngleTurn turn = angle_turn(query.fps, query.dt, settings, *query.angle_deg);
    return json ? angle_turn_json(turn) : angle_turn_text(turn);
}

}  // namespace kinema::report
