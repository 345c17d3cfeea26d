// Vector helpers shared by the step models. The games compute lengths as sqrt(x*x + y*y) (Unreal's
// FVector::Size, JavaScript's Math.sqrt in CrossCode), not hypot; using the same formula keeps our doubles
// closer to theirs and is several times faster than std::hypot.
#pragma once

#include <cmath>

#include "kinema/core/vec.hpp"

namespace kinema::movement::detail {

inline double norm(Vec2 v) noexcept {
    return std::sqrt(v.x * v.x + v.y * v.y);
}

/// The wish direction: input scaled down to length 1 when longer (docs/movement.md "Input").
inline Vec2 clamp_input(Vec2 input) noexcept {
    const double size_squared = input.x * input.x + input.y * input.y;
    return size_squared > 1.0 ? input * (1.0 / std::sqrt(size_squared)) : input;
}

}  // namespace kinema::movement::detail
