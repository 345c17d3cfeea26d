// The registry of live handles: every handle the C ABI makes is recorded with its kind until it is destroyed,
// so that a destroyed handle, or a handle of another kind (a kinema_flood passed as a kinema_space), is
// refused with a message instead of being read (reading freed memory is itself undefined behaviour, so the
// handle cannot carry the check itself). Issue 42, item 6.
#pragma once

#include <string_view>

namespace kinema::c_abi {

enum class HandleKind { space, flood, pursuer, team };

/// "kinema_space", "kinema_flood", ...: the C type's name, as messages give it.
std::string_view handle_type_name(HandleKind kind) noexcept;

/// Records `handle` as live and of `kind` (when it is made). Throws std::bad_alloc when the registry cannot
/// grow: the caller then frees the handle and fails.
void add_live_handle(const void* handle, HandleKind kind);

/// Forgets `handle` when it is live and of `kind` and returns true (the caller then deletes it); else changes
/// nothing and returns false (an unknown or foreign handle: the caller leaves it alone).
bool remove_live_handle(const void* handle, HandleKind kind) noexcept;

/// Throws std::invalid_argument "FUNCTION: NAME is NULL" for a null `handle`, and "FUNCTION: NAME is not a
/// live kinema_space (destroyed, or a handle of another kind: a kinema_flood)" when it is not a live handle
/// of `kind`. Takes a lock, never allocates (but for the message): the per-frame calls may check.
void require_live(const void* handle, HandleKind kind, const char* function, const char* name);

}  // namespace kinema::c_abi
