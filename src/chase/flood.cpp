#include "kinema/chase/flood.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace kinema::chase {

namespace {

// Upper bounds keep every step index and code in 32 bits (see Flood::mark_).
constexpr int max_hot = 1000000;
constexpr int max_max_steps = 1000000;

// Mark of the filler id size() in padded neighbour lists: always "touched", so the filler is never taken.
constexpr std::uint32_t filler_mark = std::numeric_limits<std::uint32_t>::max();

// Neighbour lists as the flood walks them: CSR (any degree) or padded to a compile-time stride, where the
// inner loops have a fixed trip count.
struct CsrNeighbours {
    const std::uint32_t* offsets;
    const CellId* ids;
    const CellId* begin(CellId c) const { return ids + offsets[c]; }
    const CellId* end(CellId c) const { return ids + offsets[c + 1]; }
};

template <std::size_t Stride>
struct PaddedNeighbours {
    const CellId* ids;
    const CellId* begin(CellId c) const { return ids + static_cast<std::size_t>(c) * Stride; }
    const CellId* end(CellId c) const { return begin(c) + Stride; }
};

// Heat phase (spec B.1-B.3): appends the untouched neighbours of heated[frontier_begin, frontier_end) to
// heated, marking each as it is found so that it is taken once. Returns the new end, or stops early and
// returns a value > limit as soon as more than M_H cells were found.
template <class Neighbours>
std::size_t spread_heat(const Neighbours& nbs, std::uint32_t* mark, CellId* heated,
                        std::size_t frontier_begin, std::size_t frontier_end, std::size_t limit,
                        std::uint32_t base, std::uint32_t code) {
    std::size_t n = frontier_end;
    for (std::size_t f = frontier_begin; f < frontier_end; ++f) {
        const CellId c = heated[f];
        for (const CellId *p = nbs.begin(c), *end = nbs.end(c); p != end; ++p) {
            const CellId nb = *p;
            if (mark[nb] < base) {
                mark[nb] = code;
                heated[n++] = nb;
            }
        }
        if (n > limit) {
            break;
        }
    }
    return n;
}

// Barrier phase (spec B.5): appends the untouched neighbours of barrier[begin, end) that lie strictly in the
// opposite half-plane of their barrier cell. Returns the new end.
template <class Neighbours>
std::size_t spread_barrier(const Neighbours& nbs, std::uint32_t* mark, CellId* barrier, std::size_t begin,
                           std::size_t end, const Vec2* planar, Vec2 dir, std::uint32_t base,
                           std::uint32_t code) {
    std::size_t b = end;
    for (std::size_t f = begin; f < end; ++f) {
        const CellId c = barrier[f];
        const Vec2 pc = planar[c];
        for (const CellId *p = nbs.begin(c), *stop = nbs.end(c); p != stop; ++p) {
            const CellId nb = *p;
            if (mark[nb] < base && dot(planar[nb] - pc, dir) < 0.0) {
                mark[nb] = code;
                barrier[b++] = nb;
            }
        }
    }
    return b;
}

// Room for every cell a run can heat. With padded lists a step stops scanning once more than M_H cells
// were found, so at most 1 + (M_S - 1) * M_H cells from earlier steps plus M_H + stride found in the last
// one: about 1,000 entries for the defaults instead of one per cell (4 bytes per tile on a 4096 x 4096 map,
// issue 10 "Set-up"). CSR lists (any degree) keep one entry per cell.
std::size_t heated_capacity(const CellSpace& space, const FloodSettings& s) {
    const std::size_t stride = space.padded_stride();
    if (stride == 0) {
        return space.size();
    }
    const auto bound =
        1u + static_cast<std::size_t>(s.max_steps) * static_cast<std::size_t>(s.max_heated) + stride;
    return std::min(space.size(), bound);
}

}  // namespace

namespace {

// Seed 002's symbols (H, M_H, M_S) in the docs; ranges as flood.hpp documents them.
using F = FloodSettings;
constexpr std::array<FieldChoice, 2> kDestinations{{
    {"nearest_heated", static_cast<double>(DestinationRule::nearest_heated)},
    {"nearest_warm", static_cast<double>(DestinationRule::nearest_warm)},
}};
constexpr std::array kFloodFields{
    field<F, &F::hot>("hot", "heat", closed_range(1, max_hot), "H: the heat a newly heated cell gets"),
    field<F, &F::max_heated>("max_heated", "cells", at_least(1),
                             "M_H: more newly heated cells in a step stop it"),
    field<F, &F::max_steps>("max_steps", "steps", closed_range(0, max_max_steps),
                            "M_S: propagation steps at most"),
    field<F, &F::max_restarts>("max_restarts", "count", at_least(-1),
                               "re-seeds accepted per chase; -1 no cap"),
    field<F, &F::destination>("destination", "choice", {}, "which cells the destination is chosen from",
                              kDestinations),
};
constexpr SettingsDescription kFloodDescription{"FloodSettings", kFloodFields, {}};

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<FloodSettings>) noexcept {
    return kFloodDescription;
}

FloodSettings FloodSettings::difficulty(int level) {
    // seed 002 Table 1: M_S was Dishonored 2's difficulty variable, 20 / 30 / 40 for levels 1 / 2 / 3.
    if (level < 1 || level > 3) {
        throw SettingsError("flood settings",
                            {{"difficulty", "must be 1, 2 or 3, got " + std::to_string(level)}});
    }
    FloodSettings s;
    s.max_steps = 10 + 10 * level;
    return s;
}

std::string_view to_string(StopReason reason) {
    switch (reason) {
        case StopReason::exhausted:
            return "exhausted";
        case StopReason::too_many_heated:
            return "too_many_heated";
        case StopReason::max_steps:
            return "max_steps";
    }
    return "unknown";
}

Flood::Flood(FloodSettings settings) {
    set_settings(settings);
}

void Flood::set_settings(const FloodSettings& settings) {
    throw_if_invalid("flood settings", settings.validate());
    settings_ = settings;
}

void Flood::start(const CellSpace& space, SeedLocation seed_location, Vec2 direction) {
    if (seed_location.cell >= space.size()) {
        throw std::invalid_argument("flood: seed cell " + std::to_string(seed_location.cell) +
                                    " is not a cell of the space (" + std::to_string(space.size()) +
                                    " cells)");
    }
    if (!is_finite(direction)) {
        throw std::invalid_argument("flood: direction is not finite");
    }
    run_settings_ = settings_;
    if (space_ == nullptr || mark_.size() != space.size() + 1) {
        // First run on a space of this size: with heated_ below, the only allocations a Flood makes.
        mark_.assign(space.size() + 1, 0);
        mark_.back() = filler_mark;
        barrier_.assign(space.size(), 0);
        base_ = 1;
        generation_end_ = 1;
    }
    const std::size_t heated_needed = heated_capacity(space, run_settings_);
    if (heated_.size() < heated_needed) {
        heated_.assign(heated_needed, 0);
    }
    const auto steps = static_cast<std::size_t>(run_settings_.max_steps);
    if (step_begin_.size() < steps + 2) {
        step_begin_.resize(steps + 2);
    }
    space_ = &space;
    restarts_ = 0;
    seed(seed_location, direction);
}

bool Flood::restart(SeedLocation seed_location, Vec2 direction) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: restart() before start()");
    }
    if (seed_location.cell >= space_->size()) {
        throw std::invalid_argument("flood: seed cell " + std::to_string(seed_location.cell) +
                                    " is not a cell of the space");
    }
    if (!is_finite(direction)) {
        throw std::invalid_argument("flood: direction is not finite");
    }
    if (run_settings_.max_restarts >= 0 && restarts_ >= run_settings_.max_restarts) {
        return false;
    }
    ++restarts_;
    seed(seed_location, direction);
    return true;
}

void Flood::next_generation() {
    // Codes of one run are base_ + 0 .. base_ + M_S + 1 (heated step or barrier). A new run starts above
    // every code of the previous one, so old marks read as untouched without clearing the array; only when 32
    // bits run out (after ~10^8 runs) is the array cleared.
    const auto stride = static_cast<std::uint32_t>(run_settings_.max_steps) + 2u;
    if (generation_end_ > std::numeric_limits<std::uint32_t>::max() - stride) {
        std::fill(mark_.begin(), mark_.end(), 0u);
        mark_.back() = filler_mark;
        generation_end_ = 1;
    }
    base_ = generation_end_;
    generation_end_ = base_ + stride;
    barrier_code_ = base_ + stride - 1u;
}

void Flood::seed(SeedLocation seed_location, Vec2 direction) {
    next_generation();
    seed_ = seed_location;
    direction_ = direction;
    step_ = 0;
    finished_ = false;
    stop_reason_ = StopReason::exhausted;

    // Step A.1: heat the seed cell (heated at step 0).
    const CellId s = seed_location.cell;
    mark_[s] = base_;
    heated_[0] = s;
    heated_count_ = 1;
    step_begin_[0] = 0;
    step_begin_[1] = 1;

    // Step A.2: its neighbours strictly in the opposite half-plane become the barrier (spec: dot < 0).
    const Vec2* planar = space_->planar_positions().data();
    const Vec2 ps = planar[s];
    barrier_count_ = 0;
    for (const CellId n : space_->neighbours(s)) {
        if (mark_[n] < base_ && dot(planar[n] - ps, direction) < 0.0) {
            mark_[n] = barrier_code_;
            barrier_[barrier_count_++] = n;
        }
    }
    barrier_frontier_begin_ = 0;

    if (run_settings_.max_steps == 0) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
}

bool Flood::step() {
    if (finished_) {
        return false;
    }
    switch (space_->padded_stride()) {
        case 8:
            return step_with(PaddedNeighbours<8>{space_->padded_neighbour_ids().data()});
        case 4:
            return step_with(PaddedNeighbours<4>{space_->padded_neighbour_ids().data()});
        default:
            return step_with(CsrNeighbours{space_->offsets().data(), space_->neighbour_ids().data()});
    }
}

template <class Neighbours>
bool Flood::step_with(const Neighbours& nbs) {
    std::uint32_t* mark = mark_.data();
    CellId* heated = heated_.data();
    const std::uint32_t base = base_;

    // Phase 1, heat. Marking a cell as it is found makes "each once" free; an overflow undoes the marks (the
    // step is discarded, spec B.3).
    const int k = step_ + 1;
    const std::size_t frontier_begin = step_begin_[static_cast<std::size_t>(step_)];
    const std::size_t frontier_end = heated_count_;
    const std::size_t limit = frontier_end + static_cast<std::size_t>(run_settings_.max_heated);
    const std::size_t n = spread_heat(nbs, mark, heated, frontier_begin, frontier_end, limit, base,
                                      base + static_cast<std::uint32_t>(k));
    if (n > limit) {
        // More than M_H new cells: the map stays as after step k-1.
        for (std::size_t i = frontier_end; i < n; ++i) {
            mark[heated[i]] = 0;
        }
        finished_ = true;
        stop_reason_ = StopReason::too_many_heated;
        return false;
    }
    if (n == frontier_end) {
        finished_ = true;
        stop_reason_ = StopReason::exhausted;
        return false;
    }
    // Cooling (spec B.4) is implicit: value = max(0, H - (step - heated step)).
    heated_count_ = n;
    step_ = k;
    step_begin_[static_cast<std::size_t>(k) + 1] = n;

    // Phase 2, barrier: grows from last step's barrier cells into their own opposite half-plane (spec B.5).
    const std::size_t barrier_end = barrier_count_;
    barrier_count_ = spread_barrier(nbs, mark, barrier_.data(), barrier_frontier_begin_, barrier_end,
                                    space_->planar_positions().data(), direction_, base, barrier_code_);
    barrier_frontier_begin_ = barrier_end;

    if (k == run_settings_.max_steps) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
    return true;
}

bool Flood::advance(int max_steps) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: advance() before start()");
    }
    for (int i = 0; i < max_steps && !finished_; ++i) {
        step();
    }
    return finished_;
}

FloodResult Flood::run() {
    if (space_ == nullptr) {
        throw std::logic_error("flood: run() before start()");
    }
    while (!finished_) {
        step();
    }
    return result();
}

void Flood::check_run_speed(double run_speed) {
    FieldErrors errors;
    require_greater(errors, "run_speed", run_speed, 0.0);
    throw_if_invalid("paced flood", errors);
}

bool Flood::step_due(double seconds, double run_speed) const {
    // Spec "Beyond": step k happens once k * cell_size / run_speed seconds have passed.
    const double k = static_cast<double>(step_ + 1);
    return k * space_->cell_size() / run_speed <= seconds;
}

bool Flood::advance_until(double seconds, double run_speed) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: advance_until() before start()");
    }
    check_run_speed(run_speed);
    while (!finished_ && step_due(seconds, run_speed)) {
        step();
    }
    return finished_;
}

FloodResult Flood::result() const {
    if (space_ == nullptr) {
        throw std::logic_error("flood: result() before start()");
    }
    FloodResult r;
    r.seed_cell = seed_.cell;
    r.seed_snapped = seed_.snapped;
    r.steps = step_;
    r.finished = finished_;
    r.stop_reason = stop_reason_;
    r.heated_cells = heated_count_;
    r.barrier_cells = barrier_count_;

    // Warm cells are those heated at steps j > step - H: a suffix of heated_ (lazy cooling).
    const Vec3* pos = space_->positions().data();
    const int hot = run_settings_.hot;
    const int first_warm_step = std::max(0, step_ - hot + 1);
    const std::size_t warm_begin = step_begin_[static_cast<std::size_t>(first_warm_step)];
    r.warm_cells = heated_count_ - warm_begin;
    Vec3 sum;
    double weight = 0.0;
    for (int j = first_warm_step; j <= step_; ++j) {
        // Cells heated at the same step share one value, so sum their centres first and weight the sum once.
        const double w = static_cast<double>(hot - (step_ - j));
        const std::size_t begin = step_begin_[static_cast<std::size_t>(j)];
        const std::size_t end = step_begin_[static_cast<std::size_t>(j) + 1];
        Vec3 group;
        for (std::size_t i = begin; i < end; ++i) {
            group = group + pos[heated_[i]];
        }
        sum = sum + group * w;
        weight += w * static_cast<double>(end - begin);
    }
    // weight > 0: the cells heated at the last step hold H >= 1.
    r.centroid = sum / weight;

    // Destination: the heated cell (value >= 0) nearest the centroid; ties go to the lowest id. Warm cells
    // are the suffix from warm_begin, so the nearest_warm option only narrows the range.
    double best = std::numeric_limits<double>::infinity();
    CellId best_cell = no_cell;
    const std::size_t first_candidate =
        run_settings_.destination == DestinationRule::nearest_warm ? warm_begin : std::size_t{0};
    for (std::size_t i = first_candidate; i < heated_count_; ++i) {
        const CellId c = heated_[i];
        const double d2 = length_squared(pos[c] - r.centroid);
        if (d2 < best || (d2 == best && c < best_cell)) {
            best = d2;
            best_cell = c;
        }
    }
    r.destination_cell = best_cell;
    r.destination = pos[best_cell];
    return r;
}

int Flood::value(CellId c) const {
    if (space_ == nullptr) {
        return untouched_value;
    }
    const std::uint32_t m = mark_[c];
    if (m < base_) {
        return untouched_value;
    }
    if (m == barrier_code_) {
        return barrier_value;
    }
    const int heated_step = static_cast<int>(m - base_);
    return std::max(0, run_settings_.hot - (step_ - heated_step));
}

CellState Flood::state(CellId c) const {
    if (space_ == nullptr) {
        return CellState::untouched;
    }
    const std::uint32_t m = mark_[c];
    if (m < base_) {
        return CellState::untouched;
    }
    return m == barrier_code_ ? CellState::barrier : CellState::heated;
}

FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings) {
    Flood flood(settings);
    flood.start(space, seed, direction);
    return flood.run();
}

}  // namespace kinema::chase
