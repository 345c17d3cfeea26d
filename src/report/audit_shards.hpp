// A sharded audit (docs/scale.md): shard I of N audits a contiguous band of cells (chase::audit_shard_cells)
// and writes a partial report; the merge reads every part, checks they are the shards 1..N of one level (its
// file's FNV-1a 64 content hash) and one set of settings, and rebuilds the whole audit's result from the rows
// (chase::audit_result_from_rows: summaries and totals recomputed, never averaged), so the merged reports are
// the unsharded ones byte for byte. These functions are the seam every front end (the CLI, a Python cluster
// driver) shares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/audit.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/core/digest.hpp"
#include "kinema/levels/level_read_options.hpp"

namespace kinema::report {

/// Parts and levels are hashed with FNV-1a 64 byte by byte (kinema/core/digest.hpp).
using kinema::digest_text;
using kinema::fnv1a64;
using kinema::fnv1a64_basis;
/// fnv1a64 of a file's bytes as 16 lower-case hex digits, read in pieces. Throws std::invalid_argument "PATH:
/// why" when it cannot be read, and for a directory, FIFO or socket before opening it (a FIFO would block).
[[nodiscard]] std::string file_fnv1a64(const std::string& path);

/// Which part of how many (1 <= index <= count).
struct ShardId {
    int index = 1;
    int count = 1;
};

/// Largest count of --shard I/N: far more shards than any farm runs jobs, small enough that a typo shows.
inline constexpr int max_shards = 100000;

/// The shard "I/N": whole numbers 1 <= I <= N <= max_shards, each read as core's read_number reads one
/// ("+2", "2.0" and "2e0" are 2); nullopt for anything else.
[[nodiscard]] std::optional<ShardId> parse_shard_id(std::string_view text);

/// The level a part was computed on: its path as given, its content hash (file_fnv1a64) and the options it
/// was read with (--level, --walls, --scale, --up: the same bytes read with other options are another level),
/// so that the merge re-reads the same level. A part writes "level": {"file", "fnv1a64"} and, only when set,
/// "level" and "walls", and "scale" and "up" only when not 1 and y (a part without options reads as it did
/// before they existed).
struct LevelId {
    std::string file;
    std::string fnv1a64;
    levels::LevelReadOptions options;
};

/// Throws std::invalid_argument "FILE: its content (fnv1a64 H) is not the level the parts were computed on
/// (fnv1a64 P)" unless the file at level.file still hashes to level.fnv1a64: a merge draws its pictures and
/// cell coordinates from the level itself, so it must be the one the parts hashed.
void require_level_unchanged(const LevelId& level);

/// One shard's partial report, as read back.
struct AuditPart {
    std::string path;  ///< the part's own file (for errors)
    LevelId level;
    chase::FloodSettings flood;
    chase::AuditSettings settings;
    std::string settings_json;  ///< the settings object as the audit's JSON writes it
    std::size_t cells = 0;      ///< the level's cell count
    ShardId shard;
    chase::AuditCellRange range;
    std::vector<chase::AuditRow> rows;
};

/// The partial report of one shard as JSON (docs/scale.md "Partial reports"): {"kinema_part": "audit",
/// "level": {"file", "fnv1a64"}, "settings", "directions", "cells", "shard": {"index", "count", "first_cell",
/// "end_cell", "rows"}, "rows": [[cell, direction, steps, stop_reason, seed_cell, destination_cell,
/// destination x y z, dead_reckoning x y z, chase_distance, along_cells, dead_reckoning_gap, findings bits,
/// reach],
/// ...], "part_fnv1a64"}: the last field the FNV-1a 64 of every byte before it (hashed as it is handed on);
/// every double written so that it reads back to the same double. Made into `buffer` (empty) and handed to
/// `sink` in pieces of about `chunk_bytes`, like chase::write_audit_json.
void write_audit_part(const LevelId& level, std::size_t cell_count, const chase::FloodSettings& flood,
                      const chase::AuditSettings& settings, ShardId shard, chase::AuditCellRange range,
                      const std::vector<chase::AuditRow>& rows, std::string& buffer,
                      const chase::AuditTextSink& sink, std::size_t chunk_bytes = std::size_t{1} << 20);

/// Reads a partial report written by write_audit_part, trusting nothing: a directory, FIFO or socket is
/// refused before it is opened, a byte-order mark skipped; the shard, its cell band and counts, every row (in
/// its place, cell-major from the shard's first cell; steps at most max_steps; cells inside the level;
/// numbers finite, at most 1e15 in size) and last the digest are checked. Throws std::invalid_argument, one
/// line naming the file (and the row or field), for anything else.
[[nodiscard]] AuditPart read_audit_part(const std::string& path);
/// The same from the text (`path` names it in errors).
[[nodiscard]] AuditPart parse_audit_part(std::string_view text, const std::string& path);

/// The whole audit rebuilt from its parts.
struct MergedAudit {
    LevelId level;
    chase::FloodSettings flood;
    chase::AuditSettings settings;
    chase::AuditResult result;
};

/// Checks the parts are shards 1..N of one count, each once, of one level hash and settings (a one-line
/// std::invalid_argument naming the part otherwise: another level, other settings, a repeated shard, a
/// missing shard), and rebuilds the whole result from their rows in cell order.
[[nodiscard]] MergedAudit merge_audit_parts(std::vector<AuditPart> parts);
/// read_audit_part of each file in `paths`, in order, then merge_audit_parts.
[[nodiscard]] MergedAudit merge_audit_part_files(const std::vector<std::string>& paths);
/// Throws std::invalid_argument "FILE: has N cells, the parts M" unless the level re-read for a merge has as
/// many cells as the merged result (the rows' cell ids index it).
void require_merged_cells(const MergedAudit& merged, std::size_t level_cells);

}  // namespace kinema::report
