// Vector helpers shared by the step models. The games compute lengths as sqrt(x*x + y*y) (Unreal's
// FVector::Size, JavaScript's Math.sqrt in CrossCode), not hypot; using the same formula keeps our doubles
// closer to theirs and is several times faster than std::hypot.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>

#include "kinema/core/vec.hpp"

namespace kinema::movement::detail {

inline double norm(Vec2 v) noexcept {
    return std::sqrt(v.x * v.x + v.y * v.y);
}

/// `v` scaled to length `size` (> 0) when its squared length overflows (|v| above about 1.3e154, where
/// x*x + y*y is inf and 1/sqrt of it 0): divided by its larger component first, so the squares stay in range.
inline Vec2 scaled_to_size_without_overflow(Vec2 v, double size) noexcept {
    const Vec2 unit_max = v / std::max(std::abs(v.x), std::abs(v.y));
    return unit_max * (size / std::sqrt(unit_max.x * unit_max.x + unit_max.y * unit_max.y));
}

/// The wish direction: input scaled down to length 1 when longer (docs/movement.md "Input").
inline Vec2 clamp_input(Vec2 input) noexcept {
    const double size_squared = input.x * input.x + input.y * input.y;
    if (!(size_squared > 1.0)) {
        return input;
    }
    if (size_squared > std::numeric_limits<double>::max()) {
        return scaled_to_size_without_overflow(input, 1.0);
    }
    return input * (1.0 / std::sqrt(size_squared));
}

}  // namespace kinema::movement::detail
