// The level audit's seed as it was first written (issue 45's starting commit c8d8bc3, src/chase/audit.cpp):
// the generic flood, then each finding from fresh searches over Flood::state -- a Dijkstra over the heated
// cells for chase_distance_along_cells, a breadth-first search and a sight line per cell for
// short_of_a_corner, the barrier walk with its region searches for barrier_blocks_exit. Test-only: the
// library's audit_seed shares and caches this work (docs/performance.md "Level audit") and must give the
// same rows, which tests/chase/audit_fast_test.cpp checks. barrier_blocks_exit's junction behind the seed
// (exit_junction, issue 45) was added later, from the places' searches (audit_shape.hpp).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "kinema/chase/audit.hpp"

namespace kinema::chase::testing {

class ReferenceAudit {
  public:
    ReferenceAudit(const ChaseSpace& space, const FloodSettings& flood, const AuditSettings& settings);
    /// The row of cell `cell` in direction k, by the first definitions.
    AuditRow row(CellId cell, int k);
    /// Every row, cell-major (what audit() returns in AuditResult::rows).
    std::vector<AuditRow> rows();

  private:
    void next_epoch();
    bool heated(CellId c) const { return flood_.state(c) == CellState::heated; }
    double along_cells(CellId from, CellId to);
    bool in_sight(CellId a, CellId b) const;
    bool short_of_a_corner(CellId destination);
    bool next_to_heat(CellId c) const;
    bool barrier_cannot_follow(CellId u, Vec2 dir) const;
    bool closed_off_region(CellId u);
    bool barrier_blocks_exit(Vec2 dir);
    bool junction_behind(CellId seed, Vec2 dir) const;

    const ChaseSpace& space_;
    AuditSettings settings_;
    Flood flood_;
    std::vector<std::uint32_t> stamp_;
    std::uint32_t epoch_ = 0;
    std::vector<std::uint32_t> slot_;
    std::vector<double> dist_;
    std::vector<std::pair<double, CellId>> heap_;
    std::vector<std::pair<CellId, int>> queue_;
};

}  // namespace kinema::chase::testing
