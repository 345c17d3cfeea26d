// What the audit's shares mean for a designer and what would change them (docs/audit.md "Reading the
// summary"): one sentence per stop reason and finding, its extent in words ("almost everywhere") and the
// settings to turn, with their current values. Written by the JSON report ("summary") and the text table.
// Standard library only.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/audit.hpp"

namespace kinema::chase {

/// One share of the audit with its reading.
struct ShareReading {
    std::string_view name;  ///< the stop reason's or finding's JSON spelling
    std::size_t seeds = 0;  ///< rows with it
    double share = 0.0;     ///< seeds / rows, 0 .. 1 (0 for an empty audit)
    std::string meaning;    ///< what it means on this level, with its extent in words
    std::string to_change;  ///< what would change it (settings named as the registry spells them)
};

/// The extent of a share in words: "nowhere" (0), "almost nowhere" (< 5 %), "in a few places" (< 25 %),
/// "often" (< 50 %), "on most seeds" (< 80 %), "almost everywhere" (< 100 %), "everywhere" (100 %).
std::string_view extent_words(double share);

/// The three stop reasons then the four findings, in the totals' order. level_loop: the level has a loop of
/// cells (audit_shape.hpp's level_has_loop); only then does wrong_way's reading name loops and breaking them.
std::vector<ShareReading> read_shares(const FloodSettings& flood, const AuditSettings& settings,
                                      const AuditResult& result, bool level_loop);

/// {"stop_reasons": {name: {"seeds", "share", "meaning", "to_change"}, ...}, "findings": {...}}.
std::string audit_summary_json(const FloodSettings& flood, const AuditSettings& settings,
                               const AuditResult& result, bool level_loop);

}  // namespace kinema::chase
