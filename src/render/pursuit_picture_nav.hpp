// The pictures of a pursuit on a 3D level of kinema::nav, for `kinema pursue --map X.obj` (docs/nav.md
// "Picture"). Header-only for the reason nav_level_view.hpp is: kinema_render does not link kinema_nav (the
// installed render component must load without the nav one, and the WebAssembly build has no nav), so a face
// that links both compiles this.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "kinema/chase/flood_settings.hpp"
#include "kinema/nav/level.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/render/nav_level_view.hpp"
#include "kinema/render/pursuit_picture.hpp"

namespace kinema::render {

/// The top view of a pursuit on `level` (run on its nav::NavPursuitSpace): per column the highest cell the
/// first chase's flood touched, else the highest cell (as `kinema chase --map X.obj --png` draws a chase),
/// the navmesh under it, where sight was lost (mark_lost_sight) and `legend` as the view's notes. The
/// pursuit's pictures draw it under the pursuit (PursuitPicture::level); the pursuit page shows it too.
inline LevelView level_pursuit_view(const nav::Level& level, const pursuit::PursuitScenario& scenario,
                                    const pursuit::PursuitConfig& config,
                                    const pursuit::PursuitResult& result, std::vector<std::string> legend) {
    const std::vector<int>& heat = result.chase_heat;  // empty when the NPC never chased
    LevelView view = level_top_view(level, config.flood.hot, [&](chase::CellId c) {
        return heat.empty() ? chase::untouched_value : heat[c];
    });
    mark_lost_sight(view, scenario, result);
    view.legend = std::move(legend);
    return view;
}

/// The pictures of a pursuit on `level`: level_pursuit_view with the pursuit drawn over it in (x, z),
/// titled `title`. Nothing is drawn when nothing is asked for.
inline PursuitPictures level_pursuit_pictures(const nav::Level& level,
                                              const pursuit::PursuitScenario& scenario,
                                              const pursuit::PursuitConfig& config,
                                              const pursuit::PursuitResult& result, const std::string& title,
                                              std::vector<std::string> legend,
                                              const PursuitPictureRequest& wanted) {
    if (!wanted.any()) {
        return {};
    }
    const LevelView view = level_pursuit_view(level, scenario, config, result, std::move(legend));
    const PursuitPicture picture{
        nullptr, &scenario, &config, &result, title, &view, &level.nav_cells().cell_space()};
    return pursuit_pictures(picture, wanted);
}

}  // namespace kinema::render
