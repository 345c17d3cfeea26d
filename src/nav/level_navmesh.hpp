// What a Level holds of Detour (kinema/nav/level.hpp keeps it opaque): the navmesh and the snap box, shared
// by the build (navmesh_build.cpp), the level (level.cpp) and its queries (path_finder.cpp). Private to
// kinema_nav.
#pragma once

#include <memory>

#include <recastnavigation/DetourNavMesh.h>

#include "kinema/core/vec.hpp"
#include "kinema/nav/level.hpp"

namespace kinema::nav {

struct Level::Navmesh {
    struct Free {
        void operator()(dtNavMesh* mesh) const { dtFreeNavMesh(mesh); }
    };
    std::unique_ptr<dtNavMesh, Free> mesh;
    Vec3 snap_extents;
};

namespace detail {
using NavmeshPtr = std::unique_ptr<dtNavMesh, Level::Navmesh::Free>;
}  // namespace detail

}  // namespace kinema::nav
