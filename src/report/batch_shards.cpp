// Partial reports of a sharded batch and their merge (kinema/report/batch_shards.hpp, docs/scale.md). Written
// with the core's JsonWriter, read with nlohmann-json, as the audit's parts (part_json.hpp).
#include "kinema/report/batch_shards.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <span>
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
Enum enumerator(const json& value, int count, ItemValue where, const std::string& path) {
    const int v = whole<int>(value, where, path);
    if (v >= count) {
        fail(path, fmt::format("{}: {} is none of the {} values 0..{}", where.name(), v, count, count - 1));
    }
    return static_cast<Enum>(v);
}

// Run `i` of the part, checked against what the shard writes there: its scenarios in increasing order, each
// one of this shard's, each with every strategy (and team mode) in order. The merged reports are built from
// the runs without another look, so a run out of place or out of range is refused here, naming it.
pursuit::BatchRun read_run(const json& r, std::size_t i, const BatchPart& part, int previous_scenario) {
    const std::string& path = part.path;
    const std::string at = fmt::format("runs[{}]", i);
    const auto name = [&](const char* field) { return ItemValue{at, field}; };
    const bool team = part.settings.batch.npcs > 1;
    const std::size_t values = run_values + (team ? team_values : 0);
    if (!r.is_array() || r.size() != values) {
        fail(path, fmt::format("{}: must be an array of {} values", at, values));
    }
    const std::span<const pursuit::TeamMode> modes = pursuit::batch_team_modes(part.settings.batch.npcs);
    const std::size_t within = i % (strategy_count * modes.size());  // the run's place in its scenario
    pursuit::BatchRun run;
    run.scenario = whole<int>(r[0], name("scenario"), path);
    if (run.scenario >= part.settings.batch.scenarios ||
        run.scenario % part.shard.count != part.shard.index - 1) {
        fail(path, fmt::format("{}: scenario {} is not one of shard {}/{}'s", at, run.scenario,
                               part.shard.index, part.shard.count));
    }
    if (within == 0 ? run.scenario <= previous_scenario : run.scenario != previous_scenario) {
        fail(path, fmt::format("{}: scenario {} out of order (after scenario {}): runs moved or swapped", at,
                               run.scenario, previous_scenario));
    }
    run.strategy =
        enumerator<pursuit::Strategy>(r[1], static_cast<int>(strategy_count), name("strategy"), path);
    run.outcome = enumerator<pursuit::Outcome>(r[2], 4, name("outcome"), path);
    run.reacquired_in = enumerator<pursuit::NpcState>(r[3], 4, name("reacquired_in"), path);
    run.time_to_reacquire = read_real(r[4], path, name("time_to_reacquire"));
    run.npc_distance = read_real(r[5], path, name("npc_distance"));
    run.destination_changes = whole<int>(r[6], name("destination_changes"), path);
    run.chases = whole<int>(r[7], name("chases"), path);
    run.max_heading_rate = read_real(r[8], path, name("max_heading_rate"));
    if (team) {
        run.npcs = whole<int>(r[9], name("npcs"), path);
        if (run.npcs != part.settings.batch.npcs) {
            fail(path, fmt::format("{}: a team of {}, not the settings' npcs {}", at, run.npcs,
                                   part.settings.batch.npcs));
        }
        run.team = enumerator<pursuit::TeamMode>(r[10], 3, name("team"), path);
        run.searched_cells = whole<std::size_t>(r[11], name("searched_cells"), path);
        run.search_npc_seconds = read_real(r[12], path, name("search_npc_seconds"));
    }
    if (run.strategy != pursuit::all_strategies[within / modes.size()] ||
        run.team != modes[within % modes.size()]) {
        fail(path,
             fmt::format("{}: strategy {} team {} where scenario {} has strategy {} team {}: runs moved "
                         "or swapped",
                         at, static_cast<int>(run.strategy), static_cast<int>(run.team), run.scenario,
                         static_cast<int>(pursuit::all_strategies[within / modes.size()]),
                         static_cast<int>(modes[within % modes.size()])));
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
        s.config.model = movement::make_model(text_field(object, "npc_model", path));
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
    read_fields(
        field(object, "intercept", path), "intercept", path,
        [&](const std::string& n, const std::string& t) { set_field_text(s.config.intercept, n, t); });
    read_fields(field(object, "batch", path), "batch", path,
                [&](const std::string& n, const std::string& t) { set_field_text(s.batch, n, t); });
    s.behind_unit = text_field(object, "behind_unit", path);
    s.level_settings = field(object, "level", path).dump();
    part.settings_json = object.dump();
}

void read_shard(const json& doc, BatchPart& part) {
    const json& shard = field(doc, "shard", part.path);
    part.shard.index = whole<int>(field(shard, "index", part.path), "index", part.path);
    part.shard.count = whole<int>(field(shard, "count", part.path), "count", part.path);
    if (part.shard.count < 1 || part.shard.index < 1 || part.shard.index > part.shard.count) {
        fail(part.path, fmt::format("\"shard\" must have 1 <= index <= count, got index {} of count {}",
                                    part.shard.index, part.shard.count));
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
    w.key("intercept").raw(settings_json(s.config.intercept));  // the intercept strategy's row reads it
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
                      const std::vector<pursuit::BatchRun>& runs, std::string& buffer, const TextSink& sink,
                      std::size_t chunk_bytes) {
    DigestSink digest(sink, buffer.size());
    JsonWriter w(buffer);
    w.begin_object().string("kinema_part", "batch");
    write_level(w, level);
    w.key("settings").raw(batch_settings_json(settings));
    const std::size_t per_scenario = strategy_count * pursuit::batch_team_modes(settings.batch.npcs).size();
    w.key("shard").begin_object().integer("index", shard.index).integer("count", shard.count);
    w.count("made", runs.size() / per_scenario).count("runs", runs.size()).end_object();
    finish_part(w, buffer, digest, "runs", runs, run_json, chunk_bytes, sink);
}

BatchPart parse_batch_part(std::string_view text, const std::string& path) {
    const PartText parsed = parse_part(text, "batch", path);
    const json& doc = parsed.doc;
    BatchPart part;
    part.path = path;
    part.level = read_level(doc, path);
    read_settings(field(doc, "settings", path), part);
    read_shard(doc, part);
    const json& shard = field(doc, "shard", path);
    const auto made = whole<std::size_t>(field(shard, "made", path), "made", path);
    const auto count = whole<std::size_t>(field(shard, "runs", path), "runs", path);
    const std::size_t per_scenario =
        strategy_count * pursuit::batch_team_modes(part.settings.batch.npcs).size();
    const int scenarios = part.settings.batch.scenarios;
    const int own = part.shard.index > scenarios
                        ? 0
                        : (scenarios - part.shard.index) / part.shard.count + 1;  // i mod N = I - 1
    if (made > static_cast<std::size_t>(own) || count != made * per_scenario) {
        fail(path, fmt::format("\"shard\" counts {} runs of {} scenarios, but shard {}/{} runs {} per "
                               "scenario of at most {}",
                               count, made, part.shard.index, part.shard.count, per_scenario, own));
    }
    const json& runs = field(doc, "runs", path);
    if (!runs.is_array() || runs.size() != count) {
        fail(path, fmt::format("\"runs\" holds {} runs, but \"shard\" counts {} ({} scenarios x {})",
                               runs.is_array() ? runs.size() : 0, count, made, per_scenario));
    }
    part.runs.reserve(runs.size());
    int previous = -1;
    for (const json& r : runs) {
        part.runs.push_back(read_run(r, part.runs.size(), part, previous));
        previous = part.runs.back().scenario;
    }
    check_digest(parsed.digested, path);
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

MergedBatch merge_batch_part_files(const std::vector<std::string>& paths) {
    std::vector<BatchPart> parts;
    for (const std::string& path : paths) {
        parts.push_back(read_batch_part(path));
    }
    return merge_batch_parts(std::move(parts));
}

std::string part_kind(const std::string& path) {
    std::ifstream in = part_json::open_file(path);  // a FIFO or a directory refused before it is opened
    std::string head(64, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    // write_audit_part and write_batch_part begin {"kinema_part": "KIND" (with or without the space).
    std::string compact;
    const std::string_view text = part_json::without_bom(head);
    std::copy_if(text.begin(), text.end(), std::back_inserter(compact), [](char c) { return c != ' '; });
    for (const char* kind : {"audit", "batch"}) {
        if (compact.starts_with(fmt::format("{{\"kinema_part\":\"{}\"", kind))) {
            return kind;
        }
    }
    throw std::invalid_argument(path + ": not a kinema partial report (of a sharded audit or batch)");
}

std::string parts_kind(const std::vector<std::string>& paths) {
    const std::string kind = part_kind(paths.front());
    for (const std::string& path : paths) {
        const std::string other = part_kind(path);
        if (other != kind) {
            throw std::invalid_argument(
                fmt::format("{}: a partial report of the {}, but {} is one of the {}: merge "
                            "the parts of one run",
                            path, other, paths.front(), kind));
        }
    }
    return kind;
}

}  // namespace kinema::report
