#include "kinema/chase/flood.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

#include "flood_generic.hpp"
#include "flood_grid.hpp"

namespace kinema::chase {

namespace detail {

// The two engines a Flood runs (flood_generic.hpp, flood_grid.hpp), each keeping its own scratch so that a
// Flood moving between grids and other spaces reuses both; indexed by the run's FloodEngine tag.
class FloodEngines {
  public:
    GenericFlood generic;
    GridFlood grid;

    GenericFlood& operator[](GenericEngine /*tag*/) { return generic; }
    GridFlood& operator[](GridEngine /*tag*/) { return grid; }
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
      grid_path_(other.grid_path_),
      run_(other.run_),
      engines_(other.engines_ ? std::make_unique<detail::FloodEngines>(*other.engines_)
                              : std::make_unique<detail::FloodEngines>()) {}

Flood& Flood::operator=(const Flood& other) {
    if (this != &other) {
        Flood copy(other);
        *this = std::move(copy);
    }
    return *this;
}

// The moved-from Flood reads as never started (its run and engines went with the move).
Flood::Flood(Flood&& other) noexcept
    : settings_(other.settings_),
      grid_path_(other.grid_path_),
      run_(std::exchange(other.run_, Run{})),
      engines_(std::move(other.engines_)) {}

Flood& Flood::operator=(Flood&& other) noexcept {
    if (this != &other) {
        settings_ = other.settings_;
        grid_path_ = other.grid_path_;
        run_ = std::exchange(other.run_, Run{});
        engines_ = std::move(other.engines_);
    }
    return *this;
}

Flood::~Flood() = default;

template <class Call>
decltype(auto) Flood::with_engine(Call&& call) const {
    return std::visit([&](auto engine) -> decltype(auto) { return call((*engines_)[engine]); }, run_.engine);
}

void Flood::set_settings(const FloodSettings& settings) {
    throw_if_invalid("flood settings", settings.validate());
    settings_ = settings;
}

void Flood::start(const CellSpace& space, SeedLocation seed_location, Vec2 direction) {
    check_seed(space, seed_location, direction, true);
    if (engines_ == nullptr) {  // a moved-from Flood started again
        engines_ = std::make_unique<detail::FloodEngines>();
    }
    run_.settings = settings_;
    // automatic and always agree since the grid path took fewer instructions than the generic flood on
    // every shared map (docs/chase.md, "Performance").
    const bool grid = grid_path_ != GridPath::never && detail::GridFlood::fits(space, run_.settings);
    run_.engine =
        grid ? detail::FloodEngine(detail::GridEngine{}) : detail::FloodEngine(detail::GenericEngine{});
    with_engine([&](auto& engine) { engine.prepare(space, run_.settings); });
    run_.space = &space;
    run_.restarts = 0;
    seed(seed_location, direction);
}

bool Flood::restart(SeedLocation seed_location, Vec2 direction) {
    if (run_.space == nullptr) {
        throw std::logic_error("flood: restart() before start()");
    }
    check_seed(*run_.space, seed_location, direction, false);
    if (run_.settings.max_restarts >= 0 && run_.restarts >= run_.settings.max_restarts) {
        return false;
    }
    ++run_.restarts;
    seed(seed_location, direction);
    return true;
}

void Flood::seed(SeedLocation seed_location, Vec2 direction) {
    run_.seed = seed_location;
    run_.step = 0;
    run_.finished = false;
    run_.stop_reason = StopReason::exhausted;
    with_engine([&](auto& engine) { engine.seed(seed_location.cell, direction); });
    if (run_.settings.max_steps == 0) {
        run_.finished = true;
        run_.stop_reason = StopReason::max_steps;
    }
}

int Flood::run_steps(int max_steps) {
    detail::FloodProgress progress{run_.step, run_.finished, run_.stop_reason};
    with_engine([&](auto& engine) { engine.steps(progress, max_steps); });
    const int done = progress.step - run_.step;
    run_.step = progress.step;
    run_.finished = progress.finished;
    run_.stop_reason = progress.stop_reason;
    return done;
}

bool Flood::step() {
    if (run_.finished) {
        return false;
    }
    return run_steps(1) == 1;
}

bool Flood::advance(int max_steps) {
    if (run_.space == nullptr) {
        throw std::logic_error("flood: advance() before start()");
    }
    if (!run_.finished) {
        run_steps(max_steps);  // the same steps as max_steps calls of step(), in one loop
    }
    return run_.finished;
}

FloodResult Flood::run() {
    if (run_.space == nullptr) {
        throw std::logic_error("flood: run() before start()");
    }
    if (!run_.finished) {
        run_steps(run_.settings.max_steps);  // one loop: thin floods run many cheap steps
    }
    while (!run_.finished) {
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
    const double k = static_cast<double>(run_.step + 1);
    return k * run_.space->cell_size() / run_speed <= seconds;
}

bool Flood::advance_until(double seconds, double run_speed) {
    if (run_.space == nullptr) {
        throw std::logic_error("flood: advance_until() before start()");
    }
    check_run_speed(run_speed);
    while (!run_.finished && step_due(seconds, run_speed)) {
        step();
    }
    return run_.finished;
}

FloodResult Flood::result() const {
    if (run_.space == nullptr) {
        throw std::logic_error("flood: result() before start()");
    }
    FloodResult r;
    r.seed_cell = run_.seed.cell;
    r.seed_snapped = run_.seed.snapped;
    r.steps = run_.step;
    r.finished = run_.finished;
    r.stop_reason = run_.stop_reason;
    with_engine([&](const auto& engine) { engine.fill_result(r, run_.step); });
    return r;
}

int Flood::value(CellId c) const {
    if (run_.space == nullptr) {
        return untouched_value;
    }
    const int j = with_engine([&](const auto& engine) { return engine.heated_step(c, run_.step); });
    return j == detail::untouched_step ? untouched_value
           : j == detail::barrier_step ? barrier_value
                                       : std::max(0, run_.settings.hot - (run_.step - j));
}

CellState Flood::state(CellId c) const {
    if (run_.space == nullptr) {
        return CellState::untouched;
    }
    return with_engine([&](const auto& engine) { return engine.state(c, run_.step); });
}

std::span<const CellId> Flood::heated_cells() const {
    if (run_.space == nullptr) {
        return {};
    }
    return with_engine([&](const auto& engine) { return engine.heated_cells(run_.step); });
}

std::span<const CellId> Flood::barrier_cells() const {
    if (run_.space == nullptr) {
        return {};
    }
    return with_engine([&](const auto& engine) { return engine.barrier_cells(run_.step); });
}

FloodResult run_flood(const CellSpace& space, SeedLocation seed, Vec2 direction,
                      const FloodSettings& settings) {
    Flood flood(settings);
    flood.start(space, seed, direction);
    return flood.run();
}

}  // namespace kinema::chase
