// The audit's shares in words (kinema/chase/audit_reading.hpp). The causes are the flood's own rules
// (chase-flood-spec.md): too_many_heated is a step that would heat more than M_H cells, max_steps is M_S
// steps run, exhausted is no untouched cell left beside the heat.
#include "kinema/chase/audit_reading.hpp"

#include <string>

#include "kinema/core/json_writer.hpp"

namespace kinema::chase {

namespace {

std::string value(std::string_view name, int v) {
    return std::string(name) + " (now " + std::to_string(v) + ")";
}

ShareReading stop_reading(StopReason reason, const FloodSettings& f, std::string_view extent) {
    ShareReading r;
    r.name = to_string(reason);
    const std::string where(extent);
    switch (reason) {
        case StopReason::exhausted:
            r.meaning = where +
                        ", the heat fills every cell it can reach: the way ahead of the barrier ends " +
                        "(dead ends, closed rooms)";
            r.to_change = "the level's shape, not the settings: a lower " + value("max_steps", f.max_steps) +
                          " stops these floods sooner";
            break;
        case StopReason::too_many_heated:
            r.meaning = where + ", the flood stops early: a step would heat more than M_H cells at once " +
                        "(open rooms, wide junctions)";
            r.to_change = "raise " + value("max_heated", f.max_heated) + " to let the flood run into rooms";
            break;
        case StopReason::max_steps:
            r.meaning = where + ", the flood runs its full M_S steps (long corridors): the NPC runs far";
            r.to_change =
                "raise " + value("max_steps", f.max_steps) + " to chase further, lower it to stop sooner";
            break;
    }
    return r;
}

ShareReading finding_reading(Finding finding, const FloodSettings& f, const AuditSettings& s,
                             std::string_view extent, bool level_loop) {
    ShareReading r;
    r.name = to_string(finding);
    const std::string where(extent);
    const std::string see_places = where == extent_words(0.0) ? "" : " (see the places)";
    switch (finding) {
        case Finding::wrong_way:
            // The loop is named only where the level has one (audit_shape.hpp's level_has_loop).
            if (level_loop) {
                r.meaning = where +
                            ", the NPC is sent behind the player's heading: the heat runs round the " +
                            "level's loops" + see_places;
                r.to_change = "a lower " + value("max_steps", f.max_steps) +
                              " stops the heat before it comes round a loop; or break the loop in the level";
            } else {
                r.meaning = where + ", the NPC is sent behind the player's heading: the destination lies " +
                            "behind the seed" + see_places;
                r.to_change = "the level's shape near those seeds; a lower " +
                              value("max_steps", f.max_steps) + " changes where the heat stops";
            }
            break;
        case Finding::gives_up_at_once:
            r.meaning = where + ", the NPC gives up on the spot: the flood stops within K steps";
            r.to_change = "raise " + value("max_heated", f.max_heated) + "; a lower " +
                          value("give_up_steps", s.give_up_steps) + " counts fewer seeds";
            break;
        case Finding::short_of_a_corner:
            r.meaning = where + ", the NPC stops just before a corner it cannot see round";
            r.to_change = "a higher " + value("max_steps", f.max_steps) + " lets the heat past the bend; " +
                          value("corner_radius", s.corner_radius) + " is how far the audit looks";
            break;
        case Finding::barrier_blocks_exit:
            // Neutral on purpose: which ways the barrier closes (a side way, the way back) is the places'
            // reason, decided from the level there (audit_shape.hpp).
            r.meaning = where + ", the barrier closes cells next to the seed that the heat never searches" +
                        (s.exit_junction ? ", just past a junction behind the seed" : "") + see_places;
            r.to_change = "the level's ways out near the seeds; a higher " +
                          value("exit_cells", s.exit_cells) + " counts only bigger closed-off regions";
            break;
    }
    return r;
}

}  // namespace

std::string_view extent_words(double share) {
    if (share <= 0.0) {
        return "nowhere";
    }
    if (share >= 1.0) {
        return "everywhere";
    }
    return share < 0.05   ? "almost nowhere"
           : share < 0.25 ? "in a few places"
           : share < 0.5  ? "often"
           : share < 0.8  ? "on most seeds"
                          : "almost everywhere";
}

std::vector<ShareReading> read_shares(const FloodSettings& flood, const AuditSettings& settings,
                                      const AuditResult& result, bool level_loop) {
    const AuditTotals& t = result.totals;
    const auto share_of = [&](std::size_t n) {
        return t.rows == 0 ? 0.0 : static_cast<double>(n) / static_cast<double>(t.rows);
    };
    std::vector<ShareReading> out;
    constexpr StopReason reasons[] = {StopReason::exhausted, StopReason::too_many_heated,
                                      StopReason::max_steps};
    for (std::size_t i = 0; i < 3; ++i) {
        const double share = share_of(t.stop_reasons[i]);
        out.push_back(stop_reading(reasons[i], flood, extent_words(share)));
        out.back().seeds = t.stop_reasons[i];
        out.back().share = share;
    }
    for (std::size_t i = 0; i < all_findings.size(); ++i) {
        const double share = share_of(t.findings[i]);
        out.push_back(finding_reading(all_findings[i], flood, settings, extent_words(share), level_loop));
        out.back().seeds = t.findings[i];
        out.back().share = share;
    }
    return out;
}

std::string audit_summary_json(const FloodSettings& flood, const AuditSettings& settings,
                               const AuditResult& result, bool level_loop) {
    const std::vector<ShareReading> readings = read_shares(flood, settings, result, level_loop);
    std::string out;
    JsonWriter w(out);
    w.begin_object();
    for (std::size_t i = 0; i < readings.size(); ++i) {
        if (i == 0 || i == 3) {
            if (i == 3) {
                w.end_object();
            }
            w.key(i == 0 ? "stop_reasons" : "findings").begin_object();
        }
        const ShareReading& r = readings[i];
        w.key(r.name).begin_object().count("seeds", r.seeds).number("share", r.share);
        w.string("meaning", r.meaning).string("to_change", r.to_change).end_object();
    }
    w.end_object().end_object();
    return out;
}

}  // namespace kinema::chase
