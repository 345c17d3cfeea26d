// An audit sweep (`kinema audit --sweep`, docs/audit.md): one audit per combination of a few flood fields'
// values, to tune the handful of constants of Couvidou's Dishonored 2 chase chapter (Game AI Pro Online
// Edition 2021) per level. The faces parse and check the fields and values; this runs the combinations.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood_settings.hpp"

namespace kinema::chase {

/// One swept flood field (a FloodSettings registry name) and its values, as text the registry reads.
struct AuditSweepAxis {
    std::string field;
    std::vector<std::string> values;
};

/// One combination of a sweep: the swept fields' values as typed, the flood's settings and the audit's
/// totals.
struct AuditSweepPoint {
    std::vector<std::string> values;  ///< one per swept field, in the fields' order
    FloodSettings flood;
    AuditTotals totals;
};

/// A sweep runs at most this many audits in one call.
inline constexpr std::size_t audit_sweep_max_combinations = 1000;

/// The number of combinations: the product of the axes' value counts (1 for no axis).
[[nodiscard]] std::size_t audit_sweep_combinations(std::span<const AuditSweepAxis> axes);

/// The `index`-th combination (the first axis varies slowest, the last fastest): its values and `base` with
/// each swept field set to its value (totals left empty). Throws the registry's SettingsError for a value
/// the field does not read.
[[nodiscard]] AuditSweepPoint audit_sweep_point(const FloodSettings& base,
                                                std::span<const AuditSweepAxis> axes, std::size_t index);

/// Called with (rows done, rows in all) over the whole sweep: every combination audits every row.
using AuditSweepProgress = std::function<void(std::size_t done, std::size_t total)>;

/// Every combination in order, one chase::audit each over `spaces` (as audit()), its totals kept.
[[nodiscard]] std::vector<AuditSweepPoint> audit_sweep(std::span<const ChaseSpace* const> spaces,
                                                       const FloodSettings& base,
                                                       const AuditSettings& settings,
                                                       std::span<const AuditSweepAxis> axes,
                                                       const AuditSweepProgress& on_progress = {});

}  // namespace kinema::chase
