// What the C ABI's opaque handles hold: views over the C++ library's own objects, nothing computed here.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/kinema.h"

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

}  // namespace kinema::c_abi

struct kinema_space {
    std::string name;  // the "map" field of the chase JSON: the file as given, or "grid" for memory
    std::unique_ptr<kinema::c_abi::SpaceHolder> holder;

    const kinema::chase::ChaseSpace& chase_space() const { return holder->chase_space(); }
};

struct kinema_flood {
    kinema::chase::Flood flood;
    const kinema_space* space = nullptr;  // set by kinema_flood_start
    kinema::chase::ChaseQuery query;
    // The last kinema_flood_json text and the map it names, so that the documented pair of calls (measure,
    // then fill) runs the chase query and its writer once. Cleared by every start and advance; a handle is
    // used by one thread at a time (kinema.h), so the const call may fill it.
    mutable std::string json;
    mutable std::string json_map;
    mutable bool json_current = false;
};
