// Teams of NPCs (kinema/pursuit/team.hpp, docs/pursuit.md "Teams"): a teammate out of the way leaves NPC 0's
// pursuit exactly as alone; shared sightings lose the player together and send every NPC to the flood's one
// destination; split mode sends each NPC to a region of `kinema chase --destinations`, assigned by least
// total path; searchers never share a target; NPCs never overlap and never leave the walkable space; bad
// teams are refused naming the field.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kinema/chase/query.hpp"
#include "kinema/chase/split.hpp"
#include "kinema/core/text.hpp"
#include "kinema/levels/ascii_level.hpp"
#include "kinema/pursuit/batch.hpp"
#include "kinema/pursuit/parse.hpp"
#include "kinema/pursuit/pursuer.hpp"
#include "kinema/pursuit/pursuit.hpp"
#include "kinema/pursuit/team.hpp"
#include "kinema/report/batch_report.hpp"
#include "pursuit_levels.hpp"
#include "small_batch.hpp"

namespace kinema::pursuit {
namespace {

using Level = test::PursuitLevel;

const NpcFrame& npc_at(const PursuitResult& r, std::size_t frame, std::size_t npc) {
    return r.team_frames.at(frame * static_cast<std::size_t>(r.npcs) + npc);
}

std::vector<PursuitEvent> events_of(const PursuitResult& r, int npc) {
    std::vector<PursuitEvent> out;
    std::copy_if(r.events.begin(), r.events.end(), std::back_inserter(out),
                 [&](const PursuitEvent& e) { return e.npc == npc; });
    return out;
}

// The equal T junction (Couvidou's Figure 5, left): the player runs up the stem and west; two NPCs follow
// up the stem and lose them at the junction.
PursuitScenario junction_team(TeamMode mode) {
    PursuitScenario s;
    s.route = {{16.5, 6.5}, {16.5, 2.5}, {1.5, 2.5}};
    s.npc = {16.5, 9.5};
    s.teammates = {NpcStart{{16.5, 8.5}, std::nullopt, 0.0}};
    s.team = mode;
    return s;
}

// The corner level with a closed room east of it (x 21-23, y 1-3) behind a wall two tiles thick.
levels::GridLevel corner_with_closed_room() {
    std::string text;
    int row = -1;
    for (const std::string& line : split(std::string(levels::default_level_text()), '\n')) {
        const bool map_row = !line.empty() && line[0] == '#';
        row += map_row ? 1 : 0;
        text += line + (!map_row ? "" : row >= 1 && row <= 3 ? "...#" : "####") + "\n";
    }
    return levels::parse_ascii_level(text, "corner_with_closed_room");
}

// Independent: a teammate shut in a room of its own never sees the player nor meets NPC 0, so NPC 0 runs
// exactly the pursuit it runs alone.
TEST(Team, AMateOutOfTheWayLeavesNpc0ExactlyAsAlone) {
    const Level lv(corner_with_closed_room());
    const PursuitConfig config = test::corner_config(Strategy::flood);
    const PursuitScenario alone = test::corner_scenario();
    PursuitScenario team = alone;
    team.team = TeamMode::independent;
    team.teammates = {NpcStart{{22.5, 2.5}, std::nullopt, 0.0}};
    ASSERT_TRUE(team.validate(lv.space).empty());
    const PursuitResult a = run_pursuit(lv.space, alone, config);
    const PursuitResult t = run_pursuit(lv.space, team, config);
    ASSERT_EQ(t.npcs, 2);
    const std::size_t frames = std::min(a.frames.size(), t.frames.size());
    ASSERT_GT(frames, 60u);
    for (std::size_t k = 0; k < frames; ++k) {
        ASSERT_EQ(npc_at(t, k, 0).position, a.frames[k].npc) << "frame " << k;
        ASSERT_EQ(npc_at(t, k, 0).velocity, a.frames[k].npc_velocity) << "frame " << k;
        ASSERT_EQ(npc_at(t, k, 0).state, a.frames[k].state) << "frame " << k;
        ASSERT_EQ(t.frames[k].npc, a.frames[k].npc) << "frame " << k;
    }
    const std::vector<PursuitEvent> mine = events_of(t, 0);
    ASSERT_FALSE(mine.empty());
    for (std::size_t i = 0; i < std::min(mine.size(), a.events.size()); ++i) {
        EXPECT_EQ(mine[i].kind, a.events[i].kind);
        EXPECT_EQ(mine[i].t, a.events[i].t);
        EXPECT_EQ(mine[i].position, a.events[i].position);
    }
}

TEST(Team, OneNpcIsTheSameInEveryMode) {
    const Level lv("corner");
    const PursuitConfig config = test::corner_config(Strategy::flood);
    PursuitScenario s = test::corner_scenario();
    const PursuitResult base = run_pursuit(lv.space, s, config);
    for (const TeamMode mode : {TeamMode::independent, TeamMode::shared}) {
        s.team = mode;
        const PursuitResult r = run_pursuit(lv.space, s, config);
        ASSERT_EQ(r.frames.size(), base.frames.size());
        EXPECT_TRUE(r.team_frames.empty());
        EXPECT_EQ(r.frames.back().npc, base.frames.back().npc);
        EXPECT_EQ(r.outcome, base.outcome);
        EXPECT_EQ(r.occupancy, base.occupancy);
    }
}

// The two NPCs' first events on the equal T junction (lost_sight, then chase), and the flood `kinema chase`
// runs from NPC 0's lost_sight position and direction.
struct JunctionChase {
    PursuitResult run;
    std::vector<PursuitEvent> a, b;
};

JunctionChase first_chases(const Level& lv, const PursuitConfig& config, TeamMode mode, chase::Flood& flood) {
    JunctionChase c;
    c.run = run_pursuit(lv.space, junction_team(mode), config);
    c.a = events_of(c.run, 0);
    c.b = events_of(c.run, 1);
    EXPECT_GE(c.a.size(), 2u);
    EXPECT_GE(c.b.size(), 2u);
    if (c.a.size() < 2 || c.b.size() < 2) {
        return c;
    }
    EXPECT_EQ(c.a[0].kind, EventKind::lost_sight);
    EXPECT_EQ(c.b[0].kind, EventKind::lost_sight);
    EXPECT_EQ(c.a[1].kind, EventKind::chase);
    EXPECT_EQ(c.b[1].kind, EventKind::chase);
    EXPECT_EQ(c.a[1].t, c.b[1].t);
    chase::ChaseQuery q;
    q.position = {c.a[0].position.x, c.a[0].position.y, 0.0};
    q.direction = {c.a[0].direction.x, c.a[0].direction.y, 0.0};
    (void)chase::run_chase(lv.space, flood, q);
    return c;
}

// Shared: both NPCs lose the player in the same frame at the same last seen position, and both run to the
// one destination `kinema chase` gives for that position and direction.
TEST(Team, SharedNpcsLoseThePlayerTogetherAndRunToTheFloodsDestination) {
    const Level lv("t_junction_equal");
    const PursuitConfig config = test::config_for(Strategy::flood, "t_junction_equal");
    chase::Flood flood(config.flood);
    const JunctionChase c = first_chases(lv, config, TeamMode::shared, flood);
    ASSERT_GE(c.a.size(), 2u);
    ASSERT_GE(c.b.size(), 2u);
    EXPECT_EQ(c.a[0].position, c.b[0].position);
    const Vec3 want = flood.result().destination;
    EXPECT_EQ(c.a[1].position, (Vec2{want.x, want.y}));
    EXPECT_EQ(c.b[1].position, c.a[1].position);
    EXPECT_EQ(c.a[1].position, (Vec2{7.5, 2.5}));  // the west branch's middle: the player ran west
}

// Split: the two destinations are the two regions of the same flood split in two (`kinema chase
// --destinations 2`), and the NPCs take them by the least total path length.
TEST(Team, SplitSendsEachNpcToItsRegionByLeastTotalPath) {
    const Level lv("t_junction_equal");
    const PursuitConfig config = test::config_for(Strategy::flood, "t_junction_equal");
    chase::Flood flood(config.flood);
    const JunctionChase c = first_chases(lv, config, TeamMode::split, flood);
    const PursuitResult& r = c.run;
    ASSERT_GE(c.a.size(), 2u);
    ASSERT_GE(c.b.size(), 2u);
    const std::vector<PursuitEvent>& a = c.a;
    const std::vector<PursuitEvent>& b = c.b;
    const chase::SplitDestinations split = chase::split_destinations(flood, 2);
    ASSERT_EQ(split.regions.size(), 2u);
    const Vec2 d0{split.regions[0].destination.x, split.regions[0].destination.y};
    const Vec2 d1{split.regions[1].destination.x, split.regions[1].destination.y};
    EXPECT_NE(a[1].position, b[1].position);
    EXPECT_TRUE((a[1].position == d0 && b[1].position == d1) || (a[1].position == d1 && b[1].position == d0));
    // By hand from the run: (4.5, 2.5) and (12.5, 2.5), both in the west branch the player ran into.
    EXPECT_EQ(std::min(a[1].position.x, b[1].position.x), 4.5);
    EXPECT_EQ(std::max(a[1].position.x, b[1].position.x), 12.5);
    // The assignment's total path is no longer than the swapped one's, from where the NPCs stood.
    ChasePursuitSpace space(lv.space);
    const std::size_t k = static_cast<std::size_t>(std::lround(a[1].t * config.settings.hz));
    const auto path = [&](std::size_t npc, Vec2 to) {
        std::vector<Vec3> corners;
        const Vec2 from = npc_at(r, k, npc).position;
        EXPECT_TRUE(space.plan({from.x, from.y, 0.0}, {to.x, to.y, 0.0}, corners));
        double total = 0.0;
        Vec3 at{from.x, from.y, 0.0};
        for (const Vec3& corner : corners) {
            total += length(corner - at);
            at = corner;
        }
        return total;
    };
    EXPECT_LE(path(0, a[1].position) + path(1, b[1].position),
              path(0, b[1].position) + path(1, a[1].position));
}

// Intercept's split: where it takes the flood's destination (intercept_straight_cells 0: always), a split
// team divides the flood's heat as the flood's own split does, so the NPCs run to the same two cells as in
// the test above, (4.5, 2.5) and (12.5, 2.5); straight on (1 cell: any line), both share dead reckoning's
// destination, the west branch's last cell (1.5, 2.5), as the player ran west.
TEST(Team, InterceptSplitsTheFloodsHeatOnlyWhereItTakesTheFloodsDestination) {
    const Level lv("t_junction_equal");
    PursuitConfig config = test::config_for(Strategy::intercept, "t_junction_equal");
    config.intercept.intercept_straight_cells = 0.0;
    chase::Flood flood(config.flood);
    const JunctionChase c = first_chases(lv, config, TeamMode::split, flood);
    ASSERT_GE(c.a.size(), 2u);
    ASSERT_GE(c.b.size(), 2u);
    EXPECT_EQ(std::min(c.a[1].position.x, c.b[1].position.x), 4.5);
    EXPECT_EQ(std::max(c.a[1].position.x, c.b[1].position.x), 12.5);
    config.intercept.intercept_straight_cells = 1.0;
    const JunctionChase straight = first_chases(lv, config, TeamMode::split, flood);
    ASSERT_GE(straight.a.size(), 2u);
    ASSERT_GE(straight.b.size(), 2u);
    EXPECT_EQ(straight.a[0].direction, (Vec2{-1.0, 0.0}));
    EXPECT_EQ(straight.a[1].position, (Vec2{1.5, 2.5}));
    EXPECT_EQ(straight.b[1].position, (Vec2{1.5, 2.5}));
}

// Every NPC of a team of four on walkable space and at least npc_separation from the others, every frame,
// in every mode; the run meets NPCs close together (so the separation is exercised).
TEST(Team, NpcsNeverOverlapAndNeverLeaveTheWalkableSpace) {
    const Level lv("warehouse_loop");
    ChasePursuitSpace space(lv.space);
    PursuitConfig config = test::config_for(Strategy::flood, "warehouse_loop");
    config.settings.max_time = 40.0;
    config.settings.search_time = 20.0;
    PursuitScenario s;
    s.route = {{5.5, 4.5}, {9.5, 2.5}, {27.5, 2.5}, {27.5, 7.5}, {12.5, 7.5}};
    s.npc = {2.5, 4.5};
    s.teammates = {NpcStart{{2.5, 5.5}, std::nullopt, 0.0}, NpcStart{{3.5, 6.5}, std::nullopt, 0.0},
                   NpcStart{{1.5, 2.5}, std::nullopt, 0.0}};
    for (const TeamMode mode : {TeamMode::independent, TeamMode::shared, TeamMode::split}) {
        SCOPED_TRACE(std::string(to_string(mode)));
        s.team = mode;
        const PursuitResult r = run_pursuit(lv.space, s, config);
        ASSERT_EQ(r.team_frames.size(), 4 * r.frames.size());
        double closest = 1e9;
        for (std::size_t k = 0; k < r.frames.size(); ++k) {
            for (std::size_t i = 0; i < 4; ++i) {
                const Vec2 p = npc_at(r, k, i).position;
                ASSERT_TRUE(space.walkable({p.x, p.y, 0.0})) << "frame " << k << " NPC " << i;
                for (std::size_t j = 0; j < i; ++j) {
                    const double d = length(p - npc_at(r, k, j).position);
                    ASSERT_GE(d, npc_separation) << "frame " << k << " NPCs " << j << ", " << i;
                    closest = std::min(closest, d);
                }
            }
        }
        EXPECT_LT(closest, 1.0);
    }
}

// Whether any NPC of a team run saw the player with its own eyes at frame k.
bool any_sees(const PursuitResult& r, std::size_t k) {
    for (std::size_t i = 0; i < static_cast<std::size_t>(r.npcs); ++i) {
        if (npc_at(r, k, i).sees_player) {
            return true;
        }
    }
    return false;
}

// In every mode the team loses the player when no NPC sees them and re-acquires them when one does again:
// the outcome and the time to re-acquire agree with the NPCs' own sight, frame by frame. An independent NPC
// that loses sight while a teammate still sees the player loses nothing for the team (the case occurs here).
TEST(Team, TheTeamLosesThePlayerOnlyWhenNoNpcSeesThem) {
    const Level lv("warehouse_loop");
    PursuitConfig config = test::config_for(Strategy::flood, "warehouse_loop");
    config.settings.max_time = 40.0;
    config.settings.search_time = 15.0;
    BatchSettings batch = test::small_batch(1);
    batch.npcs = 3;
    int early_losses = 0;  // independent runs where an NPC lost sight before the team did
    int reacquired = 0;
    for (int i = 0; i < 10; ++i) {
        std::optional<PursuitScenario> s = batch_scenario(lv.space, config, batch, i);
        ASSERT_TRUE(s.has_value());
        for (const TeamMode mode : {TeamMode::independent, TeamMode::shared, TeamMode::split}) {
            SCOPED_TRACE(std::string(to_string(mode)) + ", scenario " + std::to_string(i));
            s->team = mode;
            const PursuitResult r = run_pursuit(lv.space, *s, config);
            ASSERT_EQ(r.npcs, 3);
            std::size_t lost = 1;  // frame 0 is the start, before any step
            while (lost < r.frames.size() && any_sees(r, lost)) {
                ++lost;
            }
            if (lost == r.frames.size()) {
                EXPECT_EQ(r.outcome, Outcome::never_lost);
                continue;
            }
            early_losses += std::any_of(r.events.begin(), r.events.end(), [&](const PursuitEvent& e) {
                return e.kind == EventKind::lost_sight && e.t < r.frames[lost].t - 1e-9;
            });
            std::size_t back = lost + 1;
            while (back < r.frames.size() && !any_sees(r, back)) {
                ++back;
            }
            if (back == r.frames.size()) {
                EXPECT_TRUE(r.outcome == Outcome::gave_up || r.outcome == Outcome::timeout);
                EXPECT_EQ(r.time_to_reacquire, -1.0);
                continue;
            }
            ++reacquired;
            EXPECT_EQ(r.outcome, Outcome::reacquired);
            EXPECT_NEAR(r.time_to_reacquire, r.frames[back].t - r.frames[lost].t, 1e-9);
            EXPECT_EQ(back + 1, r.frames.size());  // the run ends when the team re-acquires the player
        }
    }
    EXPECT_GT(early_losses, 0);
    EXPECT_GT(reacquired, 0);
}

// The search's coverage: NPC-seconds are the frames in the search state over hz, summed over the NPCs, and
// the cells searched lie within view range of where the searchers stood.
TEST(Team, SearchCoverageCountsTheSearchersFramesAndTheCellsInTheirView) {
    const Level lv("t_junction_equal");
    PursuitConfig config = test::config_for(Strategy::flood, "t_junction_equal");
    config.settings.view_range = 3.0;  // the README's team: the player sprints out of sight up the stem
    config.settings.player_speed = 7.5;
    PursuitScenario s = junction_team(TeamMode::split);
    s.route.back() = {1.5, 2.5};
    for (const TeamMode mode : {TeamMode::independent, TeamMode::shared, TeamMode::split}) {
        SCOPED_TRACE(std::string(to_string(mode)));
        s.team = mode;
        const PursuitResult r = run_pursuit(lv.space, s, config);
        int frames = 0;
        std::vector<Vec2> searching;
        for (std::size_t k = 1; k < r.frames.size(); ++k) {
            for (std::size_t i = 0; i < 2; ++i) {
                if (npc_at(r, k, i).state == NpcState::search) {
                    ++frames;
                    searching.push_back(npc_at(r, k, i).position);
                }
            }
        }
        ASSERT_GT(frames, 0);
        EXPECT_EQ(r.search_npc_seconds, frames / config.settings.hz);
        std::size_t in_view = 0;
        const chase::CellSpace& cells = lv.space.cells();
        for (chase::CellId c = 0; c < cells.size(); ++c) {
            in_view += std::any_of(searching.begin(), searching.end(), [&](Vec2 p) {
                return length(cells.planar_position(c) - p) <= config.settings.view_range + 1.0;
            });
        }
        EXPECT_GT(r.searched_cells, 0u);
        EXPECT_LE(r.searched_cells, in_view);
    }
}

// The runtime team in a game that moves its NPCs straight onto their goals: while two split searchers
// search, their goals always differ; in shared mode each searches its own map and the goals may meet.
TEST(Team, SplitSearchersNeverHeadForTheSameCell) {
    const Level lv("warehouse_loop");
    ChasePursuitSpace space(lv.space);
    PursuerSettings settings;
    settings.reasoning.search_time = 10.0;
    PursuerTeam team(space, 2, TeamMode::split, settings, PursuitConfig::default_flood());
    std::vector<PursuerInput> in(2);
    in[0].npc_position = {2.5, 4.5, 0.0};
    in[1].npc_position = {3.5, 6.5, 0.0};
    for (PursuerInput& i : in) {
        i.npc_facing = {1.0, 0.0, 0.0};
        i.player_position = {16.5, 2.5, 0.0};
        i.player_velocity = {1.0, 0.0, 0.0};
    }
    int both_searching = 0;
    for (int frame = 0; frame < 600; ++frame) {
        team.update(in);
        for (std::size_t i = 0; i < 2; ++i) {
            const PursuerOutput& out = team.npc(static_cast<int>(i)).output();
            in[i].arrived = in[i].npc_position == out.goal;
            in[i].npc_position = out.goal;  // the game's agent reaches its goal within the frame
            in[i].dt = 1.0 / 60.0;
        }
        const PursuerOutput& a = team.npc(0).output();
        const PursuerOutput& b = team.npc(1).output();
        if (a.state == NpcState::search && b.state == NpcState::search) {
            ++both_searching;
            ASSERT_NE(a.goal, b.goal) << "frame " << frame;
        }
    }
    EXPECT_GT(both_searching, 300);
}

// A batch's team: NPC 0 where one NPC would start, the others on the nearest cells that see the player and
// keep apart; every strategy with every team mode, the same result at 1 and 2 threads; one NPC's batch has
// no team fields.
TEST(Team, BatchTeamsAreDrawnNearTheFirstNpcAndRunEveryMode) {
    const Level lv("warehouse_loop");
    PursuitConfig config = test::config_for(Strategy::flood, "warehouse_loop");
    config.settings.max_time = 20.0;
    config.settings.search_time = 5.0;
    BatchSettings settings;
    settings.scenarios = 6;
    settings.min_route = 10.0;
    const std::optional<PursuitScenario> alone = batch_scenario(lv.space, config, settings, 2);
    settings.npcs = 4;
    const std::optional<PursuitScenario> team = batch_scenario(lv.space, config, settings, 2);
    ASSERT_TRUE(alone && team);
    EXPECT_EQ(team->npc, alone->npc);  // the same draw: every teammate fitted
    EXPECT_EQ(team->route, alone->route);
    ASSERT_EQ(team->npcs(), 4);
    EXPECT_TRUE(team->validate(lv.space).empty());
    for (const NpcStart& mate : team->teammates) {
        // Within two rings of NPC 0's cell (the breadth-first search's first cells that fit).
        EXPECT_LE(std::max(std::abs(mate.position.x - team->npc.x), std::abs(mate.position.y - team->npc.y)),
                  2.0);
    }
    settings.threads = 1;
    const BatchResult one = run_batch(lv.space, config, settings);
    settings.threads = 2;
    const BatchResult two = run_batch(lv.space, config, settings);
    EXPECT_EQ(report::batch_json(one), report::batch_json(two));
    ASSERT_EQ(one.runs.size(), static_cast<std::size_t>(one.scenarios) * 3 * std::size(all_strategies));
    ASSERT_EQ(one.summaries.size(), 3 * std::size(all_strategies));
    EXPECT_EQ(one.summaries[2].strategy, Strategy::flood);
    EXPECT_EQ(one.summaries[2].team, TeamMode::split);
    EXPECT_EQ(one.runs[1].team, TeamMode::shared);
    EXPECT_EQ(one.runs[1].npcs, 4);
    // Shards' runs in any order merge to the same result.
    std::vector<BatchRun> reversed(one.runs.rbegin(), one.runs.rend());
    EXPECT_EQ(report::batch_json(batch_result_from_runs(reversed)), report::batch_json(one));
    settings.npcs = 1;
    EXPECT_EQ(report::batch_json(run_batch(lv.space, config, settings)).find("\"team\""), std::string::npos);
}

TEST(Team, TheModesAreNamedInTheirOrder) {
    EXPECT_EQ(std::vector<std::string_view>(team_mode_names().begin(), team_mode_names().end()),
              (std::vector<std::string_view>{"independent", "shared", "split"}));
    for (const std::string_view name : team_mode_names()) {
        EXPECT_EQ(to_string(parse_team_mode(name).value()), name);
    }
}

// team_scenario_text: the lists' first start and facing are NPC 0's, the rest its team's, in order.
TEST(Team, ListsOfNpcsAreNpc0ThenItsTeam) {
    const ScenarioText one = team_scenario_text("1,1;2,2", {"3,3"}, {}, {"1,2,2"}, "");
    EXPECT_EQ(one.route, "1,1;2,2");
    EXPECT_EQ(one.npc, "3,3");
    EXPECT_EQ(one.npc_dir, "");
    EXPECT_TRUE(one.teammates.empty());
    EXPECT_TRUE(one.teammate_dirs.empty());
    EXPECT_EQ(one.stimuli, (std::vector<std::string>{"1,2,2"}));
    EXPECT_EQ(one.team, "");
    const ScenarioText three = team_scenario_text("r", {"a", "b", "c"}, {"da", "db", "dc"}, {}, "shared");
    EXPECT_EQ(three.npc, "a");
    EXPECT_EQ(three.npc_dir, "da");
    EXPECT_EQ(three.teammates, (std::vector<std::string>{"b", "c"}));
    EXPECT_EQ(three.teammate_dirs, (std::vector<std::string>{"db", "dc"}));
    EXPECT_EQ(three.team, "shared");
    const ScenarioText none = team_scenario_text("r", {}, {}, {}, "");
    EXPECT_EQ(none.npc, "");
    EXPECT_TRUE(none.teammates.empty());
}

TEST(Team, BadTeamsAreRefusedNamingTheField) {
    const Level lv("warehouse_loop");
    PursuitScenario s;
    s.route = {{5.5, 4.5}, {9.5, 2.5}};
    s.npc = {2.5, 4.5};
    s.teammates = {NpcStart{{2.7, 4.5}, std::nullopt, 0.0}};
    FieldErrors e = s.validate(lv.space);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].field, "npc");
    EXPECT_EQ(e[0].message, "NPC 2 starts closer than 0.5 level units to NPC 1");
    s.teammates = {NpcStart{{0.5, 0.5}, std::nullopt, 0.0}};
    e = s.validate(lv.space);
    ASSERT_EQ(e.size(), 1u);
    EXPECT_EQ(e[0].message, "NPC 2 (0.5,0.5) is not on walkable space");
    s.teammates.assign(16, NpcStart{{2.5, 4.5}, std::nullopt, 0.0});
    e = s.validate(lv.space);
    ASSERT_FALSE(e.empty());
    EXPECT_EQ(e[0].message, "at most 16 NPCs, got 17");

    const auto parse_error = [](const ScenarioText& text) {
        try {
            (void)parse_scenario(text, 2);
        } catch (const SettingsError& error) {
            return error.errors().at(0).field + ": " + error.errors().at(0).message;
        }
        return std::string("no error");
    };
    ScenarioText text{"1.5,1.5;3.5,1.5", "1.5,2.5", "1,0", {}};
    text.teammates = {"2.5,2.5", "3.5,2.5"};
    text.teammate_dirs = {"1,0"};
    EXPECT_EQ(parse_error(text), "npc_direction: 2 given for 3 NPCs (one per NPC, in order, or none)");
    text.teammate_dirs = {"1,0", "0,1"};
    text.team = "crowd";
    EXPECT_EQ(parse_error(text), "team: expected independent, shared or split, got 'crowd'");
    text.team = "independent";
    EXPECT_EQ(parse_scenario(text, 2).team, TeamMode::independent);
    EXPECT_EQ(parse_scenario(text, 2).teammates.at(1).direction, (Vec2{0.0, 1.0}));

    ChasePursuitSpace space(lv.space);
    EXPECT_THROW(PursuerTeam(space, 17, TeamMode::split, PursuerSettings{}, chase::FloodSettings{}),
                 SettingsError);
    PursuerTeam team(space, 2, TeamMode::split, PursuerSettings{}, chase::FloodSettings{});
    std::vector<PursuerInput> one(1);
    EXPECT_THROW(team.update(one), SettingsError);
}

}  // namespace
}  // namespace kinema::pursuit
