#include "baseline_flood.hpp"

#include <limits>

namespace kinema::chase::bench {

void BaselineFlood::reset(std::size_t cells) {
    if (value_.size() != cells) {
        value_.assign(cells, untouched_value);
        queued_.assign(cells, 0);
    }
    // Put back only what the last run touched.
    for (const CellId c : heated_) {
        value_[c] = untouched_value;
    }
    for (const CellId c : barrier_) {
        value_[c] = untouched_value;
    }
    heated_.clear();
    barrier_.clear();
}

FloodResult BaselineFlood::run(const CellSpace& space, CellId seed, Vec2 direction) {
    reset(space.size());
    const int hot = settings_.hot;
    const auto max_heated = static_cast<std::size_t>(settings_.max_heated);

    // Step A: heat the seed, barrier behind it.
    value_[seed] = hot;
    heated_.push_back(seed);
    frontier_.assign(1, seed);
    barrier_frontier_.clear();
    for (const CellId n : space.neighbours(seed)) {
        if (value_[n] == untouched_value &&
            dot(space.planar_position(n) - space.planar_position(seed), direction) < 0.0) {
            value_[n] = barrier_value;
            barrier_.push_back(n);
            barrier_frontier_.push_back(n);
        }
    }

    int steps = 0;
    StopReason reason = StopReason::max_steps;
    for (int k = 1; k <= settings_.max_steps; ++k) {
        // B.1: untouched neighbours of the heat frontier, each once.
        next_.clear();
        for (const CellId c : frontier_) {
            for (const CellId n : space.neighbours(c)) {
                if (value_[n] == untouched_value && !queued_[n]) {
                    queued_[n] = 1;
                    next_.push_back(n);
                }
            }
        }
        for (const CellId n : next_) {
            queued_[n] = 0;
        }
        // B.2, B.3.
        if (next_.empty()) {
            reason = StopReason::exhausted;
            break;
        }
        if (next_.size() > max_heated) {
            reason = StopReason::too_many_heated;
            break;
        }
        // B.4: cool every heated cell, then heat the new ones.
        for (const CellId c : heated_) {
            if (value_[c] > 0) {
                --value_[c];
            }
        }
        for (const CellId n : next_) {
            value_[n] = hot;
            heated_.push_back(n);
        }
        frontier_.swap(next_);
        // B.5: barrier grows into its own opposite half-plane.
        barrier_next_.clear();
        for (const CellId b : barrier_frontier_) {
            for (const CellId n : space.neighbours(b)) {
                if (value_[n] == untouched_value &&
                    dot(space.planar_position(n) - space.planar_position(b), direction) < 0.0) {
                    value_[n] = barrier_value;
                    barrier_.push_back(n);
                    barrier_next_.push_back(n);
                }
            }
        }
        barrier_frontier_.swap(barrier_next_);
        steps = k;
    }
    return result(space, seed, steps, reason);
}

FloodResult BaselineFlood::result(const CellSpace& space, CellId seed, int steps, StopReason reason) const {
    FloodResult r;
    r.seed_cell = seed;
    r.steps = steps;
    r.finished = true;
    r.stop_reason = reason;
    r.heated_cells = heated_.size();
    r.barrier_cells = barrier_.size();
    // Centroid of the warm cells, weighted by value (exact in any order: chase-flood-spec.md "Cost").
    Vec3 sum;
    double weight = 0.0;
    for (const CellId c : heated_) {
        if (value_[c] > 0) {
            ++r.warm_cells;
            sum = sum + space.position(c) * static_cast<double>(value_[c]);
            weight += value_[c];
        }
    }
    r.centroid = sum / weight;
    const bool warm_only = settings_.destination == DestinationRule::nearest_warm;
    double best = std::numeric_limits<double>::infinity();
    for (const CellId c : heated_) {
        if (warm_only && value_[c] == 0) {
            continue;
        }
        const double d2 = length_squared(space.position(c) - r.centroid);
        if (d2 < best || (d2 == best && c < r.destination_cell)) {
            best = d2;
            r.destination_cell = c;
        }
    }
    r.destination = space.position(r.destination_cell);
    return r;
}

}  // namespace kinema::chase::bench
