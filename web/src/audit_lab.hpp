// The audit page's half of the bindings (docs/web.md "The audit page"): registered in EMSCRIPTEN_BINDINGS by
// kinema_web.cpp.
#pragma once

namespace kinema::web {

/// Registers AuditLab with embind.
void bind_audit();

}  // namespace kinema::web
