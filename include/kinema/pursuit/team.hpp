// A team of runtime pursuers (docs/pursuit.md "Teams"): the NPCs a game ticks together, sharing what they
// know by a TeamMode. `independent`: each NPC's pursuer alone. `shared`: any NPC's sighting is everyone's, so
// the team loses the player together and every NPC runs the same chase. `split`: the same, and the flood
// strategy's heat is split into one destination per chasing NPC (chase/split.hpp: regions along the level,
// each with the destination by the rule of Couvidou's Dishonored 2 chase chapter), assigned by least total
// path length, and the search is one occupancy map that every NPC's eye clears for all, with no two NPCs
// heading for the same cell. `kinema pursue --npc ... --team` is this team driven by the simulation.
//
// Points are world points of the space, as for Pursuer. Updates allocate nothing once warmed up, except in
// split mode the update that splits a new chase (the regions, the path lengths, the assignment: once per
// loss of sight or stimulus). One team per thread; the space must outlive it.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace kinema::pursuit {

class PursuerTeam {
  public:
    /// `npcs` in [1, max_team_npcs]. Throws SettingsError naming the bad fields of the settings, the flood
    /// settings, or "npcs".
    PursuerTeam(PursuitSpace& space, int npcs, TeamMode mode, const PursuerSettings& settings,
                const chase::FloodSettings& flood);
    ~PursuerTeam();
    PursuerTeam(PursuerTeam&&) noexcept;
    PursuerTeam& operator=(PursuerTeam&&) noexcept;
    PursuerTeam(const PursuerTeam&) = delete;
    PursuerTeam& operator=(const PursuerTeam&) = delete;

    /// New constants (validated as by the constructor), then reset(); the buffers are kept.
    void set_settings(const PursuerSettings& settings, const chase::FloodSettings& flood);
    /// Every NPC back to before its first update.
    void reset();
    /// Another mode for the same NPCs (their buffers kept), then reset().
    void set_mode(TeamMode mode);
    [[nodiscard]] int size() const;
    [[nodiscard]] TeamMode mode() const;

    /// One frame of every NPC: inputs[i] is NPC i's report (size() of them, one dt). In shared and split
    /// modes each pursuer is told the team's sighting: sees_player when any NPC sees, and the player's
    /// position and velocity from the first NPC that does. Throws SettingsError as Pursuer::update, or
    /// naming "inputs" when their count or dt differ.
    void update(std::span<const PursuerInput> inputs);
    /// A noise heard by the whole team (Pursuer::stimulus for every NPC, then the split of the chases it
    /// started).
    void stimulus(Vec3 position, double delay = 0.0);

    /// NPC i's pursuer: its output, events (of the last call), occupancy and floods.
    [[nodiscard]] const Pursuer& npc(int i) const;

    class Impl;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace kinema::pursuit
