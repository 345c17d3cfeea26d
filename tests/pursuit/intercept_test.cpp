// The intercept strategy (docs/pursuit.md "Intercept"): its destination derived by hand from the chase
// chapter's flood rules on a one-tile corridor, its switch to dead reckoning on open ground, a side room
// against an independent weighting of the flood's values, determinism, and the registry of its constants.
#include <gtest/gtest.h>

#include <cmath>
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

// The same corridor with a room of 3 x 3 tiles north of columns 10..12.
constexpr const char* kSideRoom =
    "################################\n"
    "#########...####################\n"
    "#########...####################\n"
    "#########...####################\n"
    "#..............................#\n"
    "################################\n";

PursuerSettings intercept_settings(int open_steps, double heading, double front) {
    PursuerSettings s;
    s.reasoning.strategy = Strategy::intercept;
    s.intercept.intercept_open_steps = open_steps;
    s.intercept.intercept_heading_weight = heading;
    s.intercept.intercept_front_power = front;
    return s;
}

// The goal of the chase a pursuer starts when it loses a player last seen at `seen` running along
// `velocity`, from an NPC standing at `npc`: three updates (alerted, seen, lost).
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

Vec3 corridor_goal(double front) {
    const Level lv(levels::parse_ascii_level(kCorridor));
    ChasePursuitSpace space(lv.space);
    Pursuer pursuer(space, intercept_settings(0, 0.0, front), PursuitConfig::default_flood());
    return lose_player(pursuer, {1.5, 1.5}, {3.5, 1.5}, {9.0, 0.0}).goal;
}

// Seeded at column 3 running east, the flood (H = 20) heats one cell a step until the corridor's end: 27
// steps, column 30 at 20, column 30 - j at 20 - j, warm for j < 20 (columns 11..30, centres 11.5..30.5;
// with m = 20 - j the centre is 10.5 + m, m = 1..20).
//  - power 1 (the chapter): sum m (10.5 + m) / sum m = (10.5 x 210 + 2870) / 210 = 24.1667 -> centre 24.5;
//  - power 2: (10.5 x 2870 + 44100) / 2870 = 25.866 -> centre 25.5 (0.366 away, 26.5 is 0.634);
//  - power 0: the mean of 11.5 .. 30.5 = 21.0, halfway between 20.5 and 21.5 -> the lower id, 20.5.
TEST(Intercept, CorridorDestinationsByHand) {
    EXPECT_EQ(corridor_goal(1.0), (Vec3{24.5, 1.5, 0.0}));
    EXPECT_EQ(corridor_goal(2.0), (Vec3{25.5, 1.5, 0.0}));
    EXPECT_EQ(corridor_goal(0.0), (Vec3{20.5, 1.5, 0.0}));
}

// With the chapter's weights (power 1, no heading, never straight) intercept's destination is the flood's.
TEST(Intercept, ChapterWeightsGiveTheFloodsDestination) {
    const Level lv(levels::parse_ascii_level(kSideRoom));
    ChasePursuitSpace space(lv.space);
    Pursuer pursuer(space, intercept_settings(0, 0.0, 1.0), PursuitConfig::default_flood());
    const Lost lost = lose_player(pursuer, {5.5, 4.5}, {7.5, 4.5}, {9.0, 0.0});
    EXPECT_EQ(lost.goal, lost.flood->result().destination);
}

// The side room north of the corridor: the heading weight (the player was running east) lowers the room's
// cells, whose cos to the east is below 1, so the destination moves east along the corridor. The expected
// cell is computed here independently from the flood's per-cell values.
TEST(Intercept, HeadingWeightAgainstAnIndependentWeighting) {
    const Level lv(levels::parse_ascii_level(kSideRoom));
    for (const double heading : {0.0, 1.0, 4.0}) {
        ChasePursuitSpace space(lv.space);
        Pursuer pursuer(space, intercept_settings(0, heading, 1.0), PursuitConfig::default_flood());
        const Lost lost = lose_player(pursuer, {5.5, 4.5}, {7.5, 4.5}, {9.0, 0.0});
        const chase::CellSpace& cells = lv.space.cells();
        const Vec2 seed{7.5, 4.5};
        double wx = 0.0, wy = 0.0, total = 0.0;
        for (chase::CellId c = 0; c < cells.size(); ++c) {
            const int v = lost.flood->value(c);
            if (v <= 0) {
                continue;
            }
            const Vec2 p = cells.planar_position(c);
            const double dx = p.x - seed.x, dy = p.y - seed.y;
            const double len = std::hypot(dx, dy);
            const double w = v * (1.0 + heading * (len > 0.0 ? std::max(0.0, dx / len) : 0.0));
            wx += w * p.x;
            wy += w * p.y;
            total += w;
        }
        chase::CellId best = chase::no_cell;
        double best_d = INFINITY;
        for (chase::CellId c = 0; c < cells.size(); ++c) {
            if (lost.flood->value(c) < 0) {
                continue;  // never heated (untouched or barrier)
            }
            const Vec2 p = cells.planar_position(c);
            const double d = std::hypot(p.x - wx / total, p.y - wy / total);
            if (d < best_d) {
                best = c;
                best_d = d;
            }
        }
        SCOPED_TRACE("heading " + std::to_string(heading));
        EXPECT_EQ(lost.goal, cells.position(best));
        if (heading == 4.0) {
            EXPECT_EQ(lost.goal.y, 4.5);  // pulled out of the room, onto the corridor
        }
    }
}

// corridor_into_room (Figure 6, left): the flood from the corridor stops as too_many_heated soon after the
// room; with intercept_open_steps above its steps the NPC runs straight on, to dead reckoning's destination.
TEST(Intercept, OpenGroundRunsStraightOn) {
    const Level lv("corridor_into_room");
    ChasePursuitSpace space(lv.space);
    Pursuer flood_only(space, intercept_settings(0, 0.0, 1.0), PursuitConfig::default_flood());
    const Lost lost = lose_player(flood_only, {2.5, 12.5}, {8.5, 12.5}, {9.0, 0.0});
    const chase::FloodResult r = lost.flood->result();
    ASSERT_EQ(r.stop_reason, chase::StopReason::too_many_heated);
    EXPECT_EQ(lost.goal, r.destination);

    Pursuer straight(space, intercept_settings(r.steps + 1, 0.0, 1.0), PursuitConfig::default_flood());
    const Vec3 goal = lose_player(straight, {2.5, 12.5}, {8.5, 12.5}, {9.0, 0.0}).goal;
    const double distance = chase::default_dead_reckoning_distance(40, 1.0);
    EXPECT_EQ(goal, lv.space.dead_reckoning({8.5, 12.5, 0.0}, {1.0, 0.0, 0.0}, distance).position);
    EXPECT_EQ(goal, (Vec3{38.5, 12.5, 0.0}));  // the room's east wall is column 39

    Pursuer not_yet(space, intercept_settings(r.steps, 0.0, 1.0), PursuitConfig::default_flood());
    EXPECT_EQ(lose_player(not_yet, {2.5, 12.5}, {8.5, 12.5}, {9.0, 0.0}).goal, r.destination);
}

// The same pursuit twice gives the same result; the constants are registered with their ranges.
TEST(Intercept, DeterministicAndRegistered) {
    const Level lv("corner");
    PursuitConfig config = test::corner_config(Strategy::intercept);
    config.intercept = {8, 0.0, 2.0, 3.0};
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
    const InterceptSettings bad{-1, -1.0, -2.0, 17.0};
    EXPECT_EQ(bad.validate().size(), 4u);
    config.intercept = bad;
    EXPECT_EQ(config.validate().size(), 4u);
    const SettingsDescription& d = settings_description<InterceptSettings>();
    for (const char* name : {"intercept_open_steps", "intercept_straight_cells", "intercept_heading_weight",
                             "intercept_front_power"}) {
        EXPECT_NE(find_field(d, name), nullptr) << name;
    }
}

}  // namespace
}  // namespace kinema::pursuit
