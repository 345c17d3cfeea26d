// An NPC's locomotion toward a goal on the walkable surface (docs/pursuit.md "Locomotion"): it plans a path
// when the goal changes, steers toward the farthest corner in sight, brakes for the goal on the frame whose
// exact stop lands nearest it, and uses an input only when the move and its braking line stay walkable. It
// owns the path (reused: no allocation per frame once its buffer has grown). Private to the pursuit part.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include "frame.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit::detail {

/// pursuit::stop_distance() for a model that was validated once: the per-frame prediction of the navigator.
[[nodiscard]] double stop_distance_validated(const movement::AnyModel& model, Vec2 velocity,
                                             double frame_time, double rest_speed);

class Navigator {
  public:
    /// The space, the NPC's model (both must outlive the navigator's use) and the settings' model_scale,
    /// rest_speed and hz. Drops the goal.
    void configure(PursuitSpace& space, const movement::AnyModel& model, const PursuitSettings& settings);
    /// Drops the goal (the NPC stands).
    void reset();

    /// Plans a path from `from` to a new goal (the only time the NPC re-plans, besides recovering a lost
    /// corner); the same goal again changes nothing. `straight`: the goal is in sight (engage), so the path
    /// is the straight line to it.
    void set_goal(Vec3 goal, bool straight, Vec3 from);
    /// What drive() chose: the input, and the model's step from the state with that input when drive
    /// computed it to check the input (the NPC's next state: its caller need not step again).
    struct Steering {
        Vec2 input;
        std::optional<movement::PlanarState> next;
    };
    /// The input of the next step of the NPC in `state` (model units) at height `height`: toward the next
    /// corner at full strength, or zero to brake -- for the goal on the frame whose exact stop lands nearest
    /// it, or for safety.
    Steering drive(const movement::PlanarState& state, double height);

    bool arrived() const { return arrived_; }
    Vec2 goal() const { return goal_; }              ///< planar
    Vec3 goal_world() const { return goal_world_; }  ///< the goal as a world point

    /// The NPC's planar position (level units) in `state`.
    Vec2 position(const movement::PlanarState& state) const { return state.position / scale_; }
    /// Whether the NPC in `state` counts as stopped (docs/pursuit.md "Arrival").
    bool stopped(const movement::PlanarState& state) const;

  private:
    double stop_ahead(Vec2 velocity) const;
    Vec2 stop_point(Vec2 at, Vec2 velocity) const;
    Vec2 steer_target(Vec3 p);
    bool safe(Vec3 from, const movement::PlanarState& next) const;
    bool brake_for_goal(const movement::PlanarState& state, const movement::PlanarState& next);

    PursuitSpace* space_ = nullptr;
    const movement::AnyModel* model_ = nullptr;
    PlanarFrame frame_;
    double scale_ = 1.0;
    double rest_speed_ = 0.0;
    double dt_ = 0.0;

    bool has_goal_ = false;
    Vec2 goal_;
    Vec3 goal_world_;
    std::vector<Vec3> corners_;
    std::size_t corner_ = 0;
    bool braking_ = false;  // braking for the goal: zero input until stopped
    bool arrived_ = false;

    // The last two stops ahead by their velocity's bits: a frame asks for the stop from the predicted next
    // state up to twice, and the next frame for the stop from its state, which is usually that same state
    // (the prediction is a pure function of the velocity for the configured model). Emptied by configure.
    struct StopMemo {
        Vec2 velocity;
        double stop = 0.0;
        bool used = false;
    };
    mutable std::array<StopMemo, 2> stop_memo_{};
    mutable std::size_t stop_memo_next_ = 0;
};

}  // namespace kinema::pursuit::detail
