// A pursuit from text, once for every face (the CLI's cmd_pursue.cpp and the web's pursuit_lab.cpp): the
// scenario (the route, the NPC and the stimuli as comma- and semicolon-separated numbers) and the
// configuration's settings by name. Errors name fields (route, npc, npc_direction, stimulus; the settings'
// own names); each face names them as its users typed them. Standard library only (the CLI's {fmt} is absent
// in WebAssembly).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/settings_registry.hpp"
#include "kinema/core/text.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace kinema::pursuit {

/// The scenario's texts. On grids (dimensions 2) points are X,Y, stimuli T,X,Y; on 3D levels (dimensions 3)
/// X,Y,Z and T,X,Y,Z (y up), stored as the planar (x, z) with the height y beside it
/// (PursuitScenario::route_heights, npc_height, Stimulus::height); npc_direction DX,DY,DZ keeps (dx, dz).
struct ScenarioText {
    std::string route;                 ///< "X,Y;X,Y;..."
    std::string npc;                   ///< the NPC's start
    std::string npc_dir;               ///< the NPC's initial facing; empty: toward the player
    std::vector<std::string> stimuli;  ///< one per noise
    /// A team's other NPCs' starts (NPC 1, 2, ...), at most max_team_npcs - 1.
    std::vector<std::string> teammates = {};
    /// Their initial facings, one per teammate in order (then npc_dir is required too), or none.
    std::vector<std::string> teammate_dirs = {};
    std::string team = {};  ///< "independent", "shared" or "split"; empty: split
};
/// The names of the team modes (ScenarioText::team), in TeamMode order: independent, shared, split.
[[nodiscard]] std::span<const std::string_view> team_mode_names() noexcept;
/// The texts of a scenario whose NPCs come as lists, as the CLI's repeated --npc and --npc-dir and the web
/// lab's take them: the first start and facing are NPC 0's (npc and npc_dir; empty when the list is), the
/// rest its teammates', in order.
[[nodiscard]] ScenarioText team_scenario_text(std::string route, const std::vector<std::string>& npcs,
                                              const std::vector<std::string>& npc_dirs,
                                              std::vector<std::string> stimuli, std::string team);
/// Parses the texts; text that does not parse throws SettingsError with one FieldError naming the field
/// ("npc": "expected X,Y, got '1'"; "npc": more than max_team_npcs NPCs; "npc_direction": not one facing
/// per NPC; "team": an unknown mode). Walls are checked by PursuitScenario::validate.
[[nodiscard]] PursuitScenario parse_scenario(const ScenarioText& text, int dimensions);

/// A PursuitConfig's settings as one description built from its parts' (SettingsPart): the pursuit's own
/// fields and the flood's, by their bare names (as `kinema pursue --set` and the web lab take them), so that
/// a face sets a field by name and the registry finds the struct that owns it. The NPC's model is a variant:
/// its fields go through movement::set_field_text.
[[nodiscard]] const SettingsDescription& describe_settings(std::type_identity<PursuitConfig>) noexcept;

}  // namespace kinema::pursuit
