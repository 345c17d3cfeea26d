// The audit's human text beyond the table (report::audit_summary, chase_text.hpp): the places a designer
// can act on (docs/audit.md "Places").
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/audit_places.hpp"
#include "kinema/chase/audit_reading.hpp"

namespace kinema::report {

/// "What the shares mean": each stop reason and finding with its share, what it means and what would
/// change it (chase::read_shares), two lines each.
[[nodiscard]] std::string audit_meanings_text(const chase::FloodSettings& flood,
                                              const chase::AuditSettings& settings,
                                              const chase::AuditResult& result);

/// The "Places" section: the first `top` places (rank, finding, size in cells, flagged seeds, centre in
/// level units and its cell, the cells' box) each with its reason on the next line; a line saying there
/// are none when the list is empty.
[[nodiscard]] std::string audit_places_text(const chase::ChaseSpace& space, const chase::AuditResult& result,
                                            const std::vector<chase::AuditPlace>& places,
                                            std::size_t top = 10);

}  // namespace kinema::report
