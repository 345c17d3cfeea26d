// The audit's first definitions, kept as they were written (audit_reference.hpp).
#include "audit_reference.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "kinema/chase/audit_shape.hpp"

namespace kinema::chase::testing {

namespace {

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

ReferenceAudit::ReferenceAudit(const ChaseSpace& space, const FloodSettings& flood,
                               const AuditSettings& settings)
    : space_(space),
      settings_(settings),
      flood_(flood),
      stamp_(space.cells().size(), 0),
      slot_(space.cells().size(), 0) {
    flood_.set_grid_path(GridPath::never);
}

void ReferenceAudit::next_epoch() {
    if (++epoch_ == 0) {
        std::fill(stamp_.begin(), stamp_.end(), 0u);
        epoch_ = 1;
    }
}

double ReferenceAudit::along_cells(CellId from, CellId to) {
    if (from == to) {
        return 0.0;
    }
    const CellSpace& cells = space_.cells();
    next_epoch();
    dist_.clear();
    heap_.clear();
    const auto visit = [&](CellId c, double d) {
        if (stamp_[c] != epoch_) {
            stamp_[c] = epoch_;
            slot_[c] = static_cast<std::uint32_t>(dist_.size());
            dist_.push_back(std::numeric_limits<double>::infinity());
        }
        double& best = dist_[slot_[c]];
        if (d < best) {
            best = d;
            heap_.emplace_back(d, c);
            std::push_heap(heap_.begin(), heap_.end(), std::greater<>{});
        }
    };
    visit(from, 0.0);
    while (!heap_.empty()) {
        std::pop_heap(heap_.begin(), heap_.end(), std::greater<>{});
        const auto [d, c] = heap_.back();
        heap_.pop_back();
        if (d > dist_[slot_[c]]) {
            continue;
        }
        if (c == to) {
            return d;
        }
        for (const CellId n : cells.neighbours(c)) {
            if (heated(n)) {
                visit(n, d + distance(cells.positions()[c], cells.positions()[n]));
            }
        }
    }
    return std::numeric_limits<double>::infinity();
}

bool ReferenceAudit::in_sight(CellId a, CellId b) const {
    const CellSpace& cells = space_.cells();
    const Vec3 pa = cells.positions()[a];
    const Vec3 pb = cells.positions()[b];
    const Vec2 d = cells.planar(pb - pa);
    const double length = std::sqrt(planar_dot(d, d));
    if (length == 0.0) {
        return true;
    }
    return !space_.dead_reckoning(pa, pb - pa, length).blocked;
}

bool ReferenceAudit::short_of_a_corner(CellId destination) {
    const CellSpace& cells = space_.cells();
    next_epoch();
    queue_.clear();
    queue_.emplace_back(destination, 0);
    stamp_[destination] = epoch_;
    for (std::size_t i = 0; i < queue_.size(); ++i) {
        const auto [c, depth] = queue_[i];
        if (c != destination && heated(c) && !in_sight(destination, c)) {
            return true;
        }
        if (depth == settings_.corner_radius) {
            continue;
        }
        for (const CellId n : cells.neighbours(c)) {
            if (stamp_[n] != epoch_) {
                stamp_[n] = epoch_;
                queue_.emplace_back(n, depth + 1);
            }
        }
    }
    return false;
}

bool ReferenceAudit::next_to_heat(CellId c) const {
    const auto ns = space_.cells().neighbours(c);
    return std::any_of(ns.begin(), ns.end(), [&](CellId n) { return heated(n); });
}

bool ReferenceAudit::barrier_cannot_follow(CellId u, Vec2 dir) const {
    const CellSpace& cells = space_.cells();
    bool beside_barrier = false;
    for (const CellId b : cells.neighbours(u)) {
        if (flood_.state(b) == CellState::barrier) {
            if (planar_dot(cells.planar_positions()[u] - cells.planar_positions()[b], dir) < 0.0) {
                return false;
            }
            beside_barrier = true;
        }
    }
    return beside_barrier;
}

bool ReferenceAudit::closed_off_region(CellId u) {
    const CellSpace& cells = space_.cells();
    queue_.clear();
    queue_.emplace_back(u, 0);
    stamp_[u] = epoch_;
    for (std::size_t i = 0; i < queue_.size() && i < exit_search_cells; ++i) {
        const CellId c = queue_[i].first;
        if (next_to_heat(c)) {
            return false;
        }
        for (const CellId n : cells.neighbours(c)) {
            if (stamp_[n] != epoch_ && flood_.state(n) == CellState::untouched) {
                stamp_[n] = epoch_;
                queue_.emplace_back(n, 0);
            }
        }
    }
    return queue_.size() >= static_cast<std::size_t>(settings_.exit_cells);
}

bool ReferenceAudit::barrier_blocks_exit(Vec2 dir) {
    const CellSpace& cells = space_.cells();
    next_epoch();
    for (const CellId b : flood_.barrier_cells()) {
        for (const CellId u : cells.neighbours(b)) {
            if (stamp_[u] == epoch_ || flood_.state(u) != CellState::untouched ||
                !barrier_cannot_follow(u, dir)) {
                continue;
            }
            if (closed_off_region(u)) {
                return true;
            }
        }
    }
    return false;
}

// The junction behind the seed (exit_junction) from the places' own searches (audit_shape.hpp): every cell
// of the ball of corner_radius + exit_cells steps around the seed, behind the heading, asked for its ways out
// afresh; no cache, no early answer.
bool ReferenceAudit::junction_behind(CellId seed, Vec2 dir) const {
    const CellSpace& cells = space_.cells();
    const CellBall ball = cell_ball(cells, {seed}, settings_.corner_radius + settings_.exit_cells);
    const Vec2 at = cells.planar_positions()[seed];
    bool found = false;
    for (const CellId c : ball.cells) {
        const bool behind = planar_dot(cells.planar_positions()[c] - at, dir) < 0.0;
        found = found || (behind && ways_out(cells, {c}, 0, settings_.exit_cells).size() >= 3);
    }
    return found;
}

AuditRow ReferenceAudit::row(CellId cell, int k) {
    const CellSpace& cells = space_.cells();
    const Vec2 dir = audit_direction(k, settings_.directions);
    ChaseQuery query;
    query.position = cells.positions()[cell];
    query.direction = world_direction(cells, dir);
    const ChaseResult r = run_chase(space_, flood_, query);
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
    row.along_cells_distance = along_cells(f.seed_cell, f.destination_cell);
    row.dead_reckoning_gap = distance(r.dead_reckoning.position, f.destination);
    const Vec2 ahead = cells.planar(f.destination - r.seed_position);
    const auto set = [&](Finding finding, bool on) {
        row.findings |= on ? static_cast<std::uint8_t>(finding) : std::uint8_t{0};
    };
    set(Finding::wrong_way, planar_dot(ahead, dir) < 0.0);
    set(Finding::gives_up_at_once,
        f.stop_reason == StopReason::too_many_heated && f.steps <= settings_.give_up_steps);
    set(Finding::short_of_a_corner, short_of_a_corner(f.destination_cell));
    set(Finding::barrier_blocks_exit,
        barrier_blocks_exit(dir) && (!settings_.exit_junction || junction_behind(cell, dir)));
    return row;
}

std::vector<AuditRow> ReferenceAudit::rows() {
    std::vector<AuditRow> out;
    const auto n = static_cast<CellId>(space_.cells().size());
    for (CellId c = 0; c < n; ++c) {
        for (int k = 0; k < settings_.directions; ++k) {
            out.push_back(row(c, k));
        }
    }
    return out;
}

}  // namespace kinema::chase::testing
