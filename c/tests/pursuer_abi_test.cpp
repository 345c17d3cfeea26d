// The C ABI's runtime pursuer against the C++ library: its settings' defaults and ranges against the
// registries, and a pursuer ticked through the corner level, the T-junction and the 3D ramp with the frames
// of the C++ `run_pursuit` (the simulated player's, as `kinema pursue` runs it) takes the same decisions --
// every frame's state, every event -- for every strategy, with stimuli; bad arguments are refused, never a
// crash.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "kinema/core/settings_registry.hpp"
#include "kinema/kinema.h"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "pursuit_levels.hpp"
#include "pursuit_replay.hpp"
#include "range_edges.hpp"

#if KINEMA_TEST_HAVE_NAV
#include "kinema/nav/level_files.hpp"
#include "kinema/nav/pursuit_space.hpp"
#endif

namespace {

namespace pu = kinema::pursuit;
using kinema::Vec2;
using kinema::c_test::c_vec;
using kinema::c_test::route_segment;

std::string last_error() {
    return kinema_last_error();
}

kinema_status create_with(const kinema_pursuer_settings& s) {
    kinema_space* space = nullptr;
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner.txt";
    EXPECT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << last_error();
    kinema_pursuer* pursuer = nullptr;
    const kinema_status status = kinema_pursuer_create(space, &s, &pursuer);
    kinema_pursuer_destroy(pursuer);
    kinema_space_destroy(space);
    return status;
}

// Every field of `description` read from the C struct (through the registry's own accessors: the struct
// mirrors the C++ one) equals `expected_default`'s, and each end of its range is accepted and each value
// past an end refused naming the field.
void expect_fields(const kinema::SettingsDescription& description, const kinema_pursuer_settings& defaults,
                   void* (*part)(kinema_pursuer_settings&), const void* expected_default) {
    for (const kinema::NamedField& named : kinema::list_fields(description)) {
        SCOPED_TRACE(named.name);
        const kinema::FieldDescriptor& f = *named.field;
        kinema_pursuer_settings copy = defaults;
        EXPECT_EQ(kinema::get_field(description, part(copy), named.name),
                  kinema::get_field(description, expected_default, named.name));
        const auto call_with = [&](double value) {
            kinema_pursuer_settings s = defaults;
            kinema::set_field(description, part(s), named.name, value);
            return create_with(s);
        };
        if (f.type == kinema::FieldType::choice) {
            for (const kinema::FieldChoice& choice : f.choices) {
                EXPECT_EQ(call_with(choice.value), KINEMA_OK) << last_error();
            }
            continue;
        }
        const auto expect_refused = [&](double value) {
            EXPECT_EQ(call_with(value), KINEMA_ERROR_ARGUMENT) << value;
            EXPECT_NE(last_error().find(named.name), std::string::npos) << last_error();
        };
        kinema::c_test::expect_range_edges(
            f, [&](double value) { EXPECT_EQ(call_with(value), KINEMA_OK) << last_error(); }, expect_refused);
    }
}

TEST(CAbiPursuer, DefaultsAndRangesAreTheRegistrys) {
    const kinema_pursuer_settings defaults = kinema_pursuer_settings_default();
    const pu::PursuerSettings cpp;
    expect_fields(
        kinema::settings_description<pu::PursuerSettings>(), defaults,
        [](kinema_pursuer_settings& s) -> void* { return &s; }, &cpp);
    // The flood's, with `kinema pursue`'s restart cap (3; the flood alone has none).
    const kinema::chase::FloodSettings flood = pu::PursuitConfig::default_flood();
    EXPECT_EQ(defaults.flood.max_restarts, 3);
    expect_fields(
        kinema::settings_description<kinema::chase::FloodSettings>(), defaults,
        [](kinema_pursuer_settings& s) -> void* { return &s.flood; }, &flood);
    kinema_pursuer_settings bad = defaults;
    bad.strategy = KINEMA_STRATEGY_INTERCEPT + 1;  // one past the last
    EXPECT_EQ(create_with(bad), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("strategy"), std::string::npos) << last_error();
}

void append_events(const kinema_pursuer* pursuer, std::vector<kinema_pursuer_event>& out) {
    kinema_pursuer_event events[8];
    int count = 0;
    ASSERT_EQ(kinema_pursuer_events(pursuer, events, 8, &count), KINEMA_OK) << last_error();
    ASSERT_LE(count, 4);
    out.insert(out.end(), events, events + count);
}

// Ticks a C pursuer on the level file `path` with the frames of the C++ run on `cpp_space` (the same level)
// and compares every state and event; world points through the level's frame (grids: (x, y, 0); 3D levels:
// (x, height, z)).
void expect_c_pursuer_takes_the_runs_decisions(const std::string& path, pu::PursuitSpace& cpp_space,
                                               const pu::PursuitScenario& sc,
                                               const pu::PursuitConfig& config) {
    const pu::PursuitResult run = pu::run_pursuit(cpp_space, sc, config);
    const kinema::PlanarFrame frame = cpp_space.frame();
    kinema_space* space = nullptr;
    ASSERT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << last_error();
    kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    settings.strategy = static_cast<int>(config.settings.strategy);
    settings.view_range = config.settings.view_range;
    settings.player_speed = config.settings.player_speed;
    settings.search_time = config.settings.search_time;
    settings.flood.max_restarts = config.flood.max_restarts;
    kinema_pursuer* pursuer = nullptr;
    ASSERT_EQ(kinema_pursuer_create(space, &settings, &pursuer), KINEMA_OK) << last_error();
    std::vector<kinema_pursuer_event> events;
    Vec2 facing = normalized_or_zero(sc.route.front() - sc.npc);
    std::size_t next_stimulus = 0;
    double clock = 0.0;
    for (std::size_t k = 0; k < run.frames.size(); ++k) {
        const pu::PursuitFrame& f = run.frames[k];
        while (k > 0 && next_stimulus < sc.stimuli.size() && sc.stimuli[next_stimulus].time <= f.t) {
            const pu::Stimulus& st = sc.stimuli[next_stimulus++];
            ASSERT_EQ(kinema_pursuer_stimulus(pursuer, c_vec(frame.world(st.position, st.height)),
                                              f.t - clock, nullptr),
                      KINEMA_OK)
                << last_error();
            append_events(pursuer, events);
        }
        if (length(f.model.velocity) > 0.0) {
            facing = normalized_or_zero(f.model.velocity);
        }
        kinema_pursuer_input in{};
        in.dt = f.t - clock;
        in.npc_position = c_vec(frame.world(f.npc, f.npc_height));
        in.npc_facing = c_vec(frame.world(facing, 0.0));
        in.sees_player = f.sees_player;
        in.player_position = c_vec(frame.world(f.player, f.player_height));
        in.player_velocity = c_vec(frame.world(route_segment(sc, config.settings.player_speed, f.t), 0.0));
        in.arrived = f.arrived;
        kinema_pursuer_output out{};
        ASSERT_EQ(kinema_pursuer_update(pursuer, &in, &out), KINEMA_OK) << last_error();
        clock = out.time;
        ASSERT_EQ(out.state, static_cast<int>(f.state)) << "frame " << k;
        append_events(pursuer, events);
    }
    ASSERT_EQ(events.size(), run.events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        SCOPED_TRACE("event " + std::to_string(i));
        const pu::PursuitEvent& e = run.events[i];
        const kinema::Vec3 position = frame.world(e.position, e.height);
        const kinema::Vec3 direction = frame.world(e.direction, 0.0);
        EXPECT_EQ(events[i].kind, static_cast<int>(e.kind));
        EXPECT_EQ(events[i].t, e.t);
        EXPECT_EQ(events[i].position.x, position.x);
        EXPECT_EQ(events[i].position.y, position.y);
        EXPECT_EQ(events[i].position.z, position.z);
        EXPECT_EQ(events[i].direction.x, direction.x);
        EXPECT_EQ(events[i].direction.y, direction.y);
        EXPECT_EQ(events[i].direction.z, direction.z);
        EXPECT_EQ(events[i].accepted, e.accepted);
    }
    kinema_pursuer_destroy(pursuer);
    kinema_space_destroy(space);
}

// The same on one of kinema's grid levels (data/levels/NAME.txt).
void expect_c_pursuer_takes_the_runs_decisions(const std::string& level, const pu::PursuitScenario& sc,
                                               const pu::PursuitConfig& config) {
    const kinema::test::PursuitLevel lv(level);
    pu::ChasePursuitSpace space(lv.space);
    expect_c_pursuer_takes_the_runs_decisions(std::string(KINEMA_DATA_DIR) + "/levels/" + level + ".txt",
                                              space, sc, config);
}

TEST(CAbiPursuer, TickedThroughTheCornerItTakesThePursuitsDecisions) {
    for (const pu::Strategy s : pu::all_strategies) {
        SCOPED_TRACE(std::string(pu::to_string(s)));
        expect_c_pursuer_takes_the_runs_decisions("corner", kinema::test::corner_scenario(),
                                                  kinema::test::corner_config(s));
        pu::PursuitScenario noisy = kinema::test::corner_scenario();
        noisy.stimuli = {{0.5, {17.5, 20.5}}, {0.6, {17.5, 21.5}}, {0.7, {17.5, 22.5}}};
        pu::PursuitConfig config = kinema::test::corner_config(s);
        config.flood.max_restarts = 2;
        config.settings.search_time = 4.0;
        expect_c_pursuer_takes_the_runs_decisions("corner", noisy, config);
    }
}

TEST(CAbiPursuer, TickedThroughTheTJunctionItTakesThePursuitsDecisions) {
    for (const pu::Strategy s : pu::all_strategies) {
        SCOPED_TRACE(std::string(pu::to_string(s)));
        expect_c_pursuer_takes_the_runs_decisions("t_junction_unequal", kinema::test::junction_scenario(),
                                                  kinema::test::junction_config(s));
    }
}

#if KINEMA_TEST_HAVE_NAV
// A 3D level (data/levels/corner_ramp.obj, metres, y up): the player lost on the way to the corner runs up
// the ramp; the C pursuer on the loaded mesh takes the C++ pursuit's decisions, heights included.
TEST(CAbiPursuer, TickedThroughTheRampItTakesThePursuitsDecisions) {
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
    const kinema::nav::Level level = kinema::nav::load_mesh_level(path, kinema::nav::NavSettings{});
    int searched = 0;
    for (const pu::Strategy s : pu::all_strategies) {
        SCOPED_TRACE(std::string(pu::to_string(s)));
        kinema::nav::NavPursuitSpace space(level);
        const pu::PursuitConfig config = kinema::test::ramp_config(s);
        expect_c_pursuer_takes_the_runs_decisions(path, space, kinema::test::ramp_scenario(), config);
        const pu::PursuitResult run = pu::run_pursuit(space, kinema::test::ramp_scenario(), config);
        searched += run.occupancy.empty() ? 0 : 1;
        EXPECT_GT(run.frames.back().player_height, 2.9);  // up the ramp
    }
    EXPECT_GE(searched, 1);
}
#endif

TEST(CAbiPursuer, BadArgumentsAreErrorsNeverCrashes) {
    kinema_space* space = nullptr;
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner.txt";
    ASSERT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << last_error();
    const kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    kinema_pursuer* pursuer = nullptr;
    EXPECT_EQ(kinema_pursuer_create(nullptr, &settings, &pursuer), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("space"), std::string::npos);
    EXPECT_EQ(kinema_pursuer_create(space, nullptr, &pursuer), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_create(space, &settings, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(pursuer, nullptr);
    ASSERT_EQ(kinema_pursuer_create(space, &settings, &pursuer), KINEMA_OK) << last_error();
    kinema_pursuer_input in{};
    in.npc_position = {2.5, 2.5, 0.0};
    in.npc_facing = {1.0, 0.0, 0.0};
    in.player_position = {6.5, 2.5, 0.0};
    in.sees_player = true;
    kinema_pursuer_output out{};
    EXPECT_EQ(kinema_pursuer_update(nullptr, &in, &out), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_update(pursuer, nullptr, &out), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_update(pursuer, &in, nullptr), KINEMA_ERROR_ARGUMENT);
    kinema_pursuer_input nan = in;
    nan.npc_position.y = std::numeric_limits<double>::quiet_NaN();
    EXPECT_EQ(kinema_pursuer_update(pursuer, &nan, &out), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("npc_position"), std::string::npos) << last_error();
    nan = in;
    nan.dt = -0.5;
    EXPECT_EQ(kinema_pursuer_update(pursuer, &nan, &out), KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find("dt"), std::string::npos) << last_error();
    ASSERT_EQ(kinema_pursuer_update(pursuer, &in, &out), KINEMA_OK) << last_error();
    EXPECT_EQ(out.state, KINEMA_PURSUIT_ENGAGE);
    EXPECT_EQ(out.goal.x, 6.5);
    EXPECT_TRUE(out.goal_in_sight);
    EXPECT_EQ(kinema_pursuer_stimulus(pursuer, {0.5, 0.5, 0.0}, 0.0, nullptr),
              KINEMA_ERROR_ARGUMENT);  // wall
    EXPECT_EQ(kinema_pursuer_stimulus(pursuer, {17.5, 20.5, 0.0}, std::nan(""), nullptr),
              KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_stimulus(nullptr, {17.5, 20.5, 0.0}, 0.0, nullptr), KINEMA_ERROR_ARGUMENT);
    int count = -1;
    EXPECT_EQ(kinema_pursuer_events(pursuer, nullptr, -1, &count), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_events(pursuer, nullptr, 1, &count), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_events(pursuer, nullptr, 0, nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_events(pursuer, nullptr, 0, &count), KINEMA_OK);  // measuring
    EXPECT_EQ(kinema_pursuer_reset(nullptr), KINEMA_ERROR_ARGUMENT);
    EXPECT_EQ(kinema_pursuer_reset(pursuer), KINEMA_OK);
    kinema_pursuer_destroy(pursuer);
    kinema_pursuer_destroy(nullptr);
    kinema_space_destroy(space);
}

}  // namespace
