// What the C ABI's opaque handles hold: views over the C++ library's own objects, nothing computed here.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "guard.hpp"

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/kinema.h"
#include "live_handles.hpp"

namespace kinema::pursuit {
class PursuitSpace;
}

namespace kinema::c_abi {

/// A level and the chase space over it (a grid, or a navmesh level when kinema has its nav part). Owned by a
/// kinema_space; never moved, because the chase space points into it.
class SpaceHolder {
  public:
    virtual ~SpaceHolder() = default;
    virtual const chase::ChaseSpace& chase_space() const = 0;
    /// A pursuit space of its own over the level, for one pursuer (its path planner is not shared): on grids
    /// pursuit::ChasePursuitSpace over chase_space(), on navmesh levels nav::NavPursuitSpace (pursuer.cpp).
    virtual std::unique_ptr<pursuit::PursuitSpace> pursuit_space() const;
};

/// `handle` recorded as a live handle of `kind`, given up by the unique_ptr: what a create function returns.
template <class Handle>
Handle* make_live(std::unique_ptr<Handle> handle, HandleKind kind) {
    add_live_handle(handle.get(), kind);
    return handle.release();
}

/// Deletes `handle` when it is a live handle of `kind`; NULL, a destroyed or a foreign handle is left alone.
template <class Handle>
void destroy_live(Handle* handle, HandleKind kind) noexcept {
    if (handle != nullptr && remove_live_handle(handle, kind)) {
        delete handle;
    }
}

/// The caller's user_data of a live handle of `kind`, or nullptr (and the calling thread's error) for any
/// other pointer: the getters return a pointer, not a status.
template <class Handle>
void* user_data_of(const Handle* handle, HandleKind kind, const char* function, const char* name) noexcept {
    void* data = nullptr;
    guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(handle, kind, function, name);
        data = handle->user_data;
    });
    return data;
}

/// Sets a live handle's user_data; any other pointer is refused.
template <class Handle>
kinema_status set_user_data_of(Handle* handle, HandleKind kind, const char* function, const char* name,
                               void* user_data) noexcept {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(handle, kind, function, name);
        handle->user_data = user_data;
    });
}

}  // namespace kinema::c_abi

struct kinema_space {
    std::string name;  // the "map" field of the chase JSON: the file as given, or "grid" for memory
    std::unique_ptr<kinema::c_abi::SpaceHolder> holder;
    void* user_data = nullptr;  // the caller's (kinema_space_set_user_data), never read here

    const kinema::chase::ChaseSpace& chase_space() const { return holder->chase_space(); }
};

struct kinema_flood {
    kinema::chase::Flood flood;
    const kinema_space* space = nullptr;  // set by kinema_flood_start
    void* user_data = nullptr;            // the caller's (kinema_flood_set_user_data), never read here
    kinema::chase::ChaseQuery query;
    // The last kinema_flood_json text and the map it names, so that the documented pair of calls (measure,
    // then fill) runs the chase query and its writer once. Cleared by every start and advance; a handle is
    // used by one thread at a time (kinema.h), so the const call may fill it.
    mutable std::string json;
    mutable std::string json_map;
    mutable bool json_current = false;
};
