// A team's one search (team_search.hpp).
#include "team_search.hpp"

#include <algorithm>

namespace kinema::pursuit::detail {

void TeamSearch::reset(int npcs) {
    targets_.assign(static_cast<std::size_t>(npcs), chase::no_cell);
    taken_.reserve(static_cast<std::size_t>(npcs));
    active_ = false;
    searched_ = false;
    spread_at_ = -1.0;
    map_.clear_sweep();
}

bool TeamSearch::taken_by_another(int npc, chase::CellId cell) const {
    for (std::size_t j = 0; j < targets_.size(); ++j) {
        if (static_cast<int>(j) != npc && targets_[j] == cell) {
            return true;
        }
    }
    return false;
}

// The spreads run once a frame, whichever NPC comes first; a spread moves the probability, so every NPC
// chooses again in that frame. Choices are made in NPC order, each excluding the targets held by the others
// then, so no two NPCs head for one cell.
bool TeamSearch::update(int npc, double t, const Perception& perception, const Eye& eye) {
    if (map_.spread_until(t)) {
        spread_at_ = t;
    }
    map_.clear(perception, eye);
    chase::CellId& mine = targets_[static_cast<std::size_t>(npc)];
    const bool choose = mine == chase::no_cell || spread_at_ == t || map_.probability(mine) == 0.0 ||
                        taken_by_another(npc, mine) || map_.must_choose();
    if (!choose) {
        return false;
    }
    taken_.clear();
    for (std::size_t j = 0; j < targets_.size(); ++j) {
        if (static_cast<int>(j) != npc && targets_[j] != chase::no_cell) {
            taken_.push_back(targets_[j]);
        }
    }
    map_.set_excluded(taken_);
    map_.choose(perception, eye);
    map_.set_excluded({});
    // Every cell but the others' targets was seen (the map started again from this eye and found nothing
    // free): no target this frame; the NPC keeps its goal and chooses again next frame.
    const chase::CellId before = mine;
    const chase::CellId picked = map_.target();
    mine = picked == chase::no_cell || taken_by_another(npc, picked) ? chase::no_cell : picked;
    return mine != before && mine != chase::no_cell;
}

}  // namespace kinema::pursuit::detail
