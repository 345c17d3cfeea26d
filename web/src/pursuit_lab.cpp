// PursuitLab: one grid level and one pursuit on it (kinema/pursuit/pursuit.hpp, docs/pursuit.md),
// run by the library's run_pursuit and printed by its pursuit_json, so the pursuit page's JSON is exactly
// what `kinema pursue --json` prints for the same arguments. The route, the NPCs (one, or a team with its
// mode) and the stimuli arrive as the CLI's flag texts and are parsed by the library's parser
// (kinema/pursuit/parse.hpp, which the CLI uses too), checked and reported in the CLI's words: an error is
// one line naming the flag, and no result is kept. docs/web.md, "The JS API".
#include "pursuit_lab.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
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
#include "kinema/levels/level_formats.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/movement/model.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema/nav/pursuit_space.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/render/level_view.hpp"
#include "kinema/render/nav_level_view.hpp"
#include "kinema/render/pursuit_picture.hpp"
#include "kinema/render/pursuit_picture_nav.hpp"
#include "kinema/report/pursuit_json.hpp"
#include "kinema/report/pursuit_text.hpp"
#include "lab_level.hpp"
#include "nav_top_view.hpp"
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
// one per NPC), --team and the stimuli joined by ';' (X,Y and T,X,Y on grids, X,Y,Z and T,X,Y,Z on 3D levels,
// `dimensions` 2 or 3). One NPC is today's
// scenario: no teammates, and the team mode is not read.
pursuit::PursuitScenario parse_scenario(const std::string& route, const std::string& npcs,
                                        const std::string& npc_dirs, const std::string& team,
                                        const std::string& stimuli, int dimensions) {
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
    return pursuit::parse_scenario(text, dimensions);
}

}  // namespace

/// A 3D level for the pursuit page: the navmesh built as `kinema pursue --map LEVEL.obj` builds it
/// (nav::level_3d_from_content with the page's navmesh settings), its Detour pursuit space and its top view.
struct PursuitLevel3d {
    PursuitLevel3d(std::string_view content, const std::string& name, const nav::NavSettings& settings)
        : level(nav::level_3d_from_content(content, name, settings)),
          finder(level),
          space(level, finder),
          top(render::level_top_view(level, chase::FloodSettings{}.hot,
                                     [](chase::CellId) { return chase::untouched_value; })) {
        floor.assign(static_cast<std::size_t>(top.columns) * static_cast<std::size_t>(top.rows), false);
        for (const render::LevelViewCell& c : top.cells) {
            floor[static_cast<std::size_t>(c.row) * static_cast<std::size_t>(top.columns) +
                  static_cast<std::size_t>(c.col)] = true;
        }
    }
    nav::Level level;
    nav::PathFinder finder;
    nav::NavPursuitSpace space;
    render::LevelView top;    // the level's top view without a pursuit: its columns and floors
    std::vector<bool> floor;  // per column (row-major): the column has a floor
};

/// One level (a grid, or a 3D level: .obj, .nav) and one pursuit on it. Settings, model and level persist
/// across runs; a failed run keeps no result.
class PursuitLab {
  public:
    /// Reads a level file's content (a string, or a Uint8Array of its bytes) by its name's extension, as the
    /// CLI's --map: a grid level (read_level_text), or a 3D level built with the navmesh settings set so
    /// far. On error the previous level stays and the message ("NAME:LINE: ...") is returned.
    std::string load_level(const std::string& content, const std::string& name) {
        if (levels::is_3d_level_file(name)) {
            return load_level_3d(content, name);
        }
        std::string error = read_level_text(level_, content, name);
        if (error.empty()) {
            drop_result();
            space_.reset();
            grid_.reset();
            level_3d_.reset();
        }
        return error;
    }
    /// The level's tiles; a 3D level's top view columns (passable: the column has a floor).
    int width() const { return level_3d_ ? level_3d_->top.columns : level_.width; }
    int height() const { return level_3d_ ? level_3d_->top.rows : level_.height; }
    bool passable(int col, int row) const {
        if (level_3d_) {
            const render::LevelView& top = level_3d_->top;
            return col >= 0 && row >= 0 && col < top.columns && row < top.rows &&
                   level_3d_->floor[static_cast<std::size_t>(row) * static_cast<std::size_t>(top.columns) +
                                    static_cast<std::size_t>(col)];
        }
        return level_.is_passable(col, row);
    }
    std::string name() const { return level_3d_ ? name_3d_ : level_.name; }
    bool is_3d() const { return level_3d_ != nullptr; }

    /// A NavSettings field (agent_radius, agent_height, agent_max_climb, agent_max_slope, cell_size, ...), as
    /// `kinema pursue --agent-radius ...`: the next 3D level read is built with it; "" or the message naming
    /// the flag, checked with the other fields (nav_top_view.hpp's set_nav_field).
    std::string set_nav_setting(const std::string& field, const std::string& text) {
        return set_nav_field(nav_settings_, field, text);
    }
    /// The navmesh settings' fields as JSON (web_json.hpp's fields_json), with the values set so far.
    std::string nav_fields() const { return fields_json(nav_settings_); }

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
    /// On a 3D level the points are X,Y,Z (y up), as the CLI's.
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
            scenario_ = parse_scenario(route, npcs, npc_dirs, team, stimuli, level_3d_ ? 3 : 2);
            result_ = level_3d_ ? run_on(level_3d_->space) : run_on(grid_space());
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
        if (!result_) {
            return {};
        }
        return report::pursuit_json(level_3d_ ? level_3d_->space.chase_space() : *space_, scenario_, config_,
                                    *result_);
    }
    /// The animated pursuit picture (render::pursuit_json_scene: the PNG's scene plus the player and the NPC,
    /// or each NPC of a team in its colour, every tenth of a simulated second) as scene JSON; "" without a
    /// run. On a 3D level, the CLI's top view (render::level_pursuit_view) under it.
    std::string scene_json(const std::string& title) const {
        if (!result_) {
            return {};
        }
        if (!level_3d_) {
            const render::PursuitPicture picture{grid_.get(), &scenario_, &config_, result_.get(), title};
            return render::pursuit_json_scene(picture);
        }
        const render::LevelView view = result_view(title);
        const render::PursuitPicture picture{nullptr,
                                             &scenario_,
                                             &config_,
                                             result_.get(),
                                             title,
                                             &view,
                                             &level_3d_->level.nav_cells().cell_space()};
        return render::pursuit_json_scene(picture);
    }
    /// How many shapes of a 3D level's scene (scene_json) are its top view (render::draw_level_map: the
    /// extent, the navmesh surface, the axes, the lost-sight seed mark), before the pursuit's own: the page
    /// draws the view from pixels() and the pursuit's shapes over it. 0 on grids or without a run.
    int map_shape_count(const std::string& title) const {
        if (!result_ || !level_3d_) {
            return 0;
        }
        render::Scene scene;
        (void)render::draw_level_map(scene, result_view(title), kSceneMapPx);
        return static_cast<int>(scene.shapes.size());
    }

    /// A 3D level's column grid: [columns, rows, cell size, origin x, origin z]; [] on grids.
    emscripten::val grid() const {
        return level_3d_ ? top_view_grid(level_3d_->top) : emscripten::val::array();
    }
    /// A 3D level's top view, one pixel per column (nav_top_view.hpp), with the first chase's heat after a
    /// run (as the picture's); empty on grids. A view into WebAssembly memory: copy it before the next call.
    emscripten::val pixels() {
        pixels_.clear();
        if (level_3d_) {
            top_view_pixels(result_ ? result_view("") : level_3d_->top, pixels_);
        }
        return emscripten::val(emscripten::typed_memory_view(pixels_.size(), pixels_.data()));
    }
    /// A 3D level's highest floor (world y) in column (col, row), NaN where none (or on grids): a point
    /// clicked on the top view is put on it.
    double floor_height(int col, int row) const {
        return level_3d_ ? top_view_floor(level_3d_->top, col, row) : std::nan("");
    }

  private:
    static constexpr int kSceneMapPx = 1024;  // render's level_pursuit_scene: the map fits in 1024 px

    std::string load_level_3d(const std::string& content, const std::string& name) {
        if (const FieldErrors errors = nav_settings_.validate(); !errors.empty()) {
            return nav_settings_message(errors);
        }
        try {
            auto level = std::make_unique<PursuitLevel3d>(content, name, nav_settings_);
            drop_result();
            level_3d_ = std::move(level);
            name_3d_ = name;
            return {};
        } catch (const std::bad_alloc&) {
            return out_of_memory_message(name);
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    const chase::GridChaseSpace& grid_space() {
        if (!grid_) {
            grid_ = std::make_unique<chase::GridSpace>(level_);
            space_ = std::make_unique<chase::GridChaseSpace>(*grid_);
        }
        return *space_;
    }
    // The scenario checked on `space` as the CLI checks it, then the pursuit: the grid's chase space or the
    // 3D level's Detour space.
    template <typename Space>
    std::unique_ptr<pursuit::PursuitResult> run_on(Space& space) {
        require_valid(scenario_.validate(space));
        return std::make_unique<pursuit::PursuitResult>(pursuit::run_pursuit(space, scenario_, config_));
    }
    render::LevelView result_view(const std::string& title) const {
        return render::level_pursuit_view(level_3d_->level, scenario_, config_, *result_,
                                          report::pursuit_level_legend(title));
    }
    void drop_result() { result_.reset(); }

    levels::GridLevel level_ = levels::default_level();
    std::unique_ptr<PursuitLevel3d> level_3d_;  // the level when it is a 3D one (then level_ is unused)
    std::string name_3d_;
    nav::NavSettings nav_settings_;
    pursuit::PursuitConfig config_;
    pursuit::PursuitScenario scenario_;
    std::unique_ptr<chase::GridSpace> grid_;
    std::unique_ptr<chase::GridChaseSpace> space_;
    std::unique_ptr<pursuit::PursuitResult> result_;
    std::vector<std::uint32_t> pixels_;
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
        .function("sceneJson", &PursuitLab::scene_json)
        .function("is3d", &PursuitLab::is_3d)
        .function("setNavSetting", &PursuitLab::set_nav_setting)
        .function("navFields", &PursuitLab::nav_fields)
        .function("mapShapeCount", &PursuitLab::map_shape_count)
        .function("grid", &PursuitLab::grid)
        .function("pixels", &PursuitLab::pixels)
        .function("floorHeight", &PursuitLab::floor_height);
}

}  // namespace kinema::web
