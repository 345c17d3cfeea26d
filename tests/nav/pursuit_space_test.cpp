// The pursuit simulation on 3D levels through nav::NavPursuitSpace: on our corner-and-ramp level
// (data/levels/corner_ramp.obj) and on a real mesh (../shared/data), every NPC frame is its model's exact
// step with the recorded input, stays on the navmesh (in plan and in height), moves along a clear navmesh
// line and stops within the documented distance of each goal; the flood follows the player round the corner
// and up the ramp where dead reckoning runs into the end wall and searches; the chase events carry exactly
// chase::chase_json of the same 3D chase; a route through a wall is named by its segment.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

#include "kinema/chase/json.hpp"
#include "kinema/levels/obj.hpp"
#include "kinema/nav/chase.hpp"
#include "kinema/nav/pursuit_space.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/report/pursuit_json.hpp"
#include "nav_test_meshes.hpp"
#include "pursuit_levels.hpp"

namespace kinema::nav {
namespace {

using pursuit::EventKind;
using pursuit::PursuitConfig;
using pursuit::PursuitResult;
using pursuit::PursuitScenario;
using pursuit::Strategy;

// A level with its finder and pursuit space (views: kept together).
struct World {
    explicit World(const std::string& path)
        : level(Level::build(levels::load_obj(path), NavSettings{})), finder(level), space(level, finder) {}
    Level level;
    PathFinder finder;
    NavPursuitSpace space;
};

std::string ramp_path() {
    return std::string(KINEMA_DATA_DIR) + "/levels/corner_ramp.obj";
}

using test::ramp_config;
using test::ramp_scenario;

const pursuit::PursuitEvent* find_event(const PursuitResult& r, EventKind kind) {
    for (const pursuit::PursuitEvent& e : r.events) {
        if (e.kind == kind) {
            return &e;
        }
    }
    return nullptr;
}

Vec3 npc_world(const pursuit::PursuitFrame& f) {
    return {f.npc.x, f.npc_height, f.npc.y};
}

// docs/pursuit.md "Arrival" and NavPursuitSpace::kPlanTolerance.
constexpr double kArrive = 0.25;

void expect_physical(World& w, const PursuitConfig& config, const PursuitResult& r) {
    const double dt = 1.0 / config.settings.hz;
    const double scale = config.settings.model_scale;
    const auto* unreal = std::get_if<movement::UnrealSettings>(&config.model);
    const double max_speed = unreal ? unreal->max_walk_speed : std::numeric_limits<double>::infinity();
    ASSERT_FALSE(r.frames.empty());
    EXPECT_EQ(r.dimensions, 3);
    for (std::size_t k = 0; k < r.frames.size(); ++k) {
        const pursuit::PursuitFrame& f = r.frames[k];
        // On the navmesh: its nearest point is the NPC's plan position, at the NPC's height.
        const std::optional<Vec3> on = w.finder.snap(npc_world(f));
        ASSERT_TRUE(on.has_value()) << "frame " << k;
        EXPECT_LE(std::hypot(on->x - f.npc.x, on->z - f.npc.y), NavPursuitSpace::kPlanTolerance)
            << "frame " << k;
        EXPECT_NEAR(on->y, f.npc_height, 0.05) << "frame " << k;
        EXPECT_LE(length(f.model.velocity), max_speed * (1.0 + 1e-12)) << "frame " << k;
        EXPECT_EQ(f.npc, f.model.position / scale);
        if (k == 0) {
            continue;
        }
        const pursuit::PursuitFrame& prev = r.frames[k - 1];
        const movement::PlanarState expected = movement::step(config.model, prev.model, f.npc_input, dt);
        EXPECT_EQ(f.model.position, expected.position) << "frame " << k;
        EXPECT_EQ(f.model.velocity, expected.velocity) << "frame " << k;
        if (f.npc != prev.npc) {
            EXPECT_TRUE(w.space.clear_line(npc_world(prev), npc_world(f))) << "frame " << k;
        }
    }
    for (const pursuit::PursuitEvent& e : r.events) {
        if (e.kind == EventKind::arrived) {
            const auto k = static_cast<std::size_t>(std::llround(e.t * config.settings.hz));
            ASSERT_LT(k, r.frames.size());
            EXPECT_LE(length(r.frames[k].npc - e.position), kArrive) << "arrived at t=" << e.t;
            EXPECT_EQ(r.frames[k].npc_velocity, (Vec2{0.0, 0.0}));
        }
    }
}

TEST(NavPursuit, EveryStrategyStaysOnTheNavmeshAndStepsExactly) {
    World w(ramp_path());
    for (const Strategy s : pursuit::all_strategies) {
        SCOPED_TRACE(std::string(pursuit::to_string(s)));
        const PursuitConfig config = ramp_config(s);
        const PursuitResult r = pursuit::run_pursuit(w.space, ramp_scenario(), config);
        expect_physical(w, config, r);
        ASSERT_NE(find_event(r, EventKind::lost_sight), nullptr);
    }
}

// Figure 1 in 3D: lost on the way to the corner, the player turns and climbs the ramp.
TEST(NavPursuit, FloodFollowsRoundTheCornerWhereDeadReckoningSearches) {
    World w(ramp_path());
    const PursuitResult flood = pursuit::run_pursuit(w.space, ramp_scenario(), ramp_config(Strategy::flood));
    EXPECT_EQ(flood.outcome, pursuit::Outcome::reacquired);
    EXPECT_EQ(flood.reacquired_in, pursuit::NpcState::chase);
    const pursuit::PursuitEvent* chase = find_event(flood, EventKind::chase);
    ASSERT_NE(chase, nullptr);
    EXPECT_GT(chase->position.y, 4.0) << "the flood's destination is round the corner (south)";
    EXPECT_GT(chase->height, 1.0) << "and up the ramp";

    const PursuitResult dr =
        pursuit::run_pursuit(w.space, ramp_scenario(), ramp_config(Strategy::dead_reckoning));
    const pursuit::PursuitEvent* dr_chase = find_event(dr, EventKind::chase);
    ASSERT_NE(dr_chase, nullptr);
    // Straight on east to the end of the corridor: x 20 less the agent's 0.6 m radius, z unchanged.
    EXPECT_NEAR(dr_chase->position.x, 19.4, 0.25);
    EXPECT_EQ(dr_chase->position.y, 2.0);
    ASSERT_NE(find_event(dr, EventKind::search), nullptr) << "dead reckoning did not re-acquire in the chase";
    // A straight approach at full speed stops within half a frame's travel (600 cm/s / 60 Hz / 2 = 0.05).
    const pursuit::PursuitEvent* arrived = find_event(dr, EventKind::arrived);
    ASSERT_NE(arrived, nullptr);
    const auto k = static_cast<std::size_t>(std::llround(arrived->t * 60.0));
    EXPECT_LE(length(dr.frames[k].npc - arrived->position), 0.05);
}

TEST(NavPursuit, ChaseEventsCarryTheChaseJson) {
    World w(ramp_path());
    const PursuitConfig config = ramp_config(Strategy::flood);
    const PursuitResult r = pursuit::run_pursuit(w.space, ramp_scenario(), config);
    const pursuit::PursuitEvent* lost = find_event(r, EventKind::lost_sight);
    const pursuit::PursuitEvent* chase_event = find_event(r, EventKind::chase);
    ASSERT_NE(lost, nullptr);
    ASSERT_NE(chase_event, nullptr);
    chase::ChaseQuery q;
    q.position = {lost->position.x, lost->height, lost->position.y};
    q.direction = {lost->direction.x, 0.0, lost->direction.y};
    PathFinder finder(w.level);
    const LevelChaseSpace space(w.level, finder);
    chase::Flood flood(config.flood);
    const chase::ChaseResult expected = chase::run_chase(space, flood, q);
    EXPECT_EQ(report::chase_event_json(space, config, *chase_event),
              chase::chase_json(space, flood, expected, config.map));
    // The destination is the flood's, as the chase reports it.
    EXPECT_EQ(chase_event->position, (Vec2{expected.flood.destination.x, expected.flood.destination.z}));
    EXPECT_EQ(chase_event->height, expected.flood.destination.y);
}

TEST(NavPursuit, ScenarioChecksNameTheSegment) {
    World w(ramp_path());
    PursuitScenario s = ramp_scenario();
    EXPECT_TRUE(s.validate(w.space).empty());
    // From the lower corridor's west end straight to the upper corridor: off the navmesh beside the ramp.
    s.route = {{2.0, 2.0}, {17.0, 20.0}};
    s.route_heights = {0.0, 3.0};
    const FieldErrors errors = s.validate(w.space);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_EQ(errors[0].field, "route");
    EXPECT_EQ(errors[0].message, "segment 1 (2,0,2)-(17,3,20) is blocked (the navmesh raycast hits a wall)");
    s = ramp_scenario();
    s.npc = {10.0, 20.0};  // beside the ramp
    const FieldErrors npc_errors = s.validate(w.space);
    ASSERT_EQ(npc_errors.size(), 1u);
    EXPECT_EQ(npc_errors[0].field, "npc");
    EXPECT_EQ(npc_errors[0].message, "(10,0,20) is not on walkable space");
}

TEST(NavPursuit, DeterministicOnOneSpaceAndAnother) {
    World a(ramp_path());
    World b(ramp_path());
    for (const Strategy s : {Strategy::flood_paced, Strategy::breadcrumbs}) {
        const PursuitResult ra = pursuit::run_pursuit(a.space, ramp_scenario(), ramp_config(s));
        const PursuitResult rb = pursuit::run_pursuit(b.space, ramp_scenario(), ramp_config(s));
        ASSERT_EQ(ra.frames.size(), rb.frames.size());
        for (std::size_t k = 0; k < ra.frames.size(); ++k) {
            EXPECT_EQ(ra.frames[k].model.position, rb.frames[k].model.position);
            EXPECT_EQ(ra.frames[k].npc_height, rb.frames[k].npc_height);
        }
    }
}

// Stacked floors (the bridge level of tests/support/nav_test_meshes.hpp: a bridge 4.5 m over the ground
// corridor): heights pick the floor, a walk stays on its floor, and a line from the corridor does not reach
// the bridge above it (the height check of clear_line).
TEST(NavPursuit, StackedFloorsKeepTheirHeights) {
    const Level level = Level::build(nav_test::bridge_level().mesh(), NavSettings{});
    PathFinder finder(level);
    NavPursuitSpace space(level, finder);
    // A Y-up level: the plane (x, z), the height y, positions [x, y, z].
    EXPECT_EQ(space.frame(), kinema::PlanarFrame::xz);
    EXPECT_EQ(space.dimensions(), 3);
    // Recast lays the navmesh up to one 0.2 m voxel above the floor.
    const Vec3 ground = space.place({15.0, 0.0, 1.0});
    const Vec3 bridge = space.place({15.0, nav_test::kUpper, 5.0});
    EXPECT_NEAR(ground.y, 0.0, 0.25);
    EXPECT_NEAR(bridge.y, nav_test::kUpper, 0.25);
    EXPECT_TRUE(space.walkable(ground));
    EXPECT_TRUE(space.walkable(bridge));
    // On the ground corridor, straight under the bridge: clear, and the height stays the ground's.
    const Vec3 under = space.place({15.0, 0.0, 5.0});
    EXPECT_TRUE(space.clear_line(ground, under));
    EXPECT_NEAR(space.surface_height(ground, {15.0, 5.0}), ground.y, 1e-3);
    // The same plan line ending on the bridge 4.5 m up: not reached from the ground.
    EXPECT_FALSE(space.clear_line(ground, bridge));
    // Along the bridge from its north end, over the corridor: the bridge's height.
    const Vec3 north = space.place({15.0, nav_test::kUpper, -5.0});
    EXPECT_NEAR(space.surface_height(north, {15.0, 3.0}), bridge.y, 0.05);
}

// A real mesh (the Recast demo's dungeon, ../shared/data/meshes): the player runs up the west staircase into
// the main hall; the NPC starts below on the stairs.
TEST(NavPursuit, SharedDungeonMesh) {
    const std::filesystem::path mesh =
        std::filesystem::path(KINEMA_SHARED_DATA_DIR) / "meshes" / "dungeon.obj";
    if (!std::filesystem::exists(mesh)) {
        GTEST_SKIP() << "../shared/data is absent (" << mesh
                     << " not found): the pursuit on a real mesh is not tested";
    }
    World w(mesh.string());
    PursuitScenario s;
    s.route = {{-19.39, -2.67}, {-19.39, -19.0}, {-7.875, -19.875}, {1.98, -8.44}, {5.0, -6.4}};
    s.route_heights = {3.8, 8.2, 10.2, 10.2, 10.2};
    s.npc = {-19.39, 0.5};
    s.npc_height = 2.7;
    ASSERT_TRUE(s.validate(w.space).empty());
    for (const Strategy st : pursuit::all_strategies) {
        SCOPED_TRACE(std::string(pursuit::to_string(st)));
        PursuitConfig config;
        config.settings.strategy = st;
        config.settings.view_range = 8.0;
        config.settings.player_speed = 8.0;
        config.map = "dungeon.obj";
        const PursuitResult r = pursuit::run_pursuit(w.space, s, config);
        expect_physical(w, config, r);
        const pursuit::PursuitEvent* lost = find_event(r, EventKind::lost_sight);
        ASSERT_NE(lost, nullptr);
        // Lost halfway up the stairs: the player is several metres above the NPC's start.
        const double lost_height = lost->height;
        EXPECT_GT(lost_height, 6.0);
    }
}

}  // namespace
}  // namespace kinema::nav
