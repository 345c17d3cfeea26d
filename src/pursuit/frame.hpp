// The pursuit's points: it moves in the plane of the chase cells (grids x, y; 3D levels x, z) and carries the
// height beside it (grids 0; 3D levels y): the library's one planar frame (kinema/core/planar_frame.hpp), the
// space's PursuitSpace::frame(). Private to the pursuit part.
#pragma once

#include "kinema/core/planar_frame.hpp"

namespace kinema::pursuit::detail {

using PlanarFrame = kinema::PlanarFrame;

}  // namespace kinema::pursuit::detail
