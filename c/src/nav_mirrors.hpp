// kinema_nav_settings as a mirror of nav::NavSettings (as movement_mirrors.hpp) up to its host task system
// (NavSettings::tasks, not a setting, left out of the C struct): every field's offset asserted and the C
// struct exactly the bytes before `tasks`, so the copies below are field-for-field and a change on either
// side fails the build. Only with kinema's navmesh part.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "kinema/kinema.h"
#include "kinema/nav/settings.hpp"
#include "movement_mirrors.hpp"

namespace kinema::c_abi {

using nav::NavSettings;
static_assert(sizeof(kinema_nav_settings) == offsetof(NavSettings, tasks) &&
              alignof(kinema_nav_settings) == alignof(NavSettings) &&
              std::is_trivially_copyable_v<kinema_nav_settings> &&
              std::is_trivially_copyable_v<NavSettings> && std::is_standard_layout_v<kinema_nav_settings> &&
              std::is_standard_layout_v<NavSettings>);

#define KINEMA_C_SAME_NAV_FIELD(field)                                                    \
    static_assert(offsetof(kinema_nav_settings, field) == offsetof(NavSettings, field) && \
                      sizeof(kinema_nav_settings::field) == sizeof(NavSettings::field),   \
                  "kinema_nav_settings." #field " mirrors NavSettings." #field)
KINEMA_C_SAME_NAV_FIELD(agent_height);
KINEMA_C_SAME_NAV_FIELD(agent_radius);
KINEMA_C_SAME_NAV_FIELD(agent_max_climb);
KINEMA_C_SAME_NAV_FIELD(agent_max_slope);
KINEMA_C_SAME_NAV_FIELD(cell_size);
KINEMA_C_SAME_NAV_FIELD(cell_height);
KINEMA_C_SAME_NAV_FIELD(chase_cell_size);
KINEMA_C_SAME_NAV_FIELD(max_chase_columns);
KINEMA_C_SAME_NAV_FIELD(max_voxels);
KINEMA_C_SAME_NAV_FIELD(tile_size);
KINEMA_C_SAME_NAV_FIELD(threads);
KINEMA_C_SAME_NAV_FIELD(region_min_size);
KINEMA_C_SAME_NAV_FIELD(region_merge_size);
KINEMA_C_SAME_NAV_FIELD(edge_max_length);
KINEMA_C_SAME_NAV_FIELD(edge_max_error);
KINEMA_C_SAME_NAV_FIELD(verts_per_poly);
KINEMA_C_SAME_NAV_FIELD(detail_sample_distance);
KINEMA_C_SAME_NAV_FIELD(detail_sample_max_error);
KINEMA_C_SAME_NAV_FIELD(snap_extents);
#undef KINEMA_C_SAME_NAV_FIELD

/// The C++ settings of a C struct: its fields, and no host task system (kinema's own threads).
inline NavSettings nav_settings_from_c(const kinema_nav_settings& c) {
    NavSettings settings;
    std::memcpy(static_cast<void*>(&settings), &c, sizeof c);
    return settings;
}

/// The C struct of C++ settings (their task system left out).
inline kinema_nav_settings nav_settings_to_c(const NavSettings& settings) {
    kinema_nav_settings c;
    std::memcpy(&c, &settings, sizeof c);
    return c;
}

}  // namespace kinema::c_abi
