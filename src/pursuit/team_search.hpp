// A team's one search (docs/pursuit.md "Teams", split mode): the NPCs search one occupancy map (Isla 2013)
// that any of them seeds on arriving first, every NPC's eye clears it for all, and each NPC heads for the
// most probable cell that no other NPC has as its target. Private to the pursuit part.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "occupancy_map.hpp"
#include "perception.hpp"

namespace kinema::pursuit::detail {

class TeamSearch {
  public:
    /// A team of `npcs`: no search under way, no targets (the map's arrays are kept).
    void reset(int npcs);
    /// A new chase: the next NPC to search seeds the map afresh.
    void end() {
        active_ = false;
        targets_.assign(targets_.size(), chase::no_cell);
    }
    /// NPC `npc` starts searching at time t: the first seeds the map as a lone NPC's search would
    /// (OccupancyMap::prepare and seed); the others join the map as it is.
    template <class Fallback>
    void join(int npc, const chase::CellSpace& cells, double view_range, const SearchSeed& seed,
              Fallback&& fallback, double t, double spread, double interval) {
        if (!active_) {
            map_.prepare(cells, view_range);
            map_.seed(seed, fallback, t, spread, interval);
            active_ = true;
            searched_ = true;
            spread_at_ = -1.0;
        }
        targets_[static_cast<std::size_t>(npc)] = chase::no_cell;
    }
    /// NPC `npc` no longer searches (engaged, chasing or gave up): its target is free for the others.
    void leave(int npc) { targets_[static_cast<std::size_t>(npc)] = chase::no_cell; }
    /// One frame of NPC `npc`'s search at time t: the spreads due, its eye clears the map, and it chooses
    /// again when a spread ran this frame, its target was seen or taken, or it has none. True when its
    /// target changed.
    bool update(int npc, double t, const Perception& perception, const Eye& eye);
    chase::CellId target(int npc) const { return targets_[static_cast<std::size_t>(npc)]; }
    /// Whether a search ran since reset; normalised() writes the map normalised to sum 1.
    bool searched() const { return searched_; }
    void normalised(std::vector<double>& out) const { map_.normalised(out); }
    std::span<const std::uint8_t> sweep() const { return map_.sweep(); }

  private:
    bool taken_by_another(int npc, chase::CellId cell) const;

    OccupancyMap map_;
    std::vector<chase::CellId> targets_;  // per NPC; no_cell: none
    std::vector<chase::CellId> taken_;    // scratch: the other NPCs' targets (reserved: no allocation)
    bool active_ = false;
    bool searched_ = false;
    double spread_at_ = -1.0;  // the time of the frame whose spread ran (every NPC chooses again then)
};

}  // namespace kinema::pursuit::detail
