// What the flood page's NavFloodLab and the pursuit page's PursuitLab share for 3D levels, so that the two
// pages build and show a level the same way: the navmesh settings typed as `kinema chase` and `kinema
// pursue` flags, and the level's top view (render::level_top_view): one pixel per navmesh column in the
// zoomable view, as a grid level is one pixel per tile.
#pragma once

#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "kinema/core/settings_registry.hpp"
#include "kinema/nav/level.hpp"

#include "kinema/render/level_view.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::web {

/// The message for a level whose navmesh outgrew the module's memory (std::bad_alloc: WebAssembly's memory
/// grows to 2 GB, ALLOW_MEMORY_GROWTH's default maximum): say so rather than "std::bad_alloc".
inline std::string out_of_memory_message(const std::string& name) {
    return name +
           ": too large for the browser: building its navmesh ran out of the WebAssembly module's memory "
           "(2 GB); use the CLI (kinema chase --map " +
           name + ")";
}

/// Errors of NavSettings fields as the CLI names them: "--agent-radius: MESSAGE", joined by "; ".
inline std::string nav_settings_message(const FieldErrors& errors) {
    std::string out;
    for (const FieldError& e : errors) {
        std::string flag = "--" + e.field;
        std::replace(flag.begin(), flag.end(), '_', '-');
        out += (out.empty() ? "" : "; ") + flag + ": " + e.message;
    }
    return out;
}

/// Sets a NavSettings field from text, as `kinema chase --agent-radius R` does (agent_height, agent_radius,
/// agent_max_climb, agent_max_slope, ...), checked with the others (NavSettings::validate: the ranges and
/// Recast's voxel limits): "" or the message naming the CLI's flag ("--agent-radius: must be in [0, 250000],
/// got -1"), the settings unchanged on error.
inline std::string set_nav_field(nav::NavSettings& settings, const std::string& field,
                                 const std::string& text) {
    nav::NavSettings changed = settings;
    try {
        set_field_text(settings_description<nav::NavSettings>(), &changed, field, text);
    } catch (const SettingsError& e) {
        return nav_settings_message(e.errors());
    }
    if (const FieldErrors errors = changed.validate(); !errors.empty()) {
        return nav_settings_message(errors);
    }
    settings = changed;
    return {};
}

/// An opaque pixel of a Uint32Array view on ImageData (little-endian bytes R, G, B, A: 0xAABBGGRR).
inline std::uint32_t pixel_word(render::Rgb c) {
    return 0xff000000u | (std::uint32_t{c.b} << 16) | (std::uint32_t{c.g} << 8) | std::uint32_t{c.r};
}

/// The view's column grid for JavaScript: [columns, rows, cell size, origin x, origin z] (world units; x
/// right, z down, as `kinema chase --png` on a 3D level draws it).
inline emscripten::val top_view_grid(const render::LevelView& view) {
    emscripten::val out = emscripten::val::array();
    for (double v : {double(view.columns), double(view.rows), view.cell_size, view.origin.x, view.origin.y}) {
        out.call<void>("push", v);
    }
    return out;
}

/// The view as one RGBA word per column into `pixels` (row-major, z down): each column's cell in
/// render::level_cell_colour (floors grey, lighter when higher; heat, cooled and barrier as on grids),
/// columns without a cell in the wall colour, as the CLI's picture draws the level's extent.
inline void top_view_pixels(const render::LevelView& view, std::vector<std::uint32_t>& pixels) {
    pixels.assign(static_cast<std::size_t>(view.columns) * static_cast<std::size_t>(view.rows),
                  pixel_word(render::palette::wall));
    double lowest = 0.0;
    double highest = 0.0;
    for (std::size_t i = 0; i < view.cells.size(); ++i) {
        lowest = i == 0 ? view.cells[i].height : std::min(lowest, view.cells[i].height);
        highest = i == 0 ? view.cells[i].height : std::max(highest, view.cells[i].height);
    }
    for (const render::LevelViewCell& c : view.cells) {
        pixels[static_cast<std::size_t>(c.row) * static_cast<std::size_t>(view.columns) +
               static_cast<std::size_t>(c.col)] =
            pixel_word(render::level_cell_colour(c.value, c.height, lowest, highest, view.hot_value));
    }
}

/// The highest floor (world y) of column (col, row), NaN where the level has none: the pages put a point
/// clicked on the top view on it.
inline double top_view_floor(const render::LevelView& view, int col, int row) {
    const auto at = std::find_if(view.cells.begin(), view.cells.end(), [&](const render::LevelViewCell& c) {
        return c.col == col && c.row == row;
    });
    return at == view.cells.end() ? std::nan("") : at->height;
}

}  // namespace kinema::web
