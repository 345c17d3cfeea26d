// The one way a C entry point runs its C++ body: no exception crosses the ABI (kinema.h, "Conventions"). Each
// error becomes a kinema_status and the calling thread's message, the text the kinema command prints after
// "kinema: error: ".
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "kinema/kinema.h"

namespace kinema::c_abi {

/// A call out of order (a result before a start): KINEMA_ERROR_STATE.
class StateError : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

/// A settings struct not made by its _default() function (its internal_check is not KINEMA_INTERNAL_CHECK):
/// KINEMA_ERROR_ARGUMENT, whichever call it was passed to.
class UnmadeSettingsError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// Throws UnmadeSettingsError "STRUCT_NAME: not made by STRUCT_NAME_default() (internal_check is N)" unless
/// `internal_check` is KINEMA_INTERNAL_CHECK (Box2D's internalValue: a zeroed struct passes every range).
void require_made_by_default(std::int32_t internal_check, const char* struct_name);

/// Records `message` as the calling thread's last error and returns `status`.
kinema_status fail(kinema_status status, const std::string& message) noexcept;

/// The status and message of the exception being handled; `invalid` is the status of a
/// std::invalid_argument that is not a SettingsError (an input file's error in the loaders, an argument's in
/// the others).
kinema_status status_of_current_exception(kinema_status invalid) noexcept;

/// Runs body(); any exception becomes a status (status_of_current_exception).
template <class Body>
kinema_status guarded(kinema_status invalid, Body&& body) noexcept {
    try {
        body();
        return KINEMA_OK;
    } catch (...) {
        return status_of_current_exception(invalid);
    }
}

/// Throws std::invalid_argument "FUNCTION: NAME is NULL" when `pointer` is null.
void require(const void* pointer, const char* function, const char* name);

}  // namespace kinema::c_abi
