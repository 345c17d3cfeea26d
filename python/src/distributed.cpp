// kinema._kinema.distributed: the audit of a 2D grid level in shards, for kinema.distributed (docs/python.md
// "Distributed"): one shard's partial report as text (report::write_audit_part, what `kinema audit --shard
// I/N --json F` writes to F) and the merge of the parts' texts (report::merge_audit_parts) into an
// AuditReport whose to_json() and to_csv() are the CLI's --json and --csv files for the whole level.
#include <string>
#include <utility>
#include <vector>

#include "common.hpp"
#include "kinema/chase/audit.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/report/audit_shards.hpp"

namespace kinema::python {
namespace {

// The audit's settings from keywords: the audit's own fields (directions, give_up_steps, ...), the rest the
// flood's (hot, max_steps, ...), as `kinema audit` takes them as flags.
struct AuditKeywords {
    chase::FloodSettings flood;
    chase::AuditSettings audit;
};

// Every keyword audit() takes, the audit's then the flood's: what an unknown keyword's error lists.
std::string audit_keyword_list(const KeywordSettings& audit_own, const KeywordSettings& flood_keywords) {
    std::string valid;
    for (const KeywordSettings* keywords : {&audit_own, &flood_keywords}) {
        for (const py::handle field : keywords->describe()) {
            valid += (valid.empty() ? "" : ", ") + field["keyword"].cast<std::string>();
        }
    }
    return valid;
}

AuditKeywords audit_keywords(const py::dict& settings) {
    static const KeywordSettings flood_keywords(settings_description<chase::FloodSettings>(),
                                                "kinema.distributed.audit");
    static const KeywordSettings audit_own(settings_description<chase::AuditSettings>(),
                                           "kinema.distributed.audit");
    py::dict flood;
    py::dict audit;
    for (const auto& [key, value] : settings) {
        const auto name = key.cast<std::string>();
        const bool is_audit = find_field(settings_description<chase::AuditSettings>(), name) != nullptr;
        if (!is_audit && find_field(settings_description<chase::FloodSettings>(), name) == nullptr) {
            // Not the flood's keyword either: list both sets, not only the flood's the rest is handed to.
            throw py::value_error("kinema.distributed.audit: unknown keyword argument '" + name +
                                  "'; valid: " + audit_keyword_list(audit_own, flood_keywords));
        }
        (is_audit ? audit : flood)[key] = value;
    }
    return {flood_keywords.from<chase::FloodSettings>(flood), audit_own.from<chase::AuditSettings>(audit)};
}

std::string audit_part(const std::string& path, const py::dict& settings, int index, int count, int threads) {
    if (count < 1 || count > 100000 || index < 1 || index > count) {
        throw py::value_error("shard: expected 1 <= index <= count <= 100000");
    }
    const AuditKeywords k = audit_keywords(settings);
    py::gil_scoped_release release;
    const report::LevelId id{path, report::file_fnv1a64(path), {}};
    const levels::GridLevel level = levels::load_level(path);
    const chase::GridSpace grid(level);
    const chase::GridChaseSpace space(grid);
    // A grid space's const calls are thread-safe: every thread reads the same one.
    const std::vector<const chase::ChaseSpace*> spaces(static_cast<std::size_t>(std::max(threads, 1)),
                                                       &space);
    const std::size_t cells = space.cells().size();
    const chase::AuditCellRange range = chase::audit_shard_cells(cells, index, count);
    const std::vector<chase::AuditRow> rows = chase::audit_rows(spaces, k.flood, k.audit, range);
    std::string text;
    std::string buffer;
    report::write_audit_part(id, cells, k.flood, k.audit, {index, count}, range, rows, buffer,
                             [&text](std::string& piece) {
                                 text += piece;
                                 piece.clear();
                             });
    return text;
}

// A merged audit with its level, which its reports' cell coordinates come from.
struct AuditReport {
    report::MergedAudit merged;

    template <typename Write>
    [[nodiscard]] std::string text(const Write& write) const {
        const levels::GridLevel level =
            levels::load_level(merged.level.file, levels::default_max_level_bytes, merged.level.options);
        const chase::GridSpace grid(level);
        const chase::GridChaseSpace space(grid);
        std::string whole;
        std::string buffer;
        write(space, buffer, [&whole](std::string& piece) {
            whole += piece;
            piece.clear();
        });
        return whole;
    }
};

AuditReport merge_audit_parts(const std::vector<std::string>& texts) {
    std::vector<report::AuditPart> parts;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        parts.push_back(report::parse_audit_part(texts[i], "part " + std::to_string(i + 1)));
    }
    AuditReport out{report::merge_audit_parts(std::move(parts))};
    if (report::file_fnv1a64(out.merged.level.file) != out.merged.level.fnv1a64) {
        throw py::value_error(out.merged.level.file + ": not the level the parts were computed on");
    }
    return out;
}

}  // namespace

void register_distributed(py::module_& m) {
    py::class_<AuditReport>(m, "AuditReport",
                            "A whole audit merged from its shards' partial reports (kinema/report/"
                            "audit_shards.hpp).")
        .def_property_readonly("level", [](const AuditReport& r) { return r.merged.level.file; })
        .def_property_readonly("directions", [](const AuditReport& r) { return r.merged.result.directions; })
        .def_property_readonly("cells", [](const AuditReport& r) { return r.merged.result.cells.size(); })
        .def_property_readonly("rows", [](const AuditReport& r) { return r.merged.result.rows.size(); })
        .def(
            "to_json",
            [](const AuditReport& r) {
                return json_text(r.text([&](const chase::ChaseSpace& space, std::string& buffer,
                                            const chase::AuditTextSink& sink) {
                    chase::write_audit_json(space, r.merged.flood, r.merged.settings, r.merged.result, buffer,
                                            sink);
                }));
            },
            "The JSON file of `kinema audit --map LEVEL --json FILE`, without its final newline.")
        .def(
            "to_csv",
            [](const AuditReport& r) {
                return r.text([&](const chase::ChaseSpace& space, std::string& buffer,
                                  const chase::AuditTextSink& sink) {
                    chase::write_audit_csv(space, r.merged.result, buffer, sink);
                });
            },
            "The CSV file of `kinema audit --map LEVEL --csv FILE`.");
    m.def("audit_part", &audit_part, py::arg("path"), py::arg("settings"), py::arg("index"), py::arg("count"),
          py::arg("threads") = 1);
    m.def("merge_audit_parts", &merge_audit_parts, py::arg("parts"));
    m.def(
        "check_audit_settings", [](const py::dict& settings) { static_cast<void>(audit_keywords(settings)); },
        py::arg("settings"));
}

}  // namespace kinema::python
