// The level audit: the chase (run_chase, query.hpp) from the centre of every cell
// of a space in D evenly spaced directions, with what a designer asks of each seed -- how far the NPC runs,
// how far that is from dead reckoning, and four findings taken from the chapter's own caveats (Couvidou's
// Dishonored 2 chase chapter sections 5 and 6): the destination lies behind the seed (wrong_way), the flood
// gives up within K steps (gives_up_at_once), the NPC stops just before a corner it cannot see around
// (short_of_a_corner), and the barrier closes a side exit the heat never explores (barrier_blocks_exit, the
// chapter's Figure 7).
//
// Every seed is independent: threads take seeds by index and write their rows by index, each with its own
// Flood and scratch, so the result is identical for any thread count. Standard library only; its threads are
// core's parallel_for.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::chase {

struct AuditSettings;
/// The registry of AuditSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<AuditSettings>) noexcept;

/// What the audit asks of every seed (docs/audit.md "Findings").
struct AuditSettings {
    int directions = 8;     ///< D, last known directions per cell, evenly spaced; [1, 360]
    int give_up_steps = 3;  ///< K: too_many_heated within K steps is gives_up_at_once; [0, 1000000]
    int corner_radius =
        3;               ///< R: short_of_a_corner looks this many cell steps around the destination; [1, 100]
    int exit_cells = 3;  ///< barrier_blocks_exit: a closed-off region needs this many cells; [1, 256]
    /// barrier_blocks_exit also needs a junction behind the seed: a cell within corner_radius + exit_cells
    /// cell steps, behind the heading, with three ways out or more that reach exit_cells deep (docs/audit.md
    /// "Findings"). false: the first form, any closed-off region (lift 0.46 against 4.02, docs/audit.md
    /// "The lift"). 0 or 1.
    bool exit_junction = true;

    /// Named fields: directions, give_up_steps, corner_radius, exit_cells, exit_junction.
    [[nodiscard]] FieldErrors validate() const { return validate_settings(*this); }
};

/// The findings, one bit each (AuditRow::findings).
enum class Finding : std::uint8_t {
    wrong_way = 1,          ///< dot(destination - seed, direction) < 0 (planar)
    gives_up_at_once = 2,   ///< stop_reason too_many_heated and steps <= K
    short_of_a_corner = 4,  ///< a heated cell within R cell steps of the destination is out of its sight
    barrier_blocks_exit =
        8,  ///< the barrier closes cells the heat never reached (and a junction lies behind)
};
inline constexpr std::array<Finding, 4> all_findings{
    Finding::wrong_way, Finding::gives_up_at_once, Finding::short_of_a_corner, Finding::barrier_blocks_exit};
/// "wrong_way", "gives_up_at_once", "short_of_a_corner", "barrier_blocks_exit" (the JSON spelling).
std::string_view to_string(Finding finding);

/// Direction k of D (planar, unit length): (cos(2 pi k / D), sin(2 pi k / D)), computed by octant symmetry so
/// that quarter and eighth turns are exact (cos(pi/2) is 0, not 6e-17: the barrier's half-plane test is
/// strict, so a tiny component would turn the cells on the line into barrier on one side only).
Vec2 audit_direction(int k, int directions);
/// A planar direction as a world vector of `space`: (x, y, 0) on xy spaces, (x, 0, y) on xz spaces.
Vec3 world_direction(const CellSpace& space, Vec2 planar);

/// A box of tiles around a cell: columns col + min_dx .. col + max_dx, rows row + min_dy .. row + max_dy.
struct AuditReach {
    int min_dx = 0;
    int max_dx = 0;
    int min_dy = 0;
    int max_dy = 0;
};

/// One (cell, direction) of the audit.
struct AuditRow {
    CellId cell = no_cell;  ///< the audited cell; the seed is its centre
    int direction = 0;      ///< k, 0 .. D-1 (audit_direction(k, D))
    int steps = 0;
    StopReason stop_reason = StopReason::exhausted;
    CellId seed_cell = no_cell;         ///< the cell the space located for the centre (normally `cell`)
    CellId destination_cell = no_cell;  ///< the flood's destination
    Vec3 destination;                   ///< its centre, world units
    Vec3 dead_reckoning;                ///< where dead reckoning sends the NPC, world units
    double chase_distance = 0.0;        ///< straight line, seed centre to destination, world units
    double along_cells_distance = 0.0;  ///< shortest path through heated cells, world units
    double dead_reckoning_gap = 0.0;    ///< dead reckoning's point to the destination, world units
    std::uint8_t findings = 0;          ///< Finding bits
    /// The box of tiles the row read, as offsets from the cell's tile, on grids (audit_seed,
    /// kinema/chase/audit_reuse.hpp); all 0 elsewhere. Recorded so that a later audit can reuse the row.
    AuditReach reach;

    bool has(Finding f) const { return (findings & static_cast<std::uint8_t>(f)) != 0; }
};

/// Per-cell summary over its D directions.
struct CellSummary {
    double mean_chase_distance = 0.0;       ///< world units
    std::array<double, 4> finding_share{};  ///< share of directions with each finding, all_findings order
};

/// Level totals over every row.
struct AuditTotals {
    std::size_t cells = 0;
    std::size_t rows = 0;
    std::array<std::size_t, 3> stop_reasons{};  ///< exhausted, too_many_heated, max_steps
    std::array<std::size_t, 4> findings{};      ///< rows with each finding, all_findings order
    double mean_chase_distance = 0.0;           ///< world units
    double mean_along_cells_distance = 0.0;     ///< world units
    double mean_dead_reckoning_gap = 0.0;       ///< world units
};

/// Rows whose JSON text is already known: a re-audit's kept rows, as the report it read holds them
/// (audit_reusing of a report read with parse_audit_report's text-keeping form). write_audit_json copies
/// these bytes instead of formatting the rows again; they are the bytes it would write, since a kept row's
/// values, cells' tiles and direction are the old row's.
struct AuditKnownRows {
    std::shared_ptr<const void> owner;  ///< keeps `text` alive (a string, a mapped file)
    std::string_view text;              ///< the report's whole text
    std::vector<std::uint32_t> begin;   ///< per row: its text's first byte in `text`
    std::vector<std::uint32_t> length;  ///< per row: its text's length; 0 = not known (ran again)
};

struct AuditResult {
    int directions = 0;
    std::vector<AuditRow> rows;      ///< cell-major: row index = cell * D + k
    std::vector<CellSummary> cells;  ///< by cell id
    AuditTotals totals;
    std::shared_ptr<const AuditKnownRows> known_rows;  ///< null but after a re-audit that kept row texts
};

/// Called once per seed with its row and the flood that produced it (per-cell values readable), on the
/// worker thread that ran it: concurrently from several threads, in no fixed order (in row order with one
/// thread). Must be thread-safe.
using AuditRowCallback = std::function<void(const AuditRow&, const Flood&)>;
/// Called with (rows done, rows in all) from the worker threads, at most once per cell per thread.
using AuditProgress = std::function<void(std::size_t, std::size_t)>;

struct AuditOptions {
    AuditRowCallback on_row;
    AuditProgress on_progress;
    /// Set to true from anywhere to stop early (Ctrl-C): audit() then throws AuditCancelled.
    const std::atomic<bool>* cancel = nullptr;
};

struct AuditCancelled : std::runtime_error {
    AuditCancelled() : std::runtime_error("audit cancelled") {}
};

/// The most rows (cells x directions) one audit holds: every row stays in memory until the report is written
/// (an AuditRow, about 100 bytes; the reports' text is made while it is written, write_audit_json). The
/// 929,880 rows of the 512 x 512 swampofsorrows map at 8 directions take about 8 s of CPU (docs/audit.md).
/// A bigger audit is refused before any seed runs (docs/errors.md).
inline constexpr std::size_t audit_max_rows = std::size_t{1} << 20;

/// The rows an audit of `cell_count` cells at `directions` directions would hold.
constexpr std::size_t audit_row_count(std::size_t cell_count, int directions) {
    return cell_count * static_cast<std::size_t>(directions < 0 ? 0 : directions);
}

/// Audits every cell of the space. `spaces` holds one view of the same space per thread (thread count =
/// spaces.size() >= 1); a space whose const calls are thread-safe (GridChaseSpace, GraphChaseSpace) may be
/// repeated, nav::LevelChaseSpace needs one per thread (its PathFinder). Throws SettingsError for bad
/// settings (flood or audit; `directions` when cells x directions is more than audit_max_rows) and
/// std::invalid_argument for no space or spaces of different sizes.
AuditResult audit(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                  const AuditSettings& settings, const AuditOptions& options = {});
/// audit() with `threads` threads sharing one thread-safe space (threads >= 1).
AuditResult audit(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                  int threads = 1, const AuditOptions& options = {});

/// A contiguous range of cell ids [first, end): the cells one shard of a sharded audit computes.
struct AuditCellRange {
    std::size_t first = 0;
    std::size_t end = 0;
};

/// Shard `index` of `count` (1 <= index <= count): cells [floor(cells (index-1) / count), floor(cells index /
/// count)). Contiguous in id order so that the merged rows are the shards' rows one after another
/// (cell-major, the report's order) and a shard reads one band of the level (docs/scale.md). Throws
/// std::invalid_argument for an index outside [1, count].
AuditCellRange audit_shard_cells(std::size_t cell_count, int index, int count);

/// The rows of the cells in `range` only (cell-major, (range.end - range.first) x D rows; what audit()
/// computes for those cells, byte for byte), with the same checks, threads, progress and cancel as audit().
/// The row limit (audit_max_rows) applies to the range's rows.
std::vector<AuditRow> audit_rows(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                 const AuditSettings& settings, AuditCellRange range,
                                 const AuditOptions& options = {});

/// The rows of the cells `cells` only, in that order (cells.size() x D rows, each what audit() computes for
/// that cell), with the same checks, threads, progress and cancel as audit_rows (the re-audit after an edit
/// runs the cells it cannot reuse). Throws std::invalid_argument for a cell outside the space.
std::vector<AuditRow> audit_cell_rows(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                      const AuditSettings& settings, std::span<const CellId> cells,
                                      const AuditOptions& options = {});

/// Row `row`'s dead reckoning computed again (its dead_reckoning point and dead_reckoning_gap), as audit()
/// computes them for the row's cell and direction; the rest of the row is left as it is. No finding and no
/// part of the row's reach depends on it, so a re-audit whose edit crossed only a row's dead-reckoning walk
/// redoes this alone (docs/audit.md "Which seeds run again").
void audit_dead_reckoning_again(const ChaseSpace& space, const FloodSettings& flood,
                                const AuditSettings& settings, AuditRow& row);

/// The result of a whole audit from all its rows (cell-major, cell_count x `directions`): the per-cell
/// summaries and the totals audit() computes, recomputed from the rows (the merge of a sharded audit uses it,
/// never the shards' own sums). Throws std::invalid_argument when the rows are not cell_count x directions.
AuditResult audit_result_from_rows(std::vector<AuditRow> rows, int directions, std::size_t cell_count);

/// One seed: the chase from cell `cell`'s centre in direction k (what audit() runs per row). `scratch`
/// must come from make_audit_scratch for this space and be used by one thread at a time. The scratch keeps
/// what seeds share (docs/audit.md "Cost"): every edge's length, the shortest-path tree of the last seed
/// cell, the hidden cells of every destination seen so far, whether each cell asked is a junction
/// (exit_junction); about 110 bytes per cell, allocated once. Seeds may come in any order: a row depends on
/// its cell and direction only.
struct AuditScratch;
struct AuditScratchDeleter {
    void operator()(AuditScratch* s) const;
};
std::unique_ptr<AuditScratch, AuditScratchDeleter> make_audit_scratch(const ChaseSpace& space,
                                                                      const FloodSettings& flood);
AuditRow audit_seed(const ChaseSpace& space, AuditScratch& scratch, const AuditSettings& settings,
                    CellId cell, int k);
/// The flood of the last audit_seed on this scratch.
const Flood& audit_flood(const AuditScratch& scratch);

}  // namespace kinema::chase

namespace kinema::chase {

/// The audit report as one JSON document (docs/audit.md "JSON contract"): {"directions", "settings" (the
/// flood's then the audit's fields), "rows" (one per cell and direction, cell-major; every value spelled as
/// chase_json spells it for that seed), "totals"}. Numbers by kinema::format_number. One line, no newline.
std::string audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                       const AuditResult& result);
/// The same rows as CSV (header line first; findings as 0/1 columns), "\n" line ends.
std::string audit_csv(const ChaseSpace& space, const AuditResult& result);

/// Takes a piece of a report's text and clears it.
using AuditTextSink = std::function<void(std::string& piece)>;
/// audit_json's text made row by row into `buffer` and handed to `sink` whenever it holds `chunk_bytes` or
/// more, and once at the end (the same bytes as audit_json, never held whole: a report of 2^20 rows is
/// about 270 MB of JSON).
void write_audit_json(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                      const AuditResult& result, std::string& buffer, const AuditTextSink& sink,
                      std::size_t chunk_bytes = std::size_t{1} << 20);
/// audit_csv's text the same way.
void write_audit_csv(const ChaseSpace& space, const AuditResult& result, std::string& buffer,
                     const AuditTextSink& sink, std::size_t chunk_bytes = std::size_t{1} << 20);

}  // namespace kinema::chase
