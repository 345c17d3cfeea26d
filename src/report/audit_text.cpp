#include "kinema/report/audit_text.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "kinema/chase/audit_shape.hpp"
#include "kinema/core/json_writer.hpp"
#include "kinema/core/settings_registry.hpp"

#include "kinema/core/format.hpp"
#include "kinema/report/chase_text.hpp"
#include "text_numbers.hpp"

namespace kinema::report {

namespace {

std::string cell_text(const chase::CellCoords& c) {
    std::string out(1, '(');
    for (int i = 0; i < c.count; ++i) {
        out += fmt::format("{}{}", i > 0 ? ", " : "", c.values[static_cast<std::size_t>(i)]);
    }
    out += ')';
    return out;
}

std::string point_text(Vec3 p, int dims) {
    if (dims == 3) {
        return fmt::format("({}, {}, {})", format_number(thousandths(p.x)), format_number(thousandths(p.y)),
                           format_number(thousandths(p.z)));
    }
    return fmt::format("({}, {})", format_number(thousandths(p.x)), format_number(thousandths(p.y)));
}

constexpr chase::StopReason stop_reasons[] = {
    chase::StopReason::exhausted, chase::StopReason::too_many_heated, chase::StopReason::max_steps};

double share_of(std::size_t count, std::size_t rows) {
    return rows == 0 ? 0.0 : static_cast<double>(count) / static_cast<double>(rows);
}

}  // namespace

std::string audit_report_text(std::string_view title, const chase::ChaseSpace& space,
                              const chase::FloodSettings& flood, const chase::AuditSettings& settings,
                              const chase::AuditResult& result,
                              const std::vector<chase::AuditPlace>& places) {
    return audit_summary(title, flood, settings, result) +
           audit_meanings_text(flood, settings, result, chase::level_has_loop(space.cells())) +
           audit_places_text(space, result, places);
}

std::string audit_sweep_text(std::string_view title, std::span<const chase::AuditSweepAxis> axes,
                             const std::vector<AuditSweepPoint>& points, int directions) {
    const std::size_t rows = points.empty() ? 0 : points.front().totals.rows;
    std::string out = fmt::format("kinema audit --sweep: {}\n", title);
    out += fmt::format("  {} cells x {} directions = {} seeds per combination, {} combination{}\n\n",
                       points.empty() ? 0 : points.front().totals.cells, directions, rows, points.size(),
                       points.size() == 1 ? "" : "s");
    std::string head;
    std::string settings_part;
    for (const chase::AuditSweepAxis& axis : axes) {
        const std::string& f = axis.field;
        settings_part += fmt::format("{:>{}}", f, std::max<std::size_t>(f.size(), 6) + 2);
    }
    std::string stops_part;
    for (const chase::StopReason r : stop_reasons) {
        stops_part += fmt::format("{:>{}}", chase::to_string(r), chase::to_string(r).size() + 2);
    }
    std::string findings_part;
    for (const chase::Finding f : chase::all_findings) {
        findings_part += fmt::format("{:>{}}", chase::to_string(f), chase::to_string(f).size() + 2);
    }
    out += fmt::format("  {:<{}} |{:<{}} |{}\n", "settings", settings_part.size(),
                       " stop reason, share of seeds", stops_part.size(), " finding, share of seeds");
    out += fmt::format("  {} |{} |{}\n", settings_part, stops_part, findings_part);
    for (const AuditSweepPoint& p : points) {
        std::string line = "  ";
        for (std::size_t i = 0; i < axes.size(); ++i) {
            line += fmt::format("{:>{}}", p.values[i], std::max<std::size_t>(axes[i].field.size(), 6) + 2);
        }
        line += " |";
        for (std::size_t i = 0; i < 3; ++i) {
            line += fmt::format("{:>{}.1f}%", 100.0 * share_of(p.totals.stop_reasons[i], p.totals.rows),
                                chase::to_string(stop_reasons[i]).size() + 1);
        }
        line += " |";
        for (std::size_t i = 0; i < chase::all_findings.size(); ++i) {
            line += fmt::format("{:>{}.1f}%", 100.0 * share_of(p.totals.findings[i], p.totals.rows),
                                chase::to_string(chase::all_findings[i]).size() + 1);
        }
        out += line + "\n";
    }
    return out;
}

std::string audit_sweep_json(const std::vector<AuditSweepPoint>& points) {
    std::string out;
    JsonWriter w(out);
    w.begin_array();
    for (const AuditSweepPoint& p : points) {
        w.begin_object().key("settings").raw(settings_json(p.flood));
        w.key("shares").begin_object().key("stop_reasons").begin_object();
        for (std::size_t i = 0; i < 3; ++i) {
            w.number(chase::to_string(stop_reasons[i]), share_of(p.totals.stop_reasons[i], p.totals.rows));
        }
        w.end_object().key("findings").begin_object();
        for (std::size_t i = 0; i < chase::all_findings.size(); ++i) {
            w.number(chase::to_string(chase::all_findings[i]), share_of(p.totals.findings[i], p.totals.rows));
        }
        w.end_object().end_object().end_object();
    }
    w.end_array();
    return out;
}

std::string audit_meanings_text(const chase::FloodSettings& flood, const chase::AuditSettings& settings,
                                const chase::AuditResult& result, bool level_loop) {
    std::string out = "\n  What the shares mean\n";
    for (const chase::ShareReading& r : chase::read_shares(flood, settings, result, level_loop)) {
        out += fmt::format("  {} on {:.1f}% of seeds: {}\n      {}\n", r.name, 100.0 * r.share, r.meaning,
                           r.to_change);
    }
    return out;
}

std::string audit_places_text(const chase::ChaseSpace& space, const chase::AuditResult& result,
                              const std::vector<chase::AuditPlace>& places, std::size_t top) {
    std::string out =
        "\n  Places: neighbouring cells where a finding is on twice its level share of directions or more "
        "(at "
        "least a\n  quarter, at most half), most flagged seeds first\n";
    if (places.empty()) {
        return out + "  none\n";
    }
    const int dims = space.position_dimensions();
    // 3D levels: metres everywhere (the cells' own coordinates are voxel indices no designer reads).
    out += fmt::format("  {:>3}  {:<20}{:>7}{:>7}  {}\n", "#", "finding", "cells", "seeds",
                       dims == 3 ? "centre (metres) and its cell; the cells' centres from - to (metres)"
                                 : "centre (level units) at cell; cells from - to");
    for (std::size_t i = 0; i < places.size() && i < top; ++i) {
        const chase::AuditPlace& p = places[i];
        const std::string where = dims == 3
                                      ? fmt::format("{}; {} - {}", chase::cell_words(space, p.centre_cell),
                                                    point_text(p.low, dims), point_text(p.high, dims))
                                      : fmt::format("{} at {}; {} - {}", point_text(p.centre, dims),
                                                    cell_text(space.coords(p.centre_cell)),
                                                    cell_text(p.low_cell), cell_text(p.high_cell));
        out += fmt::format("  {:>3}  {:<20}{:>7}{:>7}  {}\n", i + 1, chase::to_string(p.finding),
                           p.cells.size(), p.seeds, where);
        out += fmt::format("       {}\n", chase::place_reason(space, p, result.directions));
    }
    if (places.size() > top) {
        out += fmt::format("  ... {} more places in the --json report\n", places.size() - top);
    }
    return out;
}

}  // namespace kinema::report
