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

/// Throws SettingsError naming "dt" and/or "input" unless dt is finite and > 0 (seconds) and both input
/// components are finite. Input longer than 1 is not an error: every model clamps it to length 1 (an analog
/// stick or a normalised key direction never exceeds 1; docs/movement.md "Input").
void check_step_arguments(double dt, Vec2 input);

}  // namespace kinema::movement
