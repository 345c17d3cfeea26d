// The pursuit's registered settings and the names of its enums (docs/pursuit.md "Defaults").
#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <string>

#include "kinema/core/format.hpp"
#include "kinema/core/point_text.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "path.hpp"

namespace kinema::pursuit {

namespace {

constexpr std::array<FieldChoice, 6> kStrategies{{
    {"flood", static_cast<double>(Strategy::flood)},
    {"flood-paced", static_cast<double>(Strategy::flood_paced)},
    {"dead-reckoning", static_cast<double>(Strategy::dead_reckoning)},
    {"breadcrumbs", static_cast<double>(Strategy::breadcrumbs)},
    {"last-known", static_cast<double>(Strategy::last_known)},
    {"intercept", static_cast<double>(Strategy::intercept)},
}};
// The reasoning's fields, registered once: a part of both settings below (with PursuitSettings's texts, the
// ones `kinema pursue --help` shows).
using R = ReasoningSettings;
constexpr std::array kReasoningFields{
    field<R, &R::strategy>("strategy", "choice", {}, "how the chase destination is chosen", kStrategies),
    field<R, &R::view_range>("view_range", "level units", closed_range(0, 1e6), "farthest the NPC sees"),
    field<R, &R::view_angle>("view_angle", "deg", closed_range(0, 360), "full cone of sight"),
    field<R, &R::contact_range>("contact_range", "level units", closed_range(0, 1e6),
                                "closer than this the NPC perceives the player whatever its facing"),
    field<R, &R::search_time>("search_time", "s", closed_range(0, 3600),
                              "search without contact, then give up"),
    field<R, &R::player_speed>("player_speed", "level units/s", interval(0, false, 1e6, true),
                               "the player's run speed along the route"),
    field<R, &R::spread>("spread", "1", closed_range(0, 1),
                         "share of each cell's occupancy spread to its neighbours per player cell-move"),
};
constexpr SettingsDescription kReasoningDescription{"ReasoningSettings", kReasoningFields, {}};

using S = PursuitSettings;
constexpr std::array kPursuitParts{part<S, R>("")};
constexpr std::array kPursuitFields{
    field<S, &S::hz>("hz", "1/s", closed_range(1, 1000), "simulation steps per second"),
    field<S, &S::max_time>("max_time", "s", interval(0, false, 3600, true), "the pursuit ends as a timeout"),
    field<S, &S::model_scale>("model_scale", "model units/level unit", interval(0, false, 1e6, true),
                              "model length units per level unit (Unreal: 100 cm)"),
    field<S, &S::rest_speed>("rest_speed", "model units/s", closed_range(0, 1e6),
                             "stopped at or below this speed (models without a stop snap)"),
};
// The order `kinema pursue --help`, the pursuit's JSON and the batch's part files have always shown.
constexpr std::array<std::string_view, 11> kPursuitOrder{
    "hz",           "max_time",    "view_range", "view_angle", "contact_range", "search_time",
    "player_speed", "model_scale", "spread",     "rest_speed", "strategy",
};
constexpr SettingsDescription kPursuitDescription{"PursuitSettings", kPursuitFields, kPursuitParts,
                                                  kPursuitOrder};

// The intercept strategy's constants (docs/pursuit.md "Intercept"); the defaults are the ones measured there.
using I = InterceptSettings;
constexpr std::array kInterceptFields{
    field<I, &I::intercept_straight_cells>(
        "intercept_straight_cells", "cells", closed_range(0, 1e6),
        "run straight on when dead reckoning's line is at least this long, else the flood's; 0 never"),
    field<I, &I::intercept_search_heat>(
        "intercept_search_heat", "1", closed_range(0, 1e6),
        "the search: every reachable cell alike plus this x a corridor flood's heat"),
};
constexpr SettingsDescription kInterceptDescription{"InterceptSettings", kInterceptFields, {}};

// The runtime pursuer's: the reasoning (its member, without a prefix), then the flood's slicing.
using P = PursuerSettings;
constexpr std::array kPursuerParts{part<P, R, &P::reasoning>("")};
constexpr std::array kPursuerFields{
    field<P, &P::flood_steps_per_tick>("flood_steps_per_tick", "steps", closed_range(0, 1e9),
                                       "single-shot flood steps per update; 0: the whole flood at once"),
};
constexpr SettingsDescription kPursuerDescription{"PursuerSettings", kPursuerFields, kPursuerParts};

// Appends, rather than operator+ chains, which GCC 12's -Wrestrict misreads.
std::string text(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (const std::string_view part : parts) {
        out += part;
    }
    return out;
}

// (x,y) on grids, (x,y,z) on 3D levels (the planar p is (x, z) there, h the height y), as the user typed it.
std::string scenario_point_text(Vec2 p, double h, PlanarFrame frame) {
    return point_text(frame.shown(frame.world(p, h)), ",");
}

bool walkable(PursuitSpace& space, Vec2 p, double h) {
    return is_finite(p) && std::isfinite(h) && space.walkable(space.frame().world(p, h));
}

void check_route(PursuitSpace& space, const PursuitScenario& sc, FieldErrors& errors) {
    const std::vector<Vec2>& route = sc.route;
    const PlanarFrame frame = space.frame();
    if (route.empty()) {
        errors.push_back({"route", "needs at least one waypoint"});
        return;
    }
    for (std::size_t i = 0; i < route.size(); ++i) {
        if (!is_finite(route[i]) || !std::isfinite(sc.route_height(i))) {
            errors.push_back({"route", text({"waypoint ", std::to_string(i + 1), " is not finite"})});
            return;
        }
        if (!walkable(space, route[i], sc.route_height(i))) {
            errors.push_back({"route", text({"waypoint ", std::to_string(i + 1), " ",
                                             scenario_point_text(route[i], sc.route_height(i), frame),
                                             " is not on walkable space"})});
            return;
        }
    }
    for (std::size_t i = 0; i + 1 < route.size(); ++i) {
        const Vec3 a = space.place(frame.world(route[i], sc.route_height(i)));
        const Vec3 b = space.place(frame.world(route[i + 1], sc.route_height(i + 1)));
        if (!space.clear_line(a, b)) {
            errors.push_back(
                {"route", text({"segment ", std::to_string(i + 1), " ",
                                scenario_point_text(route[i], sc.route_height(i), frame), "-",
                                scenario_point_text(route[i + 1], sc.route_height(i + 1), frame),
                                frame == PlanarFrame::xz ? " is blocked (the navmesh raycast hits a wall)"
                                                         : " crosses a wall or cuts a wall corner"})});
            return;
        }
    }
}

}  // namespace

const SettingsDescription& describe_settings(std::type_identity<ReasoningSettings>) noexcept {
    return kReasoningDescription;
}

const SettingsDescription& describe_settings(std::type_identity<PursuitSettings>) noexcept {
    return kPursuitDescription;
}

const SettingsDescription& describe_settings(std::type_identity<InterceptSettings>) noexcept {
    return kInterceptDescription;
}

FieldErrors InterceptSettings::validate() const {
    return validate_settings(*this);
}

const SettingsDescription& describe_settings(std::type_identity<PursuerSettings>) noexcept {
    return kPursuerDescription;
}

FieldErrors PursuerSettings::validate() const {
    // The intercept's fields are not in PursuerSettings's registry: the C ABI's accessors read that
    // registry on kinema_pursuer_settings, which mirrors only the fields before them.
    FieldErrors errors = validate_settings(*this);
    const FieldErrors more = intercept.validate();
    errors.insert(errors.end(), more.begin(), more.end());
    return errors;
}

PursuerSettings pursuer_settings(const PursuitSettings& settings) {
    PursuerSettings s;
    s.reasoning = settings;  // the base's slice
    return s;
}

FieldErrors PursuitSettings::validate() const {
    FieldErrors errors = validate_settings(*this);
    if (errors.empty()) {
        const double steps = std::ceil(max_time * hz - 1e-9);  // as the simulation counts them
        if (steps > static_cast<double>(max_pursuit_steps)) {
            // The flags' names: this error is about the pair, and the CLI names only the field's flag.
            errors.push_back({"max_time", text({format_number(max_time), " s x --hz ", format_number(hz),
                                                " = ", format_number(steps), " steps, more than the ",
                                                std::to_string(max_pursuit_steps),
                                                " allowed (one hour at 60 Hz): lower --max-time or --hz"})});
        }
    }
    return errors;
}

FieldErrors PursuitConfig::validate() const {
    FieldErrors errors = settings.validate(model);
    const FieldErrors flood_errors = flood.validate();
    errors.insert(errors.end(), flood_errors.begin(), flood_errors.end());
    const FieldErrors intercept_errors = intercept.validate();
    errors.insert(errors.end(), intercept_errors.begin(), intercept_errors.end());
    return errors;
}

FieldErrors PursuitSettings::validate(const movement::AnyModel& npc_model) const {
    FieldErrors errors = validate();
    if (!errors.empty() || !movement::validate(npc_model).empty()) {
        return errors;
    }
    const std::string_view name = movement::model_name(npc_model);
    // An explicit friction that overshoots makes the NPC's velocity grow every step until it is inf, and
    // the pursuit then fails far from the cause ("dead reckoning: ... must be finite").
    const double longest = movement::longest_stable_dt(npc_model);
    if (1.0 / hz > longest) {
        errors.push_back(
            {"hz", text({"must be at least ", format_number(std::ceil(1.0 / longest)), " for the ", name,
                         " NPC model at its friction (steps longer than ", format_significant(longest, 4),
                         " s make its explicit friction overshoot and diverge), got ", format_number(hz),
                         "; or lower the model's friction"})});
    }
    // The player's speed range bounds the NPC's too: a tiny model_scale makes every model unit a world.
    constexpr double fastest = 1e6;
    const double level_speed = movement::top_speed(npc_model) / model_scale;
    if (!(level_speed <= fastest)) {
        errors.push_back(
            {"model_scale", text({"gives the ", name, " NPC model's top speed ",
                                  format_number(movement::top_speed(npc_model)), " ",
                                  movement::length_unit(npc_model), "/s as ",
                                  // A subnormal model_scale overflows the quotient: never print "inf".
                                  std::isfinite(level_speed) ? format_number(level_speed) : "over 1e308",
                                  " level units/s, more than the ", format_number(fastest),
                                  " allowed (the fastest player_speed), got ", format_number(model_scale)})});
    }
    return errors;
}

FieldErrors PursuitScenario::validate(const chase::ChaseSpace& space) const {
    ChasePursuitSpace pursuit_space(space);
    return validate(pursuit_space);
}

namespace {

// NPC i's start (one NPC: unnamed, as before teams; a team's NPCs are "NPC 1", "NPC 2", ... as typed).
void check_npc(PursuitSpace& space, const PursuitScenario& sc, int i, FieldErrors& errors) {
    const NpcStart start = sc.npc_start(i);
    const std::string who = sc.npcs() > 1 ? text({"NPC ", std::to_string(i + 1), " "}) : std::string();
    if (!is_finite(start.position) || !std::isfinite(start.height)) {
        errors.push_back({"npc", who + "must be finite"});
    } else if (!walkable(space, start.position, start.height)) {
        errors.push_back({"npc", text({who, scenario_point_text(start.position, start.height, space.frame()),
                                       " is not on walkable space"})});
    }
    if (start.direction && (!is_finite(*start.direction) || length(*start.direction) == 0.0)) {
        errors.push_back({"npc_direction", who + "must be finite and not zero"});
    }
}

// A team's size and spacing: NPCs never come closer than npc_separation (docs/pursuit.md "Teams").
void check_team(const PursuitScenario& sc, FieldErrors& errors) {
    if (sc.npcs() > max_team_npcs) {
        errors.push_back({"npc", text({"at most ", std::to_string(max_team_npcs), " NPCs, got ",
                                       std::to_string(sc.npcs())})});
        return;
    }
    for (int i = 0; i < sc.npcs(); ++i) {
        for (int j = 0; j < i; ++j) {
            if (length(sc.npc_start(i).position - sc.npc_start(j).position) < npc_separation) {
                errors.push_back({"npc", text({"NPC ", std::to_string(i + 1), " starts closer than ",
                                               format_number(npc_separation), " level units to NPC ",
                                               std::to_string(j + 1)})});
                return;
            }
        }
    }
}

}  // namespace

FieldErrors PursuitScenario::validate(PursuitSpace& space) const {
    FieldErrors errors;
    const PlanarFrame frame = space.frame();
    check_route(space, *this, errors);
    check_team(*this, errors);
    for (int i = 0; i < std::min(npcs(), max_team_npcs); ++i) {
        check_npc(space, *this, i, errors);
    }
    for (std::size_t i = 0; i < stimuli.size(); ++i) {
        const Stimulus& s = stimuli[i];
        if (!std::isfinite(s.time) || s.time < 0.0) {
            errors.push_back(
                {"stimulus", text({"stimulus ", std::to_string(i + 1), ": time must be finite and >= 0"})});
        } else if (!walkable(space, s.position, s.height)) {
            errors.push_back({"stimulus", text({"stimulus ", std::to_string(i + 1), " ",
                                                scenario_point_text(s.position, s.height, frame),
                                                " is not on walkable space"})});
        }
    }
    return errors;
}

std::string_view to_string(Strategy strategy) {
    for (const FieldChoice& c : kStrategies) {
        if (c.value == static_cast<double>(strategy)) {
            return c.name;
        }
    }
    return "unknown";
}

std::optional<Strategy> parse_strategy(std::string_view name) {
    for (const FieldChoice& c : kStrategies) {
        if (c.name == name) {
            return static_cast<Strategy>(static_cast<int>(c.value));
        }
    }
    return std::nullopt;
}

std::string_view to_string(TeamMode mode) {
    constexpr std::array<std::string_view, 3> names{"independent", "shared", "split"};
    return names[static_cast<std::size_t>(mode)];
}

std::optional<TeamMode> parse_team_mode(std::string_view name) {
    for (const TeamMode mode : {TeamMode::independent, TeamMode::shared, TeamMode::split}) {
        if (to_string(mode) == name) {
            return mode;
        }
    }
    return std::nullopt;
}

std::string_view to_string(NpcState state) {
    constexpr std::array<std::string_view, 4> names{"engage", "chase", "search", "gave_up"};
    return names[static_cast<std::size_t>(state)];
}

std::string_view to_string(EventKind kind) {
    constexpr std::array<std::string_view, 7> names{"lost_sight", "chase",    "arrived", "search",
                                                    "reacquired", "stimulus", "gave_up"};
    return names[static_cast<std::size_t>(kind)];
}

std::string_view to_string(Outcome outcome) {
    constexpr std::array<std::string_view, 4> names{"reacquired", "gave_up", "timeout", "never_lost"};
    return names[static_cast<std::size_t>(outcome)];
}

}  // namespace kinema::pursuit
