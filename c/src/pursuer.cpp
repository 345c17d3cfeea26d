// kinema_pursuer: the runtime pursuer (kinema/pursuit/pursuer.hpp) over any space (a grid, a navmesh level),
// so that a game ticks the same reasoning `kinema pursue` runs. Conversions only: every decision is the C++
// pursuer's.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "guard.hpp"
#include "handles.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/space.hpp"
#include "live_handles.hpp"
#include "mirrors.hpp"
#include "pursuer_conversions.hpp"

namespace pu = kinema::pursuit;

// kinema_pursuer_settings begins with PursuerSettings field for field (JoltC's practice, mirrors.hpp), so
// the settings registry's accessors read and write it (c/tests); the flood's settings follow.
static_assert(std::is_standard_layout_v<pu::PursuerSettings> && !std::is_polymorphic_v<pu::PursuerSettings>);
static_assert(sizeof(std::underlying_type_t<pu::Strategy>) == sizeof(int));
static_assert(offsetof(kinema_pursuer_settings, strategy) ==
              offsetof(pu::PursuerSettings, reasoning.strategy));
static_assert(offsetof(kinema_pursuer_settings, view_range) ==
              offsetof(pu::PursuerSettings, reasoning.view_range));
static_assert(offsetof(kinema_pursuer_settings, view_angle) ==
              offsetof(pu::PursuerSettings, reasoning.view_angle));
static_assert(offsetof(kinema_pursuer_settings, contact_range) ==
              offsetof(pu::PursuerSettings, reasoning.contact_range));
static_assert(offsetof(kinema_pursuer_settings, search_time) ==
              offsetof(pu::PursuerSettings, reasoning.search_time));
static_assert(offsetof(kinema_pursuer_settings, player_speed) ==
              offsetof(pu::PursuerSettings, reasoning.player_speed));
static_assert(offsetof(kinema_pursuer_settings, spread) == offsetof(pu::PursuerSettings, reasoning.spread));
static_assert(offsetof(kinema_pursuer_settings, flood_steps_per_tick) ==
              offsetof(pu::PursuerSettings, flood_steps_per_tick));
static_assert(offsetof(kinema_pursuer_settings, flood) >
              offsetof(kinema_pursuer_settings, flood_steps_per_tick));
static_assert(alignof(kinema_pursuer_settings) == alignof(pu::PursuerSettings));
static_assert(KINEMA_STRATEGY_FLOOD == static_cast<int>(pu::Strategy::flood));
static_assert(KINEMA_STRATEGY_FLOOD_PACED == static_cast<int>(pu::Strategy::flood_paced));
static_assert(KINEMA_STRATEGY_DEAD_RECKONING == static_cast<int>(pu::Strategy::dead_reckoning));
static_assert(KINEMA_STRATEGY_BREADCRUMBS == static_cast<int>(pu::Strategy::breadcrumbs));
static_assert(KINEMA_STRATEGY_LAST_KNOWN == static_cast<int>(pu::Strategy::last_known));
static_assert(KINEMA_STRATEGY_INTERCEPT == static_cast<int>(pu::Strategy::intercept));
static_assert(KINEMA_PURSUIT_ENGAGE == static_cast<int>(pu::NpcState::engage));
static_assert(KINEMA_PURSUIT_CHASE == static_cast<int>(pu::NpcState::chase));
static_assert(KINEMA_PURSUIT_SEARCH == static_cast<int>(pu::NpcState::search));
static_assert(KINEMA_PURSUIT_GAVE_UP == static_cast<int>(pu::NpcState::gave_up));
static_assert(KINEMA_PURSUIT_EVENT_LOST_SIGHT == static_cast<int>(pu::EventKind::lost_sight));
static_assert(KINEMA_PURSUIT_EVENT_CHASE == static_cast<int>(pu::EventKind::chase));
static_assert(KINEMA_PURSUIT_EVENT_ARRIVED == static_cast<int>(pu::EventKind::arrived));
static_assert(KINEMA_PURSUIT_EVENT_SEARCH == static_cast<int>(pu::EventKind::search));
static_assert(KINEMA_PURSUIT_EVENT_REACQUIRED == static_cast<int>(pu::EventKind::reacquired));
static_assert(KINEMA_PURSUIT_EVENT_STIMULUS == static_cast<int>(pu::EventKind::stimulus));
static_assert(KINEMA_PURSUIT_EVENT_GAVE_UP == static_cast<int>(pu::EventKind::gave_up));

struct kinema_pursuer {
    // The level as a pursuit space of this pursuer's own (its path planner), then the pursuer over it.
    const kinema_space* level;  // checked live on every call: the pursuit space reads it
    std::unique_ptr<kinema::pursuit::PursuitSpace> space;
    kinema::pursuit::Pursuer pursuer;
    void* user_data = nullptr;  // the caller's (kinema_pursuer_set_user_data), never read here

    kinema_pursuer(const kinema_space* level_space, const pu::PursuerSettings& settings,
                   const kinema::chase::FloodSettings& flood)
        : level(level_space), space(level->holder->pursuit_space()), pursuer(*space, settings, flood) {}
};

std::unique_ptr<pu::PursuitSpace> kinema::c_abi::SpaceHolder::pursuit_space() const {
    return std::make_unique<pu::ChasePursuitSpace>(chase_space());
}

namespace kinema::c_abi {

pu::PursuerSettings settings_from_c(const kinema_pursuer_settings& s) {
    require_made_by_default(s.internal_check, "kinema_pursuer_settings");
    if (s.strategy < KINEMA_STRATEGY_FLOOD || s.strategy > KINEMA_STRATEGY_INTERCEPT) {
        throw std::invalid_argument("strategy: must be a kinema_pursuit_strategy (0 to 5), got " +
                                    std::to_string(s.strategy));
    }
    pu::PursuerSettings out;
    out.reasoning.strategy = static_cast<pu::Strategy>(s.strategy);
    out.reasoning.view_range = s.view_range;
    out.reasoning.view_angle = s.view_angle;
    out.reasoning.contact_range = s.contact_range;
    out.reasoning.search_time = s.search_time;
    out.reasoning.player_speed = s.player_speed;
    out.reasoning.spread = s.spread;
    out.flood_steps_per_tick = s.flood_steps_per_tick;
    return out;  // the ranges are checked where they enter the library (the Pursuer's constructor)
}

kinema_pursuer_output output_to_c(const pu::PursuerOutput& o) {
    kinema_pursuer_output out{};
    out.state = static_cast<int>(o.state);
    out.goal_changed = o.goal_changed;
    out.goal_in_sight = o.goal_in_sight;
    out.events = o.events;
    out.goal = to_c(o.goal);
    out.time = o.time;
    return out;
}

pu::PursuerInput input_from_c(const kinema_pursuer_input& in) {
    pu::PursuerInput out;
    out.dt = in.dt;
    out.npc_position = from_c(in.npc_position);
    out.npc_facing = from_c(in.npc_facing);
    out.sees_player = in.sees_player;
    out.player_position = from_c(in.player_position);
    out.player_velocity = from_c(in.player_velocity);
    out.arrived = in.arrived;
    return out;  // NaN and negative dt are refused by the pursuer, naming the field
}

void events_to_c(const pu::Pursuer& pursuer, PlanarFrame frame, const char* function,
                 kinema_pursuer_event* events, int capacity, int* count) {
    require(count, function, "count");
    if (capacity < 0) {
        throw std::invalid_argument(std::string(function) + ": capacity must be >= 0, got " +
                                    std::to_string(capacity));
    }
    if (capacity > 0) {
        require(events, function, "events");
    }
    const auto recorded = pursuer.events();
    for (std::size_t i = 0; i < recorded.size() && i < static_cast<std::size_t>(capacity); ++i) {
        const pu::PursuitEvent& e = recorded[i];
        kinema_pursuer_event c{};
        c.kind = static_cast<int>(e.kind);
        c.accepted = e.accepted;
        c.t = e.t;
        c.position = to_c(frame.world(e.position, e.height));
        c.direction = to_c(frame.world(e.direction, 0.0));
        events[i] = c;
    }
    *count = static_cast<int>(recorded.size());
}

void require_live_pursuer(const kinema_pursuer* pursuer, const char* function) {
    require_live(pursuer, HandleKind::pursuer, function, "pursuer");
    require_live(pursuer->level, HandleKind::space, function, "the pursuer's space");
}

}  // namespace kinema::c_abi

using namespace kinema::c_abi;

extern "C" kinema_pursuer_settings kinema_pursuer_settings_default(void) {
    const pu::PursuerSettings d;
    kinema_pursuer_settings s{};
    s.strategy = static_cast<int>(d.reasoning.strategy);
    s.view_range = d.reasoning.view_range;
    s.view_angle = d.reasoning.view_angle;
    s.contact_range = d.reasoning.contact_range;
    s.search_time = d.reasoning.search_time;
    s.player_speed = d.reasoning.player_speed;
    s.spread = d.reasoning.spread;
    s.flood_steps_per_tick = d.flood_steps_per_tick;
    s.flood = to_c(pu::PursuitConfig::default_flood());
    s.internal_check = KINEMA_INTERNAL_CHECK;
    return s;
}

extern "C" kinema_status kinema_pursuer_create(const kinema_space* space,
                                               const kinema_pursuer_settings* settings,
                                               kinema_pursuer** out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live(space, HandleKind::space, "kinema_pursuer_create", "space");
        require(settings, "kinema_pursuer_create", "settings");
        require(out, "kinema_pursuer_create", "out");
        const pu::PursuerSettings pursuer_settings = settings_from_c(*settings);  // checked first
        *out = make_live(std::make_unique<kinema_pursuer>(space, pursuer_settings, from_c(settings->flood)),
                         HandleKind::pursuer);
    });
}

extern "C" kinema_status kinema_pursuer_update(kinema_pursuer* pursuer, const kinema_pursuer_input* input,
                                               kinema_pursuer_output* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_pursuer(pursuer, "kinema_pursuer_update");
        require(input, "kinema_pursuer_update", "input");
        require(out, "kinema_pursuer_update", "out");
        *out = output_to_c(pursuer->pursuer.update(input_from_c(*input)));
    });
}

extern "C" kinema_status kinema_pursuer_stimulus(kinema_pursuer* pursuer, kinema_vec3 position, double delay,
                                                 kinema_pursuer_output* out) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_pursuer(pursuer, "kinema_pursuer_stimulus");
        const pu::PursuerOutput& o = pursuer->pursuer.stimulus(from_c(position), delay);
        if (out != nullptr) {
            *out = output_to_c(o);
        }
    });
}

extern "C" kinema_status kinema_pursuer_events(const kinema_pursuer* pursuer, kinema_pursuer_event* events,
                                               int capacity, int* count) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_pursuer(pursuer, "kinema_pursuer_events");
        events_to_c(pursuer->pursuer, pursuer->space->frame(), "kinema_pursuer_events", events, capacity,
                    count);
    });
}

extern "C" kinema_status kinema_pursuer_reset(kinema_pursuer* pursuer) {
    return guarded(KINEMA_ERROR_ARGUMENT, [&] {
        require_live_pursuer(pursuer, "kinema_pursuer_reset");
        pursuer->pursuer.reset();
    });
}

extern "C" void kinema_pursuer_destroy(kinema_pursuer* pursuer) {
    destroy_live(pursuer, HandleKind::pursuer);
}

extern "C" kinema_status kinema_pursuer_set_user_data(kinema_pursuer* pursuer, void* user_data) {
    return set_user_data_of(pursuer, HandleKind::pursuer, "kinema_pursuer_set_user_data", "pursuer",
                            user_data);
}

extern "C" void* kinema_pursuer_user_data(const kinema_pursuer* pursuer) {
    return user_data_of(pursuer, HandleKind::pursuer, "kinema_pursuer_user_data", "pursuer");
}
