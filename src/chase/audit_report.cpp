// The audit's JSON and CSV reports (docs/audit.md). Values are written exactly as chase_json writes them for
// the same seed (kinema::format_number, integer cell coordinates), so a row can be checked against
// `kinema chase --json`.
#include <functional>
#include <string>

#include "json_values.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_reuse.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/json_writer.hpp"

namespace kinema::chase {

namespace {

void point(JsonWriter& w, std::string_view name, Vec3 p, int dims) {
    json_values::position(w.key(name), p, dims);
}

void coords(JsonWriter& w, std::string_view name, const CellCoords& c) {
    json_values::coordinates(w.key(name).begin_array(), c);
    w.end_array();
}

// CSV: the coordinates, comma separated.
void append_coords(std::string& out, const CellCoords& c) {
    for (int i = 0; i < c.count; ++i) {
        if (i > 0) {
            out += ',';
        }
        out += std::to_string(c.values[static_cast<std::size_t>(i)]);
    }
}

void append_direction(std::string& out, Vec2 d) {
    append_number(out, d.x);
    out += ',';
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

void row_json(JsonWriter& w, const ChaseSpace& space, const AuditRow& row, int directions) {
    const int dims = space.position_dimensions();
    const Vec2 dir = audit_direction(row.direction, directions);
    w.begin_object();
    coords(w, "cell", space.coords(row.cell));
    w.key("direction").begin_array().number(dir.x).number(dir.y).end_array();
    w.integer("steps", row.steps).string("stop_reason", to_string(row.stop_reason));
    coords(w, "destination_cell", space.coords(row.destination_cell));
    point(w, "destination", row.destination, dims);
    w.number("chase_distance", row.chase_distance)
        .number("chase_distance_along_cells", row.along_cells_distance);
    point(w, "dead_reckoning", row.dead_reckoning, dims);
    w.number("dead_reckoning_gap", row.dead_reckoning_gap).key("findings").begin_array();
    for (const Finding f : all_findings) {
        if (row.has(f)) {
            w.string(to_string(f));
        }
    }
    w.end_array().end_object();
}

void totals_json(JsonWriter& w, const AuditTotals& t) {
    w.key("totals").begin_object();
    w.integer("cells", static_cast<long long>(t.cells)).integer("rows", static_cast<long long>(t.rows));
    constexpr StopReason reasons[] = {StopReason::exhausted, StopReason::too_many_heated,
                                      StopReason::max_steps};
    w.key("stop_reasons").begin_object();
    for (std::size_t i = 0; i < 3; ++i) {
        w.integer(to_string(reasons[i]), static_cast<long long>(t.stop_reasons[i]));
    }
    w.end_object().key("findings").begin_object();
    for (std::size_t i = 0; i < all_findings.size(); ++i) {
        w.integer(to_string(all_findings[i]), static_cast<long long>(t.findings[i]));
    }
    w.end_object()
        .number("mean_chase_distance", t.mean_chase_distance)
        .number("mean_chase_distance_along_cells", t.mean_along_cells_distance)
        .number("mean_dead_reckoning_gap", t.mean_dead_reckoning_gap)
        .end_object();
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

constexpr std::uint64_t fnv1a64_basis = 14695981039346656037ull;

// FNV-1a 64 (Fowler, Noll and Vo), as kinema::report::fnv1a64 hashes a sharded audit's parts.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t hash) {
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

std::string hex64(std::uint64_t v) {
    std::string out(16, '0');
    for (std::size_t i = 0; i < 16; ++i) {
        out[i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15u];
    }
    return out;
}

}  // namespace

std::string audit_settings_json(const FloodSettings& flood, const AuditSettings& settings) {
    return merged(settings_json(settings_description<FloodSettings>(), &flood),
                  settings_json(settings_description<AuditSettings>(), &settings));
}

void write_audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                      const AuditResult& result, std::string& buffer, const AuditTextSink& sink,
                      std::size_t chunk_bytes) {
    JsonWriter w(buffer);
    // Every byte is hashed as it is handed on, for the digest that ends the reuse record.
    std::uint64_t hash = fnv1a64_basis;
    const auto hand_on = [&](std::string& piece) {
        hash = fnv1a64(piece, hash);
        sink(piece);
    };
    w.begin_object().integer("directions", result.directions).key("settings");
    w.raw(audit_settings_json(flood, settings));
    w.key("rows").begin_array();
    for (const AuditRow& row : result.rows) {
        row_json(w, space, row, result.directions);
        if (buffer.size() >= chunk_bytes) {
            hand_on(buffer);
        }
    }
    w.end_array();
    totals_json(w, result.totals);
    w.key("summary").raw(audit_summary_json(flood, settings, result));
    w.key("places").raw(audit_places_json(space, result, audit_places(space, result)));
    w.key("reuse");
    hand_on(buffer);
    std::string record;
    append_audit_reuse_record(record, space, result);
    hash = fnv1a64(record, hash);
    w.raw(record + ",\"fnv1a64\":\"" + hex64(hash) + "\"}");
    w.end_object();
    sink(buffer);
}

std::string audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                       const AuditResult& result) {
    std::string whole;
    std::string buffer;
    write_audit_json(space, flood, settings, result, buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

void write_audit_csv(const ChaseSpace& space, const AuditResult& result, std::string& out,
                     const AuditTextSink& sink, std::size_t chunk_bytes) {
    const int dims = space.position_dimensions();
    const CellCoords sample = space.cells().empty() ? CellCoords{} : space.coords(0);
    out += coord_names(sample, "") + (space.cells().frame() == PlanarFrame::xy ? ",dx,dy" : ",dx,dz") +
           ",steps,stop_reason," + coord_names(sample, "destination_") + "," +
           point_names("destination", dims) + ",chase_distance,chase_distance_along_cells," +
           point_names("dead_reckoning", dims) + ",dead_reckoning_gap";
    for (const Finding f : all_findings) {
        out += ',';
        out += to_string(f);
    }
    out += '\n';
    for (const AuditRow& row : result.rows) {
        append_coords(out, space.coords(row.cell));
        out += ',';
        append_direction(out, audit_direction(row.direction, result.directions));
        out += ',' + std::to_string(row.steps) + ',';
        out += to_string(row.stop_reason);
        out += ',';
        append_coords(out, space.coords(row.destination_cell));
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
        if (out.size() >= chunk_bytes) {
            sink(out);
        }
    }
    sink(out);
}

std::string audit_csv(const ChaseSpace& space, const AuditResult& result) {
    std::string whole;
    std::string buffer;
    write_audit_csv(space, result, buffer, [&](std::string& piece) {
        whole += piece;
        piece.clear();
    });
    return whole;
}

}  // namespace kinema::chase
