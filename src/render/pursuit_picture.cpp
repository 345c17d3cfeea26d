#include "kinema/render/pursuit_picture.hpp"

#include <algorithm>
#include <cmath>

#include "kinema/core/format.hpp"
#include "kinema/render/legend.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::render {

namespace {

constexpr Rgb kRoute{0, 114, 178};  // Okabe-Ito blue: the player
constexpr Rgb kOccupancy{117, 64, 160};
constexpr double kMargin = 8.0;         // px around everything
constexpr double kAxisLeft = 36.0;      // px left of a grid's map for the row coordinates
constexpr double kAxisTop = 18.0;       // px above it for the column coordinates
constexpr double kLegendGap = 24.0;     // px between the map and the legend
constexpr double kSampleSeconds = 0.1;  // animation: one picture per tenth of a simulated second
constexpr int kMaxFrames = 600;

struct Layout {
    double cell = 1.0;                                     // px per level unit
    Vec2 corner{kMargin + kAxisLeft, kMargin + kAxisTop};  // px of the map's top-left corner
    Vec2 origin;  // the level unit at the map's corner (grids: 0, 0; 3D levels: the column grid's (x, z))
    Vec2 px(Vec2 p) const { return corner + (p - origin) * cell; }
};

Layout layout_for(const chase::GridSpace& grid) {
    Layout l;
    const int longest = std::max(grid.width(), grid.height());
    l.cell = std::clamp(std::floor(1024.0 / longest), 1.0, 24.0) / grid.cell_size();
    return l;
}

// The marks of a pursuit, one function each for the map and the legend.
Shape player_start_mark(Vec2 c) {
    return shapes::circle(c, 5.0, kRoute, palette::ink);
}
Shape npc_start_mark(Vec2 c) {
    return shapes::circle(c, 5.0, state_colour(pursuit::NpcState::engage), palette::ink);
}
Shape chase_ring(Vec2 c, Rgb colour) {
    return shapes::circle(c, 6.0, std::nullopt, colour, 2.5);
}
std::vector<Shape> lost_sight_mark(Vec2 c) {
    return {shapes::line({{c.x - 5, c.y - 5}, {c.x + 5, c.y + 5}}, palette::ink, 2.0),
            shapes::line({{c.x - 5, c.y + 5}, {c.x + 5, c.y - 5}}, palette::ink, 2.0)};
}
Shape stimulus_mark(Vec2 c) {
    return shapes::circle(c, 4.0, palette::dead_reckoning, std::nullopt);
}
// The search's occupancy: an outline, so that the route and the trails under and over it stay visible.
Shape occupancy_ring(Vec2 c, double radius) {
    return shapes::circle(c, radius, std::nullopt, kOccupancy, 1.5);
}
std::vector<double> route_dash() {
    return {6.0, 4.0};
}

void add_tiles(Scene& s, const PursuitPicture& p, const Layout& l) {
    const chase::GridSpace& g = *p.grid;
    const std::vector<int>& heat = p.result->chase_heat;
    const int hot = p.config->flood.hot;
    const double size = l.cell * g.cell_size();
    for (int row = 0; row < g.height(); ++row) {
        for (int col = 0; col < g.width(); ++col) {
            const chase::CellId c = g.cell_at(col, row);
            std::int32_t value = tile::wall;
            if (c != chase::no_cell) {
                value = heat.empty() ? tile::untouched : heat[c];
            }
            s.shapes.push_back(shapes::rect(l.corner.x + col * size, l.corner.y + row * size, size, size,
                                            tile_colour(value, hot)));
        }
    }
}

void add_occupancy(Scene& s, const PursuitPicture& p, const Layout& l) {
    const std::vector<double>& occ = p.result->occupancy;
    if (occ.empty()) {
        return;
    }
    const double top = *std::max_element(occ.begin(), occ.end());
    if (top <= 0.0) {
        return;
    }
    const chase::CellSpace& cells = p.grid ? p.grid->cells() : *p.cells;
    for (chase::CellId c = 0; c < occ.size(); ++c) {
        if (occ[c] > 0.0) {
            const double r = 0.45 * l.cell * cells.cell_size() * std::sqrt(occ[c] / top);
            s.shapes.push_back(occupancy_ring(l.px(cells.planar_position(c)), r));
        }
    }
}

// A team's NPCs, each in its own colour: Okabe-Ito's without the player's blue, then Tol's muted ones; the
// numbers at the starts tell NPCs apart past the twelfth.
constexpr Rgb kTeamColours[] = {{213, 94, 0},   {0, 158, 115},   {204, 121, 167}, {230, 159, 0},
                                {86, 180, 233}, {51, 34, 136},   {68, 170, 153},  {153, 153, 51},
                                {136, 34, 85},  {204, 102, 119}, {136, 204, 238}, {110, 110, 110}};

Rgb team_colour(std::size_t npc) {
    return kTeamColours[npc % std::size(kTeamColours)];
}

bool is_team(const PursuitPicture& p) {
    return p.result->npcs > 1;
}

const pursuit::NpcFrame& team_frame(const PursuitPicture& p, std::size_t frame, std::size_t npc) {
    return p.result->team_frames[frame * static_cast<std::size_t>(p.result->npcs) + npc];
}

// A team: each NPC's trail in its colour, solid while it engages or chases, dotted while it searches.
void add_team_trails(Scene& s, const PursuitPicture& p, const Layout& l) {
    const std::size_t frames = p.result->frames.size();
    for (std::size_t npc = 0; npc < static_cast<std::size_t>(p.result->npcs); ++npc) {
        std::size_t begin = 0;
        for (std::size_t k = 1; k <= frames; ++k) {
            const pursuit::NpcState state = team_frame(p, begin, npc).state;
            if (k < frames && team_frame(p, k, npc).state == state) {
                continue;
            }
            std::vector<Vec2> points;
            for (std::size_t i = begin; i < std::min(k + 1, frames); ++i) {
                points.push_back(l.px(team_frame(p, i, npc).position));
            }
            Shape trail = shapes::line(points, team_colour(npc), 2.5);
            if (state == pursuit::NpcState::search || state == pursuit::NpcState::gave_up) {
                trail.dash = {2.0, 3.0};
            }
            s.shapes.push_back(trail);
            begin = k;
        }
    }
}

void add_trails(Scene& s, const PursuitPicture& p, const Layout& l) {
    std::vector<Vec2> route;
    for (const Vec2 w : p.scenario->route) {
        route.push_back(l.px(w));
    }
    // On a white halo, so that it reads over heat, occupancy rings and walls.
    s.shapes.push_back(shapes::line(route, palette::background, 4.0));
    Shape route_line = shapes::line(route, kRoute, 2.0);
    route_line.dash = route_dash();
    s.shapes.push_back(route_line);
    if (is_team(p)) {
        add_team_trails(s, p, l);
        return;
    }
    const std::vector<pursuit::PursuitFrame>& frames = p.result->frames;
    std::size_t begin = 0;
    for (std::size_t k = 1; k <= frames.size(); ++k) {
        if (k == frames.size() || frames[k].state != frames[begin].state) {
            std::vector<Vec2> points;
            for (std::size_t i = begin; i < std::min(k + 1, frames.size()); ++i) {
                points.push_back(l.px(frames[i].npc));
            }
            s.shapes.push_back(shapes::line(points, state_colour(frames[begin].state), 2.5));
            begin = k;
        }
    }
}

void add_marks(Scene& s, const PursuitPicture& p, const Layout& l) {
    std::vector<Shape> marks;
    marks.push_back(player_start_mark(l.px(p.scenario->route.front())));
    const bool team = is_team(p);
    if (!team) {
        marks.push_back(npc_start_mark(l.px(p.scenario->npc)));
    }
    for (const pursuit::PursuitEvent& e : p.result->events) {
        const Vec2 c = l.px(e.position);
        if (e.kind == pursuit::EventKind::chase) {
            const Rgb ring = team ? team_colour(static_cast<std::size_t>(e.npc)) : palette::destination;
            marks.push_back(chase_ring(c, ring));
        } else if (e.kind == pursuit::EventKind::lost_sight) {
            for (Shape& m : lost_sight_mark(c)) {
                marks.push_back(std::move(m));
            }
        } else if (e.kind == pursuit::EventKind::stimulus) {
            marks.push_back(stimulus_mark(c));
        }
    }
    for (Shape& m : shapes::with_halo(std::move(marks), 2.0)) {
        s.shapes.push_back(std::move(m));
    }
    for (int npc = 0; team && npc < p.result->npcs; ++npc) {  // numbered starts, over the trails
        const Vec2 start = l.px(p.scenario->npc_start(npc).position);
        for (Shape& m : shapes::numbered_disc(start, 7.0, team_colour(static_cast<std::size_t>(npc)),
                                              palette::ink, palette::background, npc + 1)) {
            s.shapes.push_back(std::move(m));
        }
    }
}

bool has_event(const PursuitPicture& p, pursuit::EventKind kind) {
    return std::any_of(p.result->events.begin(), p.result->events.end(),
                       [&](const pursuit::PursuitEvent& e) { return e.kind == kind; });
}

// The legend's NPC keys: one line per NPC of a team in its colour and the dotted search, or one NPC's states.
void legend_npcs(Legend& legend, const PursuitPicture& p) {
    if (is_team(p)) {
        legend.heading("team of " + std::to_string(p.result->npcs) + ", " +
                       std::string(pursuit::to_string(p.result->team)));
        for (int npc = 0; npc < p.result->npcs; ++npc) {
            const Rgb colour = team_colour(static_cast<std::size_t>(npc));
            legend.mark(shapes::numbered_disc({}, 7.0, colour, palette::ink, palette::background, npc + 1),
                        "NPC " + std::to_string(npc + 1) + ": start, trail, destination");
            legend.items.back().shapes.push_back(shapes::line({{9.0, 0.0}, {22.0, 0.0}}, colour, 3.0));
            legend.items.back().indent = 14.0;
        }
        legend.line(palette::ink, 2.5, {2.0, 3.0}, "searching (dotted)");
        legend.mark({chase_ring({}, palette::ink)}, "chase destination (NPC colour)");
    } else {
        legend.mark({npc_start_mark({})}, "NPC's start");
        constexpr pursuit::NpcState states[] = {pursuit::NpcState::engage, pursuit::NpcState::chase,
                                                pursuit::NpcState::search, pursuit::NpcState::gave_up};
        for (const pursuit::NpcState st : states) {
            legend.line(state_colour(st), 3.0, {},
                        std::string("NPC: ") + std::string(pursuit::to_string(st)));
        }
        legend.mark({chase_ring({}, palette::destination)}, "chase destination");
    }
}

// The one legend of a pursuit picture: what ran, the level's colours and heat, the marks, the outcome.
Legend pursuit_legend_of(const PursuitPicture& p) {
    Legend legend;
    legend.title(p.title);
    legend.subtitle("strategy " + std::string(pursuit::to_string(p.config->settings.strategy)) + ", NPC " +
                    std::string(movement::model_name(p.config->model)));
    if (p.level != nullptr) {
        legend_level_colours(legend, *p.level);
    } else {
        legend.swatch(palette::wall, "wall (not a cell)");
        legend.swatch(palette::floor, "floor, not reached");
        legend.swatch(palette::cooled, "heated, cooled to 0");
        legend.swatch(palette::barrier, "barrier (behind the seed)");
        legend.heat_ramp(p.config->flood.hot, "heat of the first chase's flood");
    }
    legend.gap();
    if (p.level != nullptr) {
        chase_marks::ChaseMarksShown shown;
        shown.centroid = p.level->centroid.has_value();
        shown.destination = p.level->destination.has_value();
        shown.dead_reckoning = p.level->dead_reckoning.has_value();
        chase_marks::legend_chase_marks(legend, "first chase's seed, direction", shown);
    }
    legend.mark({player_start_mark({})}, "player's start");
    legend.line(kRoute, 2.0, route_dash(), "player's route");
    legend_npcs(legend, p);
    if (has_event(p, pursuit::EventKind::lost_sight)) {
        legend.mark(lost_sight_mark({}), "sight lost");
    }
    if (has_event(p, pursuit::EventKind::stimulus)) {
        legend.mark({stimulus_mark({})}, "stimulus heard");
    }
    if (std::any_of(p.result->occupancy.begin(), p.result->occupancy.end(),
                    [](double v) { return v > 0.0; })) {
        legend.mark({occupancy_ring({}, 5.0)}, "search occupancy at the end (area ~ p)");
    }
    legend.gap();
    const pursuit::PursuitResult& r = *p.result;
    std::string outcome(pursuit::to_string(r.outcome));
    if (r.outcome == pursuit::Outcome::reacquired) {
        outcome += " (" + std::string(pursuit::to_string(r.reacquired_in)) + ")";
    }
    legend.value("outcome", outcome);
    if (r.time_to_reacquire >= 0.0) {
        legend.value("re-acquired after", format_significant(r.time_to_reacquire, 4) + " s");
    }
    legend.value("simulated", format_significant(r.frames.back().t, 4) + " s");
    legend.gap();
    if (p.level != nullptr) {
        for (const std::string& line : p.level->legend) {
            legend.note(line);
        }
        legend.note("axes: metres (world units), x across, z down; seen from above (+y)");
    } else {
        legend.note("axes: map units (tile index x cell size), x across, y down");
    }
    return legend;
}

// Moving dots: one copy per animation frame, visible only in its frame.
void add_animation(Scene& s, const PursuitPicture& p, const Layout& l) {
    const std::vector<pursuit::PursuitFrame>& frames = p.result->frames;
    const double hz = p.config->settings.hz;
    const auto stride = static_cast<std::size_t>(std::max(1.0, std::round(kSampleSeconds * hz)));
    // Every stride-th frame and the last (frames is never empty: frame 0 is the start).
    std::vector<std::size_t> picks;
    for (std::size_t k = 0; k + 1 < frames.size(); k += stride) {
        picks.push_back(k);
    }
    picks.push_back(frames.size() - 1);
    if (picks.size() > static_cast<std::size_t>(kMaxFrames)) {
        picks.resize(static_cast<std::size_t>(kMaxFrames) - 1);
        picks.push_back(frames.size() - 1);
    }
    s.frame_count = static_cast<int>(picks.size());
    s.frame_seconds = kSampleSeconds;
    s.hold_seconds = 1.0;
    for (std::size_t i = 0; i < picks.size(); ++i) {
        const pursuit::PursuitFrame& f = frames[picks[i]];
        std::vector<Shape> dots{shapes::circle(l.px(f.player), 5.0, kRoute, palette::ink)};
        if (is_team(p)) {
            for (std::size_t npc = 0; npc < static_cast<std::size_t>(p.result->npcs); ++npc) {
                dots.push_back(shapes::circle(l.px(team_frame(p, picks[i], npc).position), 5.5,
                                              team_colour(npc), palette::ink));
            }
        } else {
            dots.push_back(shapes::circle(l.px(f.npc), 5.5, state_colour(f.state), palette::ink));
        }
        for (Shape& shape : dots) {
            shape.frame_visible.assign(picks.size(), 0);
            shape.frame_visible[i] = 1;
            s.shapes.push_back(std::move(shape));
        }
    }
}

}  // namespace

Rgb state_colour(pursuit::NpcState state) {
    switch (state) {
        case pursuit::NpcState::engage:
            return {213, 94, 0};  // Okabe-Ito vermillion
        case pursuit::NpcState::chase:
            return {230, 159, 0};  // orange
        case pursuit::NpcState::search:
            return {0, 158, 115};  // bluish green
        case pursuit::NpcState::gave_up:
            return {110, 110, 110};
    }
    return palette::ink;
}

namespace {

// A 3D level: the chase's top view (draw_level_map: walls, floors, heat, coordinates) with the pursuit drawn
// over it in the same world (x, z) -> px frame, and the one legend to the right.
Scene level_pursuit_scene(const PursuitPicture& p, bool animated) {
    constexpr int kMaxMapPx = 1024;
    Scene s;
    const LevelMap map = draw_level_map(s, *p.level, kMaxMapPx);
    Layout l;
    l.corner = {map.x, map.y};
    l.cell = map.px_per_unit;
    l.origin = map.origin;
    if (p.cells != nullptr) {
        add_occupancy(s, p, l);
    }
    add_trails(s, p, l);
    add_marks(s, p, l);
    const double bottom = draw_legend(s, pursuit_legend_of(p), map.legend_x, kMargin + 12.0);
    s.width = static_cast<int>(std::ceil(map.legend_x + legend_width + kMargin));
    s.height = static_cast<int>(std::ceil(std::max(map.y + map.height, bottom) + kMargin));
    if (animated) {
        add_animation(s, p, l);
    }
    return s;
}

void add_grid_axes(Scene& s, const PursuitPicture& p, const Layout& l, double map_w, double map_h) {
    MapAxes axes;
    axes.left = l.corner.x;
    axes.top = l.corner.y;
    axes.width = map_w;
    axes.height = map_h;
    axes.px_per_unit = l.cell * p.grid->cell_size();  // px per tile
    axes.min_spacing_y = 36.0;
    axes.min_step = 1.0;  // on tile edges
    axes.label_scale = p.grid->cell_size();
    add_map_axes(s, axes);
}

}  // namespace

Legend pursuit_legend(const PursuitPicture& picture) {
    return pursuit_legend_of(picture);
}

Scene pursuit_scene(const PursuitPicture& p, bool animated) {
    if (p.level != nullptr) {
        return level_pursuit_scene(p, animated);
    }
    const Layout l = layout_for(*p.grid);
    const double map_w = p.grid->width() * p.grid->cell_size() * l.cell;
    const double map_h = p.grid->height() * p.grid->cell_size() * l.cell;
    Scene s;
    s.background = palette::background;
    // Named as every map's (a reader of the scene, e.g. web/test/make_thumbnails.mjs, finds the map by it).
    s.clips.push_back({"map", l.corner.x, l.corner.y, map_w, map_h});
    add_tiles(s, p, l);
    add_grid_axes(s, p, l, map_w, map_h);
    add_occupancy(s, p, l);
    add_trails(s, p, l);
    add_marks(s, p, l);
    const double legend_x = l.corner.x + map_w + kLegendGap;
    const double bottom = draw_legend(s, pursuit_legend_of(p), legend_x, kMargin + 12.0);
    s.width = static_cast<int>(std::ceil(legend_x + legend_width + kMargin));
    s.height = static_cast<int>(std::ceil(std::max(l.corner.y + map_h, bottom) + kMargin));
    if (animated) {
        add_animation(s, p, l);
    }
    return s;
}

std::string pursuit_png(const PursuitPicture& picture) {
    return scene_png(pursuit_scene(picture));
}

std::string pursuit_svg(const PursuitPicture& picture) {
    return scene_svg(pursuit_scene(picture));
}

std::string pursuit_animated_svg(const PursuitPicture& picture) {
    return scene_animated_svg(pursuit_scene(picture, true));
}

std::string pursuit_json_scene(const PursuitPicture& picture) {
    return scene_json(pursuit_scene(picture, true));
}

PursuitPictures pursuit_pictures(const PursuitPicture& picture, const PursuitPictureRequest& wanted) {
    PursuitPictures out;
    out.png = wanted.png ? pursuit_png(picture) : std::string();
    out.svg = wanted.svg ? pursuit_svg(picture) : std::string();
    out.animated_svg = wanted.animated_svg ? pursuit_animated_svg(picture) : std::string();
    return out;
}

void mark_lost_sight(LevelView& view, const pursuit::PursuitScenario& scenario,
                     const pursuit::PursuitResult& result) {
    view.seed = scenario.route.front();
    for (const pursuit::PursuitEvent& e : result.events) {
        if (e.kind == pursuit::EventKind::lost_sight) {
            view.seed = e.position;
            view.direction = e.direction;
            return;
        }
    }
}

}  // namespace kinema::render
