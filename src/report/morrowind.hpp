// The results of `kinema morrowind speed|jump|fall` (docs/morrowind.md) and their JSON: the rules, the actor
// and its stance as given, then the model's answer under "result".
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "kinema/movement/morrowind.hpp"

namespace kinema::report {

/// `morrowind speed`: the movement speed, its animation playback and the Speed attribute at the cap.
struct MorrowindSpeedResult {
    movement::MorrowindSpeed speed;
    movement::MorrowindAnimation animation;
    std::optional<double> speed_attribute_at_cap;  ///< none: no Speed reaches the cap
};

/// `morrowind jump`: the jump along `direction`, in closed form and stepped at the physics step.
struct MorrowindJumpResult {
    Vec2 direction;
    movement::MorrowindJump jump;
    movement::MorrowindJumpArc arc;
};

/// `morrowind fall`: the landing after a fall of `height`.
struct MorrowindFallResult {
    double height = 0.0;  ///< u
    movement::MorrowindFall fall;
};

/// A GMST file that is not a JSON object of names to numbers; the message names the file.
class GmstFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};
/// Sets each GMST of the JSON object `text` (read from `path`, named in the messages) in `gmsts`, then
/// validates them all. Read here, beside the reports, because this part holds kinema's JSON library
/// (nlohmann-json). Throws GmstFileError for text that is not such an object, SettingsError naming the GMST
/// for an unknown name or a bad value.
void apply_gmst_json(movement::MorrowindGmsts& gmsts, std::string_view text, std::string_view path);

/// apply_gmst_json of the file at `path`, read whole up to 1 MiB (every GMST of the game fits in a few
/// kilobytes; the cap keeps /dev/zero from eating memory). A file that cannot be read, or is longer, is a
/// GmstFileError too, with kinema::FileError's message.
void apply_gmst_file(movement::MorrowindGmsts& gmsts, const std::string& path);

/// A rule's name ("wiki", "openmw", "vanilla") as the settings registry spells it, e.g. "gravity".
[[nodiscard]] std::string morrowind_rule(const movement::MorrowindSettings& settings, std::string_view field);

/// The model's answers for `actor`; the jump's also throw SettingsError("take_off_speed") beyond its bound.
[[nodiscard]] MorrowindSpeedResult morrowind_speed(const movement::MorrowindModel& model,
                                                   const movement::MorrowindActor& actor,
                                                   const movement::MorrowindStance& stance);
[[nodiscard]] MorrowindJumpResult morrowind_jump(const movement::MorrowindModel& model,
                                                 const movement::MorrowindActor& actor,
                                                 const movement::MorrowindStance& stance, Vec2 direction);

/// "NPC, Speed 50, Athletics 30, ...; gravity wiki (627.2 u/s^2)": a table title.
[[nodiscard]] std::string describe_morrowind_actor(const movement::MorrowindActor& actor,
                                                   const movement::MorrowindModel& model);
/// The tables `kinema morrowind` prints: quantity, value (10 significant digits) and unit per row.
[[nodiscard]] std::string morrowind_speed_text(const movement::MorrowindModel& model,
                                               const movement::MorrowindActor& actor,
                                               const MorrowindSpeedResult& result);
[[nodiscard]] std::string morrowind_jump_text(const movement::MorrowindModel& model,
                                              const movement::MorrowindActor& actor,
                                              const MorrowindJumpResult& result);
[[nodiscard]] std::string morrowind_fall_text(const movement::MorrowindModel& model,
                                              const movement::MorrowindActor& actor,
                                              const MorrowindFallResult& result);

[[nodiscard]] std::string morrowind_speed_json(const movement::MorrowindModel& model,
                                               const movement::MorrowindActor& actor,
                                               const movement::MorrowindStance& stance,
                                               const MorrowindSpeedResult& result);
[[nodiscard]] std::string morrowind_jump_json(const movement::MorrowindModel& model,
                                              const movement::MorrowindActor& actor,
                                              const movement::MorrowindStance& stance,
                                              const MorrowindJumpResult& result);
[[nodiscard]] std::string morrowind_fall_json(const movement::MorrowindModel& model,
                                              const movement::MorrowindActor& actor,
                                              const MorrowindFallResult& result);

}  // namespace kinema::report
