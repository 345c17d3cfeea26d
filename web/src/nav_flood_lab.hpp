// The flood page's 3D levels (docs/web.md "3D levels on the flood page"): an OBJ mesh (or a navmesh file)
// built into a navmesh by kinema::nav, as `kinema chase --map LEVEL.obj` builds it, and the chase flood on
// its cells. Registered in EMSCRIPTEN_BINDINGS by kinema_web.cpp.
#pragma once

namespace kinema::web {

/// Registers NavFloodLab and the 3D level extensions with embind.
void bind_nav_flood();

}  // namespace kinema::web
