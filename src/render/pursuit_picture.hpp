// Pictures of a pursuit: the grid level with its coordinates, the flood's heat
// at the moment of the first chase, the search's occupancy at its end (purple rings under the route, area
// proportional to the probability), the player's route, the NPC's trail coloured by state (engage, chase,
// search, gave_up), the chase destinations and where sight was lost, with one legend (pursuit_legend). Built
// once as a render::Scene (pursuit_scene) and drawn by the scene backends: PNG, SVG, animated SVG (the player
// and the NPC moving, ten pictures per simulated second) and JSON for a browser canvas. Deterministic.
#pragma once

#include <string>

#include "kinema/chase/grid.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/render/level_view.hpp"
#include "kinema/render/scene.hpp"

namespace kinema::render {

/// What a pursuit picture shows: views of the caller's objects, which must outlive the call.
struct PursuitPicture {
    const chase::GridSpace* grid = nullptr;  ///< a grid level, or:
    const pursuit::PursuitScenario* scenario = nullptr;
    const pursuit::PursuitConfig* config = nullptr;
    const pursuit::PursuitResult* result = nullptr;
    std::string title;  ///< first legend line, e.g. the map's file name
    /// A 3D level instead of `grid`: its top view (the caller fills it as for `kinema chase --map X.obj`,
    /// e.g. with the heat of the first chase); the pursuit's (x, z) are drawn over it.
    const LevelView* level = nullptr;
    const chase::CellSpace* cells = nullptr;  ///< 3D levels: the chase cells, for the search's occupancy
};

/// Marks a pursuit on a 3D level's view (the seed of its first chase): where sight was first lost and the
/// player's direction then, or the route's start without a direction when sight was never lost.
void mark_lost_sight(LevelView& view, const pursuit::PursuitScenario& scenario,
                     const pursuit::PursuitResult& result);

/// The colour of the NPC's trail in each state.
Rgb state_colour(pursuit::NpcState state);

/// The picture's one legend (kinema/render/legend.hpp): the title and what ran, the level's colours and
/// the heat of the first chase (wall, floor, cooled, barrier, the ramp; on a 3D level legend_level_colours
/// and the chase marks of its view), the player's start and route, the NPC(s) (one NPC: start and its
/// states; a team: each NPC's numbered start and colour, the dotted search), chase destinations, sight lost
/// and stimuli (when the run has them), the search's occupancy, the outcome, how to read the axes.
Legend pursuit_legend(const PursuitPicture& picture);

/// The still picture (animated: one frame per tenth of a simulated second, at most 600, the NPC and the
/// player drawn where they were).
Scene pursuit_scene(const PursuitPicture& picture, bool animated = false);
std::string pursuit_png(const PursuitPicture& picture);
std::string pursuit_svg(const PursuitPicture& picture);
std::string pursuit_animated_svg(const PursuitPicture& picture);
/// The animated scene as JSON (scene_json), for the web page.
std::string pursuit_json_scene(const PursuitPicture& picture);

/// Which pictures of a pursuit to draw (a face's --png, --svg and --animate).
struct PursuitPictureRequest {
    bool png = false;           ///< the still picture as PNG
    bool svg = false;           ///< the same as SVG
    bool animated_svg = false;  ///< the animated picture as SVG
    bool any() const { return png || svg || animated_svg; }
};

/// The pictures drawn; those not asked for stay empty.
struct PursuitPictures {
    std::string png;
    std::string svg;
    std::string animated_svg;
};

/// The pictures of `picture` asked for (pursuit_png, pursuit_svg, pursuit_animated_svg), drawn at once for
/// any face; where they go is the caller's business. A 3D level's are in
/// kinema/render/pursuit_picture_nav.hpp.
PursuitPictures pursuit_pictures(const PursuitPicture& picture, const PursuitPictureRequest& wanted);

}  // namespace kinema::render
