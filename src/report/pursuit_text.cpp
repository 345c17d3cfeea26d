#include "kinema/report/pursuit_text.hpp"

#include <fmt/format.h>

#include "kinema/core/format.hpp"
#include "kinema/core/point_text.hpp"
#include "text_numbers.hpp"

namespace kinema::report {
namespace {

std::string rounded(double value) {
    return format_number(thousandths(value));
}

// A planar point `p` at height `h`: (x, y) on grids, (x, y, z) on 3D levels (p is then (x, z)).
std::string where_text(Vec2 p, double h, int dimensions) {
    if (dimensions == 3) {
        return point_text(Vec3{thousandths(p.x), thousandths(h), thousandths(p.y)});
    }
    return point_text(Vec2{thousandths(p.x), thousandths(p.y)});
}

// A team's events name their NPC, counted from 1 in --npc order.
std::string event_row(const pursuit::PursuitEvent& e, int dimensions, bool team) {
    std::string where = where_text(e.position, e.height, dimensions);
    if (e.kind == pursuit::EventKind::lost_sight) {
        where += " running " + where_text(e.direction, 0.0, dimensions);
    } else if (e.kind == pursuit::EventKind::stimulus && !e.accepted) {
        where += " (ignored)";
    }
    const std::string npc = team ? fmt::format("NPC {:<3} ", e.npc + 1) : std::string();
    return fmt::format("  {:>9}  {}{:<12} {}\n", rounded(e.t), npc, pursuit::to_string(e.kind), where);
}

std::string_view team_meaning(pursuit::TeamMode mode) {
    switch (mode) {
        case pursuit::TeamMode::independent:
            return "each NPC alone";
        case pursuit::TeamMode::shared:
            return "sightings shared, one destination";
        default:
            return "sightings shared, the flood split among the NPCs, one search";
    }
}

std::string share(double value) {
    return fmt::format("{:.1f}%", 100.0 * value);
}

// A team's rows name their team mode after the strategy.
std::string strategy_row(const pursuit::StrategySummary& s) {
    const std::string team = s.npcs > 1 ? fmt::format("{:<13}", pursuit::to_string(s.team)) : std::string();
    const std::string coverage =
        s.npcs > 1 ? fmt::format("{:>12}", fmt::format("{:.1f}", s.search_cells_per_npc_second))
                   : std::string();
    return fmt::format("  {:<15}{}{:>6}{:>8}{:>8}{:>9}{:>9}{:>10}{:>10}{:>11}{:>11}{}\n",
                       pursuit::to_string(s.strategy), team, s.runs, share(s.reacquired_chase),
                       share(s.reacquired_search), share(s.gave_up), share(s.timeout),
                       s.median_time_to_reacquire < 0.0 ? std::string("-")
                                                        : fmt::format("{:.2f}", s.median_time_to_reacquire),
                       fmt::format("{:.2f}", s.mean_npc_distance),
                       fmt::format("{:.2f}", s.destination_changes_per_chase),
                       fmt::format("{:.0f}", s.max_heading_rate), coverage);
}

}  // namespace

std::string pursuit_summary(std::string_view title, const pursuit::PursuitConfig& c,
                            const pursuit::PursuitResult& r) {
    std::string out = fmt::format("kinema pursue: {}\n", title);
    out += fmt::format("  strategy {}, NPC {} ({} {} per level unit), {} Hz, view {} units / {} deg\n",
                       pursuit::to_string(c.settings.strategy), movement::model_name(c.model),
                       format_number(c.settings.model_scale), movement::length_unit(c.model),
                       format_number(c.settings.hz), format_number(c.settings.view_range),
                       format_number(c.settings.view_angle));
    const bool team = r.npcs > 1;
    if (team) {
        out += fmt::format("  a team of {} NPCs, {} ({})\n", r.npcs, pursuit::to_string(r.team),
                           team_meaning(r.team));
    }
    out += fmt::format("\n  {:>9}  {}{:<12} {}\n", "t (s)", team ? "NPC     " : "", "event", "where");
    for (const pursuit::PursuitEvent& e : r.events) {
        out += event_row(e, r.dimensions, team);
    }
    std::string outcome(pursuit::to_string(r.outcome));
    if (r.outcome == pursuit::Outcome::reacquired) {
        outcome += fmt::format(" (during the {})", pursuit::to_string(r.reacquired_in));
    }
    out += fmt::format("\n  outcome              {}\n", outcome);
    if (r.time_to_reacquire >= 0.0) {
        out += fmt::format("  time to re-acquire   {} s\n", rounded(r.time_to_reacquire));
    }
    out += fmt::format("  NPC distance         {} level units (at the end{})\n", rounded(r.npc_distance),
                       team ? ", the nearest NPC" : "");
    out += fmt::format("  destination changes  {}\n", r.destination_changes);
    out += fmt::format("  max heading rate     {} deg/s\n", rounded(r.max_heading_rate));
    out +=
        fmt::format("  simulated            {} s ({} frames)\n", rounded(r.frames.back().t), r.frames.size());
    return out;
}

std::string batch_summary(std::string_view title, const pursuit::PursuitConfig& c,
                          const pursuit::BatchSettings& b, const pursuit::BatchResult& r,
                          std::string_view behind_unit) {
    std::string out = fmt::format("kinema pursue --batch: {}\n", title);
    out += fmt::format(
        "  {} scenarios (seed {}, route >= {} units, NPC {} {} behind), NPC {}, {} Hz, view {} "
        "units / {} deg, search {} s\n",
        r.scenarios, b.seed, format_number(b.min_route), b.npc_behind, behind_unit,
        movement::model_name(c.model), format_number(c.settings.hz), format_number(c.settings.view_range),
        format_number(c.settings.view_angle), format_number(c.settings.search_time));
    const bool team = b.npcs > 1;
    if (team) {
        out += fmt::format("  a team of {} NPCs per scenario, every team mode\n", b.npcs);
    }
    out += fmt::format("\n  {:<15}{}{:>6}{:>8}{:>8}{:>9}{:>9}{:>10}{:>10}{:>11}{:>11}{}\n", "strategy",
                       team ? fmt::format("{:<13}", "team") : std::string(), "runs", "chase", "search",
                       "gave up", "timeout", "median s", "NPC dist", "dest/chase", "max deg/s",
                       team ? fmt::format("{:>12}", "cells/NPC-s") : std::string());
    for (const pursuit::StrategySummary& s : r.summaries) {
        out += strategy_row(s);
    }
    out +=
        "\n  chase / search: share of runs re-acquired during the chase / the search; runs that never lost\n"
        "  sight are left out. median s: time to re-acquire; NPC dist: NPC to player at the end.\n";
    if (team) {
        out +=
            "  A team: NPC dist is the nearest NPC's; cells/NPC-s: cells the searches saw per NPC-second of "
            "search.\n";
    }
    return out;
}

FieldError no_scenario_error(pursuit::NoScenario why, std::string_view level,
                             const pursuit::PursuitConfig& config, const pursuit::BatchSettings& batch) {
    if (why == pursuit::NoScenario::view_range) {
        return {"view_range",
                fmt::format("no scenario fits on {} (the NPC starts at least one cell behind the "
                            "player, out of a view of {} level units)",
                            level, format_number(config.settings.view_range))};
    }
    return {"min_route",
            fmt::format("no scenario fits on {} (no path of {} level units with the NPC in sight "
                        "behind the player)",
                        level, format_number(batch.min_route))};
}

}  // namespace kinema::report
