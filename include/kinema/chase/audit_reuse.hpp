// Re-auditing after an edit (docs/audit.md "Re-auditing after an edit"): an earlier audit report's JSON
// records what reuse needs (the audit format version, the settings, the grid's size and floor, each seed's
// reach and a digest of every byte), and audit_reusing() re-runs only the seeds whose result the edit can
// change, copying the other rows. The result is the one a full audit of the new level computes, row for row,
// so every report made from it is the full audit's, byte for byte.
//
// A seed's reach: the box of tiles, around its cell, that holds every tile any part of its row reads but
// its dead reckoning (the flood, the findings' searches; the audit records it as the row runs,
// from the flood's rules, chase-flood-spec.md "Step A" and "Step B", and the cells its searches read). A seed
// whose boxes (one per direction) hold no changed tile reads the same tiles in both levels, so it computes
// the same row: a cell's neighbour list depends only on the tiles one step around it (a diagonal step needs
// both orthogonal tiles, spec "Inputs"), so each visited cell adds its 3 x 3 tiles. The box is measured on
// the old level, where the seed ran; a wall added or removed outside it cannot change what the seed read,
// because every read cell was reached through cells inside the box. Dead reckoning reads a corridor one
// tile wide on each side of the segment from the seed's centre to the row's dead_reckoning point
// (docs/audit.md "Which seeds run again"), which the re-audit tests from those two points. 3D levels and
// plain graphs have no such rule here: any report of one is audited in full.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/audit.hpp"

namespace kinema::chase {

/// The version of what the audit's JSON records for reuse ("reuse": {"format"}); a report of another
/// version is not trusted. Format 4: the digest is WordDigest's, over four lanes (key fnv1a64_4lanes).
/// Format 3: a row's reach holds what barrier_blocks_exit reads when the junction behind the seed is looked
/// for before the closed-off region (format 2 looked for the region first, so its rows' reaches differ, not
/// its findings). Format 2: the settings hold exit_junction and the digest is FNV-1a 64 over 8-byte words in
/// one chain (key fnv1a64_words); format 1 hashed byte by byte.
inline constexpr int audit_reuse_format = 4;
/// The key of the digest that ends the reuse record: every byte of the report before it, as WordDigest
/// (kinema/core/digest.hpp) hashes them, in 16 hex digits.
inline constexpr std::string_view audit_digest_key = "fnv1a64_4lanes";

/// The grid a report was made on, as its "reuse" record holds it.
struct AuditReportLevel {
    bool grid = false;  ///< false: a 3D level or a graph (its cells counted only)
    int width = 0;
    int height = 0;
    double cell_size = 1.0;
    int connectivity = 8;
    std::size_t cells = 0;
    std::vector<std::uint8_t> floor;  ///< width x height, row-major, 1 = floor
};

/// An earlier audit report, read for reuse.
struct AuditReport {
    std::string settings_head;  ///< {"directions":D,"settings":{...}, as written
    int directions = 0;
    AuditReportLevel level;
    std::vector<AuditRow> rows;  ///< cell-major, cell ids of the report's level; seed_cell = cell
    /// Each row's JSON text, when the report was read with its text kept (a re-audit then copies the
    /// kept rows' bytes rather than formatting them again); no text otherwise.
    AuditKnownRows row_texts;
};

/// A report that cannot be reused, with the one-line reason ("has another level size: 64 x 64, this one
/// 32 x 32").
struct AuditReportUnusable : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// Reads the JSON of `kinema audit --json` (chase::write_audit_json) for reuse, trusting nothing: the
/// digest of every byte, the format version, the rows' order and values. Throws AuditReportUnusable.
[[nodiscard]] AuditReport parse_audit_report(std::string_view text);

/// parse_audit_report, keeping the text and each row's place in it (AuditReport::row_texts): what
/// `kinema audit --reuse` reads, so that writing the re-audit's JSON copies the kept rows.
[[nodiscard]] AuditReport parse_audit_report(std::shared_ptr<const std::string> text);
/// The same for text that `owner` keeps alive (a mapped file: what `kinema audit --reuse` reads, so that
/// the report's bytes are not copied into memory first).
[[nodiscard]] AuditReport parse_audit_report(std::string_view text, std::shared_ptr<const void> owner);

/// The report an audit's JSON would read back as (parse_audit_report of audit_json), made from the result
/// in memory: what `kinema audit --watch` keeps between saves.
[[nodiscard]] AuditReport audit_report_of(const ChaseSpace& space, const FloodSettings& flood,
                                          const AuditSettings& settings, const AuditResult& result);

/// Why `report` cannot be reused for an audit of `space` with these settings (another level size, cell
/// size, connectivity, settings, or not a grid), or "" when it can.
[[nodiscard]] std::string audit_report_mismatch(const AuditReport& report, const ChaseSpace& space,
                                                const FloodSettings& flood, const AuditSettings& settings);

/// What audit_reusing did.
struct AuditReuseStats {
    std::size_t cells = 0;        ///< the new level's cells
    std::size_t cells_rerun = 0;  ///< cells whose seeds ran again
    /// Rows of the other cells whose dead reckoning alone ran again (an edit crossed only its walk)
    std::size_t rows_reckoned = 0;
    std::size_t tiles_changed = 0;
};

/// audit() of the new level (`spaces`, as audit() takes them), re-running only the cells whose reach holds a
/// tile changed since `report`; throws AuditReportUnusable when audit_report_mismatch is not empty. The
/// result equals audit()'s, row for row. on_row is called for the re-run seeds only (not for rows whose dead
/// reckoning alone is done again: no flood ran for them); on_progress counts them.
AuditResult audit_reusing(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                          const AuditSettings& settings, const AuditReport& report,
                          const AuditOptions& options = {}, AuditReuseStats* stats = nullptr);
/// audit_reusing, taking the report's rows and row texts over instead of copying them (a 256 x 256 level's
/// report holds about 30 MB of rows): what `kinema audit --reuse` does with the report it read.
AuditResult audit_reusing(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                          const AuditSettings& settings, AuditReport&& report,
                          const AuditOptions& options = {}, AuditReuseStats* stats = nullptr);

/// The flood's then the audit's settings as one JSON object, as the audit's JSON writes them.
[[nodiscard]] std::string audit_settings_json(const FloodSettings& flood, const AuditSettings& settings);

/// The "reuse" record the audit's JSON ends with, without its digest: {"format", "level": {...}, "reach":
/// [min_dx, max_dx, min_dy, max_dy of each row, ...]} less the closing brace (write_audit_json adds the
/// digest of every byte before it).
void append_audit_reuse_record(std::string& out, const ChaseSpace& space, const AuditResult& result);

}  // namespace kinema::chase
