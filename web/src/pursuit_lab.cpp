// PursuitLab: one grid level and one pursuit on it (kinema/pursuit/pursuit.hpp, docs/pursuit.md),
// run by the library's run_pursuit and printed by its pursuit_json, so the pursuit page's JSON is exactly
// what `kinema pursue --json` prints for the same arguments. The route, the NPCs (one, or a team with its
// mode) and the stimuli arrive as the CLI's flag texts and are parsed by the library's parser
// (kinema/pursuit/parse.hpp, which the CLI uses too), checked and reported in the CLI's words: an error is
// one line naming the flag, and no result is kept. docs/web.md, "The JS API".
#include "pursuit_lab.hpp"

#include <emscripten/bind.h>

#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/render/pursuit_picture.hpp"
#include "kinema/report/pursuit_json.hpp"
#include "lab_level.hpp"
#include "web_json.hpp"

namespace kinema::web {

namespace {

// The CLI's messages: the library's scenario parser (kinema/pursuit/parse.hpp, shared with
// apps/kinema/cmd_pursue.cpp) names fields; the page's inputs are `kinema pursue`'s flags, so errors name
// those flags (a field without one by its own name, as `kinema pursue --set` takes it).
struct FieldFlag {
    std::string_view field;
    std::string_view flag;
};
constexpr FieldFlag pursue_flags[] = {
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
    {"team", "--team"},
};

std::string flag_message(const FieldErrors& errors) {
    std::string out;
    for (const FieldError& e : errors) {
        std::string_view flag = e.field;
        for (const FieldFlag& f : pursue_flags) {
            flag = f.field == e.field ? f.flag : flag;
        }
        out += out.empty() ? "" : "; ";
        out += flag;
        out += ": ";
        out += e.message;
    }
    return out;
}

struct FlagError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

void require_valid(const FieldErrors& errors) {
    if (!errors.empty()) {
        throw FlagError(flag_message(errors));
    }
}

// Several flags' texts joined by ';' (the stimuli; the NPCs' starts and facings, as --npc and --npc-dir
// repeated): one text each, none for "".
std::vector<std::string> joined_flags(const std::string& joined) {
    return joined.empty() ? std::vector<std::string>{} : split(joined, ';');
}

// --route, the NPCs (--npc repeated, joined by ';': NPC 1 first), their facings (--npc-dir likewise, none or
// one per NPC), --team and the stimuli joined by ';' (grid levels: X,Y and T,X,Y). One NPC is today's
// scenario: no teammates, and the team mode is not read.
pursuit::PursuitScenario parse_scenario(const std::string& route, const std::string& npcs,
                                        const std::string& npc_dirs, const std::string& team,
                                        const std::string& stimuli) {
    std::vector<std::string> starts = joined_flags(npcs);
    std::vector<std::string> facings = joined_flags(npc_dirs);
    pursuit::ScenarioText text{route, starts.empty() ? std::string() : starts.front(),
                               facings.empty() ? std::string() : facings.front(), joined_flags(stimuli)};
    if (starts.size() > 1) {
        text.teammates.assign(starts.begin() + 1, starts.end());
    }
    if (facings.size() > 1) {
        text.teammate_dirs.assign(facings.begin() + 1, facings.end());
    }
    text.team = team;
    return pursuit::parse_scenario(text, 2);
}

}  // namespace

/// One level and one pursuit on it. Settings, model and level persist across runs; a failed run keeps no
/// result.
class PursuitLab {
  public:
    /// Parses a level file's text (".map" Moving AI, else kinema ASCII, as the CLI's load_level). On error
    /// the previous level stays and the message ("NAME:LINE: ...") is returned.
    std::string load_level(const std::string& text, const std::string& name) {
        std::string error = read_level_text(level_, text, name);
        if (error.empty()) {
            drop_result();
            space_.reset();
            grid_.reset();
        }
        return error;
    }
    int width() const { return level_.width; }
    int height() const { return level_.height; }
    bool passable(int col, int row) const { return level_.is_passable(col, row); }
    std::string name() const { return level_.name; }

    /// A pursuit field (hz, max_time, view_range, view_angle, contact_range, search_time, player_speed,
    /// model_scale, spread, rest_speed, strategy), a flood field (hot, max_heated, max_steps,
    /// max_restarts, destination) or a field of the NPC's model, from text as the CLI's flags and --set; ""
    /// or the message naming the flag. The whole configuration is validated at run().
    std::string set_setting(const std::string& field, const std::string& text) {
        try {
            // The pursuit's and the flood's fields by name (kinema/pursuit/parse.hpp), else the model's.
            const SettingsDescription& settings = settings_description<pursuit::PursuitConfig>();
            if (find_field(settings, field) != nullptr) {
                set_field_text(settings, &config_, field, text);
            } else {
                movement::set_field_text(config_.model, field, text);
            }
            drop_result();  // the result must match the configuration pursuit_json prints
            return {};
        } catch (const SettingsError& e) {
            return flag_message(e.errors());
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    /// The NPC's movement model (unreal, dishonored, crosscode) with its default settings.
    std::string set_model(const std::string& name) {
        try {
            config_.model = movement::make_model(name);
            drop_result();
            return {};
        } catch (const std::exception& e) {
            return "--npc-model: " + std::string(e.what());
        }
    }
    std::string model() const { return std::string(movement::model_name(config_.model)); }
    std::string pursuit_fields() const { return fields_json(config_.settings); }
    std::string flood_fields() const { return fields_json(config_.flood); }
    std::string model_fields() const {
        return std::visit([](const auto& s) { return fields_json(s); }, config_.model);
    }

    /// Runs one pursuit as `kinema pursue --map MAP --route ROUTE --npc NPC... [--npc-dir DIR...] [--team
    /// TEAM] [--stimulus S]...` with the settings set so far: the NPCs' starts, their facings and the
    /// stimuli each joined by ';' (NPC 1 first), TEAM "" for the default; "" or the CLI's one-line message.
    std::string run(const std::string& map, const std::string& route, const std::string& npcs,
                    const std::string& npc_dirs, const std::string& team, const std::string& stimuli) {
        drop_result();
        try {
            config_.map = map;
            FieldErrors errors = config_.settings.validate();
            const FieldErrors flood_errors = config_.flood.validate();
            errors.insert(errors.end(), flood_errors.begin(), flood_errors.end());
            require_valid(errors);
            require_valid(movement::validate(config_.model));
            scenario_ = parse_scenario(route, npcs, npc_dirs, team, stimuli);
            if (!grid_) {
                grid_ = std::make_unique<chase::GridSpace>(level_);
                space_ = std::make_unique<chase::GridChaseSpace>(*grid_);
            }
            require_valid(scenario_.validate(*space_));
            result_ =
                std::make_unique<pursuit::PursuitResult>(pursuit::run_pursuit(*space_, scenario_, config_));
            return {};
        } catch (const SettingsError& e) {
            return flag_message(e.errors());
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    /// pursuit_json of the last run: exactly `kinema pursue --json` (without its newline; a team's frames
    /// with `npcs`, its events with `npc`); "" without one.
    std::string result_json() const {
        return result_ ? report::pursuit_json(*space_, scenario_, config_, *result_) : std::string();
    }
    /// The animated pursuit picture (render::pursuit_json_scene: the PNG's scene plus the player and the NPC,
    /// or each NPC of a team in its colour, every tenth of a simulated second) as scene JSON; "" without a
    /// run.
    std::string scene_json(const std::string& title) const {
        if (!result_) {
            return {};
        }
        const render::PursuitPicture picture{grid_.get(), &scenario_, &config_, result_.get(), title};
        return render::pursuit_json_scene(picture);
    }

  private:
    void drop_result() { result_.reset(); }

    levels::GridLevel level_ = levels::default_level();
    pursuit::PursuitConfig config_;
    pursuit::PursuitScenario scenario_;
    std::unique_ptr<chase::GridSpace> grid_;
    std::unique_ptr<chase::GridChaseSpace> space_;
    std::unique_ptr<pursuit::PursuitResult> result_;
};

void bind_pursuit() {
    using namespace emscripten;
    bind_level_methods(class_<PursuitLab>("PursuitLab").constructor<>())
        .function("name", &PursuitLab::name)
        .function("setSetting", &PursuitLab::set_setting)
        .function("setModel", &PursuitLab::set_model)
        .function("model", &PursuitLab::model)
        .function("pursuitFields", &PursuitLab::pursuit_fields)
        .function("floodFields", &PursuitLab::flood_fields)
        .function("modelFields", &PursuitLab::model_fields)
        .function("run", &PursuitLab::run)
        .function("resultJson", &PursuitLab::result_json)
        .function("sceneJson", &PursuitLab::scene_json);
}

}  // namespace kinema::web
