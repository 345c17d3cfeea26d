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
#include "kinema/nav/chase.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/nav/level_files.hpp"
#include "kinema/render/nav_level_view.hpp"
#include "kinema/render/palette.hpp"
#include "web_json.hpp"

namespace kinema::web {

namespace {

/// An opaque pixel of a Uint32Array view on ImageData (little-endian bytes R, G, B, A: 0xAABBGGRR).
std::uint32_t pixel_word(render::Rgb c) {
    return 0xff000000u | (std::uint32_t{c.b} << 16) | (std::uint32_t{c.g} << 8) | std::uint32_t{c.r};
}

}  // namespace

/// One 3D level, its path finder and chase space, and a flood on it.
class NavFloodLab {
  public:
    /// Builds the level of a file's content (a string, or a Uint8Array of its bytes). On error the previous
    /// level stays and the CLI's message ("NAME:LINE: ...", "NAME: ...") is returned.
    std::string load_level(const std::string& content, const std::string& name) {
        try {
            auto level =
                std::make_unique<nav::Level>(nav::level_3d_from_content(content, name, nav::NavSettings{}));
            auto finder = std::make_unique<nav::PathFinder>(*level);
            auto space = std::make_unique<nav::LevelChaseSpace>(*level, *finder);
            run_.stop();
            space_ = std::move(space);
            finder_ = std::move(finder);
            level_ = std::move(level);
            name_ = name;
            return {};
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    bool loaded() const { return level_ != nullptr; }
    std::string name() const { return name_; }

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

    /// The top view's column grid: [columns, rows, cell size, origin x, origin z] (world units; x right,
    /// z down, as `kinema chase --png` on a 3D level draws it).
    emscripten::val grid() const {
        emscripten::val out = emscripten::val::array();
        if (level_) {
            const render::LevelView view = top_view();
            for (double v :
                 {double(view.columns), double(view.rows), view.cell_size, view.origin.x, view.origin.y}) {
                out.call<void>("push", v);
            }
        }
        return out;
    }

    /// The top view as one pixel per column (RGBA words for ImageData, row-major, z down): per column the
    /// highest cell the flood touched, else the highest cell (render::level_top_view), in
    /// render::level_cell_colour (floors grey, lighter when higher; heat, cooled and barrier as the 2D
    /// page); columns without a cell in the wall colour, as the CLI's picture draws the level's extent. A
    /// view into WebAssembly memory: copy it before the next call.
    emscripten::val pixels() {
        pixels_.clear();
        if (level_) {
            const render::LevelView view = top_view();
            pixels_.assign(static_cast<std::size_t>(view.columns) * static_cast<std::size_t>(view.rows),
                           pixel_word(render::palette::wall));
            double lowest = 0.0;
            double highest = 0.0;
            for (std::size_t i = 0; i < view.cells.size(); ++i) {
                lowest = i == 0 ? view.cells[i].height : std::min(lowest, view.cells[i].height);
                highest = i == 0 ? view.cells[i].height : std::max(highest, view.cells[i].height);
            }
            for (const render::LevelViewCell& c : view.cells) {
                pixels_[static_cast<std::size_t>(c.row) * static_cast<std::size_t>(view.columns) +
                        static_cast<std::size_t>(c.col)] =
                    pixel_word(render::level_cell_colour(c.value, c.height, lowest, highest, view.hot_value));
            }
        }
        return emscripten::val(emscripten::typed_memory_view(pixels_.size(), pixels_.data()));
    }

    /// The highest floor (world y) in column (col, row) of the top view, or NaN where the level has none: the
    /// page's seed tool puts the player on it.
    double floor_height(int col, int row) const {
        if (level_) {
            for (const render::LevelViewCell& c : top_view().cells) {
                if (c.col == col && c.row == row) {
                    return c.height;
                }
            }
        }
        return std::nan("");
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
    chase::FloodSettings flood_settings_;
    FloodRun run_;
    std::vector<std::uint32_t> pixels_;
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

void bind_nav_flood() {
    using emscripten::class_;
    class_<NavFloodLab>("NavFloodLab")
        .constructor<>()
        .function("loadLevel", &NavFloodLab::load_level)
        .function("loaded", &NavFloodLab::loaded)
        .function("name", &NavFloodLab::name)
        .function("setSetting", &NavFloodLab::set_setting)
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
}

}  // namespace kinema::web
