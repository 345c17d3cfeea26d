// kinema._kinema.pursuit: the pursuit batch (pursuit/batch.hpp) on a 2D grid level, as `kinema pursue --map
// LEVEL --batch N` runs it, with its JSON written by the library's one writer (report::write_batch_json), so
// that Python's to_json() is the CLI's --json file; a shard's partial report and the merge of the parts
// (kinema/report/batch_shards.hpp) for kinema.distributed.
#include <memory>
#include <string>
#include <vector>

#include "common.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/core/format.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"
#include "kinema/report/batch_report.hpp"
#include "kinema/report/batch_shards.hpp"

namespace kinema::python {
namespace {

namespace pu = kinema::pursuit;

// The pursuit's settings (PursuitSettings and the flood's, as `kinema pursue` takes them) and the batch's.
const KeywordSettings& config_keywords() {
    static const KeywordSettings keywords(settings_description<pu::PursuitConfig>(), "kinema.pursuit");
    return keywords;
}
const KeywordSettings& batch_keywords() {
    static const KeywordSettings keywords(settings_description<pu::BatchSettings>(), "kinema.pursuit");
    return keywords;
}

pu::PursuitConfig make_config(const std::string& path, const std::string& npc_model,
                              const py::dict& settings) {
    pu::PursuitConfig config;
    config.map = path;
    try {
        config.model = movement::make_model(npc_model);
    } catch (const std::invalid_argument& e) {
        throw py::value_error(std::string("npc_model: ") + e.what());
    }
    config_keywords().apply(&config, settings);
    throw_if_invalid("PursuitConfig", config.validate());
    return config;
}

// A batch in which no scenario fits is an error, as `kinema pursue --batch` makes it (apps/kinema/
// cmd_pursue.cpp), never an empty result: the NPC out of sight from its start, else no route long enough.
void require_scenarios(const pu::BatchResult& result, const pu::PursuitConfig& config,
                       const pu::BatchSettings& batch, const std::string& file, double cell_size) {
    if (result.scenarios > 0) {
        return;
    }
    if (config.settings.view_range < cell_size) {
        throw py::value_error("view_range: no scenario fits on " + file +
                              " (the NPC starts at least one cell behind the player, out of a view of " +
                              format_number(config.settings.view_range) + " level units)");
    }
    throw py::value_error("min_route: no scenario fits on " + file + " (no path of " +
                          format_number(batch.min_route) +
                          " level units with the NPC in sight behind the player)");
}

pu::BatchResult run_batch(const std::string& path, const std::string& npc_model, const py::dict& batch,
                          const py::dict& settings) {
    const pu::PursuitConfig config = make_config(path, npc_model, settings);
    const auto batch_settings = batch_keywords().from<pu::BatchSettings>(batch);
    pu::BatchResult result;
    double cell_size = 0.0;
    {
        py::gil_scoped_release release;
        const levels::GridLevel level = levels::load_level(path);
        const chase::GridSpace grid(level);
        const chase::GridChaseSpace space(grid);
        cell_size = space.cells().cell_size();
        result = pu::run_batch([&space] { return std::make_unique<pu::ChasePursuitSpace>(space); }, config,
                               batch_settings);
    }
    require_scenarios(result, config, batch_settings, path, cell_size);
    return result;
}

// The settings of run_batch checked without running it (kinema.distributed.batch, before it starts a
// cluster): ValueError naming the bad keyword.
void check_batch_settings(const std::string& npc_model, const py::dict& batch, const py::dict& settings) {
    static_cast<void>(make_config("", npc_model, settings));
    static_cast<void>(batch_keywords().from<pu::BatchSettings>(batch));
}

// Shard `index` of `count` of run_batch's batch as the text of its partial report (report::write_batch_part),
// as `kinema pursue --map PATH --batch N --shard I/N --json F` writes F.
std::string run_batch_part(const std::string& path, const std::string& npc_model, const py::dict& batch,
                           const py::dict& settings, int index, int count) {
    if (count < 1 || count > 100000 || index < 1 || index > count) {
        throw py::value_error("shard: expected 1 <= index <= count <= 100000");
    }
    const pu::PursuitConfig config = make_config(path, npc_model, settings);
    const auto batch_settings = batch_keywords().from<pu::BatchSettings>(batch);
    py::gil_scoped_release release;
    const report::LevelId id{path, report::file_fnv1a64(path), {}};
    const levels::GridLevel level = levels::load_level(path);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    const pu::BatchResult result =
        pu::run_batch_shard([&space] { return std::make_unique<pu::ChasePursuitSpace>(space); }, config,
                            batch_settings, index, count);
    std::string text;
    std::string buffer;
    report::write_batch_part(id, {config, batch_settings, "cells", "{}"}, {index, count}, result.runs, buffer,
                             [&text](std::string& piece) {
                                 text += piece;
                                 piece.clear();
                             });
    return text;
}

// The parts' texts (named "part 1", ... in errors) merged as `kinema merge` merges them.
pu::BatchResult merge_batch_parts(const std::vector<std::string>& texts) {
    std::vector<report::BatchPart> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        parts.push_back(report::parse_batch_part(texts[i], "part " + std::to_string(i + 1)));
    }
    report::MergedBatch merged = report::merge_batch_parts(std::move(parts));
    if (merged.result.scenarios == 0) {
        const levels::GridLevel level =
            levels::load_level(merged.level.file, levels::default_max_level_bytes, merged.level.options);
        const chase::GridSpace grid(level);
        const chase::GridChaseSpace space(grid);
        require_scenarios(merged.result, merged.settings.config, merged.settings.batch, merged.level.file,
                          space.cells().cell_size());
    }
    return std::move(merged.result);
}

// The config's keywords with its own defaults: the registry describes FloodSettings{} (max_restarts -1), a
// pursuit starts from PursuitConfig{}, whose flood caps the restarts at 3 (pursuit.hpp default_flood).
py::list config_fields() {
    py::list fields = config_keywords().describe();
    const pu::PursuitConfig defaults;
    const SettingsDescription& description = settings_description<pu::PursuitConfig>();
    for (const py::handle field : fields) {
        const auto type = field["type"].cast<std::string>();
        if (type == "str") {
            continue;
        }
        const double value = get_field(description, &defaults, field["field"].cast<std::string>());
        if (type == "int") {
            field["default"] = py::int_(static_cast<long long>(value));
        } else if (type == "bool") {
            field["default"] = py::bool_(value != 0.0);
        } else {
            field["default"] = py::float_(value);
        }
        field["default_text"] = py::str(field["default"]);
    }
    return fields;
}

std::string batch_json(const pu::BatchResult& result) {
    std::string text;
    std::string buffer;
    report::write_batch_json(result, buffer, [&text](std::string& piece) { text += piece; });
    return json_text(text);
}

void bind_rows(py::module_& m) {
    py::class_<pu::BatchRun>(m, "BatchRun", "One run of a batch: one strategy on one scenario.")
        .def_readonly("scenario", &pu::BatchRun::scenario)
        .def_property_readonly("strategy",
                               [](const pu::BatchRun& r) { return std::string(pu::to_string(r.strategy)); })
        .def_property_readonly("outcome",
                               [](const pu::BatchRun& r) { return std::string(pu::to_string(r.outcome)); })
        .def_property_readonly(
            "reacquired_in",
            [](const pu::BatchRun& r) { return std::string(pu::to_string(r.reacquired_in)); })
        .def_readonly("time_to_reacquire", &pu::BatchRun::time_to_reacquire, "s; -1 when never re-acquired")
        .def_readonly("npc_distance", &pu::BatchRun::npc_distance, "level units, NPC to player at the end")
        .def_readonly("destination_changes", &pu::BatchRun::destination_changes)
        .def_readonly("chases", &pu::BatchRun::chases, "chase events")
        .def_readonly("max_heading_rate", &pu::BatchRun::max_heading_rate, "deg/s")
        .def_readonly("npcs", &pu::BatchRun::npcs, "the team's size (run_batch's npcs)")
        .def_property_readonly(
            "team", [](const pu::BatchRun& r) { return std::string(pu::to_string(r.team)); },
            "independent, shared or split (read with npcs > 1)")
        .def_readonly("searched_cells", &pu::BatchRun::searched_cells,
                      "cells any NPC's search saw while they held probability")
        .def_readonly("search_npc_seconds", &pu::BatchRun::search_npc_seconds,
                      "s; the NPCs' frames in the search state / hz, summed over the NPCs");
    py::class_<pu::StrategySummary>(m, "StrategySummary", "A strategy's numbers over the batch.")
        .def_property_readonly(
            "strategy", [](const pu::StrategySummary& s) { return std::string(pu::to_string(s.strategy)); })
        .def_readonly("runs", &pu::StrategySummary::runs, "runs that lost sight at least once")
        .def_readonly("reacquired_chase", &pu::StrategySummary::reacquired_chase, "share, 0..1")
        .def_readonly("reacquired_search", &pu::StrategySummary::reacquired_search, "share, 0..1")
        .def_readonly("gave_up", &pu::StrategySummary::gave_up, "share, 0..1")
        .def_readonly("timeout", &pu::StrategySummary::timeout, "share, 0..1")
        .def_readonly("median_time_to_reacquire", &pu::StrategySummary::median_time_to_reacquire,
                      "s; -1 when none re-acquired")
        .def_readonly("mean_npc_distance", &pu::StrategySummary::mean_npc_distance, "level units")
        .def_readonly("destination_changes_per_chase", &pu::StrategySummary::destination_changes_per_chase)
        .def_readonly("max_heading_rate", &pu::StrategySummary::max_heading_rate, "deg/s")
        .def_readonly("npcs", &pu::StrategySummary::npcs, "the team's size (run_batch's npcs)")
        .def_readonly("search_cells_per_npc_second", &pu::StrategySummary::search_cells_per_npc_second,
                      "all runs' searched cells / all their search NPC-seconds; 0 without a search")
        .def_property_readonly(
            "team", [](const pu::StrategySummary& s) { return std::string(pu::to_string(s.team)); },
            "independent, shared or split (read with npcs > 1)");
}

}  // namespace

void register_pursuit(py::module_& m) {
    bind_rows(m);
    py::class_<pu::BatchResult>(m, "BatchResult",
                                "A pursuit batch (pursuit/batch.hpp): every strategy on the same random "
                                "scenarios, as `kinema pursue --batch N` runs them.")
        .def_readonly("scenarios", &pu::BatchResult::scenarios, "scenarios made (those that fit)")
        .def_readonly("summaries", &pu::BatchResult::summaries,
                      "one StrategySummary per strategy (and team mode, with npcs > 1)")
        .def_readonly("runs", &pu::BatchResult::runs, "one BatchRun per scenario and strategy")
        .def("to_json", &batch_json,
             "The JSON file of `kinema pursue --batch N --json FILE` (report::write_batch_json), without its "
             "final newline.");
    m.def("run_batch", &run_batch, py::arg("path"), py::arg("npc_model"), py::arg("batch"),
          py::arg("settings"));
    m.def("run_batch_part", &run_batch_part, py::arg("path"), py::arg("npc_model"), py::arg("batch"),
          py::arg("settings"), py::arg("index"), py::arg("count"));
    m.def("merge_batch_parts", &merge_batch_parts, py::arg("parts"));
    m.def("check_batch_settings", &check_batch_settings, py::arg("npc_model"), py::arg("batch"),
          py::arg("settings"));
    m.def(
        "keyword_fields",
        [](const std::string& which) {
            return which == "batch" ? batch_keywords().describe() : config_fields();
        },
        py::arg("which"));
}

}  // namespace kinema::python
