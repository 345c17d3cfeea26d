// What the pursuer tests (pursuer_abi_test.cpp, team_abi_test.cpp) need to replay a C++ pursuit's frames
// through the C ABI.
#pragma once

#include <cstddef>

#include "kinema/core/vec.hpp"
#include "kinema/kinema.h"
#include "kinema/pursuit/pursuit.hpp"

namespace kinema::c_test {

inline kinema_vec3 c_vec(Vec3 v) {
    return {v.x, v.y, v.z};
}

/// The route segment the scripted player runs along at time t: its direction is the player's, bit for bit.
inline Vec2 route_segment(const pursuit::PursuitScenario& s, double speed, double t) {
    double left = speed * t;
    for (std::size_t i = 0; i + 1 < s.route.size(); ++i) {
        const Vec2 d = s.route[i + 1] - s.route[i];
        if (left < length(d)) {
            return d;
        }
        left -= length(d);
    }
    return {};
}

}  // namespace kinema::c_test
