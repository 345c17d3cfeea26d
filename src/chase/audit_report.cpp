// The audit's JSON and CSV reports (docs/audit.md). Values are written exactly as chase_json writes them for
// the same seed (kinema::format_number, integer cell coordinates), so a row can be checked against
// `kinema chase --json`.
#include <string>

#include "kinema/chase/audit.hpp"
#include "kinema/core/format.hpp"

namespace kinema::chase {

namespace {

void append_point(std::string& out, Vec3 p, int dims) {
    out += '[';
    append_number(out, p.x);
    out += ',';
    append_number(out, p.y);
    if (dims == 3) {
        out += ',';
        append_number(out, p.z);
    }
    out += ']';
}

void append_coords(std::string& out, const CellCoords& c, char separator) {
    for (int i = 0; i < c.count; ++i) {
        if (i > 0) {
            out += separator;
        }
        out += std::to_string(c.values[static_cast<std::size_t>(i)]);
    }
}

void append_direction(std::string& out, Vec2 d, char separator) {
    append_number(out, d.x);
    out += separator;
    append_number(out, d.y);
}

// Two settings objects "{...}" merged into one.
std::string merged(const std::string& a, const std::string& b) {
    if (a.size() <= 2) {
        return b;
    }
    if (b.size() <= 2) {
        return a;
    }
    return a.substr(0, a.size() - 1) + ", " + b.substr(1);  // the registry writes ", " between fields
}

void append_row(std::string& out, const ChaseSpace& space, const AuditRow& row, int directions) {
    const int dims = space.position_dimensions();
    out += "{\"cell\":[";
    append_coords(out, space.coords(row.cell), ',');
    out += "],\"direction\":[";
    append_direction(out, audit_direction(row.direction, directions), ',');
    out += "],\"steps\":";
    out += std::to_string(row.steps);
    out += ",\"stop_reason\":\"";
    out += to_string(row.stop_reason);
    out += "\",\"destination_cell\":[";
    append_coords(out, space.coords(row.destination_cell), ',');
    out += "],\"destination\":";
    append_point(out, row.destination, dims);
    out += ",\"chase_distance\":";
    append_number(out, row.chase_distance);
    out += ",\"chase_distance_along_cells\":";
    append_number(out, row.along_cells_distance);
    out += ",\"dead_reckoning\":";
    append_point(out, row.dead_reckoning, dims);
    out += ",\"dead_reckoning_gap\":";
    append_number(out, row.dead_reckoning_gap);
    out += ",\"findings\":[";
    bool first = true;
    for (const Finding f : all_findings) {
        if (row.has(f)) {
            out += first ? "\"" : ",\"";
            out += to_string(f);
            out += '"';
            first = false;
        }
    }
    out += "]}";
}

void append_totals(std::string& out, const AuditTotals& t) {
    out += "{\"cells\":";
    out += std::to_string(t.cells);
    out += ",\"rows\":";
    out += std::to_string(t.rows);
    out += ",\"stop_reasons\":{";
    constexpr StopReason reasons[] = {StopReason::exhausted, StopReason::too_many_heated,
                                      StopReason::max_steps};
    for (std::size_t i = 0; i < 3; ++i) {
        out += i == 0 ? "\"" : ",\"";
        out += to_string(reasons[i]);
        out += "\":";
        out += std::to_string(t.stop_reasons[i]);
    }
    out += "},\"findings\":{";
    for (std::size_t i = 0; i < all_findings.size(); ++i) {
        out += i == 0 ? "\"" : ",\"";
        out += to_string(all_findings[i]);
        out += "\":";
        out += std::to_string(t.findings[i]);
    }
    out += "},\"mean_chase_distance\":";
    append_number(out, t.mean_chase_distance);
    out += ",\"mean_chase_distance_along_cells\":";
    append_number(out, t.mean_along_cells_distance);
    out += ",\"mean_dead_reckoning_gap\":";
    append_number(out, t.mean_dead_reckoning_gap);
    out += '}';
}

std::string coord_names(const CellCoords& c, const std::string& prefix) {
    static const char* const two[] = {"col", "row"};
    static const char* const three[] = {"cell_x", "cell_y", "cell_z"};
    std::string out;
    for (int i = 0; i < c.count; ++i) {
        out += i == 0 ? "" : ",";
        out += prefix;
        out += c.count == 1 ? "cell_id" : c.count == 2 ? two[i] : three[i];
    }
    return out;
}

std::string point_names(const std::string& name, int dims) {
    return name + "_x," + name + "_y" + (dims == 3 ? "," + name + "_z" : "");
}

}  // namespace

std::string audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                       const AuditResult& result) {
    std::string out = "{\"directions\":" + std::to_string(result.directions) + ",\"settings\":";
    out += merged(settings_json(settings_description<FloodSettings>(), &flood),
                  settings_json(settings_description<AuditSettings>(), &settings));
    out += ",\"rows\":[";
    for (std::size_t i = 0; i < result.rows.size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        append_row(out, space, result.rows[i], result.directions);
    }
    out += "],\"totals\":";
    append_totals(out, result.totals);
    out += '}';
    return out;
}

std::string audit_csv(const ChaseSpace& space, const AuditResult& result) {
    const int dims = space.position_dimensions();
    const CellCoords sample = space.cells().empty() ? CellCoords{} : space.coords(0);
    std::string out = coord_names(sample, "") +
                      (space.cells().axes() == PlanarAxes::xy ? ",dx,dy" : ",dx,dz") + ",steps,stop_reason," +
                      coord_names(sample, "destination_") + "," + point_names("destination", dims) +
                      ",chase_distance,chase_distance_along_cells," + point_names("dead_reckoning", dims) +
                      ",dead_reckoning_gap";
    for (const Finding f : all_findings) {
        out += ',';
        out += to_string(f);
    }
    out += '\n';
    for (const AuditRow& row : result.rows) {
        append_coords(out, space.coords(row.cell), ',');
        out += ',';
        append_direction(out, audit_direction(row.direction, result.directions), ',');
        out += ',' + std::to_string(row.steps) + ',';
        out += to_string(row.stop_reason);
        out += ',';
        append_coords(out, space.coords(row.destination_cell), ',');
        const auto point = [&](Vec3 p) {
            out += ',';
            append_number(out, p.x);
            out += ',';
            append_number(out, p.y);
            if (dims == 3) {
                out += ',';
                append_number(out, p.z);
            }
        };
        point(row.destination);
        out += ',';
        append_number(out, row.chase_distance);
        out += ',';
        append_number(out, row.along_cells_distance);
        point(row.dead_reckoning);
        out += ',';
        append_number(out, row.dead_reckoning_gap);
        for (const Finding f : all_findings) {
            out += row.has(f) ? ",1" : ",0";
        }
        out += '\n';
    }
    return out;
}

}  // namespace kinema::chase
