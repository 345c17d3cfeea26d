// The runtime pursuer (docs/pursuit.md "Runtime pursuer"): the NPC's chase reasoning as an object a game
// ticks once a frame -- the state machine (engage, chase, search, give up), the chase strategies (Couvidou's
// Dishonored 2 chase chapter: the flood, the paced flood, dead reckoning; the original Dishonored's
// breadcrumbs; the last known position), the occupancy-map search (Isla, "Third Eye Crime", GDC 2013) whose
// cells are cleared with kinema's own line of sight on the space, and stimuli that restart the chase up to
// FloodSettings::max_restarts times. The game keeps the body: it moves the NPC to the goal the pursuer
// answers (its own pathfinder and locomotion), tells the pursuer what the NPC perceives and whether it
// arrived. `kinema pursue` is this pursuer driven by a scripted player, a navigator and a movement model
// (pursuit.hpp), so a game gets exactly the behaviour the batch measured.
//
// Points are world points of the space (grids: (x, y, 0); 3D levels: (x, y, z), y up); only their planar
// part (the chase cells' plane, PursuitSpace::frame()) and height are read. No allocation per update once
// the first search on the space has built its arrays; the cost of an update is bounded (docs/pursuit.md).
// One pursuer per NPC and thread; the space must outlive it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit {

/// The pursuer's constants: the reasoning PursuitSettings holds too (a member, so that this struct stays
/// standard-layout for the C ABI's kinema_pursuer_settings, which mirrors it field for field) and the flood's
/// time slicing.
struct PursuerSettings {
    ReasoningSettings reasoning;
    /// Propagation steps, [0, 1e9]: the chapter's "fixed number of propagation steps per frame" (Couvidou,
    /// section 6) for the single-shot flood of the flood strategies; 0 finishes it in the update that
    /// starts it (what `kinema pursue` does). While it runs, the goal stays the last seen position (the
    /// flood strategy) or the paced flood's destination (the paced flood), the NPC does not count as
    /// arrived, and the chase event comes with the update that finishes it.
    int flood_steps_per_tick = 0;
    /// The intercept strategy's constants (after the C ABI's mirrored fields: from C they keep their
    /// registered defaults).
    InterceptSettings intercept;

    /// Named fields, as listed above (the reasoning's without a prefix).
    [[nodiscard]] FieldErrors validate() const;
};
/// The registry of PursuerSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<PursuerSettings>) noexcept;
/// A pursuit's reasoning, its flood unsliced (flood_steps_per_tick 0, as `kinema pursue` runs).
[[nodiscard]] PursuerSettings pursuer_settings(const PursuitSettings& settings);

/// What the game reports each frame.
struct PursuerInput {
    double dt = 0.0;           ///< s, [0, 3600]: since the previous update (the first: since the alert)
    Vec3 npc_position;         ///< world point: the NPC now
    Vec3 npc_facing;           ///< world direction (planar part used; normalised unless within 1e-9 of unit)
    bool sees_player = false;  ///< the game's perception (or kinema's: Perception in pursuit.cpp)
    /// World point: the player now. Read while the NPC sees the player, and on the first update (the alert
    /// that starts the pursuit tells where the player is); the breadcrumbs strategy reads it always (the
    /// original Dishonored's trail is omniscient by design).
    Vec3 player_position;
    /// World vector along the player's motion (zero: standing). Only its planar direction is read (the
    /// flood's barrier, Couvidou section 3); the paced flood runs at PursuerSettings::player_speed.
    Vec3 player_velocity;
    /// The game's agent reached the goal of the previous output and stopped there (`kinema pursue`: the
    /// navigator's arrival; Unity: !pathPending && remainingDistance <= stoppingDistance).
    bool arrived = false;
};

/// What the NPC should do now.
struct PursuerOutput {
    NpcState state = NpcState::engage;
    Vec3 goal;                   ///< world point to go to (engage: the player)
    bool goal_changed = false;   ///< goal differs from the previous output's: re-path
    bool goal_in_sight = false;  ///< engage: the goal is the seen player, a straight line away
    /// One bit per PursuitEvent this call recorded: bit (1 << EventKind) (events() holds them).
    std::uint32_t events = 0;
    double time = 0.0;  ///< s, the pursuer's clock: the sum of the updates' dt
};

class Pursuer {
  public:
    /// Throws SettingsError naming the bad fields of the settings or the flood settings (validated here
    /// once: updates check only their input).
    Pursuer(PursuitSpace& space, const PursuerSettings& settings, const chase::FloodSettings& flood);
    class Impl;
    /// The pursuit part's own (a team keeps its NPCs' implementations, team.cpp): a pursuer around one.
    explicit Pursuer(std::unique_ptr<Impl> impl);
    ~Pursuer();
    Pursuer(Pursuer&&) noexcept;
    Pursuer& operator=(Pursuer&&) noexcept;
    Pursuer(const Pursuer&) = delete;
    Pursuer& operator=(const Pursuer&) = delete;

    /// New constants (validated as by the constructor), then reset(); the buffers are kept.
    void set_settings(const PursuerSettings& settings, const chase::FloodSettings& flood);
    /// Back to before the first update (engaged, clock 0, no restart used); the buffers are kept.
    void reset();

    /// One frame (docs/pursuit.md "Runtime pursuer"): the clock advances by dt, then the state machine runs
    /// on what the game reports. Throws SettingsError naming a field of `input` that is not finite, a
    /// negative dt, or a coordinate beyond 1e9 (the chase query's range), before changing anything.
    const PursuerOutput& update(const PursuerInput& input);
    /// A noise heard at world point `position` (on walkable space), `delay` seconds after the last update
    /// (>= 0; the event's time is time() + delay): re-seeds the chase there with no barrier (Couvidou
    /// section 5) unless the NPC is engaged or the restart cap is used up (the stimulus event's accepted).
    const PursuerOutput& stimulus(Vec3 position, double delay = 0.0);
    const PursuerOutput& output() const;
    double time() const;

    /// The events of the last update or stimulus call, in order.
    [[nodiscard]] std::span<const PursuitEvent> events() const;
    /// Chase destinations after the first since reset (the paced flood's moves, breadcrumbs, stimuli).
    [[nodiscard]] int destination_changes() const;
    /// Whether a search ran since reset; occupancy() writes its map normalised to sum 1 (one per cell).
    [[nodiscard]] bool searched() const;
    void occupancy(std::vector<double>& out) const;
    /// The single-shot flood of the last chase (flood strategies): its per-cell values, for pictures.
    [[nodiscard]] const chase::Flood& single_shot_flood() const;
    /// One byte per chase cell: 1 where a search since reset saw the cell while it held probability (a team
    /// in split mode: the team's one search); empty before the first search on the space. The search's
    /// coverage (docs/pursuit.md "Teams").
    [[nodiscard]] std::span<const std::uint8_t> search_sweep() const;

  private:
    std::unique_ptr<Impl> impl_;
};

}  // namespace kinema::pursuit
