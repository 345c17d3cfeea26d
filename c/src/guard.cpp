#include "guard.hpp"

#include <new>

#include "kinema/core/file.hpp"
#include "kinema/core/validation.hpp"

namespace kinema::c_abi {
namespace {

// The message of the last failing call on this thread. A thread-local, not a global: kinema_last_error() is
// per thread so that two threads driving their own handles never read each other's errors.
thread_local std::string last_error_message;

}  // namespace

kinema_status fail(kinema_status status, const std::string& message) noexcept {
    try {
        last_error_message = message;
    } catch (...) {
        // No memory for the message: keep the status, the old text is cleared rather than misleading.
        last_error_message.clear();
    }
    return status;
}

kinema_status status_of_current_exception(kinema_status invalid) noexcept {
    try {
        throw;
    } catch (const UnmadeSettingsError& e) {
        return fail(KINEMA_ERROR_ARGUMENT, e.what());
    } catch (const StateError& e) {
        return fail(KINEMA_ERROR_STATE, e.what());
    } catch (const SettingsError& e) {
        return fail(KINEMA_ERROR_ARGUMENT, e.what());
    } catch (const FileError& e) {
        return fail(KINEMA_ERROR_INPUT, e.what());
    } catch (const std::invalid_argument& e) {
        return fail(invalid, e.what());
    } catch (const std::bad_alloc&) {
        return fail(KINEMA_ERROR_MEMORY, "out of memory");
    } catch (const std::exception& e) {
        return fail(KINEMA_ERROR_INTERNAL, std::string("internal error: ") + e.what());
    } catch (...) {
        return fail(KINEMA_ERROR_INTERNAL, "internal error: an unknown exception");
    }
}

void require(const void* pointer, const char* function, const char* name) {
    if (pointer == nullptr) {
        throw std::invalid_argument(std::string(function) + ": " + name + " is NULL");
    }
}

void require_made_by_default(std::int32_t internal_check, const char* struct_name) {
    if (internal_check != KINEMA_INTERNAL_CHECK) {
        throw UnmadeSettingsError(std::string(struct_name) + ": not made by " + struct_name +
                                  "_default() (internal_check is " + std::to_string(internal_check) + ")");
    }
}

}  // namespace kinema::c_abi

extern "C" const char* kinema_last_error(void) {
    return kinema::c_abi::last_error_message.c_str();
}
