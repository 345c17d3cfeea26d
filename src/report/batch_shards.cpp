// Partial reports of a sharded batch and their merge (kinema/report/batch_shards.hpp, docs/scale.md). Written
// with the core's JsonWriter, read with nlohmann-json, as the audit's parts (part_json.hpp).
#include "kinema/report/batch_shards.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "kinema/core/json_writer.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/movement/model.hpp"
#include "part_json.hpp"

namespace kinema::report {

namespace {

using namespace part_json;

// Runs of a part are arrays of this many values (write_batch_part's order), and a team's four more: its
// size, its team mode, the cells its searches saw and their NPC-seconds.
constexpr std::size_t run_values = 9;
constexpr std::size_t team_values = 4;
constexpr std::size_t strategy_count = std::size(pursuit::all_strategies);

void run_json(JsonWriter& w, const pursuit::BatchRun& run) {
    w.begin_array().integer(run.scenario).integer(static_cast<long long>(run.strategy));
    w.integer(static_cast<long long>(run.outcome)).integer(static_cast<long long>(run.reacquired_in));
    real(w, run.time_to_reacquire);
    real(w, run.npc_distance);
    w.integer(run.destination_changes).integer(run.chases);
    real(w, run.max_heading_rate);
    if (run.npcs > 1) {
        w.integer(run.npcs).integer(static_cast<long long>(run.team));
        w.integer(static_cast<long long>(run.searched_cells));
        real(w, run.search_npc_seconds);
    }
    w.end_array();
}

template <typename Enum>
Enum enumerator(const json& value, int count, const std::string& path) {
    const int v = whole<int>(value, "runs", path);
    if (v >= count) {
        fail(path, fmt::format("a run's enumeration value {} is out of range", v));
    }
    return static_cast<Enum>(v);
}

pursuit::BatchRun read_run(const json& r, const BatchPart& part) {
    const std::string& path = part.path;
    const bool team = part.settings.batch.npcs > 1;
    const std::size_t values = run_values + (team ? team_values : 0);
    if (!r.is_array() || r.size() != values) {
        fail(path, fmt::format("every run must be an array of {} values", values));
    }
    pursuit::BatchRun run;
    run.scenario = whole<int>(r[0], "runs", path);
    if (run.scenario >= part.settings.batch.scenarios ||
        run.scenario % part.shard.count != part.shard.index - 1) {
        fail(path, fmt::format("scenario {} is not one of shard {}/{}'s", run.scenario, part.shard.index,
                               part.shard.count));
    }
    run.strategy = enumerator<pursuit::Strategy>(r[1], static_cast<int>(strategy_count), path);
    run.outcome = enumerator<pursuit::Outcome>(r[2], 4, path);
    run.reacquired_in = enumerator<pursuit::NpcState>(r[3], 4, path);
    run.time_to_reacquire = read_real(r[4], path);
    run.npc_distance = read_real(r[5], path);
    run.destination_changes = whole<int>(r[6], "runs", path);
    run.chases = whole<int>(r[7], "runs", path);
    run.max_heading_rate = read_real(r[8], path);
    if (team) {
        run.npcs = whole<int>(r[9], "runs", path);
        if (run.npcs != part.settings.batch.npcs) {
            fail(path, fmt::format("a run's team of {} is not the settings' npcs {}", run.npcs,
                                   part.settings.batch.npcs));
        }
        run.team = enumerator<pursuit::TeamMode>(r[10], 3, path);
        run.searched_cells = whole<std::size_t>(r[11], "runs", path);
        run.search_npc_seconds = read_real(r[12], path);
    }
    return run;
}

std::string field_text(const json& value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// Every field of `object` set by its registry name through `set`; errors name the part and the field.
template <typename Set>
void read_fields(const json& object, const char* what, const std::string& path, const Set& set) {
    if (!object.is_object()) {
        fail(path, fmt::format("\"settings\".\"{}\" must be an object", what));
    }
    for (const auto& [name, value] : object.items()) {
        try {
            set(name, field_text(value));
        } catch (const std::exception& e) {
            fail(path, fmt::format("settings field \"{}.{}\": {}", what, name, e.what()));
        }
    }
}

void read_settings(const json& object, BatchPart& part) {
    const std::string& path = part.path;
    BatchPartSettings& s = part.settings;
    try {
        s.config.model = movement::make_model(field(object, "npc_model", path).get<std::string>());
    } catch (const std::exception& e) {
        fail(path, fmt::format("settings field \"npc_model\": {}", e.what()));
    }
    read_fields(field(object, "pursuit", path), "pursuit", path,
                [&](const std::string& n, const std::string& t) { set_field_text(s.config.settings, n, t); });
    read_fields(field(object, "model", path), "model", path, [&](const std::string& n, const std::string& t) {
        movement::set_field_text(s.config.model, n, t);
    });
    read_fields(field(object, "flood", path), "flood", path,
                [&](const std::string& n, const std::string& t) { set_field_text(s.config.flood, n, t); });
    read_fields(field(object, "batch", path), "batch", path,
                [&](const std::string& n, const std::string& t) { set_field_text(s.batch, n, t); });
    s.behind_unit = field(object, "behind_unit", path).get<std::string>();
    s.level_settings = field(object, "level", path).dump();
    part.settings_json = object.dump();
}

void read_shard(const json& doc, BatchPart& part) {
    const json& shard = field(doc, "shard", part.path);
    part.shard.index = whole<int>(field(shard, "index", part.path), "index", part.path);
    part.shard.count = whole<int>(field(shard, "count", part.path), "count", part.path);
    if (part.shard.count < 1 || part.shard.index < 1 || part.shard.index > part.shard.count) {
        fail(part.path, "\"shard\" must have 1 <= index <= count");
    }
}

// The shards 1..N of one level and settings, each once (part_json::check_shards).
std::map<int, const BatchPart*> check_parts(const std::vector<BatchPart>& parts) {
    return part_json::check_shards(parts, [](const BatchPart&, const BatchPart&) { return true; });
}

}  // namespace

std::string batch_settings_json(const BatchPartSettings& s) {
    std::string out;
    JsonWriter w(out);
    w.begin_object();
    w.key("pursuit").raw(settings_json(s.config.settings));
    w.string("npc_model", movement::model_name(s.config.model));
    w.key("model").raw(movement::settings_json(s.config.model));
    w.key("flood").raw(settings_json(s.config.flood));
    w.key("batch").begin_object().integer("scenarios", s.batch.scenarios).integer("seed", s.batch.seed);
    w.number("min_route", s.batch.min_route).integer("npc_behind", s.batch.npc_behind);
    if (s.batch.npcs > 1) {  // one NPC's parts as before teams
        w.integer("npcs", s.batch.npcs);
    }
    w.end_object();
    w.string("behind_unit", s.behind_unit);
    w.key("level").raw(s.level_settings);
    w.end_object();
    return out;
}

void write_batch_part(const LevelId& level, const BatchPartSettings& settings, ShardId shard,
                      const std::vector<pursuit::BatchRun>& runs, std::string& buffer,
                      const pursuit::BatchTextSink& sink, std::size_t chunk_bytes) {
    JsonWriter w(buffer);
    w.begin_object().string("kinema_part", "batch");
    w.key("level").begin_object().string("file", level.file).string("fnv1a64", level.fnv1a64).end_object();
    w.key("settings").raw(batch_settings_json(settings));
    w.key("shard").begin_object().integer("index", shard.index).integer("count", shard.count).end_object();
    w.key("runs").begin_array();
    for (const pursuit::BatchRun& run : runs) {
        run_json(w, run);
        if (buffer.size() >= chunk_bytes) {
            sink(buffer);
        }
    }
    w.end_array().end_object();
    buffer += '\n';
    sink(buffer);
}

BatchPart parse_batch_part(std::string_view text, const std::string& path) {
    const json doc = part_json::parse(text, path);
    BatchPart part;
    part.path = path;
    expect_kind(doc, "batch", path);
    const json& level = field(doc, "level", path);
    part.level.file = field(level, "file", path).get<std::string>();
    part.level.fnv1a64 = field(level, "fnv1a64", path).get<std::string>();
    read_settings(field(doc, "settings", path), part);
    read_shard(doc, part);
    const json& runs = field(doc, "runs", path);
    const std::size_t per_scenario =
        strategy_count * pursuit::batch_team_modes(part.settings.batch.npcs).size();
    if (!runs.is_array() || runs.size() % per_scenario != 0) {
        fail(path, fmt::format("\"runs\" must hold {} runs (one per strategy{}) per scenario", per_scenario,
                               per_scenario > strategy_count ? " and team mode" : ""));
    }
    part.runs.reserve(runs.size());
    for (const json& r : runs) {
        part.runs.push_back(read_run(r, part));
    }
    return part;
}

BatchPart read_batch_part(const std::string& path) {
    return parse_batch_part(file_bytes(path), path);
}

MergedBatch merge_batch_parts(std::vector<BatchPart> parts) {
    if (parts.empty()) {
        throw std::invalid_argument("merge: no parts");
    }
    const std::map<int, const BatchPart*> by_index = check_parts(parts);
    const BatchPart& first = parts.front();
    std::vector<pursuit::BatchRun> runs;
    for (const auto& [index, part] : by_index) {
        runs.insert(runs.end(), part->runs.begin(), part->runs.end());
    }
    return {first.level, first.settings, pursuit::batch_result_from_runs(std::move(runs))};
}

std::string part_kind(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::invalid_argument(path + ": cannot read");
    }
    std::string head(64, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    // write_audit_part and write_batch_part begin {"kinema_part": "KIND" (with or without the space).
    std::string compact;
    std::copy_if(head.begin(), head.end(), std::back_inserter(compact), [](char c) { return c != ' '; });
    for (const char* kind : {"audit", "batch"}) {
        if (compact.starts_with(fmt::format("{{\"kinema_part\":\"{}\"", kind))) {
            return kind;
        }
    }
    throw std::invalid_argument(path + ": not a kinema partial report (of a sharded audit or batch)");
}

}  // namespace kinema::report
