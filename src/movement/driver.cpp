#include "kinema/movement/driver.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "planar_math.hpp"

namespace kinema::movement {

void check_schedule(std::span<const InputChange> schedule) {
    if (schedule.empty()) {
        throw std::invalid_argument("input schedule: empty; it must start at frame 0");
    }
    if (schedule.front().frame != 0) {
        throw std::invalid_argument("input schedule: the first change is at frame " +
                                    std::to_string(schedule.front().frame) + "; it must be at frame 0");
    }
    for (std::size_t i = 0; i < schedule.size(); ++i) {
        if (i > 0 && schedule[i].frame <= schedule[i - 1].frame) {
            throw std::invalid_argument("input schedule: frame " + std::to_string(schedule[i].frame) +
                                        " follows frame " + std::to_string(schedule[i - 1].frame) +
                                        "; frames must be strictly increasing");
        }
        if (!is_finite(schedule[i].input)) {
            throw std::invalid_argument("input schedule: the input at frame " +
                                        std::to_string(schedule[i].frame) + " is not finite");
        }
    }
}

Simulation::Simulation(AnyModel model, PlanarState start, std::span<const InputChange> schedule, double dt)
    : model_(std::move(model)), schedule_(schedule.begin(), schedule.end()), state_(start), dt_(dt) {
    throw_if_invalid(model_);
    check_step_arguments(dt, {});
    FieldErrors errors;
    require_finite(errors, "start.position.x", start.position.x);
    require_finite(errors, "start.position.y", start.position.y);
    require_finite(errors, "start.velocity.x", start.velocity.x);
    require_finite(errors, "start.velocity.y", start.velocity.y);
    kinema::throw_if_invalid("start state", errors);
    check_schedule(schedule_);
    input_ = schedule_.front().input;
    next_change_ = 1;
}

FrameRecord Simulation::record() const noexcept {
    return {frame_, static_cast<double>(frame_) * dt_, state_.position, state_.velocity,
            detail::norm(state_.velocity)};
}

void Simulation::advance(std::span<FrameRecord> out) noexcept {
    for (FrameRecord& record_out : out) {
        // The step leaving frame n uses the input in effect at frame n.
        if (next_change_ < schedule_.size() && schedule_[next_change_].frame == frame_) {
            input_ = schedule_[next_change_].input;
            ++next_change_;
        }
        // Everything was validated in the constructor; the unchecked step keeps the loop free of re-checks.
        state_ = step_unchecked(model_, state_, input_, dt_);
        ++frame_;
        record_out = record();
    }
}

void Simulation::advance(std::size_t count, std::vector<FrameRecord>& out) {
    out.resize(count);
    advance(std::span<FrameRecord>(out));
}

void simulate(const AnyModel& model, const PlanarState& start, std::span<const InputChange> schedule,
              double dt, std::size_t frames, std::vector<FrameRecord>& out) {
    Simulation simulation(model, start, schedule, dt);
    out.resize(frames + 1);
    out[0] = simulation.record();
    simulation.advance(std::span<FrameRecord>(out).subspan(1));
}

}  // namespace kinema::movement
