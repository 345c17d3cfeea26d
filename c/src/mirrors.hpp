// C structs that mirror C++ types field for field (JoltC's practice): the layout asserts below fail the build
// when either side changes, and the conversions copy field by field, so a mirror never drifts silently.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "guard.hpp"
#include "kinema/chase/flood_settings.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/kinema.h"

namespace kinema::c_abi {

static_assert(std::is_standard_layout_v<Vec3> && !std::is_polymorphic_v<Vec3>);
static_assert(sizeof(kinema_vec3) == sizeof(Vec3) && alignof(kinema_vec3) == alignof(Vec3));
static_assert(offsetof(kinema_vec3, x) == offsetof(Vec3, x) &&
              offsetof(kinema_vec3, y) == offsetof(Vec3, y) && offsetof(kinema_vec3, z) == offsetof(Vec3, z));

using chase::FloodSettings;
static_assert(std::is_standard_layout_v<FloodSettings> && !std::is_polymorphic_v<FloodSettings>);
// The C struct is FloodSettings followed by internal_check.
static_assert(sizeof(kinema_flood_settings) == sizeof(FloodSettings) + sizeof(int32_t));
static_assert(offsetof(kinema_flood_settings, internal_check) == sizeof(FloodSettings));
static_assert(alignof(kinema_flood_settings) == alignof(FloodSettings));
static_assert(offsetof(kinema_flood_settings, hot) == offsetof(FloodSettings, hot));
static_assert(offsetof(kinema_flood_settings, max_heated) == offsetof(FloodSettings, max_heated));
static_assert(offsetof(kinema_flood_settings, max_steps) == offsetof(FloodSettings, max_steps));
static_assert(offsetof(kinema_flood_settings, max_restarts) == offsetof(FloodSettings, max_restarts));
static_assert(offsetof(kinema_flood_settings, destination) == offsetof(FloodSettings, destination));
static_assert(sizeof(std::underlying_type_t<chase::DestinationRule>) == sizeof(int));
static_assert(KINEMA_DESTINATION_NEAREST_HEATED == static_cast<int>(chase::DestinationRule::nearest_heated));
static_assert(KINEMA_DESTINATION_NEAREST_WARM == static_cast<int>(chase::DestinationRule::nearest_warm));
static_assert(KINEMA_STOP_EXHAUSTED == static_cast<int>(chase::StopReason::exhausted));
static_assert(KINEMA_STOP_TOO_MANY_HEATED == static_cast<int>(chase::StopReason::too_many_heated));
static_assert(KINEMA_STOP_MAX_STEPS == static_cast<int>(chase::StopReason::max_steps));

inline kinema_vec3 to_c(Vec3 v) {
    return {v.x, v.y, v.z};
}
inline Vec3 from_c(kinema_vec3 v) {
    return {v.x, v.y, v.z};
}

inline kinema_flood_settings to_c(const FloodSettings& s) {
    return {s.hot,
            s.max_heated,
            s.max_steps,
            s.max_restarts,
            static_cast<int>(s.destination),
            KINEMA_INTERNAL_CHECK};
}

/// The C settings as the C++ struct; the ranges are checked where they enter the library
/// (Flood::set_settings).
inline FloodSettings from_c(const kinema_flood_settings& s) {
    require_made_by_default(s.internal_check, "kinema_flood_settings");
    if (s.destination != KINEMA_DESTINATION_NEAREST_HEATED &&
        s.destination != KINEMA_DESTINATION_NEAREST_WARM) {
        throw std::invalid_argument(
            "destination: must be KINEMA_DESTINATION_NEAREST_HEATED (0) or "
            "KINEMA_DESTINATION_NEAREST_WARM (1), got " +
            std::to_string(s.destination));
    }
    FloodSettings out;
    out.hot = s.hot;
    out.max_heated = s.max_heated;
    out.max_steps = s.max_steps;
    out.max_restarts = s.max_restarts;
    out.destination = static_cast<chase::DestinationRule>(s.destination);
    return out;
}

}  // namespace kinema::c_abi
