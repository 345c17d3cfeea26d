// A whole pursuit (Couvidou's Dishonored 2 chase chapter sections 2, 5 and 6): a player runs a scripted
// escape route, an NPC moved by one of kinema's movement models engages while it sees the player, chases to a
// destination chosen by a strategy (the chapter's flood, the flood paced at the player's run speed, dead
// reckoning, breadcrumbs, the last known position) when it loses sight, searches an occupancy map (Isla 2013)
// when it arrives without contact, and gives up after the search time. A deterministic fixed-step simulation
// on any chase cell space (grid levels and, through kinema::nav, 3D levels), documented in docs/pursuit.md.
//
// Layering: pursuit sits above chase (flood, dead reckoning, cell spaces), movement (the step models) and
// analysis (the exact stop prediction); it reaches walls only through PursuitSpace (pursuit/space.hpp), which
// nav implements for navmeshes.
//
// On 3D levels the simulation moves in the plane of the chase cells (x, z) and the height (y) follows the
// walkable surface: every Vec2 below is then (x, z) and the heights sit beside it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/core/vec.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/pursuit/space.hpp"

namespace kinema::pursuit {

/// How the NPC picks its destination when it loses sight.
enum class Strategy {
    flood,           ///< the chapter's flood, single shot (Couvidou's Dishonored 2 chase chapter section 3)
    flood_paced,     ///< the flood advanced at the player's run speed while the NPC runs (section 6)
    dead_reckoning,  ///< straight on from the last seen position until a wall (section 2)
    breadcrumbs,     ///< the player's real trail: the cell the player is in now (original Dishonored)
    last_known,      ///< the last seen position
    /// where the player can be by the time the NPC gets there (InterceptSettings; docs/pursuit.md
    /// "Intercept"): the flood's heat weighted toward its front and the last seen direction, or dead
    /// reckoning where the flood stops at once on open ground
    intercept,
};
/// "flood", "flood-paced", "dead-reckoning", "breadcrumbs", "last-known", "intercept" (CLI and JSON
/// spelling).
std::string_view to_string(Strategy strategy);
/// The strategy named `name` (the spelling above), or nullopt.
std::optional<Strategy> parse_strategy(std::string_view name);
/// Whether `strategy` reads the chase::FloodSettings field named `field` (its registry name): the flood
/// strategies read every field, dead reckoning only max_steps (its distance), the others none.
[[nodiscard]] bool strategy_reads_flood_field(Strategy strategy, std::string_view field);
inline constexpr Strategy all_strategies[] = {Strategy::flood,          Strategy::flood_paced,
                                              Strategy::dead_reckoning, Strategy::breadcrumbs,
                                              Strategy::last_known,     Strategy::intercept};

/// How a team of NPCs shares what it knows (docs/pursuit.md "Teams"); one NPC behaves the same in every mode.
enum class TeamMode {
    independent,  ///< each NPC perceives, chases and searches alone (the baseline)
    shared,       ///< one NPC's sighting is everyone's: the team loses the player together, one destination
    /// shared sightings, the flood's heat split into one destination per chasing NPC (chase/split.hpp),
    /// assigned by least total path length, and one occupancy map searched by all with distinct targets
    split,
};
/// "independent", "shared", "split" (CLI and JSON spelling).
std::string_view to_string(TeamMode mode);
/// The mode named `name` (the spelling above), or nullopt.
std::optional<TeamMode> parse_team_mode(std::string_view name);
/// The most NPCs one pursuit runs (a team of 16, as chase::max_split_destinations).
inline constexpr int max_team_npcs = 16;
/// Level units: two NPCs' centres never come closer than this (a step that would is not taken), and their
/// starts must be at least this far apart (docs/pursuit.md "Teams").
inline constexpr double npc_separation = 0.5;

enum class NpcState { engage, chase, search, gave_up };
/// "engage", "chase", "search", "gave_up".
std::string_view to_string(NpcState state);

/// The intercept strategy's constants (docs/pursuit.md "Intercept"; registered, so --set, --help, JSON and
/// Python follow). It reads only what the NPC saw: the last sighting, its direction and the level.
struct InterceptSettings {
    /// Cells, [0, 1e6]: the NPC runs straight on (dead reckoning's destination) when dead reckoning's line
    /// from the last sighting is at least this many cell sizes long, else to the chapter's flood destination;
    /// 0: never straight on. Default 12: the best of 8, 12 and 16 on the tuning levels (docs/pursuit.md
    /// "Intercept").
    double intercept_straight_cells = 12.0;
    /// [0, 1e6]: the search starts on every cell the NPC can reach alike, plus this x the flood's heat on
    /// its warm cells when the NPC ran to the flood's destination and the flood ran out of cells or steps
    /// (not too_many_heated); 0: the reachable cells alone. Default 0.1 (docs/pursuit.md "Intercept").
    double intercept_search_heat = 0.1;

    /// Named fields, as listed above.
    [[nodiscard]] FieldErrors validate() const;
};
/// The registry of InterceptSettings's fields.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<InterceptSettings>) noexcept;

struct PursuitSettings;
/// The registry of PursuitSettings's fields (kinema/core/settings_registry.hpp).
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<PursuitSettings>) noexcept;

/// The most steps one pursuit takes (ceil(max_time x hz)): one hour at 60 Hz, so max_time's whole range is
/// usable at the default rate. Each step records a frame (plus frame 0), so this bounds a run's memory (about
/// 100 bytes a frame) and its JSON (about 200 bytes a frame: 43 MB); the uncapped ranges allowed 3.6 million
/// steps (docs/errors.md "Limits").
inline constexpr std::int64_t max_pursuit_steps = 216'000;

/// The pursuer's reasoning (strategy, sight, search), shared by PursuitSettings (a base) and the runtime
/// PursuerSettings (a member): one registry part, so that both take the same names, ranges and defaults.
/// Lengths in level units, angles in degrees, times in seconds.
struct ReasoningSettings {
    Strategy strategy = Strategy::flood;
    double view_range = 20.0;   ///< level units, [0, 1e6]: farthest the NPC sees (and the search clears)
    double view_angle = 120.0;  ///< degrees, [0, 360]: the full cone of sight
    /// Level units, [0, 1e6]: closer than this (with a clear line) the NPC perceives the player whatever its
    /// facing -- the chapter's "direct sight or contact" (Couvidou's Dishonored 2 chase chapter section 5);
    /// it also keeps an NPC that stops a hair past the player it ran to from losing them behind its back.
    double contact_range = 1.0;
    double search_time = 30.0;  ///< s, [0, 3600]: search without contact before giving up
    /// Level units/s, (0, 1e6]: the player's run speed (600 cm/s at 100 cm/unit); the pursuer paces the
    /// paced flood and the search's spread with it.
    double player_speed = 6.0;
    /// [0, 1]: the share of each cell's probability that spreads evenly to its neighbours each time the
    /// player could have moved one cell (cell_size / player_speed seconds).
    double spread = 0.5;
};
/// The registry of ReasoningSettings's fields, the part both settings below share.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<ReasoningSettings>) noexcept;

/// The simulation's constants: the pursuer's reasoning (the base; registered in the order below, which
/// --help, JSON and batch part files show) and the simulation's own. Lengths in level units, speeds in
/// level units per second, angles in degrees, times in seconds (docs/pursuit.md lists every default and why).
struct PursuitSettings : ReasoningSettings {
    double hz = 60.0;            ///< 1/s, [1, 1000]: simulation steps per second
    double max_time = 120.0;     ///< s, (0, 3600]: the pursuit ends as a timeout after this
    double model_scale = 100.0;  ///< model length units per level unit, (0, 1e6] (Unreal: 100 cm)
    /// Model length units/s, [0, 1e6]: a model without a stop snap (Dishonored, CrossCode) counts as stopped
    /// at or below this speed; the CMC snaps to zero itself.
    double rest_speed = 1.0;

    /// Named fields (kPursuitOrder in src/pursuit/settings.cpp); then max_time x hz against max_pursuit_steps
    /// (field "max_time").
    [[nodiscard]] FieldErrors validate() const;
    /// validate(), then the NPC model against these settings: a step of 1/hz within the model's
    /// movement::longest_stable_dt (field "hz"), and its top speed over model_scale at most 1e6 level units/s
    /// (field "model_scale"), so that the NPC's state stays finite.
    [[nodiscard]] FieldErrors validate(const movement::AnyModel& npc_model) const;
};

/// A noise heard at time t (s) at a position (level units): re-seeds the chase there (Couvidou's Dishonored 2
/// chase chapter section 5), at most FloodSettings::max_restarts times per pursuit (-1: no cap).
struct Stimulus {
    double time = 0.0;
    Vec2 position;
    double height = 0.0;  ///< 3D levels: the position's y (grids: 0)
};

/// Another NPC of a team: where it starts and its initial facing.
struct NpcStart {
    Vec2 position;                  ///< level units, on walkable space
    std::optional<Vec2> direction;  ///< unset: toward the player
    double height = 0.0;            ///< 3D levels: the start's y (grids: 0)
};

/// Where everyone starts and where the player runs.
struct PursuitScenario {
    /// Waypoints (level units), at least one: the player starts at the first, runs the straight segments
    /// between them at player_speed and stands still at the last.
    std::vector<Vec2> route;
    Vec2 npc;                           ///< the NPC's start (level units), on walkable space
    std::optional<Vec2> npc_direction;  ///< the NPC's initial facing; unset: toward the player
    std::vector<Stimulus> stimuli;
    /// 3D levels: the waypoints' heights (y), one per waypoint; empty on grids (all 0).
    std::vector<double> route_heights;
    double npc_height = 0.0;  ///< 3D levels: the NPC start's y (grids: 0)
    /// The team's other NPCs (NPC 1, 2, ...; `npc` above is NPC 0): at most max_team_npcs - 1.
    std::vector<NpcStart> teammates;
    TeamMode team = TeamMode::split;  ///< how the NPCs share what they know (read with teammates only)

    /// The number of NPCs (1 + teammates).
    int npcs() const { return 1 + static_cast<int>(teammates.size()); }
    /// NPC i's start (0: npc, npc_direction, npc_height).
    NpcStart npc_start(int i) const {
        return i == 0 ? NpcStart{npc, npc_direction, npc_height} : teammates[static_cast<std::size_t>(i - 1)];
    }

    /// Named fields: route (a segment through a wall or cutting a wall corner is named by its index), npc
    /// (NPC i > 0 named "NPC i+1"; more than max_team_npcs; closer than npc_separation), npc_direction,
    /// stimulus. Checks need the space for walls.
    [[nodiscard]] FieldErrors validate(const chase::ChaseSpace& space) const;
    /// The same on any pursuit space (3D levels: a segment is walkable when Detour's raycast is not
    /// blocked; points are written (x, y, z)).
    [[nodiscard]] FieldErrors validate(PursuitSpace& space) const;
    /// The height of waypoint i (0 without route_heights).
    double route_height(std::size_t i) const { return i < route_heights.size() ? route_heights[i] : 0.0; }
};

/// Everything a pursuit needs besides the space and the scenario.
struct PursuitConfig {
    PursuitSettings settings;
    movement::AnyModel model = movement::UnrealSettings{};  ///< the NPC's locomotion (engine defaults)
    /// The flood's constants; max_restarts caps the stimuli accepted (pursuit default 3, documented).
    chase::FloodSettings flood = default_flood();
    InterceptSettings intercept;  ///< read by the intercept strategy only
    std::string map;  ///< the level's name in the chase events' `result` (as `kinema chase --map` prints it)

    /// The settings against the NPC model (PursuitSettings::validate(model)), then the flood's and the
    /// intercept's: what every
    /// face checks before a run (the model's own fields: movement::validate).
    [[nodiscard]] FieldErrors validate() const;

    static chase::FloodSettings default_flood() {
        chase::FloodSettings f;
        f.max_restarts = 3;
        return f;
    }
};

/// The state after one step (frame 0: the start).
struct PursuitFrame {
    double t = 0.0;  ///< s
    NpcState state = NpcState::engage;
    Vec2 player;                  ///< level units
    Vec2 npc;                     ///< level units (model position / model_scale)
    Vec2 npc_velocity;            ///< level units/s
    Vec2 npc_input;               ///< the model input of the step that led here (unit or zero)
    bool sees_player = false;     ///< after this step
    movement::PlanarState model;  ///< the NPC's exact model state (model units): frame k+1 = step(frame k)
    double player_height = 0.0;   ///< 3D levels: the player's y on the surface (grids: 0)
    double npc_height = 0.0;      ///< 3D levels: the NPC's y on the surface (grids: 0)
    /// The NPC's navigator had reached its goal and stopped when the pursuer was ticked in this step (the
    /// runtime pursuer's `arrived` input, pursuer.hpp); frame 0: false.
    bool arrived = false;
};

/// One NPC of a team in one frame (PursuitResult::team_frames).
struct NpcFrame {
    NpcState state = NpcState::engage;
    Vec2 position;             ///< level units
    Vec2 velocity;             ///< level units/s
    Vec2 input;                ///< the model input of the step that led here (unit or zero)
    bool sees_player = false;  ///< this NPC's own sight, after this step
    double height = 0.0;       ///< 3D levels: y on the surface (grids: 0)
};

enum class EventKind { lost_sight, chase, arrived, search, reacquired, stimulus, gave_up };
/// "lost_sight", "chase", "arrived", "search", "reacquired", "stimulus", "gave_up".
std::string_view to_string(EventKind kind);

struct PursuitEvent {
    double t = 0.0;
    EventKind kind = EventKind::lost_sight;
    Vec2 position;         ///< lost_sight: last seen; chase/arrived: destination; stimulus: where heard
    Vec2 direction;        ///< lost_sight: the player's direction of motion then
    bool accepted = true;  ///< stimulus: false when the restart cap refused it
    /// chase with a flood strategy: the chase's result, as `kinema chase` reports it for the same query and
    /// constants (pursuit_json writes it as `kinema chase --json` prints it); empty otherwise.
    std::optional<chase::ChaseResult> chase;
    double height = 0.0;  ///< 3D levels: position's y (grids: 0)
    int npc = 0;          ///< the NPC whose event it is (0-based, in the scenario's order)
};

enum class Outcome { reacquired, gave_up, timeout, never_lost };
/// "reacquired", "gave_up", "timeout", "never_lost".
std::string_view to_string(Outcome outcome);

/// One pursuit. With a team, frames hold NPC 0 and the measures are the team's: the team has lost the player
/// when no NPC sees them (an independent NPC's own loss while a teammate sees them is not the team's); the
/// outcome is re-acquired when an NPC then sees them again and gave_up when every NPC gave up, and
/// time_to_reacquire counts from the team's loss; npc_distance is the nearest NPC's,
/// destination_changes the sum and max_heading_rate the largest over the NPCs; occupancy is the shared map
/// (split) or the mean of the NPCs' own maps.
struct PursuitResult {
    std::vector<PursuitFrame> frames;
    std::vector<PursuitEvent> events;
    Outcome outcome = Outcome::never_lost;
    NpcState reacquired_in = NpcState::chase;  ///< the state the NPC re-acquired in (outcome reacquired)
    double time_to_reacquire = -1.0;           ///< s from the (team's) loss of sight; -1 if never re-acquired
    double npc_distance = 0.0;                 ///< level units, NPC to player at the end
    int destination_changes = 0;  ///< chase destinations after the first (paced flood, breadcrumbs, stimuli)
    double max_heading_rate = 0.0;  ///< deg/s, the NPC's largest velocity turn per second while moving
    /// Occupancy at the end of the search (one per cell, sums to 1), empty without a search.
    std::vector<double> occupancy;
    /// The flood's per-cell values at the first chase (flood strategies), for pictures.
    std::vector<int> chase_heat;
    int dimensions = 2;  ///< 2: positions [x, y]; 3: [x, y, z] (the space's PursuitSpace::dimensions)
    /// The search's coverage: cells any NPC's search saw while they held probability (the union over the
    /// team), and the NPC-seconds spent searching (frames in the search state / hz, summed over the NPCs).
    std::size_t searched_cells = 0;
    double search_npc_seconds = 0.0;
    int npcs = 1;  ///< the team's size
    TeamMode team = TeamMode::split;
    /// Teams (npcs > 1): frame k's NPC i at [k * npcs + i]; empty for one NPC.
    std::vector<NpcFrame> team_frames;
};

/// Runs one pursuit. Throws SettingsError naming the bad fields of the settings, the model, the flood
/// settings or the scenario (validate()). Deterministic: the same arguments give the same result.
[[nodiscard]] PursuitResult run_pursuit(const chase::ChaseSpace& space, const PursuitScenario& scenario,
                                        const PursuitConfig& config);
/// The same on any pursuit space (3D levels: nav::NavPursuitSpace). One simulation loop for every space.
[[nodiscard]] PursuitResult run_pursuit(PursuitSpace& space, const PursuitScenario& scenario,
                                        const PursuitConfig& config);

/// The stop distance ahead (model units) of a model braking with zero input from `velocity` at a constant
/// frame time: the CMC's exact prediction (analysis::unreal_stop) for Unreal, stepping to rest_speed
/// otherwise.
[[nodiscard]] double stop_distance(const movement::AnyModel& model, Vec2 velocity, double frame_time,
                                   double rest_speed);

}  // namespace kinema::pursuit
