// The intercept strategy (docs/pursuit.md "Intercept") through the runtime pursuer: its destination derived
// by hand from the chase chapter's flood rules on a one-tile corridor and on corridor_into_room, straight on
// where dead reckoning's line is long enough, determinism, and the registry of its constants. Its search's
// start: tests/pursuit/search_seed_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "kinema/chase/dead_reckoning.hpp"
#include "kinema/core/settings_registry.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "pursuit_levels.hpp"

namespace kinema::pursuit {
namespace {

using Level = test::PursuitLevel;

// A corridor one tile wide: floor columns 1..30 of row 1 (cell centres x = 1.5 .. 30.5, y = 1.5).
constexpr const char* kCorridor =
    "################################\n"
    "#..............................#\n"
    "################################\n";

PursuerSettings intercept_settings(double straight_cells) {
    PursuerSettings s;
    s.reasoning.strategy = Strategy::intercept;
    s.intercept.intercept_straight_cells = straight_cells;
    return s;
}

// The goal of the chase a pursuer starts when it loses a player last seen at `seen` running along
// `velocity`, from an NPC standing at `npc`: two updates (seen, lost).
struct Lost {
    Vec3 goal;
    const chase::Flood* flood = nullptr;
};
Lost lose_player(Pursuer& pursuer, Vec2 npc, Vec2 seen, Vec2 velocity) {
    PursuerInput in;
    in.dt = 1.0 / 60.0;
    in.npc_position = {npc.x, npc.y, 0.0};
    in.npc_facing = {1.0, 0.0, 0.0};
    in.sees_player = true;
    in.player_position = {seen.x, seen.y, 0.0};
    in.player_velocity = {velocity.x, velocity.y, 0.0};
    (void)pursuer.update(in);
    in.sees_player = false;
    const PursuerOutput& out = pursuer.update(in);
    EXPECT_EQ(out.state, NpcState::chase);
    return {out.goal, &pursuer.single_shot_flood()};
}

Vec3 corridor_goal(double straight_cells) {
    const Level lv(levels::parse_ascii_level(kCorridor));
    ChasePursuitSpace space(lv.space);
    Pursuer pursuer(space, intercept_settings(straight_cells), PursuitConfig::default_flood());
    return lose_player(pursuer, {1.5, 1.5}, {3.5, 1.5}, {9.0, 0.0}).goal;
}

// Seeded at column 3 running east, the flood (H = 20) heats one cell a step until the corridor's end: 27
// steps, column 30 at 20, column 30 - j at 20 - j, warm for j < 20 (columns 11..30, centres 11.5..30.5;
// with m = 20 - j the centre is 10.5 + m, m = 1..20). The chapter's centroid: sum m (10.5 + m) / sum m =
// (10.5 x 210 + 2870) / 210 = 24.1667 -> centre 24.5. Dead reckoning's line runs from 3.5 to the wall's
// cell 30.5: 27 cells, so the NPC runs straight on with intercept_straight_cells up to 27, to the flood's
// destination above (or with 0, never).
TEST(Intercept, CorridorDestinationsByHand) {
    EXPECT_EQ(corridor_goal(12.0), (Vec3{30.5, 1.5, 0.0}));
    EXPECT_EQ(corridor_goal(27.0), (Vec3{30.5, 1.5, 0.0}));
    EXPECT_EQ(corridor_goal(27.5), (Vec3{24.5, 1.5, 0.0}));
    EXPECT_EQ(corridor_goal(0.0), (Vec3{24.5, 1.5, 0.0}));
}

// corridor_into_room (Figure 6, left): the flood from the corridor stops as too_many_heated soon after the
// room; dead reckoning's line crosses the room to its east wall (column 39): 30 cells from (8.5, 12.5).
TEST(Intercept, OpenGroundRunsStraightOn) {
    const Level lv("corridor_into_room");
    ChasePursuitSpace space(lv.space);
    Pursuer flood_only(space, intercept_settings(30.5), PursuitConfig::default_flood());
    const Lost lost = lose_player(flood_only, {2.5, 12.5}, {8.5, 12.5}, {9.0, 0.0});
    const chase::FloodResult r = lost.flood->result();
    ASSERT_EQ(r.stop_reason, chase::StopReason::too_many_heated);
    EXPECT_EQ(lost.goal, r.destination);

    for (const double cells : {12.0, 30.0}) {
        Pursuer straight(space, intercept_settings(cells), PursuitConfig::default_flood());
        const Vec3 goal = lose_player(straight, {2.5, 12.5}, {8.5, 12.5}, {9.0, 0.0}).goal;
        const double distance = chase::default_dead_reckoning_distance(40, 1.0);
        EXPECT_EQ(goal, lv.space.dead_reckoning({8.5, 12.5, 0.0}, {1.0, 0.0, 0.0}, distance).position);
        EXPECT_EQ(goal, (Vec3{38.5, 12.5, 0.0}));
    }
}

// The same pursuit twice gives the same result; the constants are registered with their ranges.
TEST(Intercept, DeterministicAndRegistered) {
    const Level lv("corner");
    PursuitConfig config = test::corner_config(Strategy::intercept);
    config.intercept = {8.0, 2.0};
    const PursuitResult a = run_pursuit(lv.space, test::corner_scenario(), config);
    const PursuitResult b = run_pursuit(lv.space, test::corner_scenario(), config);
    ASSERT_EQ(a.frames.size(), b.frames.size());
    for (std::size_t k = 0; k < a.frames.size(); ++k) {
        ASSERT_EQ(a.frames[k].npc, b.frames[k].npc);
    }
    EXPECT_EQ(a.outcome, b.outcome);
    EXPECT_EQ(parse_strategy("intercept"), Strategy::intercept);
    EXPECT_EQ(to_string(Strategy::intercept), "intercept");
    EXPECT_TRUE(InterceptSettings{}.validate().empty());
    EXPECT_EQ(InterceptSettings{}.intercept_straight_cells, 12.0);
    EXPECT_EQ(InterceptSettings{}.intercept_search_heat, 0.1);
    const InterceptSettings bad{-1.0, -2.0};
    EXPECT_EQ(bad.validate().size(), 2u);
    config.intercept = bad;
    EXPECT_EQ(config.validate().size(), 2u);
    const SettingsDescription& d = settings_description<InterceptSettings>();
    for (const char* name : {"intercept_straight_cells", "intercept_search_heat"}) {
        EXPECT_NE(find_field(d, name), nullptr) << name;
    }
}

}  // namespace
}  // namespace kinema::pursuit
