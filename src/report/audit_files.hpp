// The files of an audit (docs/audit.md, docs/scale.md): which reports a whole audit writes and in which
// order, a sweep's list and a shard's partial report, each added to the output::OutputFiles of one run
// (kinema/output/output_files.hpp: all or nothing) and, where it is long, made while it is written. `kinema
// audit` and `kinema merge` share them, so a merged audit writes the unsharded one's files byte for byte. The
// option names are the face's (a flag, a keyword argument): the library spells none.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_sweep.hpp"
#include "kinema/output/output_files.hpp"
#include "kinema/report/audit_shards.hpp"

namespace kinema::report {

/// Where the reports of a whole audit go.
struct AuditReportPaths {
    output::OutputFile json;        ///< chase::write_audit_json's document, then a newline
    output::OutputFile csv;         ///< chase::write_audit_csv's rows
    output::OutputFile places_csv;  ///< chase::audit_places_csv of `places`
};

/// Adds the reports asked for to `files` in that order. The JSON and the CSV are made while commit() writes
/// them (a row at a time, in 1 MiB pieces: only the rows are held), so `space`, `flood`, `settings` and
/// `result` must outlive the commit.
void add_audit_reports(output::OutputFiles& files, const AuditReportPaths& paths,
                       const chase::ChaseSpace& space, const chase::FloodSettings& flood,
                       const chase::AuditSettings& settings, const chase::AuditResult& result,
                       const std::vector<chase::AuditPlace>& places);

/// Adds a sweep's list (audit_sweep_json, then a newline) to `files` when `json` is asked for.
void add_audit_sweep_json(output::OutputFiles& files, const output::OutputFile& json,
                          const std::vector<chase::AuditSweepPoint>& points);

/// Adds one shard's partial report (write_audit_part of these arguments) to `files`, made while commit()
/// writes it: `level` and `rows` must outlive the commit.
void add_audit_part(output::OutputFiles& files, const output::OutputFile& json, const LevelId& level,
                    std::size_t cell_count, const chase::FloodSettings& flood,
                    const chase::AuditSettings& settings, ShardId shard, chase::AuditCellRange range,
                    const std::vector<chase::AuditRow>& rows);

}  // namespace kinema::report
