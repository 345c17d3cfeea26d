// A pursuit batch's files through kinema_output (batch_files.hpp).
#include "kinema/report/batch_files.hpp"
#include "kinema/core/file.hpp"

#include <filesystem>

#include "kinema/report/batch_report.hpp"
#include "kinema/report/pursuit_text.hpp"

namespace kinema::report {

std::string write_batch_reports(const output::OutputFile& json, const output::OutputFile& csv,
                                const std::vector<output::InputFile>& inputs,
                                const BatchPartSettings& settings, const pursuit::BatchResult& result,
                                const std::string& level_file, const output::OutputFile& sightings) {
    output::OutputFiles files(inputs);
    if (!json.path.empty()) {
        files.add_written(json.option, json.path, [&](const output::PieceSink& sink) {
            std::string buffer;
            write_batch_json(result, buffer, sink);
            buffer.assign(1, '\n');  // not = "\n": GCC 12 warns falsely (-Wrestrict) on it
            sink(buffer);
        });
    }
    if (!csv.path.empty()) {
        files.add_written(csv.option, csv.path, [&](const output::PieceSink& sink) {
            std::string buffer;
            write_batch_csv(result, buffer, sink);
        });
    }
    if (!sightings.path.empty()) {
        files.add_written(sightings.option, sightings.path, [&](const output::PieceSink& sink) {
            std::string buffer;
            write_batch_sightings_csv(result, buffer, sink);
        });
    }
    files.commit();
    return batch_summary(utf8_text(utf8_path(level_file).filename()), settings.config, settings.batch, result,
                         settings.behind_unit);
}

void write_batch_part_file(const output::OutputFile& json, const std::vector<output::InputFile>& inputs,
                           const LevelId& level, const BatchPartSettings& settings, ShardId shard,
                           const std::vector<pursuit::BatchRun>& runs) {
    output::write_streamed_file(inputs, json.option, json.path, [&](const output::PieceSink& sink) {
        std::string buffer;
        write_batch_part(level, settings, shard, runs, buffer, sink);
    });
}

}  // namespace kinema::report
