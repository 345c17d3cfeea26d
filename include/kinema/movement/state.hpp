// The planar state the step models (Dishonored, CrossCode, Unreal) advance.
#pragma once

#include "kinema/core/vec.hpp"

namespace kinema::movement {

/// Position and velocity on the ground plane, in the model's own units (u and u/s; Unreal: cm and cm/s).
struct PlanarState {
    Vec2 position;
    Vec2 velocity;
};

}  // namespace kinema::movement
