// kinema_nav_settings as a mirror of nav::NavSettings (as movement_mirrors.hpp): size, alignment and every
// field's offset asserted, so from_mirror is a field-for-field copy and a change on either side fails the
// build. Only with kinema's navmesh part.
#pragma once

#include <cstddef>

#include "kinema/kinema.h"
#include "kinema/nav/settings.hpp"
#include "movement_mirrors.hpp"

namespace kinema::c_abi {

using nav::NavSettings;
static_assert(same_shape<kinema_nav_settings, NavSettings>);

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

template <>
struct mirror_of<kinema_nav_settings> {
    using type = NavSettings;
};

}  // namespace kinema::c_abi
