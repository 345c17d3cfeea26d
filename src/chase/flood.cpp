#include "kinema/chase/flood.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "flood_generic.hpp"
#include "flood_grid.hpp"

namespace kinema::chase {

namespace detail {

// The two engines a Flood runs (flood_generic.hpp, flood_grid.hpp), each keeping its own scratch so that a
// Flood moving between grids and other spaces reuses both.
class FloodEngines {
  public:
    GenericFlood generic;
    GridFlood grid;
};

}  // namespace detail

namespace {

void check_seed(const CellSpace& space, SeedLocation seed_location, Vec2 direction, bool name_space_size) {
    if (seed_location.cell >= space.size()) {
        throw std::invalid_argument(
            "flood: seed cell " + std::to_string(seed_location.cell) + " is not a cell of the space" +
            (name_space_size ? " (" + std::to_string(space.size()) + " cells)" : std::string()));
    }
    if (!is_finite(direction)) {
        throw std::invalid_argument("flood: direction is not finite");
    }
}

}  // namespace

Flood::Flood(FloodSettings settings) : engines_(std::make_unique<detail::FloodEngines>()) {
    set_settings(settings);
}

Flood::Flood(const Flood& other)
    : settings_(other.settings_),
      run_settings_(other.run_settings_),
      grid_path_(other.grid_path_),
      space_(other.space_),
      grid_mode_(other.grid_mode_),
      engines_(std::make_unique<detail::FloodEngines>(*other.engines_)),
      seed_(other.seed_),
      step_(other.step_),
      finished_(other.finished_),
      stop_reason_(other.stop_reason_),
      restarts_(other.restarts_) {}

Flood& Flood::operator=(const Flood& other) {
    if (this != &other) {
        Flood copy(other);
        *this = std::move(copy);
    }
    return *this;
}

// The moved-from Flood reads as never started (its engines went with the move).
Flood::Flood(Flood&& other) noexcept
    : settings_(other.settings_),
      run_settings_(other.run_settings_),
      grid_path_(other.grid_path_),
      space_(std::exchange(other.space_, nullptr)),
      grid_mode_(other.grid_mode_),
      engines_(std::move(other.engines_)),
      seed_(other.seed_),
      step_(other.step_),
      finished_(other.finished_),
      stop_reason_(other.stop_reason_),
      restarts_(other.restarts_) {}

Flood& Flood::operator=(Flood&& other) noexcept {
    if (this != &other) {
        settings_ = other.settings_;
        run_settings_ = other.run_settings_;
        grid_path_ = other.grid_path_;
        space_ = std::exchange(other.space_, nullptr);
        grid_mode_ = other.grid_mode_;
        engines_ = std::move(other.engines_);
        seed_ = other.seed_;
        step_ = other.step_;
        finished_ = other.finished_;
        stop_reason_ = other.stop_reason_;
        restarts_ = other.restarts_;
    }
    return *this;
}

Flood::~Flood() = default;

void Flood::set_settings(const FloodSettings& settings) {
    throw_if_invalid("flood settings", settings.validate());
    settings_ = settings;
}

void Flood::start(const CellSpace& space, SeedLocation seed_location, Vec2 direction) {
    check_seed(space, seed_location, direction, true);
    if (engines_ == nullptr) {  // a moved-from Flood started again
        engines_ = std::make_unique<detail::FloodEngines>();
    }
    run_settings_ = settings_;
    // automatic and always agree since the grid path took fewer instructions than the generic flood on
    // every shared map (docs/chase.md, "Performance").
    grid_mode_ = grid_path_ != GridPath::never && detail::GridFlood::fits(space, run_settings_);
    if (grid_mode_) {
        engines_->grid.prepare(space, run_settings_);
    } else {
        engines_->generic.prepare(space, run_settings_);
    }
    space_ = &space;
    restarts_ = 0;
    seed(seed_location, direction);
}

bool Flood::restart(SeedLocation seed_location, Vec2 direction) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: restart() before start()");
    }
    check_seed(*space_, seed_location, direction, false);
    if (run_settings_.max_restarts >= 0 && restarts_ >= run_settings_.max_restarts) {
        return false;
    }
    ++restarts_;
    seed(seed_location, direction);
    return true;
}

void Flood::seed(SeedLocation seed_location, Vec2 direction) {
    seed_ = seed_location;
    step_ = 0;
    finished_ = false;
    stop_reason_ = StopReason::exhausted;
    if (grid_mode_) {
        engines_->grid.seed(seed_location.cell, direction);
    } else {
        engines_->generic.seed(seed_location.cell, direction);
    }
    if (run_settings_.max_steps == 0) {
        finished_ = true;
        stop_reason_ = StopReason::max_steps;
    }
}

int Flood::run_steps(int max_steps) {
    detail::FloodProgress progress{step_, finished_, stop_reason_};
    if (grid_mode_) {
        engines_->grid.steps(progress, max_steps);
    } else {
        engines_->generic.steps(progress, max_steps);
    }
    const int done = progress.step - step_;
    step_ = progress.step;
    finished_ = progress.finished;
    stop_reason_ = progress.stop_reason;
    return done;
}

bool Flood::step() {
    if (finished_) {
        return false;
    }
    return run_steps(1) == 1;
}

bool Flood::advance(int max_steps) {
    if (space_ == nullptr) {
        throw std::logic_error("flood: advance() before start()");
    }
    if (!finished_) {
        run_steps(max_steps);  // the same steps as max_steps calls of step(), in one loop
    }
    return finished_;
}

FloodResult Flood::run() {
    if (space_ == nullptr) {
        throw std::logic_error("flood: run() before start()");
    }
    if (!finished_) {
        run_steps(run_settings_.max_steps);  // one loop: thin floods run many cheap steps
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
    if (grid_mode_) {
        engines_->grid.fill_result(r, step_);
    } else {
        engines_->generic.fill_result(r, step_);
    }
    return r;
}

int Flood::value(CellId c) const {
    if (space_ == nullptr) {
        return untouched_value;
    }
    const int j = grid_mode_ ? engines_->grid.heated_step(c, step_) : engines_->generic.heated_step(c);
    return j == detail::untouched_step ? untouched_value
           : j == detail::barrier_step ? barrier_value
                                       : std::max(0, run_settings_.hot - (step_ - j));
}

CellState Flood::state(CellId c) const {
    if (space_ == nullptr) {
        return CellState::untouched;
    }
    if (!grid_mode_) {
        return engines_->generic.state(c);
    }
    const int j = engines_->grid.heated_step(c, step_);
    return j == detail::untouched_step ? CellState::untouched
           : j == detail::barrier_step ? CellState::barrier
                                       : CellState::heated;
}

std::span<const CellId> Flood::heated_cells() const {
    if (space_ == nullptr) {
        return {};
    }
    return grid_mode_ ? engines_->grid.heated_cells(step_) : engines_->generic.heated_cells();
}

std::span<const CellId> Flood::barrier_cells() const {
    if (space_ == nullptr) {
        return {};
    }
    return grid_mode_ ? engines_->grid.barrier_cells(step_) : engines_->generic.barrier_cells();
}

FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings) {
    Flood flood(settings);
    flood.start(space, seed, direction);
    return flood.run();
}

}  // namespace kinema::chase
