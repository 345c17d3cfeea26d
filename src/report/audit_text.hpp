// The audit's human text beyond the table (report::audit_summary, chase_text.hpp): the places a designer
// can act on (docs/audit.md "Places").
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"
#include "kinema/chase/audit_sweep.hpp"

namespace kinema::report {

/// "What the shares mean": each stop reason and finding with its share, what it means and what would
/// change it (chase::read_shares; level_loop: the level has a loop of cells), two lines each.
[[nodiscard]] std::string audit_meanings_text(const chase::FloodSettings& flood,
                                              const chase::AuditSettings& settings,
                                              const chase::AuditResult& result, bool level_loop);

/// The "Places" section: the first `top` places (rank, finding, size in cells, flagged seeds, centre in
/// level units and its cell, the cells' box) each with its reason on the next line; a line saying there
/// are none when the list is empty. On 3D levels every position is in the level's units (metres): the
/// centre with its cell id, the box of the cells' centres.
[[nodiscard]] std::string audit_places_text(const chase::ChaseSpace& space, const chase::AuditResult& result,
                                            const std::vector<chase::AuditPlace>& places,
                                            std::size_t top = 10);

/// The text of a whole audit (`kinema audit`, and `kinema merge` of its shards): the table (audit_summary,
/// chase_text.hpp), then audit_meanings_text, then audit_places_text of `places` (chase::audit_places).
[[nodiscard]] std::string audit_report_text(std::string_view title, const chase::ChaseSpace& space,
                                            const chase::FloodSettings& flood,
                                            const chase::AuditSettings& settings,
                                            const chase::AuditResult& result,
                                            const std::vector<chase::AuditPlace>& places);

/// One combination of an audit sweep (`kinema audit --sweep`): chase::audit_sweep's points.
using AuditSweepPoint = chase::AuditSweepPoint;

/// The sweep's table: one line per combination, the swept fields' values (a column per axis, headed by its
/// field), then the share of seeds of each stop reason and each finding (percent, one decimal).
[[nodiscard]] std::string audit_sweep_text(std::string_view title,
                                           std::span<const chase::AuditSweepAxis> axes,
                                           const std::vector<AuditSweepPoint>& points, int directions);

/// The sweep as JSON: [{"settings": the flood's settings (the registry's object), "shares": {"stop_reasons":
/// {name: share}, "findings": {name: share}}}, ...], shares as fractions of the seeds. One line, no newline.
[[nodiscard]] std::string audit_sweep_json(const std::vector<AuditSweepPoint>& points);

}  // namespace kinema::report
