// The C ABI's pursuer team against the C++ library: a C team ticked through the equal T junction, the
// warehouse loop (with noises) and the 3D ramp with the frames of the C++ `run_pursuit` team run (the
// simulated player's and NPCs', as `kinema pursue --npc ... --team MODE` runs it) takes the run's decisions
// -- every NPC's state every frame, every event -- and every output and event equals the C++ PursuerTeam's
// ticked with the same inputs, for 2 and 3 NPCs in each mode; bad arguments are refused naming them, never a
// crash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "kinema/kinema.h"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/space.hpp"
#include "kinema/pursuit/team.hpp"
#include "pursuit_levels.hpp"
#include "pursuit_replay.hpp"

#if KINEMA_TEST_HAVE_NAV
#include "kinema/nav/level_files.hpp"
#include "kinema/nav/pursuit_space.hpp"
#endif

namespace {

namespace pu = kinema::pursuit;
using kinema::Vec2;
using kinema::Vec3;
using kinema::c_test::c_vec;

std::string last_error() {
    return kinema_last_error();
}

// The game's side of NPC i: its facing, and its agent's arrival as `kinema pursue`'s navigator reports it
// (src/pursuit/navigator.cpp: stopped within 0.25 level units of its goal, until it is given another goal).
struct ReplayedNpc {
    Vec2 facing;
    Vec3 goal;
    bool arrived = false;
};

constexpr double kArriveDistance = 0.25;

void expect_same_output(const kinema_pursuer_output& c, const pu::PursuerOutput& cpp) {
    EXPECT_EQ(c.state, static_cast<int>(cpp.state));
    EXPECT_EQ(c.goal_changed, cpp.goal_changed);
    EXPECT_EQ(c.goal_in_sight, cpp.goal_in_sight);
    EXPECT_EQ(c.events, cpp.events);
    EXPECT_EQ(c.goal.x, cpp.goal.x);
    EXPECT_EQ(c.goal.y, cpp.goal.y);
    EXPECT_EQ(c.goal.z, cpp.goal.z);
    EXPECT_EQ(c.time, cpp.time);
}

void expect_same_event(const kinema_pursuer_event& c, const pu::PursuitEvent& e, kinema::PlanarFrame frame) {
    const Vec3 position = frame.world(e.position, e.height);
    const Vec3 direction = frame.world(e.direction, 0.0);
    EXPECT_EQ(c.kind, static_cast<int>(e.kind));
    EXPECT_EQ(c.accepted, e.accepted);
    EXPECT_EQ(c.t, e.t);
    EXPECT_EQ(c.position.x, position.x);
    EXPECT_EQ(c.position.y, position.y);
    EXPECT_EQ(c.position.z, position.z);
    EXPECT_EQ(c.direction.x, direction.x);
    EXPECT_EQ(c.direction.y, direction.y);
    EXPECT_EQ(c.direction.z, direction.z);
}

// A C team and a C++ PursuerTeam on the same level, ticked with the same inputs call by call.
class TeamReplay {
  public:
    TeamReplay(const std::string& path, pu::PursuitSpace& cpp_space, int npcs, pu::TeamMode mode,
               const pu::PursuitConfig& config)
        : frame_(cpp_space.frame()),
          cpp_(cpp_space, npcs, mode, pu::pursuer_settings(config.settings), config.flood),
          outputs_(static_cast<std::size_t>(npcs)),
          npcs_(static_cast<std::size_t>(npcs)) {
        EXPECT_EQ(kinema_space_load(path.c_str(), &space_), KINEMA_OK) << last_error();
        kinema_pursuer_settings s = kinema_pursuer_settings_default();
        s.strategy = static_cast<int>(config.settings.strategy);
        s.view_range = config.settings.view_range;
        s.player_speed = config.settings.player_speed;
        s.search_time = config.settings.search_time;
        s.flood.max_restarts = config.flood.max_restarts;
        EXPECT_EQ(kinema_pursuer_team_create(space_, &s, npcs, static_cast<int>(mode), &team_), KINEMA_OK)
            << last_error();
    }
    ~TeamReplay() {
        kinema_pursuer_team_destroy(team_);
        kinema_space_destroy(space_);
    }
    TeamReplay(const TeamReplay&) = delete;
    TeamReplay& operator=(const TeamReplay&) = delete;

    ReplayedNpc& npc(std::size_t i) { return npcs_[i]; }
    const kinema_pursuer_output& output(std::size_t i) const { return outputs_[i]; }
    const std::vector<std::pair<int, kinema_pursuer_event>>& events() const { return events_; }

    void update(const std::vector<kinema_pursuer_input>& in) {
        ASSERT_EQ(kinema_pursuer_team_update(team_, in.data(), static_cast<int>(in.size()), outputs_.data()),
                  KINEMA_OK)
            << last_error();
        std::vector<pu::PursuerInput> cpp_in(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            const kinema_pursuer_input& c = in[i];
            cpp_in[i] = {c.dt,
                         {c.npc_position.x, c.npc_position.y, c.npc_position.z},
                         {c.npc_facing.x, c.npc_facing.y, c.npc_facing.z},
                         c.sees_player,
                         {c.player_position.x, c.player_position.y, c.player_position.z},
                         {c.player_velocity.x, c.player_velocity.y, c.player_velocity.z},
                         c.arrived};
        }
        cpp_.update(cpp_in);
        compare_and_steer();
    }

    void stimulus(Vec3 position, double delay) {
        ASSERT_EQ(kinema_pursuer_team_stimulus(team_, c_vec(position), delay, outputs_.data()), KINEMA_OK)
            << last_error();
        cpp_.stimulus(position, delay);
        compare_and_steer();
    }

  private:
    // Every NPC's output and events against the C++ team's; then each agent heads for its goal (a new goal
    // is not yet reached).
    void compare_and_steer() {
        for (std::size_t i = 0; i < npcs_.size(); ++i) {
            SCOPED_TRACE("NPC " + std::to_string(i));
            const pu::Pursuer& cpp = cpp_.npc(static_cast<int>(i));
            expect_same_output(outputs_[i], cpp.output());
            kinema_pursuer_event recorded[8];
            int count = 0;
            ASSERT_EQ(kinema_pursuer_team_events(team_, static_cast<int>(i), recorded, 8, &count), KINEMA_OK)
                << last_error();
            ASSERT_EQ(static_cast<std::size_t>(count), cpp.events().size());
            for (int e = 0; e < count; ++e) {
                expect_same_event(recorded[e], cpp.events()[static_cast<std::size_t>(e)], frame_);
                events_.emplace_back(static_cast<int>(i), recorded[e]);
            }
            const Vec3 goal{outputs_[i].goal.x, outputs_[i].goal.y, outputs_[i].goal.z};
            if (goal != npcs_[i].goal) {
                npcs_[i].goal = goal;
                npcs_[i].arrived = false;
            }
        }
    }

    kinema::PlanarFrame frame_;
    kinema_space* space_ = nullptr;
    kinema_pursuer_team* team_ = nullptr;
    pu::PursuerTeam cpp_;
    std::vector<kinema_pursuer_output> outputs_;
    std::vector<ReplayedNpc> npcs_;
    std::vector<std::pair<int, kinema_pursuer_event>> events_;
};

// NPC i's report in frame k of the run: where it is, where it faces (its velocity while it moves), its own
// sight, the player, and whether its agent had arrived before this step (stopped near its goal in frame k-1).
kinema_pursuer_input input_of(const pu::PursuitResult& run, const pu::PursuitScenario& sc,
                              const pu::PursuitConfig& config, std::size_t k, std::size_t i, ReplayedNpc& npc,
                              double dt) {
    const auto n = static_cast<std::size_t>(run.npcs);
    const pu::NpcFrame& f = run.team_frames[k * n + i];
    const kinema::PlanarFrame frame = kinema::PlanarFrame::of_dimensions(run.dimensions);
    if (k > 0) {
        const pu::NpcFrame& before = run.team_frames[(k - 1) * n + i];
        npc.arrived = npc.arrived || (before.velocity == Vec2{} &&
                                      length(before.position - frame.flat(npc.goal)) <= kArriveDistance);
    }
    if (length(f.velocity) > 0.0) {
        npc.facing = normalized_or_zero(f.velocity);
    }
    const pu::PursuitFrame& pf = run.frames[k];
    kinema_pursuer_input in{};
    in.dt = dt;
    in.npc_position = c_vec(frame.world(f.position, f.height));
    in.npc_facing = c_vec(frame.world(npc.facing, 0.0));
    in.sees_player = f.sees_player;
    in.player_position = c_vec(frame.world(pf.player, pf.player_height));
    in.player_velocity =
        c_vec(frame.world(kinema::c_test::route_segment(sc, config.settings.player_speed, pf.t), 0.0));
    in.arrived = npc.arrived;
    return in;
}

// Ticks a C team and a C++ team with the frames of the C++ run of `sc` on level file `path` (`cpp_space`, the
// same level), the run's stimuli at their frames: every call's outputs and events agree between the two, and
// every NPC's state every frame and every event is the run's.
void expect_c_team_takes_the_runs_decisions(const std::string& path, pu::PursuitSpace& cpp_space,
                                            const pu::PursuitScenario& sc, const pu::PursuitConfig& config) {
    const pu::PursuitResult run = pu::run_pursuit(cpp_space, sc, config);
    const int npcs = sc.npcs();
    ASSERT_EQ(run.team_frames.size(), run.frames.size() * static_cast<std::size_t>(npcs));
    const kinema::PlanarFrame frame = cpp_space.frame();
    TeamReplay replay(path, cpp_space, npcs, sc.team, config);
    for (int i = 0; i < npcs; ++i) {
        const pu::NpcStart start = sc.npc_start(i);
        const Vec2 toward = start.direction ? *start.direction : sc.route.front() - start.position;
        replay.npc(static_cast<std::size_t>(i)).facing = normalized_or_zero(toward);
    }
    std::vector<kinema_pursuer_input> in(static_cast<std::size_t>(npcs));
    std::size_t next_stimulus = 0;
    double clock = 0.0;
    for (std::size_t k = 0; k < run.frames.size(); ++k) {
        SCOPED_TRACE("frame " + std::to_string(k));
        const double t = run.frames[k].t;
        while (k > 0 && next_stimulus < sc.stimuli.size() && sc.stimuli[next_stimulus].time <= t) {
            const pu::Stimulus& st = sc.stimuli[next_stimulus++];
            ASSERT_NO_FATAL_FAILURE(replay.stimulus(frame.world(st.position, st.height), t - clock));
        }
        for (std::size_t i = 0; i < in.size(); ++i) {
            in[i] = input_of(run, sc, config, k, i, replay.npc(i), t - clock);
        }
        ASSERT_NO_FATAL_FAILURE(replay.update(in));
        clock = replay.output(0).time;
        for (std::size_t i = 0; i < in.size(); ++i) {
            ASSERT_EQ(replay.output(i).state,
                      static_cast<int>(run.team_frames[k * static_cast<std::size_t>(npcs) + i].state))
                << "NPC " << i;
        }
    }
    ASSERT_EQ(replay.events().size(), run.events.size());
    for (std::size_t e = 0; e < run.events.size(); ++e) {
        SCOPED_TRACE("event " + std::to_string(e));
        EXPECT_EQ(replay.events()[e].first, run.events[e].npc);
        expect_same_event(replay.events()[e].second, run.events[e], frame);
    }
}

// The same on one of kinema's grid levels (data/levels/NAME.txt), for 2 and 3 NPCs in every mode: the
// scenario's first `npcs` - 1 teammates.
void expect_teams_take_the_runs_decisions(const std::string& level, pu::PursuitScenario sc,
                                          const pu::PursuitConfig& config) {
    const kinema::test::PursuitLevel lv(level);
    const std::vector<pu::NpcStart> mates = sc.teammates;
    for (const std::size_t npcs : {2U, 3U}) {
        sc.teammates.assign(mates.begin(), mates.begin() + static_cast<std::ptrdiff_t>(npcs - 1));
        for (const pu::TeamMode mode :
             {pu::TeamMode::independent, pu::TeamMode::shared, pu::TeamMode::split}) {
            SCOPED_TRACE(std::to_string(npcs) + " NPCs, " + std::string(pu::to_string(mode)));
            sc.team = mode;
            pu::ChasePursuitSpace space(lv.space);
            expect_c_team_takes_the_runs_decisions(std::string(KINEMA_DATA_DIR) + "/levels/" + level + ".txt",
                                                   space, sc, config);
        }
    }
}

// The equal T junction (Couvidou's Figure 5, left): the player runs up the stem and west; two or three NPCs
// follow up the stem and lose them at the junction.
TEST(CAbiTeam, TickedThroughTheJunctionItTakesTheRunsDecisions) {
    pu::PursuitScenario sc;
    sc.route = {{16.5, 6.5}, {16.5, 2.5}, {1.5, 2.5}};
    sc.npc = {16.5, 9.5};
    sc.teammates = {pu::NpcStart{{16.5, 8.5}, std::nullopt, 0.0},
                    pu::NpcStart{{16.5, 7.5}, std::nullopt, 0.0}};
    expect_teams_take_the_runs_decisions("t_junction_equal", sc,
                                         kinema::test::config_for(pu::Strategy::flood, "t_junction_equal"));
}

// The warehouse loop: the player runs round the loop past the NPCs' start; then with noises at 1, 3 and 8 s
// (the flood's runs accept some and restart chases there; the paced flood's refuse them).
TEST(CAbiTeam, TickedThroughTheWarehouseLoopItTakesTheRunsDecisions) {
    pu::PursuitScenario sc;
    sc.route = {{5.5, 4.5}, {9.5, 2.5}, {27.5, 2.5}, {27.5, 7.5}, {12.5, 7.5}};
    sc.npc = {2.5, 4.5};
    sc.teammates = {pu::NpcStart{{2.5, 5.5}, std::nullopt, 0.0}, pu::NpcStart{{3.5, 6.5}, std::nullopt, 0.0}};
    pu::PursuitConfig config = kinema::test::config_for(pu::Strategy::flood, "warehouse_loop");
    config.settings.max_time = 40.0;
    config.settings.search_time = 20.0;
    expect_teams_take_the_runs_decisions("warehouse_loop", sc, config);
    sc.stimuli = {{1.0, {27.5, 7.5}}, {3.0, {27.5, 7.5}}, {8.0, {12.5, 7.5}}};
    expect_teams_take_the_runs_decisions("warehouse_loop", sc, config);
    config.settings.strategy = pu::Strategy::flood_paced;
    expect_teams_take_the_runs_decisions("warehouse_loop", sc, config);
}

#if KINEMA_TEST_HAVE_NAV
// A 3D level (data/levels/corner_ramp.obj, metres, y up): the player lost on the way to the corner runs up
// the ramp; a C team of three on the loaded mesh takes the C++ team run's decisions, heights included.
TEST(CAbiTeam, TickedThroughTheRampItTakesTheRunsDecisions) {
    const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
    const kinema::nav::Level level = kinema::nav::load_mesh_level(path, kinema::nav::NavSettings{});
    pu::PursuitScenario sc = kinema::test::ramp_scenario();
    sc.teammates = {pu::NpcStart{{2.5, 2.0}, std::nullopt, 0.0}, pu::NpcStart{{1.0, 3.0}, std::nullopt, 0.0}};
    for (const pu::TeamMode mode : {pu::TeamMode::independent, pu::TeamMode::shared, pu::TeamMode::split}) {
        SCOPED_TRACE(std::string(pu::to_string(mode)));
        sc.team = mode;
        kinema::nav::NavPursuitSpace space(level);
        expect_c_team_takes_the_runs_decisions(path, space, sc,
                                               kinema::test::ramp_config(pu::Strategy::flood));
    }
}
#endif

void expect_refused(kinema_status status, const char* field) {
    EXPECT_EQ(status, KINEMA_ERROR_ARGUMENT);
    EXPECT_NE(last_error().find(field), std::string::npos) << last_error();
}

// The warehouse loop as a C space, freed at the end of the test.
struct WarehouseSpace {
    kinema_space* space = nullptr;
    WarehouseSpace() {
        const std::string path = std::string(KINEMA_DATA_DIR) + "/levels/warehouse_loop.txt";
        EXPECT_EQ(kinema_space_load(path.c_str(), &space), KINEMA_OK) << last_error();
    }
    ~WarehouseSpace() { kinema_space_destroy(space); }
    WarehouseSpace(const WarehouseSpace&) = delete;
    WarehouseSpace& operator=(const WarehouseSpace&) = delete;
};

TEST(CAbiTeam, BadTeamsAreRefusedNamingTheArgument) {
    const WarehouseSpace level;
    kinema_space* space = level.space;
    const kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    kinema_pursuer_team* team = nullptr;
    expect_refused(kinema_pursuer_team_create(space, &settings, 0, KINEMA_TEAM_SPLIT, &team), "npcs");
    expect_refused(kinema_pursuer_team_create(space, &settings, 17, KINEMA_TEAM_SHARED, &team), "npcs");
    expect_refused(kinema_pursuer_team_create(space, &settings, 2, 3, &team), "mode");
    expect_refused(kinema_pursuer_team_create(space, &settings, 2, -1, &team), "mode");
    expect_refused(kinema_pursuer_team_create(nullptr, &settings, 2, KINEMA_TEAM_SPLIT, &team), "space");
    expect_refused(kinema_pursuer_team_create(space, nullptr, 2, KINEMA_TEAM_SPLIT, &team), "settings");
    expect_refused(kinema_pursuer_team_create(space, &settings, 2, KINEMA_TEAM_SPLIT, nullptr), "out");
    kinema_pursuer_settings bad = settings;
    bad.view_angle = 400.0;
    expect_refused(kinema_pursuer_team_create(space, &bad, 2, KINEMA_TEAM_SPLIT, &team), "view_angle");
    EXPECT_EQ(team, nullptr);
    ASSERT_EQ(kinema_pursuer_team_create(space, &settings, KINEMA_TEAM_MAX_NPCS, KINEMA_TEAM_SPLIT, &team),
              KINEMA_OK)
        << last_error();
    kinema_pursuer_team_destroy(team);
    kinema_pursuer_team_destroy(nullptr);
}

TEST(CAbiTeam, BadCallsAreErrorsNeverCrashes) {
    const WarehouseSpace level;
    const kinema_pursuer_settings settings = kinema_pursuer_settings_default();
    kinema_pursuer_team* team = nullptr;
    ASSERT_EQ(kinema_pursuer_team_create(level.space, &settings, 2, KINEMA_TEAM_SPLIT, &team), KINEMA_OK)
        << last_error();
    kinema_pursuer_input in[3] = {};
    for (kinema_pursuer_input& i : in) {
        i.npc_facing = {1.0, 0.0, 0.0};
        i.player_position = {5.5, 4.5, 0.0};
        i.sees_player = true;
    }
    in[0].npc_position = {2.5, 4.5, 0.0};
    in[1].npc_position = {2.5, 5.5, 0.0};
    kinema_pursuer_output out[3] = {};
    out[2].time = -7.0;  // not the team's: left as it was
    expect_refused(kinema_pursuer_team_update(team, in, 3, out), "count");
    expect_refused(kinema_pursuer_team_update(team, in, 1, out), "count");
    expect_refused(kinema_pursuer_team_update(team, in, -1, out), "count");
    expect_refused(kinema_pursuer_team_update(nullptr, in, 2, out), "team");
    expect_refused(kinema_pursuer_team_update(team, nullptr, 2, out), "inputs");
    expect_refused(kinema_pursuer_team_update(team, in, 2, nullptr), "outputs");
    in[1].dt = 0.5;
    expect_refused(kinema_pursuer_team_update(team, in, 2, out), "inputs");  // the dts differ
    in[1].dt = 0.0;
    in[1].npc_position.x = std::numeric_limits<double>::quiet_NaN();
    expect_refused(kinema_pursuer_team_update(team, in, 2, out), "npc_position");
    in[1].npc_position.x = 2.5;
    ASSERT_EQ(kinema_pursuer_team_update(team, in, 2, out), KINEMA_OK) << last_error();
    EXPECT_EQ(out[0].state, KINEMA_PURSUIT_ENGAGE);
    EXPECT_EQ(out[1].state, KINEMA_PURSUIT_ENGAGE);
    EXPECT_EQ(out[1].goal.x, 5.5);
    EXPECT_EQ(out[2].time, -7.0);

    expect_refused(kinema_pursuer_team_stimulus(team, {0.5, 0.5, 0.0}, 0.0, nullptr), "position");  // a wall
    expect_refused(kinema_pursuer_team_stimulus(team, {5.5, 4.5, 0.0}, std::nan(""), nullptr), "delay");
    expect_refused(kinema_pursuer_team_stimulus(nullptr, {5.5, 4.5, 0.0}, 0.0, nullptr), "team");
    int count = -1;
    expect_refused(kinema_pursuer_team_events(team, 2, nullptr, 0, &count), "npc");
    expect_refused(kinema_pursuer_team_events(team, -1, nullptr, 0, &count), "npc");
    expect_refused(kinema_pursuer_team_events(team, 0, nullptr, -1, &count), "capacity");
    expect_refused(kinema_pursuer_team_events(team, 0, nullptr, 1, &count), "events");
    expect_refused(kinema_pursuer_team_events(team, 0, nullptr, 0, nullptr), "count");
    expect_refused(kinema_pursuer_team_events(nullptr, 0, nullptr, 0, &count), "team");
    EXPECT_EQ(count, -1);
    EXPECT_EQ(kinema_pursuer_team_events(team, 1, nullptr, 0, &count), KINEMA_OK);  // measuring
    EXPECT_EQ(count, 0);
    expect_refused(kinema_pursuer_team_reset(nullptr), "team");
    EXPECT_EQ(kinema_pursuer_team_reset(team), KINEMA_OK);
    kinema_pursuer_team_destroy(team);
}

}  // namespace
