// Our levels as pursuit spaces, and the chapter's Figure 1 scenario on the corner level, shared by the
// pursuit tests (pursuit, runner, batch).
#pragma once

#include <string>
#include <utility>

#include "kinema/chase/grid.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/levels/grid_level.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "test_data.hpp"

namespace kinema::test {

/// A level, its grid and the chase space over it, kept together (the spaces are views).
struct PursuitLevel {
    explicit PursuitLevel(const std::string& name) : level(our_level(name)), grid(level), space(grid) {}
    explicit PursuitLevel(levels::GridLevel l) : level(std::move(l)), grid(level), space(grid) {}
    levels::GridLevel level;
    chase::GridSpace grid;
    chase::GridChaseSpace space;
};

inline pursuit::PursuitConfig config_for(pursuit::Strategy strategy, const std::string& map) {
    pursuit::PursuitConfig c;
    c.settings.strategy = strategy;
    c.map = map;
    return c;
}

/// Figure 1 of Couvidou's chase chapter: the player sprints (7.5 level units/s, faster than the CMC's 6) east
/// along a corridor that turns south and is lost to the NPC's 10-unit view while still running toward the
/// corner.
inline pursuit::PursuitScenario corner_scenario() {
    pursuit::PursuitScenario s;
    s.route = {{12.5, 2.5}, {17.5, 2.5}, {17.5, 28.5}};
    s.npc = {2.5, 2.5};
    return s;
}

inline pursuit::PursuitConfig corner_config(pursuit::Strategy strategy) {
    pursuit::PursuitConfig c = config_for(strategy, "corner");
    c.settings.view_range = 10.0;
    c.settings.player_speed = 7.5;
    return c;
}

/// Figure 5 (right) of Couvidou's chase chapter: the player, lost running north toward a T-junction whose
/// west branch is a 3-tile dead end and whose east branch is 25 tiles long, escapes east.
inline pursuit::PursuitScenario junction_scenario() {
    pursuit::PursuitScenario s;
    s.route = {{16.5, 3.5}, {16.5, 2.5}, {40.5, 2.5}};
    s.npc = {16.5, 9.5};
    return s;
}

inline pursuit::PursuitConfig junction_config(pursuit::Strategy strategy) {
    pursuit::PursuitConfig c = config_for(strategy, "t_junction_unequal");
    c.settings.view_range = 6.0;
    c.settings.player_speed = 7.5;
    return c;
}

/// data/levels/corner_ramp.obj (metres, y up): the player sprints (7.5 m/s, faster than the CMC's 6) east, is
/// lost at the 10 m view range on the way to the corner, turns south and runs up the ramp to the upper
/// corridor.
inline pursuit::PursuitScenario ramp_scenario() {
    pursuit::PursuitScenario s;
    s.route = {{10.0, 2.0}, {18.0, 2.0}, {18.0, 16.0}, {18.0, 30.0}};
    s.route_heights = {0.0, 0.0, 3.0, 3.0};
    s.npc = {1.0, 2.0};
    return s;
}

inline pursuit::PursuitConfig ramp_config(pursuit::Strategy strategy) {
    pursuit::PursuitConfig c;
    c.settings.strategy = strategy;
    c.settings.view_range = 10.0;
    c.settings.player_speed = 7.5;
    c.map = "corner_ramp.obj";
    return c;
}

}  // namespace kinema::test
