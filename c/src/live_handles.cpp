#include "live_handles.hpp"

#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>

namespace kinema::c_abi {
namespace {

// The live handles of the process and their kinds. One registry for the library, not one per caller, since a
// handle may be passed to any function from any thread (kinema.h, "Threads"); the mutex guards it. Looking a
// handle up allocates nothing, so the per-frame calls (kinema_pursuer_update) stay allocation-free.
struct LiveHandles {
    std::mutex mutex;
    std::unordered_map<const void*, HandleKind> kinds;
};

LiveHandles& live_handles() {
    // Never destroyed: a handle destroyed by a static destructor of the game, after ours, still finds it.
    static auto* registry = new LiveHandles;
    return *registry;
}

}  // namespace

std::string_view handle_type_name(HandleKind kind) noexcept {
    switch (kind) {
        case HandleKind::space:
            return "kinema_space";
        case HandleKind::flood:
            return "kinema_flood";
        case HandleKind::pursuer:
            return "kinema_pursuer";
        case HandleKind::team:
            return "kinema_pursuer_team";
    }
    return "kinema handle";
}

void add_live_handle(const void* handle, HandleKind kind) {
    LiveHandles& registry = live_handles();
    const std::lock_guard lock(registry.mutex);
    registry.kinds[handle] = kind;
}

bool remove_live_handle(const void* handle, HandleKind kind) noexcept {
    LiveHandles& registry = live_handles();
    const std::lock_guard lock(registry.mutex);
    const auto found = registry.kinds.find(handle);
    if (found == registry.kinds.end() || found->second != kind) {
        return false;
    }
    registry.kinds.erase(found);
    return true;
}

void require_live(const void* handle, HandleKind kind, const char* function, const char* name) {
    if (handle == nullptr) {
        throw std::invalid_argument(std::string(function) + ": " + name + " is NULL");
    }
    LiveHandles& registry = live_handles();
    std::string other;
    {
        const std::lock_guard lock(registry.mutex);
        const auto found = registry.kinds.find(handle);
        if (found != registry.kinds.end() && found->second == kind) {
            return;
        }
        other = found == registry.kinds.end() ? "destroyed, or never made by kinema"
                                              : "a " + std::string(handle_type_name(found->second));
    }
    throw std::invalid_argument(std::string(function) + ": " + name + " is not a live " +
                                std::string(handle_type_name(kind)) + " (" + other + ")");
}

}  // namespace kinema::c_abi
