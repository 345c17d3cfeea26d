// An audit sweep (`kinema audit --sweep`, docs/audit.md): one audit per combination of a few flood fields'
// values, to tune the handful of constants of Couvidou's Dishonored 2 chase chapter (Game AI Pro Online
// Edition 2021) per level. The axes are read and checked here, where they enter the library (the faces only
// name the errors as their users type them); audit_sweep runs the combinations.
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

/// The fields a sweep may vary: every field of the FloodSettings registry, in its order.
[[nodiscard]] std::vector<std::string> audit_sweep_fields();

/// Reads axes from texts "FIELD=V1,V2,..." (one axis each, in order), checking each text as it is read: its
/// shape, its field (one of audit_sweep_fields(), the nearest name suggested), no field twice, every value
/// not empty, read by the field's type and valid on `base` (FloodSettings::validate()), and at most
/// audit_sweep_max_combinations combinations so far. Throws SettingsError at the first bad text: its
/// FieldErrors name the swept field (validate() may give several), or the empty field "" for a text that
/// names none ("expected FIELD=V1,V2,..., got 'hot'") and for too many combinations.
[[nodiscard]] std::vector<AuditSweepAxis> parse_audit_sweep(std::span<const std::string> texts,
                                                            const FloodSettings& base);
/// The same checks of axes already split (audit_sweep makes them before its first audit); an axis without
/// values is refused like an empty value.
void check_audit_sweep(const FloodSettings& base, std::span<const AuditSweepAxis> axes);

/// The number of combinations: the product of the axes' value counts (1 for no axis).
[[nodiscard]] std::size_t audit_sweep_combinations(std::span<const AuditSweepAxis> axes);

/// The `index`-th combination (the first axis varies slowest, the last fastest): its values and `base` with
/// each swept field set to its value (totals left empty). Throws the registry's SettingsError for a value
/// the field does not read.
[[nodiscard]] AuditSweepPoint audit_sweep_point(const FloodSettings& base,
                                                std::span<const AuditSweepAxis> axes, std::size_t index);

/// Called with (rows done, rows in all) over the whole sweep: every combination audits every row.
using AuditSweepProgress = std::function<void(std::size_t done, std::size_t total)>;

/// Every combination in order, one chase::audit each over `spaces` (as audit()), its totals kept. The axes
/// are checked first (check_audit_sweep): a bad value is refused before any audit runs.
[[nodiscard]] std::vector<AuditSweepPoint> audit_sweep(std::span<const ChaseSpace* const> spaces,
                                                       const FloodSettings& base,
                                                       const AuditSettings& settings,
                                                       std::span<const AuditSweepAxis> axes,
                                                       const AuditSweepProgress& on_progress = {});

}  // namespace kinema::chase
