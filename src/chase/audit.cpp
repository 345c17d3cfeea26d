#include "kinema/chase/audit.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>

#include "kinema/chase/audit_reuse.hpp"
#include "kinema/core/parallel_for.hpp"

namespace kinema::chase {

namespace {

// docs/audit.md lists these ranges.
using A = AuditSettings;
constexpr std::array kAuditFields{
    field<A, &A::directions>("directions", "count", closed_range(1, 360),
                             "D: last known directions per cell, evenly spaced"),
    field<A, &A::give_up_steps>("give_up_steps", "steps", closed_range(0, 1000000),
                                "K: too_many_heated within K steps is gives_up_at_once"),
    field<A, &A::corner_radius>("corner_radius", "cells", closed_range(1, 100),
                                "R: short_of_a_corner looks this many cell steps around the destination"),
    field<A, &A::exit_cells>("exit_cells", "cells", closed_range(1, 256),
                             "barrier_blocks_exit: cells a closed-off region needs at least"),
};
constexpr SettingsDescription kAuditDescription{"AuditSettings", kAuditFields, {}};

// barrier_blocks_exit explores a closed-off region breadth-first over at most this many cells
// (docs/audit.md).
constexpr std::size_t exit_search_cells = 256;

double planar_dot(Vec2 a, Vec2 b) {
    return a.x * b.x + a.y * b.y;
}

double distance(Vec3 a, Vec3 b) {
    const double dx = a.x - b.x;
    const double dy = a.y - b.y;
    const double dz = a.z - b.z;
    return std::sqrt(dx * dx + dy * dy + dz * dz);
}

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<AuditSettings>) noexcept {
    return kAuditDescription;
}

std::string_view to_string(Finding finding) {
    switch (finding) {
        case Finding::wrong_way:
            return "wrong_way";
        case Finding::gives_up_at_once:
            return "gives_up_at_once";
        case Finding::short_of_a_corner:
            return "short_of_a_corner";
        case Finding::barrier_blocks_exit:
            return "barrier_blocks_exit";
    }
    return "unknown";
}

Vec2 audit_direction(int k, int directions) {
    // 2 pi k / D = quadrant q (a quarter turn each) plus r / D of a quarter turn. Within the quadrant, angles
    // past the eighth turn are taken from the other side (cos and sin swapped), so the set is symmetric and
    // the axes and diagonals are exact.
    const long long d = directions;
    const long long turns = (4LL * (k % directions) + 4LL * d) % (4LL * d);
    const long long q = turns / d;
    const long long r = turns % d;
    constexpr double quarter = 1.5707963267948966;  // pi / 2
    double c = 1.0;
    double s = 0.0;
    if (2 * r == d) {
        c = s = std::sqrt(0.5);
    } else if (2 * r < d) {
        const double a = quarter * static_cast<double>(r) / static_cast<double>(d);
        c = std::cos(a);
        s = std::sin(a);
    } else {
        const double a = quarter * static_cast<double>(d - r) / static_cast<double>(d);
        c = std::sin(a);
        s = std::cos(a);
    }
    switch (q) {
        case 0:
            return {c, s};
        case 1:
            return {-s, c};
        case 2:
            return {-c, -s};
        default:
            return {s, -c};
    }
}

Vec3 world_direction(const CellSpace& space, Vec2 planar) {
    return space.frame().world(planar, 0.0);
}

// Per-thread scratch: the flood plus stamps for the small searches around a seed (a stamp equal to `epoch`
// means "seen in this search"; bumping the epoch forgets a search without clearing the array).
struct AuditScratch {
    explicit AuditScratch(const FloodSettings& settings, std::size_t cells)
        : flood(settings), stamp(cells, 0), slot(cells, 0) {
        // The generic flood, also on grids: the exit search below walks the barrier list in order, and its
        // results were defined (and tested) with the generic order; the searches need the space's
        // neighbour lists anyway.
        flood.set_grid_path(GridPath::never);
    }

    std::uint32_t next_epoch() {
        if (++epoch == 0) {
            std::fill(stamp.begin(), stamp.end(), 0u);
            epoch = 1;
        }
        return epoch;
    }
    bool seen(CellId c) const { return stamp[c] == epoch; }
    void see(CellId c) { stamp[c] = epoch; }

    Flood flood;
    std::vector<std::uint32_t> stamp;
    std::uint32_t epoch = 0;
    std::vector<std::uint32_t> slot;  // local index of a cell in `dist` (Dijkstra)
    std::vector<double> dist;
    std::vector<std::pair<double, CellId>> heap;
    std::vector<std::pair<CellId, int>> queue;  // cell, depth (breadth-first searches)
    AuditReachScratch reach;                    // audit_seed_reach's
};

void AuditScratchDeleter::operator()(AuditScratch* s) const {
    delete s;
}

std::unique_ptr<AuditScratch, AuditScratchDeleter> make_audit_scratch(const ChaseSpace& space,
                                                                      const FloodSettings& flood) {
    return std::unique_ptr<AuditScratch, AuditScratchDeleter>(new AuditScratch(flood, space.cells().size()));
}

const Flood& audit_flood(const AuditScratch& scratch) {
    return scratch.flood;
}

namespace {

bool heated(const Flood& flood, CellId c) {
    return flood.state(c) == CellState::heated;
}

// The shortest path from `from` to `to` through heated cells (the way the heat went), each step the
// distance between the two cells' centres (world units). Dijkstra over the heated cells only.
double along_cells(const CellSpace& cells, AuditScratch& s, CellId from, CellId to) {
    if (from == to) {
        return 0.0;
    }
    s.next_epoch();
    s.dist.clear();
    s.heap.clear();
    const auto visit = [&](CellId c, double d) {
        if (!s.seen(c)) {
            s.see(c);
            s.slot[c] = static_cast<std::uint32_t>(s.dist.size());
            s.dist.push_back(std::numeric_limits<double>::infinity());
        }
        double& best = s.dist[s.slot[c]];
        if (d < best) {
            best = d;
            s.heap.emplace_back(d, c);
            std::push_heap(s.heap.begin(), s.heap.end(), std::greater<>{});
        }
    };
    visit(from, 0.0);
    while (!s.heap.empty()) {
        std::pop_heap(s.heap.begin(), s.heap.end(), std::greater<>{});
        const auto [d, c] = s.heap.back();
        s.heap.pop_back();
        if (d > s.dist[s.slot[c]]) {
            continue;
        }
        if (c == to) {
            return d;
        }
        for (const CellId n : cells.neighbours(c)) {
            if (heated(s.flood, n)) {
                visit(n, d + distance(cells.positions()[c], cells.positions()[n]));
            }
        }
    }
    return std::numeric_limits<double>::infinity();  // unreachable: the heat connects every heated cell
}

// Line of sight on the cell space: the space's own straight-line test, the one its dead reckoning uses
// (grids: exact traversal of the tiles between the two centres, a tile corner passable only when both
// orthogonal tiles are; navmeshes: Detour's raycast), from a's centre towards b's for their planar distance,
// not blocked.
bool in_sight(const ChaseSpace& space, CellId a, CellId b) {
    const CellSpace& cells = space.cells();
    const Vec3 pa = cells.positions()[a];
    const Vec3 pb = cells.positions()[b];
    const Vec2 d = cells.planar(pb - pa);
    const double length = std::sqrt(planar_dot(d, d));
    if (length == 0.0) {
        return true;
    }
    return !space.dead_reckoning(pa, pb - pa, length).blocked;
}

// short_of_a_corner: a heated cell within R cell steps of the destination (breadth-first over every cell)
// that is out of the destination's sight.
bool short_of_a_corner(const ChaseSpace& space, AuditScratch& s, CellId destination, int radius) {
    const CellSpace& cells = space.cells();
    s.next_epoch();
    s.queue.clear();
    s.queue.emplace_back(destination, 0);
    s.see(destination);
    for (std::size_t i = 0; i < s.queue.size(); ++i) {
        const auto [c, depth] = s.queue[i];
        if (c != destination && heated(s.flood, c) && !in_sight(space, destination, c)) {
            return true;
        }
        if (depth == radius) {
            continue;
        }
        for (const CellId n : cells.neighbours(c)) {
            if (!s.seen(n)) {
                s.see(n);
                s.queue.emplace_back(n, depth + 1);
            }
        }
    }
    return false;
}

bool next_to_heat(const CellSpace& cells, const Flood& flood, CellId c) {
    const auto ns = cells.neighbours(c);
    return std::any_of(ns.begin(), ns.end(), [&](CellId n) { return heated(flood, n); });
}

// Whether the barrier could not spread into untouched cell u: no barrier neighbour b with
// dot(pos(u) - pos(b), dir) < 0 (such a b would have made u barrier had the flood run one more step).
bool barrier_cannot_follow(const CellSpace& cells, const Flood& flood, CellId u, Vec2 dir) {
    bool beside_barrier = false;
    for (const CellId b : cells.neighbours(u)) {
        if (flood.state(b) == CellState::barrier) {
            if (planar_dot(cells.planar_positions()[u] - cells.planar_positions()[b], dir) < 0.0) {
                return false;
            }
            beside_barrier = true;
        }
    }
    return beside_barrier;
}

// The region of untouched cells reachable from u through untouched cells, breadth-first over at most
// exit_search_cells cells: closed off when none of them is next to a heated cell and it has at least
// min_cells cells. Cells stay stamped for the whole seed, so every region is explored once.
bool closed_off_region(const CellSpace& cells, AuditScratch& s, CellId u, std::size_t min_cells) {
    s.queue.clear();
    s.queue.emplace_back(u, 0);
    s.see(u);
    for (std::size_t i = 0; i < s.queue.size() && i < exit_search_cells; ++i) {
        const CellId c = s.queue[i].first;
        if (next_to_heat(cells, s.flood, c)) {
            return false;
        }
        for (const CellId n : cells.neighbours(c)) {
            if (!s.seen(n) && s.flood.state(n) == CellState::untouched) {
                s.see(n);
                s.queue.emplace_back(n, 0);
            }
        }
    }
    return s.queue.size() >= min_cells;
}

bool barrier_blocks_exit(const CellSpace& cells, AuditScratch& s, Vec2 dir, std::size_t min_cells) {
    s.next_epoch();
    for (const CellId b : s.flood.barrier_cells()) {
        for (const CellId u : cells.neighbours(b)) {
            if (s.seen(u) || s.flood.state(u) != CellState::untouched ||
                !barrier_cannot_follow(cells, s.flood, u, dir)) {
                continue;
            }
            if (closed_off_region(cells, s, u, min_cells)) {
                return true;
            }
        }
    }
    return false;
}

void set(AuditRow& row, Finding f, bool on) {
    if (on) {
        row.findings |= static_cast<std::uint8_t>(f);
    }
}

}  // namespace

AuditRow audit_seed(const ChaseSpace& space, AuditScratch& scratch, const AuditSettings& settings,
                    CellId cell, int k) {
    const CellSpace& cells = space.cells();
    const Vec2 dir = audit_direction(k, settings.directions);
    ChaseQuery query;
    // The arrays, not position(c): on a grid's space that is a binary search (cell_space.hpp), and the
    // searches below read positions per edge.
    query.position = cells.positions()[cell];
    query.direction = world_direction(cells, dir);
    const ChaseResult r = run_chase(space, scratch.flood, query);
    const FloodResult& f = r.flood;

    AuditRow row;
    row.cell = cell;
    row.direction = k;
    row.steps = f.steps;
    row.stop_reason = f.stop_reason;
    row.seed_cell = f.seed_cell;
    row.destination_cell = f.destination_cell;
    row.destination = f.destination;
    row.dead_reckoning = r.dead_reckoning.position;
    row.chase_distance = distance(r.seed_position, f.destination);
    row.along_cells_distance = along_cells(cells, scratch, f.seed_cell, f.destination_cell);
    row.dead_reckoning_gap = distance(r.dead_reckoning.position, f.destination);

    const Vec2 ahead = cells.planar(f.destination - r.seed_position);
    set(row, Finding::wrong_way, planar_dot(ahead, dir) < 0.0);
    set(row, Finding::gives_up_at_once,
        f.stop_reason == StopReason::too_many_heated && f.steps <= settings.give_up_steps);
    set(row, Finding::short_of_a_corner,
        short_of_a_corner(space, scratch, f.destination_cell, settings.corner_radius));
    set(row, Finding::barrier_blocks_exit,
        barrier_blocks_exit(cells, scratch, dir, static_cast<std::size_t>(settings.exit_cells)));
    row.reach = audit_seed_reach(space, scratch.flood, row, dir, settings, scratch.reach);
    return row;
}

namespace {

void summarise(AuditResult& result, std::size_t cell_count) {
    const auto d = static_cast<std::size_t>(result.directions);
    result.cells.assign(cell_count, CellSummary{});
    AuditTotals& t = result.totals;
    t.cells = cell_count;
    t.rows = result.rows.size();
    for (std::size_t c = 0; c < cell_count; ++c) {
        CellSummary& summary = result.cells[c];
        for (std::size_t k = 0; k < d; ++k) {
            const AuditRow& row = result.rows[c * d + k];
            summary.mean_chase_distance += row.chase_distance;
            for (std::size_t i = 0; i < all_findings.size(); ++i) {
                const bool has = row.has(all_findings[i]);
                summary.finding_share[i] += has ? 1.0 : 0.0;
                t.findings[i] += has ? 1 : 0;
            }
            t.stop_reasons[static_cast<std::size_t>(row.stop_reason)] += 1;
            t.mean_chase_distance += row.chase_distance;
            t.mean_along_cells_distance += row.along_cells_distance;
            t.mean_dead_reckoning_gap += row.dead_reckoning_gap;
        }
        summary.mean_chase_distance /= static_cast<double>(d);
        for (double& share : summary.finding_share) {
            share /= static_cast<double>(d);
        }
    }
    if (t.rows > 0) {
        const auto n = static_cast<double>(t.rows);
        t.mean_chase_distance /= n;
        t.mean_along_cells_distance /= n;
        t.mean_dead_reckoning_gap /= n;
    }
}

void check_spaces(std::span<const ChaseSpace* const> spaces) {
    if (spaces.empty() || spaces[0] == nullptr) {
        throw std::invalid_argument("audit: at least one space");
    }
    for (const ChaseSpace* space : spaces) {
        if (space == nullptr || space->cells().size() != spaces[0]->cells().size()) {
            throw std::invalid_argument("audit: every thread's space must be a view of the same space");
        }
    }
}

// Refused before any row is allocated: the rows are held until the report is written (audit_max_rows).
void check_row_count(std::size_t cell_count, int directions) {
    const std::size_t rows = audit_row_count(cell_count, directions);
    if (rows > audit_max_rows) {
        throw SettingsError(
            "AuditSettings",
            {{"directions", std::to_string(cell_count) + " cells x " + std::to_string(directions) +
                                " directions = " + std::to_string(rows) + " rows, more than the " +
                                std::to_string(audit_max_rows) +
                                " an audit may hold (each is held until the report is "
                                "written): fewer directions or a smaller level"}});
    }
}

}  // namespace

AuditCellRange audit_shard_cells(std::size_t cell_count, int index, int count) {
    if (count < 1 || index < 1 || index > count) {
        throw std::invalid_argument("audit: shard " + std::to_string(index) + " of " + std::to_string(count) +
                                    ": the index must be in [1, count]");
    }
    // floor(cells i / count) without overflow: cells = q count + r, so it is q i + floor(r i / count).
    const auto n = static_cast<std::size_t>(count);
    const auto bound = [&](int i) {
        const auto k = static_cast<std::size_t>(i);
        return cell_count / n * k + cell_count % n * k / n;
    };
    return {bound(index - 1), bound(index)};
}

namespace {

void check_settings(const FloodSettings& flood, const AuditSettings& settings) {
    FieldErrors errors = flood.validate();
    const FieldErrors audit_errors = settings.validate();
    errors.insert(errors.end(), audit_errors.begin(), audit_errors.end());
    if (!errors.empty()) {
        throw SettingsError("AuditSettings", errors);
    }
}

}  // namespace

namespace {

// The rows of `count` cells, the i-th being cell_at(i), cell-major in that order.
template <class CellAt>
std::vector<AuditRow> rows_of_cells(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                    const AuditSettings& settings, std::size_t count, CellAt cell_at,
                                    const AuditOptions& options) {
    const auto d = static_cast<std::size_t>(settings.directions);
    check_row_count(count, settings.directions);
    std::vector<AuditRow> rows(count * d);

    // parallel_for hands out cells one at a time to one worker per space (worker w reads spaces[w], with its
    // own scratch); rows are written by index, so the order workers take cells in changes nothing.
    std::vector<std::unique_ptr<AuditScratch, AuditScratchDeleter>> scratches(spaces.size());
    std::atomic<std::size_t> rows_done{0};
    std::atomic<bool> cancelled{false};
    const auto audit_cell = [&](int worker, std::size_t c) {
        if (cancelled || (options.cancel != nullptr && options.cancel->load())) {
            cancelled = true;
            return;
        }
        const auto w = static_cast<std::size_t>(worker);
        const ChaseSpace& space = *spaces[w];
        if (scratches[w] == nullptr) {
            scratches[w] = make_audit_scratch(space, flood);
        }
        AuditScratch& scratch = *scratches[w];
        for (std::size_t k = 0; k < d; ++k) {
            AuditRow& row = rows[c * d + k];
            row = audit_seed(space, scratch, settings, cell_at(c), static_cast<int>(k));
            if (options.on_row) {
                options.on_row(row, scratch.flood);
            }
        }
        const std::size_t done = rows_done += d;
        if (options.on_progress) {
            options.on_progress(done, rows.size());
        }
    };
    parallel_for(count, static_cast<int>(spaces.size()), audit_cell);
    if (cancelled) {
        throw AuditCancelled();
    }
    return rows;
}

}  // namespace

std::vector<AuditRow> audit_rows(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                 const AuditSettings& settings, AuditCellRange range,
                                 const AuditOptions& options) {
    check_spaces(spaces);
    check_settings(flood, settings);
    const std::size_t cell_count = spaces[0]->cells().size();
    if (range.first > range.end || range.end > cell_count) {
        throw std::invalid_argument("audit: the cell range must lie within the space's cells");
    }
    return rows_of_cells(
        spaces, flood, settings, range.end - range.first,
        [first = range.first](std::size_t i) { return static_cast<CellId>(first + i); }, options);
}

std::vector<AuditRow> audit_cell_rows(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                                      const AuditSettings& settings, std::span<const CellId> cells,
                                      const AuditOptions& options) {
    check_spaces(spaces);
    check_settings(flood, settings);
    const std::size_t cell_count = spaces[0]->cells().size();
    if (std::any_of(cells.begin(), cells.end(), [&](CellId c) { return c >= cell_count; })) {
        throw std::invalid_argument("audit: every cell must be one of the space's cells");
    }
    return rows_of_cells(
        spaces, flood, settings, cells.size(), [cells](std::size_t i) { return cells[i]; }, options);
}

AuditResult audit_result_from_rows(std::vector<AuditRow> rows, int directions, std::size_t cell_count) {
    if (directions < 1 || rows.size() != audit_row_count(cell_count, directions)) {
        throw std::invalid_argument("audit: " + std::to_string(rows.size()) + " rows for " +
                                    std::to_string(cell_count) + " cells x " + std::to_string(directions) +
                                    " directions");
    }
    AuditResult result;
    result.directions = directions;
    result.rows = std::move(rows);
    summarise(result, cell_count);
    return result;
}

AuditResult audit(std::span<const ChaseSpace* const> spaces, const FloodSettings& flood,
                  const AuditSettings& settings, const AuditOptions& options) {
    check_spaces(spaces);
    const std::size_t cell_count = spaces[0]->cells().size();
    std::vector<AuditRow> rows = audit_rows(spaces, flood, settings, {0, cell_count}, options);
    return audit_result_from_rows(std::move(rows), settings.directions, cell_count);
}

AuditResult audit(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings,
                  int threads, const AuditOptions& options) {
    if (threads < 1) {
        throw std::invalid_argument("audit: threads must be >= 1");
    }
    const std::vector<const ChaseSpace*> spaces(static_cast<std::size_t>(threads), &space);
    return audit(spaces, flood, settings, options);
}

}  // namespace kinema::chase
