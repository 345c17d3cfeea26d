// PursuitLab: one grid level and one pursuit on it (issue 16; kinema/pursuit/pursuit.hpp, docs/pursuit.md),
// run by the library's run_pursuit and printed by its pursuit_json, so the pursuit page's JSON is exactly
// what `kinema pursue --json` prints for the same arguments. The route, NPC and stimuli arrive as the CLI's
// flag texts and are parsed, checked and reported in the CLI's words (apps/kinema/cmd_pursue.cpp,
// cli_common.cpp): an error is one line naming the flag, and no result is kept. docs/web.md, "The JS API".
#include "pursuit_lab.hpp"

#include <emscripten/bind.h>

#include <charconv>
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
#include "kinema/pursuit/json.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/render/pursuit_picture.hpp"
#include "web_json.hpp"

namespace kinema::web {

namespace {

// An error in the CLI's words; the bindings return its message.
struct FlagError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The CLI's field -> flag table (cmd_pursue.cpp pursue_flags), for messages that name the flag.
struct FieldFlag {
    std::string_view field;
    std::string_view flag;
};
constexpr FieldFlag kFlags[] = {
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
};

// settings_options.cpp flag_message: "FLAG: message; FLAG: message", a field without a flag by its name.
std::string flag_message(const FieldErrors& errors) {
    std::string out;
    for (const FieldError& e : errors) {
        std::string flag = e.field;
        for (const FieldFlag& f : kFlags) {
            if (f.field == e.field) {
                flag = std::string(f.flag);
            }
        }
        out += (out.empty() ? "" : "; ") + flag + ": " + e.message;
    }
    return out;
}

void require_valid(const FieldErrors& errors) {
    if (!errors.empty()) {
        throw FlagError(flag_message(errors));
    }
}

// cli_common.cpp split / parse_number / parse_vec2 / parse_vec3, with their messages.
std::vector<std::string> split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(separator, start);
        parts.emplace_back(
            text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) {
            return parts;
        }
        start = at + 1;
    }
}

double parse_number(std::string_view text, std::string_view what) {
    double value = 0.0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    if (!text.empty() && *first == '+') {
        ++first;
    }
    const auto [end, ec] = std::from_chars(first, last, value);
    if (text.empty() || ec != std::errc() || end != last) {
        throw FlagError(std::string(what) + ": expected a number, got '" + std::string(text) + "'");
    }
    if (!std::isfinite(value)) {
        throw FlagError(std::string(what) + ": must be a finite number, got '" + std::string(text) + "'");
    }
    return value;
}

std::vector<double> parse_numbers(std::string_view text, std::size_t count, std::string_view what,
                                  std::string_view shape) {
    const std::vector<std::string> parts = split(text, ',');
    if (parts.size() != count) {
        throw FlagError(std::string(what) + ": expected " + std::string(shape) + ", got '" +
                        std::string(text) + "'");
    }
    std::vector<double> out;
    for (const std::string& p : parts) {
        out.push_back(parse_number(p, what));
    }
    return out;
}

Vec2 parse_vec2(std::string_view text, std::string_view what) {
    const std::vector<double> v = parse_numbers(text, 2, what, "X,Y");
    return {v[0], v[1]};
}

// cmd_pursue.cpp parse_scenario: --route X,Y;X,Y;..., --npc X,Y, --npc-dir DX,DY, --stimulus T,X,Y;...
pursuit::PursuitScenario parse_scenario(const std::string& route, const std::string& npc,
                                        const std::string& npc_dir, const std::string& stimuli) {
    pursuit::PursuitScenario sc;
    if (route.empty()) {
        throw FlagError("--route: required: X,Y;X,Y;... (level units)");
    }
    if (npc.empty()) {
        throw FlagError("--npc: required: X,Y (level units)");
    }
    for (const std::string& part : split(route, ';')) {
        if (part.empty()) {
            throw FlagError("--route: empty waypoint in '" + route + "' (expected X,Y;X,Y;...)");
        }
        sc.route.push_back(parse_vec2(part, "--route"));
    }
    sc.npc = parse_vec2(npc, "--npc");
    if (!npc_dir.empty()) {
        sc.npc_direction = parse_vec2(npc_dir, "--npc-dir");
    }
    if (!stimuli.empty()) {
        for (const std::string& part : split(stimuli, ';')) {
            const std::vector<double> v = parse_numbers(part, 3, "--stimulus", "X,Y,Z");
            sc.stimuli.push_back({v[0], {v[1], v[2]}});
        }
    }
    return sc;
}

bool is_flood_field(const std::string& field) {
    return field == "hot" || field == "max_heated" || field == "max_steps" || field == "max_restarts";
}

}  // namespace

/// One level and one pursuit on it. Settings, model and level persist across runs; a failed run keeps no
/// result.
class PursuitLab {
  public:
    PursuitLab() : level_(levels::default_level()) {}

    /// Parses a level file's text (".map" Moving AI, else kinema ASCII, as the CLI's load_level). On error
    /// the previous level stays and the message ("NAME:LINE: ...") is returned.
    std::string load_level(const std::string& text, const std::string& name) {
        try {
            levels::GridLevel level = levels::parse_level(text, name);
            level_ = std::move(level);
            drop_result();
            space_.reset();
            grid_.reset();
            return {};
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    int width() const { return level_.width; }
    int height() const { return level_.height; }
    bool passable(int col, int row) const { return level_.is_passable(col, row); }
    std::string name() const { return level_.name; }

    /// A pursuit field (hz, max_time, view_range, view_angle, contact_range, search_time, player_speed,
    /// model_scale, spread, rest_speed, strategy), a flood field (hot, max_heated, max_steps,
    /// max_restarts) or a field of the NPC's model, from text as the CLI's flags and --set; "" or the
    /// message naming the flag. The whole configuration is validated at run().
    std::string set_setting(const std::string& field, const std::string& text) {
        try {
            if (find_field(describe_settings(std::type_identity<pursuit::PursuitSettings>{}), field) !=
                nullptr) {
                set_field_text(describe_settings(std::type_identity<pursuit::PursuitSettings>{}),
                               &config_.settings, field, text);
            } else if (is_flood_field(field)) {
                set_field_text(describe_settings(std::type_identity<chase::FloodSettings>{}), &config_.flood,
                               field, text);
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

    /// Runs one pursuit as `kinema pursue --map MAP --route ROUTE --npc NPC [--npc-dir DIR] [--stimulus
    /// S]...` with the settings set so far (stimuli joined by ';'); "" or the CLI's one-line message.
    std::string run(const std::string& map, const std::string& route, const std::string& npc,
                    const std::string& npc_dir, const std::string& stimuli) {
        drop_result();
        try {
            config_.map = map;
            FieldErrors errors = config_.settings.validate();
            const FieldErrors flood_errors = config_.flood.validate();
            errors.insert(errors.end(), flood_errors.begin(), flood_errors.end());
            require_valid(errors);
            require_valid(movement::validate(config_.model));
            scenario_ = parse_scenario(route, npc, npc_dir, stimuli);
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
    /// pursuit_json of the last run: exactly `kinema pursue --json` (without its newline); "" without one.
    std::string result_json() const {
        return result_ ? pursuit::pursuit_json(scenario_, config_, *result_) : std::string();
    }
    /// The animated pursuit picture (render::pursuit_json_scene: the PNG's scene plus the player and the NPC
    /// every tenth of a simulated second) as scene JSON; "" without a run.
    std::string scene_json(const std::string& title) const {
        if (!result_) {
            return {};
        }
        const render::PursuitPicture picture{grid_.get(), &scenario_, &config_, result_.get(), title};
        return render::pursuit_json_scene(picture);
    }

  private:
    void drop_result() { result_.reset(); }

    levels::GridLevel level_;
    pursuit::PursuitConfig config_;
    pursuit::PursuitScenario scenario_;
    std::unique_ptr<chase::GridSpace> grid_;
    std::unique_ptr<chase::GridChaseSpace> space_;
    std::unique_ptr<pursuit::PursuitResult> result_;
};

void bind_pursuit() {
    using namespace emscripten;
    class_<PursuitLab>("PursuitLab")
        .constructor<>()
        .function("loadLevel", &PursuitLab::load_level)
        .function("width", &PursuitLab::width)
        .function("height", &PursuitLab::height)
        .function("passable", &PursuitLab::passable)
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
