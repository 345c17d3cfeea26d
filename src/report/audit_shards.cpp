// Partial reports of a sharded audit and their merge (kinema/report/audit_shards.hpp, docs/scale.md). Written
// with the core's JsonWriter (numbers in shortest round-trip form, so a row read back is the row written, bit
// for bit); read with nlohmann-json, privately, like the GMST files.
#include "kinema/report/audit_shards.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kinema/core/json_writer.hpp"
#include "kinema/core/settings_registry.hpp"
#include "part_json.hpp"

namespace kinema::report {

namespace {

using namespace part_json;

// Rows of a part are arrays of this many values (write_audit_part's order).
constexpr std::size_t row_values = 16;

void point(JsonWriter& w, Vec3 p) {
    real(w, p.x);
    real(w, p.y);
    real(w, p.z);
}

void row_json(JsonWriter& w, const chase::AuditRow& row) {
    w.begin_array().integer(row.cell).integer(row.direction).integer(row.steps);
    w.integer(static_cast<long long>(row.stop_reason)).integer(row.seed_cell).integer(row.destination_cell);
    point(w, row.destination);
    point(w, row.dead_reckoning);
    real(w, row.chase_distance);
    real(w, row.along_cells_distance);
    real(w, row.dead_reckoning_gap);
    w.integer(row.findings).end_array();
}

std::string settings_text(const chase::FloodSettings& flood, const chase::AuditSettings& settings) {
    // The two objects as one, as the audit's JSON writes them.
    const std::string a = settings_json(settings_description<chase::FloodSettings>(), &flood);
    const std::string b = settings_json(settings_description<chase::AuditSettings>(), &settings);
    return a.size() <= 2 ? b : b.size() <= 2 ? a : a.substr(0, a.size() - 1) + ", " + b.substr(1);
}

chase::AuditRow read_row(const json& r, int directions, const std::string& path) {
    if (!r.is_array() || r.size() != row_values) {
        fail(path, fmt::format("every row must be an array of {} values", row_values));
    }
    chase::AuditRow row;
    row.cell = whole<chase::CellId>(r[0], "rows", path);
    row.direction = whole<int>(r[1], "rows", path);
    row.steps = whole<int>(r[2], "rows", path);
    const auto reason = whole<int>(r[3], "rows", path);
    if (reason > 2 || row.direction >= directions) {
        fail(path, "a row's stop reason or direction is out of range");
    }
    row.stop_reason = static_cast<chase::StopReason>(reason);
    row.seed_cell = whole<chase::CellId>(r[4], "rows", path);
    row.destination_cell = whole<chase::CellId>(r[5], "rows", path);
    row.destination = {read_real(r[6], path), read_real(r[7], path), read_real(r[8], path)};
    row.dead_reckoning = {read_real(r[9], path), read_real(r[10], path), read_real(r[11], path)};
    row.chase_distance = read_real(r[12], path);
    row.along_cells_distance = read_real(r[13], path);
    row.dead_reckoning_gap = read_real(r[14], path);
    row.findings = whole<std::uint8_t>(r[15], "rows", path);
    return row;
}

// The settings object back into the two structs (every field by its registry name).
void read_settings(const json& object, AuditPart& part) {
    if (!object.is_object()) {
        fail(part.path, "\"settings\" must be an object");
    }
    for (const auto& [name, value] : object.items()) {
        const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
        try {
            if (find_field(settings_description<chase::AuditSettings>(), name) != nullptr) {
                set_field_text(part.settings, name, text);
            } else {
                set_field_text(part.flood, name, text);
            }
        } catch (const std::exception& e) {
            fail(part.path, fmt::format("settings field \"{}\": {}", name, e.what()));
        }
    }
    part.settings_json = settings_text(part.flood, part.settings);
}

void read_shard(const json& doc, AuditPart& part) {
    const json& shard = field(doc, "shard", part.path);
    part.shard.index = whole<int>(field(shard, "index", part.path), "index", part.path);
    part.shard.count = whole<int>(field(shard, "count", part.path), "count", part.path);
    part.range.first = whole<std::size_t>(field(shard, "first_cell", part.path), "first_cell", part.path);
    part.range.end = whole<std::size_t>(field(shard, "end_cell", part.path), "end_cell", part.path);
    if (part.shard.count < 1 || part.shard.index < 1 || part.shard.index > part.shard.count) {
        fail(part.path, "\"shard\" must have 1 <= index <= count");
    }
    const chase::AuditCellRange expected =
        chase::audit_shard_cells(part.cells, part.shard.index, part.shard.count);
    if (expected.first != part.range.first || expected.end != part.range.end) {
        fail(part.path, "the shard's cell range is not its share of the level's cells");
    }
}

}  // namespace

std::uint64_t fnv1a64(std::string_view bytes) {
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : bytes) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 1099511628211ull;
    }
    return hash;
}

std::string file_fnv1a64(const std::string& path) {
    return fmt::format("{:016x}", fnv1a64(part_json::file_bytes(path)));
}

void write_audit_part(const LevelId& level, std::size_t cell_count, const chase::FloodSettings& flood,
                      const chase::AuditSettings& settings, ShardId shard, chase::AuditCellRange range,
                      const std::vector<chase::AuditRow>& rows, std::string& buffer,
                      const chase::AuditTextSink& sink, std::size_t chunk_bytes) {
    JsonWriter w(buffer);
    w.begin_object().string("kinema_part", "audit");
    w.key("level").begin_object().string("file", level.file).string("fnv1a64", level.fnv1a64).end_object();
    w.key("settings").raw(settings_text(flood, settings));
    w.integer("directions", settings.directions).count("cells", cell_count);
    w.key("shard").begin_object().integer("index", shard.index).integer("count", shard.count);
    w.count("first_cell", range.first).count("end_cell", range.end).end_object();
    w.key("rows").begin_array();
    for (const chase::AuditRow& row : rows) {
        row_json(w, row);
        if (buffer.size() >= chunk_bytes) {
            sink(buffer);
        }
    }
    w.end_array().end_object();
    buffer += '\n';
    sink(buffer);
}

AuditPart parse_audit_part(std::string_view text, const std::string& path) {
    const json doc = part_json::parse(text, path);
    AuditPart part;
    part.path = path;
    expect_kind(doc, "audit", path);
    const json& level = field(doc, "level", path);
    part.level.file = field(level, "file", path).get<std::string>();
    part.level.fnv1a64 = field(level, "fnv1a64", path).get<std::string>();
    read_settings(field(doc, "settings", path), part);
    if (whole<int>(field(doc, "directions", path), "directions", path) != part.settings.directions) {
        fail(path, "\"directions\" differs from the settings' directions");
    }
    part.cells = whole<std::size_t>(field(doc, "cells", path), "cells", path);
    read_shard(doc, part);
    const json& rows = field(doc, "rows", path);
    const std::size_t expected =
        chase::audit_row_count(part.range.end - part.range.first, part.settings.directions);
    if (!rows.is_array() || rows.size() != expected) {
        fail(path, fmt::format("\"rows\" must hold {} rows, the shard's cells x directions", expected));
    }
    part.rows.reserve(expected);
    for (const json& r : rows) {
        part.rows.push_back(read_row(r, part.settings.directions, path));
    }
    return part;
}

AuditPart read_audit_part(const std::string& path) {
    return parse_audit_part(file_bytes(path), path);
}

MergedAudit merge_audit_parts(std::vector<AuditPart> parts) {
    if (parts.empty()) {
        throw std::invalid_argument("merge: no parts");
    }
    const std::map<int, const AuditPart*> by_index = part_json::check_shards(
        parts, [](const AuditPart& first, const AuditPart& part) { return part.cells == first.cells; });
    const AuditPart& first = parts.front();
    MergedAudit merged{first.level, first.flood, first.settings, {}};
    std::vector<chase::AuditRow> rows;
    rows.reserve(chase::audit_row_count(first.cells, first.settings.directions));
    for (const auto& [index, part] : by_index) {
        rows.insert(rows.end(), part->rows.begin(), part->rows.end());
    }
    merged.result = chase::audit_result_from_rows(std::move(rows), first.settings.directions, first.cells);
    return merged;
}

}  // namespace kinema::report
