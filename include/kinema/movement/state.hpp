// The planar state the step models (Dishonored, CrossCode, Unreal) advance, and the checks every step applies
// to its per-call arguments.
#pragma once

#include "kinema/core/vec.hpp"

namespace kinema::movement {

/// Position and velocity on the ground plane, in the model's own units (u and u/s; Unreal: cm and cm/s).
struct PlanarState {
    Vec2 position;
    Vec2 velocity;
};

/// Longest frame time a step accepts (s). The CMC's last PhysWalking tick takes the rest of the frame and
/// brakes in sub-steps of at most 1/20 s, so a step's work grows with dt: 10 s keeps the worst step at a few
/// thousand sub-steps (docs/errors.md, "Limits").
inline constexpr double max_step_dt = 10.0;

/// Throws SettingsError naming "dt" and/or "input" unless dt is in (0, max_step_dt] (seconds) and both input
/// components are finite. Input longer than 1 is not an error: every model clamps it to length 1 (an analog
/// stick or a normalised key direction never exceeds 1; docs/movement.md "Input").
void check_step_arguments(double dt, Vec2 input);

}  // namespace kinema::movement
