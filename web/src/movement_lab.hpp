// The movement page's half of the bindings (docs/web.md): registered in EMSCRIPTEN_BINDINGS by
// kinema_web.cpp.
#pragma once

namespace kinema::web {

/// Registers MovementLab and its helpers with embind.
void bind_movement();

}  // namespace kinema::web
