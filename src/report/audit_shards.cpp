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
#include "kinema/core/text.hpp"
#include "part_json.hpp"

namespace kinema::report {

namespace {

using namespace part_json;

// Rows of a part are arrays of this many values (write_audit_part's order).
constexpr std::size_t row_values = 20;

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
    w.integer(row.findings).integer(row.reach.min_dx).integer(row.reach.max_dx);
    w.integer(row.reach.min_dy).integer(row.reach.max_dy).end_array();
}

std::string settings_text(const chase::FloodSettings& flood, const chase::AuditSettings& settings) {
    // The two objects as one, as the audit's JSON writes them.
    const std::string a = settings_json(settings_description<chase::FloodSettings>(), &flood);
    const std::string b = settings_json(settings_description<chase::AuditSettings>(), &settings);
    return a.size() <= 2 ? b : b.size() <= 2 ? a : a.substr(0, a.size() - 1) + ", " + b.substr(1);
}

// What a row may hold, from the part's header: its place in the shard (cell-major from the shard's first
// cell), the level's cells and the flood's bound on steps.
struct RowBounds {
    std::size_t cells = 0;
    std::size_t first_cell = 0;
    int directions = 1;
    int max_steps = 0;
};

// The values of a row, by their position (the names in errors).
constexpr const char* row_fields[row_values] = {"cell",
                                                "direction",
                                                "steps",
                                                "stop_reason",
                                                "seed_cell",
                                                "destination_cell",
                                                "destination x",
                                                "destination y",
                                                "destination z",
                                                "dead_reckoning x",
                                                "dead_reckoning y",
                                                "dead_reckoning z",
                                                "chase_distance",
                                                "along_cells",
                                                "dead_reckoning_gap",
                                                "findings",
                                                "reach min_dx",
                                                "reach max_dx",
                                                "reach min_dy",
                                                "reach max_dy"};

// Every value of row `i` checked against what an audit can write there: a merged report is built from the
// rows without another look, so a row out of place or out of range is refused here, naming it.
chase::AuditRow read_row(const json& r, std::size_t i, const RowBounds& b, const std::string& path) {
    const std::string at = fmt::format("rows[{}]", i);
    if (!r.is_array() || r.size() != row_values) {
        fail(path, fmt::format("{}: must be an array of {} values", at, row_values));
    }
    const auto value = [&](std::size_t k) { return ItemValue{at, row_fields[k]}; };
    const auto id = [&](std::size_t k) { return whole<chase::CellId>(r[k], value(k), path); };
    chase::AuditRow row;
    row.cell = id(0);
    row.direction = whole<int>(r[1], value(1), path);
    const auto d = static_cast<std::size_t>(b.directions);
    const std::size_t cell = b.first_cell + i / d;
    if (row.cell != cell || static_cast<std::size_t>(row.direction) != i % d) {
        fail(path, fmt::format("{}: cell {} direction {} where the shard's rows (cell-major from its first "
                               "cell {}) have cell {} direction {}: rows moved, swapped or of another shard",
                               at, row.cell, row.direction, b.first_cell, cell, i % d));
    }
    row.steps = whole<int>(r[2], value(2), path);
    if (row.steps > b.max_steps) {
        fail(path, fmt::format("{}: steps {} over the settings' max_steps {}", at, row.steps, b.max_steps));
    }
    const auto reason = whole<int>(r[3], value(3), path);
    if (reason > 2) {
        fail(path, fmt::format("{}: stop_reason {} is none of 0, 1, 2", at, reason));
    }
    row.stop_reason = static_cast<chase::StopReason>(reason);
    row.seed_cell = id(4);
    row.destination_cell = id(5);
    for (const auto& [k, id_read] :
         {std::pair{std::size_t{4}, row.seed_cell}, std::pair{std::size_t{5}, row.destination_cell}}) {
        if (id_read >= b.cells) {
            fail(path, fmt::format("{}: {} is not a cell of the level (it has {})", value(k).name(), id_read,
                                   b.cells));
        }
    }
    double reals[10];
    for (std::size_t k = 0; k < 10; ++k) {
        reals[k] = read_real(r[6 + k], path, value(6 + k));
    }
    row.destination = {reals[0], reals[1], reals[2]};
    row.dead_reckoning = {reals[3], reals[4], reals[5]};
    row.chase_distance = reals[6];
    row.along_cells_distance = reals[7];
    row.dead_reckoning_gap = reals[8];
    row.findings = whole<std::uint8_t>(r[15], value(15), path);
    if (row.findings >= 1u << std::size(chase::all_findings)) {
        fail(path, fmt::format("{}: {} is not a set of the {} finding bits", value(15).name(), row.findings,
                               std::size(chase::all_findings)));
    }
    // The reach's offsets, signed (whole<> reads counts).
    const auto offset = [&](std::size_t k) {
        const double v = read_real(r[k], path, value(k));
        if (v != std::floor(v) || std::abs(v) > 1e9) {
            fail(path, fmt::format("{}: {} is not a tile offset", value(k).name(), v));
        }
        return static_cast<int>(v);
    };
    row.reach = {offset(16), offset(17), offset(18), offset(19)};
    return row;
}

// The settings object back into the two structs (every field by its registry name).
void read_settings(const json& object, AuditPart& part) {
    if (!object.is_object()) {
        fail(part.path, "\"settings\" must be an object");
    }
    // A part written before exit_junction existed (issue 45) holds the first form's barrier_blocks_exit: it
    // reads as exit_junction 0, so that it merges only with parts of that form and says so.
    part.settings.exit_junction = false;
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
        fail(part.path, fmt::format("\"shard\" must have 1 <= index <= count, got index {} of count {}",
                                    part.shard.index, part.shard.count));
    }
    const chase::AuditCellRange expected =
        chase::audit_shard_cells(part.cells, part.shard.index, part.shard.count);
    if (expected.first != part.range.first || expected.end != part.range.end) {
        fail(part.path, fmt::format("the shard's cells [{}, {}) are not shard {}/{}'s share [{}, {}) of the "
                                    "level's {} cells",
                                    part.range.first, part.range.end, part.shard.index, part.shard.count,
                                    expected.first, expected.end, part.cells));
    }
}

}  // namespace

std::optional<ShardId> parse_shard_id(std::string_view text) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) {
        return std::nullopt;
    }
    const ReadNumber index = read_number(text.substr(0, slash));
    const ReadNumber count = read_number(text.substr(slash + 1));
    if (index.status != NumberText::ok || count.status != NumberText::ok) {
        return std::nullopt;
    }
    if (index.value != std::floor(index.value) || count.value != std::floor(count.value) ||
        index.value < 1.0 || index.value > count.value || count.value > max_shards) {
        return std::nullopt;
    }
    return ShardId{static_cast<int>(index.value), static_cast<int>(count.value)};
}

std::string file_fnv1a64(const std::string& path) {
    // In pieces: a level's hash needs none of its text held (a 3D level's .obj may be large).
    std::ifstream in = part_json::open_file(path);
    std::uint64_t hash = fnv1a64_basis;
    std::string block(std::size_t{1} << 16, '\0');
    while (in.read(block.data(), static_cast<std::streamsize>(block.size())) || in.gcount() > 0) {
        hash = fnv1a64(std::string_view(block.data(), static_cast<std::size_t>(in.gcount())), hash);
    }
    if (!in.eof()) {
        throw std::invalid_argument(path + ": cannot read");
    }
    return digest_text(hash);
}

void require_level_unchanged(const LevelId& level) {
    const std::string hash = file_fnv1a64(level.file);
    if (hash != level.fnv1a64) {
        throw std::invalid_argument(fmt::format(
            "{}: its content (fnv1a64 {}) is not the level the parts were computed on (fnv1a64 {})",
            level.file, hash, level.fnv1a64));
    }
}

void require_merged_cells(const MergedAudit& merged, std::size_t level_cells) {
    // The same bytes make the same cells; checked anyway, as the rows' cell ids index the space.
    if (level_cells != merged.result.cells.size()) {
        throw std::invalid_argument(fmt::format("{}: has {} cells, the parts {}", merged.level.file,
                                                level_cells, merged.result.cells.size()));
    }
}

void write_audit_part(const LevelId& level, std::size_t cell_count, const chase::FloodSettings& flood,
                      const chase::AuditSettings& settings, ShardId shard, chase::AuditCellRange range,
                      const std::vector<chase::AuditRow>& rows, std::string& buffer,
                      const chase::AuditTextSink& sink, std::size_t chunk_bytes) {
    DigestSink digest(sink, buffer.size());
    JsonWriter w(buffer);
    w.begin_object().string("kinema_part", "audit");
    write_level(w, level);
    w.key("settings").raw(settings_text(flood, settings));
    w.integer("directions", settings.directions).count("cells", cell_count);
    w.key("shard").begin_object().integer("index", shard.index).integer("count", shard.count);
    w.count("first_cell", range.first).count("end_cell", range.end).count("rows", rows.size()).end_object();
    finish_part(w, buffer, digest, "rows", rows, row_json, chunk_bytes, sink);
}

AuditPart parse_audit_part(std::string_view text, const std::string& path) {
    const PartText parsed = parse_part(text, "audit", path);
    const json& doc = parsed.doc;
    AuditPart part;
    part.path = path;
    part.level = read_level(doc, path);
    read_settings(field(doc, "settings", path), part);
    if (whole<int>(field(doc, "directions", path), "directions", path) != part.settings.directions) {
        fail(path, "\"directions\" differs from the settings' directions");
    }
    // Cell ids are 32-bit: so the rows a count implies, cells x directions, cannot overflow.
    part.cells = whole<chase::CellId>(field(doc, "cells", path), "cells", path);
    read_shard(doc, part);
    const json& rows = field(doc, "rows", path);
    const std::size_t expected =
        chase::audit_row_count(part.range.end - part.range.first, part.settings.directions);
    const auto count = whole<std::size_t>(field(field(doc, "shard", path), "rows", path), "rows", path);
    if (count != expected) {
        fail(path, fmt::format("\"shard\" counts {} rows, but its {} cells x {} directions are {}", count,
                               part.range.end - part.range.first, part.settings.directions, expected));
    }
    if (!rows.is_array() || rows.size() != expected) {
        fail(path, fmt::format("\"rows\" holds {} rows, not the shard's {} (its cells x directions)",
                               rows.is_array() ? rows.size() : 0, expected));
    }
    const RowBounds bounds{part.cells, part.range.first, part.settings.directions, part.flood.max_steps};
    part.rows.reserve(expected);
    for (const json& r : rows) {
        part.rows.push_back(read_row(r, part.rows.size(), bounds, path));
    }
    check_digest(parsed.digested, path);
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

MergedAudit merge_audit_part_files(const std::vector<std::string>& paths) {
    std::vector<AuditPart> parts;
    for (const std::string& path : paths) {
        parts.push_back(read_audit_part(path));
    }
    return merge_audit_parts(std::move(parts));
}

}  // namespace kinema::report
