// The runtime pursuer (kinema/pursuit/pursuer.hpp): ticked with the frames of a recorded pursuit it takes the
// same decisions (states, events with the chase's typed results) as the pursuit, for every strategy on two of
// our levels, with stimuli and when it gives up; its flood can be time-sliced and reaches the same
// destination; bad settings and input are refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "pursuer_replay.hpp"
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

using Level = test::PursuitLevel;
using test::corner_config;
using test::corner_scenario;
using test::junction_config;
using test::junction_scenario;

void expect_same_events(const std::vector<PursuitEvent>& got, const std::vector<PursuitEvent>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        SCOPED_TRACE("event " + std::to_string(i) + " " + std::string(to_string(want[i].kind)));
        EXPECT_EQ(got[i].kind, want[i].kind);
        EXPECT_EQ(got[i].t, want[i].t);
        EXPECT_EQ(got[i].position, want[i].position);
        EXPECT_EQ(got[i].height, want[i].height);
        EXPECT_EQ(got[i].direction, want[i].direction);
        EXPECT_EQ(got[i].accepted, want[i].accepted);
        ASSERT_EQ(got[i].chase.has_value(), want[i].chase.has_value());
        if (want[i].chase) {
            EXPECT_EQ(got[i].chase->flood.destination, want[i].chase->flood.destination);
            EXPECT_EQ(got[i].chase->flood.steps, want[i].chase->flood.steps);
            EXPECT_EQ(got[i].chase->flood.heated_cells, want[i].chase->flood.heated_cells);
        }
    }
}

// Ticks a pursuer with the run's frames and checks every frame's state, every event and the measures the
// pursuer keeps (destination changes, the search's occupancy).
void expect_replay_matches(const Level& lv, const PursuitScenario& scenario, const PursuitConfig& config) {
    const PursuitResult run = run_pursuit(lv.space, scenario, config);
    ChasePursuitSpace space(lv.space);
    Pursuer pursuer(space, pursuer_settings(config.settings), config.flood);
    test::PursuerReplay got;
    test::replay(pursuer, space.frame(), scenario, config.settings, run, got);
    ASSERT_EQ(got.states.size(), run.frames.size());
    for (std::size_t k = 0; k < run.frames.size(); ++k) {
        ASSERT_EQ(got.states[k], run.frames[k].state) << "frame " << k;
    }
    expect_same_events(got.events, run.events);
    EXPECT_EQ(pursuer.destination_changes(), run.destination_changes);
    std::vector<double> occupancy;
    pursuer.occupancy(occupancy);
    EXPECT_EQ(occupancy, run.occupancy);
}

TEST(Pursuer, TakesThePursuitsDecisionsOnTheCornerForEveryStrategy) {
    const Level lv("corner");
    for (const Strategy s : all_strategies) {
        SCOPED_TRACE(std::string(to_string(s)));
        expect_replay_matches(lv, corner_scenario(), corner_config(s));
    }
}

TEST(Pursuer, TakesThePursuitsDecisionsAtTheTJunctionForEveryStrategy) {
    const Level lv("t_junction_unequal");
    for (const Strategy s : all_strategies) {
        SCOPED_TRACE(std::string(to_string(s)));
        expect_replay_matches(lv, junction_scenario(), junction_config(s));
    }
}

// Three noises, two restarts allowed: the pursuer accepts two and refuses the third, as the pursuit did.
TEST(Pursuer, StimuliRestartTheChaseWithinTheCap) {
    const Level lv("corner");
    PursuitScenario sc = corner_scenario();
    sc.stimuli = {{0.5, {17.5, 20.5}}, {0.6, {17.5, 21.5}}, {0.7, {17.5, 22.5}}};
    for (const Strategy s : all_strategies) {
        SCOPED_TRACE(std::string(to_string(s)));
        PursuitConfig config = corner_config(s);
        config.flood.max_restarts = 2;
        expect_replay_matches(lv, sc, config);
    }
    // Engaged, a noise is refused; the refusal uses no restart.
    ChasePursuitSpace space(lv.space);
    Pursuer pursuer(space, {}, PursuitConfig::default_flood());
    PursuerInput in;
    in.npc_position = {2.5, 2.5, 0.0};
    in.npc_facing = {1.0, 0.0, 0.0};
    in.sees_player = true;
    in.player_position = {6.5, 2.5, 0.0};
    pursuer.update(in);
    const PursuerOutput& o = pursuer.stimulus({17.5, 20.5, 0.0});
    EXPECT_EQ(o.state, NpcState::engage);
    ASSERT_EQ(pursuer.events().size(), 1u);
    EXPECT_FALSE(pursuer.events()[0].accepted);
    EXPECT_EQ(o.events, 1u << static_cast<unsigned>(EventKind::stimulus));
}

// A search of 3 s without contact ends in giving up, on the frame the pursuit gave up.
TEST(Pursuer, GivesUpAsThePursuitDid) {
    const Level lv("corner");
    for (const Strategy s : {Strategy::last_known, Strategy::dead_reckoning}) {
        SCOPED_TRACE(std::string(to_string(s)));
        PursuitConfig config = corner_config(s);
        config.settings.search_time = 3.0;
        const PursuitResult run = run_pursuit(lv.space, corner_scenario(), config);
        ASSERT_EQ(run.outcome, Outcome::gave_up);
        expect_replay_matches(lv, corner_scenario(), config);
    }
}

// Engaged, the goal is the seen player a straight line away and follows them; the goal is announced once.
TEST(Pursuer, EngagedTheGoalIsThePlayer) {
    const Level lv("corner");
    ChasePursuitSpace space(lv.space);
    Pursuer pursuer(space, {}, PursuitConfig::default_flood());
    PursuerInput in;
    in.dt = 0.1;
    in.npc_position = {2.5, 2.5, 0.0};
    in.npc_facing = {2.0, 0.0, 0.0};  // normalised by the pursuer
    in.sees_player = true;
    in.player_position = {6.5, 2.5, 0.0};
    const PursuerOutput& o = pursuer.update(in);
    EXPECT_EQ(o.state, NpcState::engage);
    EXPECT_EQ(o.goal, (Vec3{6.5, 2.5, 0.0}));
    EXPECT_TRUE(o.goal_in_sight);
    EXPECT_TRUE(o.goal_changed);
    EXPECT_EQ(o.time, 0.1);
    EXPECT_FALSE(pursuer.update(in).goal_changed);  // the same player position: nothing new
    EXPECT_EQ(pursuer.time(), 0.2);
}

// Figure 1's chase on the corner with the flood time-sliced at 3 propagation steps per update: until it
// finishes the NPC heads for the last seen position and does not count as arrived; then the chase event
// comes with the same destination and flood as the single shot.
TEST(Pursuer, SlicedFloodReachesTheSingleShotsDestination) {
    const Level lv("corner");
    ChasePursuitSpace space(lv.space);
    for (const Strategy s : {Strategy::flood, Strategy::flood_paced}) {
        SCOPED_TRACE(std::string(to_string(s)));
        PursuerSettings whole;
        whole.reasoning.strategy = s;
        PursuerSettings sliced = whole;
        sliced.flood_steps_per_tick = 3;
        Pursuer a(space, whole, PursuitConfig::default_flood());
        Pursuer b(space, sliced, PursuitConfig::default_flood());
        PursuerInput in;
        in.dt = 1.0 / 60.0;
        in.npc_position = {2.5, 2.5, 0.0};
        in.npc_facing = {1.0, 0.0, 0.0};
        in.sees_player = true;
        in.player_position = {12.5, 2.5, 0.0};
        in.player_velocity = {7.5, 0.0, 0.0};
        a.update(in);
        b.update(in);
        in.sees_player = false;
        a.update(in);
        ASSERT_EQ(a.events().size(), 2u);  // lost_sight, chase
        const PursuitEvent want = a.events()[1];
        ASSERT_TRUE(want.chase.has_value());
        const int steps = want.chase->flood.steps;
        ASSERT_GT(steps, 6);  // more than two slices
        const PursuerOutput& o = b.update(in);
        ASSERT_EQ(b.events().size(), 1u);  // lost_sight; the chase event waits for the flood
        EXPECT_EQ(o.state, NpcState::chase);
        if (s == Strategy::flood) {
            EXPECT_EQ(o.goal, (Vec3{12.5, 2.5, 0.0}));  // the last seen position meanwhile
        }
        in.arrived = true;  // arriving while the flood runs does not end the chase
        int updates = 1;
        do {
            b.update(in);
            ++updates;
            ASSERT_LE(updates, steps);
        } while (b.events().empty());
        ASSERT_EQ(b.events()[0].kind, EventKind::chase);
        EXPECT_EQ(updates, (steps + 2) / 3);  // ceil(steps / 3) updates of 3 steps
        const PursuitEvent& got = b.events()[0];
        ASSERT_TRUE(got.chase.has_value());
        EXPECT_EQ(got.chase->flood.destination, want.chase->flood.destination);
        EXPECT_EQ(got.chase->flood.steps, steps);
        EXPECT_EQ(got.chase->flood.heated_cells, want.chase->flood.heated_cells);
        if (s == Strategy::flood) {
            EXPECT_EQ(got.position, want.position);
            EXPECT_EQ(b.output().goal, a.output().goal);
        } else {
            // The paced flood has advanced meanwhile: the event names where it leads now (the goal).
            EXPECT_EQ(got.position, (Vec2{b.output().goal.x, b.output().goal.y}));
        }
        // The destination is new to the game's agent: it has not arrived there in this update. Arriving
        // in the next ends the chase (the paced flood: once it too has finished).
        EXPECT_TRUE(b.output().goal_changed || s == Strategy::flood_paced);
        ASSERT_EQ(b.events().size(), 1u);
        if (s == Strategy::flood) {
            b.update(in);
            ASSERT_EQ(b.events().size(), 2u);
            EXPECT_EQ(b.events()[0].kind, EventKind::arrived);
            EXPECT_EQ(b.events()[1].kind, EventKind::search);
            EXPECT_EQ(b.output().state, NpcState::search);
        }
    }
}

TEST(Pursuer, RefusesBadSettingsAndInput) {
    const Level lv("corner");
    ChasePursuitSpace space(lv.space);
    PursuerSettings bad;
    bad.flood_steps_per_tick = -1;
    EXPECT_THROW(Pursuer(space, bad, PursuitConfig::default_flood()), SettingsError);
    bad = {};
    bad.reasoning.search_time = -1.0;
    EXPECT_THROW(Pursuer(space, bad, PursuitConfig::default_flood()), SettingsError);
    chase::FloodSettings flood;
    flood.hot = 0;
    EXPECT_THROW(Pursuer(space, {}, flood), SettingsError);
    Pursuer pursuer(space, {}, PursuitConfig::default_flood());
    PursuerInput in;
    in.dt = -1.0;
    EXPECT_THROW(pursuer.update(in), SettingsError);
    in.dt = 0.0;
    in.player_position.x = std::numeric_limits<double>::quiet_NaN();
    EXPECT_THROW(pursuer.update(in), SettingsError);
    EXPECT_THROW(pursuer.stimulus({0.5, 0.5, 0.0}), SettingsError);  // a wall
    EXPECT_THROW(pursuer.stimulus({17.5, 20.5, 0.0}, -1.0), SettingsError);
}

// The registry describes every field with PursuitSettings's defaults and ranges.
TEST(Pursuer, SettingsComeFromTheRegistry) {
    const SettingsDescription& d = describe_settings(std::type_identity<PursuerSettings>{});
    EXPECT_EQ(d.name, "PursuerSettings");
    const std::vector<NamedField> fields = list_fields(d);
    ASSERT_EQ(fields.size(), 8u);
    // The reasoning's part first (as the C struct kinema_pursuer_settings), then the flood's slicing.
    EXPECT_EQ(fields[0].name, "strategy");
    EXPECT_EQ(fields[6].name, "spread");
    EXPECT_EQ(fields[7].name, "flood_steps_per_tick");
    const PursuerSettings p = pursuer_settings(PursuitSettings{});
    EXPECT_EQ(p.reasoning.view_range, PursuerSettings{}.reasoning.view_range);
    EXPECT_EQ(p.reasoning.search_time, PursuerSettings{}.reasoning.search_time);
    EXPECT_EQ(p.reasoning.player_speed, PursuerSettings{}.reasoning.player_speed);
    EXPECT_EQ(p.flood_steps_per_tick, 0);
}

// PursuitSettings lists and checks its fields in the order --help, JSON and batch part files have always
// shown, its own and the reasoning's interleaved, and the slice carries every reasoning field.
TEST(Pursuer, PursuitSettingsKeepTheirOrder) {
    std::string names;
    for (const NamedField& f : list_fields(describe_settings(std::type_identity<PursuitSettings>{}))) {
        names += f.name + " ";
    }
    EXPECT_EQ(names,
              "hz max_time view_range view_angle contact_range search_time player_speed model_scale "
              "spread rest_speed strategy ");
    PursuitSettings s;
    s.rest_speed = -1.0;
    s.spread = 2.0;
    s.hz = 0.0;
    const FieldErrors errors = s.validate();
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_EQ(errors[0].field, "hz");
    EXPECT_EQ(errors[1].field, "spread");
    EXPECT_EQ(errors[2].field, "rest_speed");
    s = PursuitSettings{};
    s.strategy = Strategy::breadcrumbs;
    s.view_angle = 90.0;
    s.contact_range = 2.0;
    s.spread = 0.25;
    const PursuerSettings p = pursuer_settings(s);
    EXPECT_EQ(p.reasoning.strategy, Strategy::breadcrumbs);
    EXPECT_EQ(p.reasoning.view_angle, 90.0);
    EXPECT_EQ(p.reasoning.contact_range, 2.0);
    EXPECT_EQ(p.reasoning.spread, 0.25);
}

}  // namespace
}  // namespace kinema::pursuit
