// NavFloodLab: one 3D level (kinema::nav, Recast/Detour compiled to WebAssembly) and a chase flood on it, for
// the flood page. The level is built as `kinema chase --map LEVEL.obj` builds it (nav::level_3d_from_content,
// the default NavSettings), the flood is the same chase::Flood, and the JSON is the
// library's chase_json: the page's #result-json equals `kinema chase --map LEVEL.obj --from X,Y,Z --json`
// byte for byte. The top view is render's (level_top_view, level_cell_colour): one pixel per column, as the
// grid page keeps one pixel per tile, so the page's zoomable view draws both the same way.
#include "nav_flood_lab.hpp"

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "flood_run.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema/render/nav_level_view.hpp"
#include "kinema/render/palette.hpp"
#include "nav_top_view.hpp"
#include "web_json.hpp"

namespace kinema::web {

/// One 3D level, its path finder and chase space, and a flood on it.
class NavFloodLab {
  public:
    /// Builds the level of a file's content (a string, or a Uint8Array of its bytes). On error the previous
    /// level stays and the CLI's message ("NAME:LINE: ...", "NAME: ...") is returned.
    std::string load_level(const std::string& content, const std::string& name) {
        if (const FieldErrors errors = nav_settings_.validate(); !errors.empty()) {
            return nav_settings_message(errors);
        }
        try {
            auto level =
                std::make_unique<nav::Level>(nav::level_3d_from_content(content, name, nav_settings_));
            auto finder = std::make_unique<nav::PathFinder>(*level);
            auto space = std::make_unique<nav::LevelChaseSpace>(*level, *finder);
            run_.stop();
            space_ = std::move(space);
            finder_ = std::move(finder);
            level_ = std::move(level);
            name_ = name;
            return {};
        } catch (const std::bad_alloc&) {
            return out_of_memory_message(name);
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    bool loaded() const { return level_ != nullptr; }
    std::string name() const { return name_; }

    /// A NavSettings field (agent_height, agent_radius, agent_max_climb, agent_max_slope, ...) as `kinema
    /// chase --agent-radius R` sets it: the next loadLevel builds the navmesh with it; "" or the message
    /// naming the flag.
    std::string set_nav_setting(const std::string& field, const std::string& text) {
        return set_nav_field(nav_settings_, field, text);
    }
    /// The navmesh settings' fields as JSON (web_json.hpp's fields_json), with the values set so far.
    std::string nav_fields() const { return fields_json(nav_settings_); }

    /// A FloodSettings field (hot, max_heated, max_steps, destination, max_restarts) from text, as the
    /// CLI's flags; checked at start().
    std::string set_setting(const std::string& field, const std::string& text) {
        try {
            set_field_text(describe_settings(std::type_identity<chase::FloodSettings>{}), &flood_settings_,
                           field, text);
            return {};
        } catch (const SettingsError& e) {
            return e.what();
        }
    }

    /// K of the split for a team, as `kinema chase --destinations K` (flood_run.hpp's parse_destinations);
    /// the next start() uses it.
    std::string set_destinations(const std::string& text) { return parse_destinations(text, destinations_); }

    /// Validates and seeds the flood at (x, y, z), world units, facing (dx, dy, dz): `kinema chase --from
    /// X,Y,Z --dir DX,DY,DZ` (a 3D level marks no seed, so the position is required, as the CLI's --from).
    std::string start(double x, double y, double z, double dx, double dy, double dz) {
        run_.stop();
        if (!level_) {
            return "no 3D level loaded";
        }
        try {
            const FieldErrors errors = flood_settings_.validate();
            if (!errors.empty()) {
                throw SettingsError("settings", errors);
            }
            chase::ChaseQuery query;
            query.position = {x, y, z};
            query.direction = {dx, dy, dz};
            if (destinations_ > 1) {
                query.destinations = destinations_;
            }
            run_.start(*space_, flood_settings_, query);
            return {};
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    bool advance(int steps) { return run_.advance(steps); }
    int steps() const { return run_.steps(); }
    bool finished() const { return run_.finished(); }
    std::string result_json(const std::string& map) const { return run_.result_json(map); }

    /// The top view's column grid: [columns, rows, cell size, origin x, origin z] (nav_top_view.hpp).
    emscripten::val grid() const { return level_ ? top_view_grid(top_view()) : emscripten::val::array(); }

    /// The top view as one pixel per column (nav_top_view.hpp's top_view_pixels): per column the highest
    /// cell the flood touched, else the highest cell (render::level_top_view). A view into WebAssembly
    /// memory: copy it before the next call.
    emscripten::val pixels() {
        pixels_.clear();
        if (level_) {
            top_view_pixels(top_view(), pixels_);
        }
        return emscripten::val(emscripten::typed_memory_view(pixels_.size(), pixels_.data()));
    }

    /// The highest floor (world y) in column (col, row) of the top view, or NaN where the level has none: the
    /// page's seed tool puts the player on it.
    double floor_height(int col, int row) const {
        return level_ ? top_view_floor(top_view(), col, row) : std::nan("");
    }

    /// Every column's highest floor (world y), NaN where none, row-major as pixels(): the page's seed tool
    /// reads it when the level was built in the flood worker. A view into WebAssembly memory: copy it.
    emscripten::val floor_heights() {
        heights_.clear();
        if (level_) {
            const render::LevelView view = top_view();
            heights_.assign(static_cast<std::size_t>(view.columns) * static_cast<std::size_t>(view.rows),
                            std::nan(""));
            for (const render::LevelViewCell& c : view.cells) {
                heights_[static_cast<std::size_t>(c.row) * static_cast<std::size_t>(view.columns) +
                         static_cast<std::size_t>(c.col)] = c.height;
            }
        }
        return emscripten::val(emscripten::typed_memory_view(heights_.size(), heights_.data()));
    }

    /// The chase picture `kinema chase --png` draws on this level (render::level_view_scene), as scene JSON.
    std::string scene_json() const {
        if (!run_.started()) {
            return {};
        }
        render::LevelView view = top_view();
        render::mark_chase(view, run_.result());
        return render::level_view_json(view, 512);
    }

  private:
    render::LevelView top_view() const {
        return render::level_top_view(*level_, flood_settings_.hot, [&](chase::CellId c) {
            return run_.started() ? run_.flood().value(c) : chase::untouched_value;
        });
    }

    std::unique_ptr<nav::Level> level_;
    std::unique_ptr<nav::PathFinder> finder_;
    std::unique_ptr<nav::LevelChaseSpace> space_;
    std::string name_;
    nav::NavSettings nav_settings_;
    chase::FloodSettings flood_settings_;
    int destinations_ = 1;
    FloodRun run_;
    std::vector<std::uint32_t> pixels_;
    std::vector<double> heights_;
};

/// The extensions of the 3D level formats this build reads (".obj,.nav"): the flood page's picker accepts
/// them beside the grid ones.
std::string level_extensions_3d() {
    std::string out;
    for (const levels::LevelFormat& format : levels::level_formats()) {
        for (const std::string& extension : format.extensions) {
            if (format.shape != levels::LevelShape::grid && !extension.empty()) {
                out += (out.empty() ? "" : ",") + extension;
            }
        }
    }
    return out;
}

/// The largest 3D level file the pages read, by its name's format, as the CLI reads at most: a navmesh
/// file nav::max_navmesh_file_bytes, a mesh levels::default_max_obj_bytes. A larger file is refused before
/// it is read into the page, with the CLI's message.
double max_level_bytes_3d(const std::string& name) {
    const bool navmesh = levels::level_format(name).shape == levels::LevelShape::navmesh;
    return static_cast<double>(navmesh ? nav::max_navmesh_file_bytes : levels::default_max_obj_bytes);
}

void bind_nav_flood() {
    using emscripten::class_;
    class_<NavFloodLab>("NavFloodLab")
        .constructor<>()
        .function("loadLevel", &NavFloodLab::load_level)
        .function("loaded", &NavFloodLab::loaded)
        .function("name", &NavFloodLab::name)
        .function("setSetting", &NavFloodLab::set_setting)
        .function("setNavSetting", &NavFloodLab::set_nav_setting)
        .function("setDestinations", &NavFloodLab::set_destinations)
        .function("floorHeights", &NavFloodLab::floor_heights)
        .function("navFields", &NavFloodLab::nav_fields)
        .function("start", &NavFloodLab::start)
        .function("advance", &NavFloodLab::advance)
        .function("steps", &NavFloodLab::steps)
        .function("finished", &NavFloodLab::finished)
        .function("resultJson", &NavFloodLab::result_json)
        .function("grid", &NavFloodLab::grid)
        .function("pixels", &NavFloodLab::pixels)
        .function("floorHeight", &NavFloodLab::floor_height)
        .function("sceneJson", &NavFloodLab::scene_json);
    emscripten::function("levelExtensions3d", &level_extensions_3d);
    emscripten::function("maxLevelBytes3d", &max_level_bytes_3d);
}

}  // namespace kinema::web
