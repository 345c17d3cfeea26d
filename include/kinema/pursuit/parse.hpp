// The pursuit's scenario as text (issue 16): route, NPC and stimuli in the words of `kinema pursue`'s flags,
// parsed once here for every face (the CLI's cmd_pursue.cpp and the web's pursuit_lab.cpp), with the field
// -> flag names its messages use. Standard library only (the CLI's {fmt} is absent in WebAssembly).
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/core/text.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/pursuit/pursuit.hpp"

namespace kinema::pursuit {

/// Text that does not parse; what() is one line naming the flag ("--npc: expected X,Y, got '1'").
class ParseError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
};

/// A settings or scenario field and the `kinema pursue` flag that sets it.
struct FlagName {
    std::string_view field;
    std::string_view flag;
};
/// Every pursue field with a flag of its own: the settings, the flood's constants, the scenario and --batch.
inline constexpr FlagName pursue_flag_names[] = {
    {"hz", "--hz"},
    {"max_time", "--max-time"},
    {"view_range", "--view-range"},
    {"view_angle", "--view-angle"},
    {"search_time", "--search-time"},
    {"player_speed", "--player-speed"},
    {"model_scale", "--model-scale"},
    {"strategy", "--strategy"},
    {"hot", "--hot"},
    {"max_heated", "--max-heated"},
    {"max_steps", "--max-steps"},
    {"route", "--route"},
    {"npc", "--npc"},
    {"npc_direction", "--npc-dir"},
    {"stimulus", "--stimulus"},
    {"scenarios", "--batch"},
    {"seed", "--seed"},
    {"threads", "--threads"},
    {"min_route", "--min-route"},
};
/// "FLAG: message; FLAG: message" with pursue_flag_names (a field without a flag by its own name).
[[nodiscard]] std::string flag_message(const FieldErrors& errors);

/// A finite number (a leading '+' allowed); ParseError "WHAT: expected a number, got 'TEXT'" or "WHAT: must
/// be a finite number, got 'TEXT'".
[[nodiscard]] double parse_number(std::string_view text, std::string_view what);

/// The scenario flags' texts. On grids (dimensions 2) points are X,Y, stimuli T,X,Y; on 3D levels
/// (dimensions 3) X,Y,Z and T,X,Y,Z (y up), stored as the planar (x, z) with the height y beside it
/// (PursuitScenario::route_heights, npc_height, Stimulus::height); --npc-dir DX,DY,DZ keeps (dx, dz).
struct ScenarioText {
    std::string route;                 ///< --route "X,Y;X,Y;..."
    std::string npc;                   ///< --npc
    std::string npc_dir;               ///< --npc-dir, empty: toward the player
    std::vector<std::string> stimuli;  ///< --stimulus, one per noise
};
/// Parses the texts (ParseError naming the flag); walls are checked by PursuitScenario::validate.
[[nodiscard]] PursuitScenario parse_scenario(const ScenarioText& text, int dimensions);

}  // namespace kinema::pursuit
