// The NPC's locomotion toward a goal (navigator.hpp; docs/pursuit.md "Locomotion").
#include "navigator.hpp"

#include <cstring>

namespace kinema::pursuit::detail {

namespace {

// A stop counts as arriving when it is this close to the goal (level units; docs/pursuit.md "Arrival").
constexpr double kArriveDistance = 0.25;

}  // namespace

void Navigator::configure(PursuitSpace& space, const movement::AnyModel& model,
                          const PursuitSettings& settings) {
    space_ = &space;
    model_ = &model;
    frame_ = space.frame();
    scale_ = settings.model_scale;
    rest_speed_ = settings.rest_speed;
    dt_ = 1.0 / settings.hz;
    stop_memo_ = {};
    reset();
}

void Navigator::reset() {
    has_goal_ = false;
    goal_ = {};
    goal_world_ = {};
    corners_.clear();
    corner_ = 0;
    braking_ = false;
    arrived_ = false;
}

// The stop ahead in level units (the model was validated when the pursuit started).
double Navigator::stop_ahead(Vec2 velocity) const {
    for (const StopMemo& m : stop_memo_) {
        if (m.used && std::memcmp(&m.velocity, &velocity, sizeof velocity) == 0) {  // the same bits
            return m.stop;
        }
    }
    const double stop = stop_distance_validated(*model_, velocity, dt_, rest_speed_) / scale_;
    stop_memo_[stop_memo_next_] = {velocity, stop, true};
    stop_memo_next_ = (stop_memo_next_ + 1) % stop_memo_.size();
    return stop;
}

// Where the NPC at `at` (level units) with `velocity` (model units) comes to rest under zero input, straight
// ahead (see safe).
Vec2 Navigator::stop_point(Vec2 at, Vec2 velocity) const {
    const double speed = length(velocity);
    return speed > 0.0 ? at + velocity / speed * stop_ahead(velocity) : at;
}

bool Navigator::stopped(const movement::PlanarState& state) const {
    const double speed = length(state.velocity);
    return speed == 0.0 ||
           (!std::holds_alternative<movement::UnrealSettings>(*model_) && speed <= rest_speed_);
}

void Navigator::set_goal(Vec3 goal, bool straight, Vec3 from) {
    if (has_goal_ && goal == goal_world_) {
        return;
    }
    has_goal_ = true;
    goal_ = frame_.flat(goal);
    goal_world_ = goal;
    braking_ = false;
    arrived_ = false;
    corner_ = 0;
    if (straight) {
        corners_.clear();
        corners_.push_back(goal);
    } else if (!space_->plan(from, goal, corners_)) {
        corners_.clear();  // unreachable: stand still (the state machine moves on when the time runs out)
    }
}

// The corner to steer to: the farthest following corner in sight (the path runs straight where it can see);
// when the current one is out of sight (the NPC was carried off its line), re-plan to the same goal.
Vec2 Navigator::steer_target(Vec3 p) {
    while (corner_ + 1 < corners_.size() && space_->clear_line(p, corners_[corner_ + 1])) {
        ++corner_;
    }
    if (!space_->clear_line(p, corners_[corner_])) {
        space_->plan(p, goal_world_, corners_);
        corner_ = 0;
    }
    return corners_.empty() ? frame_.flat(p) : frame_.flat(corners_[corner_]);
}

// A next state is safe when the move to it and its straight braking line stay on walkable space: braking
// with zero input keeps the velocity's direction in every model, so from a safe state zero input is always
// safe, and the NPC can never leave walkable space or cut a wall corner.
bool Navigator::safe(Vec3 from, const movement::PlanarState& next) const {
    const Vec2 to = next.position / scale_;
    const Vec3 to3 = frame_.world(to, frame_ == PlanarFrame::xz ? space_->surface_height(from, to) : 0.0);
    if (!space_->clear_line(from, to3)) {
        return false;
    }
    if (next.velocity.x == 0.0 && next.velocity.y == 0.0) {
        return true;
    }
    const Vec2 stop = stop_point(to, next.velocity);
    return space_->clear_line(
        to3, frame_.world(stop, frame_ == PlanarFrame::xz ? space_->surface_height(to3, stop) : 0.0));
}

// On the last leg: brake now when braking now stops nearer the goal than one more frame of input would
// (the exact stop prediction; no overshoot, no creeping). True when the NPC brakes (or has arrived).
bool Navigator::brake_for_goal(const movement::PlanarState& state, const movement::PlanarState& next) {
    const Vec2 p = position(state);
    const Vec2 v0 = state.velocity / scale_;
    const double speed0 = length(v0);
    const Vec2 stop_now = speed0 > 0.0 ? p + v0 / speed0 * stop_ahead(state.velocity) : p;
    const Vec2 stop_next = stop_point(next.position / scale_, next.velocity);
    if (dot(v0, goal_ - p) >= 0.0 && length(stop_now - goal_) <= length(stop_next - goal_)) {
        braking_ = speed0 > 0.0;
        arrived_ = !braking_;
        return true;
    }
    return false;
}

Navigator::Steering Navigator::drive(const movement::PlanarState& state, double height) {
    if (!has_goal_ || corners_.empty() || arrived_) {
        return {};
    }
    const Vec2 p = position(state);
    const bool still = stopped(state);
    if (braking_) {
        if (!still) {
            return {};
        }
        braking_ = false;  // stopped: arrived when near enough, else steer on
    }
    if (still && length(goal_ - p) <= kArriveDistance) {
        arrived_ = true;
        return {};
    }
    const Vec3 here = frame_.world(p, height);
    const Vec2 target = steer_target(here);
    const Vec2 to_target = target - p;
    const double distance = length(to_target);
    if (distance == 0.0) {
        return {};
    }
    const Vec2 input = to_target / distance;
    const movement::PlanarState next = movement::step_unchecked(*model_, state, input, dt_);
    if (corner_ + 1 == corners_.size() && brake_for_goal(state, next)) {
        return {};
    }
    if (!safe(here, next)) {
        return {};
    }
    return {input, next};
}

}  // namespace kinema::pursuit::detail
