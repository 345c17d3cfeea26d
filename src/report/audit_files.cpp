#include "kinema/report/audit_files.hpp"

#include "kinema/report/audit_text.hpp"

namespace kinema::report {

void add_audit_reports(output::OutputFiles& files, const AuditReportPaths& paths,
                       const chase::ChaseSpace& space, const chase::FloodSettings& flood,
                       const chase::AuditSettings& settings, const chase::AuditResult& result,
                       const std::vector<chase::AuditPlace>& places) {
    if (!paths.json.path.empty()) {
        const auto write_json = [&space, &flood, &settings, &result, &places](const output::PieceSink& sink) {
            std::string buffer;
            chase::write_audit_json(space, flood, settings, result, places, buffer, sink);
            // The document's newline (assign: GCC 12 inlines `buffer = "\n"` here into a false -Wrestrict).
            buffer.assign(1, '\n');
            sink(buffer);
        };
        files.add_written(paths.json.option, paths.json.path, write_json);
    }
    if (!paths.csv.path.empty()) {
        files.add_written(paths.csv.option, paths.csv.path, [&space, &result](const output::PieceSink& sink) {
            std::string buffer;
            chase::write_audit_csv(space, result, buffer, sink);
        });
    }
    if (!paths.places_csv.path.empty()) {
        files.add(paths.places_csv.option, paths.places_csv.path,
                  chase::audit_places_csv(space, result, places));
    }
}

void add_audit_sweep_json(output::OutputFiles& files, const output::OutputFile& json,
                          const std::vector<chase::AuditSweepPoint>& points) {
    if (!json.path.empty()) {
        files.add(json.option, json.path, audit_sweep_json(points) + "\n");
    }
}

void add_audit_part(output::OutputFiles& files, const output::OutputFile& json, const LevelId& level,
                    std::size_t cell_count, const chase::FloodSettings& flood,
                    const chase::AuditSettings& settings, ShardId shard, chase::AuditCellRange range,
                    const std::vector<chase::AuditRow>& rows) {
    // The settings are copied: the caller's may be temporaries; the rows, the bulk, are not.
    files.add_written(
        json.option, json.path,
        [&level, cell_count, flood, settings, shard, range, &rows](const output::PieceSink& sink) {
            std::string buffer;
            write_audit_part(level, cell_count, flood, settings, shard, range, rows, buffer, sink);
        });
}

}  // namespace kinema::report
