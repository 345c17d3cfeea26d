// The runtime pursuer's C structs to and from the C++ types (pursuer.cpp), shared by kinema_pursuer and
// kinema_pursuer_team (team.cpp) so that both convert exactly alike.
#pragma once

#include "kinema/core/planar_frame.hpp"
#include "kinema/kinema.h"
#include "kinema/pursuit/pursuer.hpp"

namespace kinema::c_abi {

/// Throws std::invalid_argument naming `function` when `pursuer` is not a live kinema_pursuer or the space it
/// reads was destroyed (live_handles.hpp).
void require_live_pursuer(const kinema_pursuer* pursuer, const char* function);

/// Throws std::invalid_argument naming "strategy" when it is not a kinema_pursuit_strategy, and
/// UnmadeSettingsError for a struct not made by kinema_pursuer_settings_default(); the ranges are checked
/// where the settings enter the library.
pursuit::PursuerSettings settings_from_c(const kinema_pursuer_settings& s);
kinema_pursuer_output output_to_c(const pursuit::PursuerOutput& o);
pursuit::PursuerInput input_from_c(const kinema_pursuer_input& in);
/// `pursuer`'s events of its last call, at most `capacity` into `events` (world points through `frame`), and
/// their count into *count; errors name `function`'s arguments.
void events_to_c(const pursuit::Pursuer& pursuer, PlanarFrame frame, const char* function,
                 kinema_pursuer_event* events, int capacity, int* count);

}  // namespace kinema::c_abi
