#include "kinema/render/pursuit_picture.hpp"

#include <algorithm>
#include <cmath>

#include "kinema/core/format.hpp"
#include "kinema/render/palette.hpp"

namespace kinema::render {

namespace {

constexpr Rgb kRoute{0, 114, 178};  // Okabe-Ito blue: the player
constexpr Rgb kOccupancy{117, 64, 160};
constexpr double kLegendWidth = 230.0;
constexpr double kSampleSeconds = 0.1;  // animation: one picture per tenth of a simulated second
constexpr int kMaxFrames = 600;

struct Layout {
    double cell = 1.0;  // px per level unit
    double margin = 10.0;
    Vec2 origin;  // the level unit at the map's corner (grids: 0, 0; 3D levels: the column grid's (x, z))
    Vec2 px(Vec2 p) const { return {margin + (p.x - origin.x) * cell, margin + (p.y - origin.y) * cell}; }
};

Layout layout_for(const chase::GridSpace& grid) {
    Layout l;
    const int longest = std::max(grid.width(), grid.height());
    l.cell = std::clamp(std::floor(1024.0 / longest), 1.0, 24.0) / grid.cell_size();
    return l;
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
            s.shapes.push_back(shapes::rect(l.margin + col * size, l.margin + row * size, size, size,
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
            s.shapes.push_back(shapes::circle(l.px(cells.planar_position(c)), r, kOccupancy, std::nullopt));
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
    Shape route_line = shapes::line(route, kRoute, 2.0);
    route_line.dash = {6.0, 4.0};
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
    marks.push_back(shapes::circle(l.px(p.scenario->route.front()), 5.0, kRoute, palette::ink));
    const bool team = is_team(p);
    if (!team) {
        marks.push_back(shapes::circle(l.px(p.scenario->npc), 5.0, state_colour(pursuit::NpcState::engage),
                                       palette::ink));
    }
    for (const pursuit::PursuitEvent& e : p.result->events) {
        const Vec2 c = l.px(e.position);
        if (e.kind == pursuit::EventKind::chase) {
            const Rgb ring = team ? team_colour(static_cast<std::size_t>(e.npc)) : palette::destination;
            marks.push_back(shapes::circle(c, 6.0, std::nullopt, ring, 2.5));
        } else if (e.kind == pursuit::EventKind::lost_sight) {
            marks.push_back(shapes::line({{c.x - 5, c.y - 5}, {c.x + 5, c.y + 5}}, palette::ink, 2.0));
            marks.push_back(shapes::line({{c.x - 5, c.y + 5}, {c.x + 5, c.y - 5}}, palette::ink, 2.0));
        } else if (e.kind == pursuit::EventKind::stimulus) {
            marks.push_back(shapes::circle(c, 4.0, palette::dead_reckoning, std::nullopt));
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

// The legend's NPC keys: one line per NPC of a team in its colour and the dotted search, or one NPC's states.
// Returns the next line's y.
double add_npc_keys(Scene& s, const PursuitPicture& p, double x, double y) {
    auto line = [&](const std::string& text) {
        s.shapes.push_back(shapes::text(x, y, text, 13.0, palette::ink));
        y += 19.0;
    };
    if (is_team(p)) {
        line("team of " + std::to_string(p.result->npcs) + ", " +
             std::string(pursuit::to_string(p.result->team)));
        for (int npc = 0; npc < p.result->npcs; ++npc) {
            s.shapes.push_back(shapes::line({{x, y - 4.0}, {x + 22.0, y - 4.0}},
                                            team_colour(static_cast<std::size_t>(npc)), 3.0));
            s.shapes.push_back(
                shapes::text(x + 30.0, y, "NPC " + std::to_string(npc + 1), 13.0, palette::ink));
            y += 19.0;
        }
        Shape dotted = shapes::line({{x, y - 4.0}, {x + 22.0, y - 4.0}}, palette::ink, 2.5);
        dotted.dash = {2.0, 3.0};
        s.shapes.push_back(dotted);
        s.shapes.push_back(shapes::text(x + 30.0, y, "searching (dotted)", 13.0, palette::ink));
        y += 19.0;
    } else {
        constexpr pursuit::NpcState states[] = {pursuit::NpcState::engage, pursuit::NpcState::chase,
                                                pursuit::NpcState::search, pursuit::NpcState::gave_up};
        for (const pursuit::NpcState st : states) {
            s.shapes.push_back(shapes::line({{x, y - 4.0}, {x + 22.0, y - 4.0}}, state_colour(st), 3.0));
            s.shapes.push_back(shapes::text(
                x + 30.0, y, std::string("NPC: ") + std::string(pursuit::to_string(st)), 13.0, palette::ink));
            y += 19.0;
        }
    }
    return y;
}

// Returns the y below its last line.
double add_legend(Scene& s, const PursuitPicture& p, double x) {
    double y = 24.0;
    auto line = [&](const std::string& text, bool bold = false) {
        s.shapes.push_back(shapes::text(x, y, text, 13.0, palette::ink, bold));
        y += 19.0;
    };
    line(p.title, true);
    line("strategy " + std::string(pursuit::to_string(p.config->settings.strategy)));
    line("NPC " + std::string(movement::model_name(p.config->model)));
    y += 6.0;
    y = add_npc_keys(s, p, x, y);
    Shape route = shapes::line({{x, y - 4.0}, {x + 22.0, y - 4.0}}, kRoute, 2.0);
    route.dash = {6.0, 4.0};
    s.shapes.push_back(route);
    s.shapes.push_back(shapes::text(x + 30.0, y, "player's route", 13.0, palette::ink));
    y += 19.0;
    const bool team = is_team(p);
    s.shapes.push_back(shapes::circle({x + 11.0, y - 5.0}, 6.0, std::nullopt,
                                      team ? palette::ink : palette::destination, 2.5));
    s.shapes.push_back(shapes::text(x + 30.0, y, team ? "destination (NPC colour)" : "chase destination",
                                    13.0, palette::ink));
    y += 19.0;
    s.shapes.push_back(shapes::circle({x + 11.0, y - 5.0}, 5.0, kOccupancy, std::nullopt));
    s.shapes.push_back(shapes::text(x + 30.0, y, "search occupancy (end)", 13.0, palette::ink));
    y += 25.0;
    const pursuit::PursuitResult& r = *p.result;
    std::string outcome(pursuit::to_string(r.outcome));
    if (r.outcome == pursuit::Outcome::reacquired) {
        outcome += " (" + std::string(pursuit::to_string(r.reacquired_in)) + ")";
    }
    line("outcome " + outcome);
    if (r.time_to_reacquire >= 0.0) {
        line("re-acquired after " + format_significant(r.time_to_reacquire, 4) + " s");
    }
    line("simulated " + format_significant(r.frames.back().t, 4) + " s");
    return y;
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

// A 3D level: the chase's top view (level_view_scene: floors, heat, navmesh, its legend under the map) with
// the pursuit drawn over it in the same world (x, z) -> px frame, and the pursuit's legend to the right.
Scene level_pursuit_scene(const PursuitPicture& p, bool animated) {
    LevelView view = *p.level;
    view.title = "First chase's flood";
    constexpr int kMaxMapPx = 1024;
    Scene s = level_view_scene(view, kMaxMapPx);
    Layout l;
    l.margin = 8.0;  // level_view's
    l.cell = level_view_cell_px(view, kMaxMapPx) / view.cell_size;
    l.origin = view.origin;
    if (p.cells != nullptr) {
        add_occupancy(s, p, l);
    }
    add_trails(s, p, l);
    add_marks(s, p, l);
    const double legend_x = s.width + 10.0;
    s.width = static_cast<int>(std::ceil(s.width + kLegendWidth));
    const double legend_bottom = add_legend(s, p, legend_x);
    s.height = std::max({s.height, 330, static_cast<int>(std::ceil(legend_bottom))});
    if (animated) {
        add_animation(s, p, l);
    }
    return s;
}

Scene pursuit_scene(const PursuitPicture& p, bool animated) {
    if (p.level != nullptr) {
        return level_pursuit_scene(p, animated);
    }
    const Layout l = layout_for(*p.grid);
    const double map_w = p.grid->width() * p.grid->cell_size() * l.cell;
    const double map_h = p.grid->height() * p.grid->cell_size() * l.cell;
    Scene s;
    s.width = static_cast<int>(std::ceil(map_w + 2 * l.margin + kLegendWidth));
    s.height = static_cast<int>(std::ceil(std::max(map_h + 2 * l.margin, 330.0)));
    add_tiles(s, p, l);
    add_occupancy(s, p, l);
    add_trails(s, p, l);
    add_marks(s, p, l);
    const double legend_bottom = add_legend(s, p, map_w + 2 * l.margin + 10.0);
    s.height = std::max(s.height, static_cast<int>(std::ceil(legend_bottom)));
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
