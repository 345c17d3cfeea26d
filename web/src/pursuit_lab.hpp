// The pursuit page's half of the bindings (docs/web.md): registered in EMSCRIPTEN_BINDINGS by
// kinema_web.cpp.
#pragma once

namespace kinema::web {

/// Registers PursuitLab with embind.
void bind_pursuit();

}  // namespace kinema::web
