// A pursuit batch's files (docs/pursuit.md "Comparing strategies", docs/scale.md): the unsharded batch's JSON
// and CSV with its table, and one shard's partial report, each written through kinema_output (all or
// nothing, never over an input) with its text made while it is written. `kinema pursue --batch` and
// `kinema merge` write them alike through these, so a merged batch's files are the unsharded run's byte for
// byte; the face only names the paths and the options its errors use.
#pragma once

#include <string>
#include <vector>

#include "kinema/output/output_files.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/report/batch_shards.hpp"

namespace kinema::report {

/// The unsharded batch's files, all or nothing (output::OutputFiles over `inputs`): `json` gets
/// write_batch_json's text and a newline, `csv` write_batch_csv's, in 1 MiB pieces (only the runs are held).
/// `sightings` (when its path is set) write_batch_sightings_csv's. Returns the table (batch_summary, titled
/// with the file name of `level_file`), for the face to print once the files are written.
[[nodiscard]] std::string write_batch_reports(const output::OutputFile& json, const output::OutputFile& csv,
                                              const std::vector<output::InputFile>& inputs,
                                              const BatchPartSettings& settings,
                                              const pursuit::BatchResult& result,
                                              const std::string& level_file,
                                              const output::OutputFile& sightings = {});

/// One shard's partial report (write_batch_part) to `json`, on its own (output::write_streamed_file).
void write_batch_part_file(const output::OutputFile& json, const std::vector<output::InputFile>& inputs,
                           const LevelId& level, const BatchPartSettings& settings, ShardId shard,
                           const std::vector<pursuit::BatchRun>& runs);

}  // namespace kinema::report
