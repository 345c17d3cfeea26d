// Version 5's names of the C ABI, still exported so that programs built against version 5's header link and
// run: each forwards to its version 6 name (kinema.h declares them under KINEMA_C_API_V5_NAMES only).
#define KINEMA_C_API_V5_NAMES
#include "kinema/kinema.h"

#if defined(__GNUC__)
// The getter and the struct share a name, as in version 5: g++'s -Wshadow reports it; C has no such thing.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#endif

/// Deprecated: kinema_flood_get_result (its messages name the new function).
extern "C" kinema_status kinema_flood_result(const kinema_flood* flood, struct kinema_flood_result* out) {
    return kinema_flood_get_result(flood, out);
}

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
