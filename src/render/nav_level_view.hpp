// The top view (render/level_view.hpp) of a 3D level of kinema::nav, and a chase's pictures on it, for
// `kinema chase` and `kinema pursue` (docs/nav.md "Picture"). Header-only on purpose: kinema_render does not
// link kinema_nav (the installed render component must load without the nav one, cmake/KinemaInstall.cmake,
// and the WebAssembly build has no nav), so a face that links both compiles these.
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/flood.hpp"
#include "kinema/chase/query.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/render/chase_pictures.hpp"
#include "kinema/render/level_view.hpp"

namespace kinema::render {

/// A 3D level's top view without marks or legend: per column the highest cell whose `value` is not
/// chase::untouched_value, else the highest cell, drawn with that value, over the navmesh's polygons (so
/// that a reader sees the cells cover it). hot_value: H, the top of the heat ramp.
inline LevelView level_top_view(const nav::Level& level, int hot_value,
                                const std::function<int(chase::CellId)>& value) {
    const nav::NavCells& cells = level.nav_cells();
    const nav::ColumnGrid& grid = cells.grid();
    LevelView view;
    view.columns = std::max(grid.width, 1);
    view.rows = std::max(grid.depth, 1);
    view.cell_size = grid.cell_size;
    view.origin = {grid.origin.x, grid.origin.z};
    view.hot_value = hot_value;
    for (int z = 0; z < grid.depth; ++z) {
        for (int x = 0; x < grid.width; ++x) {
            const nav::NavCells::Column col = cells.column(x, z);
            if (col.count == 0) {
                continue;
            }
            chase::CellId shown = col.first + col.count - 1;
            for (chase::CellId c = col.first + col.count; c-- > col.first;) {
                if (value(c) != chase::untouched_value) {
                    shown = c;
                    break;
                }
            }
            view.cells.push_back({x, z, cells.position(shown).y, value(shown)});
        }
    }
    for (const std::vector<Vec3>& polygon : level.navmesh_polygons()) {
        std::vector<Vec2>& corners = view.navmesh.emplace_back();
        for (const Vec3& p : polygon) {
            corners.push_back({p.x, p.z});
        }
    }
    return view;
}

/// The pictures of a chase on a 3D level (PNG and SVG of the top view; a level has no animation): the
/// flood's heat, the result's marks (mark_chase) and `legend` as the view's notes.
inline ChasePictures level_chase_pictures(const nav::Level& level, const chase::Flood& flood,
                                          const chase::ChaseResult& result, std::vector<std::string> legend,
                                          const ChasePictureRequest& wanted) {
    ChasePictures out;
    if (!wanted.png && !wanted.svg) {
        return out;
    }
    LevelView view =
        level_top_view(level, flood.settings().hot, [&](chase::CellId c) { return flood.value(c); });
    mark_chase(view, result);
    view.legend = std::move(legend);
    out.png = wanted.png ? level_view_png(view) : std::string();
    out.svg = wanted.svg ? level_view_svg(view) : std::string();
    return out;
}

}  // namespace kinema::render
