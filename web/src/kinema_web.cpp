// The JavaScript face of kinema's core (docs/web.md, "The JS API"): embind bindings for the web playground.
// The flood page keeps one FloodLab (a level, its grid and a flood on it) and steps the chase in WebAssembly;
// the JSON it shows is the library's chase_json, so the page and `kinema chase --json` agree byte for byte.
// The movement page keeps one MovementLab (a model stepped at a fixed frame rate) and asks analysis/stop.hpp
// where it stops. Errors never cross into JavaScript as exceptions: calls that can fail return the message
// (empty when all went well), in the CLI's words (a level error names FILE:LINE).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "audit_lab.hpp"
#include "flood_run.hpp"
#include "kinema/chase/flood.hpp"
#include "kinema/chase/grid.hpp"
#include "kinema/chase/json.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/core/format.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/core/validation.hpp"
#include "kinema/formats/designer_formats.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/levels/level_formats.hpp"
#include "kinema/levels/moving_ai.hpp"
#include "kinema/render/chase_scene.hpp"
#include "kinema/render/flood_picture.hpp"
#include "kinema/render/palette.hpp"
#include "lab_level.hpp"
#include "movement_lab.hpp"
#include "nav_flood_lab.hpp"
#include "pursuit_lab.hpp"
#include "web_json.hpp"

namespace kinema::web {

namespace {

struct TilePos {
    int col = 0;
    int row = 0;
};

std::string settings_message(const SettingsError& e) {
    std::string out;
    for (const FieldError& f : e.errors()) {
        out += (out.empty() ? "" : "; ") + f.field + ": " + f.message;
    }
    return out.empty() ? e.what() : out;
}

}  // namespace

/// One level, its grid space and a flood on it. Editing the level drops the space; the next start() builds
/// it.
class FloodLab {
  public:
    FloodLab() : level_(levels::default_level()) {}

    /// Parses a level file's text: ".map" names are Moving AI, anything else kinema ASCII (as the CLI's
    /// load_level). On error the previous level stays and the message ("NAME:LINE: ...") is returned.
    std::string load_level(const std::string& text, const std::string& name) {
        std::string error = read_level_text(level_, text, name);
        if (error.empty()) {
            invalidate();
        }
        return error;
    }

    int width() const { return level_.width; }
    int height() const { return level_.height; }
    bool passable(int col, int row) const { return level_.is_passable(col, row); }
    bool has_seed() const { return level_.seed.has_value(); }
    /// The marked seed as [x, y, dx, dy] (tile units), or an empty array.
    emscripten::val seed() const {
        emscripten::val out = emscripten::val::array();
        if (level_.seed) {
            for (double v : {level_.seed->position.x, level_.seed->position.y, level_.seed->direction.x,
                             level_.seed->direction.y}) {
                out.call<void>("push", v);
            }
        }
        return out;
    }
    void clear_seed() {
        level_.seed.reset();
        invalidate();
    }

    void set_passable(int col, int row, bool open) {
        if (level_.in_bounds(col, row)) {
            level_.passable[index(col, row)] = open ? 1 : 0;
            invalidate();
        }
    }

    /// The level's floor bytes (1 floor, 0 wall), row-major, as a view into WebAssembly memory: the page
    /// draws its level layer from them and hands a copy to the flood worker (docs/web.md "Large maps"). Copy
    /// it before the next call.
    emscripten::val floor() {
        return emscripten::val(emscripten::typed_memory_view(level_.passable.size(), level_.passable.data()));
    }

    /// Replaces the level by width x height tiles whose floor bytes are `floor` (a Uint8Array of
    /// width * height bytes, as floor() gives), the marked seed `seed` ([x, y, dx, dy] or []) and `name`: the
    /// flood worker's copy of the page's level, without parsing a file.
    std::string set_level(int width, int height, const emscripten::val& floor_bytes,
                          const emscripten::val& seed, const std::string& name) {
        std::string error = set_level_floor(level_, width, height, floor_bytes, seed, name);
        if (error.empty()) {
            invalidate();
        }
        return error;
    }

    /// Resizes to width x height tiles (each [1, max_level_dimension]), keeping the overlap; new tiles are
    /// walls. A seed outside the new size is dropped.
    std::string resize(int width, int height) {
        if (width < 1 || height < 1 || width > levels::max_level_dimension ||
            height > levels::max_level_dimension) {
            return "size: width and height must be in [1, " + std::to_string(levels::max_level_dimension) +
                   "]";
        }
        std::vector<std::uint8_t> next(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
        for (int row = 0; row < std::min(height, level_.height); ++row) {
            for (int col = 0; col < std::min(width, level_.width); ++col) {
                next[static_cast<std::size_t>(row) * static_cast<std::size_t>(width) +
                     static_cast<std::size_t>(col)] = level_.passable[index(col, row)];
            }
        }
        level_.width = width;
        level_.height = height;
        level_.passable = std::move(next);
        if (level_.seed && (level_.seed->position.x >= width || level_.seed->position.y >= height)) {
            level_.seed.reset();
        }
        invalidate();
        return {};
    }

    /// The level in kinema's ASCII format ('#' wall, '.' floor; the marked seed as 'P' with a direction
    /// header), for sharing and for handing an edited level to the CLI.
    std::string level_text() const {
        std::string out = "name: " + (level_.name.empty() ? std::string("edited") : level_.name) + "\n";
        std::optional<TilePos> marker;
        if (level_.seed &&
            passable(static_cast<int>(level_.seed->position.x), static_cast<int>(level_.seed->position.y))) {
            out += "direction: " + format_number(level_.seed->direction.x) + "," +
                   format_number(level_.seed->direction.y) + "\n";
            marker =
                TilePos{static_cast<int>(level_.seed->position.x), static_cast<int>(level_.seed->position.y)};
        }
        for (int row = 0; row < level_.height; ++row) {
            for (int col = 0; col < level_.width; ++col) {
                const bool seed = marker && marker->col == col && marker->row == row;
                out += seed ? 'P' : (passable(col, row) ? '.' : '#');
            }
            out += '\n';
        }
        return out;
    }
    /// The level as a Moving AI .map file (moving_ai_text), the other format the pages save.
    std::string map_text() const { return moving_ai_text(level_); }
    void set_name(const std::string& name) { level_.name = name; }
    std::string name() const { return level_.name; }

    /// Sets a FloodSettings field (hot, max_heated, max_steps, destination, max_restarts) or a
    /// GridSpaceSettings field (connectivity, cell_size) from text, as the CLI's flags do; checked at
    /// start().
    std::string set_setting(const std::string& field, const std::string& text) {
        try {
            const SettingsDescription& grid =
                describe_settings(std::type_identity<chase::GridSpaceSettings>{});
            if (find_field(grid, field) != nullptr) {
                set_field_text(grid, &grid_settings_, field, text);
                invalidate();
            } else {
                set_field_text(describe_settings(std::type_identity<chase::FloodSettings>{}),
                               &flood_settings_, field, text);
            }
            return {};
        } catch (const SettingsError& e) {
            return settings_message(e);
        }
    }

    /// The split for a team (chase/split.hpp), as `kinema chase --destinations K` takes it: K from text, a
    /// whole number the query checks (ChaseQuery::validate, "destinations: must be in [1, 16], got 0"). 1,
    /// the default, is the one destination: no split, the JSON of `kinema chase` without the flag. The next
    /// start() uses it.
    std::string set_destinations(const std::string& text) { return parse_destinations(text, destinations_); }
    int destinations() const { return destinations_; }

    double cell_size() const { return grid_settings_.cell_size; }
    std::string flood_fields() const { return fields_json(flood_settings_); }
    std::string grid_fields() const { return fields_json(grid_settings_); }

    /// Validates the settings and the query and seeds the flood (run_chase's first half). `use_level_seed`:
    /// the position (and, unless `dir_given`, the direction) marked in the level, as the CLI without --from.
    std::string start(double x, double y, double dx, double dy, bool use_level_seed, bool dir_given) {
        run_.stop();
        try {
            FieldErrors errors = flood_settings_.validate();
            const FieldErrors grid_errors = grid_settings_.validate();
            errors.insert(errors.end(), grid_errors.begin(), grid_errors.end());
            if (!errors.empty()) {
                throw SettingsError("settings", errors);
            }
            chase::ChaseQuery query;
            if (use_level_seed) {
                if (!level_.seed) {
                    return level_.name + ": the map marks no seed position; give from=X,Y";
                }
                const Vec2 p = level_.seed->position * grid_settings_.cell_size;
                query.position = {p.x, p.y, 0.0};
                query.direction = dir_given ? Vec3{dx, dy, 0.0}
                                            : Vec3{level_.seed->direction.x, level_.seed->direction.y, 0.0};
            } else {
                query.position = {x, y, 0.0};
                query.direction = {dx, dy, 0.0};
            }
            if (destinations_ > 1) {
                query.destinations = destinations_;
            }
            if (!grid_) {
                grid_ = std::make_unique<chase::GridSpace>(level_, grid_settings_);
                space_ = std::make_unique<chase::GridChaseSpace>(*grid_);
            }
            run_.start(*space_, flood_settings_, query);
            return {};
        } catch (const SettingsError& e) {
            return settings_message(e);
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    bool advance(int steps) { return run_.advance(steps); }
    int steps() const { return run_.steps(); }
    bool finished() const { return run_.finished(); }
    std::string result_json(const std::string& map) const { return run_.result_json(map); }

    /// The borders between the split's regions (render::region_borders) as [x0, y0, x1, y1, ...] in world
    /// units, for the page's map view; empty without a split (destinations 1). A view into WebAssembly
    /// memory: copy it before the next call.
    emscripten::val region_borders() {
        borders_.clear();
        if (run_.started() && run_.result().split) {
            for (const auto& [a, b] : render::region_borders(*grid_, run_.flood(), *run_.result().split)) {
                borders_.insert(borders_.end(), {a.x, a.y, b.x, b.y});
            }
        }
        return emscripten::val(emscripten::typed_memory_view(borders_.size(), borders_.data()));
    }

    /// The tile values (render's tile codes: -3 wall, -2 untouched, -1 barrier, heat >= 0), row-major, as a
    /// view into WebAssembly memory: copy it before the next call. Before start(): walls and floor only.
    emscripten::val tiles() {
        if (run_.started()) {
            tiles_ = render::flood_tiles(*grid_, run_.flood());
        } else {
            tiles_.assign(level_.passable.size(), render::tile::wall);
            for (std::size_t i = 0; i < tiles_.size(); ++i) {
                tiles_[i] = level_.passable[i] != 0 ? render::tile::untouched : render::tile::wall;
            }
        }
        return emscripten::val(emscripten::typed_memory_view(tiles_.size(), tiles_.data()));
    }

    /// The touched cells of the current state (heated, cooled and barrier; every other floor tile is
    /// untouched) as (tile index, value) pairs, value as in tiles(): O(touched cells), not O(tiles), so the
    /// page redraws only them. A view into WebAssembly memory: copy it before the next call.
    emscripten::val touched() {
        touched_.clear();
        if (run_.started()) {
            const chase::Flood& flood = run_.flood();
            const chase::GridCells& cells = grid_->grid_cells();
            const auto add = [&](chase::CellId c) {
                const chase::Tile t = cells.tile_of(c);
                touched_.push_back(t.row * level_.width + t.col);
                touched_.push_back(flood.value(c));
            };
            for (const chase::CellId c : flood.heated_cells()) {
                add(c);
            }
            for (const chase::CellId c : flood.barrier_cells()) {
                add(c);
            }
        }
        return emscripten::val(emscripten::typed_memory_view(touched_.size(), touched_.data()));
    }

    /// The flood picture of the current state as scene JSON (docs/render.md), the PNG's scene.
    std::string scene_json(const std::string& title) const {
        if (!run_.started()) {
            return {};
        }
        return render::flood_json(render::flood_scene(*grid_, run_.flood(), run_.result(), title));
    }

  private:
    std::size_t index(int col, int row) const {
        return static_cast<std::size_t>(row) * static_cast<std::size_t>(level_.width) +
               static_cast<std::size_t>(col);
    }
    void invalidate() {
        run_.reset(flood_settings_);
        space_.reset();
        grid_.reset();
    }

    levels::GridLevel level_;
    chase::FloodSettings flood_settings_;
    chase::GridSpaceSettings grid_settings_;
    std::unique_ptr<chase::GridSpace> grid_;
    std::unique_ptr<chase::GridChaseSpace> space_;
    int destinations_ = 1;
    FloodRun run_;
    std::vector<double> borders_;
    std::vector<std::int32_t> tiles_;
    std::vector<std::int32_t> touched_;
};

/// The colour of a tile value (render::tile_colour), packed 0xRRGGBB, so the page's fast tile layer uses
/// the PNG's palette.
int tile_colour(int value, int hot) {
    const render::Rgb c = render::tile_colour(value, hot);
    return (c.r << 16) | (c.g << 8) | c.b;
}

/// The extensions of the grid level formats the registry holds (".map,.txt,.tmx,..."; not the 3D formats,
/// which the pages cannot show), the list the pages' file pickers accept: the browser test checks their
/// accept= attributes against it, so a format added to the registry is not forgotten there.
std::string level_extensions() {
    std::string out;
    for (const levels::LevelFormat& format : levels::level_formats()) {
        for (const std::string& extension : format.extensions) {
            if (format.shape == levels::LevelShape::grid && !extension.empty()) {
                out += (out.empty() ? "" : ",") + extension;
            }
        }
    }
    return out;
}

/// kinema::format_number (every number the JSON writers print), for testing the <charconv> shim
/// (web/compat/charconv) against JavaScript's own shortest round-trip printing.
std::string format_number_js(double value) {
    return format_number(value);
}

/// std::from_chars on the whole text (the core's number parser); NaN when it does not read all of it.
double parse_number_js(const std::string& text) {
    double value = 0.0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc{} && ptr == text.data() + text.size() ? value : std::nan("");
}

}  // namespace kinema::web

EMSCRIPTEN_BINDINGS(kinema) {
    using namespace emscripten;
    // Before any level is read: the designers' formats (Tiled, LDtk, PNG/BMP masks; docs/web.md "Level
    // formats") join the registry every loadLevel goes through, as the CLI adds them at its start.
    kinema::formats::register_designer_formats();
    using kinema::web::FloodLab;
    kinema::web::bind_level_methods(class_<FloodLab>("FloodLab").constructor<>())
        .function("setPassable", &FloodLab::set_passable)
        .function("resize", &FloodLab::resize)
        .function("hasSeed", &FloodLab::has_seed)
        .function("seed", &FloodLab::seed)
        .function("clearSeed", &FloodLab::clear_seed)
        .function("levelText", &FloodLab::level_text)
        .function("mapText", &FloodLab::map_text)
        .function("setName", &FloodLab::set_name)
        .function("name", &FloodLab::name)
        .function("setSetting", &FloodLab::set_setting)
        .function("floodFields", &FloodLab::flood_fields)
        .function("gridFields", &FloodLab::grid_fields)
        .function("cellSize", &FloodLab::cell_size)
        .function("start", &FloodLab::start)
        .function("advance", &FloodLab::advance)
        .function("steps", &FloodLab::steps)
        .function("finished", &FloodLab::finished)
        .function("resultJson", &FloodLab::result_json)
        .function("tiles", &FloodLab::tiles)
        .function("touched", &FloodLab::touched)
        .function("floor", &FloodLab::floor)
        .function("setLevel", &FloodLab::set_level)
        .function("sceneJson", &FloodLab::scene_json)
        .function("setDestinations", &FloodLab::set_destinations)
        .function("destinations", &FloodLab::destinations)
        .function("regionBorders", &FloodLab::region_borders);
    function("tileColour", &kinema::web::tile_colour);
    function("formatNumber", &kinema::web::format_number_js);
    function("levelExtensions", &kinema::web::level_extensions);
    function("parseNumber", &kinema::web::parse_number_js);
    kinema::web::bind_movement();
    kinema::web::bind_pursuit();
    kinema::web::bind_nav_flood();
    kinema::web::bind_audit();
}
